/**
 * Whether the person may attach images to an answer in this run: the model must take image input (`ctx.model.input`),
 * and pi's own setting `images.blockImages` (in `<agentDir>/settings.json`, or the project's `.pi/settings.json`,
 * which pi lets override it) must not block them. A dialog that may not offer attaching says why.
 */
import { join } from "node:path";
import { isRecord } from "../core/json.js";

export type ImageSupport = { allowed: true } | { allowed: false; why: "model" | "blocked" };

/** `images.blockImages` from one pi settings file's text; `undefined` when it does not say. */
function blockImagesIn(text: string | undefined): boolean | undefined {
	if (text === undefined) return undefined;
	try {
		const data: unknown = JSON.parse(text);
		const images = isRecord(data) ? data.images : undefined;
		return isRecord(images) && typeof images.blockImages === "boolean" ? images.blockImages : undefined;
	} catch {
		return undefined;
	}
}

export function imageSupport(input: {
	/** `ctx.model` (absent before a model is chosen). */
	model: { input?: readonly string[] } | undefined;
	agentDir: string;
	cwd: string;
	read(path: string): string | undefined;
}): ImageSupport {
	if (!input.model?.input?.includes("image")) return { allowed: false, why: "model" };
	const project = blockImagesIn(input.read(join(input.cwd, ".pi", "settings.json")));
	const global = blockImagesIn(input.read(join(input.agentDir, "settings.json")));
	return (project ?? global) === true ? { allowed: false, why: "blocked" } : { allowed: true };
}
