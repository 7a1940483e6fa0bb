/**
 * Child process of bench/startup.ts (plain node, no tsx, so nothing but pi is preloaded). Imports pi's
 * own modules as `pi` does before it loads extensions, then measures `total`: pi's extension loader (jiti)
 * loading this package, import + factory, as in `pi -e`; prints the milliseconds as one JSON line.
 * Usage: node bench/startup-probe.mjs total [package dir]
 * (default: this checkout; bench/startup.ts passes a private copy, see bench/lib/snapshot.ts).
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = process.argv[3] ?? join(dirname(fileURLToPath(import.meta.url)), "..");
const piIndex = import.meta.resolve("@mariozechner/pi-coding-agent");
const loaderUrl = new URL("./core/extensions/loader.js", piIndex).href;

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;

await import(piIndex);
const loader = await import(loaderUrl);

const mode = process.argv[2];
const result = {};
if (mode === "total") {
	const start = process.hrtime.bigint();
	const loaded = await loader.loadExtensions([ROOT], ROOT);
	result.total = ms(start);
	if (loaded.errors.length > 0) throw new Error(JSON.stringify(loaded.errors));
} else {
	throw new Error(`unknown probe mode ${mode}`);
}
process.stdout.write(`${JSON.stringify(result)}\n`);
