/**
 * The pending-questions file: where questions wait when nobody can answer now (print mode, a lost RPC
 * client, a killed TUI). One file per ask; written atomically with owner-only permissions; never
 * overwrites a file that still holds someone's questions; never follows a symlink planted in its way.
 */
import * as fs from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { readRegularFile, writeFileAtomically, writeNewFile } from "../ask/files.js";
import { isImagePathList } from "../core/images.js";
import { isRecord, parseJsonObject } from "../core/json.js";
import { sanitizeLine, sanitizeText } from "../core/text.js";
import type { AskRequest, Question } from "../core/types.js";
import { AskUserError, validateRequest } from "../core/validate.js";
import type { CliStrings } from "../i18n/cli/types.js";
import { words as chosenWords } from "../i18n/words.js";
import { withAnswerLock } from "./claims.js";

const PENDING_VERSION = 1;
const PENDING_DIR = ".pi";
const PENDING_NAME = "pending-questions.json";
const PENDING_NAME_PATTERN = /^pending-questions(-\d+)?\.json$/;

/** Whether `path` is one of this project's pending files by name: `<cwd>/.pi/pending-questions[-N].json`. */
function isProjectPendingPath(cwd: string, path: string): boolean {
	const name = basename(path);
	return PENDING_NAME_PATTERN.test(name) && path === join(cwd, PENDING_DIR, name);
}

/** Whether `path` names a pending file of any project (`<folder>/.pi/pending-questions*.json`). */
export function isPendingFilePath(path: string): boolean {
	return PENDING_NAME_PATTERN.test(basename(path)) && basename(dirname(path)) === PENDING_DIR;
}

/**
 * Whether the project's pending file at `path` is a regular file in a real `.pi` folder (no symlink on the
 * way), so that reading or deleting it touches nothing outside the project.
 */
