// The panels over the table: new game, options, statistics (and the analysis, which brings its
// own), one open at a time, each with the button that opens it.
/** @import { Ctx, Snapshot, UiText } from "../types.js" */
import { setAttr } from "../utils/dom.js";
import { buildNewGame } from "./new_game.js";
import { buildOptions } from "./options.js";
import { buildStats } from "./stats.js";

/**
 * Each panel with the button that opens it, in the order Escape looks for one, and what else
 * closing it does.
 * @typedef {[HTMLElement, HTMLElement, (() => void)?][]} PanelPairs
 * @typedef {ReturnType<typeof buildPanelSet>} PanelSet
 */

/** Opening and closing panels: opening one closes the others; its button says whether it is open.
 * @param {Ctx} ctx */
export function buildPanelSet(ctx) {
  /** @type {PanelPairs} */
  const pairs = [];
  /** @type {Map<HTMLElement, () => void>} what opening a panel also does */
  const opening = new Map();

  /** A panel that `opener` opens and closes.
   * @param {HTMLElement} panel @param {HTMLElement} opener
   * @param {{opened: () => void, closed?: () => void}} hooks */
  function add(panel, opener, { opened, closed }) {
    pairs.push(closed ? [panel, opener, closed] : [panel, opener]);
    opening.set(panel, opened);
    ctx.on(opener, "click", () => toggle(panel, opener));
  }
  /** @param {HTMLElement} panel @param {HTMLElement} opener */
  function toggle(panel, opener) {
    if (panel.hidden) {
      ctx.closePanels(panel);
      panel.hidden = false;
      opener.setAttribute("aria-expanded", "true");
      opening.get(panel)?.();
    } else close(panel, opener);
  }
  /** @param {HTMLElement} panel @param {HTMLElement} opener */
  function close(panel, opener) {
    if (panel.hidden) return;
    panel.hidden = true;
    opener.setAttribute("aria-expanded", "false");
    pairs.find(([p]) => p === panel)?.[2]?.();
  }
  /** @param {HTMLElement} panel @param {HTMLElement} opener */
  const closeAndReturn = (panel, opener) => {
    close(panel, opener);
    // An opener in the closed menu cannot take the focus: the menu's button takes it.
    (opener.closest("[hidden]") ? ctx.view.buttons.more : opener).focus({ preventScroll: true });
  };
  return { pairs, add, close, closeAndReturn };
}

/** The panels over the table: new game, options, statistics; `openers` are the buttons that
 * open them.
 * @param {Ctx} ctx @param {Record<string, HTMLButtonElement>} openers */
export function buildPanels(ctx, openers) {
  const set = buildPanelSet(ctx);
  const newGame = buildNewGame(ctx, set, openers.new);
  const options = buildOptions(ctx, set, openers.options);
  const stats = buildStats(ctx, set, openers.stats);
  const parts = [newGame, options, stats];

  /** @param {Snapshot} st */
  function render(st) {
    for (const part of parts) part.render(st);
  }
  /** @param {UiText} text */
  function renderText(text) {
    for (const part of parts) part.renderText(text);
    for (const [panel, opener] of set.pairs) setAttr(opener, "aria-expanded", panel.hidden ? "false" : "true");
  }

  return {
    elements: [newGame.panel, options.panel, stats.panel],
    pairs: set.pairs, close: set.close, newGame, options, stats, render, renderText,
  };
}
