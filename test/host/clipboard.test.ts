import { describe, expect, it } from "vitest";
import { type ProcessRunner, type RunResult, readClipboardImage } from "../../src/host/clipboard.js";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const text = (s: string): RunResult => ({ ok: true, stdout: new TextEncoder().encode(s) });
const bytes = (b: Uint8Array): RunResult => ({ ok: true, stdout: b });
const MISSING: RunResult = { ok: false, missing: true };
const FAILED: RunResult = { ok: false, missing: false };

/** A runner that answers from a table keyed by "command arg arg…", and records what was run. */
function fakeRunner(table: Record<string, RunResult>): ProcessRunner & { calls: string[] } {
	const calls: string[] = [];
	const run = ((command: string, args: readonly string[]) => {
		const key = [command, ...args].join(" ");
		calls.push(key);
		const known = Object.entries(table).find(([prefix]) => key === prefix || key.startsWith(`${prefix} `));
		if (known) return known[1];
		return table[command] ?? MISSING;
	}) as ProcessRunner & { calls: string[] };
	run.calls = calls;
	return run;
}

const WAYLAND = { WAYLAND_DISPLAY: "wayland-0" };
const X11 = { DISPLAY: ":0" };

describe("readClipboardImage", () => {
	it("Wayland: lists the types and reads the preferred image type", () => {
		const run = fakeRunner({
			"wl-paste --list-types": text("text/plain\nimage/jpeg\nimage/png\n"),
			"wl-paste --type image/png": bytes(PNG),
		});
		const read = readClipboardImage({ platform: "linux", env: WAYLAND, run });
		expect(read).toEqual({ kind: "image", bytes: PNG, mimeType: "image/png" });
		expect(run.calls).toEqual(["wl-paste --list-types", "wl-paste --type image/png --no-newline"]);
	});

	it("Wayland: a clipboard of text is no image", () => {
		const run = fakeRunner({ "wl-paste --list-types": text("text/plain\nUTF8_STRING\n") });
		expect(readClipboardImage({ platform: "linux", env: WAYLAND, run })).toEqual({ kind: "empty" });
	});

	it("Wayland: an empty clipboard (wl-paste fails) is no image", () => {
		const run = fakeRunner({ "wl-paste": FAILED });
		expect(readClipboardImage({ platform: "linux", env: WAYLAND, run })).toEqual({ kind: "empty" });
	});

	it("Wayland without wl-paste falls back to xclip", () => {
		const run = fakeRunner({
			"wl-paste": MISSING,
			"xclip -selection clipboard -t TARGETS -o": text("TARGETS\nimage/png\n"),
			"xclip -selection clipboard -t image/png -o": bytes(PNG),
		});
		expect(readClipboardImage({ platform: "linux", env: WAYLAND, run })).toEqual({
			kind: "image",
			bytes: PNG,
			mimeType: "image/png",
		});
	});

	it("X11: reads the targets, then the image", () => {
		const run = fakeRunner({
			"xclip -selection clipboard -t TARGETS -o": text("TARGETS\nimage/gif\ntext/plain\n"),
			"xclip -selection clipboard -t image/gif -o": bytes(PNG),
		});
		expect(readClipboardImage({ platform: "linux", env: X11, run })).toMatchObject({
			kind: "image",
			mimeType: "image/gif",
		});
		expect(run.calls).not.toContain("wl-paste --list-types");
	});

	it("X11: text on the clipboard is no image; an empty read is no image", () => {
		const textOnly = fakeRunner({ "xclip -selection clipboard -t TARGETS -o": text("TARGETS\nUTF8_STRING\n") });
		expect(readClipboardImage({ platform: "linux", env: X11, run: textOnly })).toEqual({ kind: "empty" });
		const emptyRead = fakeRunner({
			"xclip -selection clipboard -t TARGETS -o": text("image/png\n"),
			"xclip -selection clipboard -t image/png -o": bytes(new Uint8Array()),
		});
		expect(readClipboardImage({ platform: "linux", env: X11, run: emptyRead })).toEqual({ kind: "empty" });
	});

	it("Linux with no clipboard tool installed names what to install", () => {
		const run = fakeRunner({});
		expect(readClipboardImage({ platform: "linux", env: WAYLAND, run })).toEqual({
			kind: "unavailable",
			tools: "wl-clipboard or xclip",
		});
		expect(readClipboardImage({ platform: "linux", env: X11, run })).toEqual({ kind: "unavailable", tools: "xclip" });
	});

	it("macOS: pngpaste when installed", () => {
		const run = fakeRunner({ "pngpaste -": bytes(PNG) });
		expect(readClipboardImage({ platform: "darwin", env: {}, run })).toEqual({
			kind: "image",
			bytes: PNG,
			mimeType: "image/png",
		});
	});

	it("macOS: osascript's «data PNGf…» when pngpaste is not installed", () => {
		const hex = Buffer.from(PNG).toString("hex").toUpperCase();
		const run = fakeRunner({ pngpaste: MISSING, osascript: text(`«data PNGf${hex}»\n`) });
		expect(readClipboardImage({ platform: "darwin", env: {}, run })).toEqual({
			kind: "image",
			bytes: PNG,
			mimeType: "image/png",
		});
	});

	it("macOS: osascript fails when the clipboard holds no image", () => {
		const run = fakeRunner({ pngpaste: MISSING, osascript: FAILED });
		expect(readClipboardImage({ platform: "darwin", env: {}, run })).toEqual({ kind: "empty" });
	});

	it("Windows: PowerShell writes the image as base64", () => {
		const run = fakeRunner({ "powershell.exe": text(`${Buffer.from(PNG).toString("base64")}\r\n`) });
		expect(readClipboardImage({ platform: "win32", env: {}, run })).toEqual({
			kind: "image",
			bytes: PNG,
			mimeType: "image/png",
		});
		const empty = fakeRunner({ "powershell.exe": text("\r\n") });
		expect(readClipboardImage({ platform: "win32", env: {}, run: empty })).toEqual({ kind: "empty" });
	});

	it("another platform has no clipboard reader", () => {
		expect(readClipboardImage({ platform: "freebsd", env: {}, run: fakeRunner({}) })).toMatchObject({
			kind: "unavailable",
		});
	});
});
