/**
 * The order of one session's end across the extension's parts: the children's route first (its server closes, so no
 * child's question arrives while the rest ends), then the lifecycle's (./run.ts: answers on their way checked once
 * more, then released; the bridge closed), then push's. A step that fails is told as one warning line and the steps
 * after it still run: pi awaits this handler, and a rejection there would skip what is left and reach pi as an error
 * of its own shutdown. `index.ts` gives the steps; this file only keeps them in order.
 */

export interface SessionShutdownSteps {
	children(): Promise<void>;
	lifecycle(): Promise<void>;
	push(): Promise<void>;
}

/** The session_shutdown handler that runs the steps in order; `warn` gets one line for each step that failed. */
export function sessionShutdownInOrder(steps: SessionShutdownSteps, warn: (text: string) => void): () => Promise<void> {
	return async () => {
		for (const step of ["children", "lifecycle", "push"] as const) {
			try {
				await steps[step]();
			} catch (error) {
				warn(`pi-ask-anywhere: ${error instanceof Error ? error.message : String(error)}`);
			}
		}
	};
}
