/**
 * Builds dist/ only when what it is built from changed since the last build: `npm test`, `npm run demo` and
 * `npm run bench` run this instead of a full build (25 s on 2 cores, three times in a CI run).
 *   node scripts/build-if-changed.mjs          build when the sources' digest differs from the last build's
 *   node scripts/build-if-changed.mjs --stamp  record the sources' digest (`npm run build` does, after building)
 * The digest covers every file the build reads of this repository (src/, the tsup config and its plugin, tsconfig,
 * package.json) by content, not by time: a fresh clone or a checkout changes times but not what dist/ would be.
 * It is kept outside dist/ (node_modules/.cache), so it is never published.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const STAMP = join(ROOT, "node_modules", ".cache", "pi-ask-anywhere", "build-sources");
const INPUTS = ["src", "tsup.config.ts", "scripts/start-path-chunk.ts", "tsconfig.json", "package.json"];
/** What a build always writes; a dist/ without it was removed or never built. */
const OUTPUT = join(ROOT, "dist", "index.js");

function filesUnder(path) {
	if (!existsSync(path)) return [];
	try {
		return readdirSync(path, { withFileTypes: true })
			.flatMap((entry) => filesUnder(join(path, entry.name)))
			.sort();
	} catch {
		return [path];
	}
}

function sourcesDigest() {
	const hash = createHash("sha256");
	for (const file of INPUTS.flatMap((input) => filesUnder(join(ROOT, input)))) {
		hash.update(`${relative(ROOT, file)}\0`);
		hash.update(readFileSync(file));
		hash.update("\0");
	}
	return hash.digest("hex");
}

function stamp(digest) {
	mkdirSync(dirname(STAMP), { recursive: true });
	writeFileSync(STAMP, `${digest}\n`);
}

const digest = sourcesDigest();
if (process.argv.includes("--stamp")) {
	stamp(digest);
} else {
	const built = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : "";
	if (built === digest && existsSync(OUTPUT)) {
		console.log("dist/ is up to date with the sources (not rebuilt)");
	} else {
		const npm = process.platform === "win32" ? "npm.cmd" : "npm";
		const build = spawnSync(npm, ["run", "build"], { cwd: ROOT, stdio: "inherit" });
		process.exitCode = build.status ?? 1;
	}
}
