/**
 * A fresh folder set up as a user sets up an app: this package from its `npm pack` tarball, and the pi under test
 * from the registry at its version (0.73.1, 0.87.1). pi 1.x does not install from this registry (its declared
 * dependencies are bundled and some are missing here), so that folder links the 1.x that test/pi-versions/install
 * set up, as a user following the README's 1.x recipe has it.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { patient } from "../patience.js";
import { PI, ROOT, versionAtLeast } from "../pi-versions/pi.js";

export interface InstalledApp {
	/** The app's folder (its package.json is `"type": "module"`). */
	dir: string;
	/** This package as installed there (node_modules/pi-ask-anywhere). */
	packageDir: string;
	/** The packed tarball. */
	tarball: string;
	cleanup(): void;
}

const npm = (cwd: string, args: string[]) =>
	execFileSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], {
		cwd,
		encoding: "utf8",
		timeout: patient(240_000),
		stdio: ["ignore", "pipe", "pipe"],
	});

/** Packs this repository (built already: `npm test` builds first) and installs it with the pi under test. */
export function installApp(): InstalledApp {
	const root = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-app-"));
	const packed = npm(ROOT, ["pack", "--pack-destination", root, "--silent"]).trim().split("\n").at(-1) ?? "";
	const tarball = join(root, packed);
	const dir = join(root, "app");
	mkdirSync(dir);
	writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
	const bundled = versionAtLeast(PI.version, "1.0.0");
	npm(dir, ["install", ...(bundled ? [] : [`${PI.packageName}@${PI.version}`]), tarball]);
	if (bundled) {
		const target = join(dir, "node_modules", PI.packageName);
		mkdirSync(dirname(target), { recursive: true });
		symlinkSync(realpathSync(join(PI.folder, "node_modules", PI.packageName)), target);
	}
	return {
		dir,
		packageDir: join(dir, "node_modules", "pi-ask-anywhere"),
		tarball,
		cleanup: () => rmSync(root, { recursive: true, force: true }),
	};
}
