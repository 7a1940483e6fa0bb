/**
 * `pi-ask-anywhere web`: one local HTTP server that is an `AskUserQuestion` backend (docs/remote.md)
 * for agents (`/agent`, WebSocket) and serves a page (`/`, its assets, its API under `/api/`, its live channel
 * `/live`) where a person answers the questions agents are waiting on, and the project folder's pending
 * questions. Pages get every change pushed over `/live`. Nothing here logs a token, a request URL or an answer.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer } from "ws";
import { isRecord } from "../core/json.js";
import { languageFromAcceptLanguage } from "../i18n/languages.js";
import { WEB_TABLES } from "../i18n/web/tables.js";
import {
	failResponse,
	guarded,
	guardedUpgrade,
	refuseUpgrade,
	requestPath,
	requestQuery,
} from "../net/listener-guard.js";
import { sameSecret } from "../net/same-secret.js";
import { createClaims } from "../pending/claims.js";
import type { PendingFile } from "../pending/pending-file.js";
import type { PendingVerdict } from "../pending/trust.js";
import type { AnswersOf, AskStore } from "../records/store.js";
import { createAgentEndpoint } from "../remote/agent-endpoint.js";
import type { LiveAsk } from "../remote/live-asks.js";
import { ANSWERED_ELSEWHERE, MAX_ANSWER_FRAME_BYTES, type WireAnswerValue } from "../remote/protocol.js";
import { COOKIE_NAME, cookieSecretOf, cookieValue, isSameOrigin, newSecret, sessionCookie } from "./access.js";
import {
	createItemTexts,
	diffItems,
	firstStatePieces,
	type ItemTexts,
	opItem,
	packMessages,
	type ShownItem,
	type ShownItems,
	shownItems,
} from "./feed.js";
import type { FolderSet } from "./inbox-folders.js";
import type { ApiError } from "./page/api.js";
import { type PageState, pendingKey, type Receipt, SIGNED_OUT_CLOSE_CODE } from "./page/live-state.js";
import { readPageAnswers, readSetNote, wireAnswers } from "./page-answers.js";
import { pageHtml } from "./page-html.js";
import {
	answerPendingFile,
	type HeldElsewhere,
	type JudgePending,
	listPendingViews,
	type PendingView,
	viewsOfLiveAsks,
} from "./pending-view.js";
import { type FolderWatch, watchPendingFolder } from "./pending-watch.js";
import { createSignInCodes } from "./sign-in.js";

/** A file the server sends as is. */
export interface Asset {
	type: string;
	body: Buffer;
}

export interface WebServerOptions {
	host: string;
	port: number;
	/** The project folder whose `.pi/pending-questions*.json` the page lists (unless `all` gives the folders). */
	cwd: string;
	/**
	 * `web --all`: the folders whose pending files the page lists, instead of `cwd` (every project with an ask waiting
	 * in this user's fact log), each watched as `cwd` would be; their cards newest project first, newest file first.
	 */
	all?: FolderSet;
	/** How many pending cards a page is sent at first, and how many more each `/api/more` adds (100 with `all`). */
	pageSize?: number;
	/**
	 * The secret a signed-in browser's cookie is derived from, made at each start (or kept: `--keep-token`). Never in an
	 * address: browsers sign in with a code that works once (`sign-in.ts`).
	 */
	pageToken: string;
	/** The first sign-in code (tests); a new one otherwise. */
	signInCode?: string;
	/**
	 * There is a new sign-in address, to print: the last one was used (`used`), tried after it expired (`expired`), or
	 * every browser was signed out (`signed-out`; `pageToken` is the new secret, for whoever keeps it).
	 */
	onSignInCode?: (code: string, why: "used" | "expired" | "signed-out", pageToken: string) => void;
	/** `PI_ASK_USER_REMOTE_TOKEN`: agents must send it as a Bearer token when set. */
	agentToken?: string;
	/** `index.html`, `app.js`, `app.css` by their paths (`/`, `/app.js`, `/app.css`). */
	assets: ReadonlyMap<string, Asset>;
	/** The trust verdict on a pending file in `folder`, the same one pi acts on there. */
	judge: (file: PendingFile, folder: string) => PendingVerdict;
	/**
	 * This user's record of answers given on the page for files their pi did not write (after confirming): pi then
	 * delivers those answers as the person's; an MCP client's answers are recorded there too.
	 */
	given: Pick<AskStore, "agentDir" | "given" | "give">;
	/** Records that the page wrote answers into the person's own pi's file (the decision log names it). */
	writtenByPage?: (file: AnswersOf) => void;
	/** Other pi processes' claims on pending files; the real ones unless a test injects its own. */
	heldElsewhere?: HeldElsewhere;
	/**
	 * How often the pending folder is read again while something there can change without a file event: a file
	 * another pi holds (its process may end) or one just answered (hidden for a while). Otherwise the folder is
	 * watched, and an idle server reads nothing.
	 */
	pendingRescanMs?: number;
	now?: () => number;
	/**
	 * A request, upgrade or socket the server could not handle: it was refused (500, or the socket closed) and the
	 * server goes on. Gets the error itself; whoever prints it must not print a request's URL (it may hold the token).
	 */
	onListenerFailure?: (error: unknown) => void;
	/** Each ask's and pending view's serialised text, kept while the item is unchanged; a test may count them. */
	itemTexts?: ItemTexts;
}

