/**
 * Push through ntfy, end to end: the real pi against a local stand-in for an ntfy server (test/push/ntfy-stand-in.ts;
 * no real ntfy server is part of these tests). The published message carries the question and one button per option;
 * replaying a button's request (what the phone does on a tap) answers exactly that option; forged, replayed and late
 * taps are refused; an answer in the terminal first makes a later tap do nothing; print mode's saved questions are
 * published, and a tap reaches the pending file through `pi-ask-anywhere push listen` or the next pi start.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tapBody } from "../../src/push/tap.js";
import { patient } from "../patience.js";
import { type NtfyStandIn, type StoredAction, startNtfyStandIn } from "../push/ntfy-stand-in.js";
import { startWebCommand } from "../web/web-command.js";
import {
	createWorkspace,
	decisionLog,
	expectSuccess,
	goneSoon,
	KEYS,
	PI,
	piArgs,
	ROOT,
	readJson,
	resultJson,
	runPiAsync,
	sleep,
	startTui,
	type TuiSession,
	until,
	type Workspace,
	waitForDelivery,
	waitForToolResult,
} from "./harness.js";
import { installForSubagents, requestAfter, SUBAGENT } from "./subagent-setup.js";

const TOPIC = "pi-ask-test-topic";
const REPLY = `${TOPIC}-reply`;
const ASK = {
	questions: [
		{
			question: "Deploy to which region?",
			header: "Region",
			options: [{ label: "eu-west" }, { label: "us-east" }, { label: "ap-south" }],
		},
	],
};

let ntfy: NtfyStandIn;
let ws: Workspace;
let tui: TuiSession | undefined;
let listener: ChildProcess | undefined;

beforeEach(async () => {
	ntfy = await startNtfyStandIn();
	ws = createWorkspace();
});
afterEach(async () => {
	tui?.kill();
	tui = undefined;
	listener?.kill("SIGKILL");
	listener = undefined;
	await ntfy.close();
	ws.cleanup();
});

/** print mode's waits for the server (its start's read of taps, its end's publishes), stretched on a loaded machine. */
const waitSeconds = () => String(Math.min(60, patient(3_000) / 1000));

const pushEnv = () => ({
	PI_ASK_USER_PUSH: `${ntfy.url}/${TOPIC}`,
	PI_ASK_USER_PUSH_AFTER: "0",
	PI_ASK_USER_PUSH_WAIT: waitSeconds(),
	PI_ASK_USER_PUSH_DETAIL: "full",
	PI_ASK_USER_NOTIFY: "0",
});

/** The session files of the workspace, oldest first (pi names them by time). */
function sessionFiles(): string[] {
	const folder = join(ws.agentDir, "sessions");
	return readdirSync(folder)
		.flatMap((project) => readdirSync(join(folder, project)).map((name) => join(folder, project, name)))
		.sort((a, b) => basename(a).localeCompare(basename(b)));
}

/** Every tool result the model received, in order (the newest request holds the whole conversation). */
const toolResults = () => ws.lastMessages().filter((m) => m.role === "toolResult");

const buttonsOf = (actions: StoredAction[] | undefined) => (actions ?? []).filter((a) => a.action === "http");

/** A tap made with this machine's key (read from the agent folder), for an offer that has already expired. */
function lateTap(button: StoredAction): StoredAction {
	const key = Buffer.from(readFileSync(join(ws.agentDir, "pi-ask-user", "push-key"), "utf8").trim(), "hex");
	const sent = JSON.parse(button.body ?? "{}") as { ask: string; choice: number };
	return { ...button, body: tapBody(key, sent.ask, sent.choice, Math.floor(Date.now() / 1000) - 60) };
}

