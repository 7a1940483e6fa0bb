/**
 * `pi-ask-anywhere web` in a real browser (the Debian Chromium through playwright-core) against the real pi with
 * the scripted model: live questions answered on the page reach the model exactly; a pending file answered on
 * the page is delivered by `pi -c`; nothing without the page token.
 */
import { createHash } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
// Not named WebSocket: the page code passed to page.evaluate uses the browser's own.
import AgentSocket from "ws";
import { createPendingFile, savePendingFile } from "../../src/pending/pending-file.js";
import {
	createWorkspace,
	KEYS,
	piArgs,
	resultJson,
	runPiAsync,
	runPrint,
	SPEC_EXAMPLE,
	SPEC_RESULT,
	sleep,
	startTui,
	type Workspace,
	waitForToolResult,
} from "../e2e/harness.js";
import { DATABASE, FEATURES, NAME } from "../fixtures.js";
import { type McpSession, pendingFiles, startMcp } from "../mcp/mcp-client.js";
import { patient } from "../patience.js";
import { type Browser, launchChromium, startWebCommand, WEB_CLI, type WebCommand } from "./web-command.js";

/** A real 1×1 PNG. */
const ONE_PIXEL_PNG =
	"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

let ws: Workspace;
let web: WebCommand | undefined;
let browser: Browser | undefined;

beforeAll(() => {
	if (!existsSync(WEB_CLI)) throw new Error("dist/cli.mjs is missing: run npm run build first");
	if (!existsSync("/usr/bin/chromium")) throw new Error("/usr/bin/chromium is missing: apt-get install chromium");
});

afterEach(async () => {
	await browser?.close();
	await web?.stop();
	browser = undefined;
	web = undefined;
	ws?.cleanup();
});

async function openPage(command: WebCommand): Promise<Page> {
	browser = await launchChromium();
	const page = await browser.context.newPage();
	await page.goto(command.openUrl);
	return page;
}

