/** Push loads only at a start whose settings name it; once loaded it is configured at every start and answers all calls. */
import type { ExtensionContext } from "@mariozechner/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { type Push, pushNamed, pushOnDemand } from "../../src/lifecycle/push-on-demand.js";

/** A push whose calls are recorded (the real one needs a key, a server and a session). */
function recordingPush(calls: string[]): Push {
	return {
		dialogRemote: (remote) => {
			calls.push("dialogRemote");
			return remote;
		},
		saved: () => calls.push("saved") && undefined,
		phone: () => {
			calls.push("phone");
			return undefined;
		},
		configure: (fromFile) => {
			calls.push(`configure ${JSON.stringify(fromFile ?? null)}`);
			return fromFile === "broken" ? ["push: broken"] : [];
		},
		sessionStart: async (_cwd, _warn, wait) => {
			calls.push(`sessionStart wait=${wait}`);
		},
		shutdown: async () => {
			calls.push("shutdown");
		},
	};
}

const named = (value: unknown) => ({ push: { value, env: {} } });
const unnamed = { push: { env: {} } };
const ctx = (hasUI: boolean) => ({ cwd: "/p", hasUI }) as unknown as ExtensionContext;

describe("pushNamed", () => {
	it("is true for a settings push object or PI_ASK_USER_PUSH, not for an empty variable", () => {
		expect(pushNamed({}, {})).toBe(true);
		expect(pushNamed(undefined, { PI_ASK_USER_PUSH: "https://ntfy.sh/t" })).toBe(true);
		expect(pushNamed(undefined, { PI_ASK_USER_PUSH: "  " })).toBe(false);
		expect(pushNamed(undefined, {})).toBe(false);
	});
});

describe("pushOnDemand", () => {
	it("loads nothing while no start names push, and every call is push being off", async () => {
		let loads = 0;
		const push = pushOnDemand(async () => {
			loads++;
			return recordingPush([]);
		});
		expect(await push.configure(unnamed)).toEqual([]);
		await push.sessionStart(ctx(true), () => {});
		const remote = Promise.resolve(undefined as never);
		expect(push.edges.dialogRemote(remote, ctx(true), {} as never, "c1")).toBe(remote);
		expect(push.edges.phone(ctx(true), {} as never, { toolCallId: "c1" })).toBeUndefined();
		await push.shutdown();
		expect(loads).toBe(0);
	});

	it("loads once at the first start that names it, then configures at every start (settings that drop it turn it off)", async () => {
		const calls: string[] = [];
		let loads = 0;
		const push = pushOnDemand(async () => {
			loads++;
			return recordingPush(calls);
		});
		expect(await push.configure(named("broken"))).toEqual(["push: broken"]);
		expect(await push.configure(unnamed)).toEqual([]);
		await push.sessionStart(ctx(false), () => {});
		push.edges.saved(ctx(false), { questions: [] } as never, "c1");
		await push.shutdown();
		expect(loads).toBe(1);
		expect(calls).toEqual(['configure "broken"', "configure null", "sessionStart wait=true", "saved", "shutdown"]);
	});
});
