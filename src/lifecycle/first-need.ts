/**
 * The part that asks (src/asking.ts), built the first time something needs it and then kept; until then pi's events
 * take the light way. `index.ts` wires pi's events to what this returns; the decisions live here: when a session start
 * builds the part (./start-needs.ts gives why), that a prompt attaching a pending file builds it, that a session first
 * met at an ask joins it, and where words go before there is a front end.
 */
import type { ExtensionContext, InputEvent, InputEventResult } from "@mariozechner/pi-coding-agent";

/** What the event handlers of the start hand over to the part once it is built. */
export interface PartThatAsks {
	sessionStart(event: unknown, ctx: ExtensionContext): Promise<void>;
	/** A session whose start had nothing for the part, met at its first need. */
	joinSession(ctx: ExtensionContext): unknown;
	input(event: InputEvent, ctx: ExtensionContext): Promise<InputEventResult>;
	tell(ctx: ExtensionContext, text: string): void;
}

export interface FirstNeedDeps<Part> {
	/** Loads and builds the part (one `import()`); a failure is tried again at the next need. */
	build(): Promise<Part>;
	/** Whether this session start has work for the part (./start-needs.ts), asked while it is not built. */
	startNeeds(ctx: ExtensionContext): boolean;
	/** A start with nothing for the part: the start's order with the part's steps left out. */
	lightStart(event: unknown, ctx: ExtensionContext): Promise<void>;
	/** Whether a prompt may attach a pending file (pending/attached-file.ts), checked for every prompt. */
	mayAttachFiles(text: string): boolean;
	stderrLine(text: string): void;
}

export function partOnFirstNeed<Part extends PartThatAsks>(deps: FirstNeedDeps<Part>) {
	let built: Part | undefined;
	let building: Promise<Part> | undefined;
	/** The part, built once. `met`: the session it is first needed in, when that is not at a session start. */
	const load = (met?: ExtensionContext): Promise<Part> => {
		building ??= deps.build().then(
			(part) => {
				built = part;
				if (met) part.joinSession(met);
				return part;
			},
			(error: unknown) => {
				// A failed load (a package replaced under a running pi) is tried again at the next need.
				building = undefined;
				throw error;
			},
		);
		return building;
	};
	return {
		load,
		/** The part when built: its `tool_call` runs before the tool-write guard's. */
		built: (): Part | undefined => built,
		/** Tells the person something: in the session's front end once built; before, a start without one (print, JSON). */
		tell(ctx: ExtensionContext, text: string): void {
			if (built) built.tell(ctx, text);
			else if (ctx.hasUI) ctx.ui.notify(text, "warning");
			else deps.stderrLine(text);
		},
		async sessionStart(event: unknown, ctx: ExtensionContext): Promise<void> {
			if (built !== undefined || deps.startNeeds(ctx)) await (await load()).sessionStart(event, ctx);
			else await deps.lightStart(event, ctx);
		},
		/** A prompt attaching a pending file builds the part: a new session's start had nothing for it. */
		async input(event: InputEvent, ctx: ExtensionContext): Promise<InputEventResult> {
			if (built) return built.input(event, ctx);
			if (!deps.mayAttachFiles(event.text)) return { action: "continue" };
			return (await load(ctx)).input(event, ctx);
		},
	};
}
