// The JSDoc types of the front end, in one place: what Python sends (the synced traits, see
// pyramide_widget/widget/model.py), every message a view sends back, and the shapes the view's
// parts share. Types only: nothing here runs, and the bundle holds none of it.

/**
 * The table's static layout (the `_table` trait, engine/view/snapshot.py): sent once per table.
 * @typedef {{pile: string, row?: number, col?: number}} Place
 * @typedef {{x: number, y: number}} Point
 * @typedef {{card: string, free: boolean, selectable: boolean}} FaceUpEntry
 * @typedef {FaceUpEntry | {face_down: true} | null} PyramidEntry
 * @typedef {{id: string, kind: string, number: number, count: number, cards: (string | null)[],
 *   free: number[], selectable: number[]}} PileState
 * @typedef {Point & {id: string, kind: string, area: string, fan: number,
 *   count: "always" | "hidden", empty: "outline" | "button"}} PilePlace
 * @typedef {{name: string, colour: string, red: boolean}} SuitLook
 * @typedef {{name: string, size: number, ranks: Record<string, string[]>,
 *   suits: Record<string, SuitLook>}} DeckView
 * @typedef {{name: string, target: number, rows: number, width: number, height: number,
 *   card: {width: number, height: number},
 *   places: {row: number[], col: number[], x: number[], y: number[], covered_by: number[][]},
 *   piles: {end: "top" | "bottom", stock: Point | null, discard: Point, places: PilePlace[]},
 *   deck: DeckView, tall?: Arrangement}} TableView
 * @typedef {{width: number, height: number, x: number[], y: number[], stock: Point | null,
 *   discard: Point, piles: Record<string, Point>}} Arrangement
 *
 * The position and what the widget adds to it (the `_state` trait): sent on every change.
 * @typedef {{move: string | null, kind: string, cards: string[]}} HintView
 * @typedef {{index: number, length: number, action: string | null, losing?: number,
 *   better?: {move: string, played: string} | null}} ReplayView
 * @typedef {{deal: {winnable: boolean | null, max_removed: number | null, at_least: number},
 *   size: number, removed: number, status: string, complete: boolean,
 *   losing_move: number | null, losing_action: string | null, better_move: string | null}} AnalysisView
 * @typedef {{rate: number, low: number, high: number, undecided?: number, layouts?: number,
 *   exact: boolean, final: boolean}} ChanceView
 * @typedef {{index: number, action: string, before: number, after: number, cost: number,
 *   better: string}} CostliestView
 * @typedef {{chance: number[], low: number[], high: number[], undecided?: number[], top: number,
 *   costliest: CostliestView | null}} ChanceReviewView
 * @typedef {{mode: "play" | "replay", code: string | null, rules: string, score: number,
 *   moves: number, status: "playing" | "won" | "no_moves", elapsed: number, running: boolean,
 *   message: {key: string, text: string} | null, pyramid: PyramidEntry[],
 *   stock: {count: number, action: "draw" | "recycle" | "none"}, stock_cards: string[] | null,
 *   piles: PileState[], selected: Place | null, selection: Place[], can_undo: boolean,
 *   hint: HintView | null, discard: {count: number, cards: string[]}, stuck: boolean,
 *   replay: ReplayView | null, error: string | null, stats: boolean,
 *   can_analyze: boolean, analysis: AnalysisView | null, chance?: ChanceView | null,
 *   chance_review?: ChanceReviewView | null,
 *   options: {explain_mistakes: boolean, french_indices: boolean, highlight_free?: boolean,
 *   show_chance?: boolean}}} State
 * What a view draws: the state on its table (client.js joins the two traits).
 * @typedef {State & {table: TableView}} Snapshot
 *
 * Sent once, or when the language changes; and long work under way.
 * @typedef {{sprite: string, faces: Record<string, [string, string]>,
 *   indices?: Record<string, Record<string, [string, string]>>}} DeckArt
 * @typedef {{palette: string, back: string, decks: Record<string, DeckArt>}} CardArt
 * @typedef {{language: string, strings: Record<string, string>, cards: Record<string, string>,
 *   presets: {letter: string, name: string}[], custom_rules: string,
 *   languages: {code: string, name: string}[], hint: boolean}} UiText
 * @typedef {{hint?: true, analysis?: {done: number, total: number}, chance?: true,
 *   chance_review?: {done: number, total: number}}} Work
 * @typedef {{_state: State, _table: TableView, _text: UiText, _work: Work, _art: CardArt}} Traits
 *
 * Every message the front end sends (Python checks each one: pyramide_widget/widget/protocol.py).
 * @typedef {{type: "tap", pile: string, row?: number, col?: number, card?: string}} TapMessage
 * @typedef {{type: "new", code: string, rules: string}} NewMessage
 * @typedef {{type: "option", name: "explain_mistakes" | "language" | "french_indices" |
 *   "highlight_free" | "show_chance", value: boolean | string}} OptionMessage
 * @typedef {{type: "replay_goto", index: number}} ReplayGotoMessage
 * @typedef {{type: "stats", rules?: string}} StatsMessage
 * @typedef {{type: "undo" | "deselect" | "restart" | "hint" | "analyze" | "analysis_better" | "replay_start" |
 *   "replay_stop" | "refresh"}} PlainMessage
 * @typedef {TapMessage | NewMessage | OptionMessage | ReplayGotoMessage | StatsMessage |
 *   PlainMessage} FrontEndMessage
 *
 * The anywidget model as a view uses it.
 * @typedef {{get<K extends keyof Traits>(key: K): Traits[K],
 *   on(event: string, fn: (...args: any[]) => void): void,
 *   off(event: string, fn: (...args: any[]) => void): void,
 *   send(message: FrontEndMessage): void}} Model
 */

/**
 * What the view's parts share.
 * @typedef {(key: string, values?: Record<string, unknown>) => string} Words the current
 *   language's string for `key`, its placeholders filled
 * @typedef {{kind: "removed" | "returned" | "drawn" | "stocked", card: string, pile: string,
 *   index?: number, at?: Point}} Motion
 * @typedef {{el: HTMLButtonElement, pile: string, row: number, col?: number, card: string | null,
 *   at?: Point, place?: Point & {row: number, col: number, covered_by: number[]}}} CardEl
 * @typedef {{table: TableView, selected: Place | Place[] | null, hint: Set<string>, text: UiText,
 *   replay: boolean, indices: string, art: DeckArt | null, back: string | null}} Look
 * @typedef {{el: HTMLElement, at?: Point, pile: string}} Stop
 *
 * Each region of a view is built once with the view's `Ctx` and wires its own events through it.
 * @typedef {{view: View, model: Model, now: () => number,
 *   on: (target: EventTarget, type: string, fn: (event: any) => void, capture?: boolean) => void,
 *   state: () => Snapshot, replaying: () => boolean, send: (message: FrontEndMessage) => void,
 *   S: Words, closePanels: (except?: HTMLElement) => void}} Ctx
 * @typedef {{el: HTMLElement, model: Model, now: () => number, timers: ReturnType<typeof setTimeout>[],
 *   listeners: (() => void)[], [key: string]: any}} View
 */

export {};