describe("push through ntfy (a local stand-in)", () => {
	it(
		"publishes the question with one button per option; refuses a forged and a late tap; a tap answers exactly that option, once; an answer in the terminal first makes a later tap do nothing",
		async () => {
			const second = {
				questions: [{ question: "Run the migrations now?", options: [{ label: "yes" }, { label: "no" }] }],
			};
			const third = {
				questions: [{ question: "Tag the release?", options: [{ label: "tag it" }, { label: "skip" }] }],
			};
			ws.script([
				{ toolCall: { name: "ask_user", arguments: ASK } },
				{ toolCall: { name: "ask_user", arguments: second } },
				{ toolCall: { name: "ask_user", arguments: third } },
				{ text: "Thanks, noted." },
			]);
			const session = startTui(ws, ["go"], { env: pushEnv() });
			tui = session;
			await session.waitFor("Deploy to which region?", 40_000);
			const [published] = await ntfy.waitForMessages(TOPIC, 1);
			expect(published?.message).toContain("Deploy to which region?");
			expect(published?.title).toContain("Region");
			const buttons = buttonsOf(published?.actions);
			expect(buttons.map((b) => b.label)).toEqual(["eu-west", "us-east", "ap-south"]);
			expect(buttons.every((b) => b.url === `${ntfy.url}/${REPLY}` && b.method === "POST")).toBe(true);

			// Forged: the body names another option but keeps the first option's token. Late: signed, but expired.
			const first = buttons[0] as StoredAction;
			await ntfy.tap({ ...first, body: (first.body ?? "").replace('"choice":0', '"choice":2') });
			await session.waitFor("token is wrong", 20_000);
			await ntfy.tap(lateTap(first));
			await session.waitFor("too late", 20_000);
			expect(ws.lastToolResult()).toBeUndefined();
			await session.waitFor("Deploy to which region?");

			// The real tap after them is taken.
			expect(await ntfy.tap(buttons[1] as StoredAction)).toBe(200);
			const result = resultJson((await waitForToolResult(ws)).text);
			expect(result).toMatchObject({
				answered: true,
				answers: [
					{ question: "Deploy to which region?", answer: "us-east", selectedOption: "us-east", wasCustom: false },
				],
			});
			// The terminal says where the answer came from: the phone, not the web page.
			await session.waitFor("Answered from the phone.", 20_000);
			// The notification is replaced (same sequence id) by one saying where the question was answered.
			await session.waitFor("Run the migrations now?", 20_000);
			const after = await ntfy.waitForMessages(TOPIC, 3);
			expect(after.find((m) => m.message === "Answered from your phone.")?.sequence_id).toBe(published?.sequence_id);

			// The first question's tap again (a replay) answers nothing: not the first question again, not the second.
			expect(await ntfy.tap(buttons[0] as StoredAction)).toBe(200);
			await session.waitFor("already answered", 20_000);
			const secondButtons = buttonsOf(after.find((m) => m.message.includes("Run the migrations"))?.actions);
			await ntfy.tap(secondButtons[1] as StoredAction);
			await until(() => toolResults().length >= 2, 20_000, "the second tap to be taken");

			// The third question is answered in the terminal first: its notification says so, and a later tap does nothing.
			await session.waitFor("Tag the release?", 20_000);
			const thirdAsked = () => ntfy.messages(TOPIC).find((m) => m.message.includes("Tag the release?"));
			await until(() => thirdAsked() !== undefined, 20_000, "the third question's notification");
			const thirdPublished = thirdAsked();
			session.type("1");
			await until(() => toolResults().length >= 3, 20_000, "the terminal's answer");
			await until(
				() =>
					ntfy
						.messages(TOPIC)
						.some((m) => m.sequence_id === thirdPublished?.sequence_id && m.message === "Answered in the terminal."),
				20_000,
				"the third notification replaced",
			);
			await ntfy.tap(buttonsOf(thirdPublished?.actions)[1] as StoredAction);
			await sleep(1_000);
			expect(toolResults().map((r) => resultJson(r.text).answers)).toEqual([
				[expect.objectContaining({ answer: "us-east" })],
				[expect.objectContaining({ answer: "no" })],
				[expect.objectContaining({ answer: "tag it" })],
			]);
			// Both taps are in the decision log, as taps, each once.
			expect(
				decisionLog(ws)
					.filter((line) => line.by === "tap")
					.map((line) => [line.by, line.answers]),
			).toEqual([
				["tap", ["no"]],
				["tap", ["us-east"]],
			]);
		},
		patient(120_000),
	);

	it(
		"print mode publishes the saved question; push listen writes a tap into the pending file; pi -c delivers it; a start does not wait for a slow server, and a tap made while no pi ran answers the next question once it arrives",
		async () => {
			ws.script([
				{ toolCall: { name: "ask_user", arguments: ASK } },
				{ toolCall: { name: "ask_user", arguments: ASK } },
				{ echo: true },
				{ echo: true },
			]);
			expectSuccess(await runPiAsync(ws, piArgs(["-p", "go"]), { env: pushEnv() }));
			const [published] = await ntfy.waitForMessages(TOPIC, 1, 5_000);
			expect(published?.message).toContain("Deploy to which region?");
			const buttons = buttonsOf(published?.actions);
			expect(buttons).toHaveLength(3);

			listener = spawn(PI.node, [join(ROOT, "dist/cli.mjs"), "push", "listen"], {
				cwd: ws.cwd,
				env: { ...ws.env, ...pushEnv() },
				stdio: ["ignore", "pipe", "pipe"],
			});
			let out = "";
			listener.stdout?.on("data", (chunk: Buffer) => {
				out += chunk.toString();
			});
			await ntfy.tap(buttons[0] as StoredAction);
			for (const started = Date.now(); !out.includes("a tap answered"); await sleep(100)) {
				if (Date.now() - started > patient(20_000)) throw new Error(`push listen wrote nothing; it said:\n${out}`);
			}
			const file = readJson(ws.pendingPath()) as { questions: { answer: unknown }[] };
			expect(file.questions[0]?.answer).toBe("eu-west");
			listener.kill("SIGKILL");
			listener = undefined;

			// pi -c delivers it; the model asks again, and that question waits in the folder.
			expectSuccess(await runPiAsync(ws, piArgs(["-p", "-c"]), { env: pushEnv() }));
			const delivered = ws.lastMessages().find((m) => m.role === "user" && m.text.includes("<ask_user_answers"));
			expect(delivered?.text).toContain("eu-west");
			// The decision log names the phone, not an edited file: the listener recorded who wrote the answer.
			expect(decisionLog(ws).map((line) => [line.by, line.answers])).toEqual([["tap", ["eu-west"]]]);

			// The next question is tapped while no pi runs; the next start's read of the taps is held by the server.
			const nextAsked = () =>
				ntfy
					.messages(TOPIC)
					.find((m) => m.message.includes("Deploy to which region?") && m.sequence_id !== published?.sequence_id);
			await until(() => nextAsked() !== undefined, 5_000, "the next question's notification");
			const next = nextAsked();
			await ntfy.tap(buttonsOf(next?.actions)[2] as StoredAction);
			ntfy.holdPolls();
			const session = startTui(ws, ["-c"], { env: { ...pushEnv(), PI_ASK_USER_PUSH_AFTER: "600" } });
			tui = session;
			await session.waitFor("Other (type your answer)", 40_000);
			// The question is on screen and pi's read of the taps is (or comes) held by the server: the start did not
			// wait for it (a start that waited would have given the read up, and it would not be held now).
			await until(() => ntfy.pollsWaiting() === 1, 20_000, "pi's read of the taps");
			expect(existsSync(ws.pendingPath())).toBe(true);
			ntfy.releasePolls();
			await until(
				() => ws.lastMessages().some((m) => m.role === "user" && m.text.includes('"answer":"ap-south"')),
				30_000,
				"the tapped answer delivered",
			);
			expect(await goneSoon(ws.pendingPath())).toBe(true);
			await sleep(1_000);
			expect(ws.lastMessages().filter((m) => m.role === "user" && m.text.includes("<ask_user_answers"))).toHaveLength(
				2,
			);
			expect(ws.lastMessages().filter((m) => m.role === "user" && m.text.includes('"answer":"ap-south"'))).toHaveLength(
				1,
			);
			expect(ntfy.messages(TOPIC).at(-1)).toMatchObject({
				sequence_id: next?.sequence_id,
				message: "Answered from your phone.",
			});
		},
		patient(150_000),
	);

	it(
		"publishes nothing while the person types in the dialog, and once they stop for afterSeconds",
		async () => {
			ws.script([{ toolCall: { name: "ask_user", arguments: ASK } }, { text: "Thanks, noted." }]);
			// 5 s away before publishing, a key every 300 ms: a loaded machine's late sleep is still no pause.
			const session = startTui(ws, ["go"], { env: { ...pushEnv(), PI_ASK_USER_PUSH_AFTER: "5" } });
			tui = session;
			await session.waitFor("Deploy to which region?", 40_000);
			const typedUntil = Date.now() + 8_000;
			let lastKeyAt = Date.now();
			for (let i = 0; Date.now() < typedUntil; i++) {
				session.type(i % 2 === 0 ? KEYS.down : KEYS.up);
				lastKeyAt = Date.now();
				await sleep(300);
			}
			expect(ntfy.messages(TOPIC)).toHaveLength(0);
			const [published] = await ntfy.waitForMessages(TOPIC, 1, 20_000);
			// ntfy's time is in whole seconds: at least 4 after the last key (5 s, less the rounding).
			expect(published?.time).toBeGreaterThanOrEqual(Math.floor(lastKeyAt / 1000) + 4);
		},
		patient(90_000),
	);

	it(
		"reads the settings file's push object, and sends the access token of a protected server; a tap made while no pi ran is read at the next start and delivered",
		async () => {
			await ntfy.close();
			ntfy = await startNtfyStandIn({ token: "tk_e2e" });
			mkdirSync(join(ws.agentDir, "pi-ask-user"), { recursive: true });
			writeFileSync(
				join(ws.agentDir, "pi-ask-user", "settings.json"),
				JSON.stringify({
					push: {
						server: ntfy.url,
						topic: TOPIC,
						replyTopic: "my-replies",
						token: "tk_e2e",
						detail: "full",
						waitSeconds: Number(waitSeconds()),
					},
				}),
			);
			ws.script([{ toolCall: { name: "ask_user", arguments: ASK } }, { echo: true }]);
			const run = expectSuccess(await runPiAsync(ws, piArgs(["-p", "go"])));
			expect(run.stderr).not.toContain("push:");
			const [published] = await ntfy.waitForMessages(TOPIC, 1, 5_000);
			expect(ntfy.requests.find((r) => r.method === "POST")?.authorization).toBe("Bearer tk_e2e");
			const button = buttonsOf(published?.actions)[1] as StoredAction;
			expect(button).toMatchObject({ url: `${ntfy.url}/my-replies`, headers: { Authorization: "Bearer tk_e2e" } });
			expect(await ntfy.tap(button)).toBe(200);
			expectSuccess(await runPiAsync(ws, piArgs(["-p", "-c"])));
			const delivered = ws.lastMessages().find((m) => m.role === "user" && m.text.includes("<ask_user_answers"));
			expect(delivered?.text).toContain("us-east");
			expect(decisionLog(ws).map((line) => [line.by, line.answers])).toEqual([["tap", ["us-east"]]]);
		},
		patient(120_000),
	);

	it(
		"a server that is down costs print mode one line and nothing else",
		async () => {
			const url = ntfy.url;
			await ntfy.close();
			ws.script([{ toolCall: { name: "ask_user", arguments: ASK } }, { echo: true }]);
			const started = Date.now();
			const run = expectSuccess(
				await runPiAsync(ws, piArgs(["-p", "go"]), { env: { ...pushEnv(), PI_ASK_USER_PUSH: `${url}/${TOPIC}` } }),
			);
			const lines = run.stderr.split("\n").filter((line) => line.includes("push:"));
			expect(lines).toHaveLength(1);
			expect(lines[0]).toContain("could not publish the question");
			expect(readJson(ws.pendingPath())).toMatchObject({ questions: [{ question: "Deploy to which region?" }] });
			expect(Date.now() - started).toBeLessThan(60_000);
			ntfy = await startNtfyStandIn();
		},
		patient(90_000),
	);

	it(
		"a background question shown in the TUI is pushed, and a tap delivers it once as a user message",
		async () => {
			ws.script([
				{ toolCall: { name: "ask_user", arguments: { ...ASK, background: true } } },
				{ text: "Meanwhile I wrote the parts that do not depend on it." },
				{ echo: true },
			]);
			const session = startTui(ws, ["go"], { env: pushEnv() });
			tui = session;
			await session.waitFor("The agent keeps working meanwhile", 40_000);
			const [published] = await ntfy.waitForMessages(TOPIC, 1);
			expect(published?.message).toContain("Deploy to which region?");
			await ntfy.tap(buttonsOf(published?.actions)[1] as StoredAction);
			const delivered = await waitForDelivery(ws);
			expect(delivered).toContain('"answer":"us-east"');
			await session.waitForGone("The agent keeps working meanwhile");
			expect(await goneSoon(ws.pendingPath())).toBe(true);
			const after = await ntfy.waitForMessages(TOPIC, 2);
			expect(after[1]).toMatchObject({ sequence_id: published?.sequence_id, message: "Answered from your phone." });
			// Another tap on the same notification answers nothing (nothing of this pi waits: nobody reads it).
			await ntfy.tap(buttonsOf(published?.actions)[0] as StoredAction);
			await sleep(2_000);
			expect(existsSync(ws.pendingPath())).toBe(false);
			expect(ws.lastMessages().filter((m) => m.role === "user" && m.text.includes("<ask_user_answers"))).toHaveLength(
				1,
			);
		},
		patient(90_000),
	);

	it(
		"a subagent's question shown in the parent's TUI is pushed naming its task, and a tap answers the subagent",
		async () => {
			const task = "Set up the deploy pipeline";
			installForSubagents(ws);
			ws.script([
				{ toolCall: { name: "subagent", arguments: { agent: "helper", task } } },
				{ toolCall: { name: "ask_user", arguments: ASK } },
				{ echo: true },
				{ echo: true },
			]);
			const session = startTui(ws, [`run the helper: ${task}`], { extensions: [SUBAGENT], env: pushEnv() });
			tui = session;
			await session.waitFor("Subagent ·", 60_000);
			const [published] = await ntfy.waitForMessages(TOPIC, 1);
			expect(published?.title).toContain(`subagent: Task: ${task}`);
			await ntfy.tap(buttonsOf(published?.actions)[2] as StoredAction);
			const childResult = await requestAfter(ws, "ask_user");
			expect(resultJson(childResult.text)).toMatchObject({
				answered: true,
				answers: [{ question: "Deploy to which region?", answer: "ap-south", selectedOption: "ap-south" }],
			});
			const after = await ntfy.waitForMessages(TOPIC, 2);
			expect(after[1]).toMatchObject({ sequence_id: published?.sequence_id, message: "Answered from your phone." });
		},
		patient(120_000),
	);

	it(
		"push.command runs without an ntfy server, with the saved question as JSON",
		async () => {
			const out = join(ws.cwd, "pushed.json");
			mkdirSync(join(ws.agentDir, "pi-ask-user"), { recursive: true });
			writeFileSync(
				join(ws.agentDir, "pi-ask-user", "settings.json"),
				JSON.stringify({ push: { command: `cat > '${out}'` } }),
			);
			ws.script([{ toolCall: { name: "ask_user", arguments: ASK } }, { echo: true }]);
			const run = expectSuccess(await runPiAsync(ws, piArgs(["-p", "go"]), { env: { PI_ASK_USER_NOTIFY: "0" } }));
			expect(run.stderr).not.toContain("push");
			expect(existsSync(out)).toBe(true);
			expect(JSON.parse(readFileSync(out, "utf8"))).toMatchObject({
				kind: "ask_user",
				questions: [{ question: "Deploy to which region?" }],
			});
			expect(ntfy.requests).toHaveLength(0);
		},
		patient(90_000),
	);

	it(
		"pi -p -c reads no taps when nothing in the folder could be answered by one, so a held read never holds it up",
		async () => {
			const polls = () => ntfy.requests.filter((r) => r.method === "GET" && r.path === `/${REPLY}/json`);
			ntfy.holdPolls();
			// Nothing pending at all.
			ws.script([{ text: "Started." }, { text: "Continued." }]);
			expectSuccess(await runPiAsync(ws, piArgs(["-p", "start"]), { env: pushEnv() }));
			expectSuccess(await runPiAsync(ws, piArgs(["-p", "-c", "go on"]), { env: pushEnv() }));
			expect(polls()).toHaveLength(0);
			// A pending question no button can answer (its first question has four options: more than ntfy's three
			// buttons).
			const two = {
				questions: [
					{ question: "Which port?", options: ["3000", "5173", "8080", "8787"].map((label) => ({ label })) },
					{ question: "Run the migrations now?", options: [{ label: "yes" }, { label: "no" }] },
				],
			};
			ws.script([{ toolCall: { name: "ask_user", arguments: two } }, { echo: true }]);
			expectSuccess(await runPiAsync(ws, piArgs(["-p", "go"]), { env: pushEnv() }));
			const [published] = await ntfy.waitForMessages(TOPIC, 1, 5_000);
			expect(buttonsOf(published?.actions)).toHaveLength(0);
			// The run ends while the server would still hold any read: it made none.
			expectSuccess(await runPiAsync(ws, piArgs(["-p", "-c"]), { env: pushEnv() }));
			expect(ntfy.pollsWaiting()).toBe(0);
			expect(polls()).toHaveLength(0);
			expect(existsSync(ws.pendingPath())).toBe(true);
		},
		patient(120_000),
	);

	it(
		"a re-asked pending dialog refuses a tap offered for an earlier ask whose tool-call id its ask reuses",
		async () => {
			const reused = "toolu_reused_push";
			const second = {
				questions: [{ question: "Run the migrations now?", options: [{ label: "yes" }, { label: "no" }] }],
			};
			ws.script([
				{ toolCall: { name: "ask_user", id: reused, arguments: ASK } },
				{ text: "Noted." },
				{ toolCall: { name: "ask_user", id: reused, arguments: second } },
				{ echo: true },
			]);
			expectSuccess(await runPiAsync(ws, piArgs(["-p", "set up the deploy"]), { env: pushEnv() }));
			const [earlier] = await ntfy.waitForMessages(TOPIC, 1, 5_000);
			// However soon after the earlier offer the later ask is made (a tap signs its offer to the millisecond).
			const firstSession = sessionFiles()[0] as string;
			// Answered into a new session; then the first session's model asks again with the same tool-call id.
			expectSuccess(await runPiAsync(ws, piArgs(["-p", "--answers", '["eu-west"]']), { env: pushEnv() }));
			expectSuccess(await runPiAsync(ws, piArgs(["-p", "--session", firstSession, "go on"]), { env: pushEnv() }));
			expect(readFileSync(ws.pendingPath(), "utf8")).toContain("Run the migrations now?");

			const session = startTui(ws, ["--session", firstSession], { env: pushEnv() });
			tui = session;
			await session.waitFor("Run the migrations now?", 40_000);
			const asked = () => ntfy.messages(TOPIC).filter((m) => m.message.includes("Run the migrations now?"));
			await until(() => asked().length >= 2, 20_000, "the re-asked question's notification");
			// The earlier ask's second button (option 2 of that question) replayed: not option 2 ("no") of this one.
			await ntfy.tap(buttonsOf(earlier?.actions)[1] as StoredAction);
			await session.waitFor("earlier question", 20_000);
			expect(existsSync(ws.pendingPath())).toBe(true);
			await session.waitFor("Run the migrations now?");

			await ntfy.tap(buttonsOf(asked().at(-1)?.actions)[0] as StoredAction);
			const delivered = await waitForDelivery(ws);
			expect(delivered).toContain('"answer":"yes"');
			expect(delivered).not.toContain('"answer":"no"');
		},
		patient(150_000),
	);

	it(
		"a tap offered for an earlier ask is refused by a later ask reusing its tool-call id moments after",
		async () => {
			const reused = "toolu_reused_at_once";
			const second = {
				questions: [{ question: "Run the migrations now?", options: [{ label: "yes" }, { label: "no" }] }],
			};
			// The model asks again with the same id as soon as the first answer arrives: well within a second or two of
			// the first ask's offer.
			ws.script([
				{ toolCall: { name: "ask_user", id: reused, arguments: ASK } },
				{ toolCall: { name: "ask_user", id: reused, arguments: second } },
				{ text: "Thanks, noted." },
			]);
			const session = startTui(ws, ["go"], { env: pushEnv() });
			tui = session;
			const [earlier] = await ntfy.waitForMessages(TOPIC, 1, 40_000);
			const first = buttonsOf(earlier?.actions)[0] as StoredAction;
			await ntfy.tap(first);
			await session.waitFor("Run the migrations now?", 20_000);
			const asked = () => ntfy.messages(TOPIC).filter((m) => m.message.includes("Run the migrations now?"));
			await until(() => asked().length >= 1, 20_000, "the later question's notification");
			// The earlier ask's first button again ("eu-west"): not option 1 ("yes") of the later ask.
			await ntfy.tap(first);
			await session.waitFor("earlier question", 20_000);
			expect(toolResults()).toHaveLength(1);
			await ntfy.tap(buttonsOf(asked()[0]?.actions)[1] as StoredAction);
			for (const started = Date.now(); toolResults().length < 2; await sleep(100)) {
				if (Date.now() - started > patient(20_000)) throw new Error("the later ask's own tap was not taken");
			}
			expect(toolResults().map((r) => resultJson(r.text).answers)).toEqual([
				[expect.objectContaining({ answer: "eu-west" })],
				[expect.objectContaining({ answer: "no" })],
			]);
		},
		patient(90_000),
	);

	it(
		"while pi-ask-anywhere web serves the folder, the notification's Open button opens its bare address; without it, none; and web applies a tap to the pending file at once",
		async () => {
			const minimal = { ...pushEnv(), PI_ASK_USER_PUSH_DETAIL: "minimal" };
			const views = (count: number) => ntfy.messages(TOPIC)[count - 1]?.actions?.filter((a) => a.action === "view");
			ws.script([{ toolCall: { name: "ask_user", arguments: ASK } }, { echo: true }]);
			expectSuccess(await runPiAsync(ws, piArgs(["-p", "go"]), { env: pushEnv() }));
			const [first] = await ntfy.waitForMessages(TOPIC, 1, 5_000);
			expect(views(1) ?? []).toHaveLength(0);
			expect(first?.click).toBeUndefined();

			const web = await startWebCommand(ws.cwd, { ...ws.env, ...pushEnv() });
			try {
				ws.script([{ toolCall: { name: "ask_user", arguments: ASK } }, { echo: true }]);
				expectSuccess(await runPiAsync(ws, piArgs(["-p", "go again"]), { env: minimal }));
				const [, published] = await ntfy.waitForMessages(TOPIC, 2, 5_000);
				expect(published?.message).toContain("A question is waiting in");
				expect(views(2)).toEqual([expect.objectContaining({ label: "Open", url: `${web.origin}/` })]);
				expect(published?.click).toBe(`${web.origin}/`);
				// Never a sign-in code in a notification.
				expect(JSON.stringify(published)).not.toContain("token=");

				// A tap on the first notification's button: the web command writes it into that ask's pending file.
				await ntfy.tap(buttonsOf(first?.actions)[1] as StoredAction);
				for (const started = Date.now(); !web.output().includes("a tap answered"); await sleep(100)) {
					if (Date.now() - started > patient(20_000))
						throw new Error(`the web command wrote nothing; it said:\n${web.output()}`);
				}
				expect((readJson(ws.pendingPath()) as { questions: { answer: unknown }[] }).questions[0]?.answer).toBe(
					"us-east",
				);
			} finally {
				await web.stop();
			}
			// Stopped: its address is gone, and the next notification has no Open button.
			ws.script([{ toolCall: { name: "ask_user", arguments: ASK } }, { echo: true }]);
			expectSuccess(await runPiAsync(ws, piArgs(["-p", "and again"]), { env: minimal }));
			await until(
				() => ntfy.messages(TOPIC).filter((m) => m.message.includes("A question is waiting in")).length >= 2,
				5_000,
				"the third notification",
			);
			expect(
				ntfy
					.messages(TOPIC)
					.filter((m) => m.message.includes("A question is waiting in"))
					.at(-1)
					?.actions?.filter((a) => a.action === "view") ?? [],
			).toHaveLength(0);
		},
		patient(120_000),
	);
});
