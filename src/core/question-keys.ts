/**
 * The one question-key matcher: which question a key names when answers come as an object keyed by question
 * (the `--answers` object form, the structured RPC `answers` and `notes`, the remote protocol's answers). A key
 * is a question's text, its header or the model's `id` for it, compared with case and runs of spaces ignored.
 * It never guesses: a key that names several questions and two keys for one question are problems the caller
 * reports (an error for `--answers` and structured RPC, a warning and the entry ignored for the remote wire).
 */

/** The parts of a question a key can name. */
export interface KeyedQuestion {
	question: string;
	header?: string;
	/** The model's own id for the question (Codex, CodeNomad, pi-ask-tool). */
	id?: string;
}

/** What one key names. */
export type KeyMatch =
	| { kind: "question"; index: number }
	| { kind: "unknown" }
	/** Several questions answer to the key (a shared header, or one question's header is another's text). */
	| { kind: "ambiguous"; indexes: number[] };

/** Why an entry was not used. */
export type KeyProblem =
	| { kind: "unknown"; key: string }
	| { kind: "ambiguous"; key: string; indexes: number[] }
	/** Two or more keys name the same question; none of them is used. */
	| { kind: "duplicate"; keys: string[]; index: number };

/** One value per question (`undefined` = no key named it, or its keys clashed) and what went wrong. */
export interface KeyedValues<V> {
	values: (V | undefined)[];
	problems: KeyProblem[];
}

/** Case, surrounding spaces and runs of white space do not matter in a key. */
export function foldKey(text: string): string {
	return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/** The questions a key names, by question text, header or id. */
export function matchQuestionKey(questions: readonly KeyedQuestion[], key: string): KeyMatch {
	const wanted = foldKey(key);
	if (wanted === "") return { kind: "unknown" };
	const indexes = questions.flatMap((question, index) =>
		[question.question, question.header, question.id].some((name) => name !== undefined && foldKey(name) === wanted)
			? [index]
			: [],
	);
	if (indexes.length === 0) return { kind: "unknown" };
	if (indexes.length > 1) return { kind: "ambiguous", indexes };
	return { kind: "question", index: indexes[0] as number };
}

/** Assigns each keyed entry to the question its key names; every key that cannot be used is a problem. */
export function valuesByQuestionKey<V>(
	questions: readonly KeyedQuestion[],
	entries: Iterable<readonly [string, V]>,
): KeyedValues<V> {
	const keysOf: string[][] = questions.map(() => []);
	const given: (V | undefined)[] = questions.map(() => undefined);
	const problems: KeyProblem[] = [];
	for (const [key, value] of entries) {
		const match = matchQuestionKey(questions, key);
		if (match.kind === "unknown") problems.push({ kind: "unknown", key });
		else if (match.kind === "ambiguous") problems.push({ kind: "ambiguous", key, indexes: match.indexes });
		else {
			keysOf[match.index]?.push(key);
			given[match.index] = value;
		}
	}
	const values = given.map((value, index) => {
		const keys = keysOf[index] ?? [];
		if (keys.length < 2) return value;
		problems.push({ kind: "duplicate", keys, index });
		return undefined;
	});
	return { values, problems };
}

/** How a question is named in messages: its header when it has one, else its text. */
export function questionName(question: KeyedQuestion): string {
	return JSON.stringify(question.header || question.question);
}

/** One sentence per problem; `name` says where the keys came from (e.g. `--answers`). */
export function describeKeyProblem(problem: KeyProblem, questions: readonly KeyedQuestion[], name: string): string {
	switch (problem.kind) {
		case "unknown": {
			const known = questions.map((question) => JSON.stringify(question.question)).join(", ");
			return `${name} key ${JSON.stringify(problem.key)} matches no question; use a question's text, header or id: ${known}`;
		}
		case "ambiguous": {
			const named = problem.indexes.map((index) => JSON.stringify(questions[index]?.question ?? "")).join(" and ");
			return `${name} key ${JSON.stringify(problem.key)} names several questions (${named}); use the question text`;
		}
		case "duplicate": {
			const keys = problem.keys.map((key) => JSON.stringify(key)).join(" and ");
			const question = questions[problem.index];
			return `${name} keys ${keys} name the same question (${question ? questionName(question) : "?"}); give one answer per question`;
		}
	}
}
