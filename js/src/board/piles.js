/** @import { CardEl, Ctx, Look, PilePlace, PileState, Point, PyramidEntry, Snapshot, TableView, UiText } from "../types.js" */
import { drawCard, makeCard } from "../cards.js";
import { cardBox, pileCardAt } from "../layout.js";
import { closest, h, setAttr, setText } from "../utils/dom.js";

/**
 * Every pile besides the pyramid and the stock (the standard game's waste, waste piles, a
 * reserve, a cell, columns…), drawn from the snapshot's `piles` list where the table entry puts
 * each one and as it says to draw it (`table.piles.places`: its first card's corner; `fan`, how
 * far down each next card lies, in drawing units; `count`, when the number of its cards is
 * written under it; `empty`, whether an empty pile is a plain outline or a button naming it). A
 * fanned pile (a column) shows its cards overlapping downwards; a squared one (a waste pile, a
 * cell) its top card and any card beneath it the snapshot sends, the top a step to the right. Nothing
 * here knows a game or a kind of pile: which cards are free or selectable, and what a tap does,
 * come from the snapshot; a tap goes back as the pile's id and the card's depth (1 the top), an
 * empty pile's button as its id alone. Each pile is one group element (`data-pile`, its name as
 * label) holding its place (outline and count) and its cards.
 * @param {Ctx} ctx
 */
export function buildPiles(ctx) {
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
      if (next) next.el.focus({ preventScroll: true });
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
