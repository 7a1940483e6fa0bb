/**
 * An ask's questions on disk: the pending file made for it (recorded as this user's, made in this folder), kept
 * there while a dialog shows it (claimed by this pi, so another pi leaves it alone) and removed when the dialog ends
 * unless the questions are still to be answered. The file system and the claims are injected.
 */
import { resolve } from "node:path";
import type { FactLog } from "../ask/log.js";
import type { AskRequest } from "../core/types.js";
import type { Claims } from "../pending/claims.js";
import { createPendingFile, type PendingAskIdentity, type PendingFile } from "../pending/pending-file.js";

/** What the ask's session says about it, at the moment its questions are saved. */
export interface AskSession {
	cwd: string;
	sessionId: string;
	/** pi's session file; relative when a project's `sessionDir` is. */
	sessionFile: string | undefined;
	/** The person's last message: the task the questions came from. */
	task: string | undefined;
}

export interface AskDiskDeps {
	/** This user's fact log: the ask is saved, in this folder. */
	facts: Pick<FactLog, "append">;
	claims: Pick<Claims, "claim" | "stillHeld">;
	/** Writes a pending file in the project; throws when it cannot (a full disk, a symlinked `.pi`). */
	save(cwd: string, file: PendingFile): string;
	remove(path: string, ask: PendingAskIdentity): void;
	now(): Date;
}

export function createAskDisk(deps: AskDiskDeps) {
	/** The release of this run's claim on each file whose questions are in a dialog now. */
	const dialogClaims = new Map<string, () => void>();
	/** The ask each file saved here holds: removed only while it still does (its name may have been taken since). */
	const saved = new Map<string, PendingAskIdentity>();

	/** The pending file for an ask about to be saved; the ask is recorded as this user's, made in this folder. */
	function pendingFileFor(session: AskSession, request: AskRequest, toolCallId: string): PendingFile {
		const now = deps.now();
		try {
			deps.facts.append({
				fact: "saved",
				at: now.getTime(),
				sessionId: session.sessionId,
				toolCallId,
				project: session.cwd,
			});
		} catch {
			// Without the record the file is judged by its session alone (pending/trust.ts), as before.
		}
		return createPendingFile({
			request,
			toolCallId,
			sessionId: session.sessionId,
			// A project's relative `sessionDir` gives a relative path; the file must name the session wherever it is read.
			sessionFile: session.sessionFile === undefined ? undefined : resolve(session.cwd, session.sessionFile),
			task: session.task,
			now,
		});
	}

	return {
		pendingFileFor,
		/** Saves the questions while a dialog shows them, claimed by this pi; throws when they cannot be saved. */
		keepWhileAsked(session: AskSession, request: AskRequest, toolCallId: string): string {
			const file = pendingFileFor(session, request, toolCallId);
			const path = deps.save(session.cwd, file);
			saved.set(path, file);
			const release = deps.claims.claim(path, toolCallId);
			if (release) dialogClaims.set(path, release);
			return path;
		},
		/**
		 * Whether the questions at `path` are still this pi's to answer: false when another pi took them over while
		 * this one was frozen (a stopped process, a debugger, a paused machine) and may have delivered them.
		 */
		stillAsking(path: string): boolean {
			return dialogClaims.has(path) ? deps.claims.stillHeld(path) : true;
		},
		/**
		 * The dialog is over: the claim ends, and the file goes unless the questions are still to be answered. Returns why
		 * the file stayed when it could not be removed (a read-only folder): the outcome must still reach the model, and
		 * the session's record of it keeps the file from being sent again.
		 */
		doneAsking(path: string, keep: boolean): string | undefined {
			try {
				const ask = saved.get(path);
				if (!keep && ask) deps.remove(path, ask);
				return undefined;
			} catch (error) {
				return (error as Error).message;
			} finally {
				try {
					dialogClaims.get(path)?.();
				} catch {
					// A claim that cannot be removed dies with this process (pending/claims.ts).
				}
				dialogClaims.delete(path);
				saved.delete(path);
			}
		},
	};
}

export type AskDisk = ReturnType<typeof createAskDisk>;
