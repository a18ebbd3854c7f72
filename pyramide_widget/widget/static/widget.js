// The Pyramide table: draws the engine's snapshot and reports taps. It never decides a rule.
//
// Python -> here: the synced traits `_state` (the position, see pyramide_widget/engine/view_state.py),
// `_text` (the current language's strings and card names, see ui_text.py), `_art` (the decks'
// card art and the table's palette, see art.py; sent once) and `_work` (long solver work under
// way).
// Here -> Python: `model.send(message)` only, one of the messages typed below; the kernel checks
// every one. Statistics travel on request: the panel sends {type: "stats", rules} and Python
// answers with a custom message {type: "stats", rules, stats, error} (and {type: "stats_changed"}
// after a game is recorded, so an open panel asks again).
//
// One builder per region (status line, board, toolbar, replay bar, panels, analysis) makes its DOM
// once per view; `render` hands each region the new snapshot and it updates in place, so keyboard
// focus survives every update (the board rebuilds its places only for another table). The board
// is itself made of parts with one job each (tableau, stock, discard pile, piles, banner, taps,
// drag, keys, motion). Test hooks: data-card / data-free / data-selected / data-face-down on
// cards, data-pile on the stock and on each pile's group, data-count on both, data-field on
// status fields, data-action on buttons, data-won on the board.
//
// No table fact lives here: the snapshot's `table` entry (view_state.table_view) gives the places
// and their positions, the board's and a card's size in drawing units, where the piles and the
// discard pile go, the deck's rank indices and suit colours.

/**
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
 * @typedef {{move: string | null, kind: string, cards: string[]}} HintView
 * @typedef {{index: number, length: number, action: string | null, losing?: number,
 *   better?: {move: string, played: string} | null}} ReplayView
 * @typedef {{deal: {winnable: boolean | null, max_removed: number | null, at_least: number},
 *   size: number, removed: number, status: string, complete: boolean,
 *   losing_move: number | null, losing_action: string | null, better_move: string | null}} AnalysisView
 * @typedef {{rate: number, low: number, high: number, exact: boolean, final: boolean}} ChanceView
 * @typedef {{index: number, action: string, before: number, after: number, cost: number,
 *   better: string}} CostliestView
 * @typedef {{chance: number[], low: number[], high: number[], top: number,
 *   costliest: CostliestView | null}} ChanceReviewView
 * @typedef {{mode: "play" | "replay", code: string | null, rules: string, score: number,
 *   moves: number, status: "playing" | "won" | "no_moves", elapsed: number, running: boolean,
 *   message: {key: string, text: string} | null, pyramid: PyramidEntry[],
 *   stock: {count: number, action: "draw" | "recycle" | "none"}, stock_cards: string[] | null,
 *   piles: PileState[], selected: Place | null, selection: Place[], can_undo: boolean,
 *   hint: HintView | null, discard: {count: number, cards: string[]}, stuck: boolean,
 *   replay: ReplayView | null, table: TableView, error: string | null, stats: boolean,
 *   can_analyze: boolean, analysis: AnalysisView | null, chance?: ChanceView | null,
 *   chance_review?: ChanceReviewView | null,
 *   options: {explain_mistakes: boolean, french_indices: boolean, highlight_free?: boolean,
 *   show_chance?: boolean}}} Snapshot
 * @typedef {{sprite: string, faces: Record<string, [string, string]>}} DeckArt
 * @typedef {{palette: string, back: string, decks: Record<string, DeckArt>}} CardArt
 * @typedef {{language: string, strings: Record<string, string>, cards: Record<string, string>,
 *   presets: {letter: string, name: string}[], custom_rules: string,
 *   languages: {code: string, name: string}[], hint: boolean}} UiText
 * @typedef {{hint?: true, analysis?: {done: number, total: number}, chance?: true,
 *   chance_review?: {done: number, total: number}}} Work
 * @typedef {{_state: Snapshot, _text: UiText, _work: Work, _art: CardArt}} Traits
 *
 * Every message the front end sends (Python checks each one: pyramide_widget/widget/model.py).
 * @typedef {{type: "tap", pile: string, row?: number, col?: number, card?: string}} TapMessage
 * @typedef {{type: "new", code: string, rules: string}} NewMessage
 * @typedef {{type: "option", name: "explain_mistakes" | "language" | "french_indices" |
 *   "highlight_free" | "show_chance", value: boolean | string}} OptionMessage
 * @typedef {{type: "replay_goto", index: number}} ReplayGotoMessage
 * @typedef {{type: "stats", rules?: string}} StatsMessage
 * @typedef {{type: "undo" | "restart" | "hint" | "analyze" | "analysis_better" | "replay_start" |
 *   "replay_stop" | "refresh"}} PlainMessage
 * @typedef {TapMessage | NewMessage | OptionMessage | ReplayGotoMessage | StatsMessage |
 *   PlainMessage} FrontEndMessage
 *
 * The anywidget model as this view uses it.
 * @typedef {{get<K extends keyof Traits>(key: K): Traits[K],
 *   on(event: string, fn: (...args: any[]) => void): void,
 *   off(event: string, fn: (...args: any[]) => void): void,
 *   send(message: FrontEndMessage): void}} Model
 */

// The smallest board the table shrinks to for a low screen: cards still about 35 px wide.
const MIN_BOARD_PX = 280;
// How many cards side by side the cell's width holds at least: in a tall room a narrow table
// (Six Rows) would otherwise grow far past a wide one's cards (Giza's), which the width holds.
const MIN_CARDS_ACROSS = 8.75;
// How long a card takes to move (drawn, removed, returned); the deal's cards follow each other
// DEAL_STEP_MS apart. How far a press must move to be a drag rather than a tap.
const MOTION_MS = 260;
const DEAL_STEP_MS = 18;
const DRAG_PX = 6;
// Room left below the table when it fits the screen: the cell's own bottom padding.
const FIT_MARGIN_PX = 4;
// Where the visible height of a notebook comes from: its scrolling panel (JupyterLab 4,
// Notebook 7, JupyterLite; JupyterLab 3) or an output view opened on its own; else the window
// of a top-level page. An output frame (Colab, VS Code) grows with what it holds: fitting the
// table to it would shrink the table frame after frame, so there the table keeps its size.
const SCROLLERS = ".jp-WindowedPanel-outer, .jp-Notebook, .jp-LinkedOutputView";
const SVG_NS = "http://www.w3.org/2000/svg";

/** @param {number} value @param {number} total */
const pct = (value, total) => `${((value * 100) / total).toFixed(4)}%`;

/**
 * The table's places, row-major, as {row, col, x, y, covered_by} (the snapshot sends columns).
 * @param {TableView} table
 */
export function placesOf(table) {
  const p = table.places;
  return p.row.map((row, i) => ({ row, col: p.col[i], x: p.x[i], y: p.y[i], covered_by: p.covered_by[i] }));
}

/**
 * Where a place or pile ({x, y} in drawing units) lies on the board, in % of its size.
 * @param {Point} place @param {TableView} table
 */
export function cardBox(place, table) {
  return { left: pct(place.x, table.width), top: pct(place.y, table.height) };
}

/**
 * The board's width in px that lets the whole table (status line, board, toolbar) fit `height`
 * px, when everything but the board takes `chrome` px, with at least MIN_CARDS_ACROSS cards
 * across the cell's `width`. Never below MIN_BOARD_PX: on a very low screen legible cards matter
 * more than seeing all at once.
 * @param {number} height @param {number} chrome @param {TableView} table @param {number} width
 */
export function fitBoardWidth(height, chrome, table, width) {
  const tall = ((height - chrome) * table.width) / table.height;
  const wide = (width * table.width) / (MIN_CARDS_ACROSS * table.card.width);
  return Math.max(MIN_BOARD_PX, Math.floor(Math.min(tall, wide)));
}

/**
 * The table in one of its arrangements: "wide" (as sent), or "tall" (the piles dealt at the
 * start in a row beyond the pyramid, for a room taller than wide) where the table has one.
 * @param {TableView} table @param {string} kind @returns {TableView}
 */
export function arranged(table, kind) {
  const tall = kind === "tall" ? table.tall : undefined;
  if (!tall) return table;
  return {
    ...table,
    width: tall.width,
    height: tall.height,
    places: { ...table.places, x: tall.x, y: tall.y },
    piles: {
      ...table.piles,
      stock: tall.stock,
      discard: tall.discard,
      places: table.piles.places.map((place) => ({ ...place, ...tall.piles[place.id] })),
    },
  };
}

/**
 * The arrangement of `table` with the larger cards in a room `width` px wide where the board may
 * be `height` px high, each capped as fitBoardWidth caps it: "tall" only where it is larger.
 * @param {TableView} table @param {number} height @param {number} width
 */
export function chooseArrangement(table, height, width) {
  /** @param {TableView} t */
  const card = (t) => Math.min(width / t.width, height / t.height, width / (MIN_CARDS_ACROSS * t.card.width));
  return table.tall && card(arranged(table, "tall")) > card(table) * 1.001 ? "tall" : "wide";
}

/**
 * How a card is shown, from the snapshot's deck: "Q♦" with French indices ->
 * {rank: "D", suit: "♦", red: true, colour: "red"} (display only, no rules). A card is written
 * in the snapshot with the deck's "en" indices and its suit symbol last.
 * @param {string} card @param {DeckView} deck @param {string} [indices]
 */
export function parseCard(card, deck, indices = "en") {
  const written = card.slice(0, -1);
  const suit = card.slice(-1);
  const rank = deck.ranks[indices][deck.ranks.en.indexOf(written)] ?? written;
  const look = deck.suits[suit];
  return { rank, suit, red: !!(look && look.red), colour: look ? look.colour : undefined };
}

/** Seconds -> "m:ss" or "h:mm:ss". @param {number} seconds */
export function formatTime(seconds) {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Seconds -> "m:ss.t" (tenths: statistics rank by time, so close times must differ).
 * @param {number | null | undefined} seconds */
export function formatDuration(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  const tenths = Math.round(Math.max(0, seconds) * 10);
  return `${formatTime(Math.floor(tenths / 10))}.${tenths % 10}`;
}

/** A share (0..1) as a whole percentage. @param {number} share */
export const percent = (share) => Math.round(share * 100);

/**
 * What the chance indicator says: the chance the kernel measured for this position with its
 * interval ("34% (28–41%)"), one number where it is exact, the end of a game as won or lost, and
 * while it is measured that it works (never the last position's number).
 * @param {ChanceView | null | undefined} chance @param {boolean} working
 * @param {(key: string, values?: Record<string, unknown>) => string} S
 */
export function chanceText(chance, working, S) {
  if (!chance) return working ? S("chance_working") : "—";
  if (chance.final) return S(chance.rate >= 1 ? "chance_won" : "chance_lost");
  const [rate, low, high] = [chance.rate, chance.low, chance.high].map(percent);
  return chance.exact || low === high ? S("chance_exact", { rate }) : S("chance_range", { rate, low, high });
}

/** Where the chance graph draws, in its own units: the plot between the axes' labels. */
const GRAPH = { width: 400, height: 128, left: 38, right: 10, top: 8, bottom: 30 };

/**
 * The moves the graph's x axis names: 0 (the deal), the last, and round steps between them that
 * leave room for their labels (at most 8 in all).
 * @param {number} last
 */
export function moveTicks(last) {
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500].find((s) => last / s <= 7) ?? Math.ceil(last / 7);
  const ticks = [];
  for (let at = 0; at < last; at += step) ticks.push(at);
  if (ticks.length > 1 && last - ticks[ticks.length - 1] < step / 2) ticks.pop(); // no crowding at the end
  ticks.push(last);
  return ticks;
}

/**
 * The chance over a game, as a chess evaluation graph: x the move (0, the deal), y the chance
 * from 0 to the top of its scale (`review.top`, which Python fits to the chances), its 95% range a band, and the move that cost the most chance a mark from the
 * chance before it to the chance after. Plain SVG in its own units, scaled to its box; its text
 * and lines take the panel's colours (the theme's). Draws only what `review` says.
 * @param {ChanceReviewView} review @param {{move: string, label: string}} words
 * @returns {SVGSVGElement}
 */
export function chanceGraph(review, words) {
  const { width, height, left, right, top, bottom } = GRAPH;
  const last = Math.max(1, review.chance.length - 1);
  /** @param {number} i */
  const x = (i) => left + (i * (width - left - right)) / last;
  /** @param {number} share */
  const y = (share) => top + (1 - share / review.top) * (height - top - bottom);
  /** @param {string} tag @param {Record<string, string | number>} attrs @param {string} [text] */
  const el = (tag, attrs, text) => {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const svg = /** @type {SVGSVGElement} */ (el("svg", {
    class: "pyr-chance-graph",
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": words.label,
    "data-field": "chance-graph",
  }));
  const grid = el("g", { class: "pyr-chance-grid" });
  for (const share of [0, review.top / 2, review.top]) {
    grid.append(el("line", { x1: left, x2: width - right, y1: y(share), y2: y(share) }));
    grid.append(el("text", { x: left - 4, y: y(share), "text-anchor": "end", "dominant-baseline": "middle", "data-tick": "y" }, `${percent(share)}%`));
  }
  for (const at of moveTicks(last)) {
    grid.append(el("line", { x1: x(at), x2: x(at), y1: height - bottom, y2: height - bottom + 3 }));
    grid.append(el("text", { x: x(at), y: height - bottom + 13, "text-anchor": "middle", "data-tick": "x" }, String(at)));
  }
  grid.append(el("text", { x: (left + width - right) / 2, y: height - 3, "text-anchor": "middle", "data-axis": "x" }, words.move));
  svg.append(grid);
  /** @param {number[]} values */
  const points = (values) => values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  const band = [...points(review.high), ...points(review.low).reverse()].join(" ");
  svg.append(el("polygon", { class: "pyr-chance-band", points: band }));
  svg.append(el("polyline", { class: "pyr-chance-line", points: points(review.chance).join(" ") }));
  const mark = review.costliest;
  if (mark) {
    const g = el("g", { class: "pyr-chance-costliest", "data-field": "chance-costliest", "data-index": mark.index });
    g.append(el("title", {}, `${mark.index}. ${mark.action}: ${percent(mark.before)}% → ${percent(mark.after)}%`));
    // A guide across the plot finds the move however little its bar is; the bar is its cost.
    g.append(el("line", { class: "pyr-chance-guide", x1: x(mark.index), x2: x(mark.index), y1: y(review.top), y2: y(0) }));
    g.append(el("line", { class: "pyr-chance-bar", x1: x(mark.index), x2: x(mark.index), y1: y(mark.before), y2: y(mark.after) }));
    g.append(el("circle", { cx: x(mark.index), cy: y(mark.after), r: 4 }));
    svg.append(g);
  }
  return svg;
}

/** Fill "{name}" placeholders. @param {string} template @param {Record<string, unknown>} values */
export function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}

