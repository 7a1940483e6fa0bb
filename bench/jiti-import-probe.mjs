/**
 * Child process of bench/startup.ts, run under a pi 1.x line's own Node: how much CPU that pi's jiti spends importing
 * the package's `dist/index.js` as pi 1.x's bundle sets jiti up (its static entry, `tryNative: false`, no module
 * cache, TypeBox handed in as a virtual module). Every file a start imports is resolved, read from jiti's cache and
 * compiled here, so this figure follows the number and the size of those files, without the rest of a pi start.
 * Usage: node bench/jiti-import-probe.mjs <pi folder> <package dir>; prints {"cpuMs": …} as one JSON line.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [folder, packageDir] = process.argv.slice(2);
if (!folder || !packageDir) throw new Error("usage: jiti-import-probe.mjs <pi folder> <package dir>");
const modules = join(folder, "node_modules");
const { createJiti } = await import(pathToFileURL(join(modules, "jiti/lib/jiti-static.mjs")).href);
const typebox = await import(pathToFileURL(join(modules, "typebox/build/index.mjs")).href);
const jiti = createJiti(import.meta.url, { moduleCache: false, tryNative: false, virtualModules: { typebox } });
const before = process.cpuUsage();
const factory = await jiti.import(join(packageDir, "dist/index.js"), { default: true });
const used = process.cpuUsage(before);
if (typeof factory !== "function") throw new Error("dist/index.js exports no extension factory");
process.stdout.write(`${JSON.stringify({ cpuMs: (used.user + used.system) / 1000 })}\n`);
