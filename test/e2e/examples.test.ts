/**
 * The example apps of the README, run as a person would run them, against the real pi with the scripted model:
 * an RPC client (plain dialogs and the structured protocol, closing its dialogs when an ask ends), an app that
 * embeds pi in-process through the SDK and answers through its own UI context, and pi's RpcClient with the
 * documented workaround for answering dialogs.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import { expectSuccess, ROOT } from "./harness.js";

/** Runs `node examples/<file> …args` with `input` on stdin; returns stdout and the exit code. */
function runExample(file: string, args: string[], input: string) {
	const run = spawnSync(process.execPath, ["--no-warnings", `examples/${file}`, ...args], {
		cwd: ROOT,
		input,
		encoding: "utf8",
		timeout: patient(60_000),
		env: { ...process.env, PI_OFFLINE: "1" },
	});
	return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const ANSWERED =
	'{"answered":true,"answers":[{"question":"Which database should we use?","answer":"SQLite","selectedOption":"SQLite","wasCustom":false},{"question":"What should we name this service?","answer":"order-processor","wasCustom":true}]}';

/** The model's echo of the tool result it read: the answers reached the model, not just the app. */
const modelRead = (result: string) => `assistant: The model received:\n${result}`;

describe("examples/rpc-client.mjs", () => {
	it("answers with plain dialogs", () => {
		const run = runExample("rpc-client.mjs", [], "2\norder-processor\n");
		expectSuccess(run);
		expect(run.stdout).toContain(`pi → ask_user result: ${ANSWERED}`);
		expect(run.stdout).toContain(modelRead(ANSWERED));
	});

	it("answers with the structured protocol", () => {
		const run = runExample("rpc-client.mjs", ["--structured"], "2\norder-processor\n");
		expectSuccess(run);
		expect(run.stdout).toContain('pi → editor "ask_user_request": {"type":"ask_user_request"');
		expect(run.stdout).toContain(modelRead(ANSWERED));
	});

	it("closes its open dialog when the ask ends without an answer (ask_user_closed, tool_execution_end)", () => {
		const structured = runExample("rpc-client.mjs", ["--structured", "--abort"], "");
		expect(structured.stdout).toMatch(
			/pi → notify \(info\): \{"type":"ask_user_closed","requestId":"[^"]+","reason":"aborted"\}/,
		);
		expect(structured.stdout).toContain('client: closes the dialog "ask_user_request" (ask_user_closed: aborted)');
		const plain = runExample("rpc-client.mjs", ["--abort"], "");
		expect(plain.stdout).toContain(
			'client: closes the dialog "[1/2] Database Selection: Which database should we use?" (the ask_user call ended)',
		);
		expect(plain.stdout).toContain('pi → ask_user result: {"answered":false,"answers":[],"connectionLost":true}');
	});
});

describe("examples/sdk-app.mjs (pi in-process, the app's own UI context)", () => {
	it("answers through the structured protocol", () => {
		const run = runExample("sdk-app.mjs", [], "2\norder-processor\n");
		expectSuccess(run);
		expect(run.stdout).toContain(`app: ask_user result: ${ANSWERED}`);
		expect(run.stdout).toContain(`app: ${modelRead(ANSWERED)}`);
	});

	it("an app that lists its own themes is asked through the plain dialogs, never told it cancelled", () => {
		const run = runExample("sdk-app.mjs", ["--plain", "--themes"], "2\norder-processor\n");
		expectSuccess(run);
		expect(run.stdout).toContain("app: [1/2] Database Selection: Which database should we use?");
		expect(run.stdout).not.toContain('"cancelled":true');
		expect(run.stdout).toContain(`app: ${modelRead(ANSWERED)}`);
	});

	it("answers through pi's plain dialogs", () => {
		const run = runExample("sdk-app.mjs", ["--plain"], "2\norder-processor\n");
		expectSuccess(run);
		expect(run.stdout).toContain("app: [1/2] Database Selection: Which database should we use?");
		expect(run.stdout).toContain(`app: ${modelRead(ANSWERED)}`);
	});
});

describe("examples/sdk-rpc-client.mjs (pi's RpcClient with the dialog workaround)", () => {
	it("answers the structured request", () => {
		const run = runExample("sdk-rpc-client.mjs", [], "2\norder-processor\n");
		expectSuccess(run);
		expect(run.stdout).toContain(`app: ask_user result: ${ANSWERED}`);
		expect(run.stdout).toContain(`app: ${modelRead(ANSWERED)}`);
	});
});
