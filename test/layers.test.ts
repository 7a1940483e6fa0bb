/**
 * The import graph of `src/`: each folder imports only the folders its row below allows, and no file reaches itself
 * through a chain of imports. The rows say what the code does, so a new arrow between folders is a decision made in
 * this table rather than a side effect of one import: the core stays pure, the dialog knows nothing of the run around
 * it, and the separate `pi-ask-anywhere` program (web/, mcp/) never loads the extension's run wiring.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

/**
 * The entry files at `src/` itself: the extension (index.ts), the part of it that asks (asking.ts, which index.ts
 * builds on first need) and its entry for apps (app.ts).
 */
const ENTRY = "(entry)";

/** The folders each folder may import (its own is always allowed); `*` any but those named in `never`. */
const ALLOWED: Record<string, readonly string[]> = {
	// The pure core: schema, normalisation, validation, answers, results. No I/O, no pi, no words tables of others.
	core: [],
	contract: ["core"],
	i18n: ["core"],
	net: [],
	host: ["core", "i18n"],
	ask: ["core", "host"],
	session: ["ask", "core", "host"],
	// The dialog is a function of its state: it never knows which run, mode or record it serves.
	ui: ["core", "contract", "host", "i18n"],
	tool: ["core", "host", "i18n"],
	pending: ["ask", "core", "host", "i18n", "session"],
	records: ["ask", "core", "host", "i18n", "pending", "session"],
	// Both sides of the wire protocol; what an ask means to the person is the caller's.
	remote: ["core", "net"],
	modes: ["ask", "contract", "core", "host", "i18n", "pending", "ui"],
	lifecycle: ["ask", "core", "host", "i18n", "modes", "pending", "records", "remote", "session", "tool"],
	children: ["core", "host", "i18n", "modes", "net", "remote", "session", "tool"],
	commands: ["ask", "core", "host", "i18n", "lifecycle", "modes", "pending", "records"],
	push: ["ask", "core", "host", "i18n", "net", "pending", "records", "remote"],
	// The separate program: it reads the person's records and speaks the protocol, never the extension's run.
	mcp: ["ask", "core", "host", "i18n", "net", "pending", "push", "records", "remote"],
	web: ["ask", "core", "host", "i18n", "mcp", "net", "pending", "push", "records", "remote"],
	[ENTRY]: [
		"ask",
		"children",
		"commands",
		"contract",
		"core",
		"host",
		"i18n",
		"lifecycle",
		"modes",
		"pending",
		"push",
		"records",
		"remote",
		"session",
		"tool",
	],
};

/**
 * Cycles known and being taken apart elsewhere, as `a.ts -> b.ts -> a.ts` (paths under src/). Each entry is a debt:
 * the test fails once the cycle is gone too, so that the entry goes with it.
 */
const KNOWN_CYCLES: readonly string[] = [];

/** Every import specifier of a file: `import … from`, `export … from`, side-effect `import "…"` and `import("…")`. */
const IMPORT = /(?:^|[^\w.])(?:import|export)\s*(?:[^;"'`]*?\sfrom\s*|\(\s*)?["']([^"']+)["']/gm;

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
	});
}

/** The relative imports of one source text, resolved to paths under src/ (`.js` specifiers name `.ts` files). */
function importsOf(file: string, text: string): string[] {
	return [...text.matchAll(IMPORT)]
		.map((match) => match[1] ?? "")
		.filter((specifier) => specifier.startsWith("."))
		.map((specifier) => relative(SRC, resolve(dirname(join(SRC, file)), specifier)).replace(/\.js$/, ".ts"));
}

function folderOf(file: string): string {
	const parts = file.split(sep);
	return parts.length === 1 ? ENTRY : (parts[0] ?? ENTRY);
}

/** The imports that cross into a folder their folder's row does not allow, as `from -> to`. */
function forbiddenImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
	const found: string[] = [];
	for (const [file, edges] of graph) {
		const from = folderOf(file);
		const allowed = ALLOWED[from];
		for (const target of edges) {
			const to = folderOf(target);
			if (to !== from && !allowed?.includes(to)) found.push(`${file} -> ${target}`);
		}
	}
	return found.sort();
}

