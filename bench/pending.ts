/**
 * The print-mode pending-file round trip without the model and without pi's startup. Pass 1 is what
 * `pi -p` does when the model asks (createPendingFile + saveQuestionsForLater: atomic save with fsync, terminal and
 * model texts). Pass 2 is what the next run does with the answers: either the person edited the file
 * (listPendingFiles, read, editedAnswers, formatStructuredDelivery) or passed `--answers` (parseAnswersText,
 * outcomeFromRawAnswers, formatStructuredDelivery), then removes the file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { outcomeFromRawAnswers, parseAnswersText } from "../src/core/answer-input.js";
import type { AskRequest } from "../src/core/types.js";
import { editedAnswers } from "../src/lifecycle/edited-answers.js";
import { saveQuestionsForLater } from "../src/modes/print.js";
import { formatStructuredDelivery } from "../src/pending/delivery.js";
import {
	createPendingFile,
	listPendingFiles,
	type PendingFile,
	parsePendingFile,
	removePendingFile,
} from "../src/pending/pending-file.js";
import { type BenchReport, emit, fmt, now, type Spread, spread, table } from "./lib/stats.js";

const ROUNDS = Number(process.env.BENCH_PENDING_ROUNDS ?? 200);
const SESSION = "bench-session";

function request(questions: number): AskRequest {
	return {
		questions: Array.from({ length: questions }, (_, i) => ({
			question: `Question ${i + 1}: which database should service ${i + 1} use?`,
			header: `Service ${i + 1}`,
			options: [
				{ label: "PostgreSQL (Recommended)", description: "Battle-tested relational DB" },
				{ label: "SQLite", description: "Lightweight, file-based" },
				{ label: "MongoDB", description: "Document store" },
			],
		})),
		metadata: { source: "bench" },
	};
}

function passOne(cwd: string, ask: AskRequest, round: number): { path: string; ms: number } {
	const start = now();
	const file = createPendingFile({
		request: ask,
		toolCallId: `call_${round}`,
		sessionId: SESSION,
		task: "set up the services",
		now: new Date(),
	});
	const printed = saveQuestionsForLater(cwd, file);
	const ms = now() - start;
	if (!printed.saved) throw printed.error;
	if (!printed.modelText.includes("pending")) throw new Error("unexpected print-mode text");
	return { path: join(cwd, printed.outcome.kind === "pending" ? printed.outcome.pendingFile : ""), ms };
}

/** The person fills in every `answer` field (not timed: that is their editor). */
function fillAnswers(path: string): void {
	const file = JSON.parse(readFileSync(path, "utf8")) as PendingFile;
	for (const [i, q] of file.questions.entries()) q.answer = i % 2 === 0 ? "PostgreSQL (Recommended)" : "svc-name";
	writeFileSync(path, JSON.stringify(file, null, 2));
}

/** The next run: this session's pending file, the answers the person typed into it, the delivery text. */
function passTwoEdited(cwd: string, toolCallId: string, request: AskRequest): number {
	const start = now();
	const entries = listPendingFiles(cwd);
	const texts: string[] = [];
	for (const entry of entries) {
		const edited = editedAnswers(readFileSync(entry.path, "utf8"), entry.path, toolCallId, request.questions);
		if (edited.kind !== "answered") throw new Error(`edited file not read as answered: ${edited.kind}`);
		texts.push(formatStructuredDelivery({ toolCallId, request }, edited.outcome, true));
		removePendingFile(entry.path, { toolCallId });
	}
	const ms = now() - start;
	if (texts.length !== 1) throw new Error(`expected one delivery, got ${texts.length}`);
	return ms;
}

/** The next run with `--answers`: the pending file read back, the flag's answers, the delivery text. */
function passTwoFlag(path: string, flag: string): number {
	const start = now();
	const file = parsePendingFile(readFileSync(path, "utf8"), path);
	const outcome = outcomeFromRawAnswers(file.request.questions, parseAnswersText(flag, file.request.questions));
	if (!outcome) throw new Error("--answers delivered nothing");
	formatStructuredDelivery(file, outcome, true);
	removePendingFile(path, file);
	return now() - start;
}

const cell = (s: Spread) => `${fmt(s.median)} ms (p95 ${fmt(s.p95)}, ${fmt(s.min)}–${fmt(s.max)})`;
const rows: string[][] = [];
const totals: Record<number, Spread> = {};

for (const count of [1, 50]) {
	const cwd = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-bench-"));
	const ask = request(count);
	const flag = JSON.stringify(ask.questions.map((_, i) => (i % 2 === 0 ? "SQLite" : "my own answer")));
	const one: number[] = [];
	const edited: number[] = [];
	const viaFlag: number[] = [];
	const roundTrip: number[] = [];
	try {
		for (let round = 0; round < ROUNDS + 10; round++) {
			const first = passOne(cwd, ask, round);
			fillAnswers(first.path);
			const second = passTwoEdited(cwd, `call_${round}`, ask);
			const again = passOne(cwd, ask, round);
			const third = passTwoFlag(again.path, flag);
			if (round < 10) continue; // warm-up
			one.push(first.ms, again.ms);
			edited.push(second);
			viaFlag.push(third);
			roundTrip.push(first.ms + second);
		}
	} finally {
		rmSync(cwd, { recursive: true, force: true });
	}
	const label = `${count} question${count === 1 ? "" : "s"}`;
	totals[count] = spread(roundTrip);
	rows.push([label, "pass 1: save + texts (print mode)", cell(spread(one))]);
	rows.push([label, "pass 2: edited file → delivery, removal", cell(spread(edited))]);
	rows.push([label, "pass 2: `--answers` → delivery, removal", cell(spread(viaFlag))]);
	rows.push([label, "**round trip** (pass 1 + pass 2 edited)", cell(spread(roundTrip))]);
}

const report: BenchReport = {
	title: "Pending-file round trip",
	summary: [1, 50].map((count) => ({
		what: `Pending-file round trip, ${count} question${count === 1 ? "" : "s"} (pass 1 + pass 2, median / p95)`,
		ours: `${fmt(totals[count]?.median ?? Number.NaN)} / ${fmt(totals[count]?.p95 ?? Number.NaN)} ms`,
		reference: "—",
		target: "—",
		met: undefined,
	})),
	markdown: `Everything between the model's call and the answers reaching the model, without the model and
without pi's startup: ${ROUNDS} rounds after 10 warm-up rounds, in a temporary folder on the local disk
(pass 1 fsyncs the file). Questions have three options with descriptions each.

${table(["questions", "step", "median (p95, min–max)"], rows)}
`,
};
emit(report);
