/** askInteractive with a fake `ctx.ui`: the custom() factory is called as pi calls it. */
import type { ExtensionUIContext, Theme } from "@mariozechner/pi-coding-agent";
import { type Component, KeybindingsManager, type TUI, TUI_KEYBINDINGS } from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import type { AskOutcome } from "../../src/core/types.js";
import { keyGuardSetting, type NotifySetting, notifySetting } from "../../src/host/settings.js";
import { askInteractive, type InteractiveOptions, roomFor, supportsBlocked } from "../../src/modes/interactive.js";
import { K, piTheme as theme } from "./helpers.js";

const ALT_O = "\x1bo";

/**
 * pi's side of the TUI as far as the dialog meets it: custom() puts the component in the editor's place and
 * restores the editor (its text as it was when the dialog opened) on done, terminal-input listeners see each key
 * before whatever has the focus, widgets sit above the editor.
 */
function fakeUi(editorText = "") {
	const written: string[] = [];
	const titles: string[] = [];
	const customOptions: unknown[] = [];
	const widgets = new Map<string, string[]>();
	const listeners = new Set<(data: string) => { consume?: boolean } | undefined>();
	let editor = editorText;
	let component: Component | undefined;
	const tui = {
		requestRender() {},
		children: [],
		terminal: { rows: 24, columns: 80, write: (d: string) => written.push(d) },
	};
	const ui = {
		theme,
		setTitle: (title: string) => titles.push(title),
		getEditorText: () => editor,
		setWidget: (key: string, lines: string[] | undefined) => {
			if (lines) widgets.set(key, lines);
			else widgets.delete(key);
		},
		onTerminalInput: (listener: (data: string) => { consume?: boolean } | undefined) => {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		custom: <T>(
			factory: (tui: TUI, theme: Theme, kb: KeybindingsManager, done: (r: T) => void) => Component,
			options?: unknown,
		): Promise<T> =>
			new Promise<T>((resolve) => {
				customOptions.push(options);
				const saved = editor;
				component = factory(tui as unknown as TUI, theme, new KeybindingsManager(TUI_KEYBINDINGS), (result) => {
					component = undefined;
					editor = saved;
					resolve(result);
				});
				component.render(80);
			}),
	} as unknown as ExtensionUIContext;
	const press = (data: string) => {
		for (const listener of [...listeners]) if (listener(data)?.consume) return;
		if (component) component.handleInput?.(data);
		// pi's editor: text is typed into it (Enter would send it; here it only counts what was typed).
		else if (data.length === 1 && data >= " ") editor += data;
	};
	return {
		ui,
		written,
		titles,
		customOptions,
		widgets,
		press,
		editor: () => editor,
		showing: () => component !== undefined,
	};
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

describe("folded beside pi's editor", () => {
	const settle = () => new Promise((done) => setTimeout(done, 0));

	it("a question that arrives while the editor holds text waits as a line above it; every key is the editor's until the hide key", async () => {
		const fake = fakeUi("deploy the ");
		const promise = askInteractive(fake.ui, request, withSettings({ notify: "off", keyGuardMs: 400 }));
		await settle();
		expect(fake.showing()).toBe(false);
		expect([...fake.widgets.values()].flat().join("")).toContain("1 question waiting for you (hidden) • Alt+O show");
		// A pause, then the rest of the sentence: all of it is the message's.
		for (const key of "endpoint 2") fake.press(key);
		expect(fake.editor()).toBe("deploy the endpoint 2");
		expect(fake.showing()).toBe(false);
		// The deliberate move: the hide key opens it, and its keys count at once.
		fake.press(ALT_O);
		await settle();
		expect(fake.showing()).toBe(true);
		expect(fake.widgets.size).toBe(0);
		fake.press(K.enter);
		expect(await promise).toMatchObject({ kind: "answered", answers: [{ answer: "SQLite" }] });
		expect(fake.editor()).toBe("deploy the endpoint 2");
	});

	it("text typed during the key guard folds the dialog and reaches the editor; Enter and Esc there answer nothing", async () => {
		const fake = fakeUi();
		const promise = askInteractive(fake.ui, request, withSettings({ notify: "off", keyGuardMs: 60_000 }));
		await settle();
		expect(fake.showing()).toBe(true);
		fake.press(K.enter);
		fake.press(K.escape);
		expect(fake.showing()).toBe(true);
		fake.press("o");
		fake.press("k");
		expect(fake.showing()).toBe(false);
		expect(fake.editor()).toBe("ok");
		await settle();
		expect(fake.widgets.size).toBe(1);
		fake.press(ALT_O);
		await settle();
		fake.press(K.enter);
		expect(await promise).toMatchObject({ kind: "answered" });
	});

	it("the hide key folds an open dialog beside the editor and brings it back as it was", async () => {
		const fake = fakeUi();
		const promise = askInteractive(fake.ui, request, withSettings({ notify: "off", keyGuardMs: 0 }));
		await settle();
		for (const key of "Dyn") fake.press(key);
		fake.press(ALT_O);
		await settle();
		expect(fake.showing()).toBe(false);
		expect(fake.widgets.size).toBe(1);
		fake.press("x");
		expect(fake.editor()).toBe("x");
		fake.press(ALT_O);
		await settle();
		fake.press(K.enter);
		expect(await promise).toMatchObject({ kind: "answered", answers: [{ answer: "Dyn", wasCustom: true }] });
	});

	it("an abort while folded closes it as interrupted and takes the line away", async () => {
		const controller = new AbortController();
		const fake = fakeUi("half");
		const promise = askInteractive(fake.ui, request, withSettings({ notify: "off", signal: controller.signal }));
		await settle();
		controller.abort();
		expect(await promise).toEqual({ kind: "interrupted" });
		expect(fake.widgets.size).toBe(0);
	});
});