/**
 * The cycles among files, each as `a -> b -> a` starting from its smallest path, so the list is the same on every
 * run. Every import counts: a type-only or lazy import still ties the two files' meaning together, and a cycle
 * through one turns into a load-order hang the day it carries a value.
 */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
	const cycles = new Set<string>();
	const done = new Set<string>();
	const onPath: string[] = [];
	const visit = (file: string): void => {
		onPath.push(file);
		for (const to of graph.get(file) ?? []) {
			const at = onPath.indexOf(to);
			if (at >= 0) {
				const loop = onPath.slice(at);
				const start = loop.indexOf([...loop].sort()[0] ?? to);
				const rotated = [...loop.slice(start), ...loop.slice(0, start)];
				cycles.add([...rotated, rotated[0]].join(" -> "));
			} else if (!done.has(to)) visit(to);
		}
		onPath.pop();
		done.add(file);
	};
	for (const file of [...graph.keys()].sort()) if (!done.has(file)) visit(file);
	return [...cycles].sort();
}

function sourceGraph(): Map<string, string[]> {
	return new Map(
		sourceFiles(SRC).map((path) => {
			const file = relative(SRC, path);
			return [file, importsOf(file, readFileSync(path, "utf8"))];
		}),
	);
}

describe("the import graph of src/", () => {
	const graph = sourceGraph();

	it("reads every file and resolves every relative import to a file that exists", () => {
		expect(graph.size).toBeGreaterThan(100);
		// The extension loads the part that asks with `import()` (read too), and that part wires the lifecycle.
		expect(graph.get("index.ts")).toContain("asking.ts");
		expect(graph.get("asking.ts")).toContain(join("lifecycle", "lifecycle.ts"));
		const missing = [...graph.values()].flat().filter((target) => !graph.has(target));
		expect(missing).toEqual([]);
	});

	it("has a row for every folder", () => {
		const folders = new Set([...graph.keys()].map(folderOf));
		expect([...folders].filter((folder) => ALLOWED[folder] === undefined)).toEqual([]);
	});

	it("has each folder import only the folders its row allows", () => {
		expect(forbiddenImports(graph)).toEqual([]);
	});

	it("has no import cycle between files", () => {
		expect(importCycles(graph)).toEqual([...KNOWN_CYCLES].sort());
	});
});

describe("the import-graph checks themselves", () => {
	it("reads value, type-only, re-export, side-effect and lazy imports, and no package import", () => {
		const text = [
			'import { a } from "./a.js";',
			'import type { B } from "../core/b.js";',
			'export { c } from "./c.js";',
			'import "./d.js";',
			'const e = await import("../remote/e.js");',
			'import { readFileSync } from "node:fs";',
			"import {\n\tf,\n\ttype G,\n} from './f.js';",
		].join("\n");
		expect(importsOf(join("ui", "x.ts"), text)).toEqual(
			["ui/a.ts", "core/b.ts", "ui/c.ts", "ui/d.ts", "remote/e.ts", "ui/f.ts"].map((path) => join(...path.split("/"))),
		);
	});

	it("names an import into a folder the row does not allow, and none within a folder", () => {
		const graph = new Map([
			[join("ui", "dialog.ts"), [join("lifecycle", "lifecycle.ts"), join("ui", "render.ts")]],
			[join("web", "cli.ts"), [join("records", "ledger.ts")]],
			[join("core", "x.ts"), []],
		]);
		expect(forbiddenImports(graph)).toEqual([`${join("ui", "dialog.ts")} -> ${join("lifecycle", "lifecycle.ts")}`]);
	});

	it("finds each cycle once, from its smallest file", () => {
		const graph = new Map([
			["c.ts", ["a.ts"]],
			["a.ts", ["b.ts"]],
			["b.ts", ["c.ts", "d.ts"]],
			["d.ts", ["b.ts"]],
			["e.ts", ["a.ts"]],
		]);
		expect(importCycles(graph)).toEqual(["a.ts -> b.ts -> c.ts -> a.ts", "b.ts -> d.ts -> b.ts"]);
	});
});
