// One view of the widget: its regions built once and wired together, redrawn from each new
// snapshot in place, so that keyboard focus survives every update (the board rebuilds its
// places only for another table). Each region has one job (status line, board, toolbar, replay
// bar, panels, analysis, chance); the board is itself made of parts (tableau, stock, discard
// pile, piles, banner, taps, drag, keys, motion). Test hooks: data-card / data-free /
// data-selected / data-face-down on cards, data-pile on the stock and on each pile's group,
// data-count on both, data-field on status fields, data-action on buttons, data-won on the board.
/** @import { Ctx, Model, UiText, View } from "./types.js" */
import { buildArt } from "./art.js";
import { buildBoard } from "./board/board.js";
import { buildChance } from "./chance.js";
import { claimKeys } from "./claim_keys.js";
import { SNAPSHOT_TRAITS, snapshotReader, wordsOf } from "./client.js";
import { fitToScreen } from "./fit.js";
import { buildAnalysis } from "./panels/analysis.js";
import { buildPanels } from "./panels/panels.js";
import { buildReplayBar } from "./replay_bar.js";
import { buildStatusBar } from "./status_bar.js";
import { buildToolbar } from "./toolbar.js";
import { closest, h, setAttr } from "./utils/dom.js";

/** Build one view of the widget in `el`. Returns the view; `view.destroy()` undoes it all.
 * @param {HTMLElement} el @param {Model} model @param {{now?: () => number}} [options] */
export function createView(el, model, { now = () => performance.now() } = {}) {
  /** @type {View} */
  const view = { el, model, now, timers: [], listeners: [] };
  /** @type {Ctx["on"]} */
  const on = (target, type, fn, capture = false) => {
    target.addEventListener(type, fn, capture);
    view.listeners.push(() => target.removeEventListener(type, fn, capture));
  };
  const state = snapshotReader(model);
  /** @type {Ctx} */
  const ctx = {
    view,
    model,
    now,
    on,
    state,
    replaying: () => state().mode === "replay",
    send: (msg) => model.send(msg),
    S: wordsOf(model),
    closePanels: (except) => {
      for (const [panel, opener] of panels.pairs) if (panel !== except) panels.close(panel, opener);
    },
  };
  view.S = ctx.S;

  const status = buildStatusBar(ctx);
  const board = buildBoard(ctx);
  const toolbar = buildToolbar(ctx);
  const replayBar = buildReplayBar(ctx);
  const panels = buildPanels(ctx, toolbar.buttons);
  const analysis = buildAnalysis(ctx, { toolbar, replayBar, panels, status });
  const chance = buildChance(ctx, { status, analysis });
  const regions = [status, board, toolbar, replayBar, panels, analysis, chance];
  status.bar.append(board.banner);

  // The felt: the board in the middle of the cell's width, and the panels over its right side,
  // so that opening one never moves or resizes the table.
  const panelLayer = h("div", { class: "pyr-panels" }, [...panels.elements, analysis.panel]);
  const stage = h("div", { class: "pyr-stage" }, [board.board, panelLayer]);
  const root = h("div", { class: "pyr-root" }, [status.bar, stage, board.stockOrder, toolbar.bar, replayBar.bar]);
  const art = buildArt(el);
  el.append(root);
  /** @type {any} */ (root).pyramideView = view; // for benchmarks and debugging; not a DOM attribute
  Object.assign(view, {
    createView, root, stage, status, board, panels, cards: board.cards, buttons: toolbar.buttons, toolbar: toolbar.bar,
    menu: toolbar.menu, replayBar: replayBar.bar, replayButtons: replayBar.buttons, slider: replayBar.slider,
    leaveReplay: replayBar.leave, fields: status.fields, tick: status.tick, renderStats: panels.stats.renderStats,
    newPanel: panels.newGame.panel, newCode: panels.newGame.code, cancelBtn: panels.newGame.cancelBtn,
    optExplain: panels.options.explain, optHighlight: panels.options.highlight, optLanguage: panels.options.language,
    optIndices: panels.options.indices,
    statsPanel: panels.stats.panel, analysis, chance, optChance: panels.options.chance,
  });

  // A click on the bare felt closes the open panel, as a click beside a dialog does.
  on(stage, "click", (/** @type {MouseEvent} */ event) => {
    if (!closest(event.target, "button, .pyr-card, .pyr-panel")) ctx.closePanels();
  });
  fitToScreen(view, { root, board, toolbar: toolbar.bar, replayBar: replayBar.bar });
  claimKeys(view, { root, board, panels, toolbar, state, send: ctx.send });

  // ------------------------------------------------------------------ drawing
  view.render = function render() {
    const st = state();
    const text = model.get("_text") || /** @type {UiText} */ ({});
    if (!st.pyramid || !st.table) return;
    const started = now();
    const replay = st.mode === "replay";
    // Replay swaps the toolbar for its own bar: a keyboard in the bar that goes moves to the one
    // that comes, on Next when a replay opens (at the deal), on the menu's button after.
    const swapFocus =
      replay === replayBar.bar.hidden &&
      [toolbar.bar, replayBar.bar].some((box) => box.contains(document.activeElement));
    setAttr(root, "lang", text.language || "en");
    root.classList.toggle("pyr-replaying", replay);
    setAttr(root, "data-free-help", st.options && st.options.highlight_free === false ? "off" : null);
    for (const region of regions) region.render(st, text);
    if (swapFocus) {
      const next = replay ? [replayBar.buttons.next, replayBar.leave].find((b) => !b.disabled) : toolbar.buttons.more;
      next?.focus({ preventScroll: true });
    }
    view.renderMs = now() - started;
  };

  view.renderText = function renderText() {
    const text = model.get("_text") || /** @type {UiText} */ ({});
    art.render(model.get("_art"));
    for (const region of regions) region.renderText(text);
    view.render();
  };

  const onState = () => view.render();
  const onText = () => view.renderText();
  // Long solver work under way: the regions that show it (the analysis, the chance).
  const onWork = () => {
    analysis.onWork();
    chance.onWork();
  };
  model.on("change:_work", onWork);
  view.listeners.push(() => model.off("change:_work", onWork));
  for (const trait of SNAPSHOT_TRAITS) {
    model.on(`change:${trait}`, onState);
    view.listeners.push(() => model.off(`change:${trait}`, onState));
  }
  model.on("change:_text", onText);
  model.on("change:_art", onText);
  view.listeners.push(() => model.off("change:_text", onText));
  view.listeners.push(() => model.off("change:_art", onText));

  view.destroy = function destroy() {
    for (const off of view.listeners.splice(0)) off();
    for (const timer of view.timers.splice(0)) {
      clearInterval(timer);
      clearTimeout(timer);
    }
    root.remove();
  };

  view.renderText();
  // A fresh clock reading for this view if the game is running (one message, not a stream).
  if (state().running) ctx.send({ type: "refresh" });
  return view;
}
