/**
 * The person's settings for pi-ask-anywhere: one documented file,
 * `<agentDir>/pi-ask-user/settings.json`, and a project's `.pi/pi-ask-user/settings.json` over it only where pi trusts
 * the project (guidance from a cloned repository would be prompt injection). The environment's `PI_ASK_USER_*`
 * variables win over both. Read once per session start into one value, `AskUserSettings`, which is handed to what
 * uses it; nothing here writes the environment.
 */
import { dirname, join } from "node:path";
import { type ApprovalRule, type ApprovalSettings, parseApprovals } from "../core/approval-rules.js";
import { isRecord } from "../core/json.js";
import { LANGUAGES, type Language, languageFromEnv, matchLanguage } from "../i18n/languages.js";

/** Environment variables as read: a record handed in (tests pass their own), never written. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** `both` (default), `bell`, `title` or `off`. */
export type NotifySetting = "both" | "bell" | "title" | "off";

/** What the TUI dialog is opened with. */
export interface DialogSettings {
	/** Plain lines in words for a screen reader (`screenReader`, `PI_ASK_USER_SCREEN_READER`). */
	screenReader: boolean;
	/** The key name that folds the dialog (`hideKey`, `PI_ASK_USER_HIDE_KEY`), checked when the dialog opens. */
	hideKey: string | undefined;
	/** Milliseconds of a quiet keyboard before a key counts (`PI_ASK_USER_KEY_GUARD`); absent: the dialog's own. */
	keyGuardMs: number | undefined;
	/** The bell and the window title when a question waits (`PI_ASK_USER_NOTIFY`). */
	notify: NotifySetting;
}

export interface AskUserSettings {
	/** false: `ask_user` is not registered (the tool is off; `/questions` still works). */
	enabled: boolean;
	/** Replaces the guidance lines pi adds to the system prompt for the tool. */
	guidelines?: string[];
	/** The opt-in time limit on a dialog nobody touches (`timeoutSeconds`, `PI_ASK_USER_TIMEOUT`), or why none. */
	timeout: { ms: number | undefined; error?: string };
	dialog: DialogSettings;
	/** Whether children's questions go through this pi (`children`, `PI_ASK_USER_CHILDREN`). */
	children: boolean;
	/** The language of the words outside the web page (`language`, `PI_ASK_USER_LANG`, else the locale). */
	language: Language;
	/** `PI_ASK_USER_RPC_PROTOCOL=structured`: the RPC client speaks ask_user_request / ask_user_response. */
	structuredRpc: boolean;
	/**
	 * What src/push/config.ts decides push from: the user's file's `push` object as written, that file's path, and the
	 * `PI_ASK_USER_PUSH*` variables.
	 */
	push: { value?: unknown; file?: string; env: Environment };
	/** The remote bridge's `PI_ASK_USER_REMOTE_*` variables (src/remote/config.ts reads them with pi's flags). */
	remote: Environment;
	/** The tool calls that wait for the person's yes (`approvals`, from the user's file and a trusted project's). */
	approvals: ApprovalSettings;
	/** What could not be used, one sentence each, naming the file. */
	problems: string[];
}

/** Reads `PI_ASK_USER_SCREEN_READER`: 1/on/true/yes draw the dialog as plain lines in words. */
export function screenReaderSetting(value: string | undefined): boolean {
	const text = value?.trim().toLowerCase();
	return text === "1" || text === "on" || text === "true" || text === "yes";
}

/**
 * Reads `PI_ASK_USER_KEY_GUARD`: how many milliseconds of a quiet keyboard, once the dialog is on screen, before a key
 * counts (0 or off: none, for scripts that drive the dialog faster than a person); unset or unreadable: `undefined`,
 * the dialog's own guard.
 */
