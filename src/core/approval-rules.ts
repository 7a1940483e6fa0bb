/**
 * Which tool calls need the person's yes before they run: the `approvals` setting read into rules (a bad rule is a
 * sentence, the others still count), a call matched against them, and the one question an approval asks. Pure: the
 * settings file is read elsewhere (host/settings.ts) and the asking is the run's (lifecycle/approvals.ts).
 */
import { canonicalJson, digestOf } from "./digest.js";
import { isRecord } from "./json.js";
import type { AskRequest } from "./types.js";

/** One rule: a tool, and optionally a glob on one of its input fields. */
export interface ApprovalRule {
	tool: string;
	field?: { name: string; glob: string; pattern: RegExp };
	/** The rule as written (`bash command "git push*"`), shown to the person and kept with the ask. */
	text: string;
}

export interface ApprovalSettings {
	rules: ApprovalRule[];
	/** `timeoutSeconds`: how long an approval waits for the person before the call is blocked; `undefined`: no limit. */
	timeoutMs: number | undefined;
}

/** The fields pi's own tools take: a rule on any other field of theirs is a mistake the person should hear of. */
const BUILT_IN_FIELDS: Readonly<Record<string, readonly string[]>> = {
	bash: ["command", "timeout"],
	read: ["path", "offset", "limit"],
	write: ["path", "content"],
	edit: ["path", "oldText", "newText", "edits"],
	grep: ["pattern", "path", "glob"],
	find: ["pattern", "path"],
	ls: ["path", "limit"],
};

/** Fields that hold a path: there `*` stays within one folder and `**` crosses folders. */
const PATH_FIELDS = new Set(["path", "file_path", "filePath", "file"]);

/**
 * A glob as a regular expression, or why it is not one. `*` is any text (within one folder for a path field), `**`
 * any text, `**​/` any folders (none included), `?` one character, `[…]` a class, `{a,b}` alternatives.
 */
export function globPattern(glob: string, isPath: boolean): RegExp | string {
	if (glob === "") return "is empty";
	let out = "";
	let braces = 0;
	for (let i = 0; i < glob.length; i++) {
		const c = glob[i] as string;
		if (c === "*") {
			if (glob[i + 1] === "*") {
				i++;
				if (glob[i + 1] === "/") {
					i++;
					out += "(?:.*/)?";
				} else out += ".*";
			} else out += isPath ? "[^/]*" : ".*";
		} else if (c === "?") out += isPath ? "[^/]" : ".";
		else if (c === "[") {
			const end = glob.indexOf("]", i + 2);
			if (end < 0) return `has a "[" with no "]"`;
			const body = glob.slice(i + 1, end);
			out += `[${body.startsWith("!") ? `^${escapeClass(body.slice(1))}` : escapeClass(body)}]`;
			i = end;
		} else if (c === "{") {
			braces++;
			out += "(?:";
		} else if (c === "}" && braces > 0) {
			braces--;
			out += ")";
		} else if (c === "," && braces > 0) out += "|";
		else if (c === "\\" && i + 1 < glob.length) {
			i++;
			out += escapeText(glob[i] as string);
		} else out += escapeText(c);
	}
	if (braces > 0) return `has a "{" with no "}"`;
	try {
		return new RegExp(`^${out}$`, "s");
	} catch (error) {
		return (error as Error).message;
	}
}

function escapeText(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

function escapeClass(text: string): string {
	return text.replace(/[\\\]^]/g, "\\$&");
}

/** One rule from the settings, or why it is not one (`at`: where it stands, for the sentence). */
export function parseRule(value: unknown, at: string): ApprovalRule | string {
	if (!isRecord(value)) return `${at} must be an object such as { "tool": "bash", "command": "git push*" }`;
	const { tool, ...fields } = value;
	if (typeof tool !== "string" || tool.trim() === "") return `${at} must name a tool ("tool": "bash")`;
	const names = Object.keys(fields);
	if (names.length === 0) return { tool, text: tool };
	if (names.length > 1) return `${at} may give a glob on one field only, got ${names.join(", ")}`;
	const name = names[0] as string;
	const known = BUILT_IN_FIELDS[tool];
	if (known && !known.includes(name)) return `${at}: ${tool} has no field "${name}" (it has ${known.join(", ")})`;
	const glob = fields[name];
	if (typeof glob !== "string") return `${at}: "${name}" must be a glob (a string)`;
	const pattern = globPattern(glob, PATH_FIELDS.has(name));
	if (typeof pattern === "string") return `${at}: the glob ${JSON.stringify(glob)} ${pattern}`;
	return { tool, field: { name, glob, pattern }, text: `${tool} ${name} ${JSON.stringify(glob)}` };
}

