/**
 * The dialog's layout as tables: what fits where for given measures (the question's lines, the list's height in a
 * room, the tallest preview at a width), with no rendering. The measures are plain arithmetic: a list of `rows`
 * one-line rows shows all of them when they fit and fills its room when they do not.
 */
import { describe, expect, it } from "vitest";
import {
	type FrameFit,
	fitFrame,
	fitOptions,
	fitPlainOptions,
	type OptionsFit,
	type OptionsMeasure,
	type PlacementRoom,
	type PlainOptionsFit,
	type PreviewPlacement,
	previewPlacement,
} from "../../src/ui/layout.js";

/** A list of `rows` one-line rows: all of it when it fits the room, else a window as tall as the room. */
const oneLineRows = (rows: number) => (_width: number, room: number) => Math.min(rows, Math.max(1, room));

describe("previewPlacement", () => {
	const cases: [string, PlacementRoom, PreviewPlacement][] = [
		[
			"no option has a preview",
			{ width: 120, rest: 30, listNatural: 5, listMin: 3, stackedTallest: 0, sideTallest: 0 },
			"none",
		],
		[
			"a wide terminal puts it beside the options, however short",
			{ width: 100, rest: 2, listNatural: 5, listMin: 3, stackedTallest: 20, sideTallest: 30 },
			"side",
		],
		[
			"below the options when it shows whole there",
			{ width: 80, rest: 15, listNatural: 8, listMin: 3, stackedTallest: 6, sideTallest: 9 },
			"stacked",
		],
		[
			"below the options when three of its lines show there",
			{ width: 80, rest: 10, listNatural: 8, listMin: 3, stackedTallest: 20, sideTallest: 30 },
			"stacked",
		],
		[
			"beside them when below leaves it fewer than three lines and the terminal has 60 columns",
			{ width: 70, rest: 5, listNatural: 8, listMin: 3, stackedTallest: 20, sideTallest: 30 },
			"side",
		],
		[
			"left out below 60 columns when below is no use",
			{ width: 59, rest: 5, listNatural: 8, listMin: 3, stackedTallest: 20, sideTallest: 30 },
			"none",
		],
		[
			"left out when even beside the options it would show fewer than three lines",
			{ width: 80, rest: 2, listNatural: 8, listMin: 3, stackedTallest: 20, sideTallest: 30 },
			"none",
		],
	];
	for (const [why, room, placement] of cases) {
		it(why, () => expect(previewPlacement(room)).toBe(placement));
	}
});

