/**
 * A provider that reuses tool-call ids across turns (pi keeps whatever id the provider sends): an ask answered into
 * another session, then a new ask with the same id in the first session. The new ask is a different ask: it is
 * answered like any other, once, and the first ask's answers are never sent again.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { expectSuccess, goneSoon, runPrint, type Workspace } from "./harness.js";
import { workspaceFromSetup } from "./workspace-fixture.js";

const REUSED_ID = "toolu_reused";

let ws: Workspace;
let firstSession: string;

/** The session file of the run that made the first ask (pi names them by time, oldest first). */
function oldestSessionFile(): string {
	const folder = join(ws.agentDir, "sessions");
	const files = readdirSync(folder).flatMap((project) =>
		readdirSync(join(folder, project)).map((name) => join(folder, project, name)),
	);
	const oldest = files.sort((a, b) => a.localeCompare(b))[0];
	if (!oldest) throw new Error("no session file");
	return oldest;
}

const ask = (question: string) => ({
	toolCall: { name: "ask_user", id: REUSED_ID, arguments: { questions: [{ question }] } },
});

workspaceFromSetup((made) => {
	ws = made;
	ws.script([ask("Name the service?"), { text: "Noted." }, ask("Which port should it listen on?"), { echo: true }]);
	expectSuccess(runPrint(ws, ["set up the service"]));
	firstSession = oldestSessionFile();
	// Answered into a new session: the ledger records the first ask as settled there.
	expectSuccess(runPrint(ws, ["--answers", '["orders-api"]']));
	expect(readdirSync(join(ws.cwd, ".pi")).filter((n) => n.startsWith("pending-questions"))).toEqual([]);
	// The first session goes on, and its model asks again with the same id.
	expectSuccess(runPrint(ws, ["--session", firstSession, "go on"]));
	expect(readFileSync(ws.pendingPath(), "utf8")).toContain("Which port should it listen on?");
});

/** The user messages of the newest request the model saw, as one text. */
function lastUserText(): string {
	return ws
		.lastMessages()
		.filter((m) => m.role === "user")
		.map((m) => m.text)
		.join("\n");
}

describe("a reused tool-call id", () => {
	it("`--answers` answers the new ask, once", async () => {
		const run = runPrint(ws, ["--answers", '["8080"]']);
		expectSuccess(run);
		const seen = lastUserText();
		expect(seen).toContain("8080");
		expect(seen).toContain("Which port should it listen on?");
		expect(seen).not.toContain("orders-api");
		expect(await goneSoon(ws.pendingPath())).toBe(true);
		const again = runPrint(ws, ["--answers", '["9090"]']);
		expect(again.code).not.toBe(0);
	});

	it("`pi -p @file` answers the new ask with the person's words", async () => {
		const run = runPrint(ws, [`@${ws.pendingPath()}`, "port 8080 please"]);
		expectSuccess(run);
		const seen = lastUserText();
		expect(seen).toContain("port 8080 please");
		expect(seen).toContain("Which port should it listen on?");
		expect(await goneSoon(ws.pendingPath())).toBe(true);
	});

	it("`/questions` lists the new ask as waiting, in the first session too", () => {
		for (const args of [["/questions json"], ["--session", firstSession, "/questions json"]]) {
			const listing = expectSuccess(runPrint(ws, args)).stdout;
			expect(listing).toContain("Which port should it listen on?");
			expect(listing).not.toContain("already answered");
		}
		expect(readFileSync(ws.pendingPath(), "utf8")).toContain("Which port should it listen on?");
	});
});

/**
 * Two asks of ONE session waiting at once under the same id (the model asked again before the person answered the
 * first): each is its own ask, answered once by what names it, and answering one never settles the other.
 */
describe("two waiting asks of one session sharing an id", () => {
	let both: Workspace;
	const pendingNames = () =>
		readdirSync(join(both.cwd, ".pi"))
			.filter((n) => n.startsWith("pending-questions"))
			.sort();
	const userText = () =>
		both
			.lastMessages()
			.filter((m) => m.role === "user")
			.map((m) => m.text)
			.join("\n");

	const bothWorkspace = workspaceFromSetup((made) => {
		made.script([
			ask("Name the service?"),
			ask("Which port should it listen on?"),
			{ echo: true },
			{ echo: true },
			{ echo: true },
		]);
		expectSuccess(runPrint(made, ["set up the service"]));
		expectSuccess(runPrint(made, ["-c", "go on"]));
	});
	beforeEach(() => {
		both = bothWorkspace();
		expect(pendingNames()).toEqual(["pending-questions-2.json", "pending-questions.json"]);
	});

	it("the earlier file filled in goes with `pi -c`, and `--answers` then answers the later one", async () => {
		const first = join(both.cwd, ".pi", "pending-questions.json");
		const data = JSON.parse(readFileSync(first, "utf8"));
		data.questions[0].answer = "orders-api";
		writeFileSync(first, JSON.stringify(data, null, 2));
		expectSuccess(runPrint(both, ["-c"]));
		expect(userText()).toContain('"answer":"orders-api"');
		expect(userText()).toContain("Name the service?");
		expect(await goneSoon(first)).toBe(true);
		expect(pendingNames()).toEqual(["pending-questions-2.json"]);

		expectSuccess(runPrint(both, ["-c", "--answers", '["8080"]']));
		const seen = userText();
		expect(seen).toContain('"answer":"8080"');
		expect(seen).toContain("Which port should it listen on?");
		// The earlier answers are in the session once, from the run that sent them; never sent again.
		expect(seen.split('"answer":"orders-api"')).toHaveLength(2);
		expect(await goneSoon(both.pendingPath().replace(".json", "-2.json"))).toBe(true);
		expect(pendingNames()).toEqual([]);
	});

	it("the later one answered into a new session leaves the earlier one waiting, with the person's answer", async () => {
		const first = join(both.cwd, ".pi", "pending-questions.json");
		const data = JSON.parse(readFileSync(first, "utf8"));
		data.questions[0].answer = "orders-api";
		writeFileSync(first, JSON.stringify(data, null, 2));
		// The newest file is the later ask's: `--answers` in a new session answers it.
		expectSuccess(runPrint(both, ["--answers", '["8080"]']));
		expect(userText()).toContain("Which port should it listen on?");
		expect(await goneSoon(join(both.cwd, ".pi", "pending-questions-2.json"))).toBe(true);
		const listing = expectSuccess(runPrint(both, ["/questions"])).stdout;
		expect(listing).toContain("Name the service?");
		expect(listing).not.toContain("already answered");
		// And `pi -c` of the asking session still delivers the earlier one, once.
		expectSuccess(runPrint(both, ["--session", readJsonFile(first).sessionFile, "go on"]));
		expect(userText()).toContain('"answer":"orders-api"');
		expect(await goneSoon(first)).toBe(true);
	});

	it("`@file` of the earlier one leaves the later one waiting for `--answers`", async () => {
		expectSuccess(runPrint(both, ["-c", "@.pi/pending-questions.json", "orders-api"]));
		expect(userText()).toContain("orders-api");
		expect(userText()).toContain("Name the service?");
		expect(await goneSoon(join(both.cwd, ".pi", "pending-questions.json"))).toBe(true);
		const run = runPrint(both, ["-c", "--answers", '["8080"]']);
		expectSuccess(run);
		const seen = userText();
		expect(seen).toContain('"answer":"8080"');
		expect(seen).toContain("Which port should it listen on?");
		expect(pendingNames()).toEqual([]);
	});
});

function readJsonFile(path: string): { sessionFile: string } {
	return JSON.parse(readFileSync(path, "utf8"));
}
