/**
 * The question dialog at scale: the real component from src/ui (AskDialog: keyToAction → reduce → render)
 * driven headlessly with pi's default keybindings, a fake TUI and a theme that wraps every style in SGR
 * codes (so ANSI-aware width and truncation work as in pi). Times opening the dialog, each key press up to
 * the next frame (handleInput + render), and heap use across 1 000 presses. Option lists go far beyond
 * the 1 000 that validation allows (src/core/limits.ts) to show that a key's cost follows the visible rows.
 * Run with `node --expose-gc --import tsx bench/dialog.ts`.
 */
import { KeybindingsManager, type TUI, TUI_KEYBINDINGS } from "@mariozechner/pi-tui";
import type { Question } from "../src/core/types.js";
import { AskDialog } from "../src/ui/dialog.js";
import { type DialogTheme, plainTheme } from "../src/ui/theme.js";
import { type BenchReport, emit, fmt, now, type Spread, type SummaryRow, spread, table } from "./lib/stats.js";

const WIDTH = 100;
const PRESSES = Number(process.env.BENCH_DIALOG_PRESSES ?? 2_000);
const FILTER_ROUNDS = Number(process.env.BENCH_FILTER_ROUNDS ?? 200);
const KEY = { down: "\x1b[B", tab: "\t", backspace: "\x7f", slash: "/" } as const;

const sgr =
	(open: number, close: number) =>
	(text: string): string =>
		`\x1b[${open}m${text}\x1b[${close}m`;

const ansiTheme: DialogTheme = {
	...plainTheme,
	accent: sgr(36, 39),
	text: sgr(37, 39),
	muted: sgr(90, 39),
	dim: sgr(2, 22),
	success: sgr(32, 39),
	warning: sgr(33, 39),
	border: sgr(90, 39),
	bold: sgr(1, 22),
	selected: (text) => `\x1b[48;5;236m\x1b[37m${text}\x1b[39m\x1b[49m`,
};

const keybindings = new KeybindingsManager(TUI_KEYBINDINGS);
const tui = { requestRender() {}, terminal: { rows: 40, columns: WIDTH, write() {} } } as unknown as TUI;

function optionList(count: number) {
	return Array.from({ length: count }, (_, i) => ({
		label: `Option ${i}`,
		description: `What choosing option ${i} would mean for the project`,
	}));
}

function open(questions: readonly Question[]): AskDialog {
	const dialog = new AskDialog(tui, ansiTheme, keybindings, questions, { onDone() {} });
	dialog.focused = true;
	dialog.render(WIDTH);
	return dialog;
}

/** Milliseconds from a key's bytes to the next frame, split into handling and rendering. */
function press(dialog: AskDialog, data: string): { total: number; handle: number } {
	const start = now();
	dialog.handleInput(data);
	const handled = now();
	dialog.render(WIDTH);
	const end = now();
	return { total: end - start, handle: handled - start };
}

function gc(): void {
	const collect = (globalThis as { gc?: () => void }).gc;
	collect?.();
	collect?.();
}

interface Scenario {
	name: string;
	questions: Question[];
	/** The key pressed over and over ("down" for a list, "tab" across the tabs). */
	keys: { label: string; data: string }[];
	filter: boolean;
}

const SCENARIOS: Scenario[] = [
	...[10, 1_000, 100_000].map(
		(count): Scenario => ({
			name: `1 question, ${count.toLocaleString("en-US")} options`,
			questions: [{ question: "Which one?", header: "Pick", options: optionList(count) }],
			keys: [{ label: "↓ (down arrow)", data: KEY.down }],
			filter: true,
		}),
	),
	{
		name: "20 questions (tabs), 1,000 options each",
		questions: Array.from({ length: 20 }, (_, i) => ({
			question: `Question ${i + 1}: which option?`,
			header: `Q${i + 1}`,
			options: optionList(1_000),
		})),
		keys: [
			{ label: "↓ (down arrow)", data: KEY.down },
			{ label: "Tab (next question)", data: KEY.tab },
		],
		filter: true,
	},
];

interface Row {
	scenario: string;
	what: string;
	total: Spread;
	handle?: Spread;
}

const rows: Row[] = [];
const memoryRows: string[][] = [];

// Warm the JIT on a small dialog so that the first scenario is not measured cold.
{
	const warm = open([{ question: "Warm-up?", options: optionList(10) }]);
	for (let i = 0; i < 500; i++) press(warm, KEY.down);
}