export function keyGuardSetting(value: string | undefined): number | undefined {
	const text = value?.trim().toLowerCase() ?? "";
	if (text === "off" || text === "false" || text === "no") return 0;
	const ms = Number(text);
	return text !== "" && Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** Reads `PI_ASK_USER_NOTIFY`: 0/off/false/no silence it; `bell` or `title` keeps only that one. */
export function notifySetting(value: string | undefined): NotifySetting {
	const text = value?.trim().toLowerCase();
	if (text === "0" || text === "off" || text === "false" || text === "no" || text === "none") return "off";
	if (text === "bell" || text === "title") return text;
	return "both";
}

/**
 * Reads `PI_ASK_USER_TIMEOUT`: the limit in milliseconds (`undefined`: none); an unreadable value is no limit, with
 * the reason.
 */
export function timeoutSetting(value: string | undefined): { ms: number | undefined; error?: string } {
	const text = value?.trim().toLowerCase() ?? "";
	if (text === "" || text === "0" || text === "off" || text === "false" || text === "no") return { ms: undefined };
	const seconds = Number(text);
	if (!Number.isFinite(seconds) || seconds <= 0) {
		return {
			ms: undefined,
			error: `PI_ASK_USER_TIMEOUT must be a number of seconds (or 0/off), got ${JSON.stringify(value)}; no time limit is set`,
		};
	}
	return { ms: Math.round(seconds * 1000) };
}

/** `off` turns the children's route off: no endpoint is offered, and no question is sent to a parent. */
export const CHILDREN_ENV = "PI_ASK_USER_CHILDREN";
const CHILDREN_OFF = new Set(["off", "none", "false", "0", "no"]);

/** Reads `PI_ASK_USER_CHILDREN`. */
export function childrenOff(env: Environment): boolean {
	return CHILDREN_OFF.has((env[CHILDREN_ENV] ?? "").trim().toLowerCase());
}

/** The variables `env` sets whose names start with `prefix`. */
function variables(env: Environment, prefix: string): Record<string, string> {
	const found: Record<string, string> = {};
	for (const [name, value] of Object.entries(env))
		if (value !== undefined && name.startsWith(prefix)) found[name] = value;
	return found;
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
	"approvals",
] as const;

interface FileSettings {
	enabled?: boolean;
	guidelines?: string[];
	/** The values under the `PI_ASK_USER_*` variables that name them. */
	vars: Record<string, string>;
	push?: unknown;
	approvals?: { rules: ApprovalRule[]; timeoutSeconds?: number };
}

function parseFile(path: string, text: string, problems: string[]): FileSettings {
	const settings: FileSettings = { vars: {} };
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
					settings.vars.PI_ASK_USER_TIMEOUT = String(value);
				} else wrong(key, "must be a positive number of seconds");
				break;
			case "screenReader":
				if (typeof value === "boolean") settings.vars.PI_ASK_USER_SCREEN_READER = value ? "1" : "0";
				else wrong(key, "must be true or false");
				break;
			case "hideKey":
				if (typeof value === "string" && value.trim() !== "") settings.vars.PI_ASK_USER_HIDE_KEY = value;
				else wrong(key, 'must be a key name, e.g. "alt+o"');
				break;
			case "children":
				if (typeof value === "boolean") settings.vars.PI_ASK_USER_CHILDREN = value ? "on" : "off";
				else wrong(key, "must be true or false");
				break;
			case "language": {
				const language = typeof value === "string" ? matchLanguage(value) : undefined;
				if (language) settings.vars.PI_ASK_USER_LANG = language;
				else wrong(key, `must be one of ${LANGUAGES.join(", ")}`);
				break;
			}
			case "push":
				settings.push = value;
				break;
			case "approvals": {
				const { problems: wrongRules, ...approvals } = parseApprovals(value, path);
				problems.push(...wrongRules);
				settings.approvals = approvals;
				break;
			}
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
	env: Environment;
	/** The file's text; `undefined` when there is none. */
	read(path: string): string | undefined;
}): AskUserSettings {
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
	let enabled = true;
	let guidelines: string[] | undefined;
	// Rules add up (a project can only ask for more yeses); the nearer file's time limit wins.
	const approvals: ApprovalSettings = { rules: [], timeoutMs: undefined };
	/** The files' values under the variables that name them, so that each setting has one reader. */
	const fromFiles: Record<string, string> = {};
	for (const layer of layers) {
		if (layer.enabled !== undefined) enabled = layer.enabled;
		if (layer.guidelines !== undefined) guidelines = layer.guidelines;
		if (layer.approvals) {
			approvals.rules.push(...layer.approvals.rules);
			if (layer.approvals.timeoutSeconds !== undefined)
				approvals.timeoutMs =
					layer.approvals.timeoutSeconds > 0 ? Math.round(layer.approvals.timeoutSeconds * 1000) : undefined;
		}
		Object.assign(fromFiles, layer.vars);
	}
	// The environment wins; a variable set empty takes the file's value back too.
	const env: Environment = { ...fromFiles, ...variables(input.env, "") };
	const settings: AskUserSettings = {
		enabled,
		timeout: timeoutSetting(env.PI_ASK_USER_TIMEOUT),
		dialog: {
			screenReader: screenReaderSetting(env.PI_ASK_USER_SCREEN_READER),
			hideKey: env.PI_ASK_USER_HIDE_KEY,
			keyGuardMs: keyGuardSetting(env.PI_ASK_USER_KEY_GUARD),
			notify: notifySetting(env.PI_ASK_USER_NOTIFY),
		},
		children: !childrenOff(env),
		language: languageFromEnv(env),
		structuredRpc: env.PI_ASK_USER_RPC_PROTOCOL === "structured",
		push: { env: variables(input.env, "PI_ASK_USER_PUSH") },
		remote: variables(input.env, "PI_ASK_USER_REMOTE_"),
		approvals,
		problems,
	};
	if (guidelines !== undefined) settings.guidelines = guidelines;
	if (user?.push !== undefined) settings.push = { ...settings.push, value: user.push, file: userPath };
	return settings;
}

/**
 * The settings of each session start, read from the files and `env` (which is only read: a child process reads the
 * same files itself, and inherits only the person's own environment).
 */
export function settingsSource(input: {
	agentDir: string;
	env: Environment;
	read(path: string): string | undefined;
	realpath(path: string): string;
}) {
	/** `piTrusts`: `ctx.isProjectTrusted()` (pi ≥0.79); the person's own yes in pi's trust store is needed too. */
	return (cwd: string, piTrusts: boolean): AskUserSettings =>
		resolveSettings({
			agentDir: input.agentDir,
			cwd,
			projectTrusted: piTrusts && trustedByPerson({ ...input, cwd }),
			env: input.env,
			read: input.read,
		});
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
