/**
 * Every pi a test starts costs CI 1–3 s on each of the three pi lines it runs on. This test counts, in each test file,
 * the places that start pi (statically: a call in a loop or a helper called by five tests is one place) and fails
 * when a file holds more than its budget below or all of them more than the total's. A new pi start is then a
 * decision made in this table: first ask whether the case fits an existing file's pi (a TUI session that runs several
 * cases in turn, or a setup run made once and copied back before each case: test/e2e/workspace-fixture.ts), or is a
 * property of the store that one process can test.
 * A place is a call of a helper that starts pi (STARTERS) or, outside such a call, pi's command line named directly
 * (`piArgs(…)`, `PI_CLI`, `PI.cli`: a spawn of the pi under test, or a shell command that runs it).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const TEST = dirname(fileURLToPath(import.meta.url));

/**
 * The helpers that start pi, by file: calls of these functions are places, and `x.ask(` where `x = tuiPerTest()`
 * (a TUI per test); a `tuiShared()` (one TUI that its cases share) is one place.
 */
const STARTERS: Record<string, readonly string[]> = {
	"e2e/harness.ts": ["runPi", "runPrint", "runPiAsync", "startRpc", "startTui"],
	"e2e/rpc-client.ts": ["startAsking", "sharedAsking"],
	"e2e/tui-session.ts": ["tuiPerTest", "tuiShared"],
};
/** Files that start pi once for the whole run, not per test file: the machine's speed is timed once. */
const ONCE_PER_RUN = ["machine-speed.ts"];

/**
 * The places that start pi, per test file, at most: one above each file's count when the table was made
 * (444 places in all). Lower a row when a file starts pi less; a file not named here may start none.
 */
const BUDGET: Record<string, number> = {
	// The real agent clients' tests (CI's agents line only, once): the person's pi answers each client's ask; Codex's
	// also shows a pi on another agent folder refused.
	"agents/claude.test.ts": 1,
	"agents/codex.test.ts": 2,
	"agents/gemini.test.ts": 1,
	"e2e/answers.test.ts": 12,
	"e2e/approvals.test.ts": 6,
	"e2e/background.test.ts": 10,
	"e2e/coexistence.test.ts": 9,
	"e2e/compaction.test.ts": 2,
	"e2e/copied-pending.test.ts": 13,
	"e2e/delivered-answers.test.ts": 6,
	"e2e/dialects.test.ts": 4,
	"e2e/exactly-once.test.ts": 12,
	"e2e/filled-after-newer-session.test.ts": 6,
	"e2e/foreign-task.test.ts": 3,
	"e2e/frozen-dialog.test.ts": 3,
	"e2e/hardening.test.ts": 7,
	"e2e/i18n.test.ts": 6,
	"e2e/interruption.test.ts": 7,
	"e2e/ledger.test.ts": 9,
	"e2e/lifecycle.test.ts": 18,
	"e2e/listeners.test.ts": 2,
	"e2e/not-a-cancel.test.ts": 9,
	"e2e/one-answer-per-ask.test.ts": 6,
	"e2e/package.test.ts": 9,
	"e2e/page-answer-replay.test.ts": 5,
	"e2e/pending-version.test.ts": 8,
	"e2e/pi-under-test.test.ts": 3,
	"e2e/print-answers.test.ts": 4,
	"e2e/print-commands.test.ts": 11,
	"e2e/print-images.test.ts": 9,
	"e2e/print-pending.test.ts": 16,
	"e2e/print-stdout-fails.test.ts": 9,
	"e2e/push.test.ts": 23,
	"e2e/questions-command.test.ts": 12,
	"e2e/record-paths.test.ts": 6,
	"e2e/remote.test.ts": 5,
	"e2e/reopen-two-processes.test.ts": 4,
	"e2e/reused-call-id.test.ts": 17,
	"e2e/rpc.test.ts": 5,
	"e2e/settings.test.ts": 14,
	// Its one `pi -p` was always there; a regex literal after `=>` hid it from the count until its lookups changed.
	"e2e/startup-loads.test.ts": 1,
	"e2e/subagents.test.ts": 10,
	"e2e/tool-written-answers.test.ts": 11,
	"e2e/tui-fit.test.ts": 9,
	"e2e/tui-images.test.ts": 3,
	"e2e/tui.test.ts": 6,
	"e2e/typing.test.ts": 7,
	"e2e/untrusted.test.ts": 26,
	"mcp/model-fills.test.ts": 2,
	"mcp/pi-same-folder.test.ts": 10,
	// web --all: two projects' asks saved by pi -p (one place, a loop) and the one answered delivered by pi -c.
	"web/browser.test.ts": 15,
};
/**
 * All test files together, at most (444 when the table was made; 454 before the heavy e2e files shared their setup
 * runs, 408 after; 385 when rpc, answers, tui and tui-fit ran their one-ask cases on a shared pi).
 */
