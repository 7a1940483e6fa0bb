/**
 * A remote bridge opened lazily: configured at session start, opened on the first ask that needs it (a failed open
 * is tried again on the next ask), and disposed with the session. The run's own bridge to a remote answering
 * service and a child's bridge to its parent's route are both this one. `./bridge.js` (and with it `ws`) is loaded
 * only when a bridge opens, so a pi start that asks nothing remotely never loads it.
 */
import type { RemoteBridge, RemoteLogger } from "./bridge.js";
import type { RemoteConfig } from "./config.js";

/** Opens a bridge; `logger` undefined means the bridge's own (stderr). Injected so tests need no sockets. */
export type OpenBridge = (config: RemoteConfig, logger: RemoteLogger | undefined) => Promise<RemoteBridge>;

const openRealBridge: OpenBridge = (config, logger) =>
	import("./bridge.js").then((m) => m.createRemoteBridge(config, { logger: logger ?? m.stderrLogger }));

export interface LazyBridge {
	/** The session's config (`undefined`: no remote answering); disposes any earlier bridge. */
	configure(config: RemoteConfig | undefined): void;
	/** The bridge, opened on first use; `undefined` without a config. */
	bridge(logger: RemoteLogger | undefined): Promise<RemoteBridge> | undefined;
	dispose(): void;
}

export function createLazyBridge(open: OpenBridge = openRealBridge): LazyBridge {
	let current: { config: RemoteConfig; bridge?: Promise<RemoteBridge> } | undefined;
	const dispose = () => {
		void current?.bridge?.then(
			(bridge) => bridge.dispose(),
			() => undefined,
		);
		current = undefined;
	};
	return {
		configure(config) {
			dispose();
			if (config) current = { config };
		},
		bridge(logger) {
			const session = current;
			if (!session) return undefined;
			session.bridge ??= open(session.config, logger).catch((error: unknown) => {
				// Try again on the next ask rather than failing every ask from now on.
				session.bridge = undefined;
				throw error;
			});
			return session.bridge;
		},
		dispose,
	};
}
