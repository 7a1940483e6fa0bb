/** Summary statistics and the report format every benchmark file hands back to bench/run.mjs. */

export interface Spread {
	n: number;
	median: number;
	p95: number;
	min: number;
	max: number;
	q1: number;
	q3: number;
}

function quantile(sorted: readonly number[], q: number): number {
	if (sorted.length === 0) return Number.NaN;
	const pos = (sorted.length - 1) * q;
	const lo = Math.floor(pos);
	const hi = Math.ceil(pos);
	const a = sorted[lo] ?? Number.NaN;
	const b = sorted[hi] ?? Number.NaN;
	return a + (b - a) * (pos - lo);
}

export function spread(samples: readonly number[]): Spread {
	const sorted = [...samples].sort((a, b) => a - b);
	return {
		n: sorted.length,
		median: quantile(sorted, 0.5),
		p95: quantile(sorted, 0.95),
		min: sorted[0] ?? Number.NaN,
		max: sorted[sorted.length - 1] ?? Number.NaN,
		q1: quantile(sorted, 0.25),
		q3: quantile(sorted, 0.75),
	};
}

/** A number with a sensible number of digits for a table. */
export function fmt(value: number, digits = 3): string {
	if (!Number.isFinite(value)) return "n/a";
	if (Math.abs(value) >= 100) return Math.round(value).toLocaleString("en-US");
	return Number(value.toPrecision(digits)).toString();
}

export function fmtMs(value: number): string {
	return `${fmt(value)} ms`;
}

/** One line of the README summary table. */
export interface SummaryRow {
	what: string;
	ours: string;
	reference: string;
	target: string;
	met: boolean | undefined;
}

/** What a benchmark file prints (as one JSON line on stdout) for bench/run.mjs to assemble. */
export interface BenchReport {
	title: string;
	summary: SummaryRow[];
	markdown: string;
}

export function emit(report: BenchReport): void {
	process.stdout.write(`${JSON.stringify(report)}\n`);
}

/** A markdown table from a header row and body rows. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
	const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
	return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** High-resolution milliseconds. */
export function now(): number {
	return Number(process.hrtime.bigint()) / 1e6;
}