const TOTAL_BUDGET = 381;

function files(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "pi-versions" ? [] : files(path);
		return entry.name.endsWith(".ts") ? [path] : [];
	});
}

/**
 * The code without comments and import statements (which name the helpers without calling them), and with the text
 * of strings blanked (a brace in a string would mislead the bracket matching), except what a template interpolates.
 * Positions stay those of the source.
 */
function code(source: string): string {
	const out = source.split("");
	/** Open string-like contexts: a quote character, or "${" for an interpolation inside a template. */
	const stack: string[] = [];
	for (let i = 0; i < source.length; i++) {
		const c = source[i] ?? "";
		const top = stack.at(-1);
		if (top === '"' || top === "'" || top === "`") {
			if (c === "\\") {
				out[i] = " ";
				out[i + 1] = " ";
				i++;
			} else if (c === top) stack.pop();
			else if (top === "`" && c === "$" && source[i + 1] === "{") {
				stack.push("${");
				i++;
			} else if (c !== "\n") out[i] = " ";
			continue;
		}
		if (c === "/" && source[i + 1] === "/") {
			for (; i < source.length && source[i] !== "\n"; i++) out[i] = " ";
			continue;
		}
		if (c === "/" && source[i + 1] === "*") {
			const end = source.indexOf("*/", i + 2);
			const stop = end < 0 ? source.length : end + 2;
			for (; i < stop; i++) if (source[i] !== "\n") out[i] = " ";
			i--;
			continue;
		}
		// A regular expression literal (a `/` where a value begins) may hold quotes and brackets: blanked.
		if (
			c === "/" &&
			/[(,=:[!&|?{};]\s*$|^\s*$/.test(
				source
					.slice(Math.max(0, i - 20), i)
					.split("\n")
					.at(-1) ?? "",
			)
		) {
			let inClass = false;
			for (i++; i < source.length && source[i] !== "\n"; i++) {
				if (source[i] === "\\") out[i++] = " ";
				else if (source[i] === "[") inClass = true;
				else if (source[i] === "]") inClass = false;
				else if (source[i] === "/" && !inClass) break;
				out[i] = " ";
			}
			continue;
		}
		if (c === '"' || c === "'" || c === "`") stack.push(c);
		else if (top === "${" && c === "{") stack.push("{");
		else if (top === "{" && c === "}") stack.pop();
		else if (top === "${" && c === "}") stack.pop();
	}
	return out
		.join("")
		.replace(/^import\s[\s\S]*?\sfrom\s+["'][^"']*["'];?/gm, (m) => m.replace(/[^\n]/g, " "))
		.replace(/^import\s+["'][^"']*["'];?/gm, (m) => m.replace(/[^\n]/g, " "));
}

/** Where the bracket opened at `open` closes (strings are not looked into: the code is ours and balanced). */
function closing(text: string, open: number): number {
	const pair = text[open] === "{" ? ["{", "}"] : ["(", ")"];
	let depth = 0;
	for (let i = open; i < text.length; i++) {
		if (text[i] === pair[0]) depth++;
		else if (text[i] === pair[1] && --depth === 0) return i;
	}
	return text.length;
}

/** Where an arrow function's body that is an expression ends: the statement's end. */
function expressionEnd(text: string, from: number): number {
	let depth = 0;
	for (let i = from; i < text.length; i++) {
		const c = text[i] ?? "";
		if ("({[".includes(c)) depth++;
		else if (")}]".includes(c)) depth--;
		if (depth < 0 || (depth === 0 && (c === ";" || c === "\n"))) return i;
	}
	return text.length;
}

interface Definition {
	name: string;
	/** Where the function's body begins and ends. */
	from: number;
	to: number;
}

/** The file's named functions (`function f(…) {…}`, `const f = (…) => …`) and where their bodies are. */
function definitions(text: string): Definition[] {
	const found: Definition[] = [];
	for (const m of text.matchAll(/\bfunction\s*\*?\s*(\w+)\s*(?:<[^>]*>)?\(/g)) {
		let after = closing(text, (m.index ?? 0) + m[0].length - 1) + 1;
		// A return type that is an object type (`): { a: string } {`) is not the body.
		const returnType = /^\s*:\s*/.exec(text.slice(after));
		if (returnType && text[after + returnType[0].length] === "{")
			after = closing(text, after + returnType[0].length) + 1;
		const body = text.indexOf("{", after);
		if (body >= 0) found.push({ name: m[1] ?? "", from: body, to: closing(text, body) });
	}
	for (const m of text.matchAll(/\b(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?\(/g)) {
		const params = closing(text, (m.index ?? 0) + m[0].length - 1);
		const arrow = /^\s*(?::[^=]*?)?=>\s*/.exec(text.slice(params + 1));
		if (!arrow) continue;
		const from = params + 1 + arrow[0].length;
		found.push({ name: m[1] ?? "", from, to: text[from] === "{" ? closing(text, from) : expressionEnd(text, from) });
	}
	return found;
}

const DIRECT = /\bpiArgs\(|\bPI_CLI\b|\bPI\.cli\b/g;
const literally = (name: string) => name.replace(/[.$]/g, "\\$&");

/**
 * The places in one file's code that start pi, as the text at each place. A function of the file that starts pi (a
 * wrapper such as `const ask = (…) => session.ask(…)`) is not a place itself: each call of it is.
 */
function placesIn(source: string, follow = true): string[] {
	const text = code(source);
	const tuiAskers = [...text.matchAll(/(\w+)\s*=\s*tuiPerTest\(\)/g)].map((m) => `${m[1]}.ask`);
	// `const ask = session.ask;`: the same function under another name.
	const aliases = [...text.matchAll(/\b(?:const|let)\s+(\w+)\s*=\s*(\w+\.ask)\s*;/g)]
		.filter((m) => tuiAskers.includes(m[2] ?? ""))
		.map((m) => m[1] ?? "");
	const defined = definitions(text);
	const starters = [
		...Object.values(STARTERS)
			.flat()
			.filter((name) => name !== "tuiPerTest"),
		...tuiAskers,
		...aliases,
	];
	const places: { at: number; what: string }[] = [];
	const covered: [number, number][] = [];
	const calls = (names: readonly string[]) => {
		const pattern = new RegExp(`(?<![\\w.])(?:${names.map(literally).join("|")})\\s*\\(`, "g");
		for (const call of text.matchAll(pattern)) {
			const at = call.index ?? 0;
			// A function's own definition (`function runPi(`) is not a call.
			if (/function\s*\*?\s*$/.test(text.slice(Math.max(0, at - 20), at))) continue;
			places.push({ at, what: call[0] });
			covered.push([at, closing(text, at + call[0].length - 1)]);
		}
	};
	calls(starters);
	for (const direct of text.matchAll(DIRECT)) {
		const at = direct.index ?? 0;
		if (!covered.some(([from, to]) => at > from && at < to)) places.push({ at, what: direct[0] });
	}
	// A place inside a function of the file moves to that function's calls, until none is inside one.
	const wrappers = new Set<string>();
	while (follow) {
		const inside = places.filter((place) => defined.some((d) => place.at >= d.from && place.at < d.to));
		if (inside.length === 0) break;
		const innermost = (at: number) =>
			defined.filter((d) => at >= d.from && at < d.to).sort((a, b) => a.to - a.from - (b.to - b.from))[0];
		const fresh = [...new Set(inside.map((place) => innermost(place.at)?.name ?? ""))].filter((n) => !wrappers.has(n));
		for (const place of inside) places.splice(places.indexOf(place), 1);
		if (fresh.length === 0) break;
		for (const name of fresh) wrappers.add(name);
		calls(fresh);
	}
	return places.sort((a, b) => a.at - b.at).map((place) => place.what);
}

const all = files(TEST).map((path) => ({ path, name: relative(TEST, path).split(sep).join("/") }));
const testFiles = all.filter((f) => f.name.endsWith(".test.ts") && f.path !== fileURLToPath(import.meta.url));
const counts = Object.fromEntries(
	testFiles
		.map((f) => [f.name, placesIn(readFileSync(f.path, "utf8")).length] as const)
		.filter(([, count]) => count > 0),
);
const total = Object.values(counts).reduce((sum, count) => sum + count, 0);

describe("places in the tests that start pi", () => {
	it("stay within each file's budget and the total's", () => {
		console.log(
			`pi starts: ${total} places in ${Object.keys(counts).length} test files (budget ${TOTAL_BUDGET})\n${Object.entries(
				counts,
			)
				.sort(([, a], [, b]) => b - a)
				.map(([name, count]) => `  ${String(count).padStart(3)} ${name} (budget ${BUDGET[name] ?? 0})`)
				.join("\n")}`,
		);
		const over = Object.entries(counts)
			.filter(([name, count]) => count > (BUDGET[name] ?? 0))
			.map(([name, count]) => `${name}: ${count} places start pi, budget ${BUDGET[name] ?? 0}`);
		expect(over, "a file starts pi at more places than its budget (test/process-starts.test.ts)").toEqual([]);
		expect(total, "the tests start pi at more places than the total budget").toBeLessThanOrEqual(TOTAL_BUDGET);
	});

	it("are counted: only the known helpers start pi outside test files", () => {
		const helpers = all.filter((f) => !f.name.endsWith(".test.ts") && !ONCE_PER_RUN.includes(f.name));
		// A helper starts pi when it calls one that does or names pi's command line (`piArgs`, `PI_CLI`, `pi.cli`).
		const starting = helpers
			.filter((f) => {
				const text = code(readFileSync(f.path, "utf8"));
				return placesIn(text, false).length > 0 || /\.cli\b/.test(text);
			})
			.map((f) => f.name);
		expect(starting.sort(), "a helper that starts pi belongs in STARTERS, with its functions").toEqual(
			Object.keys(STARTERS).sort(),
		);
	});

	it("counts a call, not a helper's definition nor its import", () => {
		const source = [
			'import { piArgs, PI_CLI, runPi, runPrint } from "./harness.js";',
			"// runPrint(ws, []) in a comment",
			"function runPrint(ws) {}",
			"const tui = tuiPerTest();",
			'runPi(ws, piArgs(["-p", "go"]));',
			'spawnSync(PI.node, piArgs(["-p"]));',
			'for (const n of [1, 2]) runPrint(ws, ["go"]);',
			"tui.ask(ARGS);",
			"other.ask(ARGS);",
			"const ask = tui.ask;",
			"ask(ARGS);",
			"const wide = (args: unknown) => tui.ask(args, { cols: 200 });",
			"function twice(ws) {",
			'\trunPrint(ws, ["one"]);',
			"\twide(ARGS);",
			"}",
			"twice(ws);",
			"twice(other);",
		].join("\n");
		expect(placesIn(source)).toEqual(["runPi(", "piArgs(", "runPrint(", "tui.ask(", "ask(", "twice(", "twice("]);
	});
});

// The budget table's files exist: a renamed or removed file takes its row with it.
it("names only test files that exist", () => {
	const names = new Set(testFiles.map((f) => f.name));
	expect(Object.keys(BUDGET).filter((name) => !names.has(name))).toEqual([]);
});

// CI runs the whole suite on pi 0.73.1 (Node 20) and the latest 1.x (Node 22), and on pi 0.87.1, the line between,
// one file per mode and surface (.ci/run's PI_087_TESTS): each must be a file that starts pi, or that line would test
// nothing of pi.
it("the pi 0.87.1 line runs files that start pi (.ci/run's PI_087_TESTS)", () => {
	const ci = readFileSync(join(TEST, "..", ".ci", "run"), "utf8");
	const listed = /^PI_087_TESTS="([^"]*)"/m.exec(ci)?.[1]?.split(/\s+/) ?? [];
	expect(listed.length, ".ci/run defines PI_087_TESTS").toBeGreaterThan(0);
	const startingPi = new Set(Object.keys(BUDGET).map((name) => `test/${name}`));
	expect(listed.filter((entry) => !startingPi.has(entry))).toEqual([]);
});

// The real agent clients' tests (test/agents) run once, on the agents line (.ci/run's AGENTS_TESTS), after
// test/agents/install.
it("an agent client's test runs on the agents line (.ci/run's AGENTS_TESTS)", () => {
	const ci = readFileSync(join(TEST, "..", ".ci", "run"), "utf8");
	const agents = /^AGENTS_TESTS="([^"]*)"/m.exec(ci)?.[1]?.split(/\s+/) ?? [];
	expect(agents.length, ".ci/run defines AGENTS_TESTS").toBeGreaterThan(0);
	const missing = Object.keys(BUDGET).filter(
		(name) =>
			name.startsWith("agents/") &&
			!agents.some((entry) => `test/${name}` === entry || `test/${name}`.startsWith(`${entry}/`)),
	);
	expect(missing).toEqual([]);
});
