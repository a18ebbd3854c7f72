// The Pyramide table: draws the engine's snapshot and reports taps. It never decides a rule.
//
// Python -> here: the synced traits `_state` (the position, see pyramide_widget/engine/view_state.py)
// and `_text` (the current language's strings and card names, see ui_text.py).
// Here -> Python: `model.send({type: ...})` messages only; the kernel checks every one.
// Statistics travel on request: the panel sends {type: "stats", rules} and Python answers with a
// custom message {type: "stats", rules, stats, error} (and {type: "stats_changed"} after a game
// is recorded, so an open panel asks again).
//
// One builder per region (status bar, board, toolbar, replay bar, panels) makes its DOM once
// per view; `render` hands each region the new snapshot and it updates in place, so keyboard
// focus survives every update (the board rebuilds its places only for another table). Test
// hooks: data-card / data-free / data-selected / data-face-down on cards, data-pile on the
// stock and on each pile's group (buildPiles: the waste, "waste-2", "cell"…, which holds its
// cards), data-count on both, data-field on status fields,
// data-action on buttons, data-won on the board.
//
// No table fact lives here: the snapshot's `table` entry (view_state.table_view) gives the
// places and their positions, the board's and a card's size in drawing units, where the piles
// go, the deck's rank indices and suit colours.

// The smallest board the table shrinks to for a low screen: cards still about 35 px wide.
const MIN_BOARD_PX = 280;
// How long a card takes to move (drawn, removed, returned), and how far a press must move to
// be a drag rather than a tap.
const MOTION_MS = 180;
const DRAG_PX = 6;
// Room left below the table when it fits the screen: the cell's own bottom padding.
const FIT_MARGIN_PX = 12;
// Where the visible height of a notebook comes from: its scrolling panel (JupyterLab 4,
// Notebook 7, JupyterLite; JupyterLab 3) or an output view opened on its own; else the window
// of a top-level page. An output frame (Colab, VS Code) grows with what it holds: fitting the
// table to it would shrink the table frame after frame, so there the table keeps its size.
const SCROLLERS = ".jp-WindowedPanel-outer, .jp-Notebook, .jp-LinkedOutputView";

const pct = (value, total) => `${((value * 100) / total).toFixed(4)}%`;

/** The table's places, row-major, as {row, col, x, y, covered_by} (the snapshot sends columns). */
export function placesOf(table) {
  const p = table.places;
  return p.row.map((row, i) => ({ row, col: p.col[i], x: p.x[i], y: p.y[i], covered_by: p.covered_by[i] }));
}

/** Where a place or pile ({x, y} in drawing units) lies on the board, in % of its size. */
export function cardBox(place, table) {
  return { left: pct(place.x, table.width), top: pct(place.y, table.height) };
}

/**
 * The board's width in px that lets the whole table (status line, board, message, toolbar)
 * fit `height` px, when everything but the board takes `chrome` px. Never below
 * MIN_BOARD_PX: on a very low screen legible cards matter more than seeing all at once.
 */
export function fitBoardWidth(height, chrome, table) {
  return Math.max(MIN_BOARD_PX, Math.floor(((height - chrome) * table.width) / table.height));
}

/**
 * How a card is shown, from the snapshot's deck: "Q♦" with French indices ->
 * {rank: "D", suit: "♦", red: true, colour: "red"} (display only, no rules). A card is written
 * in the snapshot with the deck's "en" indices and its suit symbol last.
 */
export function parseCard(card, deck, indices = "en") {
  const written = card.slice(0, -1);
  const suit = card.slice(-1);
  const rank = deck.ranks[indices][deck.ranks.en.indexOf(written)] ?? written;
  const look = deck.suits[suit] || {};
  return { rank, suit, red: !!look.red, colour: look.colour };
}

/** Seconds -> "m:ss" or "h:mm:ss". */
export function formatTime(seconds) {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Seconds -> "m:ss.t" (tenths: statistics rank by time, so close times must differ). */
export function formatDuration(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  const tenths = Math.round(Math.max(0, seconds) * 10);
  return `${formatTime(Math.floor(tenths / 10))}.${tenths % 10}`;
}

/** Fill "{name}" placeholders. */
export function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}

function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  // Form fields keep every key (typing, arrows in a select): no notebook shortcut inside them.
  if (tag === "input" || tag === "select") el.setAttribute("data-lm-suppress-shortcuts", "true");
  for (const child of children) el.append(child);
  return el;
}

function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else {
    const text = value === true ? "" : String(value);
    if (el.getAttribute(name) !== text) el.setAttribute(name, text);
  }
}

function setText(el, value) {
  const text = String(value);
  if (el.textContent !== text) el.textContent = text;
}

function samePlace(a, b) {
  return !!a && !!b && a.pile === b.pile && (a.row ?? 1) === (b.row ?? 1) && (a.col ?? null) === (b.col ?? null);
}

/** Whether `place` is selected: `selected` is one place, or a list of them where a game
 * selects several cards at once. */
