/** The approvals setting read into rules, calls matched against them, and the decision read from an answer. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
	type ApprovalRule,
	approvalDecision,
	approvalRequest,
	callHash,
	globPattern,
	matchingRule,
	parseApprovals,
} from "../../src/core/approval-rules.js";

const labels = {
	question: (tool: string, summary: string) => `Allow ${tool}: \`${summary}\`?`,
	header: "Approval",
	allow: "Allow",
	allowSession: "Allow for this session",
	deny: "Deny",
	noteHint: "note",
	pending: (tool: string, summary: string, file: string) => `${tool} ${summary} waits in ${file}`,
};

function rules(value: unknown): ApprovalRule[] {
	return parseApprovals(value, "settings.json").rules;
}

describe("parseApprovals", () => {
	it("takes a bare list and the object form with a time limit", () => {
		expect(rules([{ tool: "bash", command: "git push*" }]).map((r) => r.text)).toEqual(['bash command "git push*"']);
		const parsed = parseApprovals({ rules: [{ tool: "write", path: "**/.env*" }], timeoutSeconds: 90 }, "s.json");
		expect(parsed.rules.map((r) => r.text)).toEqual(['write path "**/.env*"']);
		expect(parsed.timeoutSeconds).toBe(90);
		expect(parsed.problems).toEqual([]);
	});

	it("says each bad rule once and keeps the good ones", () => {
		const parsed = parseApprovals(
			[
				"git push",
				{ tool: "bash", command: "git push*" },
				{ tool: "bash", cmd: "rm *" },
				{ tool: "write", path: "[abc" },
				{ tool: "edit", path: "{a,b" },
				{ command: "x" },
				{ tool: "bash", command: 3 },
				{ tool: "bash", command: "a", timeout: "1" },
				{ tool: "mcp__deploy__run", target: "prod*" },
			],
			"s.json",
		);
		expect(parsed.rules.map((r) => r.tool)).toEqual(["bash", "mcp__deploy__run"]);
		expect(parsed.problems).toHaveLength(7);
		expect(parsed.problems[0]).toMatch(/rule 1 must be an object/);
		expect(parsed.problems[1]).toMatch(/bash has no field "cmd"/);
		expect(parsed.problems[2]).toMatch(/"\[abc" has a "\[" with no "\]"/);
		for (const problem of parsed.problems) expect(problem).toMatch(/^s\.json: .*that rule is ignored$/);
	});

	it("refuses what is neither a list nor the object form, and unknown keys of the object", () => {
		expect(parseApprovals("git push*", "s.json")).toEqual({
			rules: [],
			problems: [expect.stringMatching(/approvals must be a list/)],
		});
		const parsed = parseApprovals({ rules: [], timeoutSeconds: -1, ask: true }, "s.json");
		expect(parsed.problems).toEqual([
			expect.stringMatching(/approvals\.ask is not a setting/),
			expect.stringMatching(/timeoutSeconds must be a number/),
		]);
	});
});

describe("matchingRule", () => {
	const set = rules([
		{ tool: "bash", command: "git push*" },
		{ tool: "bash", command: "rm -rf *" },
		{ tool: "write", path: "**/.env*" },
		{ tool: "deploy" },
	]);
	it.each([
		["bash", { command: "git push origin main" }, 'bash command "git push*"'],
		["bash", { command: "  git push --force" }, 'bash command "git push*"'],
		["bash", { command: "rm -rf /tmp/x" }, 'bash command "rm -rf *"'],
		["bash", { command: "git status" }, undefined],
		["bash", { command: "echo git push" }, undefined],
		["write", { path: ".env", content: "" }, 'write path "**/.env*"'],
		["write", { path: "app/config/.env.local", content: "" }, 'write path "**/.env*"'],
		["write", { path: "/abs/.envrc", content: "" }, 'write path "**/.env*"'],
		["write", { path: "src/env.ts", content: "" }, undefined],
		["edit", { path: ".env" }, undefined],
		["deploy", { anything: 1 }, "deploy"],
		["bash", "not an object", undefined],
		["bash", { command: ["git push"] }, undefined],
	])("%s %j → %s", (tool, input, expected) => {
		expect(matchingRule(set, tool, input)?.text).toBe(expected);
	});

	it("globs: * stays in a folder for paths only, ? and classes and alternatives", () => {
		const path = globPattern("src/*.ts", true) as RegExp;
		expect(path.test("src/a.ts")).toBe(true);
		expect(path.test("src/x/a.ts")).toBe(false);
		const text = globPattern("npm publish*", false) as RegExp;
		expect(text.test("npm publish --tag x/y")).toBe(true);
		expect((globPattern("git push {-f,--force}*", false) as RegExp).test("git push --force origin")).toBe(true);
		expect((globPattern("v?.[0-9]", false) as RegExp).test("v1.2")).toBe(true);
		expect(globPattern("", false)).toBe("is empty");
	});
});

