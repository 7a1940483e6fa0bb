/**
 * The custom entry type under which a parent's session keeps each of its children's asks. A leaf: pi's entry and the
 * app build take it at every start, and the parent route it belongs with loads `ws` and the web endpoint on first use.
 */
export const CHILD_ASK_RECORD_TYPE = "ask_user-child";
