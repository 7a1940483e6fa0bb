/**
 * The one way to answer an ask already waiting in a pending file, whoever answers it: the web page, a tap on the
 * phone, or pi itself for an MCP client's ask (`--answers`, `@file`, `/questions answer`). It asks the one rule
 * (./permission.ts) on the file as found, writes the answers under the file's answer lock (./pending-file.ts's
 * `writePendingAnswers`, which reads the file again there: of two writers exactly one finds it waiting), and records
 * the `given` fact that says who gave them. What became of the answers is a value; the caller says it in its words.
 * Which answers count and where they go is the rule's (docs/guarantees.md, "Whose answers count"); an MCP client's
 * answers are recorded before the write, so that its server never sees the person's answers unrecorded.
 */
import { basename } from "node:path";
import { sameFolder } from "../ask/files.js";
import type { Claim } from "./claims.js";
import { type AnswersOf, type GivenRecord, givenOnPage, withAnswers } from "./given-for-asker.js";
import {
	noAnswerYet,
	type PendingAsker,
	type PendingFile,
	PendingFileError,
	type PendingQuestion,
	writePendingAnswers,
} from "./pending-file.js";
import { type AskOrigins, type AskPermission, permissionFor, type Refusal } from "./permission.js";
import type { PendingVerdict } from "./trust.js";

/** Who gives the answers: the page, a tap, or the person in pi (for an MCP client's ask). */
export type AnsweredBy = "page" | "tap" | "pi";

type Answer = PendingQuestion["answer"];

/**
 * Why nothing was written, one value a kind: the rule's refusals (settled, elsewhere, held, asker gone), then the ways
 * of answering's own.
 */
type AnswerRefusal =
	| Refusal
	/** A file this user's pi did not write: answered only on the page, `confirm` once the person confirms it there. */
	| { kind: "not-yours" | "confirm"; verdict: Extract<PendingVerdict, { trusted: false }> }
	/** The answers answer no question. */
	| { kind: "no-answer" }
	/** The MCP server that holds the ask takes answers recorded in another agent folder than this one. */
	| { kind: "records-elsewhere"; serverFolder: string; agentDir: string };

/** What became of answers given for a waiting ask. `forAsker`: they were (or would have been) an MCP client's. */
export type AnswerResult<Invalid = never, By extends AnsweredBy = AnsweredBy> =
	| { kind: "written"; forAsker?: PendingAsker }
	| { kind: "answered-already"; forAsker?: PendingAsker }
	| { kind: "refused"; refusal: AnswerRefusal; forAsker?: PendingAsker }
	/** pi's own ask, answerable here: the caller delivers the answers to pi's model (`permission` says which count). */
	| ("pi" extends By ? { kind: "deliver-here"; permission: Extract<AskPermission, { kind: "answer" }> } : never)
	/** The caller's own answers would not do (its `answers` said why). */
	| { kind: "invalid"; invalid: Invalid };

export interface AnswerDeps extends Pick<AskOrigins, "judge"> {
	/** Asked before, and again under the lock at the write. */
	heldElsewhere: NonNullable<AskOrigins["heldElsewhere"]>;
	/** This user's record of answers the person gave, in the agent folder the caller runs in. */
	given: GivenRecord;
	/** Records that the page or a tap wrote answers into the person's own pi's file (the decision log names it). */
	wrote?: ((file: AnswersOf) => void) | undefined;
	/** Whether a tool call wrote the answers already in the file, when it matters: pi delivers them only if they count. */
	filled?: Pick<AskOrigins, "writtenByTool">;
}

/** The answers as given, and how the caller reads them: the file's `answer` values, or why they do not do. */
interface GivenAnswers<Invalid> {
	by: AnsweredBy;
	/** Asked only once the rule lets the answers be written; `asker` when they are an MCP client's. */
	answers(asker: PendingAsker | undefined): readonly Answer[] | { invalid: Invalid };
	/** The person confirmed on the page that they answer a file their pi did not write. */
	confirmed?: boolean;
}

function isInvalid<T>(value: readonly Answer[] | { invalid: T }): value is { invalid: T } {
	return !Array.isArray(value);
}

/**
 * Answers the ask waiting in `ask.file` (read from `ask.path` by the caller) with what `given` gives. A file that
 * cannot be written or has changed under the caller throws a `PendingFileError`, as every write of it does.
 */
