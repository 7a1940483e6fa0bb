import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["test/**/*.test.ts"],
		testTimeout: 60_000,
		hookTimeout: 60_000,
		// End-to-end files each start real pi processes; two at a time keeps a 2-core machine responsive.
		maxWorkers: 2,
		fileParallelism: true,
	},
});
