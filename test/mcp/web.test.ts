/**
 * An MCP client's question answered on the web page: `pi-ask-anywhere web` runs, `pi-ask-anywhere mcp` registers the
 * ask with it through the agent protocol, and the person answers in a real Chromium while the client waits (its own
 * dialog open and never answered). The page shows the ask once (its pending file is the same ask), the client gets
 * exactly what was chosen, and its dialog and the pending file are withdrawn.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import { type Browser, launchChromium, startWebCommand, type WebCommand } from "../web/web-command.js";
import { type McpSession, pendingFile, pendingFiles, resultJson, startMcp, waitFor } from "./mcp-client.js";

let web: WebCommand | undefined;
let browser: Browser | undefined;
let session: McpSession | undefined;
const folders: string[] = [];

beforeAll(() => {
	if (!existsSync("/usr/bin/chromium")) throw new Error("/usr/bin/chromium is missing: apt-get install chromium");
});

afterAll(async () => {
	await browser?.close();
	await session?.close();
	await web?.stop();
	for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("pi-ask-anywhere mcp with the web page", () => {
	it(
		"the person answers on the page while the client waits; the client's dialog and the file are withdrawn",
		async () => {
			const agentToken = "mcp-agent-token-3f9a";
			let dialog: AbortSignal | undefined;
			const folder = mkdtempSync(join(tmpdir(), "pi-ask-mcp-web-"));
			folders.push(folder);
			web = await startWebCommand(folder, { ...process.env, PI_ASK_USER_REMOTE_TOKEN: agentToken });
			session = await startMcp({
				folder: folder,
				env: { PI_ASK_USER_REMOTE_TOKEN: agentToken },
				web: web.agentUrl,
				name: "claude-code",
				elicit: (_request, signal) => {
					dialog = signal;
					return new Promise(() => {});
				},
			});
			const call = session.client.callTool({
				name: "ask_user",
				arguments: {
					questions: [
						{
							question: "Which database should we use?",
							type: "select",
							options: ["PostgreSQL (Recommended)", "SQLite", "MongoDB"],
						},
					],
					title: "Database Selection",
				},
			});
			await pendingFile(folder);
			browser = await launchChromium();
			const page = await browser.context.newPage();
			await page.goto(web.openUrl);
			const card = page.locator("article.card").first();
			await card.getByRole("radio", { name: "SQLite" }).click({ timeout: patient(30_000) });
			// One ask, one card: its pending file is not listed a second time.
			expect(await page.locator("article.card").count()).toBe(1);
			await card.getByRole("button", { name: "Submit" }).click();
			const result = resultJson((await call) as never);
			expect(result).toEqual({
				answered: true,
				cancelled: false,
				timedOut: false,
				answers: [
					{
						questionId: "q_1",
						values: ["SQLite"],
						question: "Which database should we use?",
						answer: "SQLite",
						selectedOption: "SQLite",
						wasCustom: false,
					},
				],
			});
			await waitFor(() => (dialog?.aborted ? true : undefined), "the client's dialog to be withdrawn");
			await waitFor(() => (pendingFiles(folder).length === 0 ? true : undefined), "the pending file to go");
			expect(session.stderr()).toContain("answered through web");
			expect(session.stderr() + web.output()).not.toContain(agentToken);
			await browser.close();
			await session.close();
			await web.stop();
			browser = undefined;
			session = undefined;
			web = undefined;
		},
		patient(120_000),
	);

	it(
		"a page started after the ask shows it too: the ask is offered again until a page takes it",
		async () => {
			const folder = mkdtempSync(join(tmpdir(), "pi-ask-mcp-web-late-"));
			folders.push(folder);
			const port = await freePort();
			session = await startMcp({ folder, web: `ws://127.0.0.1:${port}/agent` });
			const call = session.client.callTool({
				name: "ask_user",
				arguments: { questions: [{ question: "Ship it?", type: "confirm" }] },
			});
			await pendingFile(folder);
			web = await startWebCommand(folder, process.env, ["--port", String(port)]);
			browser = await launchChromium();
			const page = await browser.context.newPage();
			await page.goto(web.openUrl);
			const card = page.locator("#live article.card").first();
			await card.getByRole("radio", { name: "Yes" }).click({ timeout: patient(30_000) });
			await card.getByRole("button", { name: "Submit" }).click();
			expect(resultJson((await call) as never)).toMatchObject({
				answered: true,
				answers: [{ questionId: "q_1", values: ["yes"], selectedOption: "Yes" }],
			});
		},
		patient(120_000),
	);
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
	const probe = createServer();
	await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
	const { port } = probe.address() as AddressInfo;
	await new Promise((done) => probe.close(done));
	return port;
}