describe("pi-ask-anywhere web in Chromium", () => {
	it("answers the spec's example for a waiting pi -p: the model receives exactly the spec's result", async () => {
		ws = createWorkspace();
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
		const agentToken = "agent-token-5d1e0c";
		web = await startWebCommand(ws.cwd, { ...ws.env, PI_ASK_USER_REMOTE_TOKEN: agentToken });
		const pageToken = new URL(web.openUrl).searchParams.get("token") ?? "";
		const page = await openPage(web);
		// The token was traded for a cookie and is gone from the address bar.
		expect(page.url()).toBe(`${web.origin}/`);
		const running = runPiAsync(ws, piArgs(["-p", "set up the service"]), {
			env: { PI_ASK_USER_REMOTE_URL: web.agentUrl, PI_ASK_USER_REMOTE_TOKEN: agentToken },
		});
		const card = page.locator("article.card").first();
		await card.getByRole("radio", { name: /PostgreSQL \(Recommended\)/ }).click({ timeout: patient(30_000) });
		// The live card names the project pi asks from.
		expect(await card.locator("header .title").textContent()).toContain(basename(ws.cwd));
		await card.getByRole("button", { name: "Next" }).click();
		await card.getByLabel("Your answer", { exact: true }).fill("order-processor");
		await card.getByRole("button", { name: "Review" }).click();
		await expect.poll(() => card.locator(".review").textContent()).toContain("order-processor");
		await card.getByRole("button", { name: "Submit" }).click();
		const run = await running;
		expect(run.code).toBe(0);
		expect(resultJson(ws.lastToolResult()?.text)).toEqual(SPEC_RESULT);
		// Answered: the card says the answers were sent, that pi confirmed it got them, and what happens next.
		await expect
			.poll(() => card.getByRole("status").textContent(), { timeout: patient(10_000) })
			.toMatch(/pi got your answers.*continues/);
		expect(await card.getByRole("radio").count()).toBe(0);
		await card.getByRole("button", { name: "Close" }).click();
		await expect.poll(() => page.locator("#live article").count()).toBe(0);
		// No token in pi's output or in what pi stored (sessions, settings) in its agent folder.
		const stored = readdirSync(ws.agentDir, { recursive: true, withFileTypes: true })
			.filter((entry) => entry.isFile())
			.map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"))
			.join("\n");
		expect(stored).toContain("order-processor");
		for (const token of [pageToken, agentToken]) {
			expect(run.stdout + run.stderr + stored).not.toContain(token);
		}
	});

	it("speaks the browser's language: in German (Accept-Language de) with <html lang=de>; the answer reaches the model as typed", async () => {
		ws = createWorkspace();
		ws.script([{ toolCall: { name: "ask_user", arguments: { questions: [DATABASE, NAME] } } }]);
		web = await startWebCommand(ws.cwd, ws.env);
		browser = await launchChromium(undefined, 1, "de-DE");
		const page = await browser.context.newPage();
		await page.goto(web.openUrl);
		expect(await page.locator("html").getAttribute("lang")).toBe("de");
		await expect.poll(() => page.locator("#status").getAttribute("class")).toBe("live");
		expect(await page.getByRole("heading", { name: "Wartet auf dich" }).count()).toBe(1);
		expect(await page.getByRole("heading", { name: "Offen in diesem Ordner" }).count()).toBe(1);
		expect(await page.locator(".live-empty").textContent()).toBe(
			"Gerade wartet keine Frage. Fragen erscheinen hier, sobald pi fragt.",
		);
		const running = runPiAsync(ws, piArgs(["-p", "set up the service"]), {
			env: { PI_ASK_USER_REMOTE_URL: web.agentUrl },
		});
		const card = page.locator("#live article.card").first();
		await card.getByRole("radio", { name: "SQLite" }).click({ timeout: patient(30_000) });
		expect(await card.locator(".title").textContent()).toBe("pi fragt · project");
		expect(await card.locator(".step").textContent()).toBe("1 von 2");
		expect(await page.title()).toBe("(1) pi fragt");
		await card.getByRole("button", { name: "Weiter" }).click();
		await card.getByLabel("Deine Antwort", { exact: true }).fill("Bestellungen, schnell");
		await card.getByRole("button", { name: "Prüfen" }).click();
		await expect.poll(() => card.locator(".review h3").textContent()).toBe("Antworten prüfen");
		expect(await card.locator(".review .typed-mark").textContent()).toBe("(eingegeben)");
		expect(await card.getByRole("button", { name: "Service Setup ändern" }).count()).toBe(1);
		await card.getByRole("button", { name: "Absenden" }).click();
		expect((await running).code).toBe(0);
		// What the model reads is never translated: labels and typed text exactly.
		const answers = resultJson(ws.lastToolResult()?.text).answers as { answer: unknown }[];
		expect(answers.map((answer) => answer.answer)).toEqual(["SQLite", "Bestellungen, schnell"]);
		await expect
			.poll(() => card.getByRole("status").textContent(), { timeout: patient(10_000) })
			.toBe("✓ pi hat deine Antworten erhalten und macht damit weiter. Hier ist nichts mehr zu tun.");
		expect(await card.getByRole("button", { name: "Schließen" }).count()).toBe(1);
	});

	it("an image attached on the page reaches the model as an image block of the ask_user result; files refused say why", async () => {
		ws = createWorkspace();
		const question = { question: "What does the error look like?", header: "Error" };
		ws.script([{ toolCall: { name: "ask_user", arguments: { questions: [question] } } }]);
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		const running = runPiAsync(ws, piArgs(["-p", "fix the error"]), {
			env: { PI_ASK_USER_REMOTE_URL: web.agentUrl },
		});
		const card = page.locator("#live article.card").first();
		const attach = card.locator("label.attach");
		await attach.waitFor({ timeout: patient(30_000) });
		expect(await attach.textContent()).toContain("Attach a photo or image");
		const box = await attach.boundingBox();
		expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
		const input = card.locator("input[type=file]");
		expect(await input.getAttribute("accept")).toBe("image/*");
		expect(await input.getAttribute("multiple")).not.toBeNull();
		const png = Buffer.from(ONE_PIXEL_PNG, "base64");
		const huge = Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024)]);
		await input.setInputFiles([
			{ name: "shot.png", mimeType: "image/png", buffer: png },
			{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") },
			{ name: "huge.png", mimeType: "image/png", buffer: huge },
			{ name: "second.png", mimeType: "image/png", buffer: png },
		]);
		const problems = card.getByRole("alert");
		await expect.poll(() => problems.textContent()).toContain("notes.txt was not attached");
		expect(await problems.textContent()).toContain("huge.png was not attached: it is 4 MB");
		const attached = card.getByRole("list", { name: "Attached images" });
		expect(await attached.locator("li .image-name").allTextContents()).toEqual(["shot.png", "second.png"]);
		await card.getByRole("button", { name: "Remove second.png" }).click();
		expect(await attached.locator("li .image-name").allTextContents()).toEqual(["shot.png"]);
		await card.getByLabel("Your answer", { exact: true }).fill("the red banner at the top");
		await card.getByRole("button", { name: "Submit" }).click();
		const run = await running;
		expect(run.code).toBe(0);
		const result = ws.lastToolResult();
		expect(resultJson(result?.text).answers).toMatchObject([{ answer: "the red banner at the top" }]);
		expect(result?.images).toEqual([
			{ mimeType: "image/png", bytes: png.length, sha256: createHash("sha256").update(png).digest("hex") },
		]);
	});

	it("a multi-select with a typed answer containing a comma arrives exactly, with its note", async () => {
		ws = createWorkspace();
		ws.script([{ toolCall: { name: "ask_user", arguments: { questions: [FEATURES] } } }]);
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		const running = runPiAsync(ws, piArgs(["-p", "set up the service"]), {
			env: { PI_ASK_USER_REMOTE_URL: web.agentUrl },
		});
		const card = page.locator("article.card").first();
		await card.getByRole("checkbox", { name: /Authentication/ }).click({ timeout: patient(30_000) });
		await card.getByRole("checkbox", { name: /Admin Dashboard/ }).click();
		await card.getByLabel("Other (type your answer)").fill("Exports, as CSV");
		await card.getByLabel("Note").fill("SSO later");
		await card.getByRole("button", { name: "Submit" }).click();
		expect((await running).code).toBe(0);
		expect(resultJson(ws.lastToolResult()?.text)).toEqual({
			answered: true,
			answers: [
				{
					question: FEATURES.question,
					answer: ["Authentication", "Admin Dashboard", "Exports, as CSV"],
					selectedOption: ["Authentication", "Admin Dashboard"],
					wasCustom: true,
					note: "SSO later",
				},
			],
		});
	});

	it("a question whose text is another question's header: both answers given on the page reach the model", async () => {
		ws = createWorkspace();
		const questions = [
			{
				question: "Which environment?",
				header: "Deploy now?",
				options: [{ label: "Staging" }, { label: "Production" }],
			},
			{ question: "Deploy now?", header: "Confirm", options: [{ label: "Yes" }, { label: "No" }] },
		];
		ws.script([{ toolCall: { name: "ask_user", arguments: { questions } } }]);
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		const running = runPiAsync(ws, piArgs(["-p", "deploy it"]), { env: { PI_ASK_USER_REMOTE_URL: web.agentUrl } });
		const card = page.locator("#live article.card").first();
		await card.getByRole("radio", { name: "Staging" }).click({ timeout: patient(30_000) });
		await card.getByRole("button", { name: "Next" }).click();
		await card.getByRole("radio", { name: "No" }).click();
		await card.getByRole("button", { name: "Review" }).click();
		await card.getByRole("button", { name: "Submit" }).click();
		expect((await running).code).toBe(0);
		expect(resultJson(ws.lastToolResult()?.text)).toEqual({
			answered: true,
			answers: [
				{ question: "Which environment?", answer: "Staging", selectedOption: "Staging", wasCustom: false },
				{ question: "Deploy now?", answer: "No", selectedOption: "No", wasCustom: false },
			],
		});
	});

	it("a note for the whole set, typed on the Review step, reaches the model as the result's top-level note", async () => {
		ws = createWorkspace();
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		const running = runPiAsync(ws, piArgs(["-p", "set up the service"]), {
			env: { PI_ASK_USER_REMOTE_URL: web.agentUrl },
		});
		const card = page.locator("#live article.card").first();
		await card.getByRole("radio", { name: /PostgreSQL \(Recommended\)/ }).click({ timeout: patient(30_000) });
		await card.getByRole("button", { name: "Next" }).click();
		await card.getByLabel("Your answer", { exact: true }).fill("order-processor");
		// Only on the Review step: each question has its own note.
		expect(await card.getByLabel("Note for all answers").count()).toBe(0);
		await card.getByRole("button", { name: "Review" }).click();
		await card.getByLabel("Note for all answers").fill("  Ship it before Friday, please  ");
		// Leaving the review and coming back keeps what was typed.
		await card.getByRole("button", { name: "Edit" }).first().click();
		await card.getByRole("button", { name: "Next" }).click();
		await card.getByRole("button", { name: "Review" }).click();
		expect(await card.getByLabel("Note for all answers").inputValue()).toBe("  Ship it before Friday, please  ");
		await card.getByRole("button", { name: "Submit" }).click();
		expect((await running).code).toBe(0);
		expect(resultJson(ws.lastToolResult()?.text)).toEqual({ ...SPEC_RESULT, note: "Ship it before Friday, please" });
	});

	it("the note for the whole set on the wire: exactly what was typed; a blank one sends none; no field for an agent without notes", async () => {
		ws = createWorkspace();
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		const agent = new AgentSocket(web.agentUrl);
		try {
			await once(agent, "open");
			const frames: { questionId: string; answers: unknown; note?: unknown }[] = [];
			agent.on("message", (data) => {
				const frame = JSON.parse(String(data)) as { type: string; payload: (typeof frames)[number] };
				if (frame.type === "hook.ask_user_answer") frames.push(frame.payload);
			});
			const ask = (questionId: string, extensions: string[]): void => {
				const questions = [
					{
						question: "Which database?",
						header: "",
						multiSelect: false,
						options: [{ label: "Redis", description: "" }],
					},
					{ question: "Port?", header: "", multiSelect: false, options: [] },
				];
				const payload = { sessionKey: "k", agentId: "pi", questionId, questions, extensions };
				agent.send(JSON.stringify({ type: "event", payload: { event: "ask_user_question", payload } }));
			};
			const answer = async (note: string | undefined): Promise<void> => {
				const card = page.locator("#live article.card").first();
				await card.getByRole("radio", { name: "Redis" }).click({ timeout: patient(10_000) });
				await card.getByRole("button", { name: "Next" }).click();
				await card.getByLabel("Your answer", { exact: true }).fill("8080");
				await card.getByRole("button", { name: "Review" }).click();
				if (note === undefined) expect(await card.getByLabel("Note for all answers").count()).toBe(0);
				else await card.getByLabel("Note for all answers").fill(note);
				await card.getByRole("button", { name: "Submit" }).click();
				await expect.poll(() => card.getByRole("status").textContent()).toContain("Sent");
				await card.getByRole("button", { name: "Close" }).click();
			};
			ask("q-note", ["answer-notes"]);
			await answer('Keep it "small", 2 lines');
			await expect.poll(() => frames.length).toBe(1);
			expect(frames[0]).toEqual({
				questionId: "q-note",
				answers: { "Which database?": "Redis", "Port?": "8080" },
				note: 'Keep it "small", 2 lines',
			});
			ask("q-blank", ["answer-notes"]);
			await answer("   ");
			await expect.poll(() => frames.length).toBe(2);
			expect(frames[1]).toEqual({ questionId: "q-blank", answers: { "Which database?": "Redis", "Port?": "8080" } });
			// An agent that does not list "answer-notes" could not read it: the page offers no field.
			ask("q-plain", []);
			await answer(undefined);
			await expect.poll(() => frames.length).toBe(3);
			expect(frames[2]).toEqual({ questionId: "q-plain", answers: { "Which database?": "Redis", "Port?": "8080" } });
		} finally {
			agent.terminate();
		}
	});

	it("screen readers (Chromium's accessibility tree): labelled options with their state, the question names the group, focus kept and moved, notices in a live region", async () => {
		ws = createWorkspace();
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		const running = runPiAsync(ws, piArgs(["-p", "set up the service"]), {
			env: { PI_ASK_USER_REMOTE_URL: web.agentUrl },
		});
		const card = page.locator("#live article.card").first();
		await card
			.getByRole("radio")
			.first()
			.waitFor({ timeout: patient(30_000) });
		const tree = await axTree(page);
		// The card is named by who asks; the options are a radio group named by the question.
		expect(tree.find((node) => node.role === "article")?.name).toBe("pi asks · project");
		const group = tree.find((node) => node.role === "radiogroup");
		expect(group?.name).toBe(DATABASE.question);
		const radios = tree.descendants(group).filter((node) => node.role === "radio");
		// Each option's name is its label alone; its description is read as the description; its state is said.
		expect(radios.map((node) => [node.name, node.description, node.properties.checked])).toEqual(
			(DATABASE.options ?? []).map((option) => [option.label, option.description, "false"]),
		);
		// Focus order, by Tab: the options, "Other", attaching an image, the note, then the buttons.
		const order: string[] = [];
		for (let i = 0; i < 8; i++) {
			await page.keyboard.press("Tab");
			order.push(await focused(page));
		}
		expect(order).toEqual([
			"radio PostgreSQL (Recommended)",
			"radio SQLite",
			"radio MongoDB",
			"textbox Other (type your answer)",
			"button Attach a photo or image",
			"textbox Note",
			"button Next",
			"button Dismiss",
		]);
		// Picking with the keyboard keeps the focus on the option, which now says it is checked.
		for (let i = 0; i < 6; i++) await page.keyboard.press("Shift+Tab");
		expect(await focused(page)).toBe("radio SQLite");
		await page.keyboard.press("Space");
		expect(await focused(page)).toBe("radio SQLite (checked)");
		// Next moves the focus to the next question, which is read first; its text field is named for what it is.
		await card.getByRole("button", { name: "Next" }).focus();
		await page.keyboard.press("Enter");
		expect(await focused(page)).toBe(`heading ${NAME.question}`);
		await page.keyboard.press("Tab");
		expect(await focused(page)).toBe("textbox Your answer");
		await page.keyboard.type("order-processor");
		await card.getByRole("button", { name: "Review" }).click();
		expect(await focused(page)).toBe("heading Review your answers");
		// The card's live region is there, empty, before any notice comes (one inserted with its text is not said).
		expect(await card.getByRole("status").textContent()).toBe("");
		await card.getByRole("button", { name: "Submit" }).click();
		expect((await running).code).toBe(0);
		// The notices are said by that live region.
		await expect
			.poll(() => card.getByRole("status").textContent(), { timeout: patient(10_000) })
			.toMatch(/pi got your answers/);
		const after = await axTree(page);
		const status = after.find((node) => node.role === "status");
		expect(status?.properties.live).toBe("polite");
		expect(after.text(status)).toMatch(/pi got your answers/);
		expect(await focused(page)).toBe("button Close");
	});

	it("dismissing after answering asks 'Discard your answer?' first; Yes dismisses, and the model is told so", async () => {
		ws = createWorkspace();
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		const running = runPiAsync(ws, piArgs(["-p", "set up the service"]), {
			env: { PI_ASK_USER_REMOTE_URL: web.agentUrl },
		});
		const card = page.locator("#live article.card").first();
		await card.getByRole("radio", { name: "SQLite" }).click({ timeout: patient(30_000) });
		await card.getByRole("button", { name: "Dismiss" }).click();
		await expect.poll(() => card.getByRole("alertdialog").textContent()).toContain("Discard your answer?");
		await card.getByRole("button", { name: "No" }).click();
		expect(await card.getByRole("alertdialog").count()).toBe(0);
		expect(await card.getByRole("radio", { name: "SQLite" }).getAttribute("aria-checked")).toBe("true");
		await card.getByRole("button", { name: "Dismiss" }).click();
		await card.getByRole("button", { name: "Yes" }).click();
		expect((await running).code).toBe(0);
		expect(resultJson(ws.lastToolResult()?.text)).toMatchObject({ answered: false, cancelled: true });
		await expect
			.poll(() => card.getByRole("status").textContent(), { timeout: patient(10_000) })
			.toContain("pi got your dismissal");
		await card.getByRole("button", { name: "Close" }).click();
		await expect.poll(() => page.locator("#live article").count()).toBe(0);
	});

	it("a question answered in the TUI first disappears from the open page; the TUI's answer is the one the model gets", async () => {
		ws = createWorkspace();
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		const tui = startTui(ws, ["set up the service"], { env: { PI_ASK_USER_REMOTE_URL: web.agentUrl } });
		try {
			const card = page.locator("#live article.card").first();
			// The page has the question, and the person starts answering there too.
			await card.getByRole("radio", { name: "SQLite" }).click({ timeout: patient(40_000) });
			await tui.waitFor("Other (type your answer)", 40_000);
			tui.type("1");
			await tui.waitFor("What should we name this service?");
			tui.type("order-processor");
			await tui.waitFor("order-processor");
			tui.type(KEYS.enter);
			await tui.waitFor("Review your answers");
			tui.type(KEYS.enter);
			await expect.poll(() => page.locator("#live article").count(), { timeout: patient(10_000) }).toBe(0);
			await waitForToolResult(ws);
			expect(resultJson(ws.lastToolResult()?.text)).toEqual(SPEC_RESULT);
		} finally {
			tui.type(KEYS.ctrlC);
			tui.kill();
		}
	});

	it("an ask open in the TUI shows once, as live, though its questions are on disk; answered there, the model gets it", async () => {
		ws = createWorkspace();
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		const tui = startTui(ws, ["set up the service"], { env: { PI_ASK_USER_REMOTE_URL: web.agentUrl } });
		try {
			const card = page.locator("#live article.card").first();
			await card.getByRole("radio", { name: /PostgreSQL \(Recommended\)/ }).click({ timeout: patient(40_000) });
			// pi keeps the open dialog's questions on disk; the server sees the file as soon as it is written.
			await expect.poll(() => existsSync(ws.pendingPath()), { timeout: patient(10_000) }).toBe(true);
			await sleep(3_000);
			expect(await page.locator("#pending article").count()).toBe(0);
			await card.getByRole("button", { name: "Next" }).click();
			await card.getByLabel("Your answer", { exact: true }).fill("order-processor");
			await card.getByRole("button", { name: "Review" }).click();
			await card.getByRole("button", { name: "Submit" }).click();
			await tui.waitFor("Answered on the web page.", 20_000);
			await waitForToolResult(ws);
			expect(resultJson(ws.lastToolResult()?.text)).toEqual(SPEC_RESULT);
			// pi removes the file as it takes the answer; at no point is it offered as a pending card.
			await expect.poll(() => existsSync(ws.pendingPath()), { timeout: patient(10_000) }).toBe(false);
			await sleep(2_500);
			expect(await page.locator("#pending article").count()).toBe(0);
		} finally {
			tui.type(KEYS.ctrlC);
			tui.kill();
		}
	});

	it("answers a pending file from the page; pi -c delivers it", async () => {
		ws = createWorkspace();
		ws.script([{ toolCall: { name: "ask_user", arguments: SPEC_EXAMPLE } }]);
		expect(runPrint(ws, ["set up the service"]).code).toBe(0);
		expect(existsSync(ws.pendingPath())).toBe(true);
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		const card = page.locator("#pending article.card").first();
		await expect.poll(() => card.textContent()).toContain(".pi/pending-questions.json");
		// pi's own file: no warning about where it came from.
		expect(await card.locator(".origin.untrusted").count()).toBe(0);
		await card.getByRole("radio", { name: /PostgreSQL \(Recommended\)/ }).click();
		await card.getByRole("button", { name: "Next" }).click();
		await card.getByLabel("Your answer", { exact: true }).fill("order-processor");
		await card.getByRole("button", { name: "Review" }).click();
		await card.getByRole("button", { name: "Submit" }).click();
		await expect.poll(() => page.locator("#pending").textContent()).toContain("Run pi -c");
		const written = JSON.parse(readFileSync(ws.pendingPath(), "utf8")) as { questions: { answer: unknown }[] };
		expect(written.questions.map((q) => q.answer)).toEqual(["PostgreSQL (Recommended)", "order-processor"]);

		runPrint(ws, ["-c", "continue"]);
		const delivered = ws
			.lastMessages()
			.filter((m) => m.role === "user")
			.at(-1)?.text;
		const json = delivered?.split("\n").find((line) => line.startsWith('{"answered"'));
		expect(JSON.parse(json ?? "null")).toEqual(SPEC_RESULT);
		expect(existsSync(ws.pendingPath())).toBe(false);
		// Delivered: it disappears from the page too.
		await expect.poll(() => page.locator("#pending article").count(), { timeout: patient(10_000) }).toBe(0);
	});

	it("a pending card opens with the project folder, a relative time and the questions; internals behind Details", async () => {
		ws = createWorkspace();
		savePendingFile(
			ws.cwd,
			createPendingFile({
				request: { questions: [{ question: "Deploy to production?", options: [{ label: "Yes" }, { label: "No" }] }] },
				sessionId: "0b7c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
				sessionFile: "/home/someone/.pi/agent/sessions/--x--/2026_0b7c2d3e.jsonl",
				toolCallId: "call-times",
				now: new Date(Date.now() - 5 * 60_000),
			}),
		);
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		const card = page.locator("#pending article.card").first();
		await expect.poll(() => card.locator("header").textContent()).toContain("project");
		expect(await card.locator("header").textContent()).toContain("5 minutes ago");
		// What is visible: no session UUID, no absolute session path, no ISO time.
		// biome-ignore lint/performance/useDomNodeTextContent: what is shown, not what is in the DOM (closed details)
		const visible = await card.innerText();
		expect(visible).toContain("Deploy to production?");
		expect(visible).not.toContain("0b7c2d3e");
		expect(visible).not.toContain("/home/someone");
		expect(visible).not.toMatch(/\d{4}-\d\d-\d\dT/);
		// The questions come before any details.
		expect(visible.indexOf("Deploy to production?")).toBeLessThan(visible.indexOf("Details"));
		await card.locator("summary", { hasText: "Details" }).click();
		const details = await card.locator("details").textContent();
		expect(details).toContain("0b7c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d");
		expect(details).toContain("/home/someone/.pi/agent/sessions/--x--/2026_0b7c2d3e.jsonl");
		expect(details).toMatch(/\d{4}-\d\d-\d\dT/);
	});

	it("the review marks typed answers (typed) as the TUI does, and its Edit buttons are at least 44×44 px", async () => {
		ws = createWorkspace();
		savePendingFile(
			ws.cwd,
			createPendingFile({
				request: {
					questions: [
						{ question: "Which database?", options: [{ label: "Redis" }, { label: "SQLite" }] },
						{ question: "Which features?", multiSelect: true, options: [{ label: "Auth" }, { label: "Admin" }] },
					],
				},
				sessionId: "s",
				toolCallId: "call-review",
				now: new Date(),
			}),
		);
		web = await startWebCommand(ws.cwd, ws.env);
		browser = await launchChromium({ width: 390, height: 844 }, 3);
		const page = await browser.context.newPage();
		await page.goto(web.openUrl);
		const card = page.locator("#pending article.card").first();
		await card.getByRole("radio", { name: "SQLite" }).click();
		await card.getByRole("button", { name: "Next" }).click();
		await card.getByRole("checkbox", { name: "Auth" }).click();
		await card.getByLabel("Other (type your answer)").fill("Exports, as CSV");
		await card.getByRole("button", { name: "Review" }).click();
		const rows = card.locator(".review li");
		expect(await rows.nth(0).textContent()).not.toContain("(typed)");
		expect(await rows.nth(1).textContent()).toContain("Auth · (typed) Exports, as CSV");
		for (const edit of await card.getByRole("button", { name: "Edit" }).all()) {
			const box = await edit.boundingBox();
			expect(box?.width).toBeGreaterThanOrEqual(44);
			expect(box?.height).toBeGreaterThanOrEqual(44);
		}
	});

	it("on a phone: the text inputs are 16 px (iOS zooms below), and '✓ pi got your answers' shows without 'No question is waiting' under it", async () => {
		ws = createWorkspace();
		web = await startWebCommand(ws.cwd, ws.env, ["--no-qr"]);
		browser = await launchChromium({ width: 390, height: 844 }, 3);
		const page = await browser.context.newPage();
		await page.goto(web.openUrl);
		const agent = new AgentSocket(web.agentUrl);
		try {
			await once(agent, "open");
			const answered = new Promise<void>((resolve) =>
				agent.on("message", (data) => {
					if ((JSON.parse(String(data)) as { type: string }).type === "hook.ask_user_answer") resolve();
				}),
			);
			const questions = [
				{ question: "Which features?", header: "", multiSelect: true, options: [{ label: "Auth", description: "" }] },
				{ question: "Port?", header: "", multiSelect: false, options: [] },
			];
			const extensions = ["answer-arrays", "answer-notes", "ask_user_closed", "answer-source"];
			const payload = { sessionKey: "k", agentId: "pi", questionId: "q-phone", questions, extensions };
			agent.send(JSON.stringify({ type: "event", payload: { event: "ask_user_question", payload } }));
			const card = page.locator("#live article.card").first();
			/** The font size of every field a person types in (an input without a type is a text input). */
			const fieldSizes = (): Promise<string[]> =>
				card.evaluate((element) =>
					[...element.querySelectorAll("input, textarea")]
						.filter((field) => (field as HTMLInputElement).type === "text" || field.tagName === "TEXTAREA")
						.map((field) => `${field.getAttribute("aria-label") ?? field.id}: ${getComputedStyle(field).fontSize}`),
				);
			const sizes: string[] = [];
			await card.getByRole("checkbox", { name: "Auth" }).click({ timeout: patient(10_000) });
			sizes.push(...(await fieldSizes()));
			await card.getByLabel("Other (type your answer)").fill("Exports");
			await card.getByRole("button", { name: "Next" }).click();
			sizes.push(...(await fieldSizes()));
			await card.getByLabel("Your answer", { exact: true }).fill("8080");
			await card.getByRole("button", { name: "Review" }).click();
			sizes.push(...(await fieldSizes()));
			expect(sizes.length).toBeGreaterThanOrEqual(5);
			expect(sizes.filter((size) => Number.parseFloat(size.split(": ")[1] ?? "") < 16)).toEqual([]);
			await card.getByRole("button", { name: "Submit" }).click();
			await answered;
			const closed = { sessionKey: "k", agentId: "pi", questionId: "q-phone", reason: "answered" };
			agent.send(JSON.stringify({ type: "event", payload: { event: "ask_user_closed", payload: closed } }));
			await expect.poll(() => card.getByRole("status").textContent()).toMatch(/pi got your answers/);
			// The card that says so is there: the page is not empty, so it does not say so.
			expect(await page.locator(".live-empty").isVisible()).toBe(false);
			await card.getByRole("button", { name: "Close" }).click();
			await expect.poll(() => page.locator(".live-empty").isVisible()).toBe(true);
		} finally {
			agent.terminate();
		}
	});

	it("shows a pending file that fails the trust rule with where it came from, and writes it only after confirmation", async () => {
		ws = createWorkspace();
		const foreign = createPendingFile({
			request: { questions: [{ question: "Deploy to production?", options: [{ label: "Yes" }, { label: "No" }] }] },
			sessionId: "someone-elses-session",
			toolCallId: "call-foreign",
			task: "wipe the staging database",
			now: new Date("2026-01-02T03:04:05Z"),
		});
		const path = savePendingFile(ws.cwd, foreign);
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		const card = page.locator("#pending article.card").first();
		await expect.poll(() => card.locator(".origin.untrusted").textContent()).toContain("Not from your own pi");
		expect(await card.locator(".origin").textContent()).toContain("its task: wipe the staging database");
		await card.getByRole("radio", { name: "No" }).click();
		await card.getByRole("button", { name: "Submit" }).click();
		await expect.poll(() => card.locator(".message").textContent()).toContain("Tick the box above to answer it anyway");
		expect(
			(JSON.parse(readFileSync(path, "utf8")) as { questions: { answer: unknown }[] }).questions[0]?.answer,
		).toBeNull();
		await card.getByRole("checkbox", { name: /write my answers into it anyway/ }).check();
		await card.getByRole("button", { name: "Submit" }).click();
		await expect.poll(() => page.locator("#pending").textContent()).toContain("Run pi -c");
		expect((JSON.parse(readFileSync(path, "utf8")) as { questions: { answer: unknown }[] }).questions[0]?.answer).toBe(
			"No",
		);
		// What the page says works: the person's answers (not the file's) reach the model, once.
		ws.script([{ echo: true }]);
		const delivered = runPrint(ws, ["-c", "go on"]);
		expect(delivered.code, delivered.stderr).toBe(0);
		const sent = ws
			.lastMessages()
			.filter((m) => m.role === "user")
			.map((m) => m.text)
			.join("\n");
		expect(sent).toContain('"answer":"No"');
		expect(existsSync(path)).toBe(false);
	});

	it("a pending file answered on two pages: the second page is refused and says so; the file keeps the first answers", async () => {
		ws = createWorkspace();
		const path = savePendingFile(
			ws.cwd,
			createPendingFile({
				request: { questions: [{ question: "Deploy to production?", options: [{ label: "Yes" }, { label: "No" }] }] },
				sessionId: "another-session",
				toolCallId: "call-twice",
				now: new Date(),
			}),
		);
		web = await startWebCommand(ws.cwd, ws.env);
		const pageA = await openPage(web);
		const pageB = await (browser as Browser).context.newPage();
		// Page B's live channel stalls after its first state, as a phone's may: it still shows the questions.
		let stalled = false;
		await pageB.routeWebSocket(/\/live$/, (socket) => {
			const server = socket.connectToServer();
			server.onMessage((message) => {
				if (!stalled) socket.send(message);
				stalled = true;
			});
		});
		await pageB.goto(web.openUrl);
		const answer = async (page: Page, label: string): Promise<Locator> => {
			const card = page.locator("#pending article.card").first();
			await card.getByRole("radio", { name: label }).click();
			await card.getByRole("checkbox", { name: /write my answers into it anyway/ }).check();
			await card.getByRole("button", { name: "Submit" }).click();
			return card;
		};
		await answer(pageA, "Yes");
		await expect.poll(() => pageA.locator("#pending").textContent()).toContain("Run pi -c");
		const cardB = await answer(pageB, "No");
		await expect.poll(() => cardB.locator(".message").textContent()).toContain("already answered");
		expect((JSON.parse(readFileSync(path, "utf8")) as { questions: { answer: unknown }[] }).questions[0]?.answer).toBe(
			"Yes",
		);
	});

	it("tells an open page to use the new address when the server was restarted (new token)", async () => {
		ws = createWorkspace();
		web = await startWebCommand(ws.cwd, ws.env);
		const page = await openPage(web);
		await expect.poll(() => page.locator("#status").textContent()).toBe("Live");
		const port = new URL(web.origin).port;
		await web.stop();
		web = await startWebCommand(ws.cwd, ws.env, ["--port", port]);
		await expect.poll(() => page.locator("#status").textContent(), { timeout: patient(10_000) }).toBe("Signed out");
		expect(await page.locator("#live").textContent()).toContain("open the new address it printed");
		// Only the restart notice: the "No question is waiting" line would say the opposite.
		expect(await page.locator(".live-empty").isVisible()).toBe(false);
		expect(await page.locator(".pending-empty").isVisible()).toBe(false);
	});

	it("--keep-token: the token survives a restart (kept with mode 0600), and an open page reconnects by itself", async () => {
		ws = createWorkspace();
		web = await startWebCommand(ws.cwd, ws.env, ["--keep-token"]);
		const firstUrl = web.openUrl;
		const tokenFile = join(ws.agentDir, "pi-ask-user", "web-token");
		expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
		expect(readFileSync(tokenFile, "utf8")).not.toContain(new URL(firstUrl).searchParams.get("token") ?? "?");
		const page = await openPage(web);
		await expect.poll(() => page.locator("#status").textContent()).toBe("Live");
		const port = new URL(web.origin).port;
		await web.stop();
		await expect.poll(() => page.locator("#status").textContent(), { timeout: patient(10_000) }).toBe("Reconnecting…");
		web = await startWebCommand(ws.cwd, ws.env, ["--keep-token", "--port", port]);
		// What is kept is the sign-in of open pages, not the address: it is new at each start and works once.
		expect(web.openUrl).not.toBe(firstUrl);
		expect(web.openUrl).not.toContain(readFileSync(tokenFile, "utf8").trim());
		await expect.poll(() => page.locator("#status").textContent(), { timeout: patient(10_000) }).toBe("Live");
		expect(await page.locator(".live-empty").isVisible()).toBe(true);
		// Without the flag a restart makes a new token, as before.
		await web.stop();
		web = await startWebCommand(ws.cwd, ws.env, ["--port", port]);
		expect(web.openUrl).not.toBe(firstUrl);
		await expect.poll(() => page.locator("#status").textContent(), { timeout: patient(10_000) }).toBe("Signed out");
	});

	it("an address signs in one browser once; another browser gets a new address; Sign out every browser ends every page", async () => {
		ws = createWorkspace();
		web = await startWebCommand(ws.cwd, ws.env, ["--no-qr"]);
		const first = web.openUrl;
		const pageA = await openPage(web);
		await expect.poll(() => pageA.locator("#status").textContent()).toBe("Live");
		// The address is spent: the same address in another browser (history, a shoulder-surfed QR) opens nothing.
		const other = await launchChromium();
		try {
			const pageB = await other.context.newPage();
			const refused = await pageB.goto(first);
			expect(refused?.status()).toBe(401);
			expect(await pageB.textContent("body")).toMatch(/already used or has expired/);
			// The terminal printed the address for another browser as soon as the first one was used.
			await expect.poll(() => web?.latestUrl()).not.toBe(first);
			const second = web.latestUrl();
			await pageB.goto(second);
			await expect.poll(() => pageB.locator("#status").textContent()).toBe("Live");
			// The same browser may follow a spent address again: it is signed in already.
			expect((await pageA.goto(first))?.status()).toBe(200);
			await expect.poll(() => pageA.locator("#status").textContent()).toBe("Live");

			pageA.once("dialog", (dialog) => void dialog.accept());
			await pageA.getByRole("button", { name: "Sign out every browser" }).click();
			for (const page of [pageA, pageB]) {
				await expect.poll(() => page.locator("#status").textContent(), { timeout: patient(10_000) }).toBe("Signed out");
				expect(await page.locator("#live").textContent()).toContain("Every browser was signed out");
			}
			expect(web.output()).toMatch(/Every browser was signed out\. A new address:/);
			const third = web.latestUrl();
			expect(third).not.toBe(second);
			expect((await pageB.goto(second))?.status()).toBe(401);
			await pageB.goto(third);
			await expect.poll(() => pageB.locator("#status").textContent()).toBe("Live");
		} finally {
			await other.close();
		}
	});

	it("refuses the page, its API and its live channel without the token (401)", async () => {
		ws = createWorkspace();
		web = await startWebCommand(ws.cwd, ws.env);
		for (const path of ["/", "/app.js", "/api/state", "/?token=wrong"]) {
			expect((await fetch(`${web.origin}${path}`)).status, path).toBe(401);
		}
		const post = await fetch(`${web.origin}/api/answer`, {
			method: "POST",
			headers: { "Content-Type": "application/json" },
			body: JSON.stringify({ id: "1", dismiss: true }),
		});
		expect(post.status).toBe(401);
		browser = await launchChromium();
		const page = await browser.context.newPage();
		const response = await page.goto(`${web.origin}/`);
		expect(response?.status()).toBe(401);
		const live = await page.evaluate(
			(url) =>
				new Promise<string>((resolve) => {
					const socket = new WebSocket(url);
					socket.onopen = () => resolve("open");
					socket.onerror = () => resolve("refused");
				}),
			`${web.origin.replace("http", "ws")}/live`,
		);
		expect(live).toBe("refused");
	});
});

