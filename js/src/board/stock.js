/** @import { Ctx, Look, Snapshot, TableView } from "../types.js" */
import { paintFace, parseCard } from "../cards.js";
import { cardBox } from "../layout.js";
import { h, setAttr, setText } from "../utils/dom.js";

/** The stock: a face-down pile that deals when tapped (or turns the waste over), with its count;
 * and, with the stock face up (a knob of the rules), its cards in the order they will be drawn.
 * @param {Ctx} ctx */
export function buildStock(ctx) {
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
