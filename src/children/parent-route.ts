/**
 * A parent pi's route for its children's questions: a WebSocket endpoint on 127.0.0.1 only, behind a random secret,
 * served by the web server's agent endpoint (src/remote/agent-endpoint.ts: its access rules and per-connection limits).
 * A child's questions are validated like a model's call, labelled with who asks, and shown in the parent's dialog
 * (queued after any open one); the person's answer, skip, note or cancel goes back to the child as given. A child
 * that closes its ask or goes away closes its dialog; closing the route ends every child's wait (`connectionLost`).
 */
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AskOutcome, AskRequest } from "../core/types.js";
import { AskUserError } from "../core/validate.js";
import { failResponse, guarded, guardedUpgrade, refuseUpgrade, requestPath } from "../net/listener-guard.js";
import { createAgentEndpoint } from "../remote/agent-endpoint.js";
import { ANSWER_IMAGES_EXTENSION } from "../remote/protocol.js";
import type { ChildAskRecord } from "./child-ask-record.js";
import { childAskLine, describeAsker, replyToChild, requestFromChild } from "./child-question.js";
import type { ParentRoute } from "./route-env.js";

export type { ChildAskRecord } from "./child-ask-record.js";

export interface ParentRouteDeps {
	/** Shows the questions to the person (the front end's queued dialog). */
	/** `acceptsImages`: the child's model takes images (its question frame lists `answer-images`); `asker`: who asks. */
	show(
		request: AskRequest,
		options: {
			signal: AbortSignal;
			requestId: string;
			acceptsImages: boolean;
			asker: { task?: string; cwd?: string };
		},
	): Promise<AskOutcome>;
	/** `line`: what the parent's chat says of it, in the person's language. */
	record(entry: ChildAskRecord, line: string): void;
	/** The parent's folder: a child's questions name the child's folder only when it is another. */
	cwd?: string;
	/** A dialog that failed; the child is not answered (its question stays open until it goes away). */
	failed?(error: unknown): void;
	/** A request or socket the route could not handle (it was refused; the route goes on). */
	listenerFailed?(error: unknown): void;
	now?: () => number;
}

export interface ParentRouteServer {
	route: ParentRoute;
	/** Stops listening and ends every child's connection; open dialogs are closed. */
	close(): Promise<void>;
}

const AGENT_PATH = "/agent";

export async function startParentRoute(deps: ParentRouteDeps): Promise<ParentRouteServer> {
	const token = randomBytes(32).toString("base64url");
	/** The dialogs open for children's asks, by the endpoint's ask id, with the connection that asked. */
	const open = new Map<string, { connection: number; questionId: string; stop: AbortController }>();
	const stop = (id: string): void => {
		open.get(id)?.stop.abort();
		open.delete(id);
	};

	// Any local process (and any page in the person's browser) can reach this port: nothing it sends may throw here.
	const failed = (error: unknown) => deps.listenerFailed?.(error);
	const endpoint = createAgentEndpoint(
		{ agentToken: token, now: deps.now ?? Date.now, onListenerFailure: failed, source: "parent" },
		{
			onAsk(ask, payload, connection) {
				let request: AskRequest;
				try {
					request = requestFromChild(ask.questions, payload.asker, deps.cwd);
				} catch (error) {
					if (!(error instanceof AskUserError)) throw error;
					endpoint.refuse(ask.id, `the questions are not valid: ${error.message}`);
					return;
				}
				const controller = new AbortController();
				open.set(ask.id, { connection, questionId: payload.questionId, stop: controller });
				const asker = describeAsker(payload.asker);
				const acceptsImages = payload.extensions?.includes(ANSWER_IMAGES_EXTENSION) === true;
				const requestId = `child-${ask.id}-${payload.questionId}`;
				deps.show(request, { signal: controller.signal, requestId, acceptsImages, asker }).then(
					(outcome) => {
						const stillOpen = open.get(ask.id)?.stop === controller;
						open.delete(ask.id);
						// Only the person's answer or cancel is sent; an interrupted dialog (the child or the parent going away) is not.
						if (!stillOpen || (outcome.kind !== "answered" && outcome.kind !== "cancelled")) return;
						const reply = replyToChild(outcome);
						const delivered = endpoint.answer(ask.id, reply.answers, reply.note) !== undefined;
						const entry: ChildAskRecord = {
							asker,
							questions: request.questions.map((question) => question.question),
							outcome: outcome.kind,
							...(outcome.kind === "answered"
								? {
										answers: outcome.answers,
										...(outcome.unanswered ? { unanswered: outcome.unanswered } : {}),
										...(outcome.note !== undefined ? { note: outcome.note } : {}),
									}
								: {}),
							delivered,
						};
						deps.record(entry, childAskLine(entry));
					},
					(error: unknown) => {
						open.delete(ask.id);
						deps.failed?.(error);
					},
				);
			},
			onClosed(connection, questionId) {
				for (const [id, entry] of open) {
					if (entry.connection === connection && entry.questionId === questionId) {
						endpoint.asks.close(connection, questionId);
						stop(id);
					}
				}
			},
			onConnectionClosed(connection) {
				for (const [id, entry] of open) if (entry.connection === connection) stop(id);
			},
		},
	);

	const server = createServer(
		guarded(
			(request: IncomingMessage, response: ServerResponse) => {
				response.writeHead(requestPath(request.url) === undefined ? 400 : 404).end();
			},
			failed,
			failResponse,
		),
	);
	server.on(
		"upgrade",
		guardedUpgrade((path, request, socket, head) => {
			if (path !== AGENT_PATH) return refuseUpgrade(socket, "404 Not Found");
			endpoint.handleUpgrade(request, socket, head);
		}, failed),
	);
	server.on("error", failed);
	server.listen(0, "127.0.0.1");
	await once(server, "listening");
	// The route must never keep the parent alive on its own.
	server.unref();
	const { port } = server.address() as AddressInfo;

	let closed: Promise<void> | undefined;
	return {
		route: { url: `ws://127.0.0.1:${port}${AGENT_PATH}`, token },
		close() {
			closed ??= (async () => {
				for (const id of [...open.keys()]) stop(id);
				endpoint.close();
				server.closeAllConnections();
				await new Promise<void>((resolve) => server.close(() => resolve()));
			})();
			return closed;
		},
	};
}
