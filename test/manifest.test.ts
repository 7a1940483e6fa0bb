/**
 * What package.json promises an installer: the Node the package needs (`engines`, which npm warns on), the same the
 * build targets (tsup's `target: "node20"`) and docs/install.md names.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "./pi-versions/pi.js";

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

it("names the Node it needs, the one the build targets and the install docs say", () => {
	const manifest = JSON.parse(read("package.json")) as { engines?: { node?: string } };
	expect(manifest.engines?.node).toBe(">=20");
	expect(read("tsup.config.ts")).toContain('target: "node20"');
	expect(read("docs/install.md")).toContain("The package itself needs Node ≥ 20");
});
