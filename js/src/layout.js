// The table laid out from its entry (the `_table` trait, engine/view/snapshot.py): where each
// place and pile lies on the board, in % of its size, the arrangement that suits the room, and
// how wide the board may be. No table fact lives here: every size and place comes from the entry.
/** @import { Point, PilePlace, TableView } from "./types.js" */

// The smallest board the table shrinks to for a low screen: cards still about 35 px wide.
const MIN_BOARD_PX = 280;
// How many cards side by side the cell's width holds at least: in a tall room a narrow table
// (Six Rows) would otherwise grow far past a wide one's cards (Giza's), which the width holds.
const MIN_CARDS_ACROSS = 8.75;

/** @param {number} value @param {number} total */
export const pct = (value, total) => `${((value * 100) / total).toFixed(4)}%`;

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
 * Where card `index` (0 the bottom one shown) of the `shown` cards of a pile lies ({x, y},
 * drawing units), from the pile's place in the table entry: a fanned pile's cards step down by
 * its fan; in a squared pile each card lies a step to the right of the one beneath (away from
 * the stock), the steps together never more than half a card (Tut's Tomb's three cards reach
 * no further towards the pyramid than two would).
 * @param {PilePlace} place @param {number} index @param {number} shown @param {TableView} table
 * @returns {Point}
 */
export function pileCardAt(place, index, shown, table) {
  if (place.fan) return { x: place.x, y: place.y + index * place.fan };
  const step = Math.min(0.38, 0.5 / Math.max(1, shown - 1));
  return { x: place.x + index * step * table.card.width, y: place.y };
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
