/** The route's environment: who offers it, who asks through it, and what a child ignores. */
import { describe, expect, it } from "vitest";
import {
	announceRoute,
	childrenRole,
	dropRemoteSettings,
	PARENT_TOKEN_ENV,
	PARENT_URL_ENV,
	parentRouteIn,
} from "../../src/children/route-env.js";
import { CHILDREN_ENV, childrenOff } from "../../src/host/settings.js";

const ROUTE = { [PARENT_URL_ENV]: "ws://127.0.0.1:4321/agent", [PARENT_TOKEN_ENV]: "secret-token" };

describe("childrenRole", () => {
	it.each([
		["tui", {}, "offer"],
		["rpc", {}, "offer"],
		["sdk", {}, "offer"],
		["tui", ROUTE, "offer"],
		["print", ROUTE, "ask-parent"],
		["json", ROUTE, "ask-parent"],
		["print", {}, "none"],
		["json", { [PARENT_URL_ENV]: "ws://127.0.0.1:4321/agent" }, "none"],
		["tui", { [CHILDREN_ENV]: "off" }, "none"],
		["json", { ...ROUTE, [CHILDREN_ENV]: "OFF" }, "none"],
	] as const)("%s with %j: %s", (kind, env, role) => {
		// The `children` setting as host/settings.ts reads it from the same variables.
		expect(childrenRole(kind, env, !childrenOff(env)).kind).toBe(role);
	});
});

describe("parentRouteIn", () => {
	it("reads the URL and the secret", () => {
		expect(parentRouteIn(ROUTE)).toEqual({ url: "ws://127.0.0.1:4321/agent", token: "secret-token" });
	});
	it("takes only a loopback ws:// URL with a secret", () => {
		expect(parentRouteIn({ ...ROUTE, [PARENT_URL_ENV]: "ws://example.com:4321/agent" })).toBeUndefined();
		expect(parentRouteIn({ ...ROUTE, [PARENT_URL_ENV]: "http://127.0.0.1:4321/agent" })).toBeUndefined();
		expect(parentRouteIn({ ...ROUTE, [PARENT_URL_ENV]: "not a url" })).toBeUndefined();
		expect(parentRouteIn({ ...ROUTE, [PARENT_TOKEN_ENV]: " " })).toBeUndefined();
	});
});

describe("announceRoute", () => {
	it("puts the route in the environment and puts back what was there", () => {
		const env: NodeJS.ProcessEnv = { [PARENT_URL_ENV]: "ws://127.0.0.1:1/agent", [PARENT_TOKEN_ENV]: "grandparent" };
		const withdraw = announceRoute(env, { url: "ws://127.0.0.1:2/agent", token: "mine" });
		expect(parentRouteIn(env)).toEqual({ url: "ws://127.0.0.1:2/agent", token: "mine" });
		withdraw();
		expect(parentRouteIn(env)).toEqual({ url: "ws://127.0.0.1:1/agent", token: "grandparent" });
		const fresh: NodeJS.ProcessEnv = {};
		announceRoute(fresh, { url: "ws://127.0.0.1:2/agent", token: "mine" })();
		expect(fresh).toEqual({});
	});
});

describe("dropRemoteSettings", () => {
	it("removes every inherited PI_ASK_USER_REMOTE_* setting and nothing else", () => {
		const env: NodeJS.ProcessEnv = {
			PI_ASK_USER_REMOTE_URL: "ws://127.0.0.1:8787/agent",
			PI_ASK_USER_REMOTE_TOKEN: "t",
			PI_ASK_USER_RPC_PROTOCOL: "structured",
			...ROUTE,
		};
		expect(dropRemoteSettings(env).sort()).toEqual(["PI_ASK_USER_REMOTE_TOKEN", "PI_ASK_USER_REMOTE_URL"]);
		expect(env).toEqual({ PI_ASK_USER_RPC_PROTOCOL: "structured", ...ROUTE });
	});
});
