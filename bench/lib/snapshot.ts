/**
 * A private copy of the built package (package.json + dist/) in a temp folder, with node_modules linked
 * back to the checkout's, so that pi loads exactly the modules it would load from the checkout while
 * other people's `npm run build` (which empties dist/) cannot pull the files away mid-benchmark.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../../test/e2e/harness.js";

export interface PackageSnapshot {
	dir: string;
	cleanup(): void;
}

/** `from`: the folder holding the build (package.json + dist/), the checkout's unless another build is compared. */
export function snapshotPackage(from: string = ROOT): PackageSnapshot {
	if (!existsSync(join(from, "dist/index.js"))) throw new Error(`${from}/dist/index.js is missing: build it first`);
	const dir = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-bench-pkg-"));
	cpSync(join(from, "package.json"), join(dir, "package.json"));
	cpSync(join(from, "dist"), join(dir, "dist"), { recursive: true });
	symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
	return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
