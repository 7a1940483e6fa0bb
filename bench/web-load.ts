/**
 * What `pi-ask-anywhere web` costs under load: the built command (dist/cli.mjs), real agents over WebSockets and
 * pages listening on `/live`. (1) The server's CPU for one update (an ask added or closed) while 40 asks of 0.9 MB
 * are open, and its peak memory against the data it holds; (2) its memory at the caps on all agents together
 * (32 connections, 200 open asks, 48 MB held) with 10 pages opening at once, and which refusals the agents got.
 * CPU time and memory come from /proc/<pid> (Linux). Knobs: BENCH_WEB_UPDATES (200; 40 with --quick).
 */
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync, rmSync } from "node:fs";
import { type BenchReport, emit, fmt, table } from "./lib/stats.js";
import {
	type Agent,
	askFrame,
	closedFrame,
	memory,
	openAgent,
	openPage,
	type Page,
	signedInCommand,
	until,
} from "./lib/web.js";

const UPDATES = Number(process.env.BENCH_WEB_UPDATES ?? (process.env.BENCH_IDLE_RUNS === "1" ? 40 : 200));
const TARGET_UPDATE_MS = 2;
const TARGET_PEAK_RATIO = 3;
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

function cpuSeconds(pid: number): number {
	const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const { root, child, pid, origin, cookie } = await signedInCommand("web-load");
const agentUrl = `${origin.replace("http", "ws")}/agent`;
const agents: Agent[] = [];
const pages: Page[] = [];
let updateMs = Number.NaN;
let dataMb = Number.NaN;
let atUpdates = { rss: Number.NaN, peak: Number.NaN };
let baseline = { rss: Number.NaN, peak: Number.NaN };
let atCaps = { rss: Number.NaN, peak: Number.NaN };
let capsHeld = 0;
const refusals = new Map<string, number>();
try {
	const page = await openPage(origin, cookie);
	pages.push(page);
	baseline = memory(pid);

	// (1) 40 asks of 0.9 MB open (two from each of 20 agents), then asks added and closed one at a time.
	const description = "x".repeat(900_000);
	for (let n = 0; n < 20; n++) {
		const agent = (await openAgent(agentUrl)) as Agent;
		agents.push(agent);
		for (const id of ["a", "b"]) agent.socket.send(askFrame(`big-${n}-${id}`, description));
	}
	await until(() => page.asks() === 40);
	dataMb = (40 * Buffer.byteLength(askFrame("big-0-a", description))) / 2 ** 20;
	const updater = (await openAgent(agentUrl)) as Agent;
	agents.push(updater);
	const cpuBefore = cpuSeconds(pid);
	for (let n = 0; n < UPDATES / 2; n++) {
		let arrived = page.next();
		updater.socket.send(askFrame(`small-${n}`));
		await arrived;
		arrived = page.next();
		updater.socket.send(closedFrame(`small-${n}`));
		await arrived;
	}
	updateMs = ((cpuSeconds(pid) - cpuBefore) * 1000) / UPDATES;
	atUpdates = memory(pid);
	process.stderr.write(
		`${UPDATES} updates with 40 asks of 0.9 MB open: ${fmt(updateMs)} ms CPU each; peak ${fmt(atUpdates.peak)} MB\n`,
	);

	// (2) Up to the caps: more big asks until refused, small ones until 200, connections until refused; 10 pages.
	for (let n = 20; n < 40; n++) {
		const agent = await openAgent(agentUrl);
		if (typeof agent === "string") {
			refusals.set(`connection ${agent}`, (refusals.get(`connection ${agent}`) ?? 0) + 1);
			continue;
		}
		agents.push(agent);
		for (const id of ["a", "b"]) agent.socket.send(askFrame(`big-${n}-${id}`, "x".repeat(1_000_000)));
		for (let k = 0; k < 18; k++) agent.socket.send(askFrame(`fill-${n}-${k}`));
	}
	await new Promise((resolve) => setTimeout(resolve, 1_000));
	for (const agent of agents) {
		for (const error of agent.refusals) {
			const cap =
				/all agents would exceed \d+ MB|already holds \d+ open questions|this connection[^;]*/.exec(error)?.[0] ??
				error;
			refusals.set(cap, (refusals.get(cap) ?? 0) + 1);
		}
	}
	capsHeld = page.asks();
	const opening = Array.from({ length: 10 }, () => openPage(origin, cookie));
	for (const opened of await Promise.all(opening)) pages.push(opened);
	await until(() => pages.every((open) => open.asks() === capsHeld));
	atCaps = memory(pid);
	process.stderr.write(
		`at the caps (${capsHeld} asks) with 11 pages: RSS ${fmt(atCaps.rss)} MB, peak ${fmt(atCaps.peak)} MB\n`,
	);
} finally {
	for (const open of pages) open.socket.terminate();
	for (const agent of agents) agent.socket.terminate();
	child.kill("SIGTERM");
	if (child.exitCode === null) await once(child, "exit");
	rmSync(root, { recursive: true, force: true });
}

const peakRatio = (atUpdates.peak - baseline.rss) / dataMb;
const report: BenchReport = {
	title: "Web page server: work per update, memory at the caps",
	summary: [
		{
			what: "pi-ask-anywhere web: CPU for one update (an ask added or closed) with 40 open asks of 0.9 MB",
			ours: `${fmt(updateMs)} ms`,
			reference: "137 ms before each item's text was kept",
			target: `≤ ${TARGET_UPDATE_MS} ms`,
			met: updateMs <= TARGET_UPDATE_MS,
		},
		{
			what: "pi-ask-anywhere web: peak memory above the idle server, ÷ the asks' data (36 MB)",
			ours: `${fmt(peakRatio)}×`,
			reference: "600 MB for 35 MB of asks before",
			target: `≤ ${TARGET_PEAK_RATIO}×`,
			met: peakRatio <= TARGET_PEAK_RATIO,
		},
		{
			what: "pi-ask-anywhere web at the caps on all agents (32 connections, 200 asks, 48 MB) with 10 pages opening at once: peak RSS",
			ours: `${fmt(atCaps.peak)} MB`,
			reference: "2.7 GB before the caps (50 agents × 2 asks of 0.95 MB, 10 pages)",
			target: "< 512 MB",
			met: atCaps.peak < 512,
		},
	],
	markdown: `The built \`pi-ask-anywhere web\`, real agents (WebSocket clients speaking the bridge protocol) and pages
listening on \`/live\`; CPU time and memory of the server process from /proc.

${table(
	["measure", "value"],
	[
		["idle server with one page: RSS", `${fmt(baseline.rss)} MB`],
		[`${UPDATES} updates with 40 asks of 0.9 MB open (${fmt(dataMb)} MB): CPU per update`, `${fmt(updateMs)} ms`],
		["peak RSS by then", `${fmt(atUpdates.peak)} MB (${fmt(peakRatio)}× the data above the idle server)`],
		[`at the caps: asks held, shown on every page`, `${capsHeld}`],
		["at the caps with 11 pages: RSS now, peak", `${fmt(atCaps.rss)} MB, ${fmt(atCaps.peak)} MB`],
		...[...refusals].map(([cap, count]): [string, string] => [`refused: ${cap}`, `${count}`]),
	],
)}`,
};
emit(report);
