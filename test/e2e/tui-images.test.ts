/**
 * Images in answers, in the real pi TUI under a pseudo-terminal: an image file's path typed into a free-text answer
 * and attached with pi's paste-image key reaches the model as an image block of the ask_user result, named in the
 * result's JSON; with a text-only model the dialog says it cannot attach and nothing is attached.
 */
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NAME } from "../fixtures.js";
import { resultJson, waitForToolResult } from "./harness.js";
import { tuiPerTest } from "./tui-session.js";

const session = tuiPerTest();
const DIALOG_TIMEOUT = 40_000;
/** pi's paste-image key (Ctrl+V; Alt+V on Windows). */
const PASTE_IMAGE = process.platform === "win32" ? "\x1bv" : "\x16";
/** A 1×1 PNG. */
const PNG = Buffer.from(
	"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
	"base64",
);

describe("images in answers, in pi's TUI", () => {
	it("a typed image path, attached, reaches the model as an image block named in the answer", async () => {
		const t = session.ask({ questions: [NAME] });
		writeFileSync(join(session.ws().cwd, "my shot.png"), PNG);
		await t.waitFor("Ctrl+V image", DIALOG_TIMEOUT);
		t.type("'my shot.png'");
		await t.waitFor("Ctrl+V attach my shot.png as an image");
		t.type(PASTE_IMAGE);
		await t.waitFor(`📎 my shot.png (${PNG.length} B)`);
		t.type("this one");
		await t.waitFor("this one");
		t.type("\r");
		const result = await waitForToolResult(session.ws());
		expect(result.isError).toBe(false);
		expect(resultJson(result.text)).toMatchObject({
			answered: true,
			answers: [
				{
					answer: "this one",
					wasCustom: true,
					images: [{ name: "my shot.png", mimeType: "image/png", bytes: PNG.length }],
				},
			],
		});
		expect(result.images).toEqual([
			{ mimeType: "image/png", bytes: PNG.length, sha256: createHash("sha256").update(PNG).digest("hex") },
		]);
	});

	it("a text-only model: the dialog says it cannot attach, and nothing is attached", async () => {
		const t = session.ask({ questions: [NAME] }, {}, { PI_SCRIPTED_TEXT_ONLY: "1" });
		writeFileSync(join(session.ws().cwd, "shot.png"), PNG);
		await t.waitFor("This model cannot read images", DIALOG_TIMEOUT);
		t.type("shot.png");
		await t.waitFor("shot.png");
		t.type(PASTE_IMAGE);
		t.type("\r");
		const result = await waitForToolResult(session.ws());
		const json = resultJson(result.text) as { answers: { answer: string; images?: unknown }[] };
		expect(json.answers[0]?.answer).toBe("shot.png");
		expect(json.answers[0]?.images).toBeUndefined();
		expect(result.images ?? []).toEqual([]);
	});
});
