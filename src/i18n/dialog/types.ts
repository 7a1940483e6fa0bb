/**
 * The shape every language's dialog table has: the English table's (./en.ts), so a
 * missing or extra key in a translation is a compile error. A function returns any string, not only English's.
 */
import type { en } from "./en.js";

type Widened<T> = T extends (...args: infer A) => infer R
	? (...args: A) => [R] extends [string] ? string : R
	: T extends object
		? { [K in keyof T]: Widened<T[K]> }
		: T;

export type DialogStrings = Widened<typeof en>;
