/**
 * An image from the system clipboard, read with the platform's own tools, for the dialog's paste-image key. pi reads
 * the clipboard for its main editor only and does not export how, so this follows what it does: Wayland's
 * `wl-paste`, X11's `xclip`, macOS's `pngpaste` (or `osascript`), Windows's PowerShell. The processes run through an
 * injected runner, so every platform is tested with fakes. As pi does, a pasted image is kept as a temporary file.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Environment } from "./settings.js";

/** What a process gave: its output, or that it failed (`missing`: the command is not installed). */
export type RunResult = { ok: true; stdout: Uint8Array } | { ok: false; missing: boolean };

export type ProcessRunner = (command: string, args: readonly string[], options?: { timeoutMs?: number }) => RunResult;

export type ClipboardRead =
	| { kind: "image"; bytes: Uint8Array; mimeType: string }
	/** The clipboard holds no image (nothing, or text). */
	| { kind: "empty" }
	/** No tool to read it with: `tools` names what to install. */
	| { kind: "unavailable"; tools: string };

export interface ClipboardDeps {
	platform: NodeJS.Platform;
	env: Environment;
	run: ProcessRunner;
}

/** The image types asked for, most wanted first (what models take). */
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
const LIST_TIMEOUT_MS = 1000;
const READ_TIMEOUT_MS = 3000;
const POWERSHELL_TIMEOUT_MS = 5000;

const EMPTY: ClipboardRead = { kind: "empty" };

function lines(output: Uint8Array): string[] {
	return Buffer.from(output)
		.toString("utf8")
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter(Boolean);
}

/** The first wanted image type the clipboard offers (types may carry parameters: `image/png;charset=…`). */
function preferredType(offered: readonly string[]): string | undefined {
	const base = (type: string) => (type.split(";")[0] ?? "").trim().toLowerCase();
	for (const wanted of IMAGE_TYPES) {
		const found = offered.find((type) => base(type) === wanted);
		if (found) return found;
	}
	return undefined;
}

function image(result: RunResult, mimeType: string): ClipboardRead {
	if (!result.ok || result.stdout.length === 0) return EMPTY;
	return { kind: "image", bytes: result.stdout, mimeType: (mimeType.split(";")[0] ?? mimeType).trim() };
}

/** `undefined` when wl-paste is not installed (the caller tries xclip). */
function viaWlPaste(run: ProcessRunner): ClipboardRead | undefined {
	const list = run("wl-paste", ["--list-types"], { timeoutMs: LIST_TIMEOUT_MS });
	if (!list.ok) return list.missing ? undefined : EMPTY;
	const type = preferredType(lines(list.stdout));
	if (!type) return EMPTY;
	return image(run("wl-paste", ["--type", type, "--no-newline"], { timeoutMs: READ_TIMEOUT_MS }), type);
}

/** `undefined` when xclip is not installed. */
function viaXclip(run: ProcessRunner): ClipboardRead | undefined {
	const targets = run("xclip", ["-selection", "clipboard", "-t", "TARGETS", "-o"], { timeoutMs: LIST_TIMEOUT_MS });
	if (!targets.ok) return targets.missing ? undefined : EMPTY;
	const type = preferredType(lines(targets.stdout));
	if (!type) return EMPTY;
	return image(run("xclip", ["-selection", "clipboard", "-t", type, "-o"], { timeoutMs: READ_TIMEOUT_MS }), type);
}

/** osascript prints a PNG on the clipboard as `«data PNGf89504E47…»`. */
function viaOsascript(run: ProcessRunner): ClipboardRead {
	const result = run("osascript", ["-e", "the clipboard as «class PNGf»"], { timeoutMs: READ_TIMEOUT_MS });
	if (!result.ok) return result.missing ? { kind: "unavailable", tools: "pngpaste" } : EMPTY;
	const hex = /«data PNGf([0-9A-Fa-f]+)»/.exec(Buffer.from(result.stdout).toString("utf8"))?.[1];
	return hex ? { kind: "image", bytes: new Uint8Array(Buffer.from(hex, "hex")), mimeType: "image/png" } : EMPTY;
}