/**
 * The `approvals` setting: a list of rules, or `{ "rules": [...], "timeoutSeconds": N }`. Each bad part is one
 * sentence in `problems` (naming `path`); the good rules still count.
 */
export function parseApprovals(
	value: unknown,
	path: string,
): { rules: ApprovalRule[]; timeoutSeconds?: number; problems: string[] } {
	const problems: string[] = [];
	let list: unknown = value;
	let timeoutSeconds: number | undefined;
	if (isRecord(value)) {
		for (const key of Object.keys(value))
			if (key !== "rules" && key !== "timeoutSeconds")
				problems.push(`${path}: approvals.${key} is not a setting (rules, timeoutSeconds)`);
		list = value.rules ?? [];
		const seconds = value.timeoutSeconds;
		if (seconds !== undefined) {
			if (typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0) timeoutSeconds = seconds;
			else problems.push(`${path}: approvals.timeoutSeconds must be a number of seconds`);
		}
	}
	if (!Array.isArray(list)) {
		problems.push(`${path}: approvals must be a list of rules, or { "rules": [...], "timeoutSeconds": N }`);
		return { rules: [], problems };
	}
	const rules: ApprovalRule[] = [];
	list.forEach((item, index) => {
		const rule = parseRule(item, `${path}: approvals rule ${index + 1}`);
		if (typeof rule === "string") problems.push(`${rule}; that rule is ignored`);
		else rules.push(rule);
	});
	return { rules, ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}), problems };
}

/** The first rule a call matches, if any. A rule's field that the call lacks, or that is not text, does not match. */
export function matchingRule(
	rules: readonly ApprovalRule[],
	toolName: string,
	input: unknown,
): ApprovalRule | undefined {
	return rules.find((rule) => {
		if (rule.tool !== toolName) return false;
		if (!rule.field) return true;
		const value = isRecord(input) ? input[rule.field.name] : undefined;
		if (typeof value !== "string") return false;
		return rule.field.pattern.test(rule.field.name === "command" ? value.trim() : value);
	});
}

/** One call, named by its tool and input: an Allow given later lets exactly this call run once. */
export function callHash(toolName: string, input: unknown): string {
	// Canonical JSON: one input has one name however the model ordered its keys.
	return digestOf(`${toolName}\n${canonicalJson(input)}`).slice(0, 32);
}

