/**
 * Token cost of what the model reads: the ask_user definition exactly as pi sends it (captured from the
 * real pi through the scripted model's PI_ASK_LOG_TOOLS log, plus the system-prompt lines pi adds for
 * the package) next to Claude Code's AskUserQuestion (seed 002), and the result text for the spec's
 * example answers next to Claude Code's phrasing. Counted with js-tiktoken and @anthropic-ai/tokenizer.
 */
import { readFileSync } from "node:fs";
import { countTokens as anthropicCount } from "@anthropic-ai/tokenizer";
import { getEncoding } from "js-tiktoken";
import { outcomeFromRawAnswers } from "../src/core/answer-input.js";
import { blockText, resultContent } from "../src/core/result.js";
import type { Question } from "../src/core/types.js";
import { createWorkspace, piArgs, runPi, SPEC_EXAMPLE, type Workspace } from "../test/e2e/harness.js";
import { snapshotPackage } from "./lib/snapshot.js";
import { type BenchReport, emit, table } from "./lib/stats.js";

const SEED = "/work/shared/seeds/002_ad9b5a71072ec5a9.txt";

interface LoggedRequest {
	tools?: { name: string; description: string; parameters: unknown }[];
	systemPrompt?: string;
}

const encodings = { o200k_base: getEncoding("o200k_base"), cl100k_base: getEncoding("cl100k_base") };
type Counts = { o200k_base: number; cl100k_base: number; anthropic: number };

function count(text: string): Counts {
	return {
		o200k_base: encodings.o200k_base.encode(text).length,
		cl100k_base: encodings.cl100k_base.encode(text).length,
		anthropic: anthropicCount(text),
	};
}

/** The request pi sends the scripted model, with or without this package loaded (same folder, same date). */
function captureRequest(ws: Workspace, pkg: string | undefined): LoggedRequest {
	ws.script([{ text: "ok" }]);
	const args = piArgs(["-p", "hi"], { loadPackage: false, extensions: pkg ? [pkg] : [] });
	const run = runPi(ws, args, { env: { PI_ASK_LOG_TOOLS: "1" } });
	if (run.code !== 0) throw new Error(`pi -p failed (${run.code}): ${run.stderr}`);
	const last =
		readFileSync(ws.env.PI_ASK_LOG as string, "utf8")
			.trim()
			.split("\n")
			.at(-1) ?? "";
	return JSON.parse(last) as LoggedRequest;
}

/** Serialised the way providers put a tool on the wire (Anthropic's shape; compact JSON). */
function wireTool(name: string, description: string, schema: unknown): string {
	return JSON.stringify({ name, description, input_schema: schema });
}

function claudeCodeTool(): string {
	const seed = readFileSync(SEED, "utf8");
	const description = /## Description\n\n([\s\S]*?)\n+## Input Schema/.exec(seed)?.[1]?.trim();
	const schema = /## Input Schema\n\n```json\n([\s\S]*?)\n```/.exec(seed)?.[1];
	if (!description || !schema) throw new Error(`cannot read the AskUserQuestion definition from ${SEED}`);
	return wireTool("AskUserQuestion", description, JSON.parse(schema));
}

function ourDefinition(): { tool: string; promptLines: string } {
	const ws = createWorkspace();
	const pkg = snapshotPackage();
	let without: LoggedRequest;
	let withPackage: LoggedRequest;
	try {
		without = captureRequest(ws, undefined);
		withPackage = captureRequest(ws, pkg.dir);
	} finally {
		ws.cleanup();
		pkg.cleanup();
	}
	const tool = withPackage.tools?.find((t) => t.name === "ask_user");
	if (!tool || !withPackage.systemPrompt || !without.systemPrompt) throw new Error("pi sent no ask_user tool");
	const before = new Set(without.systemPrompt.split("\n"));
	const added = withPackage.systemPrompt.split("\n").filter((line) => !before.has(line));
	return { tool: wireTool(tool.name, tool.description, tool.parameters), promptLines: added.join("\n") };
}

function resultTexts(): { ours: string; claudeCode: string } {
	const questions = SPEC_EXAMPLE.questions as Question[];
	const given = ["PostgreSQL (Recommended)", "order-processor"];
	const outcome = outcomeFromRawAnswers(questions, given);
	if (!outcome) throw new Error("the example answers produced no outcome");
	const pairs = questions.map((q, i) => `"${q.question}"="${given[i]}"`).join(", ");
	return {
		ours: resultContent(outcome).map(blockText).join("\n"),
		claudeCode: `User has answered your questions: ${pairs}. You can now continue with the user's answers in mind.`,
	};
}

