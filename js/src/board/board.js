/** @import { Ctx, Look, Motion, Point, Snapshot, TableView, UiText } from "../types.js" */
import { arranged, pct } from "../layout.js";
import { h, setAttr } from "../utils/dom.js";
import { buildBanner } from "./banner.js";
import { buildDiscard } from "./discard.js";
import { wireKeys } from "./keys.js";
import { buildMotion } from "./motion.js";
import { buildPiles } from "./piles.js";
import { buildStock } from "./stock.js";
import { buildTableau } from "./tableau.js";
import { wireDrag, wireTaps } from "./taps.js";

/** The board: the felt's playing area, with the tableau, the stock, the discard pile, the other
 * piles and the end banner, laid out from the snapshot's table (built anew only for another
 * table; every other update is made in place), and the ways to play it: taps, drags, keys.
 * @param {Ctx} ctx */
export function buildBoard(ctx) {
  const { S, view } = ctx;
  const board = h("div", { class: "pyr-board", role: "group" });
  const tableau = buildTableau(ctx);
  const stock = buildStock(ctx);
  const discard = buildDiscard(ctx);
  const piles = buildPiles(ctx);
  const banner = buildBanner(ctx);
  // The banner is the board's, but shows over the status line (view.js): it covers no card.
  board.append(tableau.pyramid, discard.box, piles.layer, stock.box);
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
    tableau.render(st, look, keys.focusCard, () => stock.stock.focus({ preventScroll: true }));
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