/**
 * An element with attributes (`class`, `text`, any other: `true` writes it empty, `false`,
 * `null` and `undefined` leave it out) and children.
 * @template {keyof HTMLElementTagNameMap} T
 * @param {T} tag @param {Record<string, unknown>} [attrs] @param {(Node | string)[]} [children]
 * @returns {HTMLElementTagNameMap[T]}
 */
function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = String(value);
    else if (key === "text") el.textContent = String(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  // Form fields keep every key (typing, arrows in a select): no notebook shortcut inside them.
  if (tag === "input" || tag === "select") el.setAttribute("data-lm-suppress-shortcuts", "true");
  for (const child of children) el.append(child);
  return el;
}

/** @param {Element} el @param {string} name @param {unknown} value */
function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else {
    const text = value === true ? "" : String(value);
    if (el.getAttribute(name) !== text) el.setAttribute(name, text);
  }
}

/** @param {Node} el @param {unknown} value */
function setText(el, value) {
  const text = String(value);
  if (el.textContent !== text) el.textContent = text;
}

// The toolbar's icons: 24-unit line drawings in the text's colour.
/** @type {Record<string, string>} */
const ICONS = {
  undo: "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
  hint: "M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.3 1 2.3h6c0-1 .4-1.8 1-2.3A7 7 0 0 0 12 2z",
  restart: "M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5",
  new: "M12 5v14M5 12h14",
  analysis: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  replay: "M7 4v16l13-8z",
  stats: "M4 20V10M10 20V4M16 20v-7M22 20H2",
  options: "M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4",
};

/** A toolbar icon. @param {string} name */
function icon(name) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "pyr-icon");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

/** The nearest element from an event's target up that matches `selector` (a target may be a
 * text node, or the window). @param {EventTarget | null} target @param {string} selector */
function closest(target, selector) {
  const el = /** @type {Element | null} */ (target);
  return el && typeof el.closest === "function" ? el.closest(selector) : null;
}

/** @param {Place | null | undefined} a @param {Place | null | undefined} b */
function samePlace(a, b) {
  return !!a && !!b && a.pile === b.pile && (a.row ?? 1) === (b.row ?? 1) && (a.col ?? null) === (b.col ?? null);
}

/** Whether `place` is selected: `selected` is one place, or a list of them where a game
 * selects several cards at once.
 * @param {Place | Place[] | null} selected @param {Place} place */
function isSelectedPlace(selected, place) {
  return Array.isArray(selected) ? selected.some((s) => samePlace(s, place)) : samePlace(selected, place);
}

/** @type {Record<string, [number, number]>} */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The candidate ({x, y} in drawing units) an arrow key goes to from `from`: the nearest one
 * ahead in that direction, a step aside counting twice a step ahead, so that the keys follow
 * rows and columns wherever the piles lie. null when none lies ahead.
 * @template {Point} C
 * @param {Point} from @param {C[]} candidates @param {string} key
 * @returns {C | null}
 */
export function nearestInDirection(from, candidates, key) {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const [ax, ay] = arrow;
  /** @type {C | null} */
  let best = null;
  let bestScore = Infinity;
  for (const c of candidates) {
    const dx = c.x - from.x;
    const dy = c.y - from.y;
    const ahead = dx * ax + dy * ay;
    if (ahead <= 0) continue;
    const score = ahead + 2 * Math.abs(dx * ay + dy * ax);
    if (score < bestScore) [best, bestScore] = [c, score];
  }
  return best;
}

/**
 * @typedef {{kind: "removed" | "returned" | "drawn" | "stocked", card: string, pile: string,
 *   index?: number, at?: Point}} Motion
 */

/**
 * What a new snapshot moves, for the animations, given the one before it on the same table:
 * {kind, card, pile, index | at} with kind "removed" (a card gone from the table: `index` its
 * pyramid place, `at` where it lay in a pile), "returned" (an undo or a restart puts it back),
 * "drawn" (from the stock onto a pile the stock deals onto) or "stocked" (from a pile back to
 * the stock: an undone draw, a recycle). Every pile alike: a pile that grows while the stock
 * shrinks was dealt onto, one that shrinks while the stock grows was turned back. Display
 * only: the engine has already decided every move.
 * @param {Snapshot | null} before @param {Snapshot} after
 * @returns {Motion[]}
 */
export function motions(before, after) {
  if (!before || before.table.name !== after.table.name) return [];
  /** @type {Motion[]} */
  const out = [];
  /** @param {PyramidEntry | undefined} entry */
  const cardOf = (entry) => (entry && "card" in entry ? entry.card : null);
  /** @param {Snapshot} st */
  const onTable = (st) => new Set([...st.pyramid.map(cardOf), ...(st.piles || []).flatMap((pile) => pile.cards)]);
  // A card still on the table after the move was not removed: it moved (into a cell); one that
  // was on it before did not come back: it moved too.
  const still = onTable(after);
  const was = onTable(before);
  after.pyramid.forEach((entry, index) => {
    const then = cardOf(before.pyramid[index]);
    const now = cardOf(entry);
    if (then && !now && !still.has(then)) out.push({ kind: "removed", card: then, pile: "pyramid", index });
    else if (!before.pyramid[index] && now) out.push({ kind: "returned", card: now, pile: "pyramid", index });
  });
  const stock = after.stock.count - before.stock.count;
  for (const pile of before.piles || []) {
    const now = (after.piles || []).find((p) => p.id === pile.id);
    const place = (before.table.piles.places || []).find((p) => p.id === pile.id);
    if (!now || !place) continue;
    const top = pile.cards.at(-1) ?? null;
    const nowTop = now.cards.at(-1) ?? null;
    if (now.count > pile.count && nowTop && !was.has(nowTop)) {
      out.push({ kind: stock < 0 ? "drawn" : "returned", card: nowTop, pile: pile.id });
    } else if (now.count < pile.count && stock > 0) {
      if (top) out.push({ kind: "stocked", card: top, pile: pile.id });
    } else if (now.count < pile.count) {
      // The cards that left the table, where they lay (a pile that grew lost none: its former
      // top is only covered).
      pile.cards.forEach((card, index) => {
        const at = pileCardAt(place, index, pile.cards.length, before.table);
        if (card && !still.has(card)) out.push({ kind: "removed", card, pile: pile.id, at });
      });
    }
  }
  return out;
}

/**
 * Whether `after` is a fresh deal to animate: the first drawing of a game not yet begun, a new
 * deal, a restart. Display only.
 * @param {Snapshot | null} before @param {Snapshot} after
 */
export function isDeal(before, after) {
  if (after.mode !== "play" || after.moves !== 0 || after.discard.count !== 0) return false;
  return !before || before.mode !== "play" || before.code !== after.code || before.table.name !== after.table.name || before.moves > 0;
}

/**
 * Where card `index` of a pile showing `n` cards lies ({x, y}, drawing units), from the pile's
 * place in the table entry: a fanned pile's cards step down by its fan; in a squared pile each
 * card beneath the top lies a step to its left.
 * @param {PilePlace} place @param {number} index @param {number} n @param {TableView} table
 * @returns {Point}
 */
export function pileCardAt(place, index, n, table) {
  if (place.fan) return { x: place.x, y: place.y + index * place.fan };
  return { x: place.x - (n - 1 - index) * 0.38 * table.card.width, y: place.y };
}

/**
 * Where card `index` of the discard pile's top `n` lies: each a little to the right of and
 * below the one before, so that the last removal's cards all show.
 * @param {Point} place @param {number} index @param {number} n @param {TableView} table
 * @returns {Point}
 */
export function discardCardAt(place, index, n, table) {
  const step = n > 1 ? 0.12 : 0;
  return { x: place.x + (index - (n - 1) / 2) * step * table.card.width, y: place.y + index * 0.04 * table.card.height };
}

/**
 * What the table says once a game is over, or nothing more can be removed (R17, R18): null
 * while play goes on, and never during a replay.
 * @param {Snapshot} st
 * @returns {"won" | "no_moves" | "stuck" | null}
 */
export function endOf(st) {
  if (st.mode === "replay") return null;
  if (st.status === "won" || st.status === "no_moves") return st.status;
  return st.stuck ? "stuck" : null;
}

// ---------------------------------------------------------------------------------- cards
// A card is a button holding its face: the deck's art (a <use> of the sprite Python sends) when
// the view has it, else a drawn index and pip. `drawCard` fills it from a snapshot entry.

/**
 * @typedef {{el: HTMLButtonElement, pile: string, row: number, col?: number, card: string | null,
 *   at?: Point, place?: Point & {row: number, col: number, covered_by: number[]}}} CardEl
 * @typedef {{table: TableView, selected: Place | Place[] | null, hint: Set<string>, text: UiText,
 *   replay: boolean, indices: string, art: DeckArt | null, back: string | null}} Look
 */

/** One card's button. @param {string} pile @param {number} [row] @param {number} [col] @returns {CardEl} */
function makeCard(pile, row = 1, col) {
  const el = h("button", { type: "button", class: "pyr-card", tabindex: "-1", hidden: true }, [
    h("span", { class: "pyr-index" }, [h("span", { class: "pyr-rank" }), h("span", { class: "pyr-suit" })]),
    h("span", { class: "pyr-pip", "aria-hidden": "true" }),
  ]);
  return { el, pile, row, col, card: null };
}

/**
 * Draw a face (or a back) into `el`: the art's symbol when there is art, else the drawn index
 * and pip. `covered`: a card lies over its lower half, so only its upper marks show.
 * @param {HTMLElement} el @param {string | null} card @param {Look} look @param {boolean} covered
 */
function paintFace(el, card, look, covered) {
  const id = !card ? look.back : look.art ? look.art.faces[card]?.[covered ? 1 : 0] ?? null : null;
  let art = /** @type {SVGSVGElement | null} */ (el.querySelector(":scope > .pyr-art"));
  if (id) {
    if (!art) {
      art = document.createElementNS(SVG_NS, "svg");
      art.setAttribute("class", "pyr-art");
      art.setAttribute("viewBox", "0 0 250 350");
      art.setAttribute("aria-hidden", "true");
      art.append(document.createElementNS(SVG_NS, "use"));
      el.prepend(art);
    }
    const use = /** @type {SVGUseElement} */ (art.firstChild);
    if (use.getAttribute("href") !== `#${id}`) use.setAttribute("href", `#${id}`);
  } else if (art) art.remove();
  el.classList.toggle("pyr-has-art", !!id);
  const parts = /** @type {HTMLElement[]} */ ([...el.querySelectorAll(".pyr-rank, .pyr-suit, .pyr-pip")]);
  if (!card) {
    for (const part of parts) setText(part, "");
    return;
  }
  const { rank, suit } = parseCard(card, look.table.deck, look.indices);
  setText(parts[0], rank);
  setText(parts[1], suit);
  setText(parts[2], suit);
}

const CARD_ATTRS = [
  "data-card", "data-free", "data-selected", "data-selectable", "data-hint", "data-colour",
  "aria-label", "aria-pressed", "aria-disabled",
];

/**
 * Fill a card's button from its snapshot entry: null (gone), a face-down card (a back that no
 * reader reaches: a tap sends its place alone), or a face with its state.
 * @param {CardEl} card @param {PyramidEntry | undefined} entry @param {Look} look
 * @param {(key: string, values?: Record<string, unknown>) => string} S @param {boolean} covered
 */
function drawCard(card, entry, look, S, covered = false) {
  const el = card.el;
  setAttr(el, "data-face-down", entry && "face_down" in entry ? "true" : null);
  if (!entry || "face_down" in entry) {
    card.card = null;
    setAttr(el, "hidden", entry ? null : true);
    setAttr(el, "aria-hidden", entry ? "true" : null);
    // Nothing of the card it showed before (an undo turns a card face down again) stays.
    for (const name of CARD_ATTRS) setAttr(el, name, null);
    el.classList.remove("pyr-red");
    if (entry) paintFace(el, null, look, false);
    return;
  }
  const { table, selected, hint, text, replay } = look;
  const { red, colour } = parseCard(entry.card, table.deck, look.indices);
  const chosen = isSelectedPlace(selected, placeOf(card));
  card.card = entry.card;
  paintFace(el, entry.card, look, covered);
  setAttr(el, "hidden", null);
  setAttr(el, "aria-hidden", null);
  setAttr(el, "data-card", entry.card);
  setAttr(el, "data-free", entry.free ? "true" : "false");
  setAttr(el, "data-selectable", entry.selectable ? "true" : "false");
  setAttr(el, "data-selected", chosen ? "true" : "false");
  setAttr(el, "data-hint", hint.has(entry.card) ? "true" : null);
  setAttr(el, "data-colour", colour);
  setAttr(el, "aria-pressed", chosen ? "true" : "false");
  setAttr(el, "aria-disabled", replay ? "true" : null);
  el.classList.toggle("pyr-red", red);
  const name = text.cards?.[entry.card] || entry.card;
  const word = chosen ? S("selected") : entry.free ? S("free") : S("blocked");
  setAttr(el, "aria-label", S("card_state", { card: name, state: word }));
}

/** @param {CardEl} card @returns {Place} */
const placeOf = (card) => ({ pile: card.pile, row: card.row, col: card.col });

// ---------------------------------------------------------------------------------- regions
// Each builder makes one region of the table once and returns its elements with
// `render(st, text)` (a new snapshot) and `renderText(text)` (a new language); it wires its own
// events through `ctx`, which every region of one view shares.