for (const scenario of SCENARIOS) {
	process.stderr.write(`dialog: ${scenario.name}\n`);
	const opens: number[] = [];
	for (let i = 0; i < 20; i++) {
		const start = now();
		open(scenario.questions);
		opens.push(now() - start);
	}
	rows.push({ scenario: scenario.name, what: "open (construct + first frame)", total: spread(opens) });

	for (const key of scenario.keys) {
		const dialog = open(scenario.questions);
		for (let i = 0; i < 200; i++) press(dialog, key.data); // warm-up: let the JIT settle
		const samples = Array.from({ length: PRESSES }, () => press(dialog, key.data));
		const total = spread(samples.map((s) => s.total));
		rows.push({ scenario: scenario.name, what: key.label, total, handle: spread(samples.map((s) => s.handle)) });

		gc();
		const before = process.memoryUsage().heapUsed;
		for (let i = 0; i < 1_000; i++) press(dialog, key.data);
		gc();
		const after = process.memoryUsage().heapUsed;
		memoryRows.push([
			scenario.name,
			key.label,
			`${fmt(before / 2 ** 20)} MB`,
			`${fmt(after / 2 ** 20)} MB`,
			`${fmt((after - before) / 1024)} KB`,
		]);
	}

	if (scenario.filter) {
		// "/" opens the filter; "7" is a first character (a scan of every label), "3" narrows the matches
		// of "7", and two backspaces return to the full list for the next round.
		const dialog = open(scenario.questions);
		press(dialog, KEY.slash);
		const first: number[] = [];
		const narrow: number[] = [];
		const back: number[] = [];
		for (let i = 0; i < FILTER_ROUNDS; i++) {
			first.push(press(dialog, "7").total);
			narrow.push(press(dialog, "3").total);
			back.push(press(dialog, KEY.backspace).total);
			back.push(press(dialog, KEY.backspace).total);
		}
		const cases: [string, number[]][] = [
			["filter: first character (scans every label)", first],
			["filter: next character (narrows the matches)", narrow],
			["filter: backspace", back],
		];
		for (const [what, samples] of cases) {
			const total = spread(samples.slice(10));
			rows.push({ scenario: scenario.name, what, total });
		}
	}
}

/** The summary line for one kind of key press on a given dialog. */
function keyRow(scenario: string, what: string, label: string): SummaryRow {
	const row = rows.find((r) => r.scenario === scenario && r.what.startsWith(what));
	if (!row) throw new Error(`no measurement for ${what} on ${scenario}`);
	return {
		what: `Dialog: ${label} → next frame (median / p95)`,
		ours: `${fmt(row.total.median)} / ${fmt(row.total.p95)} ms`,
		reference: "—",
		target: "< 1 ms (median)",
		met: row.total.median < 1,
	};
}
const LARGEST = SCENARIOS[2]?.name ?? "";
const CAPPED = SCENARIOS[1]?.name ?? "";
const memoryGrowthKb = Math.max(...memoryRows.map((r) => Number.parseFloat((r[4] ?? "0").replace(",", ""))));

const report: BenchReport = {
	title: "Dialog cost",
	summary: [
		keyRow(LARGEST, "↓", "↓ with 100 000 options"),
		keyRow(LARGEST, "filter: first", "filter character with 100 000 options"),
		keyRow(CAPPED, "filter: first", "filter character with 1 000 options (the validation cap)"),
		keyRow(SCENARIOS[3]?.name ?? "", "Tab", "Tab across 20 questions × 1 000 options"),
		{
			what: "Dialog heap growth over 1 000 key presses (largest of all cases)",
			ours: `${fmt(memoryGrowthKb)} KB`,
			reference: "—",
			target: "flat",
			met: memoryGrowthKb < 512,
		},
	],
	markdown: `### Key press → next frame

\`AskDialog\` from \`src/ui/dialog.ts\` run from TypeScript (\`tsx\`), pi's default keybindings, width ${WIDTH}, every
option with a description. A sample is \`handleInput(key)\` plus \`render(${WIDTH})\` (the frame pi draws next);
${PRESSES.toLocaleString("en-US")} presses per key after 200 warm-up presses, ${FILTER_ROUNDS} filter rounds (first 10 dropped).
"handle" is \`handleInput\` alone.

${table(
	["dialog", "what", "median", "p95", "min–max", "handle median / p95"],
	rows.map((r) => [
		r.scenario,
		r.what,
		`${fmt(r.total.median)} ms`,
		`${fmt(r.total.p95)} ms`,
		`${fmt(r.total.min)}–${fmt(r.total.max)} ms`,
		r.handle ? `${fmt(r.handle.median)} / ${fmt(r.handle.p95)} ms` : "—",
	]),
)}

### Heap across 1 000 presses

\`process.memoryUsage().heapUsed\` after a forced GC (\`--expose-gc\`), before and after 1 000 more presses of the
same key on the same dialog.

${table(["dialog", "key", "heap before", "heap after", "growth"], memoryRows)}
`,
};
emit(report);
