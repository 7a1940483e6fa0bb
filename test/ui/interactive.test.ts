/** askInteractive with a fake `ctx.ui`: the custom() factory is called as pi calls it. */
import type { ExtensionUIContext, Theme } from "@mariozechner/pi-coding-agent";
import { type Component, KeybindingsManager, type TUI, TUI_KEYBINDINGS } from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import type { AskOutcome } from "../../src/core/types.js";
import { keyGuardSetting, type NotifySetting, notifySetting } from "../../src/host/settings.js";
import { askInteractive, type InteractiveOptions, roomFor, supportsBlocked } from "../../src/modes/interactive.js";
import { K, piTheme as theme } from "./helpers.js";

function fakeUi() {
	const written: string[] = [];
	const titles: string[] = [];
	const customOptions: unknown[] = [];
	let component: Component | undefined;
	const tui = { requestRender() {}, terminal: { rows: 24, columns: 80, write: (d: string) => written.push(d) } };
	const ui = {
		setTitle: (title: string) => titles.push(title),
		custom: <T>(
			factory: (tui: TUI, theme: Theme, kb: KeybindingsManager, done: (r: T) => void) => Component,
			options?: unknown,
		): Promise<T> =>
			new Promise<T>((resolve) => {
				customOptions.push(options);
				component = factory(tui as unknown as TUI, theme, new KeybindingsManager(TUI_KEYBINDINGS), resolve);
			}),
	} as unknown as ExtensionUIContext;
	return { ui, written, titles, customOptions, press: (data: string) => component?.handleInput?.(data) };
}

type Options = Omit<InteractiveOptions, "settings" | "env"> & { notify?: NotifySetting; keyGuardMs?: number };

/** The dialog's settings as the settings file and the environment would give them: nothing set, unless `options` say. */
function withSettings(options: Options): InteractiveOptions {
	const { notify = "both", keyGuardMs, ...rest } = options;
	return { settings: { screenReader: false, hideKey: undefined, keyGuardMs, notify }, env: {}, ...rest };
}

const request = { questions: [{ question: "Which database?", header: "Database", options: [{ label: "SQLite" }] }] };

/** The keys are pressed before anything is drawn, faster than a person: the key guard is off unless `options` say. */
async function run(options: Options, keys: string[]) {
	const fake = fakeUi();
	const promise = askInteractive(fake.ui, request, withSettings({ keyGuardMs: 0, ...options }));
	await Promise.resolve();
	for (const key of keys) fake.press(key);
	const outcome: AskOutcome | undefined = await promise;
	return { ...fake, outcome };
}

describe("askInteractive", () => {
	it("returns the answer and rings the bell and sets the title by default", async () => {
		const { outcome, written, titles } = await run({ notify: "both" }, [K.enter]);
		expect(outcome).toMatchObject({ kind: "answered", answers: [{ answer: "SQLite" }] });
		expect(written).toContain("\x07");
		expect(titles[0]).toContain("Database");
		expect(titles.length).toBe(2);
	});

	it("stays silent when notifications are off", async () => {
		const { written, titles } = await run({ notify: "off" }, [K.escape]);
		expect(written).toEqual([]);
		expect(titles).toEqual([]);
	});

	it("holds back keys that come before the dialog was drawn (the key guard is on unless turned off)", async () => {
		const fake = fakeUi();
		const promise = askInteractive(fake.ui, request, withSettings({ notify: "off" }));
		await Promise.resolve();
		fake.press(K.enter);
		fake.press(K.escape);
		const settled = await Promise.race([promise, new Promise((done) => setTimeout(() => done("open"), 50))]);
		expect(settled).toBe("open");
	});

	it("reads PI_ASK_USER_KEY_GUARD as milliseconds; off or 0 turns it off; anything else is the dialog's own", () => {
		expect(keyGuardSetting(undefined)).toBeUndefined();
		expect(keyGuardSetting("250")).toBe(250);
		expect(keyGuardSetting("0")).toBe(0);
		expect(keyGuardSetting("off")).toBe(0);
		expect(keyGuardSetting("soon")).toBeUndefined();
	});

	it("closes with interrupted, never cancelled, when the signal aborts", async () => {
		const controller = new AbortController();
		const fake = fakeUi();
		const promise = askInteractive(fake.ui, request, withSettings({ signal: controller.signal, notify: "off" }));
		controller.abort();
		expect(await promise).toEqual({ kind: "interrupted" });
	});

	it("gives no decision (undefined) where custom() shows nothing, as in an SDK host", async () => {
		const ui = { custom: async () => undefined, setTitle: () => {} } as unknown as ExtensionUIContext;
		expect(await askInteractive(ui, request, withSettings({ notify: "off" }))).toBeUndefined();
	});

	it("is cancelled only by the person: Escape with a live signal", async () => {
		const { outcome } = await run({ notify: "off", signal: new AbortController().signal }, [K.escape]);
		expect(outcome).toEqual({ kind: "cancelled" });
	});

	it("returns interrupted at once for an already aborted signal", async () => {
		expect(await askInteractive(fakeUi().ui, request, withSettings({ signal: AbortSignal.abort() }))).toEqual({
			kind: "interrupted",
		});
	});

	it("reads PI_ASK_USER_NOTIFY", () => {
		expect(notifySetting(undefined)).toBe("both");
		expect(notifySetting("0")).toBe("off");
		expect(notifySetting("off")).toBe("off");
		expect(notifySetting("bell")).toBe("bell");
		expect(notifySetting("title")).toBe("title");
	});

	it("tells pi ≥ 1.5.1 that the session waits for the person, and older pi nothing it does not know", async () => {
		const newer = await run({ notify: "off", piVersion: "1.5.1" }, [K.escape]);
		expect(newer.customOptions).toEqual([{ blocked: { kind: "question", message: "π - ? Database" } }]);
		const older = await run({ notify: "off", piVersion: "0.73.1" }, [K.escape]);
		expect(older.customOptions).toEqual([undefined]);
	});

	it("feature-checks pi's version for custom()'s blocked option", () => {
		expect(["1.5.1", "1.5.2", "1.6.0", "2.0.0", "1.5.1-beta"].map(supportsBlocked)).toEqual([
			true,
			true,
			true,
			true,
			true,
		]);
		expect(["0.73.1", "0.87.1", "1.5.0", "1.4.9", "", "x"].map(supportsBlocked)).toEqual([
			false,
			false,
			false,
			false,
			false,
			false,
		]);
	});

	it("leaves room for what pi draws below the dialog and for its working line above it", () => {
		const lines = (n: number): Component => ({ render: () => Array<string>(n).fill("x"), invalidate() {} });
		const dialog = lines(0);
		const editorArea = { ...lines(0), children: [dialog] };
		const chat = lines(200);
		const working = lines(2);
		const widgetsAbove = lines(1);
		const widgetsBelow = lines(0);
		const footer = lines(2);
		const tui = {
			terminal: { rows: 24 },
			children: [chat, working, widgetsAbove, editorArea, widgetsBelow, footer],
		} as unknown as TUI;
		expect(roomFor(tui, dialog, 80)).toBe(24 - 2 - 1 - 2);
		const tiny = { terminal: { rows: 6 }, children: tui.children } as unknown as TUI;
		expect(roomFor(tiny, dialog, 80)).toBe(5);
	});
});
