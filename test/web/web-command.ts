/** Runs the built `pi-ask-anywhere web` (dist/cli.mjs) as a child process and a real Chromium for the page tests. */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { ROOT } from "../e2e/harness.js";
import { patient } from "../patience.js";

export const WEB_CLI = join(ROOT, "dist/cli.mjs");

export interface WebCommand {
	agentUrl: string;
	/** The page address printed, with its token. */
	openUrl: string;
	/** The server's origin, without the token. */
	origin: string;
	output(): string;
	/** The last page address printed (a new one after each sign-in, an expiry or signing out every browser). */
	latestUrl(): string;
	stop(): Promise<void>;
}

/** Starts `pi-ask-anywhere web --port 0` in `cwd` and resolves once it printed its addresses. */
export async function startWebCommand(cwd: string, env: NodeJS.ProcessEnv, args: string[] = []): Promise<WebCommand> {
	const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [WEB_CLI, "web", "--port", "0", ...args], {
		cwd,
		env,
	});
	let output = "";
	const printed = new Promise<{ agentUrl: string; openUrl: string }>((resolve, reject) => {
		const onData = (chunk: Buffer): void => {
			output += chunk.toString();
			const agentUrl = /^agent: (\S+)$/m.exec(output)?.[1];
			const openUrl = /^open: (\S+)$/m.exec(output)?.[1];
			if (agentUrl && openUrl) resolve({ agentUrl, openUrl });
		};
		child.stdout.on("data", onData);
		child.stderr.on("data", onData);
		child.on("exit", (code) => reject(new Error(`pi-ask-anywhere web exited (${code}): ${output}`)));
	});
	const { agentUrl, openUrl } = await printed;
	return {
		agentUrl,
		openUrl,
		origin: new URL(openUrl).origin,
		output: () => output,
		latestUrl: () => [...output.matchAll(/^open: (\S+)$/gm)].at(-1)?.[1] ?? openUrl,
		async stop() {
			if (child.exitCode !== null) return;
			const exited = new Promise((resolve) => child.on("exit", resolve));
			child.kill("SIGTERM");
			await exited;
		},
	};
}

/**
 * Signs in with the printed address, as a browser does, and answers a pending file on the page as the person does:
 * `label` chosen for its one question, confirmed. The server's response is the caller's to check.
 */
export async function answerPendingOnPage(
	web: WebCommand,
	file: { name: string; toolCallId: string },
	label: string,
): Promise<Response> {
	const signIn = await fetch(web.openUrl, { redirect: "manual" });
	const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
	return fetch(`${web.origin}/api/pending/answer`, {
		method: "POST",
		headers: { cookie, origin: web.origin, "content-type": "application/json" },
		body: JSON.stringify({ ...file, answers: [{ chosen: [label], typed: "", note: "" }], confirmed: true }),
	});
}

/** The flags every browser test runs Chromium with (no network, no sync, no first-run UI). */
export const CHROMIUM_FLAGS = [
	"--headless",
	"--no-sandbox",
	"--disable-gpu",
	"--disable-quic",
	"--no-first-run",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
];

export interface Browser {
	context: BrowserContext;
	close(): Promise<void>;
}

/**
 * The Debian Chromium with a fresh profile; `viewport` for phone-width pages; `locale` sets the browser's language
 * (its `Accept-Language`).
 */
export async function launchChromium(
	viewport = { width: 1100, height: 900 },
	deviceScaleFactor = 1,
	locale?: string,
): Promise<Browser> {
	const profile = mkdtempSync(join(tmpdir(), "pi-ask-anywhere-chromium-"));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: "/usr/bin/chromium",
		headless: true,
		args: CHROMIUM_FLAGS,
		viewport,
		deviceScaleFactor,
		...(locale !== undefined ? { locale } : {}),
	});
	// Playwright's own 30 s for an action or a navigation, scaled like every other wait on a loaded machine.
	context.setDefaultTimeout(patient(30_000));
	return {
		context,
		async close() {
			await context.close();
			rmSync(profile, { recursive: true, force: true });
		},
	};
}
