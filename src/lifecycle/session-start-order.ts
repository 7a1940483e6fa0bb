/**
 * The order of one session start across the extension's parts. Each step needs what the steps before it did: the
 * settings come first (everything reads them), then the language (every word after it speaks it), then push is
 * configured and every settings problem is told, then the tool is registered (only when enabled), then the
 * children's route (a child that asks its parent hands back the settings its own asks use), then push's start, and
 * last the lifecycle's (./session-start.ts), which may carry out saved answers with all of the above in place.
 * `index.ts` gives the steps; this file only keeps them in order.
 */

/** What the order itself reads from the settings. */
export interface StartSettings {
	language: unknown;
	/** What is wrong in the settings files, told to the person. */
	problems: readonly string[];
	/** `false`: the tool stays unregistered; /questions and --answers still answer what was saved. */
	enabled: boolean;
}

export interface SessionStartSteps<Event, Ctx, Settings extends StartSettings> {
	readSettings(ctx: Ctx): Settings;
	useLanguage(language: Settings["language"]): Promise<unknown>;
	/** Configures push for these settings; returns its problems. */
	configurePush(settings: Settings): Promise<readonly string[]>;
	warn(ctx: Ctx, text: string): void;
	registerTool(ctx: Ctx): void;
	/** The children's route; returns the settings this pi's own asks use. */
	children(ctx: Ctx, settings: Settings): Promise<Settings>;
	pushStart(ctx: Ctx, warn: (text: string) => void): Promise<void>;
	lifecycle(event: Event, ctx: Ctx, settings: Settings): Promise<void>;
}

/** The session_start handler that runs the steps in order. */
export function sessionStartInOrder<Event, Ctx, Settings extends StartSettings>(
	steps: SessionStartSteps<Event, Ctx, Settings>,
): (event: Event, ctx: Ctx) => Promise<void> {
	return async (event, ctx) => {
		const settings = steps.readSettings(ctx);
		await steps.useLanguage(settings.language);
		const warn = (text: string) => steps.warn(ctx, text);
		for (const problem of [...settings.problems, ...(await steps.configurePush(settings))]) warn(problem);
		if (settings.enabled) steps.registerTool(ctx);
		const own = await steps.children(ctx, settings);
		await steps.pushStart(ctx, warn);
		await steps.lifecycle(event, ctx, own);
	};
}
