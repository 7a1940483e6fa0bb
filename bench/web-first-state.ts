/**
 * What a page costs `pi-ask-anywhere web` when it loads, and reloads, many asks at once: 40 asks of 0.9 MB wait (two
 * from each of 20 agents) before any page is open; then a page opens and gets them all as its first state, and is
 * reloaded (closed, and a new one opened) a few times. The figure is the server's peak RSS during each load above the
 * idle server (before any ask), divided by the asks' data: a ratio of memory, which a busy machine changes little
 * (the peak is reset before each load, and the worst load counts). Knob: BENCH_WEB_RELOADS (3; 1 with --quick).
 */
import { once } from "node:events";
import { rmSync } from "node:fs";
import { type BenchReport, emit, fmt, table } from "./lib/stats.js";
import {
	type Agent,
	askFrame,
	memory,
	openAgent,
	openPage,
	type Page,
	resetPeak,
	signedInCommand,
	until,
} from "./lib/web.js";

const RELOADS = Number(process.env.BENCH_WEB_RELOADS ?? (process.env.BENCH_IDLE_RUNS === "1" ? 1 : 3));
const ASKS = 40;
const TARGET_RATIO = 3;

const { root, child, pid, origin, cookie } = await signedInCommand("web-first-state");
const agents: Agent[] = [];
const pages: Page[] = [];
const description = "x".repeat(900_000);
const dataMb = (ASKS * Buffer.byteLength(askFrame("big-0-a", description))) / 2 ** 20;
let idle = Number.NaN;
let held = Number.NaN;
const loads: number[] = [];
try {
	idle = memory(pid).rss;
	for (let n = 0; n < ASKS / 2; n++) {
		const agent = (await openAgent(`${origin.replace("http", "ws")}/agent`)) as Agent;
		agents.push(agent);
		for (const id of ["a", "b"]) agent.socket.send(askFrame(`big-${n}-${id}`, description));
	}
	// Every ask has arrived once the agents' sockets have nothing left to send and the server's memory is still.
	await until(() => agents.every((agent) => agent.socket.bufferedAmount === 0));
	for (let last = -1, now = memory(pid).rss; now !== last; last = now, now = memory(pid).rss) {
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	held = memory(pid).rss;
	for (let load = 0; load <= RELOADS; load++) {
		const previous = pages.pop();
		if (previous) {
			// A reload: the old page goes as the new one comes.
			previous.socket.close();
		}
		resetPeak(pid);
		const page = await openPage(origin, cookie);
		pages.push(page);
		await until(() => page.asks() === ASKS);
		loads.push((memory(pid).peak - idle) / dataMb);
		process.stderr.write(
			`${load === 0 ? "first load" : `reload ${load}`}: peak ${fmt(memory(pid).peak)} MB, ${fmt(loads.at(-1) ?? 0)}× the data above idle\n`,
		);
	}
} finally {
	for (const open of pages) open.socket.terminate();
	for (const agent of agents) agent.socket.terminate();
	child.kill("SIGTERM");
	if (child.exitCode === null) await once(child, "exit");
	rmSync(root, { recursive: true, force: true });
}

const [first = Number.NaN, ...reloads] = loads;
const worstReload = Math.max(...reloads);
const worst = Math.max(first, worstReload);
const report: BenchReport = {
	title: "Web page server: a page loading 40 open asks",
	summary: [
		{
			what: `pi-ask-anywhere web: peak memory above the idle server while a page loads, and reloads, ${ASKS} open asks of 0.9 MB, ÷ their data (${fmt(dataMb)} MB)`,
			ours: `${fmt(first)}× (load), ${fmt(worstReload)}× (worst of ${reloads.length} reloads)`,
			reference: "4.7× (load), 5.2× (reload) when the first state went out in 8 MB messages, all at once",
			target: `≤ ${TARGET_RATIO}×`,
			met: worst <= TARGET_RATIO,
		},
	],
	markdown: `The built \`pi-ask-anywhere web\`; ${ASKS} asks of 0.9 MB sent by 20 agents before any page opens; then a page
opens and is reloaded ${reloads.length} times. The server's peak RSS (\`VmHWM\`, reset before each load) above the idle
server, ÷ the asks' data.

${table(
	["measure", "value"],
	[
		["idle server, no ask: RSS", `${fmt(idle)} MB`],
		[
			`${ASKS} asks held (${fmt(dataMb)} MB), no page: RSS`,
			`${fmt(held)} MB (${fmt((held - idle) / dataMb)}× the data)`,
		],
		...loads.map((ratio, i): [string, string] => [
			i === 0 ? "a page loads them: peak ÷ data" : `reload ${i}: peak ÷ data`,
			`${fmt(ratio)}×`,
		]),
	],
)}`,
};
emit(report);
