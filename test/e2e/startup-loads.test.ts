/**
 * What a start loads. The part that asks (src/asking.ts: the lifecycle, children, approvals, the records' judging) loads
 * at the first session start, ask or command that needs it; the WebSocket bridge, the parent route for subagents, the
 * web server and the dialog load on first use, in chunks of their own: a constant or a function taken from one of those chunks at load would pull it (and `ws`)
 * into every pi start. Checked twice: the static import graph of the built entries (dist/index.js for pi,
 * dist/app/index.mjs for apps), and the packages a real `pi -p` start and a cold `import()` of the app build load.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import { createWorkspace, expectSuccess, ROOT, runPrint } from "./harness.js";

const HOOK = join(ROOT, "test/e2e/fixtures/loaded-packages.cjs");

/** Packages no start may load: the bridge's WebSocket library and the web command's QR code. */
const LAZY_PACKAGES = ["ws", "qrcode-terminal"];

/**
 * Sources that only a use loads: the part that asks, the bridge and its connection, the parent route and its endpoint, the web server,
 * the TUI dialog, RPC mode, push notifications, the /questions command, the other languages' word tables, the
 * backend's wire format and compaction.
 */
const LAZY_SOURCES = [
	// The part that asks: a print run with nothing pending and nothing asked never builds it (src/index.ts).
	/^src\/asking\.ts$/,
	/^src\/lifecycle\/(lifecycle|run|approvals|ask-handler|deliveries|startup-findings|startup-run)\.ts$/,
	/^src\/children\/children\.ts$/,
	/^src\/records\/(store|old-records|ask-records)\.ts$/,
	/^src\/remote\/(bridge|connection)\.ts$/,
	/^src\/children\/parent-route\.ts$/,
	/^src\/web\//,
	/^src\/ui\/(dialog|render|option-list|preview|image-attach|path-completion)\.ts$/,
	/^src\/modes\/(interactive|rpc)\.ts$/,
	// Push notifications: only a session whose settings or environment turn them on loads them.
	/^src\/push\//,
	// The /questions command's work: its registration (description, completions) is all a start needs.
	/^src\/commands\/questions\.ts$/,
	// The word tables of the languages a run did not choose (each loads when chosen).
	/^src\/i18n\/(cli|dialog)\/(de|fr|es|pt-BR|ja|zh-CN|ru|uk)\.ts$/,
	/^src\/i18n\/tables\.ts$/,
	// The backend's wire format: only a bridge or the web page speaks it (the race takes only its abort reason).
	/^src\/remote\/protocol\.ts$/,
	// Compaction's decision-keeping: only a compaction runs it.
	/^src\/session\/compaction(-handler)?\.ts$/,
];

