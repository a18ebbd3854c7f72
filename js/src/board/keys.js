/** @import { CardEl, Point, Stop, TableView } from "../types.js" */
import { setAttr } from "../utils/dom.js";
/** @typedef {ReturnType<typeof import("./piles.js").buildPiles>} Piles */
/** @typedef {ReturnType<typeof import("./stock.js").buildStock>} Stock */
/** @typedef {ReturnType<typeof import("./tableau.js").buildTableau>} Tableau */

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

/** The keyboard on the board: arrow keys move between the face-up cards, the piles and the
 * stock (one tab stop for the tableau, one for the piles, the stock's own). Within the tableau
 * they follow its rows; where a row ends, and from a pile's card, they go to the nearest
 * face-up card or the stock in that direction, so every pile is reached.
 * @param {{tableau: Tableau, piles: Piles,
 *   stock: Stock, layout: () => TableView | null}} parts */
export function wireKeys({ tableau, piles, stock, layout }) {
  const cards = tableau.cards;
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
    if (card.el === stock.stock) return stock.stock.focus({ preventScroll: true });
    const group = cards.some((c) => c.el === card.el) ? cards : piles.stops();
    for (const c of group) setAttr(c.el, "tabindex", c.el === card.el ? "0" : "-1");
    card.el.focus({ preventScroll: true });
  }
  return { moveFocus, focusCard };
}
