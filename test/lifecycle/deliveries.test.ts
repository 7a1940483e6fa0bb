/**
 * Answers on their way: held with their files claimed, delivered only once the session holds them, and on a
 * refusal or a new session nothing is consumed. Fakes for the claims, the session and the file system.
 */
import { describe, expect, it } from "vitest";
import type { CliStrings } from "../../src/i18n/cli/types.js";
import { CLI_TABLES } from "../../src/i18n/tables.js";
import { createDeliveries } from "../../src/lifecycle/deliveries.js";
import type { Claim } from "../../src/pending/claims.js";
import { type Delivery, userMessage } from "../../src/pending/delivery.js";

const a: Delivery = {
	toolCallId: "a",
	text: "answers to a",
	path: "/p/.pi/pending-questions.json",
	source: { kind: "answers-flag" },
};
const b: Delivery = {
	toolCallId: "b",
	text: "answers to b",
	path: "/p/.pi/pending-questions-2.json",
	source: { kind: "words-after-file", file: "@f" },
};
const noFile: Delivery = { toolCallId: "c", text: "answers to c", source: { kind: "dialog" } };

function world(
	heldByOthers: string[] = [],
	options: { recordFails?: boolean; words?: CliStrings; cannotRemove?: string } = {},
) {
	const warnings: string[] = [];
	const claimed = new Set<string>();
	const session: string[] = [];
	const recorded: string[] = [];
	const removed: string[] = [];
	const decided: string[] = [];
	const other: Claim = { toolCallId: "x", host: "h", pid: 9, started: "1", at: 0 };
	const deliveries = createDeliveries({
		claims: {
			heldElsewhere: (path) => (heldByOthers.includes(path) ? other : undefined),
			claim: (path) => {
				claimed.add(path);
				return () => claimed.delete(path);
			},
		},
		sessionHolds: (text) => session.some((message) => message.includes(text)),
		recordDelivered: (d) => {
			if (options.recordFails) throw new Error("EROFS: read-only file system, open '/agent/pi-ask-user/ledger.jsonl'");
			recorded.push(d.toolCallId);
		},
		removePendingFile: (path) => {
			if (path === options.cannotRemove) throw new Error(`EPERM: operation not permitted, unlink '${path}'`);
			removed.push(path);
		},
		decided: (d) => decided.push(d.toolCallId),
		...(options.words ? { words: () => options.words as CliStrings } : {}),
	});
	return { deliveries, claimed, session, recorded, removed, warnings, decided };
}

describe("deliveries", () => {
	it("held for the prompt: files claimed, nothing delivered until the session holds the message", () => {
		const w = world();
		expect(w.deliveries.hold([a, b], "waiting")).toBeUndefined();
		expect([...w.claimed]).toEqual([a.path, b.path]);
		expect(w.deliveries.takeWaiting()).toEqual([a, b]);
		w.deliveries.confirm();
		expect(w.recorded).toEqual([]);
		// A decision is final only once the session holds the answers: then each is said once.
		expect(w.decided).toEqual([]);
		w.session.push(`${a.text}\n\n${b.text}\n\ngo on`);
		w.deliveries.confirm();
		expect(w.recorded).toEqual(["a", "b"]);
		w.deliveries.confirm();
		expect(w.decided).toEqual(["a", "b"]);
		expect(w.removed).toEqual([a.path, b.path]);
		expect(w.claimed.size).toBe(0);
		w.deliveries.confirm();
		expect(w.recorded).toEqual(["a", "b"]);
	});

	it("a file another live pi holds: refused naming it and the pi, nothing claimed", () => {
		const w = world([b.path as string]);
		const refused = w.deliveries.hold([a, b], "sending");
		expect(refused).toContain("@f: the questions are open in another pi (pid 9 on h)");
		expect(w.claimed.size).toBe(0);
		expect(w.deliveries.send([b])).toContain("open in another pi");
	});

	it("the refusal is in the run's language: where the answers came from and who holds the file", () => {
		const w = world([b.path as string], { words: CLI_TABLES.de });
		expect(w.deliveries.hold([b], "sending")).toBe(
			"die Worte hinter @f: Die Fragen sind in einem anderen pi offen (PID 9 auf h); beantworte sie dort oder hier, sobald es beendet ist. Nichts wurde gesendet",
		);
		expect(w.deliveries.hold([a], "waiting")).toBeUndefined();
		expect(w.deliveries.joinPrompt({ ...a, text: "other", source: { kind: "dialog" } }, "x")).toEqual({
			kind: "refused",
			why: "Zwei verschiedene Antworten auf dieselben Fragen: --answers und die Antworten im Dialog. Nichts wurde gesendet; gib nur eine davon an.",
		});
	});

	it("a run that ends (or a new session) before the session holds them delivered nothing: claims released, files kept", () => {
		const w = world();
		w.deliveries.hold([a], "sending");
		w.deliveries.send([noFile]);
		w.deliveries.releaseAll();
		w.session.push(a.text);
		w.deliveries.confirm();
		expect(w.recorded).toEqual([]);
		expect(w.removed).toEqual([]);
		expect(w.claimed.size).toBe(0);
	});

	it("a send pi refused: its answers stay pending, unclaimed", () => {
		const w = world();
		w.deliveries.send([a]);
		w.deliveries.notSent([a]);
		w.session.push(a.text);
		w.deliveries.confirm();
		expect(w.recorded).toEqual([]);
		expect(w.claimed.size).toBe(0);
	});

	it("answers without a file (a dialog's) are recorded when they arrive; waiting ones stay until taken", () => {
		const w = world();
		w.deliveries.hold([a], "waiting");
		w.deliveries.send([noFile]);
		w.session.push(noFile.text, a.text);
		w.deliveries.confirm();
		expect(w.recorded).toEqual(["c"]);
		expect(w.deliveries.waiting()).toEqual([a]);
	});
});

