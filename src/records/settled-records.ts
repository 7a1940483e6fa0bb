/**
 * Where an ask that ended is written down, so that nothing brings it back: in its own session (a custom entry) when
 * the ask is this session's, else in the settled-elsewhere ledger (./ledger.ts), which the ask's session reads.
 */
import { dirname } from "node:path";
import { deliveredAsksIn } from "../core/delivered-answers.js";
import type { Delivery } from "../pending/delivery.js";
import type { AskRecord } from "./ask-records.js";
import type { Ledger } from "./ledger.js";

export interface SettledRecordsDeps {
	/** Appends a record to this run's session. */
	record(data: AskRecord): void;
	ledger: Pick<Ledger, "add">;
}

export function createSettledRecords(deps: SettledRecordsDeps) {
	return {
		/** Answers the session holds: recorded where the ask's session finds it. */
		delivered(delivery: Pick<Delivery, "toolCallId" | "fromSession" | "path"> & { text?: string }): void {
			// The ask its answers name (its time, where the text says it): another ask with its id stays open.
			const askedAt = deliveredAsksIn(delivery.text ?? "").find((a) => a.toolCallId === delivery.toolCallId)?.askedAt;
			const when = askedAt !== undefined ? { askedAt } : {};
			if (delivery.fromSession) {
				// The ask's session starts in the folder its pending file is in (<project>/.pi/<file>).
				const projectDir = delivery.path === undefined ? undefined : dirname(dirname(delivery.path));
				deps.ledger.add(
					{ sessionId: delivery.fromSession, toolCallId: delivery.toolCallId, ...when, state: "delivered" },
					projectDir,
				);
			} else {
				deps.record({ toolCallId: delivery.toolCallId, ...when, state: "delivered" });
			}
		},
		/**
		 * The person cleared these asks' files in the project folder `projectDir` (`sessionId` is this run's): their
		 * sessions must not bring them back.
		 */
		cleared(
			sessionId: string,
			cleared: readonly { sessionId: string; toolCallId: string }[],
			projectDir?: string,
		): void {
			for (const ask of cleared) {
				if (ask.sessionId === sessionId) deps.record({ toolCallId: ask.toolCallId, state: "cleared" });
				else deps.ledger.add({ sessionId: ask.sessionId, toolCallId: ask.toolCallId, state: "cleared" }, projectDir);
			}
		},
	};
}
