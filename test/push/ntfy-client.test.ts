/**
 * The HTTP edge against the local ntfy stand-in: publish as JSON with the access token, read the cache with
 * `poll=1&since=`, follow the JSON stream; a server that is down or refuses is a value with one sentence, never a throw,
 * and never shows the token.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNtfyClient, type NtfyMessage } from "../../src/push/ntfy.js";
import { patient } from "../patience.js";
import { type NtfyStandIn, startNtfyStandIn } from "./ntfy-stand-in.js";

let ntfy: NtfyStandIn;
beforeEach(async () => {
	ntfy = await startNtfyStandIn({ token: "tk_secret" });
});
afterEach(async () => {
	await ntfy.close();
});

const message = (text: string) => ({ topic: "t", title: "pi", message: text, tags: [], sequence_id: "s1" });

describe("createNtfyClient", () => {
	it("publishes with the token, polls since a message and follows the stream", async () => {
		const client = createNtfyClient({ server: ntfy.url, token: "tk_secret" });
		expect(await client.publish(message("one"))).toEqual({ ok: true });
		expect(ntfy.requests.at(-1)?.authorization).toBe("Bearer tk_secret");
		const first = ntfy.messages("t")[0];
		await client.publish(message("two"));
		const polled = await client.poll("t", first?.id ?? "");
		expect(polled.ok && polled.messages.map((m) => m.message)).toEqual(["two"]);

		const seen: NtfyMessage[] = [];
		const stop = new AbortController();
		const following = client.follow("t", "all", (m) => seen.push(m), stop.signal);
		for (const started = Date.now(); seen.length < 2; await new Promise((r) => setTimeout(r, 20))) {
			if (Date.now() - started > patient(5_000)) throw new Error("stream read nothing");
		}
		await client.publish(message("three"));
		for (const started = Date.now(); seen.length < 3; await new Promise((r) => setTimeout(r, 20))) {
			if (Date.now() - started > patient(5_000)) throw new Error("stream missed a message");
		}
		stop.abort();
		expect(await following).toBe("stopped");
		expect(seen.map((m) => m.message)).toEqual(["one", "two", "three"]);
	});

	it("a wrong token or a server that is down is one sentence without the token", async () => {
		const wrong = createNtfyClient({ server: ntfy.url, token: "tk_wrong" });
		expect(await wrong.publish(message("x"))).toEqual({ ok: false, reason: "the server answered 403" });
		const url = ntfy.url;
		await ntfy.close();
		const down = createNtfyClient({ server: url, token: "tk_secret", timeoutMs: 1_000 });
		const published = await down.publish(message("x"));
		expect(published.ok).toBe(false);
		expect(JSON.stringify(published)).not.toContain("tk_secret");
		const polled = await down.poll("t", "all");
		expect(polled.ok).toBe(false);
		ntfy = await startNtfyStandIn();
	});
});
