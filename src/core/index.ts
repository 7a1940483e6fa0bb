/** The pure core: no I/O, no theme, no pi objects. */
export * from "./answer-input.js";
export * from "./answers.js";
export * from "./limits.js";
export * from "./normalize.js";
export * from "./prompt.js";
export * from "./result.js";
export * from "./schema.js";
export * from "./text.js";
export type * from "./types.js";
export * from "./validate.js";
