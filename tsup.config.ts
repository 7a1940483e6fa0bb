import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { defineConfig } from "tsup";
import { startPathInOneChunk } from "./scripts/start-path-chunk.js";
import { schemaDocuments } from "./src/contract/schemas.js";

export default defineConfig([
	{
		entry: ["src/index.ts"],
		format: ["esm"],
		// Apps read the app build's declarations (below); pi reads no declarations.
		dts: false,
		// The app build, the web command's files (below) are built alongside; cleaning must not remove them mid-build.
		clean: ["!cli.mjs", "!web/**", "!app/**", "!mcp/**"],
		target: "node20",
		// The dialog, RPC mode and the remote bridge (with ws) load in their own chunks, when first needed; what a start
		// loads is one shared chunk (see scripts/start-path-chunk.ts).
		splitting: true,
		esbuildPlugins: [startPathInOneChunk("src/index.ts")],
		// pi 1.x's jiti hashes, reads and compiles every byte a start imports, at every start: short local names and
		// simpler syntax take the start chunk from 248 to 182 KB and its import from 24.8 to 23.0 ms CPU (median of 20
		// alternated runs). Whitespace and the `// src/…` lines stay, so a line in a stack trace still reads as code.
		esbuildOptions(options) {
			options.minifyIdentifiers = true;
			options.minifySyntax = true;
		},
		// pi hands extensions its own copies of these; never bundle them.
		external: [
			"@mariozechner/pi-coding-agent",
			"@mariozechner/pi-tui",
			"@mariozechner/pi-ai",
			"@sinclair/typebox",
			"typebox",
			"ws",
		],
		// The entry loads pi's modules under whichever name pi answers to (src/host/pi-modules.ts).
		async onSuccess() {
			// pi loads extensions through jiti. For a `.js` file under `"type": "module"` jiti tries a native import
			// first, which bypasses pi's import aliases: TypeBox and pi's packages would then load a second time from
			// this package's node_modules (~150 ms, and separate module instances). A package.json without "type"
			// here makes jiti compile dist/ itself (cached on disk), so the aliases apply. Node still loads the files
			// as ESM when imported directly (module syntax detection, Node ≥ 20.19).
			writeFileSync("dist/package.json", `${JSON.stringify({ "//": "see tsup.config.ts" }, null, 2)}\n`);
			// The contract's JSON Schemas, generated from the same TypeBox definitions as the exported types.
			mkdirSync("dist/schemas", { recursive: true });
			for (const [file, document] of Object.entries(schemaDocuments())) {
				writeFileSync(`dist/schemas/${file}`, `${JSON.stringify(document, null, 2)}\n`);
			}
		},
	},
	// The same entry for apps that import the package (`import askUser from "pi-ask-anywhere"`): `.mjs`, so that
	// Node loads it as ESM without the MODULE_TYPELESS_PACKAGE_JSON warning dist/package.json would cause.
	// Its declarations are `.d.mts` beside it, so that TypeScript's node16 resolution reads them as ESM (a `.d.ts` under
	// dist/package.json, which has no "type", would read as CommonJS), and they name no pi package (src/app.ts).
	{
		entry: { index: "src/app.ts" },
		outDir: "dist/app",
		format: ["esm"],
		dts: true,
		outExtension: () => ({ js: ".mjs", dts: ".d.mts" }),
		clean: true,
		target: "node20",
		platform: "node",
		splitting: true,
		external: ["@mariozechner/pi-coding-agent", "@mariozechner/pi-tui", "@mariozechner/pi-ai", "typebox", "ws"],
	},
	// `pi-ask-anywhere web`: the bin, as .mjs so that Node loads it as ESM without a "type" (see above).
	{
		entry: { cli: "src/web/cli.ts" },
		format: ["esm"],
		outExtension: () => ({ js: ".mjs" }),
		target: "node20",
		platform: "node",
		external: ["ws", "qrcode-terminal"],
	},
	// The `pi-ask-anywhere` bin: loads `mcp`'s small entry or the web command's bin, nothing else (an MCP client waits
	// for the handshake; see src/mcp/bin.ts).
	{
		entry: { bin: "src/mcp/bin.ts" },
		format: ["esm"],
		outExtension: () => ({ js: ".mjs" }),
		target: "node20",
		platform: "node",
	},
	// `pi-ask-anywhere mcp`: its own file, which the bin imports only for that command (the MCP SDK is loaded by nothing else).
	{
		entry: { "mcp/main": "src/mcp/main.ts", "mcp/serve": "src/mcp/serve.ts" },
		format: ["esm"],
		outExtension: () => ({ js: ".mjs" }),
		target: "node20",
		platform: "node",
		external: ["ws", "@modelcontextprotocol/sdk"],
	},
	// The page's script, for browsers, with its HTML and CSS next to it: every asset is served by the package.
	{
		entry: { "web/app": "src/web/page/app.ts" },
		format: ["iife"],
		outExtension: () => ({ js: ".js" }),
		platform: "browser",
		target: "es2020",
		minify: true,
		async onSuccess() {
			copyFileSync("src/web/page/index.html", "dist/web/index.html");
			copyFileSync("src/web/page/app.css", "dist/web/app.css");
		},
	},
]);
