// A card is a button holding its face: the deck's art (a <use> of the sprite Python sends) when
// the view has it, else a drawn index and pip. `drawCard` fills it from a snapshot entry.
/** @import { CardEl, DeckView, Look, Place, PyramidEntry, Words } from "./types.js" */
import { h, setAttr, setText, SVG_NS } from "./utils/dom.js";

/**
 * How a card is shown, from the snapshot's deck: "Q♦" with French indices ->
 * {rank: "D", suit: "♦", red: true, colour: "red"} (display only, no rules). A card is written
 * in the snapshot with the deck's "en" indices and its suit symbol last.
 * @param {string} card @param {DeckView} deck @param {string} [indices]
 */
export function parseCard(card, deck, indices = "en") {
  const written = card.slice(0, -1);
  const suit = card.slice(-1);
  const rank = deck.ranks[indices][deck.ranks.en.indexOf(written)] ?? written;
  const look = deck.suits[suit];
  return { rank, suit, red: !!(look && look.red), colour: look ? look.colour : undefined };
}

/** @param {Place | null | undefined} a @param {Place | null | undefined} b */
export function samePlace(a, b) {
  return !!a && !!b && a.pile === b.pile && (a.row ?? 1) === (b.row ?? 1) && (a.col ?? null) === (b.col ?? null);
}

/** Whether `place` is selected: `selected` is one place, or a list of them where a game
 * selects several cards at once.
 * @param {Place | Place[] | null} selected @param {Place} place */
export function isSelectedPlace(selected, place) {
  return Array.isArray(selected) ? selected.some((s) => samePlace(s, place)) : samePlace(selected, place);
}

/** One card's button. @param {string} pile @param {number} [row] @param {number} [col] @returns {CardEl} */
export function makeCard(pile, row = 1, col) {
  const el = h("button", { type: "button", class: "pyr-card", tabindex: "-1", hidden: true }, [
    h("span", { class: "pyr-index" }, [h("span", { class: "pyr-rank" }), h("span", { class: "pyr-suit" })]),
    h("span", { class: "pyr-pip", "aria-hidden": "true" }),
  ]);
  return { el, pile, row, col, card: null };
}

/**
 * Draw a face (or a back) into `el`: the art's symbol when there is art, else the drawn index
 * and pip. `covered`: a card lies over its lower half, so only its upper marks show.
 * @param {HTMLElement} el @param {string | null} card @param {Look} look @param {boolean} covered
 */
export function paintFace(el, card, look, covered) {
  // The face whose corners read in the chosen index set (R D V), else the deck's own.
  const faces = look.art && card ? look.art.indices?.[look.indices]?.[card] ?? look.art.faces[card] : undefined;
  const id = !card ? look.back : faces?.[covered ? 1 : 0] ?? null;
  let art = /** @type {SVGSVGElement | null} */ (el.querySelector(":scope > .pyr-art"));
  if (id) {
    if (!art) {
      art = document.createElementNS(SVG_NS, "svg");
      art.setAttribute("class", "pyr-art");
      art.setAttribute("viewBox", "0 0 250 350");
      art.setAttribute("aria-hidden", "true");
      art.append(document.createElementNS(SVG_NS, "use"));
      el.prepend(art);
    }
    const use = /** @type {SVGUseElement} */ (art.firstChild);
    if (use.getAttribute("href") !== `#${id}`) use.setAttribute("href", `#${id}`);
  } else if (art) art.remove();
  el.classList.toggle("pyr-has-art", !!id);
  const parts = /** @type {HTMLElement[]} */ ([...el.querySelectorAll(".pyr-rank, .pyr-suit, .pyr-pip")]);
  if (!card) {
    for (const part of parts) setText(part, "");
    return;
  }
  const { rank, suit } = parseCard(card, look.table.deck, look.indices);
  setText(parts[0], rank);
  setText(parts[1], suit);
  setText(parts[2], suit);
}

const CARD_ATTRS = [
  "data-card", "data-free", "data-selected", "data-selectable", "data-hint", "data-colour",
  "aria-label", "aria-pressed", "aria-disabled",
];

/**
 * Fill a card's button from its snapshot entry: null (gone), a face-down card (a back that no
 * reader reaches: a tap sends its place alone), or a face with its state.
 * @param {CardEl} card @param {PyramidEntry | undefined} entry @param {Look} look
 * @param {Words} S @param {boolean} covered
 */
export function drawCard(card, entry, look, S, covered = false) {
  const el = card.el;
  setAttr(el, "data-face-down", entry && "face_down" in entry ? "true" : null);
  if (!entry || "face_down" in entry) {
    card.card = null;
    setAttr(el, "hidden", entry ? null : true);
    setAttr(el, "aria-hidden", entry ? "true" : null);
    // Nothing of the card it showed before (an undo turns a card face down again) stays.
    for (const name of CARD_ATTRS) setAttr(el, name, null);
    el.classList.remove("pyr-red");
    if (entry) paintFace(el, null, look, false);
    return;
  }
  const { table, selected, hint, text, replay } = look;
  const { red, colour } = parseCard(entry.card, table.deck, look.indices);
  const chosen = isSelectedPlace(selected, placeOf(card));
  card.card = entry.card;
  paintFace(el, entry.card, look, covered);
  setAttr(el, "hidden", null);
  setAttr(el, "aria-hidden", null);
  setAttr(el, "data-card", entry.card);
  setAttr(el, "data-free", entry.free ? "true" : "false");
  setAttr(el, "data-selectable", entry.selectable ? "true" : "false");
  setAttr(el, "data-selected", chosen ? "true" : "false");
  setAttr(el, "data-hint", hint.has(entry.card) ? "true" : null);
  setAttr(el, "data-colour", colour);
  setAttr(el, "aria-pressed", chosen ? "true" : "false");
  setAttr(el, "aria-disabled", replay ? "true" : null);
  el.classList.toggle("pyr-red", red);
  const name = text.cards?.[entry.card] || entry.card;
  const word = chosen ? S("selected") : entry.free ? S("free") : S("blocked");
  setAttr(el, "aria-label", S("card_state", { card: name, state: word }));
}

/** @param {CardEl} card @returns {Place} */
export const placeOf = (card) => ({ pile: card.pile, row: card.row, col: card.col });
