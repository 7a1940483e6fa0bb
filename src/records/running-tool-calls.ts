/**
 * The tool calls a pi has running, on disk: `<agentDir>/pi-ask-user/tool-calls/<pid>-<process start>.json`. The
 * check of what a tool call wrote into pending files runs at its `tool_result` (./tool-writes.ts), which never comes
 * when pi ends in the middle of the call (killed, a time limit's SIGTERM on pi 0.73.1, a shell command that kills its
 * parent): the answers it wrote would then look like the person's. So the file names where the calls run and since
 * when, and while any runs its modification time is kept fresh; a later pi takes the file of a process that no longer
 * runs as "tool calls wrote in these folders from `since` until about then" and checks them as `tool_result` would
 * have. A person's own edit after that (they fill in the answers, then `pi -c`) falls outside the window.
 */
import * as fs from "node:fs";
import { join } from "node:path";
import { readRegularFile } from "../ask/files.js";
import { isRecord } from "../core/json.js";
import { isRunning, type ProcessIdentity, selfIdentity } from "../host/process-identity.js";

/** How often a running call's file is touched, and how long after its last touch a gone process may have written. */
const HEARTBEAT_MS = 1_000;
const WROTE_UNTIL_SLACK_MS = 2 * HEARTBEAT_MS;

/** Where and when a process's tool calls may have written. */
export interface CallWindow {
	cwd: string;
	since: number;
	until: number;
}

export interface RunningToolCalls {
	/** A tool call starts in `cwd` at `at` (ms). Throws nothing: a record that cannot be written is skipped. */
	started(toolCallId: string, cwd: string, at: number): void;
	/** Its `tool_result` came: the call is checked already. */
	ended(toolCallId: string): void;
	/**
	 * The windows of processes that ended while calls ran; each file is removed once `check` has returned for all of
	 * its windows (a `check` that throws leaves it for the next pi).
	 */
	settleAbandoned(check: (window: CallWindow) => void): void;
}

/** The calls a file names: a call with a `cwd` and a `since` each; anything else in it counts for nothing. */
function parseCalls(text: string | undefined): { cwd: string; since: number }[] {
	let value: unknown;
	try {
		value = JSON.parse(text ?? "");
	} catch {
		return [];
	}
	if (!isRecord(value) || !Array.isArray(value.calls)) return [];
	return value.calls.flatMap((call) =>
		isRecord(call) && typeof call.cwd === "string" && typeof call.since === "number" && Number.isFinite(call.since)
			? [{ cwd: call.cwd, since: call.since }]
			: [],
	);
}

/** `<pid>-<process start>.json`, or its `.tmp` while it is written: whose file it is, from its name. */
const FILE_NAME = /^(\d+)-([^/]+?)\.json(\.tmp)?$/;
const UNKNOWN_START = "unknown";

function fileName(identity: ProcessIdentity): string {
	return `${identity.pid}-${identity.started || UNKNOWN_START}.json`;
}

export function runningToolCalls(
	agentDir: string,
	deps: { self?: ProcessIdentity; isRunning?: (identity: ProcessIdentity) => boolean } = {},
): RunningToolCalls {
	const folder = join(agentDir, "pi-ask-user", "tool-calls");
	let self = deps.self;
	const running = new Map<string, { cwd: string; since: number }>();
	let heartbeat: ReturnType<typeof setInterval> | undefined;
	const ownPath = (): string => {
		self ??= selfIdentity();
		return join(folder, fileName(self));
	};

	/** The file says what runs now: written whole under another name, then renamed, so it is never half there. */
	function save(): void {
		const path = ownPath();
		try {
			if (running.size === 0) {
				fs.rmSync(path, { force: true });
				return;
			}
			fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
			const temporary = `${path}.tmp`;
			fs.writeFileSync(temporary, JSON.stringify({ calls: [...running.values()] }), { mode: 0o600 });
			fs.renameSync(temporary, path);
		} catch {
			// Unwritable: this pi's own tool_result still checks its calls; only a pi killed mid-call goes unchecked.
		}
	}

	function beat(): void {
		if (running.size > 0 && heartbeat === undefined) {
			heartbeat = setInterval(() => {
				const now = new Date();
				try {
					fs.utimesSync(ownPath(), now, now);
				} catch {
					// As above.
				}
			}, HEARTBEAT_MS);
			heartbeat.unref();
		} else if (running.size === 0 && heartbeat !== undefined) {
			clearInterval(heartbeat);
			heartbeat = undefined;
		}
	}

	return {
		started(toolCallId, cwd, at) {
			running.set(toolCallId, { cwd, since: at });
			save();
			beat();
		},
		ended(toolCallId) {
			if (!running.delete(toolCallId)) return;
			save();
			beat();
		},
		settleAbandoned(check) {
			let entries: fs.Dirent[];
			try {
				entries = fs.readdirSync(folder, { withFileTypes: true });
			} catch {
				return;
			}
			const alive = deps.isRunning ?? isRunning;
			for (const entry of entries) {
				const named = FILE_NAME.exec(entry.name);
				if (!entry.isFile() || !named) continue;
				const [, pid = "", started = ""] = named;
				if (alive({ pid: Number(pid), started: started === UNKNOWN_START ? "" : started })) continue;
				const path = join(folder, entry.name);
				try {
					// A `.tmp` is a file its process was still writing: the calls it names are in the file before it.
					if (named[3] === undefined) {
						const stat = fs.lstatSync(path);
						const until = stat.mtimeMs + WROTE_UNTIL_SLACK_MS;
						for (const call of parseCalls(readRegularFile(path, { listedAsFile: true }))) {
							check({ cwd: call.cwd, since: call.since, until });
						}
					}
					fs.rmSync(path, { force: true });
				} catch {
					// Left for the next pi.
				}
			}
		},
	};
}