export interface WebServer {
	port: number;
	/** The code the next sign-in address carries. */
	signInCode(): string;
	close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
/**
 * The most a page may have queued and not yet taken (a phone on a slow network, a tab that stopped reading): past
 * it the page is disconnected; it reconnects by itself and is sent the state afresh, so nothing grows without end.
 */
const MAX_PAGE_BACKLOG_BYTES = 96 * 1024 * 1024;
/** An answer may carry images (as base64): as large as an answer frame to the agent may be. */
const MAX_ANSWER_BODY_BYTES = MAX_ANSWER_FRAME_BYTES;
/** How many pending cards `web --all` sends a page at first, and adds on each "more". */
const INBOX_PAGE_SIZE = 100;
/** How long an ask answered (here or in pi) keeps its pending file hidden while pi removes the file. */
const ANSWERED_FILE_HIDDEN_MS = 15_000;
const SECURITY_HEADERS = {
	"Content-Security-Policy":
		"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy": "no-referrer",
	"Cache-Control": "no-store",
	"X-Frame-Options": "DENY",
};

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
	response.writeHead(status, { ...SECURITY_HEADERS, "Content-Type": type });
	response.end(body);
}

function redirectHome(response: ServerResponse, cookie?: string): void {
	response.writeHead(303, { ...SECURITY_HEADERS, Location: "/", ...(cookie ? { "Set-Cookie": cookie } : {}) });
	response.end();
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
	send(response, status, "application/json; charset=utf-8", JSON.stringify(value));
}