function row(label: string, c: Counts, chars: number): string[] {
	return [label, String(c.o200k_base), String(c.cl100k_base), String(c.anthropic), String(chars)];
}

const HEADER = ["text", "o200k_base", "cl100k_base", "Anthropic (legacy)", "chars"];

function sum(a: Counts, b: Counts): Counts {
	return {
		o200k_base: a.o200k_base + b.o200k_base,
		cl100k_base: a.cl100k_base + b.cl100k_base,
		anthropic: a.anthropic + b.anthropic,
	};
}

function ratio(ours: Counts, theirs: Counts): string {
	return `${Math.round((100 * ours.o200k_base) / theirs.o200k_base)}% (o200k), ${Math.round((100 * ours.cl100k_base) / theirs.cl100k_base)}% (cl100k), ${Math.round((100 * ours.anthropic) / theirs.anthropic)}% (Anthropic)`;
}

const { tool, promptLines } = ourDefinition();
const claudeTool = claudeCodeTool();
const toolCount = count(tool);
const promptCount = count(promptLines);
const ourTotal = sum(toolCount, promptCount);
const claudeCount = count(claudeTool);
const definitionMet = (["o200k_base", "cl100k_base", "anthropic"] as const).every(
	(k) => ourTotal[k] * 2 <= claudeCount[k],
);

const results = resultTexts();
const ourResult = count(results.ours);
const claudeResult = count(results.claudeCode);
const resultMet = (["o200k_base", "cl100k_base", "anthropic"] as const).every((k) => ourResult[k] <= claudeResult[k]);

const report: BenchReport = {
	title: "Tokens the model reads",
	summary: [
		{
			what: "Tool definition + prompt lines (o200k / cl100k / Anthropic tokens)",
			ours: `${ourTotal.o200k_base} / ${ourTotal.cl100k_base} / ${ourTotal.anthropic}`,
			reference: `${claudeCount.o200k_base} / ${claudeCount.cl100k_base} / ${claudeCount.anthropic} (Claude Code AskUserQuestion)`,
			target: "≤ 50% of Claude Code's",
			met: definitionMet,
		},
		{
			what: "Result text for the spec's example answers (o200k / cl100k / Anthropic tokens)",
			ours: `${ourResult.o200k_base} / ${ourResult.cl100k_base} / ${ourResult.anthropic}`,
			reference: `${claudeResult.o200k_base} / ${claudeResult.cl100k_base} / ${claudeResult.anthropic} (Claude Code)`,
			target: "≤ Claude Code's",
			met: resultMet,
		},
	],
	markdown: `### Tool definition

Captured from the real \`pi -p\` (scripted model, \`PI_ASK_LOG_TOOLS=1\`): the \`ask_user\` entry of
\`context.tools\` serialised as a provider tool (\`{"name","description","input_schema"}\`, compact JSON), and
the lines the package adds to pi's system prompt (system prompt with \`-e\` the package minus without).
Claude Code's \`AskUserQuestion\` (seed 002, Claude Code 2.1.168: description + input schema) is
serialised the same way. The Anthropic column is \`@anthropic-ai/tokenizer\` (the legacy Claude tokenizer;
current Claude models count somewhat more, for both sides alike).

${table(HEADER, [
	row("ask_user tool (name, description, schema)", toolCount, tool.length),
	row("system-prompt lines pi adds for the package", promptCount, promptLines.length),
	row("**ask_user total**", ourTotal, tool.length + promptLines.length),
	row("Claude Code AskUserQuestion (name, description, schema)", claudeCount, claudeTool.length),
])}

Ours is ${ratio(ourTotal, claudeCount)} of Claude Code's.

<details><summary>The texts counted</summary>

\`\`\`json
${tool}
\`\`\`

\`\`\`
${promptLines}
\`\`\`
</details>

### Result text

The spec's example (PostgreSQL (Recommended) chosen, "order-processor" typed), the text blocks of our \`resultContent\`
next to Claude Code's phrasing for the same answers.

${table(HEADER, [
	row("ask_user result (its text blocks)", ourResult, results.ours.length),
	row("Claude Code result sentence", claudeResult, results.claudeCode.length),
])}

Ours is ${ratio(ourResult, claudeResult)} of Claude Code's.

\`\`\`
${results.ours}
\`\`\`

\`\`\`
${results.claudeCode}
\`\`\`
`,
};
emit(report);
