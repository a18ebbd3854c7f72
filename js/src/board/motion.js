/** @import { Look, Motion, Point, PyramidEntry, Snapshot, TableView } from "../types.js" */
import { makeCard, paintFace, parseCard } from "../cards.js";
import { cardBox, discardCardAt, pileCardAt } from "../layout.js";
import { setAttr } from "../utils/dom.js";
import { endOf } from "../utils/game_end.js";
/** @typedef {ReturnType<typeof import("./discard.js").buildDiscard>} Discard */
/** @typedef {ReturnType<typeof import("./piles.js").buildPiles>} Piles */
/** @typedef {ReturnType<typeof import("./stock.js").buildStock>} Stock */
/** @typedef {ReturnType<typeof import("./tableau.js").buildTableau>} Tableau */

// How long a card takes to move (drawn, removed, returned); the deal's cards follow each other
// DEAL_STEP_MS apart.
const MOTION_MS = 260;
const DEAL_STEP_MS = 18;

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
 * Cards that move (display only: the DOM already shows the new position when they run, and
 * each animation starts from where the card was, FLIP style). A removed card travels to the
 * discard pile, a drawn one turns over on its way from the stock, an undone draw goes back,
 * an undo brings removed cards back from the discard pile, a new deal comes from the stock,
 * and a win makes the discard pile jump. None under prefers-reduced-motion, and none where
 * the browser has no Web Animations.
 * @param {HTMLElement} board
 * @param {{pyramid: Tableau, piles: Piles,
 *   discard: Discard, stock: Stock}} parts
 */
export function buildMotion(board, parts) {
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