describe("approvals as asks", () => {
	const rule = rules([{ tool: "bash", command: "git push*" }])[0] as ApprovalRule;

	it("one question with three options, the call shown, and what the approval was kept in metadata", () => {
		const request = approvalRequest("bash", { command: "git push origin main" }, rule, labels);
		expect(request.questions).toHaveLength(1);
		const question = request.questions[0];
		expect(question?.question).toBe("Allow bash: `git push origin main`?");
		expect(question?.header).toBe("Approval");
		expect(question?.options?.map((o) => o.label)).toEqual(["Allow", "Allow for this session", "Deny"]);
		// The question says it all: no context repeats it; the previews show the call.
		expect(question?.context).toBeUndefined();
		expect(question?.options?.[0]?.preview).toBe("```sh\ngit push origin main\n```");
		expect(request.metadata?.approval).toEqual({
			tool: "bash",
			rule: 'bash command "git push*"',
			summary: "git push origin main",
			callHash: callHash("bash", { command: "git push origin main" }),
		});
	});

	it("a command too long for the question's line is shown whole under it", () => {
		const command = `git push origin ${"x".repeat(200)}`;
		const request = approvalRequest("bash", { command }, rule, labels);
		expect(request.questions[0]?.question.length).toBeLessThan(150);
		expect(request.questions[0]?.context).toBe(command);
	});

	it("an edit shows the path and a short diff", () => {
		const edit = rules([{ tool: "edit", path: "**/.env*" }])[0] as ApprovalRule;
		const request = approvalRequest("edit", { path: ".env", oldText: "A=1", newText: "A=2" }, edit, labels);
		expect(request.questions[0]?.context).toBe(".env\n- A=1\n+ A=2");
		expect(request.questions[0]?.options?.[2]?.preview).toBe(".env\n```diff\n- A=1\n+ A=2\n```");
	});

	it("one call has one hash whatever the order of its keys; another input another", () => {
		expect(callHash("write", { path: "a", content: "b" })).toBe(callHash("write", { content: "b", path: "a" }));
		expect(callHash("write", { path: "a", content: "b" })).not.toBe(callHash("write", { path: "a", content: "c" }));
		expect(callHash("bash", { command: "x" })).not.toBe(callHash("sh", { command: "x" }));
	});

	it("only an exact option allows; a typed answer is a denial with its note; anything else decides nothing", () => {
		expect(approvalDecision({ answer: "Allow", wasCustom: false }, labels)).toEqual({ kind: "allow" });
		expect(approvalDecision({ answer: "Allow for this session", wasCustom: false }, labels)).toEqual({
			kind: "allow-session",
		});
		expect(approvalDecision({ answer: "Deny", wasCustom: false, note: " not on main " }, labels)).toEqual({
			kind: "deny",
			note: "not on main",
		});
		expect(approvalDecision({ answer: "use a branch", wasCustom: true }, labels)).toEqual({
			kind: "deny",
			note: "use a branch",
		});
		expect(approvalDecision({ answer: "Allow", wasCustom: true }, labels)).toEqual({ kind: "deny", note: "Allow" });
		expect(approvalDecision({ answer: "allow", wasCustom: false }, labels)).toBeUndefined();
		expect(approvalDecision({ answer: ["Allow", "Deny"], wasCustom: false }, labels)).toBeUndefined();
		expect(approvalDecision(undefined, labels)).toBeUndefined();
	});
});

describe("docs/approvals.md", () => {
	const blocks = [
		...readFileSync(new URL("../../docs/approvals.md", import.meta.url), "utf8").matchAll(/```json\n([\s\S]*?)```/g),
	].map((match) => JSON.parse(match[1] ?? "") as { approvals: unknown });

	it("every example parses without a problem", () => {
		expect(blocks.length).toBeGreaterThanOrEqual(3);
		for (const block of blocks) expect(parseApprovals(block.approvals, "docs").problems).toEqual([]);
	});

	it("the recipes hold what they say", () => {
		const recipes = rules((blocks.at(-1) as { approvals: unknown }).approvals);
		const rule = (tool: string, input: unknown) => matchingRule(recipes, tool, input)?.text;
		expect(rule("bash", { command: "cd app && git push origin main" })).toBe('bash command "*git push*"');
		expect(rule("bash", { command: "git push --force origin main" })).toBe('bash command "*git push*{--force,-f}*"');
		expect(rule("bash", { command: "rm -rf build" })).toBe('bash command "*rm -rf*"');
		expect(rule("bash", { command: "npm publish --access public" })).toBe('bash command "*npm publish*"');
		expect(rule("edit", { path: "config/.env.production", oldText: "a", newText: "b" })).toBe('edit path "**/.env*"');
		expect(rule("write", { path: ".github/workflows/ci.yml", content: "" })).toBe(
			'write path "**/.github/workflows/*"',
		);
		expect(rule("bash", { command: "git status" })).toBeUndefined();
	});
});
