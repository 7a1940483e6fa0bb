/**
 * Child process of bench/startup.ts (plain node, no tsx, so nothing but pi is preloaded). Imports pi's
 * own modules as `pi` does before it loads extensions, then measures one of:
 *   total  pi's extension loader (jiti) loading this package: import + factory, as in `pi -e`
 *   parts  each bare import of dist/index.js on its own, then the package's own code, then the factory
 * and prints the milliseconds as one JSON line. Usage: node bench/startup-probe.mjs total|parts [package dir]
 * (default: this checkout; bench/startup.ts passes a private copy, see bench/lib/snapshot.ts).
 */
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = process.argv[3] ?? join(dirname(fileURLToPath(import.meta.url)), "..");
const ENTRY = join(ROOT, "dist/index.js");
const piIndex = import.meta.resolve("@mariozechner/pi-coding-agent");
const loaderUrl = new URL("./core/extensions/loader.js", piIndex).href;

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/**
 * The packages dist/index.js loads at startup (node built-ins left out), in order of first appearance:
 * its static imports, following static imports of its own chunks; lazy `import()`s are not startup cost.
 */
function bareImports(file = ENTRY, seen = new Set()) {
	seen.add(file);
	const builtins = new Set(builtinModules);
	const found = [];
	for (const [, spec] of readFileSync(file, "utf8").matchAll(/^import\s[^"'()]*?["']([^"']+)["'];?$/gm)) {
		if (spec.startsWith(".")) {
			const chunk = join(dirname(file), spec);
			if (!seen.has(chunk)) found.push(...bareImports(chunk, seen));
		} else if (!spec.startsWith("node:") && !builtins.has(spec)) found.push(spec);
	}
	return [...new Set(found)];
}

await import(piIndex);
const loader = await import(loaderUrl);
const { createEventBus } = await import(piIndex);

const mode = process.argv[2];
const result = {};
if (mode === "total") {
	const start = process.hrtime.bigint();
	const loaded = await loader.loadExtensions([ROOT], ROOT);
	result.total = ms(start);
	if (loaded.errors.length > 0) throw new Error(JSON.stringify(loaded.errors));
} else {
	for (const spec of bareImports()) {
		const start = process.hrtime.bigint();
		await import(spec);
		result[`import ${spec}`] = ms(start);
	}
	// For comparison: the TypeBox copy pi itself already loaded (what pi's jiti aliases map TypeBox imports to).
	let start = process.hrtime.bigint();
	await import("typebox");
	result["(comparison) import typebox: the copy pi already loaded"] = ms(start);
	start = process.hrtime.bigint();
	const module = await import(pathToFileURL(ENTRY).href);
	result["the package's own code (dist/index.js)"] = ms(start);
	start = process.hrtime.bigint();
	await loader.loadExtensionFromFactory(module.default, ROOT, createEventBus(), loader.createExtensionRuntime(), ROOT);
	result["factory (registers tool, command, flag, handlers)"] = ms(start);
}
process.stdout.write(`${JSON.stringify(result)}\n`);
