/**
 * What the page's API answers when it refuses: `error` in English for programs and logs, `code` for the page to say
 * it in the person's language (and `image`, the refused image's problem). Shared by the server and the page; no DOM.
 */
import type { ImageProblem } from "../../core/images.js";

export type ApiErrorCode =
	/** The ask was already answered (here, on another page, in the terminal) or withdrawn. */
	| "gone"
	/** The agent's connection closed: nothing was sent. */
	| "agent-gone"
	| "no-answer"
	/** The page sent something malformed: `error` says what. */
	| "invalid"
	/** An image was refused: `image` says which and why. */
	| "image"
	/** One image too many for the ask: `imageName` is the first that did not fit. */
	| "too-many-images"
	| "pending-live"
	| "pending-gone"
	| "pending-changed"
	| "pending-held"
	| "pending-answered"
	| "pending-settled"
	| "pending-confirm"
	/** A file this user's pi did not write: answers written into it would not count; the error names what does. */
	| "pending-not-yours";

export interface ApiError {
	error: string;
	code: ApiErrorCode;
	image?: ImageProblem;
	imageName?: string;
}