describe("fitOptions", () => {
	const base: OptionsMeasure = {
		width: 80,
		budget: 20,
		steadyBudget: 20,
		textLines: 1,
		filterLines: 0,
		belowLines: 0,
		inputOpen: false,
		listHeight: oneLineRows(8),
		tallestPreview: () => 0,
	};
	const cases: [string, Partial<OptionsMeasure>, OptionsFit][] = [
		[
			"everything fits: the whole list, every blank line",
			{},
			{
				preview: "none",
				listWidth: 80,
				paneWidth: 78,
				textRoom: 1,
				listRoom: 20,
				paneRoom: 0,
				previewSign: false,
				questionGap: true,
				topSpacer: true,
				inputGap: false,
			},
		],
		[
			"blank lines are decided with the steady budget, and the line above a note comes last",
			{ budget: 16, steadyBudget: 15, belowLines: 2 },
			{
				preview: "none",
				listWidth: 80,
				paneWidth: 78,
				textRoom: 1,
				listRoom: 16,
				paneRoom: 0,
				previewSign: false,
				questionGap: true,
				topSpacer: true,
				inputGap: false,
			},
		],
		[
			"120 columns: the preview beside the list at its tallest, the list in 45 % of the width",
			{ width: 120, tallestPreview: () => 10 },
			{
				preview: "side",
				listWidth: 54,
				paneWidth: 63,
				textRoom: 1,
				listRoom: 20,
				paneRoom: 10,
				previewSign: false,
				questionGap: true,
				topSpacer: true,
				inputGap: false,
			},
		],
		[
			"80 columns: the preview below the list, with its title; the blank lines give way to it",
			{ tallestPreview: () => 6 },
			{
				preview: "stacked",
				listWidth: 80,
				paneWidth: 78,
				textRoom: 1,
				listRoom: 20,
				paneRoom: 7,
				previewSign: false,
				questionGap: false,
				topSpacer: false,
				inputGap: false,
			},
		],
		[
			"50 columns and 8 lines: no room for a preview anywhere, the list takes what the question leaves",
			{ width: 50, budget: 8, steadyBudget: 8, tallestPreview: () => 10 },
			{
				preview: "none",
				listWidth: 50,
				paneWidth: 48,
				textRoom: 1,
				listRoom: 7,
				paneRoom: 0,
				previewSign: false,
				questionGap: false,
				topSpacer: false,
				inputGap: false,
			},
		],
		[
			"70 columns and 8 lines: the preview goes beside the list and gets the list's height",
			{ width: 70, budget: 8, steadyBudget: 8, tallestPreview: () => 10 },
			{
				preview: "side",
				listWidth: 31,
				paneWidth: 36,
				textRoom: 1,
				listRoom: 7,
				paneRoom: 7,
				previewSign: false,
				questionGap: false,
				topSpacer: false,
				inputGap: false,
			},
		],
		[
			"a long question is clamped before the list, and keeps what the list does not need",
			{ budget: 12, steadyBudget: 12, textLines: 10, listHeight: oneLineRows(6) },
			{
				preview: "none",
				listWidth: 80,
				paneWidth: 78,
				textRoom: 6,
				listRoom: 12,
				paneRoom: 0,
				previewSign: false,
				questionGap: false,
				topSpacer: false,
				inputGap: false,
			},
		],
		[
			"a long question keeps 40 % of the body when the list wants it all",
			{ budget: 10, steadyBudget: 10, textLines: 10, listHeight: oneLineRows(30) },
			{
				preview: "none",
				listWidth: 80,
				paneWidth: 78,
				textRoom: 4,
				listRoom: 6,
				paneRoom: 0,
				previewSign: false,
				questionGap: false,
				topSpacer: false,
				inputGap: false,
			},
		],
		[
			"an open input and a filter keep their lines; the list gets the rest",
			{ budget: 10, steadyBudget: 10, filterLines: 1, belowLines: 5, inputOpen: true, listHeight: oneLineRows(30) },
			{
				preview: "none",
				listWidth: 80,
				paneWidth: 78,
				textRoom: 1,
				listRoom: 3,
				paneRoom: 0,
				previewSign: false,
				questionGap: false,
				topSpacer: false,
				inputGap: false,
			},
		],
		[
			"40 columns: a preview with no room anywhere, and a line the list leaves: the sign takes it",
			{ width: 40, budget: 10, steadyBudget: 10, tallestPreview: () => 10 },
			{
				preview: "none",
				listWidth: 40,
				paneWidth: 38,
				textRoom: 1,
				listRoom: 10,
				paneRoom: 0,
				previewSign: true,
				questionGap: false,
				topSpacer: false,
				inputGap: false,
			},
		],
		[
			"the same with an input open: the input has the lines, no sign",
			{ width: 40, budget: 10, steadyBudget: 10, belowLines: 4, inputOpen: true, tallestPreview: () => 10 },
			{
				preview: "none",
				listWidth: 40,
				paneWidth: 38,
				textRoom: 1,
				listRoom: 5,
				paneRoom: 0,
				previewSign: false,
				questionGap: false,
				topSpacer: false,
				inputGap: false,
			},
		],
		[
			"a 100-line question at 60 columns: the preview beside the list, no sign; the question keeps its lines",
			{ width: 60, budget: 15, steadyBudget: 15, textLines: 100, tallestPreview: () => 4 },
			{
				preview: "side",
				listWidth: 27,
				paneWidth: 30,
				textRoom: 7,
				listRoom: 15,
				paneRoom: 4,
				previewSign: false,
				questionGap: false,
				topSpacer: false,
				inputGap: false,
			},
		],
		[
			"a 100-line question at 50 columns: the question takes the line the list leaves, no sign",
			{ width: 50, budget: 15, steadyBudget: 15, textLines: 100, tallestPreview: () => 4 },
			{
				preview: "none",
				listWidth: 50,
				paneWidth: 48,
				textRoom: 7,
				listRoom: 15,
				paneRoom: 0,
				previewSign: false,
				questionGap: false,
				topSpacer: false,
				inputGap: false,
			},
		],
	];
	for (const [why, measure, fit] of cases) {
		it(why, () => expect(fitOptions({ ...base, ...measure })).toEqual(fit));
	}

	it("places a preview the same whether or not an input is open", () => {
		for (const width of [50, 70, 80, 120]) {
			for (const budget of [6, 8, 12, 20, 40]) {
				const closed = { ...base, width, budget, steadyBudget: budget, tallestPreview: () => 9 };
				const open = { ...closed, belowLines: 4, inputOpen: true };
				expect(fitOptions(open).preview, `${width}×${budget}`).toBe(fitOptions(closed).preview);
			}
		}
	});

	it("never gives the parts more lines than the budget when the budget can hold the question's minimum", () => {
		for (const width of [40, 80, 120]) {
			for (const budget of [8, 12, 20, 40]) {
				for (const tallest of [0, 3, 30]) {
					const measure = { ...base, width, budget, steadyBudget: budget, textLines: 3, tallestPreview: () => tallest };
					const fit = fitOptions(measure);
					const list = measure.listHeight(fit.listWidth, fit.listRoom);
					const middle = fit.preview === "side" ? Math.max(list, fit.paneRoom) : list + fit.paneRoom;
					const gaps = (fit.questionGap ? 1 : 0) + (fit.inputGap ? 1 : 0);
					expect(fit.textRoom + gaps + middle, `${width}×${budget}, preview ${tallest}`).toBeLessThanOrEqual(budget);
				}
			}
		}
	});
});

