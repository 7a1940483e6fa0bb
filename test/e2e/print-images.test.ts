/**
 * Images in answers given as data, against the real pi: an image file named in an edited pending file, or in an
 * `--answers` entry, reaches the model as an image block (its bytes exactly), and the answers' JSON names it.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TINY_PNG } from "../image-fixtures.js";
import { createWorkspace, expectSuccess, runPrint, SPEC_EXAMPLE, type Workspace } from "./harness.js";

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
	writeFileSync(join(ws.cwd, "shot.png"), TINY_PNG);
});
afterEach(() => ws.cleanup());

const SHOT = {
	mimeType: "image/png",
	bytes: TINY_PNG.length,
	sha256: createHash("sha256").update(TINY_PNG).digest("hex"),
};

function askAndSave(): void {
	ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }, { echo: true }]);
	expectSuccess(runPrint(ws, ["set up the service"]));
}

/** The user message that delivered the answers, as the model received it. */
function deliveredAnswers() {
	return ws.lastMessages().findLast((m) => m.role === "user" && m.text.includes("<ask_user_answers"));
}

describe("images named in answers given as data reach the model", () => {
	it("an edited pending file's answer with images: [shot.png], then pi -c: one image block, exactly those bytes", () => {
		askAndSave();
		const file = JSON.parse(readFileSync(ws.pendingPath(), "utf8"));
		file.questions[0].answer = "PostgreSQL (Recommended)";
		file.questions[1].answer = "order-processor";
		file.questions[1].images = ["shot.png"];
		writeFileSync(ws.pendingPath(), JSON.stringify(file, null, 2));
		expectSuccess(runPrint(ws, ["-c"]));
		const delivered = deliveredAnswers();
		expect(delivered?.images).toEqual([SHOT]);
		expect(delivered?.text).toContain(
			`"answer":"order-processor","wasCustom":true,"images":[{"name":"shot.png","mimeType":"image/png","bytes":${TINY_PNG.length}}]`,
		);
	});

	it("--answers with an { answer, images } entry: the image reaches the model with the answers", () => {
		askAndSave();
		expectSuccess(
			runPrint(ws, [
				"-c",
				"--answers",
				JSON.stringify(["PostgreSQL (Recommended)", { answer: "order-processor", images: ["shot.png"] }]),
			]),
		);
		expect(deliveredAnswers()?.images).toEqual([SHOT]);
	});

	it("an image that is not one is refused, naming it; nothing is delivered and the questions stay", () => {
		askAndSave();
		writeFileSync(join(ws.cwd, "notes.png"), "just text");
		const run = runPrint(ws, [
			"-c",
			"--answers",
			JSON.stringify(["PostgreSQL (Recommended)", { answer: "x", images: ["notes.png"] }]),
		]);
		expect(run.code).not.toBe(0);
		expect(run.stderr).toContain("notes.png is not a PNG, JPEG, GIF or WebP image");
		expect(deliveredAnswers()).toBeUndefined();
		expect(JSON.parse(readFileSync(ws.pendingPath(), "utf8")).toolCallId).toBeTypeOf("string");
	});

	it("a text-only model: images named in --answers are refused with the reason, never dropped", () => {
		askAndSave();
		const run = runPrint(
			ws,
			["-c", "--answers", JSON.stringify(["PostgreSQL (Recommended)", { answer: "x", images: ["shot.png"] }])],
			{ env: { PI_SCRIPTED_TEXT_ONLY: "1" } },
		);
		expect(run.code).not.toBe(0);
		expect(run.stderr).toContain("this model cannot read images");
		expect(deliveredAnswers()).toBeUndefined();
	});
});
