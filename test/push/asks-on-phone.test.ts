/**
 * The asks people make, as the phone gets them: 1–4 questions of 2–6 options each, published through the real ntfy
 * client to the ntfy stand-in (which refuses more than three actions or an oversized message), with and without a
 * running page. Each one offers something to tap when anything fits, names the ask in its title, and ends with one
 * line saying how to answer from the phone; a button's tap, read back from the reply topic, answers what it says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AskRequest } from "../../src/core/types.js";
import { hasNtfy, type NtfyPushConfig, resolvePushConfig } from "../../src/push/config.js";
import { askNotification, type PushedAsk } from "../../src/push/message.js";
import { createNtfyClient } from "../../src/push/ntfy.js";
import { judgeTap } from "../../src/push/reply.js";
import { type NtfyStandIn, startNtfyStandIn } from "./ntfy-stand-in.js";

const KEY = Buffer.alloc(32, 3);
const HEADERS = ["Auth", "Database", "Cache", "Deploy"];
const PAGE = "http://192.168.1.20:40001/";

function askOf(questions: number, options: number): AskRequest {
	return {
		questions: HEADERS.slice(0, questions).map((header, q) => ({
			question: `Which ${header.toLowerCase()} should we use?`,
			header,
			options: Array.from({ length: options }, (_, i) => ({ label: `${header} choice ${i + 1}`, description: "why" })),
			...(q === 1 ? { multiSelect: true } : {}),
		})),
	};
}

let ntfy: NtfyStandIn;
let config: NtfyPushConfig;
beforeAll(async () => {
	ntfy = await startNtfyStandIn();
	const resolved = resolvePushConfig(
		{ server: ntfy.url, topic: "asks", replyTopic: "asks-reply", detail: "full" },
		{},
	).config;
	if (!resolved || !hasNtfy(resolved)) throw new Error("no ntfy config");
	// The stand-in listens on 127.0.0.1 over plain http, which the settings allow for this machine only.
	config = resolved;
});
afterAll(async () => {
	await ntfy.close();
});

const shapes = [1, 2, 3, 4].flatMap((questions) => [2, 3, 4, 5, 6].map((options) => ({ questions, options })));

describe("the asks people make, on the phone", () => {
	for (const page of [false, true]) {
		for (const waitsIn of ["dialog", "file"] as const) {
			it(`${page ? "with" : "without"} a running page, waiting in a ${waitsIn}: something to tap when it fits, a title naming the ask, and how to answer`, async () => {
				const client = createNtfyClient({ server: ntfy.url });
				for (const { questions, options } of shapes) {
					const request = askOf(questions, options);
					const id = `ask-${page}-${waitsIn}-${questions}-${options}`;
					const ask: PushedAsk = {
						id,
						project: "shop",
						request,
						expires: Math.floor(Date.now() / 1000) + 600,
						offered: Date.now(),
						waitsIn,
						...(page ? { openUrl: PAGE } : {}),
					};
					const what = `${questions} question(s) of ${options} options`;
					expect(await client.publish(askNotification(ask, config, KEY)), what).toEqual({ ok: true });
					const stored = ntfy.messages("asks").find((m) => m.sequence_id === id);
					if (!stored) throw new Error(`${what}: not published`);

					// Something to tap whenever the first question's options fit as buttons or the page is known.
					const buttons = (stored.actions ?? []).filter((a) => a.action === "http");
					const opens = (stored.actions ?? []).filter((a) => a.action === "view");
					expect(buttons.length, what).toBe(options <= 3 ? options : 0);
					if (page) {
						expect(stored.click, what).toBe(PAGE);
						// Open fits beside the buttons when there is room for it.
						expect(opens.length, what).toBe(buttons.length < 3 ? 1 : 0);
					} else expect(opens, what).toEqual([]);

					// The title names the ask: its only header, or how many questions and which.
					if (questions === 1) expect(stored.title, what).toBe("pi: Auth — shop");
					else
						expect(stored.title, what).toBe(
							`pi: ${questions} questions: ${HEADERS.slice(0, questions).join(", ")} — shop`,
						);

					// Every question and option is there, and the last line says how to answer from the phone.
					for (const header of HEADERS.slice(0, questions))
						expect(stored.message, what).toContain(`${header} choice ${options}`);
					const last = stored.message.split("\n").at(-1) ?? "";
					if (buttons.length > 0) expect(last, what).toMatch(/^Tap /);
					if (buttons.length > 0 && questions > 1) expect(last, what).toContain("the other");
					if (buttons.length === 0 && page) expect(last, what).toMatch(/^Tap Open/);
					if (buttons.length === 0 && !page) {
						expect(last, what).toContain(waitsIn === "dialog" ? "pi's terminal in shop" : "pi -c");
						expect(last, what).toContain("pi-ask-anywhere web");
					}
					expect(stored.message.split("\n\n").at(-1), what).toBe(last);

					// A tap on the last button answers the first question with that option.
					const button = buttons.at(-1);
					if (button) {
						expect(await ntfy.tap(button), what).toBe(200);
						const reply = ntfy.messages("asks-reply").at(-1);
						const verdict = judgeTap(reply?.message ?? "", KEY, Math.floor(Date.now() / 1000), (tapped) =>
							tapped === id ? { request, ended: false } : undefined,
						);
						expect(verdict, what).toMatchObject({ kind: "answer", ask: id, label: `Auth choice ${options}` });
					}
				}
			});
		}
	}

	it("a minimal message also ends with how to answer, and names no option", async () => {
		const minimal = { ...config, detail: "minimal" as const };
		const ask: PushedAsk = {
			id: "minimal",
			project: "shop",
			request: askOf(3, 2),
			expires: Math.floor(Date.now() / 1000) + 600,
			offered: Date.now(),
		};
		const message = askNotification(ask, minimal, KEY);
		expect(message.message).toBe(
			"3 questions are waiting in shop.\n\nTo answer, go back to pi's terminal in shop, or run pi-ask-anywhere web there and answer on the page.",
		);
		expect(message.title).toBe("pi: shop");
		const open = askNotification({ ...ask, openUrl: PAGE }, minimal, KEY);
		expect(open.message.split("\n").at(-1)).toBe("Tap Open to answer on the web page.");
	});
});
