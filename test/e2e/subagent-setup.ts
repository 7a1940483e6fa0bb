/**
 * What the subagent tests share: pi's own subagent example extension, the agent folder a child pi loads this package
 * and the scripted model from (what `pi install` would write), and a wait for the model to receive a tool's result.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type LoggedMessage, PI, patient, ROOT, SCRIPTED_MODEL, sleep, type Workspace } from "./harness.js";

/** pi's subagent example, as shipped with the pi under test. */
export const SUBAGENT = join(PI.folder, "node_modules", PI.packageName, "examples/extensions/subagent/index.ts");

/** The agent folder's settings and a `helper` agent, so that a child pi loads this package and the scripted model. */
export function installForSubagents(ws: Workspace): void {
	writeFileSync(
		join(ws.agentDir, "settings.json"),
		JSON.stringify({
			packages: [ROOT],
			extensions: [SCRIPTED_MODEL],
			defaultProvider: "scripted",
			defaultModel: "scripted-1",
		}),
	);
	mkdirSync(join(ws.agentDir, "agents"));
	writeFileSync(
		join(ws.agentDir, "agents", "helper.md"),
		"---\nname: helper\ndescription: Sets things up; may ask the person\n---\nYou set things up.\n",
	);
}

/** The first request whose last message is a tool result of `tool`. */
export async function requestAfter(ws: Workspace, tool: string, timeoutMs = 60_000, from = 0): Promise<LoggedMessage> {
	for (const started = Date.now(); Date.now() - started < patient(timeoutMs); await sleep(100)) {
		for (const request of ws.requests().slice(from)) {
			const last = request.messages.at(-1);
			if (last?.role === "toolResult" && last.toolName === tool) return last;
		}
	}
	throw new Error(`timed out waiting for the model to receive a ${tool} result`);
}
