/**
 * The person's settings of the session now: read when the extension loads (in the process's folder, no project
 * trusted yet) and again at each session start, for the session's folder and whether pi trusts its project. The
 * tool's registration reads the current ones (its guidelines); every other part is handed the value a start read.
 * Reading the files is injected (host/settings.ts's `settingsSource`).
 */
import type { AskUserSettings } from "../host/settings.js";

/**
 * Whether pi trusts the session's project: `ctx.isProjectTrusted()` on pi ≥0.79; pi before it has no such call and
 * never takes a project's settings.
 */
export function piTrustsProject(ctx: object): boolean {
	return "isProjectTrusted" in ctx && typeof ctx.isProjectTrusted === "function" && ctx.isProjectTrusted() === true;
}

/** `read`: the settings for a folder and whether pi trusts its project; `loadedIn`: the process's folder. */
export function sessionSettings(read: (cwd: string, piTrusts: boolean) => AskUserSettings, loadedIn: string) {
	let current = read(loadedIn, false);
	return {
		/** The settings of the session now (before the first start: those read when the extension loaded). */
		current: () => current,
		/** Reads them again at a session start, for its folder and project. */
		atSessionStart(ctx: { cwd: string }): AskUserSettings {
			current = read(ctx.cwd, piTrustsProject(ctx));
			return current;
		},
	};
}