/** At most `max` characters of `text`, cut with an ellipsis. */
function cut(text: string, max: number): string {
	return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The short line that says what the call does: the command, the path, or the input as JSON. */
function callSummary(toolName: string, input: unknown): string {
	if (isRecord(input)) {
		if (typeof input.command === "string") return cut(input.command.trim(), 200);
		if (typeof input.path === "string") return cut(input.path, 200);
	}
	return cut(`${toolName} ${canonicalJson(input)}`, 200);
}

/** What an approval was, kept with its ask (`request.metadata.approval`) so that its record says so. */
export interface ApprovalFacts {
	tool: string;
	rule: string;
	summary: string;
	callHash: string;
}

/** An approval's facts, as kept with its ask (`request.metadata`); `undefined` for any other ask. */
export function approvalOf(metadata: unknown): ApprovalFacts | undefined {
	const approval = isRecord(metadata) ? metadata.approval : undefined;
	return isRecord(approval) &&
		typeof approval.callHash === "string" &&
		typeof approval.tool === "string" &&
		typeof approval.rule === "string" &&
		typeof approval.summary === "string"
		? { tool: approval.tool, rule: approval.rule, summary: approval.summary, callHash: approval.callHash }
		: undefined;
}

/** The option labels of an approval, in the person's language; the answer is matched against them. */
export interface ApprovalLabels {
	question(tool: string, summary: string): string;
	header: string;
	allow: string;
	allowSession: string;
	deny: string;
	noteHint: string;
	/** Said to the person when nobody could be asked: the call did not run, and how to allow it later. */
	pending(tool: string, summary: string, file: string, allow: string): string;
}

/** A short diff of an edit or a write: the lines taken out and put in, at most `max` of each. */
function shortDiff(input: Record<string, unknown>, max = 12): string {
	const lines = (text: unknown) => (typeof text === "string" ? text.split("\n") : []);
	const side = (prefix: string, text: unknown) => {
		const all = lines(text);
		const shown = all.slice(0, max).map((line) => `${prefix} ${cut(line, 160)}`);
		return all.length > max ? [...shown, `${prefix} … (${all.length - max} more lines)`] : shown;
	};
	if (typeof input.content === "string") return side("+", input.content).join("\n");
	const edits = Array.isArray(input.edits) ? input.edits : [{ oldText: input.oldText, newText: input.newText }];
	return edits
		.filter(isRecord)
		.slice(0, 3)
		.flatMap((edit) => [...side("-", edit.oldText), ...side("+", edit.newText)])
		.join("\n");
}

/**
 * What the person sees of the call, as plain text (`fenced`: in Markdown code blocks, for the option previews, which
 * render Markdown): the command, or the path and a short diff, or the input.
 */
function callPreview(toolName: string, input: unknown, fenced = true): string {
	const block = (lang: string, text: string) => (fenced ? `\`\`\`${lang}\n${text}\n\`\`\`` : text);
	if (isRecord(input) && typeof input.command === "string") return block("sh", cut(input.command, 2000));
	if (isRecord(input) && typeof input.path === "string") {
		const diff = shortDiff(input);
		return diff ? `${input.path}\n${block("diff", diff)}` : input.path;
	}
	return `${toolName}\n${block("json", cut(JSON.stringify(input, null, 2) ?? "", 2000))}`;
}

/** The one question an approval asks: Allow / Allow for this session / Deny; a typed answer is a denial's note. */
export function approvalRequest(
	toolName: string,
	input: unknown,
	rule: ApprovalRule,
	labels: ApprovalLabels,
): AskRequest {
	const summary = callSummary(toolName, input);
	const facts: ApprovalFacts = { tool: toolName, rule: rule.text, summary, callHash: callHash(toolName, input) };
	const preview = callPreview(toolName, input);
	const shown = cut(summary, 120);
	// Shown under the question where the question's line does not already say it all (a long command, a diff).
	const plain = callPreview(toolName, input, false);
	return {
		questions: [
			{
				question: labels.question(toolName, shown),
				header: labels.header,
				...(plain !== shown ? { context: plain } : {}),
				options: [
					{ label: labels.allow, preview },
					{ label: labels.allowSession, preview },
					{ label: labels.deny, preview },
				],
				placeholder: labels.noteHint,
			},
		],
		metadata: { approval: facts },
	};
}

/** The person's decision, read from the one answer; anything else (cancel, a timeout, garbage) is `undefined`. */
export type ApprovalDecision = { kind: "allow" } | { kind: "allow-session" } | { kind: "deny"; note?: string };

/**
 * The decision an answered approval holds. A typed answer (Other) is a denial with that note; a note added to Deny is
 * the denial's. Only an exact option label allows: nothing else may ever let the call run.
 */
export function approvalDecision(
	answer: { answer: string | string[]; wasCustom: boolean; note?: string } | undefined,
	labels: Pick<ApprovalLabels, "allow" | "allowSession" | "deny">,
): ApprovalDecision | undefined {
	if (!answer) return undefined;
	const text = Array.isArray(answer.answer)
		? answer.answer.length === 1
			? answer.answer[0]
			: undefined
		: answer.answer;
	if (typeof text !== "string") return undefined;
	const note = answer.note?.trim();
	if (answer.wasCustom) {
		const typed = text.trim();
		return typed ? { kind: "deny", note: typed } : { kind: "deny" };
	}
	if (text === labels.allow) return { kind: "allow" };
	if (text === labels.allowSession) return { kind: "allow-session" };
	if (text === labels.deny) return note ? { kind: "deny", note } : { kind: "deny" };
	return undefined;
}
