/** Text hygiene: what a model or a remote peer sends is shown in terminals, so control sequences never pass. */

// C0 controls except \n, DEL, C1 controls, bidi embeddings/overrides/isolates, and the BOM.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the purpose.
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/g;
// An escape sequence (CSI, OSC, DCS/SOS/PM/APC, two-byte escapes, 8-bit CSI/OSC) is removed whole.
const ESCAPE_SEQUENCE = new RegExp(
	[
		"\\u001b\\[[0-?]*[ -/]*[@-~]",
		"\\u001b\\][^\\u0007\\u001b]*(?:\\u0007|\\u001b\\\\)?",
		"\\u001b[PX^_][^\\u001b]*(?:\\u001b\\\\)?",
		"\\u001b[@-Z\\\\-_]",
		"\\u009b[0-?]*[ -/]*[@-~]",
		"\\u009d[^\\u0007\\u009c]*[\\u0007\\u009c]?",
	].join("|"),
	"g",
);

/** Removes escape sequences and control characters; keeps newlines; tabs become spaces. */
export function sanitizeText(text: string): string {
	return text.replace(/\r\n?/g, "\n").replace(/\t/g, "  ").replace(ESCAPE_SEQUENCE, "").replace(UNSAFE, "");
}

/** For one-line places (labels, headers, tab chips, dialog titles): also folds newlines into spaces. */
export function sanitizeLine(text: string): string {
	return sanitizeText(text).replace(/\s*\n\s*/g, " ");
}

/** Thousands separators without depending on the host locale. */
export function formatCount(n: number): string {
	return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A size as a person reads it: "812 B", "14 KB", "2.3 MB". */
export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
	return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}

/** `text` as one shell word: as it is when it is plain, single-quoted otherwise. */
export function shellQuote(text: string): string {
	return /^[\w./@:-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