/**
 * @typedef {{view: View, model: Model, now: () => number,
 *   on: (target: EventTarget, type: string, fn: (event: any) => void, capture?: boolean) => void,
 *   state: () => Snapshot, replaying: () => boolean, send: (message: FrontEndMessage) => void,
 *   S: (key: string, values?: Record<string, unknown>) => string, openNewGame: () => void,
 *   openAnalysis: () => void, closePanels: (except?: HTMLElement) => void}} Ctx
 * @typedef {{el: HTMLElement, model: Model, now: () => number, timers: ReturnType<typeof setTimeout>[],
 *   listeners: (() => void)[], [key: string]: any}} View
 */

/** The status line: deal code, rules, score, moves, clock, and the message of the moment (with
 * the progress of long solver work and a replay's note on its losing move).
 * @param {Ctx} ctx */
function buildStatusBar(ctx) {
  const { S, on } = ctx;
  /** @type {[HTMLElement, string][]} */
  const labels = [];
  /** @param {string} key @param {string} name */
  const labelled = (key, name) => {
    const label = h("span", { class: "pyr-label" });
    const value = h("span", { class: `pyr-value pyr-${name}`, "data-field": name });
    labels.push([label, key]);
    return { box: h("span", { class: "pyr-stat" }, [label, " ", value]), value };
  };
  const code = labelled("code", "code");
  const copy = h("button", { type: "button", class: "pyr-btn pyr-small", "data-action": "copy" });
  code.box.append(" ", copy);
  const rules = h("span", { class: "pyr-rules", "data-field": "rules" });
  const score = labelled("score", "score");
  const moves = labelled("moves", "moves");
  const time = labelled("time", "time");
  const message = h("div", { class: "pyr-message", "data-field": "message", role: "status", "aria-live": "polite" });
  // What is said now (the message, and what other regions add: the progress of long work, a
  // replay's losing move) takes the rest of the line, so that saying it never adds one.
  const say = h("div", { class: "pyr-say" }, [message]);
  const bar = h("div", { class: "pyr-status" }, [code.box, rules, score.box, moves.box, time.box, say]);
  const fields = { code: code.value, score: score.value, moves: moves.value, time: time.value };
  /** @type {{elapsed: number, running: boolean, at: number} | null} */
  let clock = null;

  function tick() {
    if (!clock) return;
    const elapsed = clock.running ? clock.elapsed + (ctx.now() - clock.at) / 1000 : clock.elapsed;
    setText(fields.time, formatTime(elapsed));
  }
  // The clock ticks here from the last snapshot; the kernel is not asked every second.
  if (typeof setInterval === "function") ctx.view.timers.push(setInterval(() => clock && clock.running && tick(), 1000));

  function copyCode() {
    const done = () => {
      setText(copy, S("copied"));
      ctx.view.timers.push(setTimeout(() => setText(copy, S("copy")), 1500));
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(fields.code.textContent || "").then(done, selectCode);
    } else selectCode();
  }
  function selectCode() {
    const range = document.createRange();
    range.selectNodeContents(fields.code);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
  on(copy, "click", copyCode);

  /** @param {Snapshot} st @param {UiText} text */
  function render(st, text) {
    const replay = st.mode === "replay";
    setText(fields.code, st.code || "—");
    setAttr(copy, "hidden", st.code ? null : true);
    const preset = (text.presets || []).find((p) => p.letter === st.rules);
    setText(rules, preset ? preset.name : text.custom_rules || st.rules);
    setText(fields.score, st.score);
    setText(fields.moves, st.moves);
    clock = { elapsed: st.elapsed, running: st.running && !replay, at: ctx.now() };
    tick();
    // The end of a game is said once, by the banner on the table: not here as well.
    let msg = st.message && !endOf(st) ? st.message.text : "";
    if (replay && st.replay) {
      const r = st.replay;
      msg = `${S("step", { index: r.index, length: r.length })}: ${r.action ?? S("at_deal")}`;
    } else if (!msg && st.hint && !endOf(st)) {
      const kind = st.hint.kind;
      msg = kind === "none" ? S("hint_none") : kind === "draw" ? S("hint_draw") : kind === "recycle" ? S("hint_recycle") : S("hint_move", { move: st.hint.move });
    }
    setText(message, msg);
    setAttr(message, "data-key", replay ? "replay" : msg && st.message ? st.message.key : msg && st.hint ? "hint" : null);
  }

  function renderText() {
    for (const [label, key] of labels) setText(label, S(key));
    setText(copy, S("copy"));
  }

  return { bar, say, message, fields, rules, copy, tick, render, renderText };
}

/**
 * Every pile besides the pyramid and the stock (the standard game's waste, waste piles, a
 * reserve, a cell, columns…), drawn from the snapshot's `piles` list where the table entry puts
 * each one and as it says to draw it (`table.piles.places`: its first card's corner; `fan`, how
 * far down each next card lies, in drawing units; `count`, when the number of its cards is
 * written under it; `empty`, whether an empty pile is a plain outline or a button naming it). A
 * fanned pile (a column) shows its cards overlapping downwards; a squared one (a waste pile, a
 * cell) its top card and any card beneath it the snapshot sends, a step to its left. Nothing
 * here knows a game or a kind of pile: which cards are free or selectable, and what a tap does,
 * come from the snapshot; a tap goes back as the pile's id and the card's depth (1 the top), an
 * empty pile's button as its id alone. Each pile is one group element (`data-pile`, its name as
 * label) holding its place (outline and count) and its cards.
 * @param {Ctx} ctx
 */
function buildPiles(ctx) {
  const { S, send } = ctx;
  const layer = h("div", { class: "pyr-piles" });
  /**
   * @typedef {{id: string, at: PilePlace, box: HTMLElement, empty: HTMLElement, count: HTMLElement,
   *   cards: CardEl[], shown: number, outline: {el: HTMLElement, at: Point, pile: string} | null}} Slot
   * @type {Map<string, Slot>}
   */
  const slots = new Map();

  /** Forget the piles of another table. */
  function lay() {
    slots.clear();
    layer.replaceChildren();
  }

  /** @param {PileState} pile @param {TableView} table @returns {Slot} */
  function slotFor(pile, table) {
    const known = slots.get(pile.id);
    if (known) return known;
    const at = (table.piles.places || []).find((p) => p.id === pile.id);
    if (!at) throw new Error(`the table entry places no pile "${pile.id}"`);
    // An outline where nothing is ever put by hand (a waste pile) is a drawing; one a card may
    // be put in, or that names its place (a cell, an emptied column), a button.
    const button = at.empty === "button";
    const empty = button ? h("button", { type: "button", class: "pyr-empty", tabindex: "-1" }) : h("span", { class: "pyr-empty" });
    const count = h("span", { class: "pyr-count", "aria-hidden": "true" });
    const place = h("div", { class: "pyr-slot-place" }, [empty, count]);
    Object.assign(place.style, cardBox(at, table));
    const box = h("div", { class: "pyr-slot", "data-pile": pile.id, "data-kind": pile.kind, role: "group" }, [place]);
    layer.append(box);
    // A button outline takes the keyboard like a card while the pile is empty (a cell to fill).
    const slot = { id: pile.id, at, box, empty, count, cards: [], shown: 0, outline: button ? { el: empty, at, pile: pile.id } : null };
    slots.set(pile.id, slot);
    return slot;
  }

  /** @param {Slot} slot @param {number} k */
  function cardFor(slot, k) {
    while (slot.cards.length <= k) {
      const card = makeCard(slot.id);
      slot.box.append(card.el);
      slot.cards.push(card);
    }
    return slot.cards[k];
  }

  /** A pile's card as drawCard takes it: a face-down card (null) is a back and nothing more.
   * @param {PileState} pile @param {number} index @returns {PyramidEntry} */
  const entryOf = (pile, index) => {
    const card = pile.cards[index];
    return card === null ? { face_down: true } : { card, free: pile.free.includes(index), selectable: pile.selectable.includes(index) };
  };

  /** What a pile is called: the only pile of its kind with a sentence of its own for its count
   * ("12 cards in the waste", "Empty waste"), said so; else its name ("Waste pile 2").
   * @param {PileState} pile @param {UiText} text */
  function label(pile, text) {
    const strings = text.strings || {};
    if (pile.id === pile.kind && `${pile.kind}_count` in strings && `${pile.kind}_empty` in strings) {
      return pile.count ? S(`${pile.kind}_count`, { n: pile.count }) : S(`${pile.kind}_empty`);
    }
    return pileName(pile, text);
  }

  /** A pile's name: "Reserve 3", or "Reserve" when it is the only reserve pile.
   * @param {PileState} pile @param {UiText} text */
  const pileName = (pile, text) =>
    pile.id === pile.kind && `pile_${pile.kind}_one` in (text.strings || {})
      ? S(`pile_${pile.kind}_one`)
      : S(`pile_${pile.kind}`, { n: pile.number });

  /** @param {Snapshot} st @param {Look} look */
  function render(st, look) {
    const focused = [...every(), ...outlines()].find((c) => c.el === document.activeElement);
    const seen = new Set();
    for (const pile of st.piles || []) {
      const slot = slotFor(pile, look.table);
      seen.add(slot.id);
      const { fan } = slot.at;
      const n = pile.cards.length;
      slot.shown = n;
      pile.cards.forEach((_, index) => {
        const card = cardFor(slot, index);
        card.row = n - index; // its depth: 1 for the top card
        card.at = pileCardAt(slot.at, index, n, look.table);
        Object.assign(card.el.style, cardBox(card.at, look.table));
        card.el.style.zIndex = String(11 + index); // over the tableau, each card on the one before
        drawCard(card, entryOf(pile, index), look, S, !!fan && index < n - 1);
        setAttr(card.el, "data-covered", fan && index < n - 1 ? "true" : null);
      });
      // A card no longer there goes, so that a pile's last card element is always its top.
      for (const card of slot.cards.splice(n)) card.el.remove();
      setAttr(slot.box, "data-count", pile.count);
      setAttr(slot.box, "aria-label", label(pile, look.text));
      setAttr(slot.empty, "hidden", n ? true : null);
      if (slot.outline) {
        setAttr(slot.empty, "aria-disabled", look.replay ? "true" : null);
        setText(slot.empty, pileName(pile, look.text));
      }
      setText(slot.count, slot.at.count === "always" || pile.count > n ? pile.count : "");
    }
    for (const slot of slots.values()) setAttr(slot.box, "hidden", seen.has(slot.id) ? null : true);
    // One tab stop among the piles, kept on a card or outline still there; a removed card's
    // focus goes to the nearest one left.
    const reachable = stops();
    const stop = reachable.find((c) => c.el.tabIndex === 0) || reachable[0];
    for (const c of [...every(), ...outlines()]) setAttr(c.el, "tabindex", c === stop ? "0" : "-1");
    if (focused && !reachable.includes(focused)) {
      const next = nearestOf(focused.at || { x: 0, y: 0 }, reachable);
      if (next) next.el.focus();
    }
  }

  // An empty pile's button is a place to put a card (a free cell): its id alone.
  ctx.on(layer, "click", (/** @type {MouseEvent} */ event) => {
    const slot = closest(closest(event.target, "button.pyr-empty"), ".pyr-slot");
    if (!slot || ctx.replaying()) return;
    ctx.view.lastTap = ctx.now();
    send({ type: "tap", pile: /** @type {HTMLElement} */ (slot).dataset.pile || "", row: 1 });
  });

  /** Every card element of every pile, shown or not. */
  const every = () => [...slots.values()].flatMap((slot) => slot.cards);
  /** @returns {{el: HTMLElement, at: Point, pile: string}[]} */
  const outlines = () => [...slots.values()].flatMap((slot) => (slot.outline ? [slot.outline] : []));
  /** What the arrow keys reach here: the face-up cards, and the button of each empty pile.
   * @returns {{el: HTMLElement, at?: Point, pile: string}[]} */
  const stops = () => [
    ...every().filter((c) => c.card),
    ...outlines().filter((o) => !o.el.hidden && !o.el.closest("[hidden]")),
  ];
  /** @template {{at?: Point}} C @param {Point} at @param {C[]} cards @returns {C | undefined} */
  const nearestOf = (at, cards) => {
    const far = (/** @type {C} */ c) => (c.at ? Math.hypot(c.at.x - at.x, c.at.y - at.y) : Infinity);
    return [...cards].sort((a, b) => far(a) - far(b))[0];
  };
  /** The element of a pile's top card as last drawn (null when it is empty). @param {string} id */
  const topOf = (id) => {
    const slot = slots.get(id);
    return slot && slot.shown ? slot.cards[slot.shown - 1].el : null;
  };
  /** The element of a pile's card showing `card`, if it shows. @param {string} card */
  const elementOf = (card) => every().find((c) => c.card === card)?.el ?? null;

  return { layer, lay, render, cards: every, stops, topOf, elementOf };
}

/** The tableau: one card button per place of the table, laid out as its entry says.
 * @param {Ctx} ctx */
function buildTableau(ctx) {
  const { S } = ctx;
  const pyramid = h("div", { class: "pyr-pyramid", role: "group" });
  /** @type {CardEl[]} the places in row-major order, as st.pyramid lists them */
  const cards = [];

  /** @param {TableView} table */
  function lay(table) {
    const places = placesOf(table).map((place) => {
      const card = makeCard("pyramid", place.row, place.col);
      Object.assign(card.el.style, cardBox(place, table));
      card.el.style.zIndex = String(place.row); // each row lies on the one before
      return Object.assign(card, { place, at: place });
    });
    cards.splice(0, cards.length, ...places);
    pyramid.replaceChildren(...places.map((card) => card.el));
  }

  /** @param {Snapshot} st @param {Look} look @param {(card: CardEl) => void} focusCard @param {() => void} focusStock */
  function render(st, look, focusCard, focusStock) {
    // Roving focus: keep the tableau's single tab stop on a card that is still there.
    const focusedIndex = cards.findIndex((c) => c.el === document.activeElement);
    st.pyramid.forEach((entry, i) => {
      const card = cards[i];
      // A card with a card on it shows at most its top half and a corner, so its lower marks
      // would show as a sliver beside that card.
      const covered = !!card.place && card.place.covered_by.some((j) => st.pyramid[j]);
      drawCard(card, entry, look, S, covered);
      setAttr(card.el, "data-covered", entry && covered ? "true" : null);
    });
    let stop = cards.find((c) => c.el.tabIndex === 0 && c.card);
    if (!stop) {
      stop = cards.filter((c) => c.card && c.el.dataset.free === "true").pop() || cards.find((c) => c.card);
      for (const c of cards) setAttr(c.el, "tabindex", c === stop ? "0" : "-1");
    }
    if (focusedIndex >= 0 && !cards[focusedIndex].card) {
      // The focused card was just removed: keep the keyboard in the tableau.
      const gone = cards[focusedIndex];
      const distance = (/** @type {CardEl} */ c) => Math.abs(c.row - gone.row) + Math.abs((c.col ?? 0) - (gone.col ?? 0));
      const next = cards.filter((c) => c.card).sort((a, b) => distance(a) - distance(b))[0];
      if (next) focusCard(next);
      else focusStock();
    }
  }

  return { pyramid, cards, lay, render };
}

/** The stock: a face-down pile that deals when tapped (or turns the waste over), with its count;
 * and, with the stock face up (a knob of the rules), its cards in the order they will be drawn.
 * @param {Ctx} ctx */
function buildStock(ctx) {
  const { S, on } = ctx;
  const stock = h("button", { type: "button", class: "pyr-pile pyr-stock", "data-pile": "stock" }, [
    h("span", { class: "pyr-back" }),
    h("span", { class: "pyr-recycle", "aria-hidden": "true" }),
  ]);
  const count = h("span", { class: "pyr-count", "aria-hidden": "true" });
  const box = h("div", { class: "pyr-pilebox pyr-stockbox" }, [stock, count]);
  const order = h("ol", { class: "pyr-stock-order", "data-field": "stock-order", hidden: true });
  on(stock, "click", () => {
    if (ctx.replaying()) return;
    ctx.view.lastTap = ctx.now();
    ctx.send({ type: "tap", pile: "stock" });
  });

  /** A table without a stock (Giza) draws none. @param {TableView} table */
  function lay(table) {
    const at = table.piles.stock;
    setAttr(box, "hidden", at ? null : true);
    if (at) Object.assign(box.style, cardBox(at, table));
  }

  /** @param {Snapshot} st @param {Look} look */
  function render(st, look) {
    const sc = st.stock.count;
    setAttr(stock, "data-count", sc);
    setAttr(stock, "data-action-next", st.stock.action);
    setAttr(stock, "data-hint", st.hint && (st.hint.kind === "draw" || st.hint.kind === "recycle") ? "true" : null);
    setAttr(stock, "aria-disabled", look.replay || st.stock.action === "none" ? "true" : null);
    setAttr(stock, "aria-label", sc ? S("stock_draw", { n: sc }) : st.stock.action === "recycle" ? S("stock_recycle") : S("stock_empty"));
    setAttr(stock, "data-depth", sc > 12 ? "3" : sc > 4 ? "2" : sc > 1 ? "1" : null); // its edge, thicker the more it holds
    paintFace(/** @type {HTMLElement} */ (stock.firstChild), null, look, false);
    setText(/** @type {HTMLElement} */ (stock.lastChild), !sc && st.stock.action === "recycle" ? `↻ ${S("recycle")}` : "");
    setText(count, sc);
    // The stock face up (Rules.stock_face_up): its cards, the next drawn first.
    const shown = st.stock_cards || [];
    setAttr(order, "hidden", shown.length ? null : true);
    const shownKey = `${look.indices} ${shown.join(" ")}`; // rebuilt when the cards or the indices change
    if (order.dataset.shown !== shownKey) {
      order.replaceChildren(
        ...shown.map((card) => {
          const { rank, suit, red, colour } = parseCard(card, look.table.deck, look.indices);
          return h("li", { class: red ? "pyr-red" : null, "data-colour": colour, "data-card": card, text: rank + suit });
        }),
      );
      order.dataset.shown = shownKey;
    }
  }

  return { stock, count, box, order, lay, render };
}

// How the discard pile's cards lie, each a little turned (by its place in the pile, so a card
// keeps its angle from one update to the next).
const TOSSED = [-8, 5, -3, 9, -6, 3];

/** The discard pile: where removed cards go, the last removal's cards on top, face up, and how
 * many lie there. Nothing in it is played: its cards carry `data-discarded`, not `data-card`.
 * @param {Ctx} ctx */
function buildDiscard(ctx) {
  const { S } = ctx;
  const outline = h("span", { class: "pyr-empty" });
  const count = h("span", { class: "pyr-count", "aria-hidden": "true" });
  const place = h("div", { class: "pyr-slot-place" }, [outline, count]);
  const box = h("div", { class: "pyr-discard", "data-pile": "discard", role: "img" }, [place]);
  /** @type {HTMLElement[]} */
  const cards = [];

  /** @param {TableView} table */
  function lay(table) {
    Object.assign(place.style, cardBox(table.piles.discard, table));
    for (const el of cards.splice(0)) el.remove();
  }

  /** @param {Snapshot} st @param {Look} look */
  function render(st, look) {
    const { count: n, cards: top } = st.discard;
    while (cards.length < top.length) {
      const el = makeCard("discard").el;
      el.removeAttribute("tabindex");
      el.disabled = true;
      setAttr(el, "aria-hidden", "true");
      box.append(el);
      cards.push(el);
    }
    for (const el of cards.splice(top.length)) el.remove();
    top.forEach((card, index) => {
      const el = cards[index];
      const { red, colour } = parseCard(card, look.table.deck, look.indices);
      Object.assign(el.style, cardBox(discardCardAt(look.table.piles.discard, index, top.length, look.table), look.table));
      el.style.zIndex = String(11 + index);
      el.style.rotate = `${TOSSED[(n - top.length + index) % TOSSED.length]}deg`;
      setAttr(el, "hidden", null);
      setAttr(el, "data-discarded", card);
      setAttr(el, "data-colour", colour);
      el.classList.toggle("pyr-red", red);
      paintFace(el, card, look, false);
    });
    setAttr(box, "data-count", n);
    setAttr(outline, "hidden", n ? true : null);
    setText(count, n || "");
    setAttr(box, "aria-label", n ? S("discard_count", { n }) : S("discard_empty"));
  }

  /** The element showing `card` on top of the pile, if it is there. @param {string} card */
  const elementOf = (card) => cards.find((el) => el.dataset.discarded === card) ?? null;

  return { box, lay, render, elementOf };
}

/** The end of a game said once, on the table: its title and one line (R17, R18, and the offer
 * of a new game once nothing more can be removed while drawing goes on: st.stuck). The actions
 * that make sense then are the toolbar's. Not during a replay.
 * @param {Ctx} ctx */
function buildBanner(ctx) {
  const { S } = ctx;
  const title = h("div", { class: "pyr-banner-title", "data-field": "banner-title" });
  const detail = h("div", { class: "pyr-banner-detail", "data-field": "banner-detail" });
  const banner = h("div", { class: "pyr-banner", "data-field": "banner", role: "alert", hidden: true }, [title, detail]);

  /** @param {Snapshot} st @param {HTMLElement} board */
  function render(st, board) {
    const end = endOf(st);
    setAttr(banner, "hidden", end ? null : true);
    setAttr(banner, "data-status", end);
    setAttr(board, "data-won", end === "won" ? "true" : null); // the celebration
    if (!end) return;
    setText(title, end === "won" ? S("won_title") : end === "stuck" ? S("stuck_title") : S("no_moves_title"));
    setText(
      detail,
      end === "won"
        ? S("won_detail", { score: st.score, time: formatTime(st.elapsed), moves: st.moves })
        : end === "stuck"
          ? S("stuck_help")
          : S("no_moves_help"),
    );
  }
  return { banner, title, detail, render };
}

/**
 * Cards that move (display only: the DOM already shows the new position when they run, and
 * each animation starts from where the card was, FLIP style). A removed card travels to the
 * discard pile, a drawn one turns over on its way from the stock, an undone draw goes back,
 * an undo brings removed cards back from the discard pile, a new deal comes from the stock,
 * and a win makes the discard pile jump. None under prefers-reduced-motion, and none where
 * the browser has no Web Animations.
 * @param {HTMLElement} board
 * @param {{pyramid: ReturnType<typeof buildTableau>, piles: ReturnType<typeof buildPiles>,
 *   discard: ReturnType<typeof buildDiscard>, stock: ReturnType<typeof buildStock>}} parts
 */
function buildMotion(board, parts) {
  const reduce = () => !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  /** The way from `to` to `from` as a transform of a card, in its own size.
   * @param {Point} from @param {Point} to @param {TableView} table */
  const offset = (from, to, table) =>
    `translate(${((from.x - to.x) * 100) / table.card.width}%, ${((from.y - to.y) * 100) / table.card.height}%)`;
  /** @param {Element} el @param {Keyframe[]} frames @param {KeyframeAnimationOptions} [options] */
  const animate = (el, frames, options = {}) => el.animate(frames, { duration: MOTION_MS, easing: "cubic-bezier(.2,.7,.3,1)", ...options });

  /** A copy of a card's face where it lay, to move where its element no longer shows.
   * @param {string} card @param {Point} at @param {Look} look */
  function ghost(card, at, look) {
    const copy = makeCard("ghost").el;
    copy.classList.add("pyr-ghost");
    paintFace(copy, card, look, false);
    const { red, colour } = parseCard(card, look.table.deck, look.indices);
    copy.classList.toggle("pyr-red", red);
    setAttr(copy, "data-colour", colour);
    setAttr(copy, "hidden", null);
    setAttr(copy, "aria-hidden", "true");
    Object.assign(copy.style, cardBox(at, look.table));
    board.append(copy);
    return copy;
  }

  /** Where the stock deals from: its place, else the discard pile's. @param {TableView} table */
  const source = (table) => table.piles.stock || table.piles.discard;

  /** The deal: every card comes from the stock to its place, one after the other.
   * @param {Look} look */
  function deal(look) {
    const from = source(look.table);
    const dealt = [
      ...parts.pyramid.cards.filter((c) => !c.el.hidden),
      ...parts.piles.cards().filter((c) => !c.el.hidden),
    ];
    dealt.forEach((card, i) => {
      if (!card.at) return;
      animate(card.el, [{ transform: `${offset(from, card.at, look.table)} rotate(-4deg)`, opacity: 0.6 }, { transform: "none", opacity: 1 }], {
        delay: i * DEAL_STEP_MS,
        fill: "backwards",
      });
    });
  }

  /**
   * @param {Snapshot | null} before @param {Snapshot} after @param {Look} look
   * @param {(m: Motion) => Point | undefined} placeOfMotion where a motion's card lay (or lies)
   */
  function play(before, after, look, placeOfMotion) {
    if (reduce() || typeof board.animate !== "function") return;
    if (isDeal(before, after)) {
      deal(look);
      return;
    }
    const table = look.table;
    const stockAt = table.piles.stock;
    const discardAt = table.piles.discard;
    const removed = new Set(after.discard.cards);
    for (const m of motions(before, after)) {
      const at = placeOfMotion(m);
      if (!at) continue;
      if (m.kind === "removed") {
        const el = removed.has(m.card) ? parts.discard.elementOf(m.card) : null;
        if (el) {
          // Its new element, on the discard pile, starts where the card was.
          const to = discardCardAt(discardAt, after.discard.cards.indexOf(m.card), after.discard.cards.length, table);
          animate(el, [{ transform: `${offset(at, to, table)} scale(1.04)`, zIndex: 40 }, { transform: "rotate(3deg)", offset: 0.85 }, { transform: "none" }]);
        } else {
          const copy = ghost(m.card, at, look);
          const done = () => copy.remove();
          const run = animate(copy, [{ transform: "none" }, { transform: offset(discardAt, at, table), opacity: 0.3 }]);
          run.onfinish = run.oncancel = done;
        }
      } else if (m.kind === "returned") {
        const el = m.pile === "pyramid" ? parts.pyramid.cards[m.index ?? -1]?.el : parts.piles.topOf(m.pile);
        if (el) animate(el, [{ transform: offset(discardAt, at, table) }, { transform: "none" }]);
      } else if (m.kind === "drawn") {
        const el = parts.piles.topOf(m.pile);
        if (el && stockAt) {
          // Turned over on the way: edge on at first, its face showing as it lands.
          animate(el, [
            { transform: `${offset(stockAt, at, table)} scaleX(0.05)` },
            { transform: `${offset({ x: (stockAt.x + at.x) / 2, y: stockAt.y }, at, table)} scaleX(1)`, offset: 0.45 },
            { transform: "none" },
          ]);
        }
      } else if (m.kind === "stocked" && stockAt) {
        const copy = ghost(m.card, at, look);
        const run = animate(copy, [{ transform: "none" }, { transform: `${offset(stockAt, at, table)} scaleX(0.05)` }]);
        run.onfinish = run.oncancel = () => copy.remove();
      }
    }
    if (endOf(after) === "won" && (!before || endOf(before) !== "won")) {
      animate(parts.discard.box, [{ transform: "none" }, { transform: "translateY(-6%) scale(1.08)", offset: 0.4 }, { transform: "none" }], {
        duration: 700,
        iterations: 2,
      });
    }
  }

  return { play, reduce };
}

/** The board: the felt's playing area, with the tableau, the stock, the discard pile, the other
 * piles and the end banner, laid out from the snapshot's table (built anew only for another
 * table; every other update is made in place), and the ways to play it: taps, drags, keys.
 * @param {Ctx} ctx */
function buildBoard(ctx) {
  const { S, view } = ctx;
  const board = h("div", { class: "pyr-board", role: "group" });
  const tableau = buildTableau(ctx);
  const stock = buildStock(ctx);
  const discard = buildDiscard(ctx);
  const piles = buildPiles(ctx);
  const banner = buildBanner(ctx);
  board.append(tableau.pyramid, discard.box, piles.layer, stock.box, banner.banner);
  const motion = buildMotion(board, { pyramid: tableau, piles, discard, stock });
  /** @type {TableView | null} the table the places were built for, as arranged */
  let layout = null;
  let layoutKey = "";
  /** @type {Snapshot | null} the snapshot last drawn (as arranged), which the next one moves on from */
  let shown = null;

  /** @param {TableView} table */
  function lay(table) {
    layout = table;
    tableau.lay(table);
    piles.lay();
    stock.lay(table);
    discard.lay(table);
    board.dataset.piles = table.piles.end;
    board.style.setProperty("--pyr-ratio", `${table.width} / ${table.height}`);
    board.style.setProperty("--pyr-card-w", pct(table.card.width, table.width));
    board.style.setProperty("--pyr-card-h", pct(table.card.height, table.height));
  }

  /** Every face-up card the player can reach, tableau first. */
  const everyCard = () => [...tableau.cards, ...piles.cards()];
  const taps = wireTaps(ctx, { tableau, piles });
  wireDrag(ctx, board, { everyCard, tap: taps.tapCard, swallow: taps.swallow });
  const keys = wireKeys({ tableau, piles, stock, layout: () => layout });

  /** @param {Motion} m @returns {Point | undefined} */
  const placeOfMotion = (m) => {
    if (!layout) return undefined;
    if (m.pile === "pyramid") return tableau.cards[m.index ?? -1]?.place;
    return m.at || layout.piles.places.find((p) => p.id === m.pile);
  };

  /** @param {Snapshot} raw @param {UiText} text */
  function render(raw, text) {
    const table = arranged(raw.table, view.arrangement || "wide");
    const st = { ...raw, table };
    const key = `${table.name}/${view.arrangement || "wide"}`;
    // Another arrangement of the same table: its cards are laid out anew where they are, and
    // nothing moves (no deal again, no card flying from its old arrangement).
    const rearranged = !!layout && layout.name === table.name && key !== layoutKey;
    if (key !== layoutKey) {
      lay(table);
      layoutKey = key;
    }
    const deck = table.deck.name;
    const art = ctx.model.get("_art");
    /** @type {Look} */
    const look = {
      table,
      selected: st.selection || st.selected, // several cards at once where a game selects a set
      hint: new Set(st.hint && st.hint.cards ? st.hint.cards : []),
      text,
      replay: st.mode === "replay",
      indices: st.options && st.options.french_indices ? "fr" : "en",
      art: art?.decks?.[deck] ?? null,
      back: art?.back ?? null,
    };
    setAttr(board, "data-art", look.art ? "true" : null);
    tableau.render(st, look, keys.focusCard, () => stock.stock.focus());
    stock.render(st, look);
    discard.render(st, look);
    piles.render(st, look);
    banner.render(st, board);
    if (!rearranged) motion.play(shown, st, look, placeOfMotion);
    shown = st;
  }

  function renderText() {
    setAttr(board, "aria-label", S("table"));
    setAttr(tableau.pyramid, "aria-label", S("pyramid"));
  }

  return {
    board, cards: tableau.cards, piles, stock: stock.stock, stockCount: stock.count, stockOrder: stock.order,
    discard: discard.box, banner: banner.banner, moveFocus: keys.moveFocus, render, renderText,
    table: () => layout, sent: () => (shown ? ctx.state().table : null), motion,
  };
}

/** Taps on cards: a card by its place and name, a face-down card by its place alone (the
 * kernel can say it is blocked without the page ever knowing the card).
 * @param {Ctx} ctx
 * @param {{tableau: ReturnType<typeof buildTableau>, piles: ReturnType<typeof buildPiles>}} parts */
function wireTaps(ctx, { tableau, piles }) {
  let swallowClick = false; // set for the click that ends a drag: it is no tap
  /** @param {CardEl | null | undefined} card */
  const tapCard = (card) => {
    const back = card && card.el.dataset.faceDown === "true";
    if (ctx.replaying() || !card || !(card.card || back)) return;
    /** @type {TapMessage} */
    const msg = { type: "tap", pile: card.pile, row: card.row };
    if (card.card) msg.card = card.card;
    if (card.pile === "pyramid") msg.col = card.col;
    ctx.view.lastTap = ctx.now();
    ctx.send(msg);
  };
  /** @param {EventTarget | null} target @param {CardEl[]} among */
  const cardAt = (target, among) => {
    const el = closest(target, ".pyr-card");
    return el ? among.find((c) => c.el === el) : undefined;
  };
  ctx.on(tableau.pyramid, "click", (/** @type {MouseEvent} */ event) => swallowClick || tapCard(cardAt(event.target, tableau.cards)));
  ctx.on(piles.layer, "click", (/** @type {MouseEvent} */ event) => swallowClick || tapCard(cardAt(event.target, piles.cards())));
  const swallow = () => {
    swallowClick = true;
    setTimeout(() => (swallowClick = false), 0);
  };
  return { tapCard, swallow };
}

/** Drag a card onto its partner: the same taps as tapping both, and Python decides (a card
 * already selected first, so that the drop means "these two"). A drag starts once the pointer
 * has moved a few pixels; a shorter press stays a tap.
 * @param {Ctx} ctx @param {HTMLElement} board
 * @param {{everyCard: () => CardEl[], tap: (card: CardEl) => void, swallow: () => void}} parts */
function wireDrag(ctx, board, { everyCard, tap, swallow }) {
  /** @type {{card: CardEl, x: number, y: number, id: number, moved: boolean} | null} */
  let drag = null;
  /** @param {EventTarget | null} target */
  const dragged = (target) => {
    const el = closest(target, ".pyr-card");
    return el ? everyCard().find((c) => c.el === el && c.card) : undefined;
  };
  function endDrag() {
    if (!drag) return;
    setAttr(drag.card.el, "data-dragging", null);
    drag.card.el.style.translate = "";
    drag = null;
  }
  ctx.on(board, "pointerdown", (/** @type {PointerEvent} */ event) => {
    if (event.button !== 0 || ctx.replaying()) return;
    const card = dragged(event.target);
    drag = card ? { card, x: event.clientX, y: event.clientY, id: event.pointerId, moved: false } : null;
  });
  ctx.on(board, "pointermove", (/** @type {PointerEvent} */ event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_PX) return;
    if (!drag.moved) {
      drag.moved = true;
      drag.card.el.setPointerCapture?.(event.pointerId);
      setAttr(drag.card.el, "data-dragging", "true");
    }
    drag.card.el.style.translate = `${dx}px ${dy}px`;
  });
  ctx.on(board, "pointerup", (/** @type {PointerEvent} */ event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const { card, moved } = drag;
    endDrag();
    if (!moved) return; // a tap: its click follows
    swallow(); // the click that follows this pointerup is the drag's, not a tap
    const under = board.ownerDocument.elementsFromPoint(event.clientX, event.clientY);
    const target = under.map((e) => dragged(e)).find((c) => c && c !== card);
    if (!target) return;
    // Another card selected is tapped first, which deselects it (R13); the dragged card is
    // tapped unless it is the one selected.
    const selected = ctx.state().selected;
    const isSelected = isSelectedPlace(selected, placeOf(card));
    const other =
      selected && !isSelected && !Array.isArray(selected)
        ? everyCard().find((c) => c.card && samePlace(selected, placeOf(c)))
        : null;
    const taps = isSelected ? [target] : other ? [other, card, target] : [card, target];
    for (const c of taps) tap(c);
  });
  ctx.on(board, "pointercancel", endDrag);
}

