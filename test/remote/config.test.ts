import { describe, expect, it } from "vitest";
import { isLoopbackHost, remoteFlags, resolveRemoteConfig } from "../../src/remote/config.js";

type Flags = Record<string, string | boolean>;
const reader = (flags: Flags) => (name: string) => flags[name];

describe("resolveRemoteConfig", () => {
	it("is off by default", () => {
		expect(resolveRemoteConfig(reader({}), {})).toBeUndefined();
		expect(
			resolveRemoteConfig(reader({ "ask-remote-timeout": "30" }), { PI_ASK_USER_REMOTE_TOKEN: "t" }),
		).toBeUndefined();
	});

	it("reads the environment, with defaults", () => {
		expect(
			resolveRemoteConfig(
				reader({}),
				{ PI_ASK_USER_REMOTE_URL: "ws://127.0.0.1:8787" },
				{ sessionKey: "session-uuid" },
			),
		).toEqual({
			url: "ws://127.0.0.1:8787",
			sessionKey: "session-uuid",
			agentId: "pi",
			timeoutMs: 120_000,
			connectTimeoutMs: 3_000,
			allowInsecure: false,
		});
		expect(
			resolveRemoteConfig(reader({}), {
				PI_ASK_USER_REMOTE_URL: "wss://ask.example.com/ws",
				PI_ASK_USER_REMOTE_TOKEN: "secret",
				PI_ASK_USER_REMOTE_SESSION_KEY: "user-42",
				PI_ASK_USER_REMOTE_AGENT_ID: "coding-agent",
				PI_ASK_USER_REMOTE_TIMEOUT: "2.5",
			}),
		).toEqual({
			url: "wss://ask.example.com/ws",
			token: "secret",
			sessionKey: "user-42",
			agentId: "coding-agent",
			timeoutMs: 2_500,
			connectTimeoutMs: 3_000,
			allowInsecure: false,
		});
	});

	it("lets flags win over the environment, and --ask-remote off disable it", () => {
		const env = { PI_ASK_USER_REMOTE_URL: "wss://a.example", PI_ASK_USER_REMOTE_TIMEOUT: "60" };
		expect(
			resolveRemoteConfig(
				reader({ "ask-remote": "ws://localhost:9000", "ask-remote-timeout": "5", "ask-remote-agent-id": "me" }),
				env,
			),
		).toMatchObject({ url: "ws://localhost:9000", timeoutMs: 5_000, agentId: "me" });
		expect(resolveRemoteConfig(reader({ "ask-remote": "off" }), env)).toBeUndefined();
	});

	it("refuses plain ws:// to a non-loopback host unless allowed", () => {
		const env = { PI_ASK_USER_REMOTE_URL: "ws://10.0.0.5:8787" };
		expect(() => resolveRemoteConfig(reader({}), env)).toThrow(
			/PI_ASK_USER_REMOTE_URL uses plain ws:\/\/ to 10\.0\.0\.5.*PI_ASK_USER_REMOTE_ALLOW_INSECURE=1/,
		);
		expect(resolveRemoteConfig(reader({}), { ...env, PI_ASK_USER_REMOTE_ALLOW_INSECURE: "1" })).toMatchObject({
			allowInsecure: true,
		});
		expect(resolveRemoteConfig(reader({ "ask-remote-allow-insecure": true }), env)).toMatchObject({
			allowInsecure: true,
		});
		expect(() => resolveRemoteConfig(reader({}), { ...env, PI_ASK_USER_REMOTE_ALLOW_INSECURE: "0" })).toThrow();
	});

	it("gives clear errors for bad values and never echoes credentials", () => {
		const env = (url: string, extra: Record<string, string> = {}) => ({ PI_ASK_USER_REMOTE_URL: url, ...extra });
		expect(() => resolveRemoteConfig(reader({}), env("not a url"))).toThrow(/not a valid URL/);
		expect(() => resolveRemoteConfig(reader({}), env("https://x.example"))).toThrow(/must start with wss:\/\//);
		expect(() => resolveRemoteConfig(reader({}), env("wss://user:hunter2@x.example"))).toThrow(
			/must not contain credentials; put the token in PI_ASK_USER_REMOTE_TOKEN/,
		);
		try {
			resolveRemoteConfig(reader({}), env("wss://user:hunter2@x.example"));
		} catch (error) {
			expect((error as Error).message).not.toContain("hunter2");
		}
		expect(() =>
			resolveRemoteConfig(reader({}), env("wss://x.example", { PI_ASK_USER_REMOTE_TIMEOUT: "soon" })),
		).toThrow(/PI_ASK_USER_REMOTE_TIMEOUT must be a number of seconds/);
		expect(() =>
			resolveRemoteConfig(reader({ "ask-remote": "wss://x.example", "ask-remote-timeout": "-1" }), {}),
		).toThrow(/--ask-remote-timeout must be a number of seconds/);
	});

	it("has no token flag", () => {
		expect(remoteFlags.map((flag) => flag.name)).toEqual([
			"ask-remote",
			"ask-remote-timeout",
			"ask-remote-session-key",
			"ask-remote-agent-id",
			"ask-remote-allow-insecure",
		]);
	});
});

describe("isLoopbackHost", () => {
	it.each([
		["127.0.0.1", true],
		["127.8.9.10", true],
		["localhost", true],
		["[::1]", true],
		["[::ffff:7f00:1]", true],
		["::ffff:127.0.0.1", true],
		["128.0.0.1", false],
		["10.0.0.1", false],
		["[::2]", false],
		["example.com", false],
		["127.0.0.1.example.com", false],
		["evil.localhost", false],
		["localhost.example.com", false],
	])("%s → %s", (host, expected) => {
		expect(isLoopbackHost(host)).toBe(expected);
	});
});
