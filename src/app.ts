/**
 * The package entry for apps (`import askUser from "pi-ask-anywhere"`): the extension factory and the contract's
 * types. Its declarations name no pi package, so an app on any pi line (`@mariozechner/pi-coding-agent` 0.73,
 * `@earendil-works/pi-coding-agent` 0.87 and 1.x) type-checks against them: the factory takes the ExtensionAPI of
 * whichever pi the app hands it to, and only that pi calls it.
 */
import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import extension from "./index.js";

export type {
	Answer,
	AskClosedReason,
	AskDetails,
	AskMode,
	AskOutcomeKind,
	AskUserClosedNotice,
	AskUserPendingListing,
	AskUserRequestMessage,
	AskUserResponseMessage,
	AskUserResult,
	Question,
	QuestionOption,
} from "./contract/app-types.js";

/** pi-ask-anywhere as an extension factory: pass it to pi's SDK (`extensionFactories: [askUser]`). */
export default function askUser(pi: object): Promise<void> {
	// Every pi line's ExtensionAPI has what the extension uses (it is tested on each); its declared type is 0.73's.
	return extension(pi as ExtensionAPI);
}