interface AxNode {
	nodeId: string;
	role: string;
	name: string;
	description: string;
	properties: Record<string, string>;
	childIds: string[];
	ignored: boolean;
	focused: boolean;
}

interface AxTree {
	nodes: AxNode[];
	find(test: (node: AxNode) => boolean): AxNode | undefined;
	descendants(node: AxNode | undefined): AxNode[];
	/** The text a node holds (its static text, in order). */
	text(node: AxNode | undefined): string;
}

/** Chromium's own accessibility tree of the page (DevTools protocol `Accessibility.getFullAXTree`), ignored nodes left out. */
async function axTree(page: Page): Promise<AxTree> {
	const cdp = await page.context().newCDPSession(page);
	type Raw = {
		nodeId: string;
		ignored: boolean;
		role?: { value?: unknown };
		name?: { value?: unknown };
		description?: { value?: unknown };
		properties?: { name: string; value: { value?: unknown } }[];
		childIds?: string[];
	};
	const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: Raw[] };
	await cdp.detach();
	const all = nodes.map((raw): AxNode => {
		const properties = Object.fromEntries((raw.properties ?? []).map((p) => [p.name, String(p.value.value)]));
		return {
			nodeId: raw.nodeId,
			role: String(raw.role?.value ?? ""),
			name: String(raw.name?.value ?? ""),
			description: String(raw.description?.value ?? ""),
			properties,
			childIds: raw.childIds ?? [],
			ignored: raw.ignored,
			focused: properties.focused === "true",
		};
	});
	const byId = new Map(all.map((node) => [node.nodeId, node]));
	const descendants = (node: AxNode | undefined): AxNode[] =>
		(node?.childIds ?? []).flatMap((id) => {
			const child = byId.get(id);
			if (!child) return [];
			return child.ignored ? descendants(child) : [child, ...descendants(child)];
		});
	return {
		nodes: all.filter((node) => !node.ignored),
		find: (test) => all.find((node) => !node.ignored && test(node)),
		descendants,
		text: (node) =>
			descendants(node)
				.filter((child) => child.role === "StaticText")
				.map((child) => child.name)
				.join(""),
	};
}

