/**
 * Racers on a pending file: each its own Node process running test/pending/fixtures/answer-racer.ts, told per round
 * which file to answer, with what, how, and at which instant.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createInterface, type Interface } from "node:readline";
import { fileURLToPath } from "node:url";

const RACER = fileURLToPath(new URL("./fixtures/answer-racer.ts", import.meta.url));

export interface Racer {
	child: ChildProcessWithoutNullStreams;
	lines: Interface;
	race(round: object): Promise<{ result: string; message?: string }>;
}

export function startRacer(): Racer {
	const child = spawn(process.execPath, ["--import", "tsx", RACER], { stdio: ["pipe", "pipe", "pipe"] });
	const lines = createInterface({ input: child.stdout });
	const waiting: ((line: string) => void)[] = [];
	lines.on("line", (line) => waiting.shift()?.(line));
	let stderr = "";
	child.stderr.on("data", (chunk: Buffer) => {
		stderr += chunk.toString("utf8");
	});
	return {
		child,
		lines,
		race: (round) =>
			new Promise((resolve, reject) => {
				const timer = setTimeout(() => reject(new Error(`the racer did not answer: ${stderr}`)), 30_000);
				waiting.push((line) => {
					clearTimeout(timer);
					resolve(JSON.parse(line));
				});
				child.stdin.write(`${JSON.stringify(round)}\n`);
			}),
	};
}

/** One round's instant, far enough ahead that both racers have the round's line before it. */
export function instantSoon(): number {
	return performance.timeOrigin + performance.now() + 80;
}

export function stopRacers(racers: readonly Racer[]): void {
	for (const racer of racers) {
		racer.lines.close();
		racer.child.kill();
	}
}