/** The keyboard on the board: arrow keys move between the face-up cards, the piles and the
 * stock (one tab stop for the tableau, one for the piles, the stock's own). Within the tableau
 * they follow its rows; where a row ends, and from a pile's card, they go to the nearest
 * face-up card or the stock in that direction, so every pile is reached.
 * @param {{tableau: ReturnType<typeof buildTableau>, piles: ReturnType<typeof buildPiles>,
 *   stock: ReturnType<typeof buildStock>, layout: () => TableView | null}} parts */
function wireKeys({ tableau, piles, stock, layout }) {
  const cards = tableau.cards;
  /** @typedef {{el: HTMLElement, at?: Point, pile: string}} Stop */
  /** @param {Point} from @param {string} key @param {Stop[]} within @returns {Stop | undefined} */
  const pileMove = (from, key, within) =>
    nearestInDirection(from, within.filter((c) => c.at).map((c) => ({ .../** @type {Point} */ (c.at), stop: c })), key)?.stop;
  // The piles' cards and buttons, and the stock where the table has one: the stock keeps its own
  // tab stop, and Enter on it draws as a click does.
  /** @returns {Stop[]} */
  const pileStops = () => {
    const at = layout()?.piles.stock;
    return [...piles.stops(), ...(stock.box.hidden || !at ? [] : [{ el: stock.stock, at, pile: "stock" }])];
  };
  /** @param {KeyboardEvent} event */
  function moveFocus(event) {
    const inPile = pileStops().find((c) => c.el === event.target);
    if (inPile) {
      const ownPile = pileStops().filter((c) => c.pile === inPile.pile);
      let target;
      if (event.key === "Home") target = ownPile[0];
      else if (event.key === "End") target = ownPile.at(-1);
      else if (ARROWS[event.key] && inPile.at) target = pileMove(inPile.at, event.key, [...pileStops(), ...cards.filter((c) => c.card)]);
      else return false;
      if (target) focusCard(target);
      return true;
    }
    const at = cards.findIndex((c) => c.el === event.target);
    if (at < 0) return false;
    const { row, col = 0, place } = cards[at];
    if (!place) return false;
    const inRow = (/** @type {number} */ r) => cards.filter((x) => x.row === r && x.card);
    /** @type {Stop | null | undefined} */
    let target = null;
    switch (event.key) {
      case "ArrowLeft":
        target = inRow(row).filter((x) => (x.col ?? 0) < col).pop();
        break;
      case "ArrowRight":
        target = inRow(row).find((x) => (x.col ?? 0) > col);
        break;
      case "Home":
        target = inRow(row)[0];
        break;
      case "End":
        target = inRow(row).pop();
        break;
      case "ArrowUp":
      case "ArrowDown": {
        // The nearest card of the next row in that direction that has one, by drawn position.
        const dir = event.key === "ArrowUp" ? -1 : 1;
        const rows = layout()?.rows ?? 0;
        const gap = (/** @type {CardEl} */ x) => Math.abs((x.place?.x ?? 0) - place.x);
        for (let r = row + dir; r >= 1 && r <= rows && !target; r += dir) {
          target = inRow(r).sort((a, b) => gap(a) - gap(b))[0] || null;
        }
        break;
      }
      default:
        return false;
    }
    if (!target && ARROWS[event.key]) target = pileMove(place, event.key, pileStops());
    if (target) focusCard(target);
    return true;
  }
  /** @param {Stop} card */
  function focusCard(card) {
    if (card.el === stock.stock) return stock.stock.focus();
    const group = cards.some((c) => c.el === card.el) ? cards : piles.stops();
    for (const c of group) setAttr(c.el, "tabindex", c.el === card.el ? "0" : "-1");
    card.el.focus();
  }
  return { moveFocus, focusCard };
}

