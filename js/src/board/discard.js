/** @import { Ctx, Look, Snapshot, TableView } from "../types.js" */
import { makeCard, paintFace, parseCard } from "../cards.js";
import { cardBox, discardCardAt } from "../layout.js";
import { h, setAttr, setText } from "../utils/dom.js";

// How the discard pile's cards lie, each a little turned (by its place in the pile, so a card
// keeps its angle from one update to the next).
const TOSSED = [-8, 5, -3, 9, -6, 3];

/** The discard pile: where removed cards go, the last removal's cards on top, face up, and how
 * many lie there. Nothing in it is played: its cards carry `data-discarded`, not `data-card`.
 * @param {Ctx} ctx */
export function buildDiscard(ctx) {
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
