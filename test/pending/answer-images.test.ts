import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_TABLES } from "../../src/i18n/tables.js";
import { answerImageReader } from "../../src/pending/answer-images.js";
import { TINY_PNG } from "../image-fixtures.js";

let dir: string | undefined;
afterEach(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

describe("images named by path in answers given as data", () => {
	it("reads a project-relative image; asks whether images are allowed only when one is named", () => {
		dir = mkdtempSync(join(tmpdir(), "answer-images-"));
		writeFileSync(join(dir, "shot.png"), TINY_PNG);
		writeFileSync(join(dir, "notes.png"), "text");
		let asked = 0;
		const read = answerImageReader(() => {
			asked++;
			return { allowed: true };
		}, dir);
		expect(asked).toBe(0);
		expect(read("shot.png")).toMatchObject({ ok: true, image: { name: "shot.png", bytes: TINY_PNG.length } });
		expect(read("notes.png")).toMatchObject({ ok: false, reason: "notes.png is not a PNG, JPEG, GIF or WebP image" });
		expect(read("gone.png")).toMatchObject({ ok: false, reason: "gone.png does not exist or cannot be read" });
		expect(read(".")).toMatchObject({ ok: false, reason: ". is not an image file" });
		expect(asked).toBe(4);
	});

	it("a text-only model or pi's images.blockImages refuses every image, saying which", () => {
		const model = answerImageReader(() => ({ allowed: false, why: "model" }), "/nowhere");
		const blocked = answerImageReader(() => ({ allowed: false, why: "blocked" }), "/nowhere");
		expect(model("shot.png")).toMatchObject({
			ok: false,
			reason: "images cannot be attached: this model cannot read images",
		});
		expect(blocked("shot.png")).toMatchObject({
			ok: false,
			reason: "images cannot be attached: pi's settings block them (images.blockImages)",
		});
	});

	it("says why in the run's language", () => {
		dir = mkdtempSync(join(tmpdir(), "answer-images-"));
		writeFileSync(join(dir, "notes.png"), "text");
		const de = CLI_TABLES.de.images;
		const read = answerImageReader(() => ({ allowed: true }), dir, de);
		expect(read("notes.png")).toMatchObject({
			ok: false,
			reason: "notes.png ist kein PNG-, JPEG-, GIF- oder WebP-Bild",
		});
		expect(read("gone.png")).toMatchObject({ ok: false, reason: "gone.png existiert nicht oder ist nicht lesbar" });
		expect(read(".")).toMatchObject({ ok: false, reason: ". ist keine Bilddatei" });
		const model = answerImageReader(() => ({ allowed: false, why: "model" }), dir, de);
		expect(model("shot.png")).toMatchObject({
			reason: "Bilder können nicht angehängt werden: Dieses Modell kann keine Bilder lesen",
		});
		const blocked = answerImageReader(() => ({ allowed: false, why: "blocked" }), dir, de);
		expect(blocked("shot.png")).toMatchObject({
			reason: "Bilder können nicht angehängt werden: Die Einstellungen von pi sperren sie (images.blockImages)",
		});
	});
});
