/**
 * The person's settings for pi-ask-anywhere: one documented file,
 * `<agentDir>/pi-ask-user/settings.json`, and a project's `.pi/pi-ask-user/settings.json` over it only where pi trusts
 * the project (guidance from a cloned repository would be prompt injection). The environment wins over both. Decided
 * once per session start and handed on as values: `enabled` and `guidelines` for the tool, and the dialog's settings
 * as the environment variables that name them (so one reader each, whether set in the file or the environment).
 */
import { dirname, join } from "node:path";
import { isRecord } from "../core/json.js";
import { LANGUAGES, matchLanguage } from "../i18n/languages.js";

export interface ResolvedSettings {
	/** false: `ask_user` is not registered (the tool is off; `/questions` still works). */
	enabled: boolean;
	/** Replaces the guidance lines pi adds to the system prompt for the tool. */
	guidelines?: string[];
	/** The dialog's settings as environment variables: the file's values under what the environment did not set. */
	env: Record<string, string>;
	/** What could not be used, one sentence each, naming the file. */
	problems: string[];
	/** The user's file's `push` object, as written (src/push/config.ts reads it), and that file's path. */
	push?: { value: unknown; file: string };
}

const KEYS = [
	"enabled",
	"guidelines",
	"timeoutSeconds",
	"screenReader",
	"hideKey",
	"children",
	"language",
	"push",
] as const;

interface FileSettings {
	enabled?: boolean;
	guidelines?: string[];
	env: Record<string, string>;
	push?: unknown;
}

function parseFile(path: string, text: string, problems: string[]): FileSettings {
	const settings: FileSettings = { env: {} };
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		problems.push(`${path} is not valid JSON (${(error as Error).message}); it is ignored`);
		return settings;
	}
	if (!isRecord(data)) {
		problems.push(`${path} must hold a JSON object; it is ignored`);
		return settings;
	}
	const wrong = (key: string, what: string) => problems.push(`${path}: ${key} ${what}`);
	for (const [key, value] of Object.entries(data)) {
		switch (key) {
			case "enabled":
				if (typeof value === "boolean") settings.enabled = value;
				else wrong(key, "must be true or false");
				break;
			case "guidelines":
				if (Array.isArray(value) && value.every((line) => typeof line === "string")) settings.guidelines = value;
				else wrong(key, "must be a list of strings");
				break;
			case "timeoutSeconds":
				if (typeof value === "number" && Number.isFinite(value) && value >= 0) {
					settings.env.PI_ASK_USER_TIMEOUT = String(value);
				} else wrong(key, "must be a positive number of seconds");
				break;
			case "screenReader":
				if (typeof value === "boolean") settings.env.PI_ASK_USER_SCREEN_READER = value ? "1" : "0";
				else wrong(key, "must be true or false");
				break;
			case "hideKey":
				if (typeof value === "string" && value.trim() !== "") settings.env.PI_ASK_USER_HIDE_KEY = value;
				else wrong(key, 'must be a key name, e.g. "alt+o"');
				break;
			case "children":
				if (typeof value === "boolean") settings.env.PI_ASK_USER_CHILDREN = value ? "on" : "off";
				else wrong(key, "must be true or false");
				break;
			case "language": {
				const language = typeof value === "string" ? matchLanguage(value) : undefined;
				if (language) settings.env.PI_ASK_USER_LANG = language;
				else wrong(key, `must be one of ${LANGUAGES.join(", ")}`);
				break;
			}
			case "push":
				settings.push = value;
				break;
			default:
				wrong(key, `is not a setting (${KEYS.join(", ")})`);
		}
	}
	return settings;
}

export function resolveSettings(input: {
	agentDir: string;
	cwd: string;
	/** `ctx.isProjectTrusted()` where pi has it (≥0.79); without it a project's file is never used. */
	projectTrusted: boolean;
	env: NodeJS.ProcessEnv;
	/** The file's text; `undefined` when there is none. */
	read(path: string): string | undefined;
}): ResolvedSettings {
	const problems: string[] = [];
	const userPath = join(input.agentDir, "pi-ask-user", "settings.json");
	const projectPath = join(input.cwd, ".pi", "pi-ask-user", "settings.json");
	const layers: FileSettings[] = [];
	const userText = input.read(userPath);
	const user = userText === undefined ? undefined : parseFile(userPath, userText, problems);
	if (user) layers.push(user);
	const projectText = input.read(projectPath);
	if (projectText !== undefined) {
		if (input.projectTrusted) {
			const project = parseFile(projectPath, projectText, problems);
			// Where questions are sent is the person's own choice: a repository must not send them to its topic.
			if (project.push !== undefined) problems.push(`${projectPath}: push is read only from ${userPath}`);
			layers.push(project);
		} else problems.push(`${projectPath} is ignored: pi does not trust this project`);
	}
	const resolved: ResolvedSettings = { enabled: true, env: {}, problems };
	if (user?.push !== undefined) resolved.push = { value: user.push, file: userPath };
	for (const layer of layers) {
		if (layer.enabled !== undefined) resolved.enabled = layer.enabled;
		if (layer.guidelines !== undefined) resolved.guidelines = layer.guidelines;
		Object.assign(resolved.env, layer.env);
	}
	for (const name of Object.keys(resolved.env)) {
		if (input.env[name] !== undefined) {
			if (input.env[name] === "") delete resolved.env[name];
			else resolved.env[name] = input.env[name] as string;
		}
	}
	return resolved;
}

/**
 * Settings applied to this process at each session start: the file's values fill in the environment variables they
 * name where the person's environment has not set them (so child processes, which read the same file, see the same),
 * and the ones filled at an earlier session start are taken back first (a project's file applies only where trusted).
 */
export function createSettingsSource(input: {
	agentDir: string;
	env: NodeJS.ProcessEnv;
	read(path: string): string | undefined;
	realpath(path: string): string;
}) {
	let filled: string[] = [];
	/** `piTrusts`: `ctx.isProjectTrusted()` (pi ≥0.79); the person's own yes in pi's trust store is needed too. */
	return (cwd: string, piTrusts: boolean): ResolvedSettings => {
		const projectTrusted = piTrusts && trustedByPerson({ ...input, cwd });
		for (const name of filled) delete input.env[name];
		const resolved = resolveSettings({
			agentDir: input.agentDir,
			cwd,
			projectTrusted,
			env: input.env,
			read: input.read,
		});
		filled = Object.keys(resolved.env).filter((name) => input.env[name] === undefined);
		for (const name of filled) input.env[name] = resolved.env[name];
		return resolved;
	};
}

/**
 * Whether the person trusted this project in pi (≥0.79 keeps the decision in `<agentDir>/trust.json`, by folder; the
 * nearest folder with a decision counts). pi also calls a project trusted when nothing in it needs trust — and our
 * settings file is not among what pi asks about — so `ctx.isProjectTrusted()` alone would take a cloned repository's
 * guidance: its file counts only with an explicit yes.
 */
export function trustedByPerson(input: {
	agentDir: string;
	cwd: string;
	read(path: string): string | undefined;
	realpath(path: string): string;
}): boolean {
	let decisions: unknown;
	try {
		decisions = JSON.parse(input.read(join(input.agentDir, "trust.json")) ?? "{}");
	} catch {
		return false;
	}
	if (!isRecord(decisions)) return false;
	let folder: string;
	try {
		folder = input.realpath(input.cwd);
	} catch {
		return false;
	}
	for (;;) {
		const decision = decisions[folder];
		if (decision === true || decision === false) return decision;
		const parent = dirname(folder);
		if (parent === folder) return false;
		folder = parent;
	}
}