export function isProjectPendingFile(cwd: string, path: string): boolean {
	if (!isProjectPendingPath(cwd, path)) return false;
	const dir = fs.lstatSync(join(cwd, PENDING_DIR), { throwIfNoEntry: false });
	return dir?.isDirectory() === true && fs.lstatSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

/** One of this project's pending files as read from disk. */
export type PendingText =
	| { kind: "readable"; text: string }
	/** Written by a newer pi-ask-anywhere: its text only says whose questions it holds; never answered from. */
	| { kind: "newer"; text: string; error: NewerPendingFileError };

function versionOf(text: string): number | undefined {
	const parsed = parseJsonObject(text);
	return parsed.ok && typeof parsed.value.version === "number" ? parsed.value.version : undefined;
}

/**
 * One of this project's pending files; `undefined` for any other path, whatever named it (a session record, a
 * file left by another session), and for anything but a regular file (a FIFO, a device, a symlink). A file of a
 * newer version than this package writes is refused. Every pending file is read through here.
 */
export function readPendingText(cwd: string, path: string): PendingText | undefined {
	return isProjectPendingFile(cwd, path) ? pendingTextAt(path) : undefined;
}

/** The text of a pending file whose place is already checked (see `readPendingText`). */
function pendingTextAt(path: string, options: { listedAsFile?: boolean } = {}): PendingText | undefined {
	const text = readRegularFile(path, options);
	if (text === undefined) return undefined;
	const version = versionOf(text);
	if (version !== undefined && version > PENDING_VERSION) {
		return { kind: "newer", text, error: new NewerPendingFileError(path, version) };
	}
	return { kind: "readable", text };
}

export interface PendingQuestion {
	question: string;
	header?: string;
	options?: string[];
	/** Option label → description, for the person reading the file. */
	optionDescriptions?: Record<string, string>;
	multiSelect?: boolean;
	/** Fill this in: a string (an option label or your own words), or for multi-select an array. */
	answer: string | string[] | null;
	/** Image files attached to the answer, relative to the project folder (read only from a trusted file). */
	images?: string[];
}

/** Whether no question of the file has an answer yet: it still waits for the person's answers. */
export function noAnswerYet(file: { readonly questions: readonly Pick<PendingQuestion, "answer">[] }): boolean {
	return file.questions.every((question) => question.answer === null);
}

/**
 * Who asked, when not a pi session: an MCP client through `pi-ask-anywhere mcp`, by the name it gave. The file's own
 * word, so read as untrusted (pending/permission.ts decides what it is worth).
 */
export interface PendingAsker {
	kind: "mcp";
	client: string;
}

/** The longest client name a file's mark may carry; a longer one is cut (it is only ever shown). */
const ASKER_NAME_LIMIT = 100;

/** A file's `asker` as written, or `undefined` when it is absent or not one this package writes. */
function readAsker(value: unknown): PendingAsker | undefined {
	if (!isRecord(value) || value.kind !== "mcp" || typeof value.client !== "string") return undefined;
	const client = sanitizeLine(value.client).trim().slice(0, ASKER_NAME_LIMIT);
	return client === "" ? undefined : { kind: "mcp", client };
}

export interface PendingFile {
	version: number;
	/** Another agent's ask (see `PendingAsker`); absent for pi's own. */
	asker?: PendingAsker;
	sessionId: string;
	sessionFile?: string;
	toolCallId: string;
	timestamp: string;
	/** What the user had asked for, so that a fresh session can continue the task. */
	task?: string;
	metadata?: Record<string, unknown>;
	questions: PendingQuestion[];
	/** The request as the model made it (options with previews etc.), for the dialog and the answer paths. */
	request: AskRequest;
}

/** A problem with a pending file. Its message may quote the file, so it is made safe for a terminal here. */
export class PendingFileError extends Error {
	override name = "PendingFileError";
	constructor(message: string) {
		super(sanitizeText(message));
	}
}

/**
 * A pending file written by a newer pi-ask-anywhere: what its fields mean cannot be known here, so it is neither
 * answered from nor removed nor overwritten; the pi-ask-anywhere that wrote it (or an update) can use it.
 */
export class NewerPendingFileError extends PendingFileError {
	override name = "NewerPendingFileError";
	constructor(path: string, version: number) {
		super(
			`${basename(path)} has version ${version}, newer than this pi-ask-anywhere understands (${PENDING_VERSION}); update pi-ask-anywhere to use it. The file is left as it is`,
		);
	}
}

function toPendingQuestion(question: Question): PendingQuestion {
	const pending: Omit<PendingQuestion, "answer"> & { answer?: null } = { question: question.question };
	if (question.header) pending.header = question.header;
	if (question.options) {
		pending.options = question.options.map((o) => o.label);
		const described = question.options.filter((o) => o.description);
		if (described.length > 0) {
			pending.optionDescriptions = Object.fromEntries(described.map((o) => [o.label, o.description as string]));
		}
	}
	if (question.multiSelect) pending.multiSelect = true;
	return { ...pending, answer: null };
}

export function createPendingFile(input: {
	request: AskRequest;
	sessionId: string;
	sessionFile?: string;
	toolCallId: string;
	task?: string;
	asker?: PendingAsker;
	now: Date;
}): PendingFile {
	const file: PendingFile = {
		version: PENDING_VERSION,
		sessionId: input.sessionId,
		toolCallId: input.toolCallId,
		timestamp: input.now.toISOString(),
		questions: input.request.questions.map(toPendingQuestion),
		request: input.request,
	};
	if (input.sessionFile) file.sessionFile = input.sessionFile;
	if (input.task) file.task = input.task;
	if (input.asker) file.asker = input.asker;
	if (input.request.metadata) file.metadata = input.request.metadata;
	return file;
}

/** Parses and checks a pending file's text; the error names the file and the problem. */
export function parsePendingFile(text: string, path: string): PendingFile {
	const name = basename(path);
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		throw new PendingFileError(
			`${name} is not valid JSON (${(error as Error).message}); fix it or run /questions clear`,
		);
	}
	if (!isRecord(data)) throw new PendingFileError(`${name} must hold a JSON object`);
	if (typeof data.version === "number" && data.version > PENDING_VERSION) {
		throw new NewerPendingFileError(path, data.version);
	}
	if (!Array.isArray(data.questions)) throw new PendingFileError(`${name}: "questions" must be an array`);
	if (!isRecord(data.request) || !Array.isArray(data.request.questions)) {
		throw new PendingFileError(`${name}: "request" is missing or broken; it was not written by pi-ask-anywhere`);
	}
	// The request drives the dialog and the answers, so it must be as valid as when it was asked.
	let request: AskRequest;
	try {
		request = validateRequest(data.request);
	} catch (error) {
		if (!(error instanceof AskUserError)) throw error;
		throw new PendingFileError(
			`${name}: "request" is broken (${error.message}); it was not written by pi-ask-anywhere`,
		);
	}
	if (data.questions.length !== request.questions.length) {
		throw new PendingFileError(
			`${name}: "questions" has ${data.questions.length} entries but ${request.questions.length} were asked; do not add or remove questions, only fill in "answer"`,
		);
	}
	const answers = data.questions.map((q, i) => {
		if (!isRecord(q)) throw new PendingFileError(`${name}: questions[${i}] must be an object`);
		const answer = q.answer;
		const ok =
			answer === null ||
			answer === undefined ||
			typeof answer === "string" ||
			(Array.isArray(answer) && answer.every((a) => typeof a === "string"));
		if (!ok) {
			throw new PendingFileError(`${name}: questions[${i}].answer must be a string, an array of strings, or null`);
		}
		const images = q.images;
		if (images !== undefined && images !== null && !isImagePathList(images)) {
			throw new PendingFileError(
				`${name}: questions[${i}].images must be a list of image file paths, e.g. ["shot.png"]`,
			);
		}
		return {
			answer: (answer ?? null) as PendingQuestion["answer"],
			images: isImagePathList(images) && images.length > 0 ? images.map(sanitizeLine) : undefined,
		};
	});
	for (const key of ["sessionId", "toolCallId", "timestamp"] as const) {
		if (typeof data[key] !== "string") throw new PendingFileError(`${name}: "${key}" is missing`);
	}
	// Only the answers are the person's to edit; what is shown around them is rebuilt from the request.
	const questions = request.questions.map((question, i) => {
		const given = answers[i];
		return {
			...toPendingQuestion(question),
			answer: given?.answer ?? null,
			...(given?.images ? { images: given.images } : {}),
		};
	});
	// Whatever else the file says is shown on terminals (/questions, where a file came from): made safe once, here.
	const shown: Pick<PendingFile, "sessionId" | "toolCallId" | "timestamp" | "sessionFile" | "task"> = {
		sessionId: sanitizeLine(data.sessionId as string),
		toolCallId: sanitizeLine(data.toolCallId as string),
		timestamp: sanitizeLine(data.timestamp as string),
	};
	if (typeof data.sessionFile === "string") shown.sessionFile = sanitizeLine(data.sessionFile);
	if (typeof data.task === "string") shown.task = sanitizeText(data.task);
	const { asker: written, ...rest } = data;
	const asker = readAsker(written);
	return { ...rest, ...shown, ...(asker ? { asker } : {}), questions, request } as unknown as PendingFile;
}

