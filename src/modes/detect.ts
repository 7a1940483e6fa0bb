/** Which front end pi is running: the answer decides how a question reaches the person. */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";

export type UiMode = "tui" | "rpc" | "print" | "json";

export function detectMode(ctx: ExtensionContext, argv: readonly string[] = process.argv): UiMode {
	// Newer pi (the @earendil-works successor) says it directly.
	const declared = (ctx as { mode?: unknown }).mode;
	if (declared === "tui" || declared === "rpc" || declared === "print" || declared === "json") return declared;
	if (ctx.hasUI) {
		// pi 0.73.1: the RPC UI has no themes, the TUI always has some.
		return ctx.ui.getAllThemes().length > 0 ? "tui" : "rpc";
	}
	const modeFlag = argv.indexOf("--mode");
	const mode = modeFlag >= 0 ? argv[modeFlag + 1] : argv.find((a) => a.startsWith("--mode="))?.slice(7);
	return mode === "json" ? "json" : "print";
}
