#!/usr/bin/env node
/**
 * Figures on the shape of the source, to compare two versions: `node scripts/house-figures.mjs [root]` (default: this
 * checkout) reads `<root>/src/**\/*.ts` and, for who imports what, `<root>/{src,test,examples,bench}`. It prints source
 * lines, functions of 80 lines or more, exports unused outside their file (values and types apart), `as` casts
 * (and `as unknown as`), module-level mutable state (top-level `let`, top-level Maps/Sets, and top-level objects
 * assigned into from anywhere), and, where `<root>/dist` is built, the bytes a pi start compiles. `--list` names each
 * one. Another version: `git archive <commit> src test examples bench | tar -x -C /tmp/v` and pass `/tmp/v` (build it
 * there, node_modules linked, for its start bytes).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
const list = args.includes("--list");
const root = resolve(args.find((a) => !a.startsWith("--")) ?? ".");
const src = join(root, "src");

function files(dir) {
	if (!existsSync(dir)) return [];
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		const p = join(dir, e.name);
		if (e.isDirectory()) return e.name === "node_modules" || e.name === "pi-versions" ? [] : files(p);
		return /\.(ts|mts|mjs)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
	});
}

const parse = (path) => ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
const sources = files(src).map(parse);
const users = ["src", "test", "examples", "bench"].flatMap((d) => files(join(root, d))).map(parse);
const name = (sf) => relative(root, sf.fileName);
const line = (sf, pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;

// Source lines.
const lines = sources.reduce((n, sf) => n + sf.text.split("\n").length - (sf.text.endsWith("\n") ? 1 : 0), 0);

// Functions of 80 lines or more, and casts.
const longFunctions = [];
const casts = [];
const doubleCasts = [];
for (const sf of sources) {
	const visit = (node) => {
		if (ts.isFunctionLike(node) && "body" in node && node.body) {
			const length = line(sf, node.getEnd()) - line(sf, node.getStart(sf)) + 1;
			if (length >= 80) {
				const id = node.name?.getText(sf) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(sf) : "(anonymous)");
				longFunctions.push(`${name(sf)}:${line(sf, node.getStart(sf))} ${id} (${length} lines)`);
			}
		}
		if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
			const isConst = ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(sf) === "const";
			// `x as unknown as T` is one cast: its inner `x as unknown` is not counted again.
			const innerOfDouble = node.type.kind === ts.SyntaxKind.UnknownKeyword && ts.isAsExpression(node.parent);
			if (!isConst && !innerOfDouble) {
				casts.push(`${name(sf)}:${line(sf, node.getStart(sf))} ${node.getText(sf).slice(0, 80).replace(/\s+/g, " ")}`);
				if (ts.isAsExpression(node) && ts.isAsExpression(node.expression) && node.expression.type.kind === ts.SyntaxKind.UnknownKeyword)
					doubleCasts.push(casts.at(-1));
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(sf);
}

// Exports, and who imports them.
const resolveSpec = (from, spec) => {
	if (!spec.startsWith(".")) return undefined;
	const p = resolve(dirname(from), spec).replace(/\.(m?js)$/, "");
	for (const ext of [".ts", ".mts", ".mjs", "/index.ts"]) if (existsSync(p + ext)) return p + ext;
	return existsSync(p) ? p : undefined;
};
const imported = new Map(); // file -> Set of names, or "*" for everything
const use = (file, names) => {
	if (!file) return;
	const set = imported.get(file) ?? new Set();
	for (const n of names) set.add(n);
	imported.set(file, set);
};
for (const sf of users) {
	const visit = (node) => {
		if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
			const target = resolveSpec(sf.fileName, node.moduleSpecifier.text);
			if (ts.isImportDeclaration(node)) {
				const clause = node.importClause;
				if (!clause) use(target, []);
				else {
					if (clause.name) use(target, ["default"]);
					const b = clause.namedBindings;
					if (b && ts.isNamespaceImport(b)) use(target, ["*"]);
					if (b && ts.isNamedImports(b)) use(target, b.elements.map((e) => (e.propertyName ?? e.name).text));
				}
			} else {
				const c = node.exportClause;
				if (!c) use(target, ["*"]);
				else if (ts.isNamedExports(c)) use(target, c.elements.map((e) => (e.propertyName ?? e.name).text));
				else use(target, ["*"]);
			}
		}
		// `import("./x.js")` and `typeof import("./x.js")`: whatever it reaches for counts as everything.
		if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
			const arg = node.arguments[0];
			if (arg && ts.isStringLiteral(arg)) use(resolveSpec(sf.fileName, arg.text), ["*"]);
		}
		if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
			use(resolveSpec(sf.fileName, node.argument.literal.text), ["*"]);
		}
		ts.forEachChild(node, visit);
	};
	visit(sf);
}
const entries = new Set(["src/index.ts", "src/app.ts"].map((p) => join(root, p)));
const unusedValues = [];
const unusedTypes = [];
for (const sf of sources) {
	if (entries.has(sf.fileName)) continue; // the package's public surface
	const set = imported.get(sf.fileName) ?? new Set();
	if (set.has("*")) continue;
	for (const stmt of sf.statements) {
		const exported = ts.canHaveModifiers(stmt) && ts.getModifiers(stmt)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
		if (!exported) continue;
		const isType = ts.isInterfaceDeclaration(stmt) || ts.isTypeAliasDeclaration(stmt);
		const names = ts.isVariableStatement(stmt)
			? stmt.declarationList.declarations.map((d) => d.name.getText(sf))
			: stmt.name
				? [ts.getModifiers(stmt)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ? "default" : stmt.name.getText(sf)]
				: [];
		for (const n of names) {
			if (set.has(n)) continue;
			(isType ? unusedTypes : unusedValues).push(`${name(sf)}:${line(sf, stmt.getStart(sf))} ${n}`);
		}
	}
}

// Module-level mutable state.
const state = [];
/** The file's own text and that of every source file importing `id` from it. */
function textsSeeing(sf, id) {
	const base = sf.fileName.replace(/^.*\//, "").replace(/\.ts$/, "");
	const importing = new RegExp(`import[^;]*\\b${id}\\b[^;]*from\\s*"[^"]*\\/${base}\\.js"`);
	return [sf.text, ...sources.filter((o) => o !== sf && importing.test(o.text)).map((o) => o.text)].join("\n");
}
for (const sf of sources) {
	for (const stmt of sf.statements) {
		if (!ts.isVariableStatement(stmt)) continue;
		const isLet = (stmt.declarationList.flags & ts.NodeFlags.Let) !== 0;
		for (const d of stmt.declarationList.declarations) {
			const id = d.name.getText(sf);
			const init = d.initializer?.getText(sf) ?? "";
			const where = `${name(sf)}:${line(sf, d.getStart(sf))} ${id}`;
			if (isLet) state.push(`${where} (let)`);
			else if (!/^[A-Za-z_$][\w$]*$/.test(id)) continue;
			else if (/^new (Weak)?(Map|Set)\b/.test(init)) {
				// A lookup table built once is a constant; one filled or emptied later is state.
				if (new RegExp(`\\b${id}\\.(set|add|delete|clear)\\(`).test(sf.text))
					state.push(`${where} (${init.slice(0, init.indexOf("("))}, filled in place)`);
			} else if (
				new RegExp(
					`Object\\.assign\\(\\s*${id}\\b|\\b${id} as unknown as|(^|[^\\w.$])${id}(\\.[\\w$]+|\\[[^\\]]+\\])+\\s*=[^=]`,
					"m",
				).test(textsSeeing(sf, id))
			)
				state.push(`${where} (assigned into)`);
		}
	}
}

// The proof that answers are the person's and delivered once: its lines, and how many ways it touches the disk.
const PROVENANCE = ["src/ask/", "src/records/", "src/pending/"];
const provenance = sources.filter((sf) => PROVENANCE.some((dir) => name(sf).startsWith(dir)));
const provenanceLines = provenance.reduce((n, sf) => n + sf.text.split("\n").length - (sf.text.endsWith("\n") ? 1 : 0), 0);
/** Each place in the source matching `pattern`, as `file:line text`. */
const placesOf = (pattern) =>
	sources.flatMap((sf) =>
		sf.text.split("\n").flatMap((text, i) => (pattern.test(text) && !/^\s*(\/\/|\*)/.test(text) ? [`${name(sf)}:${i + 1} ${text.trim().slice(0, 80)}`] : [])),
	);
const movers = placesOf(/\b(renameSync|linkSync)\(/);
const appenders = placesOf(/\bappendFileSync\(|\bO_APPEND\b/);
const hashes = placesOf(/\bcreateHash\(/);

const figures = [
	["source lines (src/**/*.ts)", lines, null],
	["source files", sources.length, null],
	["functions of 80+ lines", longFunctions.length, longFunctions],
	["exported values unused outside their file", unusedValues.length, unusedValues],
	["exported types unused outside their file", unusedTypes.length, unusedTypes],
	["`as` casts (not `as const`)", casts.length, casts],
	["`as unknown as` casts", doubleCasts.length, doubleCasts],
	["module-level mutable state", state.length, state],
	["provenance lines (src/ask, src/records, src/pending)", provenanceLines, null],
	["places that rename or link a file into place (temp writers, moves aside)", movers.length, movers],
	["append writers (appendFileSync, O_APPEND)", appenders.length, appenders],
	["hashes (createHash)", hashes.length, hashes],
];
// What a pi start compiles: dist/index.js and the files it imports statically (a build of `root` is needed).
const startFiles = new Set();
const visitStart = (file) => {
	if (startFiles.has(file) || !existsSync(file)) return;
	startFiles.add(file);
	for (const [, spec] of readFileSync(file, "utf8").matchAll(/^import\s+(?:[^;"']*?\s+from\s+)?"(\.[^"]+)";/gm))
		visitStart(join(dirname(file), spec));
};
visitStart(join(root, "dist/index.js"));
if (startFiles.size > 0) {
	const bytes = [...startFiles].reduce((n, file) => n + readFileSync(file).length, 0);
	figures.push(["bytes a pi start compiles (dist/index.js and its static imports)", bytes, [...startFiles].map((f) => relative(root, f))]);
}
for (const [label, n, items] of figures) {
	console.log(`${String(n).padStart(6)}  ${label}`);
	if (list && items) for (const item of items) console.log(`          ${item}`);
}
