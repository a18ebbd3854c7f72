/** @import { CardEl, Ctx, Look, Snapshot, TableView } from "../types.js" */
import { drawCard, makeCard } from "../cards.js";
import { cardBox, placesOf } from "../layout.js";
import { h, setAttr } from "../utils/dom.js";

/** The tableau: one card button per place of the table, laid out as its entry says.
 * @param {Ctx} ctx */
export function buildTableau(ctx) {
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
