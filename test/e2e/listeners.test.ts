/**
 * The loopback route a pi with a person behind it opens for its children, against raw requests from any local
 * process: malformed request targets, headers and frames are refused (400 for a target no URL parser takes) and
 * pi keeps running its session; the person's ask is still answered as they answer it.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { connect } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { patient } from "../patience.js";
import { createWorkspace, resultJson, sleep, type Workspace } from "./harness.js";
import { rpcClient, startAsking, stopRpc } from "./rpc-client.js";

let ws: Workspace;
beforeEach(() => {
	ws = createWorkspace();
});
afterEach(() => ws.cleanup());

/** The TCP ports a process listens on, from /proc (Linux): its socket inodes matched against /proc/net/tcp. */
function listeningPorts(pid: number): number[] {
	const inodes = new Set<string>();
	for (const fd of readdirSync(`/proc/${pid}/fd`)) {
		try {
			const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
			const match = /^socket:\[(\d+)\]$/.exec(link);
			if (match?.[1]) inodes.add(match[1]);
		} catch {
			// The descriptor closed meanwhile.
		}
	}
	const ports: number[] = [];
	for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
		const fields = line.trim().split(/\s+/);
		const [local, state, inode] = [fields[1], fields[3], fields[9]];
		if (state === "0A" && local && inode && inodes.has(inode))
			ports.push(Number.parseInt(local.split(":")[1] ?? "", 16));
	}
	return ports;
}

/** Sends raw bytes to a port and returns what came back before the server closed (or 2 s passed). */
function rawRequest(port: number, bytes: string): Promise<string> {
	return new Promise((resolve) => {
		let reply = "";
		const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
		socket.on("data", (data) => {
			reply += data.toString("latin1");
		});
		socket.on("error", () => resolve(reply));
		socket.on("close", () => resolve(reply));
		setTimeout(() => {
			socket.destroy();
			resolve(reply);
		}, patient(2_000));
	});
}

const upgrade = (target: string, extra = "") =>
	`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
	`Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${extra}\r\n`;

const BAD_TARGETS = ["//", "//?token=x", "//a:b@/", "http://[", "//[::1"];

describe("the children's route of a pi with a person behind it", () => {
	it("answers 400 to request targets no URL parser takes, and pi keeps its session and the person's answer", async () => {
		const { rpc } = startAsking(ws, {
			questions: [{ question: "Keep going?", header: "Go", options: [{ label: "Yes" }, { label: "No" }] }],
		});
		const ui = rpcClient(rpc);
		const dialog = await ui.dialog("select");
		const ports = listeningPorts(rpc.child.pid ?? 0);
		expect(ports.length).toBeGreaterThan(0);
		for (const port of ports) {
			for (const target of BAD_TARGETS) {
				expect(await rawRequest(port, upgrade(target))).toMatch(/^HTTP\/1\.1 400/);
				expect(await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`)).toMatch(/^HTTP\/1\.1 4\d\d/);
			}
			// A socket that goes away in the middle of an upgrade, and garbage after the headers.
			await rawRequest(port, upgrade("/agent").slice(0, 40));
			await rawRequest(port, `${upgrade("/agent", "Authorization: Bearer nope\r\n")}\x00\xff\xfe garbage`);
		}
		await sleep(300);
		expect(rpc.child.exitCode).toBeNull();
		ui.value(dialog, String((dialog.options as string[])[0]));
		const { blocks } = await ui.resultBlocks();
		expect(resultJson(blocks[0])).toMatchObject({ answered: true, answers: [{ answer: "Yes" }] });
		await stopRpc(rpc);
	});
});