export function answerWaitingAsk<Invalid = never, By extends AnsweredBy = AnsweredBy>(
	ask: { path: string; file: PendingFile },
	given: GivenAnswers<Invalid> & { by: By },
	deps: AnswerDeps,
): AnswerResult<Invalid, By> {
	const { path, file } = ask;
	const { judge, heldElsewhere, given: record } = deps;
	const permission = permissionFor(ask, {
		judge,
		heldElsewhere,
		givenOnPage: (answered) => givenOnPage(record, answered),
		...deps.filled,
	});
	switch (permission.kind) {
		case "for-asker":
			// A tap names an ask of the person's own pi: the server takes its client's answers from its own channels.
			if (given.by === "tap") return { kind: "refused", refusal: { kind: "held", holder: permission.holder } };
			return answerForAsker(ask, permission.asker, given, { record, heldElsewhere: deps.heldElsewhere });
		case "answer":
			break;
		default:
			return { kind: "refused", refusal: permission };
	}
	// pi's own answers go to its own model, delivered by the caller under its claim: never written into the file.
	if (given.by === "pi") return { kind: "deliver-here", permission } as AnswerResult<Invalid, By>;
	// A file this user's pi did not write: answered only knowingly, on the page, and those answers recorded as theirs.
	const foreign = permission.filledAnswers === "ignore" && !permission.verdict.trusted ? permission.verdict : undefined;
	if (foreign && given.by !== "page") return { kind: "refused", refusal: { kind: "not-yours", verdict: foreign } };
	if (foreign && given.confirmed !== true) {
		return { kind: "refused", refusal: { kind: "confirm", verdict: foreign } };
	}
	// The first answer wins: answers already in a file that count are never written over (checked again at the write).
	if (!foreign && !noAnswerYet(file)) return { kind: "answered-already" };
	const answers = given.answers(undefined);
	if (isInvalid(answers)) return { kind: "invalid", invalid: answers.invalid };
	if (answers.every((answer) => answer === null)) return { kind: "refused", refusal: { kind: "no-answer" } };
	let holderNow: Claim | undefined;
	// Written only over what was read here: a foreign file's own answers (no one's), else none.
	const written = writePendingAnswers(path, file.toolCallId, answers, {
		...(foreign ? { replacing: file.questions.map((question) => question.answer) } : {}),
		refuse: () => {
			holderNow = deps.heldElsewhere(path, file.toolCallId);
			return holderNow ? "held-elsewhere" : undefined;
		},
	});
	if (written === "answered-already") return { kind: "answered-already" };
	if (written === "held-elsewhere") {
		return holderNow ? { kind: "refused", refusal: { kind: "held", holder: holderNow } } : { kind: "answered-already" };
	}
	if (foreign) record.give("page", withAnswers(file, answers));
	else deps.wrote?.(withAnswers(file, answers));
	return { kind: "written" };
}

/**
 * Answers an MCP client's ask its server holds: recorded as the person's (`given` to the asker) before they are
 * written, in the agent folder that server reads; a file that already holds recorded answers is the client's to take.
 * Answers nobody recorded (the client's model's, a hand edit) are no one's and are written over. The server must still
 * hold the ask when they are written (`heldElsewhere`, asked again under the answer lock): one that let go meanwhile
 * (its client went away, or the person answered in the client's own dialog) reads the file no more, and answers
 * written there would be lost while the person is told they were given. Recorded, then refused there, the answers
 * leave their `given` fact: it names this ask and these answers only, and counts only if a server that was judged
 * gone comes back to find exactly them in the file.
 */
function answerForAsker<Invalid>(
	{ path, file }: { path: string; file: PendingFile },
	asker: PendingAsker,
	given: GivenAnswers<Invalid>,
	{ record, heldElsewhere }: { record: GivenRecord; heldElsewhere: AnswerDeps["heldElsewhere"] },
): AnswerResult<Invalid, never> {
	const answers = given.answers(asker);
	if (isInvalid(answers)) return { kind: "invalid", invalid: answers.invalid };
	const refused = (refusal: AnswerRefusal): AnswerResult<Invalid, never> => ({
		kind: "refused",
		refusal,
		forAsker: asker,
	});
	if (answers.every((answer) => answer === null)) return refused({ kind: "no-answer" });
	const serverHolds = () => heldElsewhere(path, file.toolCallId)?.holder === "mcp";
	const server = heldElsewhere(path, file.toolCallId);
	if (server?.holder !== "mcp") return refused({ kind: "asker-gone", asker });
	// The server takes only answers recorded in its own agent folder (its claim names it): recorded in this pi's, they
	// would be lost unsaid.
	const serverFolder = server.records;
	if (serverFolder !== undefined && !sameFolder(serverFolder, record.agentDir)) {
		return refused({ kind: "records-elsewhere", serverFolder, agentDir: record.agentDir });
	}
	const there = file.questions.map((question) => question.answer);
	const answeredBefore = there.some((answer) => answer !== null);
	if (answeredBefore && record.given("asker", file)) return { kind: "answered-already", forAsker: asker };
	try {
		// Recorded for this very ask as read here: written into another one that replaced it under the same id, the
		// answers match no record and the server takes none.
		record.give("asker", withAnswers(file, answers));
	} catch (error) {
		throw new PendingFileError(
			`${basename(path)}: nothing written, the answers could not be recorded as yours (${(error as Error).message}); answer in the client's own dialog or on the web page`,
		);
	}
	const written = writePendingAnswers(path, file.toolCallId, answers, {
		...(answeredBefore ? { replacing: there } : {}),
		refuse: () => (serverHolds() ? undefined : "asker-gone"),
	});
	if (written === "asker-gone") return refused({ kind: "asker-gone", asker });
	return { kind: written === "written" ? "written" : "answered-already", forAsker: asker };
}