/** The file-system calls that write pending files: `node:fs`, or in tests one that fails like a full disk. */
export type PendingWriteFs = Pick<
	typeof fs,
	| "lstatSync"
	| "readdirSync"
	| "mkdirSync"
	| "openSync"
	| "writeSync"
	| "fsyncSync"
	| "closeSync"
	| "linkSync"
	| "rmSync"
>;

/** The `.pi` folder, created if needed; refuses a symlink there so writes cannot be redirected. */
function pendingDir(cwd: string, io: PendingWriteFs = fs): string {
	const dir = join(cwd, PENDING_DIR);
	try {
		const stat = io.lstatSync(dir);
		if (stat.isSymbolicLink())
			throw new PendingFileError(`${dir} is a symlink; refusing to write pending questions through it`);
		if (!stat.isDirectory()) throw new PendingFileError(`${dir} exists and is not a folder`);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
		io.mkdirSync(dir, { recursive: true, mode: 0o700 });
	}
	return dir;
}

// JSON.stringify escapes C0 controls only; DEL, C1 (8-bit CSI U+009B, NEL U+0085), bidi controls, line and
// paragraph separators and the BOM are written as \u escapes too, so that `cat` or an editor shows the file as
// it is. Lossless: JSON.parse reads the same strings back. These code points only ever occur inside strings.
const UNSAFE_IN_FILE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

