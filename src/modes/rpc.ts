/**
 * RPC mode (`pi --mode rpc`): `custom()` renders nothing there, so questions travel through pi's standard
 * extension-UI dialogs: plain `select`/`input`/`confirm` dialogs that every client answers, or, when the
 * client opts in, one `editor` dialog carrying the spec's ask_user_request / ask_user_response JSON.
 */
import type { AskOutcome, AskRequest } from "../core/types.js";
import { askWithDialogs, type RpcDialogs } from "./rpc-dialogs.js";
import { askStructured } from "./rpc-structured.js";

export interface RpcOptions {
	signal?: AbortSignal;
	/** The client asked for the structured ask_user_request/ask_user_response protocol. */
	structured: boolean;
	requestId: string;
	/** The person may attach images (structured protocol only). */
	acceptsImages?: boolean;
}

export async function askRpc(ui: RpcDialogs, request: AskRequest, options: RpcOptions): Promise<AskOutcome> {
	if (options.signal?.aborted) return { kind: "interrupted" };
	return options.structured
		? askStructured(ui, request, options.requestId, options.signal, options.acceptsImages === true)
		: askWithDialogs(ui, request, options.signal);
}