/** The focused node as a screen reader names it: "role name", with "(checked)" when it is. */
async function focused(page: Page): Promise<string> {
	// The document itself is marked focused too: the focused element is the other one.
	const node = (await axTree(page)).nodes.find((candidate) => candidate.focused && candidate.role !== "RootWebArea");
	if (!node) return "(nothing focused)";
	return `${node.role} ${node.name}${node.properties.checked === "true" ? " (checked)" : ""}`;
}

describe("pi-ask-anywhere web --all in Chromium: one inbox for the machine", () => {
	let mcp: McpSession | undefined;
	afterEach(async () => {
		await mcp?.close();
		mcp = undefined;
	});

	it("shows two projects' pending asks saved by pi -p and an MCP client's waiting ask on one page, by project, newest first; one is answered in place and delivered once by pi -c", async () => {
		ws = createWorkspace();
		const [orders, billing, app] = [ws.cwd, join(ws.root, "billing"), join(ws.root, "mcp-app")];
		mkdirSync(billing);
		mkdirSync(app);
		for (const folder of [orders, billing]) {
			ws.script([{ toolCall: { name: "ask_user", arguments: { questions: [DATABASE] } } }]);
			expect(runPrint({ ...ws, cwd: folder }, ["set up the service"]).code).toBe(0);
		}
		// The MCP client asks last, in its own folder; the same user's agent folder records it.
		mcp = await startMcp({ folder: app, name: "claude-code", env: { PI_CODING_AGENT_DIR: ws.agentDir } });
		const call = mcp.client.callTool(
			{
				name: "ask_user",
				arguments: { questions: [{ question: "Ship it?", options: ["Yes", "No"], type: "select" }] },
			},
			undefined,
			{ timeout: patient(120_000) },
		);
		call.catch(() => undefined);
		await expect.poll(() => pendingFiles(app).length, { timeout: patient(15_000) }).toBe(1);

		web = await startWebCommand(ws.root, ws.env, ["--all", "--no-qr"]);
		await expect.poll(() => web?.output()).toContain("every folder");
		const page = await openPage(web);
		const cards = page.locator("#pending article.card");
		await expect.poll(() => cards.count(), { timeout: patient(15_000) }).toBe(3);
		// Grouped by project, the project asked in last first; each card names its project.
		const titles = await cards.locator("header .title").allTextContents();
		expect(titles.map((title) => title.split(" ")[0])).toEqual(["mcp-app", "billing", "project"]);
		expect(await cards.nth(0).textContent()).toContain("claude-code");

		// Answered in place, in billing's card: written into billing's file only.
		const card = cards.nth(1);
		await card.getByRole("radio", { name: "SQLite" }).click();
		await card.getByRole("button", { name: "Submit" }).click();
		await expect.poll(() => page.locator("#pending").textContent()).toContain("Run pi -c");
		const answersIn = (folder: string) =>
			(
				JSON.parse(readFileSync(join(folder, ".pi", "pending-questions.json"), "utf8")) as {
					questions: { answer: unknown }[];
				}
			).questions.map((q) => q.answer);
		expect(answersIn(billing)).toEqual(["SQLite"]);
		expect(answersIn(orders)).toEqual([null]);

		// pi -c in billing delivers it, once: one decision in the log, and the card leaves the page.
		ws.script([{ text: "Noted." }]);
		expect(runPrint({ ...ws, cwd: billing }, ["-c", "continue"]).code).toBe(0);
		expect(existsSync(join(billing, ".pi", "pending-questions.json"))).toBe(false);
		const decided = readFileSync(join(ws.agentDir, "pi-ask-user", "facts.jsonl"), "utf8")
			.split("\n")
			.filter((line) => line.includes('"fact":"decided"'))
			.map((line) => JSON.parse(line) as { project: string; answers: string[] });
		expect(decided).toEqual([expect.objectContaining({ project: billing, answers: ["SQLite"] })]);
		await expect.poll(() => cards.count(), { timeout: patient(10_000) }).toBe(2);
		expect(await cards.locator("header .title").allTextContents()).toEqual([
			expect.stringContaining("mcp-app"),
			expect.stringContaining("project"),
		]);
	});
});
