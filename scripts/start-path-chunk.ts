/**
 * An esbuild plugin (used by tsup.config.ts) that puts everything a start loads into one shared chunk. With code
 * splitting, esbuild gives each set of entry points that reach a module a chunk of its own; the code a start needs
 * is shared by different subsets of the lazy chunks (the dialog, RPC mode, the bridge, push), so `dist/index.js`
 * imported 9 small chunks, and pi 1.x's jiti resolves, reads and compiles each one at every start. Here every lazy
 * chunk also imports, for nothing but its side effects, each module the entry imports statically (the entry's own
 * code stays in it): all of them are
 * then reached by the same entry points and land in one chunk. What a lazy chunk loads does not change (the start
 * has loaded all of it already), and nothing lazy moves onto the start path (test/e2e/startup-loads.test.ts).
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Metafile, Plugin } from "esbuild";

/**
 * The modules `entry` loads before any of its code runs (static imports, followed), and every dynamic-import target
 * reached from it at all.
 */
function startPath(metafile: Metafile, entry: string): { staticModules: Set<string>; lazyModules: Set<string> } {
	/** The modules reached from `input` through the import kinds in `follow`. */
	const reachedThrough = (follow: ReadonlySet<string>, found = new Set<string>(), input = entry): Set<string> => {
		if (found.has(input)) return found;
		found.add(input);
		for (const imported of metafile.inputs[input]?.imports ?? []) {
			if (!imported.external && follow.has(imported.kind)) reachedThrough(follow, found, imported.path);
		}
		return found;
	};
	const staticModules = reachedThrough(new Set(["import-statement"]));
	// The dynamic-import targets of lazy modules too (the part that asks loads the dialog, the bridge, …): a chunk that
	// imported only some start modules would split the start's chunk in two.
	const lazyModules = new Set(
		[...reachedThrough(new Set(["import-statement", "dynamic-import"]))].flatMap((input) =>
			(metafile.inputs[input]?.imports ?? []).flatMap((imported) =>
				!imported.external && imported.kind === "dynamic-import" ? [imported.path] : [],
			),
		),
	);
	for (const module of staticModules) lazyModules.delete(module);
	// The entry's own code stays in the entry file.
	staticModules.delete(entry);
	return { staticModules, lazyModules };
}

export function startPathInOneChunk(entry: string): Plugin {
	let staticModules = new Set<string>();
	let lazyModules = new Set<string>();
	return {
		name: "start-path-in-one-chunk",
		setup(build) {
			const root = build.initialOptions.absWorkingDir ?? process.cwd();
			build.onStart(async () => {
				// The entry's graph as esbuild sees it; every package stays external (only this package's modules count).
				const { metafile } = await build.esbuild.build({
					entryPoints: [entry],
					absWorkingDir: root,
					bundle: true,
					write: false,
					metafile: true,
					format: "esm",
					platform: "node",
					packages: "external",
					outdir: "unused",
					logLevel: "silent",
				});
				({ staticModules, lazyModules } = startPath(metafile, entry));
			});
			build.onLoad({ filter: /\.ts$/ }, async (args) => {
				const path = [...lazyModules].find((module) => resolve(root, module) === args.path);
				if (path === undefined) return undefined;
				const imports = [...staticModules].map((module) => `import ${JSON.stringify(resolve(root, module))};`);
				return { contents: `${await readFile(args.path, "utf8")}\n${imports.join("\n")}\n`, loader: "ts" };
			});
		},
	};
}
