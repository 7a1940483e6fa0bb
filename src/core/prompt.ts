/** The words the model sees: the tool's name, its description and the guideline bullets pi adds to its system prompt. */

/** The tool's name, as the model calls it (and as several other pi packages name theirs). */
export const TOOL_NAME = "ask_user";

export const TOOL_DESCRIPTION = `Ask the user one or more questions and wait for the answers. Use for requirements you cannot infer, choices between valid approaches, or confirmation before significant changes. Each question may offer options (label + description); the user can always type their own answer instead ("Other" is added for you). multiSelect allows several choices. Without a UI the questions are saved for the user to answer later.`;

export const PROMPT_SNIPPET = "Ask the user structured questions (options, multi-select, free text)";

export const PROMPT_GUIDELINES = [
	'ask_user: put the recommended option first and end its label with "(Recommended)".',
	"ask_user: batch related questions into one call (3-5 at most); never ask what the context or earlier answers already settle.",
];
