import { defineConfig } from "tsup";

export default defineConfig({
	entry: ["src/index.ts"],
	format: ["esm"],
	dts: true,
	clean: true,
	target: "node20",
	// The remote bridge (and ws) load in their own chunk, only when remote answering is configured.
	splitting: true,
	// pi hands extensions its own copies of these; never bundle them.
	external: ["@mariozechner/pi-coding-agent", "@mariozechner/pi-tui", "@mariozechner/pi-ai", "@sinclair/typebox", "typebox", "ws"],
});