/** The toolbar: one row of the actions of play, icons with their names (Undo, Hint, Restart,
 * New game, and Analysis once it is offered), and a menu of what is rarely used (Replay,
 * Statistics, Options). New game, Options and Statistics open their panels.
 * @param {Ctx} ctx */
function buildToolbar(ctx) {
  const { S, on, send } = ctx;
  /** @param {string} action @param {Record<string, unknown>} [attrs] */
  const button = (action, attrs = {}) =>
    h("button", { type: "button", class: "pyr-btn", "data-action": action, ...attrs }, [icon(action), h("span", { class: "pyr-btn-label" })]);
  const buttons = {
    undo: button("undo"),
    hint: button("hint"),
    restart: button("restart"),
    new: button("new"),
    analysis: button("analysis", { hidden: true }),
    more: button("more", { "aria-haspopup": "menu", "aria-expanded": "false" }),
    replay: button("replay", { role: "menuitem", tabindex: "-1" }),
    stats: button("stats", { role: "menuitem", tabindex: "-1" }),
    options: button("options", { role: "menuitem", tabindex: "-1" }),
  };
  const menu = h("div", { class: "pyr-menu", role: "menu", hidden: true }, [buttons.replay, buttons.stats, buttons.options]);
  const moreBox = h("div", { class: "pyr-more" }, [buttons.more, menu]);
  const bar = h("div", { class: "pyr-toolbar", role: "toolbar" }, [
    buttons.undo, buttons.hint, buttons.restart, buttons.new, buttons.analysis, moreBox,
  ]);
  on(buttons.undo, "click", () => send({ type: "undo" }));
  on(buttons.restart, "click", () => send({ type: "restart" }));
  on(buttons.hint, "click", () => send({ type: "hint" }));
  on(buttons.replay, "click", () => send({ type: "replay_start" }));

  /** @param {boolean} open @param {boolean} [focus] */
  function showMenu(open, focus = false) {
    setAttr(menu, "hidden", open ? null : true);
    buttons.more.setAttribute("aria-expanded", open ? "true" : "false");
    const items = visibleItems();
    if (open && focus && items[0]) items[0].focus();
  }
  const visibleItems = () => [buttons.replay, buttons.stats, buttons.options].filter((b) => !b.hidden);
  on(buttons.more, "click", () => showMenu(menu.hidden, true));
  // A choice in the menu closes it (its own click then does what it does).
  on(menu, "click", () => showMenu(false));
  on(menu, "keydown", (/** @type {KeyboardEvent} */ event) => {
    const items = visibleItems();
    const at = items.indexOf(/** @type {HTMLButtonElement} */ (event.target));
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      items[(at + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length]?.focus();
      event.preventDefault();
    } else if (event.key === "Escape" || event.key === "Tab") {
      showMenu(false);
      if (event.key === "Escape") {
        buttons.more.focus();
        event.preventDefault();
        event.stopPropagation();
      }
    }
  });
  // A press anywhere else closes it.
  on(document, "pointerdown", (/** @type {PointerEvent} */ event) => {
    if (!menu.hidden && !moreBox.contains(/** @type {Node} */ (event.target))) showMenu(false);
  });

  /** @param {Snapshot} st @param {UiText} text */
  function render(st, text) {
    const end = endOf(st);
    setAttr(bar, "hidden", st.mode === "replay" ? true : null);
    // Once the game is over there is nothing to hint; a new game is then the thing to do.
    setAttr(buttons.hint, "hidden", text.hint && (!end || end === "stuck") ? null : true);
    setAttr(buttons.stats, "hidden", st.stats ? null : true);
    buttons.new.classList.toggle("pyr-primary", !!end);
    buttons.undo.disabled = !st.can_undo;
    if (st.mode === "replay") showMenu(false);
  }
  function renderText() {
    for (const [action, b] of Object.entries(buttons)) {
      setText(/** @type {HTMLElement} */ (b.lastChild), S(action));
    }
    setAttr(menu, "aria-label", S("more"));
  }
  return { bar, buttons, menu, showMenu, render, renderText };
}

