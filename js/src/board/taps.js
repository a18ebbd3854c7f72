// Taps and drags on the cards: both only report taps, and Python decides what they do.
/** @import { CardEl, Ctx, TapMessage } from "../types.js" */
import { isSelectedPlace, placeOf, samePlace } from "../cards.js";
import { closest, setAttr } from "../utils/dom.js";
/** @typedef {ReturnType<typeof import("./piles.js").buildPiles>} Piles */
/** @typedef {ReturnType<typeof import("./tableau.js").buildTableau>} Tableau */

// How far a press must move to be a drag rather than a tap.
const DRAG_PX = 6;

/** Taps on cards: a card by its place and name, a face-down card by its place alone (the
 * kernel can say it is blocked without the page ever knowing the card).
 * @param {Ctx} ctx
 * @param {{tableau: Tableau, piles: Piles}} parts */
export function wireTaps(ctx, { tableau, piles }) {
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
export function wireDrag(ctx, board, { everyCard, tap, swallow }) {
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
    // The tree the board is in: in a shadow root (marimo), the document sees only its host.
    const root = board.getRootNode();
    const tree = "elementsFromPoint" in root ? /** @type {ShadowRoot} */ (root) : board.ownerDocument;
    const under = tree.elementsFromPoint(event.clientX, event.clientY);
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
