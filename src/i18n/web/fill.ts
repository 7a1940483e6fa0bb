/** Filling a table's text: `{name}` placeholders replaced by values. Pure; used by the page and its tests. */

/** `template` with each `{name}` replaced by `values[name]`; a placeholder without a value stays as written. */
export function fillText(template: string, values: Readonly<Record<string, string | number>> = {}): string {
	return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
		Object.hasOwn(values, name) ? String(values[name]) : whole,
	);
}

/** The placeholders a text uses, sorted and without repeats. */
export function placeholdersOf(template: string): string[] {
	return [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ""))].sort();
}
