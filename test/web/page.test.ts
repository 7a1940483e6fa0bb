/** The page's pure parts: the answering flow (steps, review, "Discard N answers?") and the markdown reader. */
import { describe, expect, it } from "vitest";
import {
	answeredCount,
	attachImages,
	clickOption,
	describeDraft,
	flowAnswers,
	goTo,
	imageCount,
	keepAnswers,
	lastStep,
	removeImage,
	requestDismiss,
	startFlow,
	typeNote,
	typeOther,
} from "../../src/web/page/flow.js";
import { type MdNode, renderMarkdown } from "../../src/web/page/markdown.js";

const single = { question: "Which database?", multiSelect: false, options: [{ label: "Redis" }, { label: "SQLite" }] };
const multi = { question: "Which features?", multiSelect: true, options: [{ label: "Auth" }, { label: "Admin" }] };
const questions = [single, multi];

describe("the answering flow", () => {
	it("images attached are an answer of their own, counted over the set, removed one by one, sent without sizes", () => {
		const shot = { name: "shot.png", mimeType: "image/png", data: "iVBORw0KGgo=", bytes: 8 };
		const other = { ...shot, name: "other.png" };
		let flow = attachImages(startFlow(questions), 0, [shot, other]);
		expect(answeredCount(flow)).toBe(1);
		expect(imageCount(flow)).toBe(2);
		// A pick does not drop them: they go with whatever the answer is.
		flow = clickOption(flow, questions, 0, "Redis");
		expect(flowAnswers(flow)[0]).toEqual({
			chosen: ["Redis"],
			typed: "",
			note: "",
			images: [
				{ name: "shot.png", mimeType: "image/png", data: "iVBORw0KGgo=" },
				{ name: "other.png", mimeType: "image/png", data: "iVBORw0KGgo=" },
			],
		});
		flow = clickOption(removeImage(flow, 0, 0), questions, 0, "Redis");
		expect(flow.drafts[0]?.images?.map((image) => image.name)).toEqual(["other.png"]);
		flow = removeImage(flow, 0, 0);
		expect(flow.drafts[0]).toEqual({ chosen: [], typed: "", note: "" });
		expect(answeredCount(flow)).toBe(0);
	});

	it("keeps what was ticked, typed and noted, exactly; typed text is one answer", () => {
		let flow = startFlow(questions);
		flow = clickOption(flow, questions, 0, "Redis");
		flow = clickOption(flow, questions, 0, "SQLite");
		flow = clickOption(flow, questions, 1, "Admin");
		flow = clickOption(flow, questions, 1, "Auth");
		flow = typeOther(flow, questions, 1, "  Exports, as CSV ");
		flow = typeNote(flow, 1, " later ");
		expect(flowAnswers(flow)).toEqual([
			{ chosen: ["SQLite"], typed: "", note: "" },
			{ chosen: ["Admin", "Auth"], typed: "Exports, as CSV", note: "later" },
		]);
		expect(describeDraft(multi, flow.drafts[1])).toEqual(["Auth", "Admin", "Exports, as CSV"]);
	});

	it("single choice: typing replaces the pick, picking replaces the text, a second click unpicks", () => {
		let flow = clickOption(startFlow(questions), questions, 0, "Redis");
		flow = typeOther(flow, questions, 0, "DynamoDB");
		expect(flow.drafts[0]).toEqual({ chosen: [], typed: "DynamoDB", note: "" });
		flow = clickOption(flow, questions, 0, "SQLite");
		expect(flow.drafts[0]).toEqual({ chosen: ["SQLite"], typed: "", note: "" });
		flow = clickOption(flow, questions, 0, "SQLite");
		expect(flowAnswers(flow)[0]).toBeNull();
	});

	it("steps through the questions to a review, only when there are several", () => {
		expect(lastStep(questions)).toBe(2);
		expect(lastStep([single])).toBe(0);
		const flow = goTo(startFlow(questions), questions, 9);
		expect(flow.step).toBe(2);
		expect(goTo(flow, questions, -1).step).toBe(0);
	});

	it("dismissing with answers given asks 'Discard N answers?' first; No keeps them", () => {
		const empty = startFlow(questions);
		expect(requestDismiss(empty).dismiss).toBe(true);
		const answered = clickOption(empty, questions, 0, "Redis");
		expect(answeredCount(answered)).toBe(1);
		const asked = requestDismiss(answered);
		expect(asked).toMatchObject({ dismiss: false, flow: { confirmingDiscard: true } });
		expect(keepAnswers(asked.flow).confirmingDiscard).toBe(false);
		expect(requestDismiss(asked.flow).dismiss).toBe(true);
	});
});

function text(nodes: readonly MdNode[]): string {
	return nodes
		.map((node) => (typeof node === "string" ? node : `<${node.tag}>${text(node.children)}</${node.tag}>`))
		.join("");
}

describe("the markdown reader", () => {
	it("reads headings, paragraphs, lists, quotes, code and inline marks", () => {
		const source =
			"# Title\nsome **bold** and *it* and `a<b>`\n\n- one\n- two\n\n1. first\n\n> quoted\n\n```sql\nSELECT 1;\n```";
		expect(text(renderMarkdown(source))).toBe(
			"<h3>Title</h3><p>some <strong>bold</strong> and <em>it</em> and <code>a<b></code></p><ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote><p>quoted</p></blockquote><pre><code>SELECT 1;</code></pre>",
		);
	});

	it("never produces elements from HTML in the text: it stays text", () => {
		const nodes = renderMarkdown('<img src=x onerror="alert(1)"> <script>alert(2)</script> [x](javascript:alert(3))');
		const tags = new Set<string>();
		const walk = (list: readonly MdNode[]): void => {
			for (const node of list) {
				if (typeof node === "string") continue;
				tags.add(node.tag);
				walk(node.children);
			}
		};
		walk(nodes);
		expect([...tags]).toEqual(["p"]);
		expect(text(nodes)).toContain("<img src=x onerror=");
		expect(text(nodes)).toContain("x (javascript:alert(3))");
	});
});
