/**
 * An extension pi loads in place of the package, to see what the package's own code costs inside a real pi session
 * (bench/tool-calls.ts copies it beside the package's entry, so that pi's jiti compiles both alike and the package
 * resolves pi's modules through pi's own aliases). It imports the package's entry (BENCH_OWN_WORK_ENTRY), runs its
 * factory on a `pi` whose `on` and `registerTool` count the CPU time of every handler and tool hook the package gives
 * pi, and at exit writes the totals to BENCH_OWN_WORK_FILE as JSON: `loadMs` (the import and the factory) and
 * `handlers` (per handler: calls, CPU ms, the longest call's ms; a second handler of one event is `event#2`).
 * A handler is timed from its call until its promise settles: pi awaits each handler in turn, so little else runs
 * meanwhile. What the package makes pi do in pi's own code (one more tool declared at every turn) is not in it.
 */
import { writeFileSync } from "node:fs";

const entry = process.env.BENCH_OWN_WORK_ENTRY;
const out = process.env.BENCH_OWN_WORK_FILE;

/**
 * The process's CPU time in ms (getrusage, to the microsecond). A thread's own figure comes only in ticks on Linux
 * (getrusage's RUSAGE_THREAD, /proc's schedstat between ticks), too coarse for a handler of microseconds; V8's helper
 * threads count too, as the work of a handler's garbage would.
 */
const cpuMs = () => {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
};

/** What one reading costs, taken off every window. */
const READING_MS = (() => {
	const runs = 200;
	const start = cpuMs();
	for (let i = 0; i < runs; i++) cpuMs();
	return (cpuMs() - start) / (runs + 1);
})();

const totals = { loadMs: 0, handlers: {} };

/** `fn`, its CPU time (until its promise settles) added to `name`'s total at each call. */
function timed(name, fn) {
	const slot = { calls: 0, ms: 0, maxMs: 0 };
	totals.handlers[name] = slot;
	return function counted(...args) {
		const start = cpuMs();
		const add = () => {
			const ms = Math.max(0, cpuMs() - start - READING_MS);
			slot.calls += 1;
			slot.ms += ms;
			slot.maxMs = Math.max(slot.maxMs, ms);
		};
		let result;
		try {
			result = fn.apply(this, args);
		} catch (error) {
			add();
			throw error;
		}
		if (result && typeof result.then === "function") return result.finally(add);
		add();
		return result;
	};
}

const TOOL_HOOKS = ["prepareArguments", "execute", "renderCall", "renderResult"];

export default async function ownWork(pi) {
	if (!entry || !out) throw new Error("BENCH_OWN_WORK_ENTRY and BENCH_OWN_WORK_FILE must be set");
	process.on("exit", () => writeFileSync(out, JSON.stringify(totals)));
	const registered = new Map();
	const counting = new Proxy(pi, {
		get(target, key) {
			if (key === "on") {
				return (event, handler) => {
					const nth = (registered.get(event) ?? 0) + 1;
					registered.set(event, nth);
					return target.on(event, timed(nth === 1 ? event : `${event}#${nth}`, handler));
				};
			}
			if (key === "registerTool") {
				return (tool) => {
					const hooks = TOOL_HOOKS.filter((hook) => typeof tool[hook] === "function");
					return target.registerTool({
						...tool,
						...Object.fromEntries(hooks.map((hook) => [hook, timed(`tool.${hook}`, tool[hook])])),
					});
				};
			}
			const value = Reflect.get(target, key);
			return typeof value === "function" ? value.bind(target) : value;
		},
	});
	const start = cpuMs();
	const module = await import(entry);
	await (module.default ?? module)(counting);
	totals.loadMs = cpuMs() - start;
}
