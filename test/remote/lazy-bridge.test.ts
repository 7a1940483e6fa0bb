/** A lazily opened remote bridge: opened once on first use, tried again after a failed open, disposed with it. */
import { describe, expect, it } from "vitest";
import type { RemoteBridge } from "../../src/remote/bridge.js";
import type { RemoteConfig } from "../../src/remote/config.js";
import { createLazyBridge, type OpenBridge } from "../../src/remote/lazy-bridge.js";

const config = { url: "ws://127.0.0.1:1/agent" } as RemoteConfig;

function fakeOpen(failFirst = false) {
	const opened: RemoteConfig[] = [];
	let disposed = 0;
	const open: OpenBridge = async (c) => {
		opened.push(c);
		if (failFirst && opened.length === 1) throw new Error("refused");
		return { dispose: () => void disposed++ } as unknown as RemoteBridge;
	};
	return { open, opened, disposed: () => disposed };
}

describe("createLazyBridge", () => {
	it("has no bridge without a config", () => {
		const fake = fakeOpen();
		const session = createLazyBridge(fake.open);
		session.configure(undefined);
		expect(session.bridge(undefined)).toBeUndefined();
		expect(fake.opened).toEqual([]);
	});

	it("opens the bridge once, on first use, and disposes it with the session", async () => {
		const fake = fakeOpen();
		const session = createLazyBridge(fake.open);
		session.configure(config);
		expect(fake.opened).toEqual([]);
		const first = session.bridge(undefined);
		expect(session.bridge(undefined)).toBe(first);
		await first;
		session.configure(undefined);
		await Promise.resolve();
		expect(fake.opened).toHaveLength(1);
		expect(fake.disposed()).toBe(1);
		expect(session.bridge(undefined)).toBeUndefined();
	});

	it("tries again on the next ask after a failed open", async () => {
		const fake = fakeOpen(true);
		const session = createLazyBridge(fake.open);
		session.configure(config);
		await expect(session.bridge(undefined)).rejects.toThrow("refused");
		await expect(session.bridge(undefined)).resolves.toBeDefined();
		expect(fake.opened).toHaveLength(2);
	});
});