/** The replay bar: it replaces the toolbar while a record is stepped through.
 * @param {Ctx} ctx */
function buildReplayBar(ctx) {
  const { S, on, send } = ctx;
  /** @param {string} action @param {string} glyph */
  const rbtn = (action, glyph) => h("button", { type: "button", class: "pyr-btn", "data-action": action, text: glyph });
  const buttons = {
    first: rbtn("replay-first", "|◀"),
    previous: rbtn("replay-prev", "◀"),
    next: rbtn("replay-next", "▶"),
    last: rbtn("replay-last", "▶|"),
  };
  const slider = h("input", { type: "range", class: "pyr-slider", min: "0", step: "1", "data-field": "replay-slider" });
  const step = h("span", { class: "pyr-replay-step", "data-field": "replay-step" });
  const leave = h("button", { type: "button", class: "pyr-btn", "data-action": "replay-exit" });
  const bar = h("div", { class: "pyr-replaybar", role: "toolbar", hidden: true }, [
    buttons.first,
    buttons.previous,
    slider,
    buttons.next,
    buttons.last,
    step,
    leave,
  ]);
  /** @param {number} index */
  const goto = (index) => send({ type: "replay_goto", index: Math.max(0, index) });
  const info = () => ctx.state().replay || { index: 0, length: 0 };
  on(buttons.first, "click", () => goto(0));
  on(buttons.previous, "click", () => goto(info().index - 1));
  on(buttons.next, "click", () => goto(Math.min(info().length, info().index + 1)));
  on(buttons.last, "click", () => goto(info().length));
  on(slider, "input", () => goto(Number(slider.value)));
  on(leave, "click", () => send({ type: "replay_stop" }));

  /** @param {Snapshot} st */
  function render(st) {
    const r = st.mode === "replay" ? st.replay : null;
    setAttr(bar, "hidden", r ? null : true);
    if (!r) return;
    slider.max = String(r.length);
    if (slider.value !== String(r.index)) slider.value = String(r.index);
    setAttr(slider, "aria-valuetext", S("step", { index: r.index, length: r.length }));
    setText(step, `${r.index} / ${r.length}`);
    buttons.first.disabled = buttons.previous.disabled = r.index <= 0;
    buttons.next.disabled = buttons.last.disabled = r.index >= r.length;
  }
  function renderText() {
    setText(leave, S("leave_replay"));
    for (const [key, b] of Object.entries(buttons)) {
      setAttr(b, "aria-label", S(key));
      setAttr(b, "title", S(key));
    }
    setAttr(slider, "aria-label", S("replay_slider"));
  }
  return { bar, buttons, slider, step, leave, render, renderText };
}

const STAT_FIELDS = [
  ["played", "stats_played"],
  ["won", "stats_won"],
  ["win-rate", "stats_win_rate"],
  ["best-time", "stats_best_time"],
  ["fewest-moves", "stats_fewest_moves"],
];
const STAT_COLUMNS = [
  ["rank", "stats_rank"],
  ["time", "time"],
  ["moves", "moves"],
  ["code", "code"],
  ["date", "stats_date"],
];

/**
 * @typedef {{rules: string, stats?: {totals?: Record<string, number | null>,
 *   ranking?: {id: number, time: number, moves: number, code: string | null, finished_at: string}[],
 *   rules_played?: string[]} | null, error?: string | null, loading?: boolean}} StatsData
 */

/** The panels over the table: new game, options, statistics; `openers` are the buttons that
 * open them. One panel is open at a time. Statistics travel on request (see the top of this
 * file).
 * @param {Ctx} ctx @param {Record<string, HTMLButtonElement>} openers */
function buildPanels(ctx, openers) {
  const { S, on, send, view, model } = ctx;
  // ---- new game
  const newCode = h("input", {
    type: "text",
    class: "pyr-input",
    "data-field": "new-code",
    autocomplete: "off",
    spellcheck: "false",
  });
  const newRules = h("select", { class: "pyr-input", "data-field": "new-rules" });
  const newCodeLabel = h("label", { class: "pyr-label" }, [h("span"), newCode]);
  const newRulesLabel = h("label", { class: "pyr-label" }, [h("span"), newRules]);
  const dealBtn = h("button", { type: "button", class: "pyr-btn pyr-primary", "data-action": "deal" });
  const cancelBtn = h("button", { type: "button", class: "pyr-btn", "data-action": "cancel" });
  const newError = h("div", { class: "pyr-error", "data-field": "error", role: "alert", hidden: true });
  const newPanel = h("form", { class: "pyr-panel pyr-newgame", hidden: true }, [
    newCodeLabel,
    newRulesLabel,
    h("div", { class: "pyr-panel-buttons" }, [dealBtn, cancelBtn]),
    newError,
  ]);
  // ---- options
  const optExplain = h("input", { type: "checkbox", "data-option": "explain_mistakes" });
  const optHighlight = h("input", { type: "checkbox", "data-option": "highlight_free" });
  const optChance = h("input", { type: "checkbox", "data-option": "show_chance" });
  const optLanguage = h("select", { class: "pyr-input", "data-option": "language" });
  const optIndices = h("select", { class: "pyr-input", "data-option": "french_indices" }, [
    h("option", { value: "0", text: "K Q J" }),
    h("option", { value: "1", text: "R D V" }),
  ]);
  const optExplainLabel = h("label", { class: "pyr-check" }, [optExplain, h("span")]);
  const optHighlightLabel = h("label", { class: "pyr-check" }, [optHighlight, h("span")]);
  const optChanceLabel = h("label", { class: "pyr-check" }, [optChance, h("span")]);
  const optLanguageLabel = h("label", { class: "pyr-label" }, [h("span"), optLanguage]);
  const optIndicesLabel = h("label", { class: "pyr-label" }, [h("span"), optIndices]);
  const optPanel = h("div", { class: "pyr-panel pyr-options", hidden: true }, [
    optExplainLabel,
    optHighlightLabel,
    optChanceLabel,
    optLanguageLabel,
    optIndicesLabel,
  ]);
  // ---- statistics: one preset's totals and its best won games, asked of Python on opening
  const statsTitle = h("div", { class: "pyr-panel-title" });
  const statsRules = h("select", { class: "pyr-input", "data-field": "stats-rules" });
  const statsRulesLabel = h("label", { class: "pyr-label pyr-inline" }, [h("span"), statsRules]);
  const statsClose = h("button", { type: "button", class: "pyr-btn pyr-close", "data-action": "stats-close", text: "✕" });
  const statsTotals = h("dl", { class: "pyr-stats-totals" });
  /** @type {Record<string, HTMLElement>} */
  const statsValues = {};
  /** @type {[HTMLElement, string][]} */
  const statsLabels = [];
  for (const [name, key] of STAT_FIELDS) {
    const dt = h("dt");
    statsValues[name] = h("dd", { "data-field": `stats-${name}` });
    statsLabels.push([dt, key]);
    statsTotals.append(h("div", { class: "pyr-stats-total" }, [dt, statsValues[name]]));
  }
  // The ranking's title sits outside the table's scroll box, so a narrow cell still shows it whole.
  const statsCaption = h("div", { class: "pyr-stats-caption" });
  const statsHeads = STAT_COLUMNS.map(([name]) => h("th", { scope: "col", class: `pyr-col-${name}` }));
  const statsBody = h("tbody");
  const statsTable = h("table", { class: "pyr-stats-ranking", "data-field": "stats-ranking" }, [
    h("thead", {}, [h("tr", {}, statsHeads)]),
    statsBody,
  ]);
  const statsRanking = h("div", { class: "pyr-stats-rankingbox" }, [
    statsCaption,
    h("div", { class: "pyr-stats-tablewrap" }, [statsTable]),
  ]);
  const statsNote = h("p", { class: "pyr-stats-note", "data-field": "stats-note", role: "status" });
  const statsPanel = h("section", { class: "pyr-panel pyr-stats", "data-field": "stats-panel", hidden: true }, [
    h("div", { class: "pyr-stats-head" }, [statsTitle, statsRulesLabel, statsClose]),
    statsTotals,
    statsRanking,
    statsNote,
  ]);
  /** Each panel with the button that opens it, in the order Escape looks for one, and what
   * else closing it does (a panel added by another region brings its own).
   * @type {[HTMLElement, HTMLElement, (() => void)?][]} */
  const pairs = [
    [newPanel, openers.new],
    [optPanel, openers.options],
    [statsPanel, openers.stats],
  ];

  /** @param {HTMLElement} panel @param {HTMLElement} opener @param {boolean} [forceOpen] */
  function toggle(panel, opener, forceOpen = false) {
    if (panel.hidden || forceOpen) {
      ctx.closePanels(panel);
      panel.hidden = false;
      opener.setAttribute("aria-expanded", "true");
      if (panel === newPanel) {
        newError.hidden = true;
        newRules.value = ctx.state().rules;
        view.rulesChosen = false;
        newCode.focus();
      } else if (panel === statsPanel) {
        requestStats(ctx.state().rules); // the current game's rules first
        statsRules.focus();
      } else {
        optExplain.focus();
      }
    } else close(panel, opener);
  }
  /** @param {HTMLElement} panel @param {HTMLElement} opener */
  function close(panel, opener) {
    if (panel.hidden) return;
    panel.hidden = true;
    opener.setAttribute("aria-expanded", "false");
    pairs.find(([p]) => p === panel)?.[2]?.();
    if (panel === newPanel) view.awaitingNew = false;
    if (panel === statsPanel) view.statsWanted = null;
  }
  /** @param {HTMLElement} panel @param {HTMLElement} opener */
  const closeAndReturn = (panel, opener) => {
    close(panel, opener);
    // An opener in the closed menu cannot take the focus: the menu's button takes it.
    (opener.closest("[hidden]") ? ctx.view.buttons.more : opener).focus();
  };

  on(openers.new, "click", () => toggle(newPanel, openers.new));
  on(openers.options, "click", () => toggle(optPanel, openers.options));
  on(openers.stats, "click", () => toggle(statsPanel, openers.stats));
  // The rules menu opens on the current game's rules; it is sent only once the player picks
  // in it, so that Python can tell "deal this code as it is" from "under these rules".
  on(newRules, "change", () => {
    view.rulesChosen = true;
  });
  on(newPanel, "submit", (/** @type {Event} */ event) => {
    event.preventDefault();
    view.awaitingNew = true;
    send({ type: "new", code: newCode.value.trim(), rules: view.rulesChosen ? newRules.value : "" });
  });
  on(dealBtn, "click", (/** @type {Event} */ event) => {
    event.preventDefault();
    newPanel.requestSubmit ? newPanel.requestSubmit() : newPanel.dispatchEvent(new Event("submit", { cancelable: true }));
  });
  on(cancelBtn, "click", (/** @type {Event} */ event) => {
    event.preventDefault();
    closeAndReturn(newPanel, openers.new);
  });
  on(newPanel, "keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      closeAndReturn(newPanel, openers.new);
    }
  });
  on(optExplain, "change", () => send({ type: "option", name: "explain_mistakes", value: optExplain.checked }));
  on(optHighlight, "change", () => send({ type: "option", name: "highlight_free", value: optHighlight.checked }));
  on(optChance, "change", () => send({ type: "option", name: "show_chance", value: optChance.checked }));
  on(optLanguage, "change", () => send({ type: "option", name: "language", value: optLanguage.value }));
  on(optIndices, "change", () => send({ type: "option", name: "french_indices", value: optIndices.value === "1" }));
  on(statsClose, "click", () => closeAndReturn(statsPanel, openers.stats));
  on(statsRules, "change", () => requestStats(statsRules.value));
  on(statsPanel, "keydown", (/** @type {KeyboardEvent} */ event) => {
    // The rules menu keeps its keys from claimKey; Escape still closes the panel.
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      closeAndReturn(statsPanel, openers.stats);
    }
  });
  /** @param {any} msg */
  const onCustom = (msg) => {
    if (!msg || typeof msg !== "object" || statsPanel.hidden) return;
    if (msg.type === "stats" && msg.rules === view.statsWanted) {
      view.statsData = msg;
      statsPanel.removeAttribute("aria-busy");
      renderStats();
    } else if (msg.type === "stats_changed") {
      requestStats(view.statsWanted || ctx.state().rules);
    }
  };
  model.on("msg:custom", onCustom);
  view.listeners.push(() => model.off("msg:custom", onCustom));

  /** @param {string} letter */
  function requestStats(letter) {
    if (!letter) return;
    view.statsWanted = letter;
    statsPanel.setAttribute("aria-busy", "true");
    if (!view.statsData || view.statsData.rules !== letter) {
      view.statsData = { rules: letter, loading: true };
      renderStats();
    }
    send({ type: "stats", rules: letter });
  }

  // Draws view.statsData ({rules, stats, error} as Python sent it) in the current language.
  function renderStats() {
    /** @type {StatsData | undefined} */
    const data = view.statsData;
    if (!data) return;
    const text = model.get("_text") || {};
    const language = text.language || "en";
    const stats = data.stats || null;
    const totals = (stats && stats.totals) || {};
    const order = [...(text.presets || []).map((p) => p.letter), "X"];
    const letters = new Set([...((stats && stats.rules_played) || []), data.rules, ctx.state().rules].filter(Boolean));
    const sorted = [...letters].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    /** @param {string} letter */
    const presetLabel = (letter) => {
      const preset = (text.presets || []).find((p) => p.letter === letter);
      return `${preset ? preset.name : text.custom_rules || letter} (${letter})`;
    };
    const key = sorted.map((l) => `${l}=${presetLabel(l)}`).join("|");
    if (statsRules.dataset.options !== key) {
      statsRules.replaceChildren(...sorted.map((l) => h("option", { value: l, text: presetLabel(l) })));
      statsRules.dataset.options = key;
    }
    if (statsRules.value !== data.rules) statsRules.value = data.rules;
    setAttr(statsPanel, "data-rules", data.rules);

    /** @param {number | null | undefined} n */
    const number = (n) => (n === null || n === undefined ? "—" : new Intl.NumberFormat(language).format(n));
    const rate =
      totals.win_rate === null || totals.win_rate === undefined
        ? "—"
        : new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(totals.win_rate);
    const shown = !!stats;
    setText(statsValues.played, shown ? number(totals.played) : "—");
    setText(statsValues.won, shown ? number(totals.won) : "—");
    setText(statsValues["win-rate"], shown ? rate : "—");
    setText(statsValues["best-time"], shown ? formatDuration(totals.best_time) : "—");
    setText(statsValues["fewest-moves"], shown ? number(totals.fewest_moves) : "—");
    setAttr(statsTotals, "hidden", data.error ? true : null);

    const ranking = (stats && stats.ranking) || [];
    const date = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
    statsBody.replaceChildren(
      ...ranking.map((entry, i) => {
        const when = new Date(entry.finished_at);
        const cells = [
          h("td", { class: "pyr-col-rank", text: String(i + 1) }),
          h("td", { class: "pyr-col-time", text: formatDuration(entry.time) }),
          h("td", { class: "pyr-col-moves", text: number(entry.moves) }),
          h("td", { class: "pyr-col-code", "data-custom": !entry.code, text: entry.code || S("custom_layout") }),
          h("td", { class: "pyr-col-date" }, [
            h("time", { datetime: entry.finished_at, text: isNaN(when.getTime()) ? entry.finished_at : date.format(when) }),
          ]),
        ];
        return h("tr", { "data-stats-row": i + 1, "data-game-id": entry.id }, cells);
      }),
    );
    setAttr(statsRanking, "hidden", ranking.length ? null : true);
    let note = "";
    if (data.loading) note = S("stats_loading");
    else if (data.error) note = S("stats_error", { error: data.error });
    else if (!totals.played) note = S("stats_none");
    else if (!ranking.length) note = S("stats_no_wins");
    setText(statsNote, note);
    setAttr(statsNote, "hidden", note ? null : true);
    setAttr(statsNote, "data-kind", data.error ? "error" : null);
  }

  /** @param {Snapshot} st */
  function render(st) {
    if (!st.stats && !statsPanel.hidden) close(statsPanel, openers.stats);
    if (view.awaitingNew) {
      if (st.error) {
        newError.hidden = false;
        setText(newError, st.error);
      } else if (st.code !== view.shownCode || st.moves === 0) {
        close(newPanel, openers.new);
      }
    }
    view.shownCode = st.code;
    const explain = !!(st.options && st.options.explain_mistakes);
    if (optExplain.checked !== explain) optExplain.checked = explain;
    const highlight = !st.options || st.options.highlight_free !== false;
    if (optHighlight.checked !== highlight) optHighlight.checked = highlight;
    const chance = !!(st.options && st.options.show_chance);
    if (optChance.checked !== chance) optChance.checked = chance;
    const indices = st.options && st.options.french_indices ? "1" : "0";
    if (optIndices.value !== indices) optIndices.value = indices;
  }

  /** @param {UiText} text */
  function renderText(text) {
    setText(dealBtn, S("deal"));
    setText(cancelBtn, S("cancel"));
    setText(/** @type {Node} */ (newCodeLabel.firstChild), S("code_label"));
    setAttr(newCode, "placeholder", S("code_placeholder"));
    setText(/** @type {Node} */ (newRulesLabel.firstChild), S("rules_label"));
    setText(/** @type {Node} */ (optExplainLabel.lastChild), S("explain"));
    setText(/** @type {Node} */ (optHighlightLabel.lastChild), S("highlight_free"));
    setText(/** @type {Node} */ (optChanceLabel.lastChild), S("show_chance"));
    // The chance needs the solver, as the Hint button does.
    setAttr(optChanceLabel, "hidden", text.hint ? null : true);
    setText(/** @type {Node} */ (optLanguageLabel.firstChild), S("language"));
    setText(/** @type {Node} */ (optIndicesLabel.firstChild), S("indices"));
    for (const [panel, opener] of pairs) setAttr(opener, "aria-expanded", panel.hidden ? "false" : "true");
    setAttr(newPanel, "aria-label", S("new"));
    setAttr(optPanel, "aria-label", S("options"));
    setText(statsTitle, S("stats"));
    setAttr(statsPanel, "aria-label", S("stats"));
    setText(/** @type {Node} */ (statsRulesLabel.firstChild), S("rules_label"));
    setAttr(statsClose, "aria-label", S("close"));
    setAttr(statsClose, "title", S("close"));
    for (const [label, key] of statsLabels) setText(label, S(key));
    setText(statsCaption, S("stats_ranking"));
    setAttr(statsTable, "aria-label", S("stats_ranking"));
    STAT_COLUMNS.forEach(([name, key], i) => {
      if (name === "rank") {
        setText(statsHeads[i], "#");
        setAttr(statsHeads[i], "aria-label", S(key));
      } else setText(statsHeads[i], S(key));
    });
    renderStats();
    const rulesValue = newRules.value || ctx.state().rules;
    newRules.replaceChildren(
      ...(text.presets || []).map((p) => h("option", { value: p.letter, text: `${p.name} (${p.letter})` })),
    );
    if (rulesValue) newRules.value = rulesValue;
    optLanguage.replaceChildren(...(text.languages || []).map((l) => h("option", { value: l.code, text: l.name })));
    optLanguage.value = text.language || "en";
  }

  return {
    elements: [newPanel, optPanel, statsPanel],
    pairs, newPanel, newCode, newRules, newError, dealBtn, cancelBtn, optPanel, optExplain, optHighlight, optChance, optLanguage,
    optIndices, statsPanel, statsRules, statsClose, statsBody, statsNote,
    openNewGame: () => toggle(newPanel, openers.new, true),
    close, renderStats, render, renderText,
  };
}

