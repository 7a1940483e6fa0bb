/**
 * The asks still waiting for this user, from their fact log alone (./log.ts; never a scan of the disk): an ask is
 * waiting from its newest `saved` fact until a `decided` or `settled` fact names it. Read from the log's end and
 * bounded, so that a log of years costs the same as a log of a day: the newest `savedLimit` saved facts are looked at,
 * no more. What `pi-ask-anywhere web --all` lists, project by project.
 */
import { type FactLog, keyOf } from "./log.js";

/** One waiting ask, as its `saved` fact names it. */
export interface WaitingAsk {
	at: number;
	sessionId: string;
	toolCallId: string;
	asker?: string;
}

/** A project folder with asks waiting, its newest first. */
export interface WaitingProject {
	project: string;
	/** When its newest waiting ask was saved. */
	newestAt: number;
	asks: WaitingAsk[];
}

export interface WaitingLimits {
	/** How many `saved` facts are looked at, newest first (default 2 000). */
	savedLimit?: number;
	/** How many projects are given at most, those with the newest asks (default 200). */
	projectLimit?: number;
	/** How many facts of any kind are read at most (default 100 000): a log of little else than tool runs ends the read. */
	factLimit?: number;
}

const DEFAULT_SAVED_LIMIT = 2_000;
const DEFAULT_PROJECT_LIMIT = 200;
const DEFAULT_FACT_LIMIT = 100_000;

/** The projects with asks waiting, the one with the newest ask first; none when the log cannot be read. */
export function waitingProjects(facts: Pick<FactLog, "newestFirst">, limits: WaitingLimits = {}): WaitingProject[] {
	const savedLimit = limits.savedLimit ?? DEFAULT_SAVED_LIMIT;
	const projectLimit = limits.projectLimit ?? DEFAULT_PROJECT_LIMIT;
	// Read newest first: whatever ended an ask is met before the ask's saved fact (it was appended after it).
	const ended = new Set<string>();
	const seen = new Set<string>();
	const projects = new Map<string, WaitingProject>();
	const factLimit = limits.factLimit ?? DEFAULT_FACT_LIMIT;
	let savedRead = 0;
	let read = 0;
	if (savedLimit <= 0) return [];
	facts.newestFirst((fact) => {
		read += 1;
		if (read > factLimit) return false;
		if (fact.fact === "decided" || fact.fact === "settled") {
			ended.add(keyOf(fact));
			return true;
		}
		if (fact.fact !== "saved") return true;
		savedRead += 1;
		const key = keyOf(fact);
		let project = projects.get(fact.project);
		if (project === undefined && projects.size < projectLimit) {
			project = { project: fact.project, newestAt: fact.at, asks: [] };
		}
		if (project !== undefined && !ended.has(key) && !seen.has(key)) {
			projects.set(fact.project, project);
			const ask: WaitingAsk = { at: fact.at, sessionId: fact.sessionId, toolCallId: fact.toolCallId };
			if (fact.asker !== undefined) ask.asker = fact.asker;
			project.asks.push(ask);
			project.newestAt = Math.max(project.newestAt, fact.at);
		}
		// An older save of the same ask is the same ask.
		seen.add(key);
		return savedRead < savedLimit;
	});
	const list = [...projects.values()];
	for (const project of list) project.asks.sort((a, b) => b.at - a.at);
	return list.sort((a, b) => b.newestAt - a.newestAt);
}