describe("joinPrompt", () => {
	it("nothing waiting and nothing attached: the prompt goes on as it is", () => {
		expect(world().deliveries.joinPrompt(undefined, "hi")).toEqual({ kind: "continue" });
	});

	it("answers waiting for the prompt travel with it, once; an attached file's words are its answers", () => {
		const w = world();
		w.deliveries.hold([a], "waiting");
		expect(w.deliveries.joinPrompt(undefined, "  go on ")).toEqual({
			kind: "text",
			text: `${a.text}\n\ngo on`,
			images: [],
		});
		expect(w.deliveries.waiting()).toEqual([]);
		expect(w.deliveries.joinPrompt(b, "use postgres")).toEqual({ kind: "text", text: b.text, images: [] });
		expect([...w.claimed]).toEqual([a.path, b.path]);
	});

	it("the images attached to waiting answers travel with the prompt, after the text, in order", () => {
		const w = world();
		const image = { type: "image" as const, data: "iVBORw0K", mimeType: "image/png" };
		const pasted = { type: "image" as const, data: "R0lGODlh", mimeType: "image/gif" };
		w.deliveries.hold([{ ...a, images: [image] }], "waiting");
		// The person's own pasted image stays first.
		expect(w.deliveries.joinPrompt(undefined, "go on", [pasted])).toEqual({
			kind: "text",
			text: `${a.text}\n\ngo on`,
			images: [pasted, image],
		});
	});

	it("sent as their own turn: the text alone, or the text then the images", () => {
		const image = { type: "image" as const, data: "iVBORw0K", mimeType: "image/png" };
		expect(userMessage([a, b])).toBe(`${a.text}\n\n${b.text}`);
		expect(userMessage([{ ...a, images: [image] }, b])).toEqual([
			{ type: "text", text: `${a.text}\n\n${b.text}` },
			image,
		]);
	});

	it("refused, nothing consumed: two answers for one ask, or a file another pi holds", () => {
		const w = world([b.path ?? ""]);
		w.deliveries.hold([a], "waiting");
		expect(
			w.deliveries.joinPrompt({ ...a, text: "other answers to a", source: { kind: "filled-file", file: "@file" } }, "x")
				.kind,
		).toBe("refused");
		expect(w.deliveries.joinPrompt(b, "x").kind).toBe("refused");
		expect(w.deliveries.waiting()).toEqual([a]);
	});
});

describe("a settled record that cannot be written", () => {
	it("never keeps the pending file for a second delivery: it goes, the claim ends, one plain warning", () => {
		const w = world([], { recordFails: true });
		expect(w.deliveries.hold([a, b], "sending")).toBeUndefined();
		w.session.push(a.text, b.text);
		w.deliveries.confirm((text) => w.warnings.push(text));
		expect(w.removed).toEqual([a.path, b.path]);
		expect(w.claimed.size).toBe(0);
		expect(w.warnings).toHaveLength(1);
		expect(w.warnings[0]).toContain("EROFS");
		expect(w.warnings[0]).not.toContain("    at ");
	});
});

describe("a pending file that cannot be removed", () => {
	it("leaves no other delivery confirmed with it unrecorded: each is recorded, the file stays, one warning", () => {
		const w = world([], { cannotRemove: a.path as string });
		w.deliveries.hold([a, b], "waiting");
		w.deliveries.takeWaiting();
		w.session.push(`${a.text}\n\n${b.text}\n\ngo on`);
		expect(() => w.deliveries.confirm((text) => w.warnings.push(text))).not.toThrow();
		expect(w.recorded).toEqual(["a", "b"]);
		expect(w.removed).toEqual([b.path]);
		expect(w.claimed.size).toBe(0);
		expect(w.warnings).toHaveLength(1);
		expect(w.warnings[0]).toContain("EPERM");
	});
});