/**
 * The post-game analysis and the progress of long solver work (see pyramide_widget/widget/model.py):
 * the toolbar's Analysis button (shown while st.can_analyze), its panel drawn from st.analysis,
 * a progress line in the status line drawn from the `_work` trait (a hint being searched, an
 * analysis position by position), and in a replay of the analysed game a mark on the step bar
 * at the losing move with a button that shows the solver's better move (the kernel highlights
 * it as a hint). Everything shown here is what the kernel sent.
 * @param {Ctx} ctx
 * @param {{toolbar: ReturnType<typeof buildToolbar>, replayBar: ReturnType<typeof buildReplayBar>,
 *   panels: ReturnType<typeof buildPanels>, status: ReturnType<typeof buildStatusBar>}} parts
 */
function buildAnalysis(ctx, { toolbar, replayBar, panels, status }) {
  const { S, on, send, model } = ctx;
  const opener = toolbar.buttons.analysis;
  // ---- progress: a hint (no count: the search's size is not known in advance) or an analysis
  const meter = h("progress", { class: "pyr-meter" });
  const progressText = h("span", { "data-field": "progress-text" });
  const progress = h("div", { class: "pyr-progress", "data-field": "progress", role: "status", hidden: true }, [
    meter,
    progressText,
  ]);
  status.say.prepend(progress);
  // ---- the panel
  const title = h("div", { class: "pyr-panel-title" });
  const close = h("button", { type: "button", class: "pyr-btn pyr-close", "data-action": "analysis-close", text: "✕" });
  /** @param {string} name */
  const field = (name) => h("li", { "data-field": `analysis-${name}` });
  const lines = { best: field("best"), yours: field("yours"), verdict: field("verdict") };
  const note = h("p", { class: "pyr-analysis-note", "data-field": "analysis-note" });
  const waiting = h("p", { class: "pyr-analysis-note", "data-field": "analysis-waiting" });
  const show = h("button", { type: "button", class: "pyr-btn pyr-primary", "data-action": "analysis-show" });
  const panel = h("section", { class: "pyr-panel pyr-analysis", "data-field": "analysis-panel", hidden: true }, [
    h("div", { class: "pyr-stats-head" }, [title, close]),
    waiting,
    h("ul", { class: "pyr-analysis-lines" }, Object.values(lines)),
    note,
    h("div", { class: "pyr-panel-buttons" }, [show]),
  ]);
  panels.pairs.push([panel, opener]); // Escape closes it like the other panels
  // ---- the replay bar: where the losing move is, and the better move before it
  const mark = h("span", { class: "pyr-replay-mark", "data-field": "replay-mark", "aria-hidden": "true", hidden: true });
  const sliderBox = h("span", { class: "pyr-slider-box" });
  replayBar.slider.replaceWith(sliderBox);
  sliderBox.append(replayBar.slider, mark);
  // What the mark means is said in the status line, after the step's message: in the bar it
  // pushed the controls onto a second row.
  const losingNote = h("div", { class: "pyr-replay-losing", "data-field": "replay-losing", role: "status", hidden: true });
  status.message.after(losingNote);
  const better = h("button", { type: "button", class: "pyr-btn", "data-action": "replay-better", hidden: true });
  replayBar.bar.insertBefore(better, replayBar.leave);

  function open() {
    ctx.closePanels(panel);
    panel.hidden = false;
    opener.setAttribute("aria-expanded", "true");
    const st = ctx.state();
    if (!st.analysis && !(model.get("_work") || {}).analysis) send({ type: "analyze" });
    close.focus();
  }
  function hide() {
    panel.hidden = true;
    opener.setAttribute("aria-expanded", "false");
  }
  on(opener, "click", () => (panel.hidden ? open() : hide()));
  on(close, "click", () => {
    hide();
    opener.focus();
  });
  on(show, "click", () => send({ type: "analysis_better" }));
  on(better, "click", () => send({ type: "analysis_better" }));

  function renderWork() {
    const work = model.get("_work") || {};
    const running = work.analysis || null;
    setAttr(progress, "hidden", running || work.hint ? null : true);
    setAttr(progress, "data-task", running ? "analysis" : work.hint ? "hint" : null);
    if (running && running.total) {
      meter.max = running.total;
      meter.value = running.done;
    } else meter.removeAttribute("value"); // indeterminate
    setText(progressText, running ? S("analysis_running", { done: running.done, total: running.total || "…" }) : work.hint ? S("thinking") : "");
    toolbar.buttons.hint.disabled = !!work.hint;
    setAttr(toolbar.buttons.hint, "aria-busy", work.hint ? "true" : null);
    setAttr(panel, "aria-busy", running ? "true" : null);
  }

  /** @param {Snapshot} st */
  function renderPanel(st) {
    const a = st.analysis;
    const running = (model.get("_work") || {}).analysis;
    setAttr(panel, "data-state", a ? "done" : running ? "running" : "waiting");
    setText(waiting, a ? "" : running ? S("analysis_running", { done: running.done, total: running.total || "…" }) : S("thinking"));
    setAttr(waiting, "hidden", a ? true : null);
    for (const line of Object.values(lines)) setAttr(line, "hidden", a ? null : true);
    setAttr(note, "hidden", a ? null : true);
    setAttr(show, "hidden", a && a.losing_move ? null : true);
    if (!a) return;
    const deal = a.deal;
    setText(
      lines.best,
      deal.winnable
        ? S("analysis_best_won")
        : deal.winnable === false && deal.max_removed !== null
          ? S("analysis_best_lost", { n: deal.max_removed, size: a.size })
          : S("analysis_best_unknown", { n: deal.at_least, size: a.size }),
    );
    setText(lines.yours, S("analysis_yours", { n: a.removed, size: a.size }));
    let verdict;
    if (a.losing_move) verdict = S("analysis_losing", { index: a.losing_move, move: a.losing_action, better: a.better_move });
    else if (a.status === "won") verdict = S("analysis_none_won");
    else if (!a.complete) verdict = S("analysis_unknown");
    else if (deal.winnable === false) verdict = S("analysis_none_lost");
    else verdict = S("analysis_none_open");
    setText(lines.verdict, verdict);
    setAttr(lines.verdict, "data-kind", a.losing_move ? "losing" : null);
    setText(note, S("analysis_note"));
  }

  /** @param {Snapshot} st */
  function renderReplay(st) {
    const r = st.mode === "replay" ? st.replay : null;
    const losing = r && r.losing ? r.losing : null;
    setAttr(mark, "hidden", losing ? null : true);
    setAttr(better, "hidden", losing ? null : true);
    if (losing && r) {
      mark.style.setProperty("--pyr-mark-at", String(losing / Math.max(1, r.length)));
      setAttr(mark, "title", S("replay_losing"));
    }
    let said = "";
    if (losing && r && r.better && r.index === losing - 1) said = S("replay_better", { move: r.better.move, played: r.better.played });
    else if (losing && r && r.index === losing) said = `${losing}: ${S("replay_losing")}`;
    setText(losingNote, said);
    setAttr(losingNote, "hidden", said ? null : true);
    setAttr(losingNote, "data-kind", losing && r && r.better && r.index === losing - 1 ? "better" : said ? "losing" : null);
    setAttr(better, "aria-pressed", r && r.better ? "true" : "false");
  }

  /** @param {Snapshot} st */
  function render(st) {
    const offered = !!st.can_analyze;
    if (!offered && st.mode !== "replay" && !panel.hidden && !st.analysis) hide(); // a new game
    setAttr(opener, "hidden", (offered || !panel.hidden) && st.mode !== "replay" ? null : true);
    renderPanel(st);
    renderReplay(st);
    renderWork();
  }
  function renderText() {
    setAttr(opener, "aria-expanded", panel.hidden ? "false" : "true");
    setText(title, S("analysis"));
    setAttr(panel, "aria-label", S("analysis"));
    setAttr(close, "aria-label", S("close"));
    setAttr(close, "title", S("close"));
    setText(show, S("analysis_show"));
    setText(better, S("better_move"));
  }
  /** A change of the `_work` trait. */
  function onWork() {
    renderWork();
    renderPanel(ctx.state());
  }
  return { opener, panel, progress, mark, better, losingNote, lines, show, open, hide, render, renderText, onWork, elements: [panel] };
}

/**
 * The chance to win (see pyramide_widget/widget/chance.py): the indicator in the status line,
 * shown while the Options panel's box is ticked (the snapshot's options.show_chance), with the
 * chance the kernel measured for this position, or that it is measuring (the `_work` trait); and
 * in the Analysis panel the chance over the game as a graph, with the move that cost the most
 * chance, the chance before and after it and the better move, or the progress of its measure.
 * @param {Ctx} ctx
 * @param {{status: ReturnType<typeof buildStatusBar>, analysis: ReturnType<typeof buildAnalysis>}} parts
 */
