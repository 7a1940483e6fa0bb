/**
 * Why an ask ended, as the backend is told so that it can close its card. Its own file: the race between the local
 * dialog and the bridge, which every pi start loads, needs the reason it aborts with, and not the wire format
 * (protocol.ts, which re-exports these).
 */
export type ClosedReason = "answered" | "answered_elsewhere" | "aborted" | "timeout";

/** The abort reason the race gives the remote side when the person answered (or dismissed) locally. */
export const ANSWERED_ELSEWHERE: ClosedReason = "answered_elsewhere";
