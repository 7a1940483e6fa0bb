/**
 * Waits that grow with how slow the machine is: `patient(ms)` is `ms` (a time that suffices on a quiet machine) times
 * the factor the vitest config measured once per run (test/machine-speed.ts). Outside vitest the factor is 1.
 */
import { inject } from "vitest";

declare module "vitest" {
	export interface ProvidedContext {
		/** The multiplier for every wait, from test/machine-speed.ts. */
		patience: number;
	}
}

/** The multiplier for this run's waits (≥ 1). */
export function patienceFactor(): number {
	try {
		const factor = inject("patience");
		return typeof factor === "number" && factor >= 1 ? factor : 1;
	} catch {
		return 1;
	}
}

/** `ms`, a wait that suffices on a quiet machine, scaled for this machine. */
export function patient(ms: number): number {
	return Math.round(ms * patienceFactor());
}