async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<unknown> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request) {
		size += (chunk as Buffer).length;
		if (size > maxBytes) throw new Error("body too large");
		chunks.push(chunk as Buffer);
	}
	return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
	const now = options.now ?? Date.now;
	const heldElsewhere = options.heldElsewhere ?? createClaims().heldElsewhere;
	let pageToken = options.pageToken;
	let cookieSecret = cookieSecretOf(pageToken);
	const codes = createSignInCodes({
		now,
		newCode: newSecret,
		...(options.signInCode ? { first: options.signInCode } : {}),
	});
	const pages = new Set<WebSocket>();
	/** Pages still being sent their first state: they join `pages` (and its updates) once it has all gone. */
	const loading = new Set<WebSocket>();
	const failed = (error: unknown): void => options.onListenerFailure?.(error);
	const texts = options.itemTexts ?? createItemTexts();
	const endpoint = createAgentEndpoint(
		{ agentToken: options.agentToken, now, onListenerFailure: failed, source: "page" },
		{
			onAsk: () => broadcast(),
			onClosed(connection, questionId, reason) {
				const key = receiptKey(connection, questionId);
				const answeredHere = awaitingReceipt.get(key);
				if (answeredHere !== undefined) {
					awaitingReceipt.delete(key);
					broadcast([opItem({ op: "receipt", id: answeredHere, receipt: receiptOf(reason) })]);
					return;
				}
				const closed = asks.close(connection, questionId);
				if (!closed) return;
				if (reason === "answered" || reason === ANSWERED_ELSEWHERE) markAnswered(closed);
				broadcast();
			},
			onConnectionClosed(connection, hadAsks) {
				const lost: ShownItem[] = [];
				for (const [key, id] of awaitingReceipt) {
					if (!key.startsWith(`${connection}\u0000`)) continue;
					awaitingReceipt.delete(key);
					lost.push(opItem({ op: "receipt", id, receipt: "lost" }));
				}
				if (hadAsks || lost.length > 0) broadcast(lost);
			},
		},
	);
	const asks = endpoint.asks;
	const folderSet: FolderSet = options.all ?? { list: () => [options.cwd], watch: () => () => {} };
	const pageSize = options.pageSize ?? (options.all ? INBOX_PAGE_SIZE : Number.POSITIVE_INFINITY);
	let shownLimit = pageSize;
	const judgeIn =
		(folder: string): JudgePending =>
		(file) =>
			options.judge(file, folder);
	const listIn = (folder: string): PendingView[] => {
		const views = listPendingViews(folder, judgeIn(folder), heldElsewhere, options.given);
		if (!options.all) return views;
		// The inbox: newest first (a file without a readable time last).
		const time = (view: PendingView): number => Date.parse(view.timestamp ?? "") || 0;
		return views.sort((a, b) => time(b) - time(a));
	};
	let folders: string[] = [...new Set(folderSet.list())];
	const byFolder = new Map<string, PendingView[]>(folders.map((folder) => [folder, listIn(folder)]));
	const together = (): PendingView[] => folders.flatMap((folder) => byFolder.get(folder) ?? []);
	let pending = together();

	// Asks just answered or dismissed (here or in pi): pi is removing their pending files, which stay hidden meanwhile.
	let answered: { ask: LiveAsk; until: number }[] = [];
	const markAnswered = (ask: LiveAsk): void => {
		answered.push({ ask, until: now() + ANSWERED_FILE_HIDDEN_MS });
		updateRecheck();
	};
	// A pending file that is a live ask's own questions is shown, and answered, once: as that live ask.
	const heldFiles = (): Set<string> =>
		new Set(
			[...viewsOfLiveAsks(pending, [...asks.list(), ...answered.map((entry) => entry.ask)])].map((view) =>
				pendingKey(view),
			),
		);

	const state = (): PageState => {
		const held = heldFiles();
		// A file another pi is asking or delivering is that pi's: not offered here.
		const shownPending = pending.filter((view) => !held.has(pendingKey(view)) && view.heldBy === undefined);
		if (shownPending.length <= shownLimit) return { asks: asks.list(), pending: shownPending };
		// So many cards at first: thousands of asks do not load at once; the page asks for more.
		return {
			asks: asks.list(),
			pending: shownPending.slice(0, shownLimit),
			more: shownPending.length - shownLimit,
		};
	};
	// What every open page was last sent; a change sends pages only the difference, each item serialised once.
	let shown: ShownItems = shownItems(state(), texts);
	const sendToPages = (messages: readonly Buffer[], to: Iterable<WebSocket>): void => {
		for (const page of to) {
			if (page.readyState !== WebSocket.OPEN) continue;
			if (page.bufferedAmount > MAX_PAGE_BACKLOG_BYTES) {
				page.terminate();
				continue;
			}
			for (const message of messages) page.send(message, { binary: false });
		}
	};
	const broadcast = (extra: ShownItem[] = []): void => {
		const next = shownItems(state(), texts);
		const changes = diffItems(shown, next);
		shown = next;
		const items = [...changes, ...extra];
		if (items.length > 0 && pages.size > 0) sendToPages(packMessages(items, false), pages);
	};
	// Answers sent to agents that confirm (ask_user_closed): what became of them is told to the pages.
	const awaitingReceipt = new Map<string, string>();
	const receiptKey = (connection: number, questionId: string): string => `${connection}\u0000${questionId}`;
	const receiptOf = (reason: string): Receipt =>
		reason === "answered" ? "received" : reason === ANSWERED_ELSEWHERE ? "elsewhere" : "ended";
	let recheckTimer: NodeJS.Timeout | undefined;
	/** Reads the folder on a timer only while a held or just-answered file can change without a file event. */
	const updateRecheck = (): void => {
		const needed = answered.length > 0 || pending.some((view) => view.heldBy !== undefined);
		if (needed && !recheckTimer) {
			recheckTimer = setInterval(rescanPending, options.pendingRescanMs ?? 2_000);
			recheckTimer.unref();
		} else if (!needed && recheckTimer) {
			clearInterval(recheckTimer);
			recheckTimer = undefined;
		}
	};
	/** Reads the pending files of `only` (a folder served) again, or of every folder served. */
	function rescanPending(only?: string): void {
		let changed = false;
		for (const folder of only === undefined ? folders : [only]) {
			const before = byFolder.get(folder);
			if (before === undefined) continue;
			const known = new Map(before.map((view) => [view.name, view]));
			// A view read again but unchanged stays the same object, so that its text is not made again.
			const fresh = listIn(folder).map((view) => {
				const old = known.get(view.name);
				if (old !== undefined && texts.pending(old).text === JSON.stringify({ op: "pending", view })) return old;
				changed = true;
				return view;
			});
			if (fresh.length !== before.length) changed = true;
			byFolder.set(folder, fresh);
		}
		const before = answered.length;
		answered = answered.filter((entry) => entry.until > now());
		if (changed || answered.length !== before) {
			pending = together();
			broadcast();
		}
		updateRecheck();
	}
	const folderWatches = new Map<string, FolderWatch>();
	const watchFolder = (folder: string): void => {
		folderWatches.set(
			folder,
			watchPendingFolder(folder, () => rescanPending(folder)),
		);
	};
	for (const folder of folders) watchFolder(folder);
	/** The set of folders changed (`web --all`: the fact log did): folders no longer served go, new ones are read. */
	function syncFolders(): void {
		const next = [...new Set(folderSet.list())];
		const kept = new Set(next);
		for (const folder of folders) {
			if (kept.has(folder)) continue;
			folderWatches.get(folder)?.close();
			folderWatches.delete(folder);
			byFolder.delete(folder);
		}
		for (const folder of next) {
			if (byFolder.has(folder)) continue;
			byFolder.set(folder, listIn(folder));
			watchFolder(folder);
		}
		folders = next;
		pending = together();
		broadcast();
		updateRecheck();
	}
	const stopFolders = folderSet.watch(() => {
		try {
			syncFolders();
		} catch (error) {
			failed(error);
		}
	});
	updateRecheck();

	const isSignedIn = (request: IncomingMessage): boolean =>
		sameSecret(cookieValue(request.headers.cookie, COOKIE_NAME), cookieSecret);

	const refusal = (error: string, code: ApiError["code"]): ApiError => ({ error, code });

	async function answerLive(body: unknown): Promise<[number, unknown]> {
		if (!isRecord(body) || typeof body.id !== "string") {
			return [400, refusal("expected { id, answers }", "invalid")];
		}
		const ask = asks.get(body.id);
		if (!ask) return [409, refusal("this question was already answered or withdrawn", "gone")];
		let answers: Record<string, WireAnswerValue>;
		let note: string | undefined;
		if (body.dismiss === true) {
			answers = {};
		} else {
			const read = readPageAnswers(body.answers, ask.questions, ask.accepts.images);
			if (!read.ok) return [400, read];
			if (read.answers.every((answer) => answer === undefined)) return [400, refusal("no answer given", "no-answer")];
			answers = wireAnswers(ask.questions, read.answers, ask.accepts);
			// The note on the whole set travels as the answer frame's top-level `note`, to an agent that reads notes.
			const setNote = readSetNote(body.note);
			if (!setNote.ok) return [400, refusal(setNote.error, "invalid")];
			if (ask.accepts.notes) note = setNote.note;
		}
		// First answer wins: taking the ask removes it, so a second page (or a double tap) gets 409.
		const taken = endpoint.answer(body.id, answers, note);
		if (!taken) {
			broadcast();
			return [409, refusal("the agent is gone; the question was withdrawn", "agent-gone")];
		}
		markAnswered(taken.ask);
		const confirms = taken.ask.accepts.closes;
		if (confirms) awaitingReceipt.set(receiptKey(taken.connection, taken.questionId), taken.ask.id);
		broadcast();
		return [200, { ok: true, confirms }];
	}

	async function handleApi(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
		if (request.method === "GET" && path === "/api/state") {
			// A summary only: the page asks it to tell a restarted server (401) from a network blip; the state itself
			// travels on /live, in changes.
			const now = state();
			return sendJson(response, 200, { asks: now.asks.length, pending: now.pending.length });
		}
		if (request.method !== "POST") return sendJson(response, 405, { error: "method not allowed" });
		if (!isSameOrigin(request.headers.origin, request.headers.host)) {
			return sendJson(response, 403, { error: "cross-origin request refused" });
		}
		if (!request.headers["content-type"]?.startsWith("application/json")) {
			return sendJson(response, 415, { error: "send JSON" });
		}
		let body: unknown;
		try {
			// Only a signed-in, same-origin page gets here: only it may send an answer with images.
			body = await readJsonBody(request, path === "/api/answer" ? MAX_ANSWER_BODY_BYTES : MAX_BODY_BYTES);
		} catch {
			return sendJson(response, 400, refusal("not valid JSON, or too large", "invalid"));
		}
		if (path === "/api/answer") {
			const [status, result] = await answerLive(body);
			return sendJson(response, status, result);
		}
		if (path === "/api/sign-out-everywhere") {
			// A new secret: every cookie made so far stops working, and every open page is closed with a code that says why.
			pageToken = newSecret();
			cookieSecret = cookieSecretOf(pageToken);
			const next = codes.renew();
			for (const page of [...pages, ...loading]) page.close(SIGNED_OUT_CLOSE_CODE, "signed out");
			options.onSignInCode?.(next, "signed-out", pageToken);
			return sendJson(response, 200, { ok: true });
		}
		if (path === "/api/more") {
			if (Number.isFinite(pageSize)) shownLimit += pageSize;
			broadcast();
			return sendJson(response, 200, { ok: true });
		}
		if (path === "/api/pending/answer" && isRecord(body)) {
			// The folder the card came from, among those served now (the per-folder page serves its one).
			const folder = options.all ? body.folder : options.cwd;
			if (typeof folder !== "string" || !byFolder.has(folder)) {
				return sendJson(response, 404, {
					ok: false,
					...refusal("that folder has no questions waiting here; reload", "pending-gone"),
				});
			}
			rescanPending(folder);
			if (typeof body.name === "string" && heldFiles().has(pendingKey({ folder, name: body.name }))) {
				return sendJson(response, 409, {
					ok: false,
					...refusal(
						"not written: pi is asking these questions right now; answer them in its live card",
						"pending-live",
					),
				});
			}
			const result = answerPendingFile(
				folder,
				judgeIn(folder),
				heldElsewhere,
				{
					name: body.name,
					toolCallId: body.toolCallId,
					timestamp: body.timestamp,
					answers: body.answers,
					confirmed: body.confirmed,
				},
				options.given,
				options.writtenByPage,
			);
			rescanPending(folder);
			return sendJson(response, result.ok ? 200 : result.status, result);
		}
		return sendJson(response, 404, { error: "not found" });
	}

	async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const pathname = requestPath(request.url);
		if (pathname === undefined) return send(response, 400, "text/plain; charset=utf-8", "bad request target\n");
		const token = requestQuery(request.url ?? "/").get("token") ?? undefined;
		const language = (): keyof typeof WEB_TABLES => languageFromAcceptLanguage(request.headers["accept-language"]);
		if (pathname === "/" && token !== undefined) {
			// A browser already signed in keeps its cookie, and the code stays for the next browser.
			if (isSignedIn(request)) return redirectHome(response);
			const signIn = codes.use(token);
			if (signIn.kind !== "unknown")
				options.onSignInCode?.(signIn.next, signIn.kind === "signed-in" ? "used" : "expired", pageToken);
			// Trade the code for a cookie and take it out of the address bar.
			if (signIn.kind === "signed-in") return redirectHome(response, sessionCookie(cookieSecret));
			return send(response, 401, "text/plain; charset=utf-8", `401: ${WEB_TABLES[language()]["page.addressSpent"]}\n`);
		}
		if (!isSignedIn(request)) {
			return send(response, 401, "text/plain; charset=utf-8", `401: ${WEB_TABLES[language()]["page.unauthorized"]}\n`);
		}
		if (pathname.startsWith("/api/")) return handleApi(request, response, pathname);
		const asset = request.method === "GET" ? options.assets.get(pathname) : undefined;
		if (!asset) return send(response, 404, "text/plain; charset=utf-8", "not found\n");
		if (pathname === "/") {
			// The page in the browser's language, its text embedded: no second request.
			response.setHeader("Vary", "Accept-Language");
			const html = pageHtml(asset.body.toString("utf8"), request.headers["accept-language"]);
			return send(response, 200, asset.type, html);
		}
		send(response, 200, asset.type, asset.body);
	}

	// Any local process, and any page open in the person's browser, can reach this port: nothing it sends may throw
	// out of a handler (Node would end the server).
	const server = createServer(guarded(handle, failed, failResponse));
	server.on("error", failed);
	const pageSockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
	pageSockets.on("error", failed);

	server.on(
		"upgrade",
		guardedUpgrade((path, request, socket, head) => {
			if (path === "/agent") return endpoint.handleUpgrade(request, socket, head);
			if (path !== "/live") return refuseUpgrade(socket, "404 Not Found");
			if (!isSignedIn(request)) return refuseUpgrade(socket, "401 Unauthorized");
			if (!isSameOrigin(request.headers.origin, request.headers.host)) return refuseUpgrade(socket, "403 Forbidden");
			pageSockets.handleUpgrade(request, socket, head, (page) => onPage(page));
		}, failed),
	);

	function onPage(page: WebSocket): void {
		page.on("error", () => {});
		page.on(
			"close",
			guarded(() => {
				pages.delete(page);
				loading.delete(page);
			}, failed),
		);
		// The page only listens; anything it sends is ignored.
		loading.add(page);
		sendFirstState(page);
	}

	/**
	 * A page's first state, piece by piece: the next piece is made once the one before has been written out, and the
	 * page joins the updates when the last has gone, with what changed meanwhile.
	 */
	function sendFirstState(page: WebSocket): void {
		const sent = shown;
		const pieces = firstStatePieces([...sent.values()]);
		const next = (error?: Error): void => {
			if (error || page.readyState !== WebSocket.OPEN) {
				loading.delete(page);
				return;
			}
			const piece = pieces.next();
			if (!piece.done) {
				page.send(piece.value, { binary: false }, guarded(next, failed));
				return;
			}
			loading.delete(page);
			pages.add(page);
			const changes = diffItems(sent, shown);
			if (changes.length > 0) sendToPages(packMessages(changes, false), [page]);
		};
		next();
	}

	server.listen(options.port, options.host);
	await once(server, "listening");
	const port = (server.address() as AddressInfo).port;

	return {
		port,
		signInCode: () => codes.current(),
		async close() {
			stopFolders();
			for (const watch of folderWatches.values()) watch.close();
			clearInterval(recheckTimer);
			endpoint.close();
			for (const socket of [...pages, ...loading]) socket.terminate();
			pageSockets.close();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