function serialize(file: PendingFile): string {
	const json = JSON.stringify(file, null, 2).replace(
		UNSAFE_IN_FILE,
		(c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
	);
	return `${json}\n`;
}

/**
 * The number a new pending file takes: the one after the highest in the folder (1 in an empty one, which is
 * `pending-questions.json`), so that a file's name says which is newer and a listing sorts names instead of statting
 * every file. Numbers too large to count on (a planted name) are passed over.
 */
function nextPendingNumber(names: readonly string[]): number {
	let highest = 0;
	for (const name of names) {
		if (!PENDING_NAME_PATTERN.test(name)) continue;
		const number = pendingNumber(name);
		if (number < NUMBER_LIMIT && number > highest) highest = number;
	}
	return highest + 1;
}

/** Above this a name's number is not taken as a place in the order a writer continues (see nextPendingNumber). */
const NUMBER_LIMIT = 1_000_000_000;
/** How many pending files a project's folder may hold; a new ask beyond it is refused with the questions shown. */
const PENDING_FILE_LIMIT = 999;

/**
 * Saves a new pending file without ever replacing an existing one: `pending-questions.json` in an empty folder, else
 * `pending-questions-N.json` with N after the highest number there, claimed with an atomic hard link (another pi
 * claiming the same number at the same time makes this one take the next).
 */
export function savePendingFile(cwd: string, file: PendingFile, io: PendingWriteFs = fs): string {
	try {
		const dir = pendingDir(cwd, io);
		const names = io.readdirSync(dir).filter((name) => PENDING_NAME_PATTERN.test(name));
		if (names.length >= PENDING_FILE_LIMIT) {
			throw new PendingFileError(
				`${dir} already holds ${PENDING_FILE_LIMIT} pending question files; answer or clear some first`,
			);
		}
		const first = nextPendingNumber(names);
		const candidates = Array.from({ length: PENDING_FILE_LIMIT }, (_, i) => {
			const n = first + i;
			return join(dir, n === 1 ? PENDING_NAME : PENDING_NAME.replace(".json", `-${n}.json`));
		});
		const target = writeNewFile(candidates, serialize(file), io);
		if (target !== undefined) return target;
		throw new PendingFileError(`${dir}: every pending-questions name tried was taken meanwhile; try again`);
	} catch (error) {
		if (error instanceof PendingFileError) throw error;
		// A full disk, a read-only folder, no permission: one clear error the caller can show with the questions.
		throw new PendingFileError(`cannot write in ${join(cwd, PENDING_DIR)}: ${(error as Error).message}`);
	}
}

export interface PendingEntry {
	readonly path: string;
	readonly file?: PendingFile;
	readonly error?: PendingFileError;
}

export type ReadablePendingEntry = PendingEntry & { file: PendingFile };

/**
 * The last parse of each pending file this process listed, by path: a text already parsed and validated is not done
 * again (a start and then `/questions` each list a folder that may hold a thousand files). The entries are shared, so
 * no caller may change them.
 */
const lastParse = new Map<string, { text: string; entry: PendingEntry }>();
const LAST_PARSE_LIMIT = 4000;

/**
 * One pending file the folder listing named, read and checked; `undefined` when it is gone (another pi may remove it
 * between the listing and the read) or no regular file. A text already parsed is not parsed again.
 */
export function readPendingEntry(path: string): PendingEntry | undefined {
	// The folder was checked when it was listed; the read checks on the open descriptor that this is a regular file
	// (never following a symlink, never blocking on a FIFO).
	const read = pendingTextAt(path, { listedAsFile: true });
	if (read === undefined) return undefined;
	if (read.kind === "newer") return { path, error: read.error };
	const known = lastParse.get(path);
	if (known?.text === read.text) return known.entry;
	let entry: PendingEntry;
	try {
		entry = { path, file: parsePendingFile(read.text, path) };
	} catch (error) {
		const message = error instanceof PendingFileError ? error : undefined;
		entry = { path, error: message ?? new PendingFileError(`${basename(path)}: ${(error as Error).message}`) };
	}
	if (lastParse.size >= LAST_PARSE_LIMIT) lastParse.clear();
	lastParse.set(path, { text: read.text, entry });
	return entry;
}

/**
 * Every pending file in the project, oldest first (of one time, the lower number, saved first, first: a reader taking
 * the newest from the end takes the later save); broken ones are reported, not touched.
 */
export function listPendingFiles(cwd: string): PendingEntry[] {
	return listPendingNames(cwd)
		.reverse()
		.flatMap((path) => readPendingEntry(path) ?? [])
		.sort((a, b) => (a.file?.timestamp ?? "").localeCompare(b.file?.timestamp ?? ""));
}

/** The file-system calls that list pending files: `node:fs`, or in tests one that counts them. */
export type PendingListFs = Pick<typeof fs, "lstatSync" | "readdirSync">;

/**
 * The project's pending files, newest written first, from the folder's names alone: a new file takes the number after
 * the highest (`savePendingFile`), so a higher number is a newer file and nothing is statted or read here, however
 * many files the folder holds. Names older versions wrote (they took the first free number) are listed in the same
 * order. A name that is no regular file (a planted folder or FIFO) is listed too; reading it (`readPendingEntry`)
 * passes it over.
 */
export function listPendingNames(cwd: string, io: PendingListFs = fs): string[] {
	const dir = join(cwd, PENDING_DIR);
	let names: string[];
	try {
		if (!io.lstatSync(dir).isDirectory()) return [];
		names = io.readdirSync(dir);
	} catch {
		return [];
	}
	const numbered: { name: string; number: number }[] = [];
	for (const name of names) if (PENDING_NAME_PATTERN.test(name)) numbered.push({ name, number: pendingNumber(name) });
	// Two names of one number ("-2" and "-02", only ever planted) in a fixed order.
	numbered.sort((a, b) => b.number - a.number || (a.name < b.name ? -1 : 1));
	// No path normalisation per name: the folder is joined once.
	return numbered.map((file) => `${dir}${sep}${file.name}`);
}

/** The N of `pending-questions-N.json` (1 for `pending-questions.json`). */
function pendingNumber(name: string): number {
	// The name matched PENDING_NAME_PATTERN: the number, when there is one, is between "pending-questions-" and ".json".
	return name.length === PENDING_NAME.length ? 1 : Number(name.slice(PENDING_NAME.length - 4, -5));
}

/**
 * The ask a pending file is removed for, as its remover knows it: the tool call, and where known the session and the
 * time it was asked (a file's own `sessionId` and `timestamp`). A `PendingFile` is one.
 */
export interface PendingAskIdentity {
	readonly toolCallId: string;
	readonly sessionId?: string;
	readonly timestamp?: string;
}

/** Whether a pending file's text holds the ask `ask` names (as parsePendingFile shows its fields: made safe). */
function holdsAsk(text: string, ask: PendingAskIdentity): boolean {
	const parsed = parseJsonObject(text);
	if (!parsed.ok) return false;
	const same = (key: keyof PendingAskIdentity) => {
		const expected = ask[key];
		const written = parsed.value[key];
		// A field the file does not write cannot tell two asks apart: the specification's hand-written Option B file has
		// none of them (matched to its ask by position), while every file pi saves names all three.
		if (expected === undefined || written === undefined) return true;
		return typeof written === "string" && sanitizeLine(written) === sanitizeLine(expected);
	};
	return same("toolCallId") && same("sessionId") && same("timestamp");
}

/**
 * Removes a delivered or cleared pending file: only ever a pending file in the `.pi` folder of its own project, only
 * while it still holds `ask` (a name freed by another remover is taken by the next ask saved, which a late removal of
 * the earlier ask must not take with it), and never one that a newer pi-ask-anywhere wrote.
 */
export function removePendingFile(path: string, ask: PendingAskIdentity): void {
	const removeIfReadable = () => {
		const read = readPendingText(dirname(dirname(path)), path);
		if (read?.kind === "readable" && holdsAsk(read.text, ask)) fs.rmSync(path, { force: true });
	};
	if (readPendingText(dirname(dirname(path)), path)?.kind !== "readable") return;
	// Under the answer lock, so that a writer checking the file meanwhile finds it gone instead of writing it back, and
	// the file checked is the file removed (answers are written and files removed only under it). A
	// lock held past a write's time does not keep the file (delivered answers on disk would be sent again).
	let removed: boolean;
	try {
		removed = withAnswerLock(path, removeIfReadable).kind === "done";
	} catch {
		// No lock could be made (a read-only folder): the removal itself says why it cannot be done, in its own words.
		removed = false;
	}
	if (!removed) removeIfReadable();
}

export function displayPath(cwd: string, path: string): string {
	const rel = relative(cwd, path);
	return rel.startsWith("..") ? path : rel;
}

/** The questions as a person reads them on a terminal, numbered, with options. */
export function formatPendingQuestions(
	file: PendingFile,
	words: CliStrings["layout"] = chosenWords().cli.layout,
): string {
	return file.questions
		.map((q, i) => {
			const head = `${i + 1}. ${q.header ? `[${sanitizeLine(q.header)}] ` : ""}${sanitizeLine(q.question)}`;
			const kind = q.multiSelect ? words.chooseAny : "";
			// The model's context for the person (markdown), under the question, one indented line per line.
			const context = sanitizeText(file.request.questions[i]?.context ?? "")
				.split("\n")
				.map((line) => line.trim())
				.filter((line) => line !== "")
				.map((line) => `   ${line}`);
			const options = (q.options ?? []).map((label) => {
				const description = q.optionDescriptions?.[label];
				return `     - ${sanitizeLine(label)}${description ? ` — ${sanitizeLine(description)}` : ""}`;
			});
			// JSON.stringify escapes C0 controls but not C1 or bidi controls: those are removed as well.
			const answer =
				q.answer === null || q.answer === undefined
					? []
					: [`   ${words.answer(sanitizeLine(JSON.stringify(q.answer)))}`];
			return [
				head + kind,
				...context,
				...options,
				...(options.length ? [`     - ${words.ownAnswer}`] : []),
				...answer,
			].join("\n");
		})
		.join("\n");
}

/**
 * What became of answers written into a pending file: `answered-already` when other answers got there first,
 * `held-elsewhere` when another process holds the ask, `asker-gone` when the MCP server that waited for them let go of
 * it (only when the caller asks, see `PendingWriteOptions`).
 */
export type PendingWrite = "written" | "answered-already" | "held-elsewhere" | "asker-gone";

export interface PendingWriteOptions {
	/** Answers in the file that count for no one (a foreign file's own), which the person's are written over. */
	replacing?: readonly PendingQuestion["answer"][];
	/**
	 * Why the ask may no longer be answered now, if it may not: another live process holds it (its claim, ./claims.ts),
	 * or the MCP server that asked let go of it. Asked under the lock, at the write, so that a claim made (or let go)
	 * after the caller's own check still keeps the answers out.
	 */
	refuse?: () => "held-elsewhere" | "asker-gone" | undefined;
}

/**
 * Fills in the `answer` fields of a pending file that still holds `expected` (same toolCallId) and still waits as the
 * caller found it: no answer yet, or exactly `replacing`. Checked again and written under the file's answer lock
 * (./claims.ts), atomically (a temp file in the same folder, renamed over it): of two processes answering at once,
 * one writes and the other gets `answered-already`.
 */
export function writePendingAnswers(
	path: string,
	expectedToolCallId: string,
	answers: readonly PendingQuestion["answer"][],
	options: PendingWriteOptions = {},
): PendingWrite {
	const cwd = dirname(dirname(path));
	// Checked before the lock too: the lock is made in the file's folder, which must be the project's real `.pi`.
	if (readPendingText(cwd, path) === undefined) {
		throw new PendingFileError(`${basename(path)} is gone or not a regular file; reload`);
	}
	let locked: ReturnType<typeof withAnswerLock<PendingWrite>>;
	try {
		locked = withAnswerLock(path, () => writeUnderLock(cwd, path, expectedToolCallId, answers, options));
	} catch (error) {
		// A folder that cannot be written (read-only, immutable, full) is said like every other refusal here.
		if (error instanceof PendingFileError) throw error;
		throw new PendingFileError(`cannot write in ${dirname(path)}: ${(error as Error).message}`);
	}
	if (locked.kind === "busy") {
		throw new PendingFileError(`${basename(path)} is being written by another process right now; try again`);
	}
	return locked.value;
}

/** The answers written while the lock is held: read again, checked, written whole. */
function writeUnderLock(
	cwd: string,
	path: string,
	expectedToolCallId: string,
	answers: readonly PendingQuestion["answer"][],
	{ replacing, refuse }: PendingWriteOptions,
): PendingWrite {
	const read = readPendingText(cwd, path);
	if (read === undefined) throw new PendingFileError(`${basename(path)} is gone or not a regular file; reload`);
	if (read.kind === "newer") throw read.error;
	const file = parsePendingFile(read.text, path);
	if (file.toolCallId !== expectedToolCallId) {
		throw new PendingFileError(`${basename(path)} now holds other questions; reload and answer those`);
	}
	if (answers.length !== file.questions.length) {
		throw new PendingFileError(
			`${basename(path)} has ${file.questions.length} questions, got ${answers.length} answers`,
		);
	}
	const refused = refuse?.();
	if (refused) return refused;
	const waiting = replacing
		? JSON.stringify(file.questions.map((q) => q.answer)) === JSON.stringify(replacing)
		: noAnswerYet(file);
	if (!waiting) return "answered-already";
	const answered = { ...file, questions: file.questions.map((q, i) => ({ ...q, answer: answers[i] ?? null })) };
	pendingDir(cwd);
	writeFileAtomically(path, serialize(answered));
	return "written";
}
