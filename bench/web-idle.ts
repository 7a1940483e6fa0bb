/**
 * What `pi-ask-anywhere web` costs while nothing happens: the built command (dist/cli.mjs) in a folder whose
 * `.pi/` holds 1 000 pending files, one page signed in and listening on `/live`, and its CPU time (from
 * /proc/<pid>/stat, Linux) over an idle window after it settled. It once re-read the folder every 2 s
 * and burned 70–105 % of a core. Also: how long the page waited for the whole state when it connected, and in
 * how many messages. Throws when idle CPU is 1 % of a core or more (so `--quick` in CI fails).
 * Knobs: BENCH_WEB_IDLE_SECONDS (20), BENCH_WEB_FILES (1000).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { createPendingFile } from "../src/pending/pending-file.js";
import { ROOT } from "../test/e2e/harness.js";
import { FEATURES } from "../test/fixtures.js";
import { type BenchReport, emit, fmt, table } from "./lib/stats.js";

const quick = process.env.BENCH_IDLE_RUNS === "1";
const IDLE_SECONDS = Number(process.env.BENCH_WEB_IDLE_SECONDS ?? (quick ? 8 : 20));
const FILES = Number(process.env.BENCH_WEB_FILES ?? 1000);
const SETTLE_MS = 2_000;
const TARGET_PERCENT = 1;
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** The CPU time (user + system) a process used so far, in seconds. */
function cpuSeconds(pid: number): number {
	const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
	// Fields after the command name (which may contain spaces) start after its closing parenthesis.
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function makeFolder(root: string): string {
	const cwd = join(root, "project");
	mkdirSync(join(cwd, ".pi"), { recursive: true });
	for (let n = 1; n <= FILES; n++) {
		const file = createPendingFile({
			request: { questions: [FEATURES, { question: `Which port for service ${n}?`, options: [] }] },
			sessionId: `session-${n}`,
			toolCallId: `call-${n}`,
			task: `set up service ${n}`,
			now: new Date(Date.now() - n * 60_000),
		});
		const name = n === 1 ? "pending-questions.json" : `pending-questions-${n}.json`;
		writeFileSync(join(cwd, ".pi", name), JSON.stringify(file, null, 2));
	}
	return cwd;
}

async function startCommand(cwd: string, agentDir: string): Promise<{ child: ChildProcess; openUrl: string }> {
	const child = spawn(process.execPath, [join(ROOT, "dist/cli.mjs"), "web", "--port", "0", "--no-qr"], {
		cwd,
		env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1" },
		stdio: ["ignore", "pipe", "pipe"],
	});
	let output = "";
	const openUrl = await new Promise<string>((resolve, reject) => {
		const onData = (chunk: Buffer): void => {
			output += chunk.toString();
			const found = /^open: (\S+)$/m.exec(output)?.[1];
			if (found) resolve(found);
		};
		child.stdout?.on("data", onData);
		child.stderr?.on("data", onData);
		child.on("exit", (code) => reject(new Error(`pi-ask-anywhere web exited (${code}): ${output}`)));
	});
	return { child, openUrl };
}

/** Signs in as a page and opens `/live`; resolves once the whole state arrived (the last message of the batch). */
async function openPage(openUrl: string): Promise<{ socket: WebSocket; ms: number; messages: number; bytes: number }> {
	const signIn = await fetch(openUrl, { redirect: "manual" });
	const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
	const origin = new URL(openUrl).origin;
	const started = performance.now();
	const socket = new WebSocket(`${origin.replace("http", "ws")}/live`, { headers: { cookie, origin } });
	let messages = 0;
	let bytes = 0;
	await new Promise<void>((resolve, reject) => {
		socket.on("error", reject);
		socket.on("message", (data) => {
			messages += 1;
			bytes += String(data).length;
			if (!(JSON.parse(String(data)) as { more: boolean }).more) resolve();
		});
	});
	return { socket, ms: performance.now() - started, messages, bytes };
}

const root = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-bench-web-"));
const agentDir = join(root, "agent");
mkdirSync(agentDir);
const cwd = makeFolder(root);
const { child, openUrl } = await startCommand(cwd, agentDir);
const pid = child.pid ?? 0;
let percent = Number.NaN;
let page: Awaited<ReturnType<typeof openPage>> | undefined;
try {
	page = await openPage(openUrl);
	await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
	const cpuBefore = cpuSeconds(pid);
	const wallBefore = performance.now();
	await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
	const cpu = cpuSeconds(pid) - cpuBefore;
	percent = (cpu / ((performance.now() - wallBefore) / 1000)) * 100;
	process.stderr.write(
		`idle ${IDLE_SECONDS} s with ${FILES} pending files: ${cpu.toFixed(2)} s CPU = ${fmt(percent)} %\n`,
	);
} finally {
	page?.socket.terminate();
	child.kill("SIGTERM");
	if (child.exitCode === null) await once(child, "exit");
	rmSync(root, { recursive: true, force: true });
}

const met = percent < TARGET_PERCENT;
const report: BenchReport = {
	title: "Web page server: idle cost",
	summary: [
		{
			what: `pi-ask-anywhere web idle with ${FILES.toLocaleString("en-US")} pending files and one page open, CPU over ${IDLE_SECONDS} s`,
			ours: `${fmt(percent)} % of a core`,
			reference: "70–105 % when the folder was re-read every 2 s",
			target: `< ${TARGET_PERCENT} %`,
			met,
		},
	],
	markdown: `The built \`pi-ask-anywhere web\` in a folder whose \`.pi/\` holds ${FILES.toLocaleString("en-US")} pending files (two
questions each), one page signed in and listening on \`/live\`; CPU time of the server process (user + system,
from /proc) over ${IDLE_SECONDS} s of nothing happening, ${SETTLE_MS / 1000} s after the page got its state.

${table(
	["measure", "value"],
	[
		["idle CPU", `${fmt(percent)} % of a core`],
		["page's first state: time", `${fmt(page?.ms ?? Number.NaN)} ms`],
		["page's first state: messages, size", `${page?.messages ?? "?"}, ${fmt((page?.bytes ?? 0) / 2 ** 20)} MB`],
	],
)}
`,
};
emit(report);
if (!met) throw new Error(`pi-ask-anywhere web idles at ${fmt(percent)} % of a core (target < ${TARGET_PERCENT} %)`);
process.exit(0);