const STATIC_IMPORT = /^import\s+(?:[^;"']*?\s+from\s+)?"([^"]+)";/gm;
const BUNDLED_SOURCE = /^\/\/ (src\/\S+\.ts)$/gm;

/** The files an entry loads before any of its code runs (static imports, followed), the packages and the sources. */
function staticGraph(entry: string): { files: string[]; packages: string[]; sources: string[] } {
	const files = new Set<string>();
	const packages = new Set<string>();
	const sources = new Set<string>();
	const visit = (file: string): void => {
		if (files.has(file)) return;
		files.add(file);
		const text = readFileSync(file, "utf8");
		for (const [, source] of text.matchAll(BUNDLED_SOURCE)) if (source) sources.add(source);
		for (const [, specifier] of text.matchAll(STATIC_IMPORT)) {
			if (!specifier) continue;
			if (specifier.startsWith(".")) visit(join(dirname(file), specifier));
			else packages.add(specifier.replace(/^node:/, ""));
		}
	};
	visit(entry);
	return {
		files: [...files].map((file) => relative(ROOT, file)),
		packages: [...packages].sort(),
		sources: [...sources].sort(),
	};
}

/** The chunks a built file imports with `import()`, by file name. */
function chunksImported(file: string): string[] {
	return [...readFileSync(file, "utf8").matchAll(/import\("\.\/([\w-]+\.m?js)"\)/g)].map(([, name]) => name ?? "");
}

describe("the static import graph of the built entries", () => {
	for (const entry of ["dist/index.js", "dist/app/index.mjs"]) {
		it(`${entry} reaches no lazy package and no lazy source`, () => {
			const graph = staticGraph(join(ROOT, entry));
			// The walk sees the bundle: the entry's own sources and the chunks it imports.
			expect(graph.sources).toContain("src/index.ts");
			expect(graph.packages).toContain("typebox");
			expect(
				graph.packages.filter((name) => LAZY_PACKAGES.includes(name)),
				graph.files.join("\n"),
			).toEqual([]);
			expect(graph.sources.filter((source) => LAZY_SOURCES.some((lazy) => lazy.test(source)))).toEqual([]);
		});
	}

	it("dist/index.js and one chunk are all a pi start compiles (jiti resolves, reads and compiles each file)", () => {
		const graph = staticGraph(join(ROOT, "dist/index.js"));
		expect(graph.files, graph.files.join("\n")).toHaveLength(2);
	});

	it("the lazy chunks exist and hold what a start must not load (the check above has something to find)", () => {
		// The bridge is imported by the part that asks, itself imported by the start.
		const start = staticGraph(join(ROOT, "dist/index.js")).files;
		const asking = start.flatMap((file) => chunksImported(join(ROOT, file))).find((name) => name.startsWith("asking-"));
		expect(asking).toBeDefined();
		const askingGraph = staticGraph(join(ROOT, "dist", asking ?? ""));
		expect(askingGraph.sources).toContain("src/lifecycle/lifecycle.ts");
		const bridge = askingGraph.files
			.flatMap((file) => chunksImported(join(ROOT, file)))
			.find((name) => name.startsWith("bridge-"));
		expect(bridge).toBeDefined();
		const graph = staticGraph(join(ROOT, "dist", bridge ?? ""));
		expect(graph.packages).toContain("ws");
		expect(graph.sources).toContain("src/remote/bridge.ts");
	});
});

/** Runs a command with the hook preloaded; returns the packages the process loaded through Node's loader. */
function loadedBy(run: (env: NodeJS.ProcessEnv) => { code: number | null; stderr: string }, log: string): string[] {
	const result = run({ NODE_OPTIONS: `--require ${HOOK}`, PI_ASK_LOADED_LOG: log });
	expectSuccess(result);
	expect(existsSync(log), `the hook wrote no ${log}; stderr:\n${result.stderr}`).toBe(true);
	return JSON.parse(readFileSync(log, "utf8")) as string[];
}

describe("what a start loads, at run time", () => {
	it("pi -p with the package loads no ws", () => {
		const ws = createWorkspace();
		try {
			ws.script([{ text: "ready" }]);
			const loaded = loadedBy((env) => runPrint(ws, ["start"], { env }), join(ws.root, "loaded.json"));
			expect(loaded.filter((name) => LAZY_PACKAGES.includes(name))).toEqual([]);
		} finally {
			ws.cleanup();
		}
	});

	/** A fresh Node that imports the app build, then perhaps a chunk of it; the hook lists what it loaded. */
	function importInFreshNode(log: string, then = ""): string[] {
		const script = `await import(${JSON.stringify(join(ROOT, "dist/app/index.mjs"))});${then}`;
		const run = (env: NodeJS.ProcessEnv) => {
			const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
				cwd: ROOT,
				env: { ...process.env, ...env },
				encoding: "utf8",
				timeout: patient(30_000),
			});
			return { code: result.status, stderr: result.stderr };
		};
		return loadedBy(run, log);
	}

	it("a cold import of the app build loads no ws; importing the bridge's chunk does (the hook sees ws)", () => {
		const ws = createWorkspace();
		try {
			expect(importInFreshNode(join(ws.root, "cold.json")).filter((n) => LAZY_PACKAGES.includes(n))).toEqual([]);
			// The bridge is imported by the part that asks, which the app's entry imports.
			const app = chunksImported(join(ROOT, "dist/app/index.mjs")).find((name) => name.startsWith("asking-")) ?? "";
			const bridge = chunksImported(join(ROOT, "dist/app", app)).find((name) => name.startsWith("bridge-"));
			expect(bridge).toBeDefined();
			const bridgePath = JSON.stringify(join(ROOT, "dist/app", bridge ?? ""));
			expect(importInFreshNode(join(ws.root, "bridge.json"), `await import(${bridgePath});`)).toContain("ws");
		} finally {
			ws.cleanup();
		}
	});
});