describe("fitPlainOptions", () => {
	const cases: [string, Parameters<typeof fitPlainOptions>[0], PlainOptionsFit][] = [
		[
			"everything fits: all of the question, the list, and the preview",
			{
				budget: 20,
				textLines: 2,
				fixedLines: 1,
				previewLines: 5,
				signLines: 1,
				listHeight: (room) => Math.min(6, room),
			},
			{ textRoom: 2, listRoom: 20, previewRoom: 10, previewSign: false },
		],
		[
			"short: the question keeps 40 %, the list the rest less a line saying the preview is left out",
			{
				budget: 10,
				textLines: 5,
				fixedLines: 0,
				previewLines: 8,
				signLines: 1,
				listHeight: (room) => Math.min(6, room),
			},
			{ textRoom: 4, listRoom: 5, previewRoom: 0, previewSign: true },
		],
		[
			"a line the list leaves says the preview is left out",
			{
				budget: 10,
				textLines: 5,
				fixedLines: 0,
				previewLines: 8,
				signLines: 1,
				listHeight: (room) => Math.min(5, room),
			},
			{ textRoom: 4, listRoom: 10, previewRoom: 0, previewSign: true },
		],
		[
			"no sign where the list would keep fewer than two lines",
			{
				budget: 4,
				textLines: 1,
				fixedLines: 1,
				previewLines: 8,
				signLines: 1,
				listHeight: (room) => Math.min(5, room),
			},
			{ textRoom: 1, listRoom: 2, previewRoom: 0, previewSign: false },
		],
		[
			"a preview that can show three lines under its title is shown",
			{
				budget: 14,
				textLines: 1,
				fixedLines: 0,
				previewLines: 8,
				signLines: 1,
				listHeight: (room) => Math.min(6, room),
			},
			{ textRoom: 1, listRoom: 14, previewRoom: 6, previewSign: false },
		],
		[
			"a long list gets a window in what is left",
			{
				budget: 6,
				textLines: 1,
				fixedLines: 2,
				previewLines: 0,
				signLines: 1,
				listHeight: (room) => Math.min(10, room),
			},
			{ textRoom: 1, listRoom: 3, previewRoom: 0, previewSign: false },
		],
	];
	for (const [why, measure, fit] of cases) {
		it(why, () => expect(fitPlainOptions(measure)).toEqual(fit));
	}
});

describe("fitFrame", () => {
	const cases: [string, [number, number, boolean, boolean], FrameFit][] = [
		["room for both blank lines", [10, 5, true, false], { topSpacer: true, bottomSpacer: true, from: 0, to: 5 }],
		["one spare line goes to the top", [10, 9, true, false], { topSpacer: true, bottomSpacer: false, from: 0, to: 9 }],
		[
			"a body that wants no top line gets the bottom one",
			[10, 5, false, false],
			{ topSpacer: false, bottomSpacer: true, from: 0, to: 5 },
		],
		["too tall: the end is cut", [10, 14, true, false], { topSpacer: false, bottomSpacer: false, from: 0, to: 10 }],
		[
			"too tall with an input open: the start is cut, the input stays",
			[10, 14, true, true],
			{ topSpacer: false, bottomSpacer: false, from: 4, to: 14 },
		],
		["no room at all", [-2, 3, true, false], { topSpacer: false, bottomSpacer: false, from: 0, to: 0 }],
	];
	for (const [why, [framed, body, top, input], fit] of cases) {
		it(why, () => expect(fitFrame(framed, body, top, input)).toEqual(fit));
	}
});
