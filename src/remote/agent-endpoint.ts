/**
 * The agent endpoint of a bridge backend: agents (pi processes) connect over a WebSocket, ask questions with the
 * `ask_user_question` event and close them with `ask_user_closed`; the backend answers with `hook.ask_user_answer`.
 * The limits of one connection (`LIVE_ASK_LIMITS`, frames of at most `MAX_FRAME_BYTES`) and the access rules (the
 * agent token when one is set, no browser `Origin`) live here, so that `pi-ask-anywhere web` and a parent pi's route
 * for its children (src/children/) enforce the same ones. What an ask means to the person is the caller's.
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import WebSocket, { WebSocketServer } from "ws";
import { guarded, refuseUpgrade } from "../net/listener-guard.js";
import { sameSecret } from "../net/same-secret.js";
import { createLiveAsks, type LiveAsk, type LiveAsks } from "./live-asks.js";
import {
	type AnswerSource,
	decodeAgentFrame,
	encodeAnswer,
	encodeRefused,
	MAX_FRAME_BYTES,
	type QuestionEventPayload,
	type WireAnswerValue,
} from "./protocol.js";

export interface AgentEndpointEvents {
	/** An agent asked, within its connection's limits. */
	onAsk(ask: LiveAsk, payload: QuestionEventPayload, connection: number): void;
	/** An agent sent `ask_user_closed` for one of its questions (the ask may already be answered and gone). */
	onClosed(connection: number, questionId: string, reason: string): void;
	/** A connection ended; `hadAsks`: it still held open questions, which are gone now. */
	onConnectionClosed(connection: number, hadAsks: boolean): void;
}

export interface AgentEndpoint {
	readonly asks: LiveAsks;
	/** Takes an upgrade request for the agent path: refused without the token (when set) or from a browser. */
	handleUpgrade(request: IncomingMessage, socket: Socket, head: Buffer): void;
	/**
	 * Takes the ask (the first answer wins) and sends the answers (`{}` dismisses) to its agent; `undefined` when the
	 * ask is gone or its agent's connection is no longer open (nothing was sent).
	 */
	answer(
		id: string,
		answers: Record<string, WireAnswerValue | null>,
		note?: string,
	): { ask: LiveAsk; connection: number; questionId: string } | undefined;
	/** Takes the ask and tells its agent that it was refused (`hook.ask_user_refused`): never an answer. */
	refuse(id: string, reason: string): void;
	/** Ends every agent connection. */
	close(): void;
}

/** An agent's `Authorization` header against `PI_ASK_USER_REMOTE_TOKEN` (no token configured: any agent). */
function agentAllowed(authorization: string | undefined, agentToken: string | undefined): boolean {
	if (agentToken === undefined) return true;
	const bearer = authorization?.startsWith("Bearer ") ? authorization.slice("Bearer ".length) : undefined;
	return sameSecret(bearer, agentToken);
}

/** How many agents may be connected at once; each may hold `LIVE_ASK_LIMITS` open asks. */
const MAX_AGENT_CONNECTIONS = 32;

/** Refuses an upgrade with a status and a one-line reason the agent shows (its bridge reads the body). */
function refuseWithReason(socket: Socket, status: string, reason: string): void {
	if (socket.destroyed) return;
	const body = `${reason}\n`;
	socket.end(
		`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
	);
}

export function createAgentEndpoint(
	options: {
		agentToken?: string | undefined;
		now: () => number;
		onListenerFailure?: (error: unknown) => void;
		/** Where the answers sent from here come from, as the agent is told (the web page, a parent pi). */
		source?: AnswerSource;
	},
	events: AgentEndpointEvents,
): AgentEndpoint {
	const failed = (error: unknown) => options.onListenerFailure?.(error);
	let nextAskId = 1;
	const asks = createLiveAsks(() => String(nextAskId++));
	const agents = new Map<number, WebSocket>();
	let nextConnection = 1;
	const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

	function onAgent(agent: WebSocket): void {
		const connection = nextConnection++;
		agents.set(connection, agent);
		agent.on("error", () => {});
		agent.on(
			"message",
			guarded((data: WebSocket.RawData, isBinary: boolean) => {
				if (isBinary) return;
				const text = String(data);
				const frame = decodeAgentFrame(text);
				if (frame.kind === "question") {
					const added = asks.add(connection, frame.payload, options.now(), Buffer.byteLength(text));
					if (added.kind === "added") events.onAsk(added.ask, frame.payload, connection);
					// Refused, not dropped: the agent learns at once and asks some other way; nothing is answered for the person.
					else if (added.kind === "refused") agent.send(encodeRefused(frame.payload.questionId, added.reason));
				} else if (frame.kind === "closed") {
					events.onClosed(connection, frame.questionId, frame.reason);
				}
			}, failed),
		);
		agent.on(
			"close",
			guarded(() => {
				agents.delete(connection);
				events.onConnectionClosed(connection, asks.dropConnection(connection));
			}, failed),
		);
	}

	return {
		asks,
		handleUpgrade(request, socket, head) {
			if (!agentAllowed(request.headers.authorization, options.agentToken))
				return refuseUpgrade(socket, "401 Unauthorized");
			// Agents are programs, which send no Origin; a browser always does. Without this, any web site the person
			// visits could connect here as an "agent" and put its own questions before the person.
			if (request.headers.origin !== undefined) return refuseUpgrade(socket, "403 Forbidden");
			if (agents.size >= MAX_AGENT_CONNECTIONS) {
				return refuseWithReason(
					socket,
					"503 Service Unavailable",
					`this server already has ${MAX_AGENT_CONNECTIONS} agent connections, the most it takes; try again once one ends`,
				);
			}
			sockets.handleUpgrade(request, socket, head, (agent) => onAgent(agent));
		},
		answer(id, answers, note) {
			const taken = asks.take(id);
			const agent = taken ? agents.get(taken.connection) : undefined;
			if (!taken || !agent || agent.readyState !== WebSocket.OPEN) return undefined;
			agent.send(encodeAnswer(taken.questionId, answers, note, taken.ask.accepts.source ? options.source : undefined));
			return taken;
		},
		refuse(id, reason) {
			const taken = asks.take(id);
			const agent = taken ? agents.get(taken.connection) : undefined;
			if (taken && agent?.readyState === WebSocket.OPEN) agent.send(encodeRefused(taken.questionId, reason));
		},
		close() {
			for (const agent of agents.values()) agent.terminate();
			sockets.close();
		},
	};
}
