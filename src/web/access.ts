/**
 * Who may use the web server, pure: the page token (made at each start unless kept, shown once in the terminal) is traded
 * for an HttpOnly cookie; the page, its API and its live channel need that cookie, and writes and the live
 * channel also need a same-origin request. (Agents are let in by the agent endpoint, src/remote/agent-endpoint.ts.)
 */
import { createHmac, randomBytes } from "node:crypto";

export const COOKIE_NAME = "pi_ask_user";

/** A fresh secret: 32 random bytes, URL-safe. */
export function newSecret(): string {
	return randomBytes(32).toString("base64url");
}

/**
 * The cookie's secret, derived from the page token: a page stays signed in across a restart exactly when the token
 * is the same (`--keep-token`); the cookie never reveals the token.
 */
export function cookieSecretOf(pageToken: string): string {
	return createHmac("sha256", pageToken).update("pi-ask-anywhere page cookie").digest("base64url");
}

/** One cookie's value from a `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
	for (const part of (header ?? "").split(";")) {
		const [key, ...rest] = part.trim().split("=");
		if (key === name) return rest.join("=");
	}
	return undefined;
}

/** The `Set-Cookie` value that lets this browser in: HttpOnly, same-site only, for the whole server. */
export function sessionCookie(secret: string): string {
	return `${COOKIE_NAME}=${secret}; HttpOnly; SameSite=Strict; Path=/`;
}

/** A browser request from this server's own page: its `Origin`, when sent, is this very host. */
export function isSameOrigin(origin: string | undefined, host: string | undefined): boolean {
	if (origin === undefined) return true;
	return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}
