import { writeFileSync } from "node:fs";
import { defineConfig } from "tsup";

export default defineConfig({
	entry: ["src/index.ts"],
	format: ["esm"],
	dts: true,
	clean: true,
	target: "node20",
	// The dialog, RPC mode and the remote bridge (with ws) load in their own chunks, when first needed.
	splitting: true,
	// pi hands extensions its own copies of these; never bundle them.
	external: [
		"@mariozechner/pi-coding-agent",
		"@mariozechner/pi-tui",
		"@mariozechner/pi-ai",
		"@sinclair/typebox",
		"typebox",
		"ws",
	],
	async onSuccess() {
		// pi loads extensions through jiti. For a `.js` file under `"type": "module"` jiti tries a native import
		// first, which bypasses pi's import aliases: TypeBox and pi's packages would then load a second time from
		// this package's node_modules (~150 ms, and separate module instances). A package.json without "type"
		// here makes jiti compile dist/ itself (cached on disk), so the aliases apply. Node still loads the files
		// as ESM when imported directly (module syntax detection, Node ≥ 20.19).
		writeFileSync("dist/package.json", `${JSON.stringify({ "//": "see tsup.config.ts" }, null, 2)}\n`);
	},
});
