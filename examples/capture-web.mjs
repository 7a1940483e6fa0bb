/**
 * Takes the README's screenshots of the `pi-ask-anywhere web` page in the Debian Chromium (playwright-core, no
 * browser download): docs/web/{desktop,phone,phone-review,phone-de-image}.png. An agent connection asks the spec's
 * questions (one option with a preview; it takes images) and a pending file waits in the folder; the last picture
 * is the page in German (the browser's language) with a photo attached. Run with `npm run screenshots:web`
 * (it builds first).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import WebSocket from "ws";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "docs/web");
const FLAGS = [
	"--headless",
	"--no-sandbox",
	"--disable-gpu",
	"--disable-quic",
	"--no-first-run",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
];

const QUESTIONS = [
	{
		question: "Which database should we use?",
		header: "Database",
		multiSelect: false,
		options: [
			{
				label: "PostgreSQL (Recommended)",
				description: "Battle-tested relational DB",
				markdown:
					"```sql\nCREATE TABLE orders (\n  id bigserial PRIMARY KEY,\n  placed_at timestamptz NOT NULL\n);\n```",
			},
			{ label: "SQLite", description: "Lightweight, file-based" },
			{ label: "MongoDB", description: "Document store" },
		],
	},
	{ question: "What should we name this service?", header: "Service", multiSelect: false, options: [] },
	{
		question: "Which features should we include?",
		header: "Features",
		multiSelect: true,
		options: [
			{ label: "Authentication", description: "OAuth2 + JWT" },
			{ label: "REST API", description: "OpenAPI spec included" },
			{ label: "Admin Dashboard", description: "" },
		],
	},
];

/** A pending file as `pi -p` leaves it (this one names no session, so the page shows where it came from). */
function pendingFile() {
	const question = { question: "Deploy to staging after the tests pass?", header: "Deploy" };
	return {
		version: 1,
		sessionId: "2f6c1d0e-demo",
		toolCallId: "call_demo_1",
		timestamp: "2026-11-22T08:00:00.000Z",
		task: "add the orders endpoint and deploy it",
		questions: [{ ...question, options: ["Yes", "No"], answer: null }],
		request: { questions: [{ ...question, options: [{ label: "Yes" }, { label: "No" }] }] },
	};
}

async function startWeb(cwd, env) {
	const child = spawn(process.execPath, [join(root, "dist/cli.mjs"), "web", "--port", "0", "--no-qr"], { cwd, env });
	let output = "";
	const urls = await new Promise((resolvePrinted, reject) => {
		child.stdout.on("data", (chunk) => {
			output += chunk.toString();
			const agent = /^agent: (\S+)$/m.exec(output)?.[1];
			const open = /^open: (\S+)$/m.exec(output)?.[1];
			if (agent && open) resolvePrinted({ agent, open });
		});
		child.on("exit", () => reject(new Error(`pi-ask-anywhere web exited: ${output}`)));
	});
	// Each printed address signs in one browser; every screenshot is a fresh browser, so each takes the newest.
	const latest = () => [...output.matchAll(/^open: (\S+)$/gm)].at(-1)?.[1] ?? urls.open;
	return { agent: urls.agent, open: latest, child };
}

/** A real 1×1 PNG, attached as a photo would be. */
const PHOTO = Buffer.from(
	"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
	"base64",
);

async function shoot(open, name, viewport, scale, act, locale = "en-US") {
	const profile = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-shots-"));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: "/usr/bin/chromium",
		headless: true,
		args: FLAGS,
		viewport,
		deviceScaleFactor: scale,
		colorScheme: "light",
		locale,
	});
	try {
		const page = await context.newPage();
		await page.goto(open());
		await page.locator("#live article.card").first().waitFor();
		await act(page.locator("#live article.card").first());
		await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: name !== "phone" });
		console.log(`docs/web/${name}.png`);
	} finally {
		await context.close();
		rmSync(profile, { recursive: true, force: true });
	}
}

const work = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-shots-work-"));
const cwd = join(work, "project");
mkdirSync(join(cwd, ".pi"), { recursive: true });
writeFileSync(join(cwd, ".pi/pending-questions.json"), `${JSON.stringify(pendingFile(), null, 2)}\n`);
const env = { ...process.env, PI_CODING_AGENT_DIR: join(work, "agent") };
delete env.PI_ASK_USER_REMOTE_TOKEN;
const web = await startWeb(cwd, env);
const agent = new WebSocket(web.agent);
try {
	await new Promise((done) => agent.once("open", done));
	const payload = {
		sessionKey: "demo",
		agentId: "pi",
		questionId: "demo-1",
		questions: QUESTIONS,
		extensions: ["answer-arrays", "answer-notes", "ask_user_closed", "answer-images"],
	};
	agent.send(JSON.stringify({ type: "event", payload: { event: "ask_user_question", payload } }));
	mkdirSync(outDir, { recursive: true });
	const pickPostgres = (card) => card.getByRole("radio", { name: /PostgreSQL/ }).click();
	await shoot(web.open, "desktop", { width: 1100, height: 900 }, 1, pickPostgres);
	await shoot(web.open, "phone", { width: 390, height: 844 }, 2, pickPostgres);
	await shoot(web.open, "phone-review", { width: 390, height: 844 }, 2, async (card) => {
		await pickPostgres(card);
		await card.getByRole("button", { name: "Next" }).click();
		await card.getByLabel("Your answer", { exact: true }).fill("order-processor");
		await card.getByRole("button", { name: "Next" }).click();
		await card.getByRole("checkbox", { name: /Authentication/ }).click();
		await card.getByLabel("Other (type your answer)").fill("Exports, as CSV");
		await card.getByLabel("Note").fill("SSO can come later");
		await card.getByRole("button", { name: "Review" }).click();
	});
	await shoot(
		web.open,
		"phone-de-image",
		{ width: 390, height: 844 },
		2,
		async (card) => {
			await card.getByRole("radio", { name: /PostgreSQL/ }).click();
			await card.getByRole("button", { name: "Weiter" }).click();
			await card.getByLabel("Deine Antwort", { exact: true }).fill("bestell-dienst");
			await card
				.locator("input[type=file]")
				.setInputFiles([{ name: "fehlermeldung.png", mimeType: "image/png", buffer: PHOTO }]);
			await card.getByRole("list", { name: "Angehängte Bilder" }).waitFor();
		},
		"de-DE",
	);
} finally {
	agent.terminate();
	web.child.kill("SIGTERM");
	rmSync(work, { recursive: true, force: true });
}
