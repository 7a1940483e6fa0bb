/**
 * A small markdown reader for previews and question context, pure: it returns a tree of a few known elements
 * and plain text, which the page builds with `createElement` and `textContent` — never `innerHTML` — so no
 * HTML in a question can reach the page as markup. Covered: paragraphs, `#` headings, fenced and indented
 * code, `-`/`*`/`1.` lists, `>` quotes, `**bold**`, `*italic*`/`_italic_`, `` `code` ``; links show as text.
 */

export type MdTag = "p" | "h3" | "h4" | "h5" | "pre" | "code" | "ul" | "ol" | "li" | "blockquote" | "strong" | "em";

export interface MdElement {
	tag: MdTag;
	children: MdNode[];
}

export type MdNode = MdElement | string;

const el = (tag: MdTag, children: MdNode[]): MdElement => ({ tag, children });

/** Inline markup: code spans first (their content is literal), then bold, then italics; links keep their text. */
function renderInline(text: string): MdNode[] {
	const nodes: MdNode[] = [];
	const pattern =
		/`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?!\w)|(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)|\[([^\]]+)\]\(([^)\s]+)\)/g;
	let last = 0;
	for (const match of text.matchAll(pattern)) {
		const start = match.index ?? 0;
		if (start > last) nodes.push(text.slice(last, start));
		const [, code, bold1, bold2, italic1, italic2, linkText, linkUrl] = match;
		if (code !== undefined) nodes.push(el("code", [code]));
		else if (bold1 !== undefined || bold2 !== undefined) nodes.push(el("strong", renderInline(bold1 ?? bold2 ?? "")));
		else if (italic1 !== undefined || italic2 !== undefined)
			nodes.push(el("em", renderInline(italic1 ?? italic2 ?? "")));
		else if (linkText !== undefined) nodes.push(...renderInline(linkText), ` (${linkUrl})`);
		last = start + match[0].length;
	}
	if (last < text.length) nodes.push(text.slice(last));
	return nodes;
}

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const QUOTE = /^\s*>\s?(.*)$/;
const INDENTED = /^( {4}|\t)/;

/** Block structure, line by line. */
export function renderMarkdown(source: string): MdElement[] {
	const lines = source.replace(/\r\n?/g, "\n").split("\n");
	const blocks: MdElement[] = [];
	let i = 0;
	const at = (index: number): string => lines[index] ?? "";
	while (i < lines.length) {
		const line = at(i);
		if (line.trim() === "") {
			i++;
			continue;
		}
		const fence = FENCE.exec(line)?.[1];
		if (fence) {
			const code: string[] = [];
			i++;
			while (i < lines.length && !at(i).trim().startsWith(fence)) code.push(at(i++));
			i++;
			blocks.push(el("pre", [el("code", [code.join("\n")])]));
			continue;
		}
		if (INDENTED.test(line)) {
			const code: string[] = [];
			while (i < lines.length && (INDENTED.test(at(i)) || at(i).trim() === ""))
				code.push(at(i++).replace(INDENTED, ""));
			blocks.push(el("pre", [el("code", [code.join("\n").replace(/\n+$/, "")])]));
			continue;
		}
		const heading = HEADING.exec(line);
		if (heading) {
			const level = Math.min(3, (heading[1] ?? "#").length);
			blocks.push(el(level === 1 ? "h3" : level === 2 ? "h4" : "h5", renderInline(heading[2] ?? "")));
			i++;
			continue;
		}
		const list = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : undefined;
		if (list) {
			const items: MdElement[] = [];
			while (i < lines.length && list.test(at(i))) items.push(el("li", renderInline(list.exec(at(i++))?.[1] ?? "")));
			blocks.push(el(list === BULLET ? "ul" : "ol", items));
			continue;
		}
		if (QUOTE.test(line)) {
			const quoted: string[] = [];
			while (i < lines.length && QUOTE.test(at(i))) quoted.push(QUOTE.exec(at(i++))?.[1] ?? "");
			blocks.push(el("blockquote", renderMarkdown(quoted.join("\n"))));
			continue;
		}
		const paragraph: string[] = [];
		while (
			i < lines.length &&
			at(i).trim() !== "" &&
			!FENCE.test(at(i)) &&
			!HEADING.test(at(i)) &&
			!BULLET.test(at(i)) &&
			!NUMBERED.test(at(i)) &&
			!QUOTE.test(at(i))
		) {
			paragraph.push(at(i++).trim());
		}
		blocks.push(el("p", renderInline(paragraph.join(" "))));
	}
	return blocks;
}