function buildChance(ctx, { status, analysis }) {
  const { S, model } = ctx;
  const label = h("span", { class: "pyr-label" });
  const value = h("span", { class: "pyr-value", "data-field": "chance" });
  const box = h("span", { class: "pyr-stat pyr-chance", "data-field": "chance-box", role: "status", hidden: true }, [label, " ", value]);
  status.bar.insertBefore(box, status.say);
  // ---- the graph in the Analysis panel
  const caption = h("figcaption", { class: "pyr-chance-caption" });
  const plot = h("div", { class: "pyr-chance-plot" });
  const costliest = h("p", { class: "pyr-chance-line-text", "data-field": "analysis-costliest" });
  const figure = h("figure", { class: "pyr-chance-figure", "data-field": "analysis-chance", hidden: true }, [caption, plot, costliest]);
  analysis.panel.insertBefore(figure, /** @type {Node} */ (analysis.show.parentElement));
  // What the graph drawn shows: every snapshot is new JSON, so it is compared by its text.
  let drawn = "";

  function renderIndicator() {
    const st = ctx.state();
    const on = !!(st.options && st.options.show_chance) && st.mode !== "replay";
    setAttr(box, "hidden", on ? null : true);
    if (!on) return;
    const working = !!(model.get("_work") || {}).chance;
    setText(value, chanceText(st.chance, working, S));
    setAttr(box, "data-state", st.chance ? (st.chance.final ? "final" : "measured") : working ? "working" : "none");
    setAttr(box, "aria-busy", !st.chance && working ? "true" : null);
  }

  function renderGraph() {
    const st = ctx.state();
    const review = st.chance_review || null;
    const running = (model.get("_work") || {}).chance_review;
    const shown = !!st.analysis && (!!review || !!running);
    setAttr(figure, "hidden", shown ? null : true);
    setAttr(figure, "data-state", review ? "done" : running ? "running" : null);
    setText(caption, S("chance_graph"));
    const words = { move: S("chance_axis_move"), label: S("chance_graph_label") };
    const key = review ? JSON.stringify([review, words]) : "";
    if (key !== drawn) {
      plot.replaceChildren(...(review ? [chanceGraph(review, words)] : []));
      drawn = key;
    }
    const mark = review && review.costliest;
    let said = "";
    if (mark) {
      said = S("chance_costliest", {
        index: mark.index, move: mark.action, before: percent(mark.before), after: percent(mark.after), better: mark.better,
      });
    } else if (review) said = S("chance_no_cost");
    else if (running) said = S("chance_review_running", { done: running.done, total: running.total || "…" });
    setText(costliest, said);
    setAttr(costliest, "data-kind", mark ? "costliest" : null);
  }

  function render() {
    renderIndicator();
    renderGraph();
  }
  function renderText() {
    setText(label, S("chance"));
  }
  return { box, value, figure, costliest, render, renderText, onWork: render };
}

/** The card art and the palette Python sends (the `_art` trait): put in the page once for
 * every view (a deck's sprite is large, and parsing it again for each view would slow every new
 * one), so that every card draws as a <use> of the sprite and the table takes its colours from
 * the palette. They stay in the page's body, never in an output a notebook may take out of the
 * page while another view still draws from them.
 * @param {Document} page */
function buildArt(page) {
  /** @param {CardArt | undefined} art */
  function render(art) {
    if (!art) return;
    let host = page.getElementById("pyr-art");
    if (!host) {
      host = h("div", { id: "pyr-art", class: "pyr-sprites", "aria-hidden": "true" }, [h("style")]);
      page.body.append(host);
    }
    const style = /** @type {HTMLStyleElement} */ (host.firstChild);
    if (style.textContent !== art.palette) style.textContent = art.palette;
    for (const [name, deck] of Object.entries(art.decks || {})) {
      if (host.querySelector(`:scope > [data-art-deck="${name}"]`)) continue;
      const sprite = h("div", { "data-art-deck": name });
      sprite.innerHTML = deck.sprite;
      host.append(sprite);
    }
  }
  return { render };
}

// ---------------------------------------------------------------------------------- the view

/** Build one view of the widget in `el`. Returns the view; `view.destroy()` undoes it all.
 * @param {HTMLElement} el @param {Model} model @param {{now?: () => number}} [options] */
export function createView(el, model, { now = () => performance.now() } = {}) {
  /** @type {View} */
  const view = { el, model, now, timers: [], listeners: [] };
  /** @type {Ctx["on"]} */
  const on = (target, type, fn, capture = false) => {
    target.addEventListener(type, fn, capture);
    view.listeners.push(() => target.removeEventListener(type, fn, capture));
  };
  const state = () => model.get("_state") || /** @type {Snapshot} */ ({});
  /** @type {Ctx} */
  const ctx = {
    view,
    model,
    now,
    on,
    state,
    replaying: () => state().mode === "replay",
    send: (msg) => model.send(msg),
    S: (key, values) => fill(((model.get("_text") || {}).strings || {})[key] ?? key, values || {}),
    openNewGame: () => panels.openNewGame(),
    openAnalysis: () => analysis.open(),
    closePanels: (except) => {
      for (const [panel, opener] of panels.pairs) if (panel !== except) panels.close(panel, opener);
    },
  };
  view.S = ctx.S;

  const status = buildStatusBar(ctx);
  const board = buildBoard(ctx);
  const toolbar = buildToolbar(ctx);
  const replayBar = buildReplayBar(ctx);
  const panels = buildPanels(ctx, toolbar.buttons);
  const analysis = buildAnalysis(ctx, { toolbar, replayBar, panels, status });
  const chance = buildChance(ctx, { status, analysis });
  const regions = [status, board, toolbar, replayBar, panels, analysis, chance];

  // The felt: the board in the middle of the cell's width, and the panels over its right side,
  // so that opening one never moves or resizes the table.
  const panelLayer = h("div", { class: "pyr-panels" }, [...panels.elements, analysis.panel]);
  const stage = h("div", { class: "pyr-stage" }, [board.board, panelLayer]);
  const root = h("div", { class: "pyr-root" }, [status.bar, stage, board.stockOrder, toolbar.bar, replayBar.bar]);
  const art = buildArt(el.ownerDocument);
  el.append(root);
  /** @type {any} */ (root).pyramideView = view; // for benchmarks and debugging; not a DOM attribute
  Object.assign(view, {
    createView, root, stage, status, board, panels, cards: board.cards, buttons: toolbar.buttons, toolbar: toolbar.bar,
    menu: toolbar.menu, replayBar: replayBar.bar, replayButtons: replayBar.buttons, slider: replayBar.slider,
    leaveReplay: replayBar.leave, fields: status.fields, tick: status.tick, renderStats: panels.renderStats,
    newPanel: panels.newPanel, newCode: panels.newCode, cancelBtn: panels.cancelBtn,
    optExplain: panels.optExplain, optHighlight: panels.optHighlight, optLanguage: panels.optLanguage,
    optIndices: panels.optIndices,
    statsPanel: panels.statsPanel, analysis, chance, optChance: panels.optChance,
  });

  fitToScreen(view, { root, board, toolbar: toolbar.bar, replayBar: replayBar.bar });
  claimKeys(view, { root, board, panels, toolbar });

  // ------------------------------------------------------------------ drawing
  view.render = function render() {
    const st = model.get("_state");
    const text = model.get("_text") || /** @type {UiText} */ ({});
    if (!st || !st.pyramid || !st.table) return;
    const started = now();
    const replay = st.mode === "replay";
    // Replay swaps the toolbar for its own bar: a keyboard in the bar that goes moves to the one
    // that comes, on Next when a replay opens (at the deal), on the menu's button after.
    const swapFocus =
      replay === replayBar.bar.hidden &&
      [toolbar.bar, replayBar.bar].some((box) => box.contains(document.activeElement));
    setAttr(root, "lang", text.language || "en");
    root.classList.toggle("pyr-replaying", replay);
    setAttr(root, "data-free-help", st.options && st.options.highlight_free === false ? "off" : null);
    for (const region of regions) region.render(st, text);
    if (swapFocus) {
      const next = replay ? [replayBar.buttons.next, replayBar.leave].find((b) => !b.disabled) : toolbar.buttons.more;
      next?.focus();
    }
    view.renderMs = now() - started;
  };

  view.renderText = function renderText() {
    const text = model.get("_text") || /** @type {UiText} */ ({});
    art.render(model.get("_art"));
    for (const region of regions) region.renderText(text);
    view.render();
  };

  const onState = () => view.render();
  const onText = () => view.renderText();
  // Long solver work under way: the regions that show it (the analysis, the chance).
  const onWork = () => {
    analysis.onWork();
    chance.onWork();
  };
  model.on("change:_work", onWork);
  view.listeners.push(() => model.off("change:_work", onWork));
  model.on("change:_state", onState);
  model.on("change:_text", onText);
  model.on("change:_art", onText);
  view.listeners.push(() => model.off("change:_state", onState));
  view.listeners.push(() => model.off("change:_text", onText));
  view.listeners.push(() => model.off("change:_art", onText));

  view.destroy = function destroy() {
    for (const off of view.listeners.splice(0)) off();
    for (const timer of view.timers.splice(0)) {
      clearInterval(timer);
      clearTimeout(timer);
    }
    root.remove();
  };

  view.renderText();
  // A fresh clock reading for this view if the game is running (one message, not a stream).
  if (state().running) ctx.send({ type: "refresh" });
  return view;
}

/**
 * The size: the board fills the cell's width, and no more than lets the whole table fit the
 * notebook's visible height once its cell is scrolled to the top (what sits above the table in
 * its cell, the code, stays on screen too). The width is capped through --pyr-fit-w and the
 * cards follow the board (their places are in % of it). Measured in the next frame, never
 * inside the observer's callback (no resize loop).
 * @param {View} view
 * @param {{root: HTMLElement, board: ReturnType<typeof buildBoard>, toolbar: HTMLElement, replayBar: HTMLElement}} parts
 */
function fitToScreen(view, { root, board }) {
  function fit() {
    view.fitFrame = 0;
    const scroller = root.closest(SCROLLERS);
    const visible = scroller ? scroller.clientHeight : window.top === window ? window.innerHeight : 0;
    const table = board.sent();
    if (!root.isConnected || !visible || !root.offsetHeight || !table) return; // hidden tab, output frame, no state yet
    if (scroller && view.fitScroller !== scroller) {
      observer?.observe(scroller);
      view.fitScroller = scroller;
    }
    const cell = root.closest(".jp-Cell") || root;
    const top = root.getBoundingClientRect().top;
    const above = top - cell.getBoundingClientRect().top;
    const chrome = root.offsetHeight - board.board.offsetHeight;
    const room = visible - above - FIT_MARGIN_PX;
    const kind = chooseArrangement(table, room - chrome, root.clientWidth);
    if (kind !== (view.arrangement || "wide")) {
      view.arrangement = kind;
      view.render();
    }
    const width = `${fitBoardWidth(room, chrome, arranged(table, kind), root.clientWidth)}px`;
    if (root.style.getPropertyValue("--pyr-fit-w") !== width) root.style.setProperty("--pyr-fit-w", width);
  }
  const observer =
    typeof ResizeObserver === "function"
      ? new ResizeObserver(() => {
          if (!view.fitFrame) view.fitFrame = requestAnimationFrame(fit);
        })
      : null;
  if (observer) {
    observer.observe(root);
    view.listeners.push(() => {
      observer.disconnect();
      cancelAnimationFrame(view.fitFrame);
    });
  }
}

/**
 * Keys the widget owns are claimed in the capture phase on window, before the notebook's
 * shortcut handler (Notebook 7 listens in the capture phase on document): the notebook skips
 * events whose default was prevented, so Enter on a card taps it instead of editing the cell,
 * and arrow keys move between cards instead of between cells.
 * @param {View} view
 * @param {{root: HTMLElement, board: ReturnType<typeof buildBoard>, panels: ReturnType<typeof buildPanels>,
 *   toolbar: ReturnType<typeof buildToolbar>}} parts
 */
function claimKeys(view, { root, board, panels, toolbar }) {
  /** @param {KeyboardEvent} event */
  function claimKey(event) {
    const target = /** @type {HTMLElement | null} */ (event.target);
    if (event.ctrlKey || event.metaKey || event.altKey || !target || !target.matches || !root.contains(target)) return;
    if (target.matches("input, select, textarea")) return; // they carry data-lm-suppress-shortcuts
    if (event.key === "Escape") {
      if (!toolbar.menu.hidden) {
        toolbar.showMenu(false);
        toolbar.buttons.more.focus();
        event.preventDefault();
        return;
      }
      // The panel the focus is in, else the first one open.
      const open = panels.pairs.filter(([panel]) => !panel.hidden);
      const [panel, opener] = open.find(([p]) => p.contains(target)) || open[0] || [];
      if (!panel || !opener) return;
      panels.close(panel, opener);
      if (panel.contains(target)) (opener.closest("[hidden]") ? toolbar.buttons.more : opener).focus();
      event.preventDefault();
    } else if (event.key === "Enter" || event.key === " ") {
      if (!target.matches("button")) return;
      event.preventDefault();
      if (!event.repeat) target.click();
    } else if (board.moveFocus(event)) {
      event.preventDefault();
    }
  }
  const win = /** @type {Window} */ (view.el.ownerDocument.defaultView);
  win.addEventListener("keydown", claimKey, true);
  /** @param {KeyboardEvent} event */
  const keyup = (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (event.key === " " && root.contains(target) && target.matches("button")) event.preventDefault();
  };
  win.addEventListener("keyup", keyup, true);
  view.listeners.push(() => {
    win.removeEventListener("keydown", claimKey, true);
    win.removeEventListener("keyup", keyup, true);
  });
}

export default {
  /** @param {{model: Model, el: HTMLElement, signal?: AbortSignal}} props */
  render({ model, el, signal }) {
    const view = createView(el, model);
    if (signal) signal.addEventListener("abort", () => view.destroy());
    return () => view.destroy();
  },
};