function isSelectedPlace(selected, place) {
  return Array.isArray(selected) ? selected.some((s) => samePlace(s, place)) : samePlace(selected, place);
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The candidate ({x, y} in drawing units) an arrow key goes to from `from`: the nearest one
 * ahead in that direction, a step aside counting twice a step ahead, so that the keys follow
 * rows and columns wherever the piles lie. null when none lies ahead.
 */
export function nearestInDirection(from, candidates, key) {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const [ax, ay] = arrow;
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
 * What a new snapshot moves, for the animations, given the one before it on the same table:
 * {kind, card, pile, index | at} with kind "removed" (a card gone from the table: `index` its
 * pyramid place, `at` where it lay in a pile), "returned" (an undo or a restart puts it back),
 * "drawn" (from the stock onto a pile the stock deals onto) or "stocked" (from a pile back to
 * the stock: an undone draw, a recycle). Every pile alike: a pile that grows while the stock
 * shrinks was dealt onto, one that shrinks while the stock grows was turned back. Display
 * only: the engine has already decided every move.
 */
export function motions(before, after) {
  if (!before || before.table.name !== after.table.name) return [];
  const out = [];
  const cardOf = (entry) => (entry && entry.card) || null;
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
 * Where card `index` of a pile showing `n` cards lies ({x, y}, drawing units), from the pile's
 * place in the table entry: a fanned pile's cards step down by its fan; in a squared pile each
 * card beneath the top lies a step to its left.
 */
export function pileCardAt(place, index, n, table) {
  if (place.fan) return { x: place.x, y: place.y + index * place.fan };
  return { x: place.x - (n - 1 - index) * 0.38 * table.card.width, y: place.y };
}

// ---------------------------------------------------------------------------------- regions
// Each builder makes one region of the table once and returns its elements with
// `render(st, text)` (a new snapshot) and `renderText(text)` (a new language); it wires its own
// events through `ctx`, which every region of one view shares: the model, `S` (strings),
// `send`, `on` (listeners undone by destroy), `state()` and the view itself.

/** The status bar (deal code, rules, score, moves, clock) and the message line. */
function buildStatusBar(ctx) {
  const { S, on } = ctx;
  const labels = [];
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
  const bar = h("div", { class: "pyr-status" }, [code.box, rules, score.box, moves.box, time.box]);
  const message = h("div", { class: "pyr-message", "data-field": "message", role: "status", "aria-live": "polite" });
  const fields = { code: code.value, score: score.value, moves: moves.value, time: time.value };
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
      navigator.clipboard.writeText(fields.code.textContent).then(done, selectCode);
    } else selectCode();
  }
  function selectCode() {
    const range = document.createRange();
    range.selectNodeContents(fields.code);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
  on(copy, "click", copyCode);

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
    let msg = st.message ? st.message.text : "";
    if (replay) {
      const r = st.replay;
      msg = `${S("step", { index: r.index, length: r.length })}: ${r.action ?? S("at_deal")}`;
    } else if (!msg && st.hint) {
      const kind = st.hint.kind;
      msg = kind === "none" ? S("hint_none") : kind === "draw" ? S("hint_draw") : kind === "recycle" ? S("hint_recycle") : S("hint_move", { move: st.hint.move });
    }
    setText(message, msg);
    setAttr(message, "data-key", replay ? "replay" : st.message ? st.message.key : st.hint ? "hint" : null);
  }

  function renderText() {
    for (const [label, key] of labels) setText(label, S(key));
    setText(copy, S("copy"));
  }

  return { bar, message, fields, rules, copy, tick, render, renderText };
}

/** One card's button; `drawCard` fills it from a snapshot entry. */
function makeCard(pile, row, col) {
  const el = h("button", { type: "button", class: "pyr-card", tabindex: "-1", hidden: true }, [
    h("span", { class: "pyr-index" }, [h("span", { class: "pyr-rank" }), h("span", { class: "pyr-suit" })]),
    h("span", { class: "pyr-pip", "aria-hidden": "true" }),
  ]);
  return { el, pile, row, col, card: null };
}

/**
 * Every pile besides the pyramid and the stock (the standard game's waste, waste piles, a
 * reserve, a cell, columns…; issue 14), drawn from the snapshot's `piles` list where the table
 * entry puts each one and as it says to draw it (`table.piles.places`: its first card's
 * corner; `fan`, how far down each next card lies, in drawing units; `count`, when the number
 * of its cards is written under it; `empty`, whether an empty pile is a plain outline or a
 * button naming it). A fanned pile (a column) shows its cards overlapping downwards; a squared
 * one (a waste pile, a cell) its top card and any card beneath it the snapshot sends, a step to
 * its left. Nothing here knows a game or a kind of pile: which cards are free or selectable,
 * and what a tap does, come from the snapshot; a tap goes back as the pile's id and the card's
 * depth (1 the top), an empty pile's button as its id alone. Each pile is one group element
 * (`data-pile`, its name as label) holding its place (outline and count) and its cards, which
 * lie on the board in its drawing units. `drawCard` is the board's, so pile cards look and read
 * like the tableau's.
 */
function buildPiles(ctx, drawCard) {
  const { S, send } = ctx;
  const layer = h("div", { class: "pyr-piles" });
  const slots = new Map(); // pile id -> {id, at, box, empty, count, cards, shown, outline}
  let table = null;

  /** Forget the piles of another table. */
  function lay(next) {
    table = next;
    slots.clear();
    layer.replaceChildren();
  }

  function slotFor(pile) {
    let slot = slots.get(pile.id);
    if (slot) return slot;
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
    slot = { id: pile.id, at, box, empty, count, cards: [], shown: 0, outline: button ? { el: empty, at, pile: pile.id } : null };
    slots.set(pile.id, slot);
    return slot;
  }

  function cardFor(slot, k) {
    while (slot.cards.length <= k) {
      const card = makeCard(slot.id);
      slot.box.append(card.el);
      slot.cards.push(card);
    }
    return slot.cards[k];
  }

  /** A pile's card as drawCard takes it: a face-down card (null) is a back and nothing more. */
  const entryOf = (pile, index) =>
    pile.cards[index] === null
      ? { face_down: true }
      : { card: pile.cards[index], free: pile.free.includes(index), selectable: pile.selectable.includes(index) };

  /** What a pile is called: the only pile of its kind with a sentence of its own for its count
   * ("12 cards in the waste", "Empty waste"), said so; else its name ("Waste pile 2"). */
  function label(pile, text) {
    const strings = text.strings || {};
    if (pile.id === pile.kind && `${pile.kind}_count` in strings && `${pile.kind}_empty` in strings) {
      return pile.count ? S(`${pile.kind}_count`, { n: pile.count }) : S(`${pile.kind}_empty`);
    }
    return pileName(pile, text);
  }

  /** A pile's name: "Reserve 3", or "Reserve" when it is the only reserve pile. */
  const pileName = (pile, text) =>
    pile.id === pile.kind && `pile_${pile.kind}_one` in (text.strings || {})
      ? S(`pile_${pile.kind}_one`)
      : S(`pile_${pile.kind}`, { n: pile.number });

  function render(st, look) {
    const focused = [...every(), ...outlines()].find((c) => c.el === document.activeElement);
    const seen = new Set();
    for (const pile of st.piles || []) {
      const slot = slotFor(pile);
      seen.add(slot.id);
      const { fan } = slot.at;
      const n = pile.cards.length;
      slot.shown = n;
      pile.cards.forEach((_, index) => {
        const card = cardFor(slot, index);
        card.row = n - index; // its depth: 1 for the top card
        card.at = pileCardAt(slot.at, index, n, table);
        Object.assign(card.el.style, cardBox(card.at, table));
        card.el.style.zIndex = String(11 + index); // over the tableau, each card on the one before
        drawCard(card, entryOf(pile, index), look);
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
      const next = nearestOf(focused.at, reachable);
      if (next) next.el.focus();
    }
  }

  // An empty pile's button is a place to put a card (a free cell): its id alone.
  ctx.on(layer, "click", (event) => {
    const empty = event.target.closest && event.target.closest("button.pyr-empty");
    if (!empty || ctx.replaying()) return;
    ctx.view.lastTap = ctx.now();
    send({ type: "tap", pile: empty.closest(".pyr-slot").dataset.pile, row: 1 });
  });

  /** Every card element of every pile, shown or not. */
  const every = () => [...slots.values()].flatMap((slot) => slot.cards);
  const outlines = () => [...slots.values()].map((slot) => slot.outline).filter(Boolean);
  /** What the arrow keys reach here: the face-up cards, and the button of each empty pile. */
  const stops = () => [
    ...every().filter((c) => c.card),
    ...outlines().filter((o) => !o.el.hidden && !o.el.closest("[hidden]")),
  ];
  const nearestOf = (at, cards) =>
    cards.sort((a, b) => Math.hypot(a.at.x - at.x, a.at.y - at.y) - Math.hypot(b.at.x - at.x, b.at.y - at.y))[0];
  /** The element of a pile's top card as last drawn (null when it is empty). */
  const topOf = (id) => {
    const slot = slots.get(id);
    return slot && slot.shown ? slot.cards[slot.shown - 1].el : null;
  };

  return { layer, lay, render, cards: every, stops, topOf };
}

/** The board: the tableau as the snapshot's table lays it out, the stock in a corner its
 * narrow end leaves free, the piles (buildPiles), and the end banner. Owns the cards' taps and the arrow keys
 * between them. The places are built anew only when the table changes (a new game of
 * another preset); every other update is made in place. */
function buildBoard(ctx) {
  const { S, on, send, view } = ctx;
  const board = h("div", { class: "pyr-board", role: "group" });
  const stock = h("button", { type: "button", class: "pyr-pile pyr-stock", "data-pile": "stock" }, [
    h("span", { class: "pyr-back" }),
    h("span", { class: "pyr-recycle", "aria-hidden": "true" }),
  ]);
  const stockCount = h("span", { class: "pyr-count", "aria-hidden": "true" });
  const stockBox = h("div", { class: "pyr-pilebox pyr-stockbox" }, [stock, stockCount]);
  const pyramid = h("div", { class: "pyr-pyramid", role: "group" });
  // With the stock face up (a knob of the rules), its cards in the order they will be drawn.
  const stockOrder = h("ol", { class: "pyr-stock-order", "data-field": "stock-order", hidden: true });
  const cards = []; // the tableau's places in row-major order, as st.pyramid lists them
  let layout = null; // the table the places were built for
  let shown = null; // the snapshot last drawn, which the next one moves on from
  const bannerTitle = h("div", { class: "pyr-banner-title", "data-field": "banner-title" });
  const bannerDetail = h("div", { class: "pyr-banner-detail", "data-field": "banner-detail" });
  const bannerButtons = h("div", { class: "pyr-banner-buttons" });
  const banner = h("div", { class: "pyr-banner", "data-field": "banner", role: "alert", hidden: true }, [
    bannerTitle,
    bannerDetail,
    bannerButtons,
  ]);
  const piles = buildPiles(ctx, drawCard);
  board.append(pyramid, piles.layer, stockBox, banner);
  const wrap = h("div", { class: "pyr-boardwrap" }, [board, stockOrder]);

  function lay(table) {
    layout = table;
    const places = placesOf(table).map((place) => {
      const card = makeCard("pyramid", place.row, place.col);
      Object.assign(card.el.style, cardBox(place, table));
      card.el.style.zIndex = String(place.row); // each row lies on the one before
      return Object.assign(card, { place, at: place });
    });
    cards.splice(0, cards.length, ...places);
    pyramid.replaceChildren(...places.map((card) => card.el));
    piles.lay(table);
    // A table without a stock (Giza) draws none.
    const stockAt = table.piles.stock;
    setAttr(stockBox, "hidden", stockAt ? null : true);
    if (stockAt) Object.assign(stockBox.style, cardBox(stockAt, table));
    board.dataset.piles = table.piles.end;
    board.style.setProperty("--pyr-ratio", `${table.width} / ${table.height}`);
    board.style.setProperty("--pyr-card-w", pct(table.card.width, table.width));
    board.style.setProperty("--pyr-card-h", pct(table.card.height, table.height));
  }

  // ---- taps
  let swallowClick = false; // set for the click that ends a drag (see below): it is no tap
  // A back (face-down place) is tapped by its place alone, so the kernel can say it is blocked
  // without the page ever knowing the card.
  const tapCard = (card) => {
    const back = card && card.el.dataset.faceDown === "true";
    if (ctx.replaying() || !card || !(card.card || back)) return;
    const msg = { type: "tap", pile: card.pile, row: card.row };
    if (card.card) msg.card = card.card;
    if (card.pile === "pyramid") msg.col = card.col;
    view.lastTap = ctx.now();
    send(msg);
  };
  const cardAt = (target) => {
    const el = target.closest && target.closest(".pyr-card");
    return el && cards.find((c) => c.el === el);
  };
  on(pyramid, "click", (event) => swallowClick || tapCard(cardAt(event.target)));
  on(piles.layer, "click", (event) => swallowClick || tapCard(piles.cards().find((c) => c.el === event.target.closest?.(".pyr-card"))));
  on(stock, "click", () => {
    if (ctx.replaying()) return;
    view.lastTap = ctx.now();
    send({ type: "tap", pile: "stock" });
  });
  on(bannerButtons, "click", (event) => {
    const action = event.target.closest("[data-banner-action]")?.dataset.bannerAction;
    if (action === "new") ctx.openNewGame();
    else if (action === "analysis") ctx.openAnalysis();
    else if (action === "replay") send({ type: "replay_start" });
    else if (action) send({ type: action });
  });

  // ---- motion: cards that move (display only; the DOM is already up to date when they run)
  // A removed card leaves as a fading copy, a drawn one slides from the stock, a returned one
  // grows back in place. None under prefers-reduced-motion, and none where the browser has no
  // Web Animations (then the table simply changes at once).
  const reduceMotion = () => !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  function ghost(card, look, box) {
    const copy = makeCard("ghost").el;
    const { rank, suit, red, colour } = parseCard(card, look.table.deck, look.indices);
    setText(copy.querySelector(".pyr-rank"), rank);
    setText(copy.querySelector(".pyr-suit"), suit);
    setText(copy.querySelector(".pyr-pip"), suit);
    copy.classList.toggle("pyr-red", red);
    copy.classList.add("pyr-ghost");
    setAttr(copy, "data-colour", colour);
    setAttr(copy, "hidden", null);
    setAttr(copy, "aria-hidden", "true");
    setAttr(copy, "tabindex", "-1");
    Object.assign(copy.style, box);
    board.append(copy);
    return copy;
  }
  function animate(el, frames, done) {
    const run = el.animate(frames, { duration: MOTION_MS, easing: "ease-out" });
    if (done) run.onfinish = run.oncancel = done;
  }
  function move(before, after, look) {
    const moves = motions(before, after);
    if (!moves.length || reduceMotion() || typeof board.animate !== "function") return;
    const { piles: at, card } = look.table;
    // The way from a pile's place to the stock, in the card's own size (no layout is read
    // during a render); a card only goes to or comes from the stock where there is one.
    const toStock = (place) =>
      at.stock &&
      `translate(${((at.stock.x - place.x) * 100) / card.width}%, ${((at.stock.y - place.y) * 100) / card.height}%)`;
    for (const m of moves) {
      const place = m.pile === "pyramid" ? cards[m.index].place : at.places.find((p) => p.id === m.pile);
      const el = m.pile === "pyramid" ? cards[m.index].el : piles.topOf(m.pile);
      if (m.kind === "removed") {
        const copy = ghost(m.card, look, cardBox(m.at || place, look.table));
        animate(copy, [{ opacity: 1, transform: "none" }, { opacity: 0, transform: "scale(0.8)" }], () => copy.remove());
      } else if (m.kind === "stocked") {
        if (!toStock(place)) continue;
        const copy = ghost(m.card, look, cardBox(place, look.table));
        animate(copy, [{ transform: "none" }, { opacity: 0.4, transform: toStock(place) }], () => copy.remove());
      } else if (m.kind === "drawn") {
        if (el && toStock(place)) animate(el, [{ transform: toStock(place) }, { transform: "none" }]);
      } else if (el) {
        animate(el, [{ opacity: 0, transform: "scale(0.8)" }, { opacity: 1, transform: "none" }]);
      }
    }
  }

  // ---- drag a card onto its partner: the same taps as tapping both, and Python decides
  // (a card already selected first, so that the drop means "these two"). A drag starts
  // once the pointer has moved a few pixels; a shorter press stays a tap.
  let drag = null;
  const everyCard = () => [...cards, ...piles.cards()];
  const dragged = (target) => {
    const el = target.closest && target.closest(".pyr-card");
    return el && everyCard().find((c) => c.el === el && c.card);
  };
  const placeOf = (card) => ({ pile: card.pile, row: card.row, col: card.col });
  function endDrag() {
    if (!drag) return;
    setAttr(drag.card.el, "data-dragging", null);
    drag.card.el.style.translate = "";
    drag = null;
  }
  on(board, "pointerdown", (event) => {
    if (event.button !== 0 || ctx.replaying()) return;
    const card = dragged(event.target);
    drag = card ? { card, x: event.clientX, y: event.clientY, id: event.pointerId, moved: false } : null;
  });
  on(board, "pointermove", (event) => {
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
  on(board, "pointerup", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const { card, moved } = drag;
    endDrag();
    if (!moved) return; // a tap: its click follows
    // The click that follows this pointerup is the drag's, not a tap.
    swallowClick = true;
    setTimeout(() => (swallowClick = false), 0);
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
    for (const tap of taps) tapCard(tap);
  });
  on(board, "pointercancel", endDrag);

  // ---- keyboard: arrow keys move between the face-up cards and the stock (one tab stop for
  // the tableau, one for the piles, the stock's own). Within the tableau they follow its rows;
  // where a row ends, and from a pile's card, they go to the nearest face-up card or the stock
  // in that direction, so every pile is reached.
  const pileMove = (from, key, within) =>
    nearestInDirection(from, within.map((c) => ({ ...c.at, stop: c })), key)?.stop;
  // The piles' cards and buttons, and the stock where the table has one: the stock keeps its own
  // tab stop, and Enter on it draws as a click does.
  const pileStops = () => [...piles.stops(), ...(stockBox.hidden ? [] : [{ el: stock, at: layout.piles.stock, pile: "stock" }])];
  function moveFocus(event) {
    const inPile = pileStops().find((c) => c.el === event.target);
    if (inPile) {
      const ownPile = pileStops().filter((c) => c.pile === inPile.pile);
      let target;
      if (event.key === "Home") target = ownPile[0];
      else if (event.key === "End") target = ownPile.at(-1);
      else if (ARROWS[event.key]) target = pileMove(inPile.at, event.key, [...pileStops(), ...cards.filter((c) => c.card)]);
      else return false;
      if (target) focusCard(target);
      return true;
    }
    const at = cards.findIndex((c) => c.el === event.target);
    if (at < 0) return false;
    const { row, col, place } = cards[at];
    const inRow = (r) => cards.filter((x) => x.row === r && x.card);
    let target = null;
    switch (event.key) {
      case "ArrowLeft":
        target = inRow(row).filter((x) => x.col < col).pop();
        break;
      case "ArrowRight":
        target = inRow(row).find((x) => x.col > col);
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
        const rows = layout.rows;
        const gap = (x) => Math.abs(x.place.x - place.x);
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
  function focusCard(card) {
    if (card.el === stock) return stock.focus();
    const group = cards.includes(card) ? cards : piles.stops();
    for (const c of group) setAttr(c.el, "tabindex", c === card ? "0" : "-1");
    card.el.focus();
  }

  // ---- drawing
  const CARD_ATTRS = [
    "data-card", "data-free", "data-selected", "data-selectable", "data-hint", "data-colour",
    "aria-label", "aria-pressed", "aria-disabled",
  ];
  function drawCard(card, entry, look) {
    const el = card.el;
    setAttr(el, "data-face-down", entry && entry.face_down ? "true" : null);
    if (!entry || entry.face_down) {
      // Gone, or face down: a face-down card is only a back, which no reader reaches (a tap
      // sends its place alone).
      card.card = null;
      setAttr(el, "hidden", entry ? null : true);
      setAttr(el, "aria-hidden", entry ? "true" : null);
      // Nothing of the card it showed before (an undo turns a card face down again) stays.
      for (const name of CARD_ATTRS) setAttr(el, name, null);
      for (const part of el.querySelectorAll(".pyr-rank, .pyr-suit, .pyr-pip")) setText(part, "");
      el.classList.remove("pyr-red");
      return;
    }
    const { table, selected, hint, text, replay, indices } = look;
    const { rank, suit, red, colour } = parseCard(entry.card, table.deck, indices);
    const isSelected = isSelectedPlace(selected, placeOf(card));
    if (card.card !== entry.card) {
      card.card = entry.card;
      setText(el.querySelector(".pyr-suit"), suit);
      setText(el.querySelector(".pyr-pip"), suit);
    }
    setText(el.querySelector(".pyr-rank"), rank);
    setAttr(el, "hidden", null);
    setAttr(el, "aria-hidden", null);
    setAttr(el, "data-card", entry.card);
    setAttr(el, "data-free", entry.free ? "true" : "false");
    setAttr(el, "data-selectable", entry.selectable ? "true" : "false");
    setAttr(el, "data-selected", isSelected ? "true" : "false");
    setAttr(el, "data-hint", hint.has(entry.card) ? "true" : null);
    setAttr(el, "data-colour", colour);
    setAttr(el, "aria-pressed", isSelected ? "true" : "false");
    setAttr(el, "aria-disabled", replay ? "true" : null);
    el.classList.toggle("pyr-red", red);
    const name = (text.cards || {})[entry.card] || entry.card;
    const word = isSelected ? S("selected") : entry.free ? S("free") : S("blocked");
    setAttr(el, "aria-label", S("card_state", { card: name, state: word }));
  }

  function renderPyramid(st, look) {
    // Roving focus: keep the tableau's single tab stop on a card that is still there.
    const focusedIndex = cards.findIndex((c) => c.el === document.activeElement);
    st.pyramid.forEach((entry, i) => {
      const card = cards[i];
      drawCard(card, entry, look);
      // A card with a card on it shows at most its top half and a corner, so its centre pip
      // would show as a sliver beside that card.
      const covered = card.place.covered_by.some((j) => st.pyramid[j]);
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
      const distance = (c) => Math.abs(c.row - gone.row) + Math.abs(c.col - gone.col);
      const next = cards.filter((c) => c.card).sort((a, b) => distance(a) - distance(b))[0];
      if (next) focusCard(next);
      else stock.focus();
    }
  }

  function renderStock(st, look) {
    const sc = st.stock.count;
    setAttr(stock, "data-count", sc);
    setAttr(stock, "data-action-next", st.stock.action);
    setAttr(stock, "data-hint", st.hint && (st.hint.kind === "draw" || st.hint.kind === "recycle") ? "true" : null);
    setAttr(stock, "aria-disabled", look.replay || st.stock.action === "none" ? "true" : null);
    setAttr(
      stock,
      "aria-label",
      sc ? S("stock_draw", { n: sc }) : st.stock.action === "recycle" ? S("stock_recycle") : S("stock_empty"),
    );
    setText(stock.querySelector(".pyr-recycle"), !sc && st.stock.action === "recycle" ? `↻ ${S("recycle")}` : "");
    setText(stockCount, sc);
    // The stock face up (Rules.stock_face_up): its cards, the next drawn first.
    const shown = st.stock_cards || [];
    setAttr(stockOrder, "hidden", shown.length ? null : true);
    const shownKey = `${look.indices} ${shown.join(" ")}`; // rebuilt when the cards or the indices change
    if (stockOrder.dataset.shown !== shownKey) {
      stockOrder.replaceChildren(
        ...shown.map((card) => {
          const { rank, suit, red, colour } = parseCard(card, look.table.deck, look.indices);
          return h("li", { class: red ? "pyr-red" : null, "data-colour": colour, "data-card": card, text: rank + suit });
        }),
      );
      stockOrder.dataset.shown = shownKey;
    }
  }

  // End banners (R17, R18), and the offer of a new game once nothing more can be removed
  // while drawing goes on (st.stuck); not during a replay.
  function renderBanner(st, replay) {
    const over = !replay && (st.status === "won" || st.status === "no_moves");
    const stuck = !replay && !over && !!st.stuck;
    setAttr(banner, "hidden", over || stuck ? null : true);
    setAttr(banner, "data-status", over ? st.status : stuck ? "stuck" : null);
    setAttr(board, "data-won", over && st.status === "won" ? "true" : null); // the celebration (CSS)
    if (!over && !stuck) return;
    const won = st.status === "won";
    setText(bannerTitle, won ? S("won_title") : stuck ? S("stuck_title") : S("no_moves_title"));
    setText(
      bannerDetail,
      won
        ? S("won_detail", { score: st.score, time: formatTime(st.elapsed), moves: st.moves })
        : stuck
          ? S("stuck_help")
          : S("no_moves_help"),
    );
    const wanted = won ? ["new", "replay"] : stuck ? ["new", "undo", "restart"] : ["undo", "restart", "new"];
    if (st.can_analyze) wanted.push("analysis");
    if (bannerButtons.dataset.set !== wanted.join()) {
      bannerButtons.replaceChildren(
        ...wanted.map((a) => h("button", { type: "button", class: "pyr-btn", "data-banner-action": a })),
      );
      bannerButtons.dataset.set = wanted.join();
    }
    for (const b of bannerButtons.children) setText(b, S(b.dataset.bannerAction));
  }

  /**
   * While the Analysis panel is open the end banner leaves the table: it docks under the board
   * as one line (its title and buttons), so the cards the analysis speaks of stay in sight, and
   * goes back onto the table when the panel closes. The message line, which says the same
   * words, gives way to it meanwhile (CSS).
   */
  function dockBanner(docked) {
    if (docked === (banner.dataset.docked === "true")) return;
    const focused = banner.contains(document.activeElement) ? document.activeElement : null;
    setAttr(banner, "data-docked", docked ? "true" : null);
    if (docked) wrap.after(banner);
    else board.append(banner);
    focused?.focus(); // a moved element loses the focus
  }

  function render(st, text) {
    if (!layout || layout.name !== st.table.name) lay(st.table);
    const replay = st.mode === "replay";
    const look = {
      table: st.table,
      selected: st.selection || st.selected, // several cards at once where a game selects a set
      hint: new Set(st.hint && st.hint.cards ? st.hint.cards : []),
      text,
      replay,
      indices: st.options && st.options.french_indices ? "fr" : "en",
    };
    renderPyramid(st, look);
    renderStock(st, look);
    piles.render(st, look);
    renderBanner(st, replay);
    move(shown, st, look);
    shown = st;
  }

  function renderText() {
    setAttr(board, "aria-label", S("table"));
    setAttr(pyramid, "aria-label", S("pyramid"));
  }

  return {
    wrap, board, cards, piles, stock, stockCount, banner, bannerTitle, bannerDetail, bannerButtons, stockOrder, moveFocus, dockBanner, render,
    renderText,
    table: () => layout,
  };
}

/** The toolbar: one button per request; New game, Options and Statistics open their panels. */
function buildToolbar(ctx) {
  const { S, on, send } = ctx;
  const button = (action) => h("button", { type: "button", class: "pyr-btn", "data-action": action });
  const buttons = {
    undo: button("undo"),
    new: button("new"),
    restart: button("restart"),
    hint: button("hint"),
    replay: button("replay"),
    stats: button("stats"),
    options: button("options"),
  };
  const bar = h("div", { class: "pyr-toolbar", role: "toolbar" }, Object.values(buttons));
  on(buttons.undo, "click", () => send({ type: "undo" }));
  on(buttons.restart, "click", () => send({ type: "restart" }));
  on(buttons.hint, "click", () => send({ type: "hint" }));
  on(buttons.replay, "click", () => send({ type: "replay_start" }));

  function render(st, text) {
    setAttr(bar, "hidden", st.mode === "replay" ? true : null);
    setAttr(buttons.hint, "hidden", text.hint ? null : true);
    setAttr(buttons.stats, "hidden", st.stats ? null : true);
    buttons.undo.disabled = !st.can_undo;
  }
  function renderText() {
    for (const [action, b] of Object.entries(buttons)) setText(b, S(action));
  }
  return { bar, buttons, render, renderText };
}

/** The replay bar: it replaces the toolbar while a record is stepped through. */
function buildReplayBar(ctx) {
  const { S, on, send } = ctx;
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
  const goto = (index) => send({ type: "replay_goto", index: Math.max(0, index) });
  const info = () => ctx.state().replay || { index: 0, length: 0 };
  on(buttons.first, "click", () => goto(0));
  on(buttons.previous, "click", () => goto(info().index - 1));
  on(buttons.next, "click", () => goto(Math.min(info().length, info().index + 1)));
  on(buttons.last, "click", () => goto(info().length));
  on(slider, "input", () => goto(Number(slider.value)));
  on(leave, "click", () => send({ type: "replay_stop" }));

  function render(st) {
    const replay = st.mode === "replay";
    setAttr(bar, "hidden", replay ? null : true);
    if (!replay) return;
    const r = st.replay;
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

/** The panels under the toolbar: new game, options, statistics; `openers` are the toolbar's
 * buttons that open them. Statistics travel on request (see the top of this file). */
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
  const optLanguage = h("select", { class: "pyr-input", "data-option": "language" });
  const optIndices = h("select", { class: "pyr-input", "data-option": "french_indices" }, [
    h("option", { value: "0", text: "K Q J" }),
    h("option", { value: "1", text: "R D V" }),
  ]);
  const optExplainLabel = h("label", { class: "pyr-check" }, [optExplain, h("span")]);
  const optLanguageLabel = h("label", { class: "pyr-label" }, [h("span"), optLanguage]);
  const optIndicesLabel = h("label", { class: "pyr-label" }, [h("span"), optIndices]);
  const optPanel = h("div", { class: "pyr-panel pyr-options", hidden: true }, [
    optExplainLabel,
    optLanguageLabel,
    optIndicesLabel,
  ]);
  // ---- statistics: one preset's totals and its best won games, asked of Python on opening
  const statsTitle = h("div", { class: "pyr-panel-title" });
  const statsRules = h("select", { class: "pyr-input", "data-field": "stats-rules" });
  const statsRulesLabel = h("label", { class: "pyr-label pyr-inline" }, [h("span"), statsRules]);
  const statsClose = h("button", { type: "button", class: "pyr-btn pyr-close", "data-action": "stats-close", text: "✕" });
  const statsTotals = h("dl", { class: "pyr-stats-totals" });
  const statsValues = {};
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
  // Each panel with the toolbar button that opens it, in the order Escape looks for one.
  const pairs = [
    [newPanel, openers.new],
    [optPanel, openers.options],
    [statsPanel, openers.stats],
  ];

  function toggle(panel, opener, forceOpen = false) {
    if (panel.hidden || forceOpen) {
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
      }
      // Panels open below the toolbar, at the bottom of a laptop's screen: show them whole.
      panel.scrollIntoView?.({ block: "nearest" });
    } else close(panel, opener);
  }
  function close(panel, opener) {
    panel.hidden = true;
    opener.setAttribute("aria-expanded", "false");
    pairs.find(([p]) => p === panel)?.[2]?.(); // a panel added by another region: its own closing
    if (panel === newPanel) view.awaitingNew = false;
    if (panel === statsPanel) view.statsWanted = null;
  }
  const closeAndReturn = (panel, opener) => {
    close(panel, opener);
    opener.focus();
  };

  on(openers.new, "click", () => toggle(newPanel, openers.new));
  on(openers.options, "click", () => toggle(optPanel, openers.options));
  on(openers.stats, "click", () => toggle(statsPanel, openers.stats));
  // The rules menu opens on the current game's rules; it is sent only once the player picks
  // in it, so that Python can tell "deal this code as it is" from "under these rules".
  on(newRules, "change", () => {
    view.rulesChosen = true;
  });
  on(newPanel, "submit", (event) => {
    event.preventDefault();
    view.awaitingNew = true;
    send({ type: "new", code: newCode.value.trim(), rules: view.rulesChosen ? newRules.value : "" });
  });
  on(dealBtn, "click", (event) => {
    event.preventDefault();
    newPanel.requestSubmit ? newPanel.requestSubmit() : newPanel.dispatchEvent(new Event("submit", { cancelable: true }));
  });
  on(cancelBtn, "click", (event) => {
    event.preventDefault();
    close(newPanel, openers.new);
  });
  on(newPanel, "keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      closeAndReturn(newPanel, openers.new);
    }
  });
  on(optExplain, "change", () => send({ type: "option", name: "explain_mistakes", value: optExplain.checked }));
  on(optLanguage, "change", () => send({ type: "option", name: "language", value: optLanguage.value }));
  on(optIndices, "change", () => send({ type: "option", name: "french_indices", value: optIndices.value === "1" }));
  on(statsClose, "click", () => closeAndReturn(statsPanel, openers.stats));
  on(statsRules, "change", () => requestStats(statsRules.value));
  on(statsPanel, "keydown", (event) => {
    // The rules menu keeps its keys from claimKey; Escape still closes the panel.
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      closeAndReturn(statsPanel, openers.stats);
    }
  });
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
    const data = view.statsData;
    if (!data) return;
    const text = model.get("_text") || {};
    const language = text.language || "en";
    const stats = data.stats || null;
    const totals = (stats && stats.totals) || {};
    const order = [...(text.presets || []).map((p) => p.letter), "X"];
    const letters = new Set([...((stats && stats.rules_played) || []), data.rules, ctx.state().rules].filter(Boolean));
    const sorted = [...letters].sort((a, b) => order.indexOf(a) - order.indexOf(b));
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
            h("time", { datetime: entry.finished_at, text: isNaN(when) ? entry.finished_at : date.format(when) }),
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
    const indices = st.options && st.options.french_indices ? "1" : "0";
    if (optIndices.value !== indices) optIndices.value = indices;
  }

  function renderText(text) {
    setText(dealBtn, S("deal"));
    setText(cancelBtn, S("cancel"));
    setText(newCodeLabel.firstChild, S("code_label"));
    setAttr(newCode, "placeholder", S("code_placeholder"));
    setText(newRulesLabel.firstChild, S("rules_label"));
    setText(optExplainLabel.lastChild, S("explain"));
    setText(optLanguageLabel.firstChild, S("language"));
    setText(optIndicesLabel.firstChild, S("indices"));
    for (const [panel, opener] of pairs) setAttr(opener, "aria-expanded", panel.hidden ? "false" : "true");
    setText(statsTitle, S("stats"));
    setAttr(statsPanel, "aria-label", S("stats"));
    setText(statsRulesLabel.firstChild, S("rules_label"));
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
    pairs, newPanel, newCode, newRules, newError, dealBtn, cancelBtn, optPanel, optExplain, optLanguage,
    optIndices, statsPanel, statsRules, statsClose, statsBody, statsNote,
    openNewGame: () => toggle(newPanel, openers.new, true),
    close, renderStats, render, renderText,
  };
}

/**
 * The post-game analysis and the progress of long solver work (see pyramide_widget/widget/model.py):
 * an Analysis button in the toolbar and in the end banner (shown while st.can_analyze), its
 * panel drawn from st.analysis, a progress line drawn from the `_work` trait (a hint being
 * searched, an analysis position by position), and in a replay of the analysed game a mark on
 * the step bar at the losing move with a button that shows the solver's better move (the kernel
 * highlights it as a hint). Everything shown here is what the kernel sent.
 */
function buildAnalysis(ctx, { toolbar, replayBar, panels, board }) {
  const { S, on, send, model, view } = ctx;
  const opener = h("button", { type: "button", class: "pyr-btn", "data-action": "analysis", hidden: true });
  toolbar.bar.insertBefore(opener, toolbar.buttons.stats);
  // ---- progress: a hint (no count: the search's size is not known in advance) or an analysis
  const meter = h("progress", { class: "pyr-meter" });
  const progressText = h("span", { "data-field": "progress-text" });
  const progress = h("div", { class: "pyr-progress", "data-field": "progress", role: "status", hidden: true }, [
    meter,
    progressText,
  ]);
  // ---- the panel
  const title = h("div", { class: "pyr-panel-title" });
  const close = h("button", { type: "button", class: "pyr-btn pyr-close", "data-action": "analysis-close", text: "✕" });
  const field = (name) => h("li", { "data-field": `analysis-${name}` });
  const lines = { best: field("best"), yours: field("yours"), verdict: field("verdict") };
  const note = h("p", { class: "pyr-analysis-note", "data-field": "analysis-note" });
  const show = h("button", { type: "button", class: "pyr-btn pyr-primary", "data-action": "analysis-show" });
  const panel = h("section", { class: "pyr-panel pyr-analysis", "data-field": "analysis-panel", hidden: true }, [
    h("div", { class: "pyr-stats-head" }, [title, close]),
    h("ul", { class: "pyr-analysis-lines" }, Object.values(lines)),
    note,
    h("div", { class: "pyr-panel-buttons" }, [show]),
  ]);
  panels.pairs.push([panel, opener, () => hide()]); // Escape closes it like the other panels
  // ---- the replay bar: where the losing move is, and the better move before it
  const mark = h("span", { class: "pyr-replay-mark", "data-field": "replay-mark", "aria-hidden": "true", hidden: true });
  const sliderBox = h("span", { class: "pyr-slider-box" });
  replayBar.slider.replaceWith(sliderBox);
  sliderBox.append(replayBar.slider, mark);
  // What the mark means is said on a line of its own above the bar, under the step's message:
  // in the bar it pushed the controls onto a second row at 1280 px.
  const losingNote = h("div", { class: "pyr-replay-losing", "data-field": "replay-losing", role: "status", hidden: true });
  const better = h("button", { type: "button", class: "pyr-btn", "data-action": "replay-better", hidden: true });
  replayBar.bar.insertBefore(better, replayBar.leave);

  function open() {
    panel.hidden = false;
    opener.setAttribute("aria-expanded", "true");
    board.dockBanner(true);
    const st = ctx.state();
    if (!st.analysis && !(model.get("_work") || {}).analysis) send({ type: "analyze" });
    panel.scrollIntoView?.({ block: "nearest" });
    close.focus();
  }
  function hide() {
    panel.hidden = true;
    opener.setAttribute("aria-expanded", "false");
    board.dockBanner(false);
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
    const st = ctx.state();
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

  function renderPanel(st) {
    const a = st.analysis;
    const running = (model.get("_work") || {}).analysis;
    setAttr(panel, "data-state", a ? "done" : running ? "running" : "waiting");
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

  function renderReplay(st) {
    const r = st.mode === "replay" ? st.replay : null;
    const losing = r && r.losing ? r.losing : null;
    setAttr(mark, "hidden", losing ? null : true);
    setAttr(better, "hidden", losing ? null : true);
    if (losing) {
      mark.style.setProperty("--pyr-mark-at", String(losing / Math.max(1, r.length)));
      setAttr(mark, "title", S("replay_losing"));
    }
    let said = "";
    if (losing && r.better && r.index === losing - 1) said = S("replay_better", { move: r.better.move, played: r.better.played });
    else if (losing && r.index === losing) said = `${losing}: ${S("replay_losing")}`;
    setText(losingNote, said);
    setAttr(losingNote, "hidden", said ? null : true);
    setAttr(losingNote, "data-kind", r && r.better && r.index === losing - 1 ? "better" : said ? "losing" : null);
    setAttr(better, "aria-pressed", r && r.better ? "true" : "false");
  }

  function render(st) {
    const offered = !!st.can_analyze;
    if (!offered && st.mode !== "replay" && !panel.hidden && !st.analysis) hide(); // a new game
    setAttr(opener, "hidden", offered || !panel.hidden ? null : true);
    renderPanel(st);
    renderReplay(st);
    renderWork();
  }
  function renderText() {
    setText(opener, S("analysis"));
    setAttr(opener, "aria-expanded", panel.hidden ? "false" : "true");
    setText(title, S("analysis"));
    setAttr(panel, "aria-label", S("analysis"));
    setAttr(close, "aria-label", S("close"));
    setAttr(close, "title", S("close"));
    setText(show, S("analysis_show"));
    setText(better, S("better_move"));
  }
  const onWork = () => {
    renderWork();
    renderPanel(ctx.state());
  };
  model.on("change:_work", onWork);
  view.listeners.push(() => model.off("change:_work", onWork));
  return { opener, panel, progress, mark, better, losingNote, lines, show, open, hide, render, renderText, elements: [progress, panel] };
}

// ---------------------------------------------------------------------------------- the view

/** Build one view of the widget in `el`. Returns the view; `view.destroy()` undoes it all. */
export function createView(el, model, { now = () => performance.now() } = {}) {
  const view = { el, model, now, timers: [], listeners: [] };
  const on = (target, type, fn, capture = false) => {
    target.addEventListener(type, fn, capture);
    view.listeners.push(() => target.removeEventListener(type, fn, capture));
  };
  const state = () => model.get("_state") || {};
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
  };
  view.S = ctx.S;

  const status = buildStatusBar(ctx);
  const board = buildBoard(ctx);
  const toolbar = buildToolbar(ctx);
  const replayBar = buildReplayBar(ctx);
  const panels = buildPanels(ctx, toolbar.buttons);
  const analysis = buildAnalysis(ctx, { toolbar, replayBar, panels, board });
  const regions = [status, board, toolbar, replayBar, panels, analysis];

  // The message sits between the board and the toolbar: where the player's eyes and pointer
  // are, next to where the panels open, and on screen whenever the table is.
  const root = h("div", { class: "pyr-root" }, [
    status.bar,
    board.wrap,
    status.message,
    analysis.losingNote,
    toolbar.bar,
    replayBar.bar,
    analysis.progress,
    ...panels.elements,
    analysis.panel,
  ]);
  el.append(root);
  root.pyramideView = view; // for benchmarks and debugging; not a DOM attribute
  Object.assign(view, {
    createView, root, status, board, panels, cards: board.cards, buttons: toolbar.buttons, toolbar: toolbar.bar,
    replayBar: replayBar.bar, replayButtons: replayBar.buttons, slider: replayBar.slider,
    leaveReplay: replayBar.leave, fields: status.fields, tick: status.tick, renderStats: panels.renderStats,
    newPanel: panels.newPanel, newCode: panels.newCode, cancelBtn: panels.cancelBtn,
    optExplain: panels.optExplain, optLanguage: panels.optLanguage, optIndices: panels.optIndices,
    statsPanel: panels.statsPanel, analysis,
  });

  // ------------------------------------------------------------------ size
  // The table fits the notebook's visible height, not only the cell's width: once its cell is
  // scrolled to the top, a laptop screen shows all of it, toolbar included. The table's width
  // is capped (--pyr-fit-w) and the cards follow the board's width (container query units).
  function fit() {
    view.fitFrame = 0;
    const scroller = root.closest(SCROLLERS);
    const visible = scroller ? scroller.clientHeight : window.top === window ? window.innerHeight : 0;
    if (!root.isConnected || !visible || !root.offsetHeight || !board.table()) return; // hidden tab, output frame, no state yet
    if (scroller && view.fitScroller !== scroller) {
      fitObserver.observe(scroller);
      view.fitScroller = scroller;
    }
    // What sits above the table in its cell (the code) stays on screen too; open panels may not.
    const cell = root.closest(".jp-Cell") || root;
    const top = root.getBoundingClientRect().top;
    const above = top - cell.getBoundingClientRect().top;
    const bar = replayBar.bar.hidden ? toolbar.bar : replayBar.bar;
    const chrome = bar.getBoundingClientRect().bottom - top - board.board.offsetHeight;
    const width = `${fitBoardWidth(visible - above - FIT_MARGIN_PX, chrome, board.table())}px`;
    if (root.style.getPropertyValue("--pyr-fit-w") !== width) root.style.setProperty("--pyr-fit-w", width);
  }
  // Measured in the next frame, never inside the observer's callback (no resize loop).
  const fitObserver =
    typeof ResizeObserver === "function"
      ? new ResizeObserver(() => {
          if (!view.fitFrame) view.fitFrame = requestAnimationFrame(fit);
        })
      : null;
  if (fitObserver) {
    fitObserver.observe(root);
    view.listeners.push(() => {
      fitObserver.disconnect();
      cancelAnimationFrame(view.fitFrame);
    });
  }

  // ------------------------------------------------------------------ keys
  // Keys the widget owns are claimed in the capture phase on window, before the notebook's
  // shortcut handler (Notebook 7 listens in the capture phase on document): the notebook
  // skips events whose default was prevented, so Enter on a card taps it instead of editing
  // the cell, and arrow keys move between cards instead of between cells.
  function claimKey(event) {
    const target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey || !target || !target.matches || !root.contains(target)) return;
    if (target.matches("input, select, textarea")) return; // they carry data-lm-suppress-shortcuts
    if (event.key === "Escape") {
      // The panel the focus is in, else the first one open.
      const open = panels.pairs.filter(([panel]) => !panel.hidden);
      const [panel, opener] = open.find(([p]) => p.contains(target)) || open[0] || [];
      if (!panel) return;
      panels.close(panel, opener);
      if (panel.contains(target)) opener.focus();
      event.preventDefault();
    } else if (event.key === "Enter" || event.key === " ") {
      if (!target.matches("button")) return;
      event.preventDefault();
      if (!event.repeat) target.click();
    } else if (board.moveFocus(event)) {
      event.preventDefault();
    }
  }
  const win = el.ownerDocument.defaultView;
  on(win, "keydown", claimKey, true);
  on(
    win,
    "keyup",
    (event) => {
      if (event.key === " " && root.contains(event.target) && event.target.matches("button")) event.preventDefault();
    },
    true,
  );

  // ------------------------------------------------------------------ drawing
  view.render = function render() {
    const st = model.get("_state");
    const text = model.get("_text") || {};
    if (!st || !st.pyramid || !st.table) return;
    const started = now();
    const replay = st.mode === "replay";
    // Replay swaps the toolbar for its own bar: a keyboard in the bar that goes (or the banner)
    // moves to the one that comes, on Next when a replay opens (at the deal), on Replay after.
    const swapFocus =
      replay === replayBar.bar.hidden &&
      [toolbar.bar, board.banner, replayBar.bar].some((box) => box.contains(document.activeElement));
    setAttr(root, "lang", text.language || "en");
    root.classList.toggle("pyr-replaying", replay);
    for (const region of regions) region.render(st, text);
    if (swapFocus) {
      const next = replay ? [replayBar.buttons.next, replayBar.leave].find((b) => !b.disabled) : toolbar.buttons.replay;
      next.focus();
    }
    view.renderMs = now() - started;
  };

  view.renderText = function renderText() {
    const text = model.get("_text") || {};
    for (const region of regions) region.renderText(text);
    view.render();
  };

  const onState = () => view.render();
  const onText = () => view.renderText();
  model.on("change:_state", onState);
  model.on("change:_text", onText);
  view.listeners.push(() => model.off("change:_state", onState));
  view.listeners.push(() => model.off("change:_text", onText));

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

export default {
  render({ model, el, signal }) {
    const view = createView(el, model);
    if (signal) signal.addEventListener("abort", () => view.destroy());
    return () => view.destroy();
  },
};
