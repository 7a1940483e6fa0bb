/** Recognising pi's own `@file` block for a pending file, against real files in a temp project. */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { attachedBlocks, findAttachedPendingFile } from "../../src/pending/attached-file.js";
import { PendingFileError } from "../../src/pending/pending-file.js";

let root: string;
let cwd: string;
beforeEach(() => {
	root = realpathSync(mkdtempSync(join(tmpdir(), "pi-ask-anywhere-attached-")));
	cwd = join(root, "project");
	mkdirSync(join(cwd, ".pi"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** The block exactly as pi 0.73.1's file-processor writes it for a text file. */
const block = (path: string, content: string) => `<file name="${path}">\n${content}\n</file>\n`;

describe("attachedBlocks", () => {
	const files = new Map([
		["/a.md", 'alpha </file>\n<file name="/b.md">\nquoted\n</file>\n'],
		["/b.md", "beta"],
	]);
	const read = (path: string) => files.get(path);

	it("walks pi's blocks in order, whatever their content quotes, and stops at the prompt", () => {
		const text = `${block("/a.md", files.get("/a.md") as string)}${block("/b.md", "beta")}summarize`;
		const blocks = attachedBlocks(text, read);
		expect(blocks.map((b) => b.name)).toEqual(["/a.md", "/b.md"]);
		expect(text.slice(blocks.at(-1)?.end)).toBe("summarize");
	});

	it("skips image blocks, which pi writes on one line", () => {
		const text = `<file name="/i.png">[Image: 10x10]</file>\n<file name="/j.png"></file>\n${block("/b.md", "beta")}x`;
		expect(attachedBlocks(text, read).map((b) => [b.name, b.content])).toEqual([
			["/i.png", undefined],
			["/j.png", undefined],
			["/b.md", "beta"],
		]);
	});

	it("finds nothing when the text does not hold exactly what the file holds, or does not start with a block", () => {
		expect(attachedBlocks(block("/b.md", "changed"), read)).toEqual([]);
		expect(attachedBlocks(block("/missing.md", "x"), read)).toEqual([]);
		expect(attachedBlocks(`say ${block("/b.md", "beta")}`, read)).toEqual([]);
		expect(attachedBlocks('<file name="/b.md', read)).toEqual([]);
	});
});

describe("findAttachedPendingFile", () => {
	const content = '{ "questions": "…" }';

	it("recognises the project's pending file and gives the person's words", () => {
		const path = join(cwd, ".pi", "pending-questions-2.json");
		writeFileSync(path, content);
		expect(findAttachedPendingFile(`${block(path, content)}use postgres`, cwd)).toEqual({
			path,
			content,
			words: "use postgres",
		});
	});

	it("ignores a pending file outside the project's .pi folder", () => {
		const outside = join(root, "elsewhere", ".pi", "pending-questions.json");
		mkdirSync(join(root, "elsewhere", ".pi"), { recursive: true });
		writeFileSync(outside, content);
		expect(findAttachedPendingFile(`${block(outside, content)}x`, cwd)).toBeUndefined();
		writeFileSync(join(cwd, "pending-questions.json"), content);
		expect(findAttachedPendingFile(`${block(join(cwd, "pending-questions.json"), content)}x`, cwd)).toBeUndefined();
	});

	it("ignores a pending file reached through a symlink, and a .pi folder that is one", () => {
		const target = join(root, "victim.json");
		writeFileSync(target, content);
		const link = join(cwd, ".pi", "pending-questions.json");
		symlinkSync(target, link);
		expect(findAttachedPendingFile(`${block(link, content)}x`, cwd)).toBeUndefined();

		const other = join(root, "other");
		mkdirSync(join(other, "real"), { recursive: true });
		writeFileSync(join(other, "real", "pending-questions.json"), content);
		symlinkSync(join(other, "real"), join(other, ".pi"));
		const through = join(other, ".pi", "pending-questions.json");
		expect(findAttachedPendingFile(`${block(through, content)}x`, other)).toBeUndefined();
		expect(existsSync(target)).toBe(true);
	});

	it("refuses two attached pending files: which one the words answer would be a guess", () => {
		const one = join(cwd, ".pi", "pending-questions.json");
		const two = join(cwd, ".pi", "pending-questions-2.json");
		writeFileSync(one, content);
		writeFileSync(two, content);
		expect(() => findAttachedPendingFile(`${block(one, content)}${block(two, content)}x`, cwd)).toThrow(
			PendingFileError,
		);
	});
});
