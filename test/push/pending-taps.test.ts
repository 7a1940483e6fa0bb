/**
 * Taps written into pending files (pending-taps.ts), in a temp project folder: a good tap fills the answer; the first
 * answer wins; a file the trust rule refuses, or one another live pi is asking, is never written.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Claim } from "../../src/pending/claims.js";
import { givenRecord } from "../../src/pending/given-for-asker.js";
import {
	createPendingFile,
	listPendingFiles,
	savePendingFile,
	writePendingAnswers,
} from "../../src/pending/pending-file.js";
import type { PendingVerdict } from "../../src/pending/trust.js";
import { hasNtfy, resolvePushConfig } from "../../src/push/config.js";
import type { NtfyClient } from "../../src/push/ntfy.js";
import { applyTapToPending, applyWaitingTaps, type PendingTapsDeps } from "../../src/push/pending-taps.js";
import { askIdOf, TAP_LIFETIME_SECONDS, tapBody } from "../../src/push/tap.js";
import { canMakeImmutable, whileImmutable } from "../immutable.js";
import { TEST_AGENT_DIR } from "../temp-agent-dir.js";

const KEY = Buffer.alloc(32, 5);
const NOW_MS = 1_800_000_000_000;
const REQUEST = { questions: [{ question: "Ship it?", options: [{ label: "yes" }, { label: "no" }] }] };
const quietClient: NtfyClient = {
	publish: async () => ({ ok: true }),
	poll: async () => ({ ok: true, messages: [] }),
	follow: async () => "stopped",
};

let cwd: string;
beforeEach(() => {
	cwd = mkdtempSync(join(tmpdir(), "push-pending-"));
	savePendingFile(
		cwd,
		createPendingFile({ request: REQUEST, sessionId: "s1", toolCallId: "c1", now: new Date(NOW_MS) }),
	);
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

function deps(verdict: PendingVerdict = { trusted: true }, held?: Claim, heldHere = false): PendingTapsDeps {
	const { config } = resolvePushConfig({ server: "https://n.example", topic: "t", replyTopic: "r" }, {});
	if (!config || !hasNtfy(config)) throw new Error("no ntfy config");
	return {
		cwd,
		config,
		key: KEY,
		client: quietClient,
		now: () => NOW_MS,
		warn: () => {},
		judge: () => verdict,
		heldElsewhere: () => held,
		heldHere: () => heldHere,
		given: givenRecord(TEST_AGENT_DIR as string),
	};
}

const tap = (choice: number, ask = askIdOf("s1", "c1")) => ({
	id: `m${choice}`,
	time: 0,
	// Offered when the question was saved, as the buttons are.
	message: tapBody(KEY, ask, choice, NOW_MS / 1000 + TAP_LIFETIME_SECONDS),
});
const answerOnDisk = () => listPendingFiles(cwd)[0]?.file?.questions[0]?.answer;

describe("applyTapToPending", () => {
	it("a tap offered for an earlier ask whose tool-call id the file's ask reuses is not its answer", () => {
		// Offered an hour before this file's question was saved: the provider reused the id for a later ask.
		const earlier = {
			id: "old",
			time: 0,
			message: tapBody(KEY, askIdOf("s1", "c1"), 1, NOW_MS / 1000 - 3_600 + TAP_LIFETIME_SECONDS),
		};
		// Read again from the cache (sent before this ask was made): that earlier ask's, left alone.
		expect(applyTapToPending(deps(), earlier)).toEqual({ kind: "none" });
		// Sent now, from the earlier ask's notification: refused with a warning.
		expect(applyTapToPending(deps(), { ...earlier, id: "old-again", time: NOW_MS / 1000 })).toEqual({
			kind: "refused",
			warning: expect.stringContaining("earlier question"),
		});
		expect(answerOnDisk()).toBeNull();
		expect(applyTapToPending(deps(), tap(1))).toMatchObject({ kind: "written" });
	});

	it("with a set of folders (web --all), a tap answers its ask in whichever folder holds it, judged in that folder", () => {
		const other = mkdtempSync(join(tmpdir(), "push-pending-other-"));
		try {
			savePendingFile(
				other,
				createPendingFile({ request: REQUEST, sessionId: "s2", toolCallId: "c2", now: new Date(NOW_MS) }),
			);
			const judged: string[] = [];
			const all: PendingTapsDeps = {
				...deps(),
				folders: () => [cwd, other],
				judge: (_file, folder) => {
					judged.push(folder);
					return { trusted: true };
				},
			};
			expect(applyTapToPending(all, tap(0, askIdOf("s2", "c2")))).toMatchObject({ kind: "written" });
			expect(listPendingFiles(other)[0]?.file?.questions[0]?.answer).toBe("yes");
			expect(answerOnDisk()).toBeNull();
			expect(judged).toEqual([other]);
			// Without the set, only this folder's files are answered.
			expect(applyTapToPending(deps(), tap(0, askIdOf("s2", "c2")))).toEqual({ kind: "none" });
		} finally {
			rmSync(other, { recursive: true, force: true });
		}
	});

	it("writes the tapped option; a second tap is refused: the first answer wins", () => {
		expect(applyTapToPending(deps(), tap(1))).toMatchObject({ kind: "written", ask: askIdOf("s1", "c1") });
		expect(answerOnDisk()).toBe("no");
		expect(applyTapToPending(deps(), tap(0))).toMatchObject({
			kind: "refused",
			warning: expect.stringContaining("already answered"),
		});
		expect(answerOnDisk()).toBe("no");
	});
	it("a tap that loses the race to another writer (the page, /questions) is refused, never reported as written", () => {
		const path = listPendingFiles(cwd)[0]?.path as string;
		const racing = deps();
		// Another process answers between this pi's read of the folder and its write.
		racing.judge = () => {
			writePendingAnswers(path, "c1", ["yes"]);
			return { trusted: true };
		};
		expect(applyTapToPending(racing, tap(1))).toMatchObject({
			kind: "refused",
			warning: expect.stringContaining("already answered"),
		});
		expect(answerOnDisk()).toBe("yes");
	});
	it.skipIf(!canMakeImmutable())(
		"a tap into a .pi that cannot be written is refused with the reason, never thrown",
		() => {
			const applied = whileImmutable(join(cwd, ".pi"), () => applyTapToPending(deps(), tap(1)));
			expect(applied).toMatchObject({ kind: "refused", warning: expect.stringContaining("could not write the tap") });
			expect(answerOnDisk()).toBeNull();
		},
	);
	it("the trust rule decides as for an edited file", () => {
		const copied: PendingVerdict = { trusted: false, kind: "elsewhere", folder: "/other" };
		expect(applyTapToPending(deps(copied), tap(0))).toMatchObject({
			kind: "refused",
			warning: expect.stringContaining("asked in /other"),
		});
		const settled: PendingVerdict = { trusted: false, kind: "settled" };
		expect(applyTapToPending(deps(settled), tap(0))).toMatchObject({ kind: "refused" });
		expect(answerOnDisk()).toBeNull();
	});
	it("leaves an ask another pi is asking now to that pi, and another folder's ask alone", () => {
		const held: Claim = { pid: 1, host: "h", started: "", toolCallId: "c1", at: 0 };
		expect(applyTapToPending(deps({ trusted: true }, held), tap(0))).toEqual({ kind: "none" });
		expect(applyTapToPending(deps(), tap(0, askIdOf("s9", "c9")))).toEqual({ kind: "none" });
		expect(answerOnDisk()).toBeNull();
	});
	it("leaves an ask this pi holds (its dialog shows it) to that dialog", () => {
		expect(applyTapToPending(deps({ trusted: true }, undefined, true), tap(0))).toEqual({ kind: "none" });
		expect(answerOnDisk()).toBeNull();
	});
});

describe("applyWaitingTaps", () => {
	it("gives each tap to a dialog here first, and writes only the ones it did not take", async () => {
		const polled = {
			...deps(),
			client: { ...quietClient, poll: async () => ({ ok: true as const, messages: [tap(1)] }) },
		};
		const taken: string[] = [];
		const takenHere = (message: { id: string }) => {
			taken.push(message.id);
			return true;
		};
		expect(await applyWaitingTaps(polled, { since: "12h", takenHere })).toEqual({ written: [] });
		expect(taken).toEqual(["m1"]);
		expect(answerOnDisk()).toBeNull();
		expect(await applyWaitingTaps(polled, { since: "12h", takenHere: () => false })).toMatchObject({
			written: [expect.stringContaining("pending-questions")],
		});
		expect(answerOnDisk()).toBe("no");
	});
});