function viaMac(run: ProcessRunner): ClipboardRead {
	const result = run("pngpaste", ["-"], { timeoutMs: READ_TIMEOUT_MS });
	if (result.ok) return image(result, "image/png");
	return result.missing ? viaOsascript(run) : EMPTY;
}

const POWERSHELL_SCRIPT = [
	"Add-Type -AssemblyName System.Windows.Forms",
	"Add-Type -AssemblyName System.Drawing",
	"$img = [System.Windows.Forms.Clipboard]::GetImage()",
	"if ($img) { $ms = New-Object System.IO.MemoryStream; $img.Save($ms, [System.Drawing.Imaging.ImageFormat]::Png); [Convert]::ToBase64String($ms.ToArray()) }",
].join("; ");

function viaPowerShell(run: ProcessRunner): ClipboardRead {
	const result = run("powershell.exe", ["-NoProfile", "-STA", "-Command", POWERSHELL_SCRIPT], {
		timeoutMs: POWERSHELL_TIMEOUT_MS,
	});
	if (!result.ok) return result.missing ? { kind: "unavailable", tools: "PowerShell" } : EMPTY;
	const base64 = Buffer.from(result.stdout).toString("utf8").trim();
	return base64 === ""
		? EMPTY
		: { kind: "image", bytes: new Uint8Array(Buffer.from(base64, "base64")), mimeType: "image/png" };
}

function isWayland(env: Environment): boolean {
	return Boolean(env.WAYLAND_DISPLAY) || env.XDG_SESSION_TYPE === "wayland";
}

/** The clipboard's image, if it holds one. */
export function readClipboardImage(deps: ClipboardDeps): ClipboardRead {
	const { platform, env, run } = deps;
	if (platform === "darwin") return viaMac(run);
	if (platform === "win32") return viaPowerShell(run);
	if (isWayland(env))
		return viaWlPaste(run) ?? viaXclip(run) ?? { kind: "unavailable", tools: "wl-clipboard or xclip" };
	return viaXclip(run) ?? { kind: "unavailable", tools: "xclip" };
}

/** Runs a command without a shell; a command that is not installed is `missing`. */
export const nodeProcessRunner: ProcessRunner = (command, args, options = {}) => {
	const result = spawnSync(command, [...args], {
		timeout: options.timeoutMs ?? READ_TIMEOUT_MS,
		maxBuffer: 50 * 1024 * 1024,
		stdio: ["ignore", "pipe", "ignore"],
		windowsHide: true,
	});
	if (result.error) return { ok: false, missing: (result.error as NodeJS.ErrnoException).code === "ENOENT" };
	if (result.status !== 0) return { ok: false, missing: false };
	return { ok: true, stdout: new Uint8Array(result.stdout) };
};

const EXTENSIONS: Record<string, string> = {
	"image/png": "png",
	"image/jpeg": "jpg",
	"image/webp": "webp",
	"image/gif": "gif",
};

/**
 * The clipboard's image kept as pi keeps a pasted one: a file `pi-clipboard-<uuid>.<ext>` in the temporary folder.
 * Its name is the image's name; `undefined` path when it could not be written (the image is attached all the same).
 */
export function keepClipboardImage(
	read: Extract<ClipboardRead, { kind: "image" }>,
	write: (path: string, bytes: Uint8Array) => void = writeFileSync,
	folder: string = tmpdir(),
): { name: string; path: string | undefined } {
	const name = `pi-clipboard-${randomUUID()}.${EXTENSIONS[read.mimeType] ?? "png"}`;
	const path = join(folder, name);
	try {
		write(path, read.bytes);
		return { name, path };
	} catch {
		return { name, path: undefined };
	}
}
