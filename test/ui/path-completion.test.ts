/**
 * Tab completes file and folder paths in every text input (Other, free text, notes) when the word
 * at the cursor starts with ./ ../ ~/ / or @; otherwise Tab keeps switching questions. The file system is a fake.
 */
import { describe, expect, it } from "vitest";
import { completePath, type PathSource } from "../../src/ui/path-completion.js";
import { DATABASE, NAME } from "../fixtures.js";
import { K, openDialog } from "./helpers.js";

const TREE: Record<string, { name: string; isDirectory: boolean }[]> = {
	"/work/project": [
		{ name: "src", isDirectory: true },
		{ name: "scripts", isDirectory: true },
		{ name: "README.md", isDirectory: false },
		{ name: ".env", isDirectory: false },
		{ name: ".git", isDirectory: true },
	],
	"/work/project/src": [
		{ name: "index.ts", isDirectory: false },
		{ name: "ui", isDirectory: true },
	],
	"/work": [
		{ name: "project", isDirectory: true },
		{ name: "other", isDirectory: true },
	],
	"/home/me": [{ name: "notes.txt", isDirectory: false }],
	"/": [{ name: "etc", isDirectory: true }],
};
const FS: PathSource = { cwd: "/work/project", home: "/home/me", list: (dir) => TREE[dir] };

describe("completePath (pure, over a fake file system)", () => {
	it("completes ./, ../, ~/, / and @ words; a folder gets its slash", () => {
		expect(completePath("see ./sr", FS)).toEqual({ text: "see ./src/", candidates: ["src/"] });
		expect(completePath("./src/in", FS)).toEqual({ text: "./src/index.ts", candidates: ["index.ts"] });
		expect(completePath("../ot", FS)).toEqual({ text: "../other/", candidates: ["other/"] });
		expect(completePath("~/no", FS)).toEqual({ text: "~/notes.txt", candidates: ["notes.txt"] });
		expect(completePath("/et", FS)).toEqual({ text: "/etc/", candidates: ["etc/"] });
		expect(completePath("@REA", FS)).toEqual({ text: "@README.md", candidates: ["README.md"] });
	});

	it("several matches: the common start, and the list (folders first)", () => {
		expect(completePath("./s", FS)).toEqual({ text: "./s", candidates: ["scripts/", "src/"] });
		expect(completePath("./", FS)?.candidates).toEqual(["scripts/", "src/", ".env", "README.md"]);
	});

	it("follows pi's listing: hidden files are offered, .git never", () => {
		expect(completePath("./.", FS)).toEqual({ text: "./.env", candidates: [".env"] });
	});

	it("a word that is not a path, or a folder that cannot be read: no completion", () => {
		expect(completePath("src", FS)).toBeUndefined();
		expect(completePath("see src/", FS)).toBeUndefined();
		expect(completePath("", FS)).toBeUndefined();
		expect(completePath("./missing/x", FS)).toEqual({ text: "./missing/x", candidates: [] });
	});
});

describe("Tab in the dialog's text inputs", () => {
	it("completes a path in a free-text answer inside tabs; on other words Tab still switches questions", () => {
		const h = openDialog([NAME, DATABASE], undefined, { paths: FS });
		h.type("see ./sr");
		h.press(K.tab);
		expect(h.text()).toContain("see ./src/");
		expect(h.text()).toContain("1/2");
		h.type("in");
		h.press(K.tab);
		expect(h.text()).toContain("see ./src/index.ts");
		h.press(K.space);
		h.type("ok");
		h.press(K.tab);
		expect(h.text()).toContain("2/2");
		h.press(K.tab);
		expect(h.text()).toContain("Review your answers");
		h.press(K.enter);
		expect(h.outcome()).toMatchObject({ answers: [{ answer: "see ./src/index.ts ok" }] });
	});

	it("lists the matches under the input when there are several", () => {
		const h = openDialog([DATABASE], undefined, { paths: FS });
		h.press("0", K.enter);
		h.type("./s");
		h.press(K.tab);
		expect(h.text()).toMatch(/scripts\/ +src\//);
	});

	it("completes in the note input too", () => {
		const h = openDialog([DATABASE], undefined, { paths: FS });
		h.press(K.ctrlN);
		h.type("@READ");
		h.press(K.tab);
		expect(h.text()).toContain("@README.md");
	});
});
