/** RPC mode (`pi --mode rpc`): questions through pi's standard extension-UI dialogs. Owned by issue 5. */
import type { ExtensionUIContext } from "@mariozechner/pi-coding-agent";
import type { AskOutcome, AskRequest } from "../core/types.js";

export interface RpcOptions {
	signal?: AbortSignal;
	/** The client asked for the structured ask_user_request/ask_user_response protocol. */
	structured: boolean;
	requestId: string;
}

export async function askRpc(_ui: ExtensionUIContext, _request: AskRequest, _options: RpcOptions): Promise<AskOutcome> {
	throw new Error("RPC mode is not built yet");
}
