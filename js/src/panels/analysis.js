/** @import { Ctx, Snapshot } from "../types.js" */
import { h, setAttr, setText } from "../utils/dom.js";
/** @typedef {ReturnType<typeof import("./panels.js").buildPanels>} Panels */
/** @typedef {ReturnType<typeof import("../replay_bar.js").buildReplayBar>} ReplayBar */
/** @typedef {ReturnType<typeof import("../status_bar.js").buildStatusBar>} StatusBar */
/** @typedef {ReturnType<typeof import("../toolbar.js").buildToolbar>} Toolbar */

/**
 * The post-game analysis and the progress of long solver work (see pyramide_widget/widget/model.py):
 * the toolbar's Analysis button (shown while st.can_analyze), its panel drawn from st.analysis,
 * a progress line in the status line drawn from the `_work` trait (a hint being searched, an
 * analysis position by position), and in a replay of the analysed game a mark on the step bar
 * at the losing move with a button that shows the solver's better move (the kernel highlights
 * it as a hint). Everything shown here is what the kernel sent.
 * @param {Ctx} ctx
 * @param {{toolbar: Toolbar, replayBar: ReplayBar,
 *   panels: Panels, status: StatusBar}} parts
 */
export function buildAnalysis(ctx, { toolbar, replayBar, panels, status }) {
  const { S, on, send, model } = ctx;
  const opener = toolbar.buttons.analysis;
  // ---- progress: a hint (no count: the search's size is not known in advance) or an analysis
  const meter = h("progress", { class: "pyr-meter" });
  const progressText = h("span", { "data-field": "progress-text" });
  const progress = h("div", { class: "pyr-progress", "data-field": "progress", role: "status", hidden: true }, [
    meter,
    progressText,
  ]);
  status.say.prepend(progress);
  // ---- the panel
  const title = h("div", { class: "pyr-panel-title" });
  const close = h("button", { type: "button", class: "pyr-btn pyr-close", "data-action": "analysis-close", text: "✕" });
  /** @param {string} name */
  const field = (name) => h("li", { "data-field": `analysis-${name}` });
  const lines = { best: field("best"), yours: field("yours"), verdict: field("verdict") };
  const note = h("p", { class: "pyr-analysis-note", "data-field": "analysis-note" });
  const waiting = h("p", { class: "pyr-analysis-note", "data-field": "analysis-waiting" });
  const show = h("button", { type: "button", class: "pyr-btn pyr-primary", "data-action": "analysis-show" });
  const panel = h("section", { class: "pyr-panel pyr-analysis", "data-field": "analysis-panel", hidden: true }, [
    h("div", { class: "pyr-stats-head" }, [title, close]),
    waiting,
    h("ul", { class: "pyr-analysis-lines" }, Object.values(lines)),
    note,
    h("div", { class: "pyr-panel-buttons" }, [show]),
  ]);
  panels.pairs.push([panel, opener]); // Escape closes it like the other panels
  // ---- the replay bar: where the losing move is, and the better move before it
  const mark = h("span", { class: "pyr-replay-mark", "data-field": "replay-mark", "aria-hidden": "true", hidden: true });
  const sliderBox = h("span", { class: "pyr-slider-box" });
  replayBar.slider.replaceWith(sliderBox);
  sliderBox.append(replayBar.slider, mark);
  // What the mark means is said in the status line, after the step's message: in the bar it
  // pushed the controls onto a second row.
  const losingNote = h("div", { class: "pyr-replay-losing", "data-field": "replay-losing", role: "status", hidden: true });
  status.message.after(losingNote);
  const better = h("button", { type: "button", class: "pyr-btn", "data-action": "replay-better", hidden: true });
  replayBar.bar.insertBefore(better, replayBar.leave);

  function open() {
    ctx.closePanels(panel);
    panel.hidden = false;
    opener.setAttribute("aria-expanded", "true");
    const st = ctx.state();
    if (!st.analysis && !(model.get("_work") || {}).analysis) send({ type: "analyze" });
    close.focus({ preventScroll: true });
  }
  function hide() {
    panel.hidden = true;
    opener.setAttribute("aria-expanded", "false");
  }
  on(opener, "click", () => (panel.hidden ? open() : hide()));
  on(close, "click", () => {
    hide();
    opener.focus({ preventScroll: true });
  });
  on(show, "click", () => send({ type: "analysis_better" }));
  on(better, "click", () => send({ type: "analysis_better" }));

  function renderWork() {
    const work = model.get("_work") || {};
    const running = work.analysis || null;
    setAttr(progress, "hidden", running || work.hint ? null : true);
    setAttr(progress, "data-task", running ? "analysis" : work.hint ? "hint" : null);
    if (running && running.total) {
      meter.max = running.total;
      meter.value = running.done;
    } else meter.removeAttribute("value"); // indeterminate
    setText(progressText, running ? S("analysis_running", { done: running.done, total: running.total || "…" }) : work.hint ? S("thinking") : "");
    toolbar.buttons.hint.disabled = !!work.hint;
    setAttr(toolbar.buttons.hint, "aria-busy", work.hint ? "true" : null);
    setAttr(panel, "aria-busy", running ? "true" : null);
  }

  /** @param {Snapshot} st */
  function renderPanel(st) {
    const a = st.analysis;
    const running = (model.get("_work") || {}).analysis;
    setAttr(panel, "data-state", a ? "done" : running ? "running" : "waiting");
    setText(waiting, a ? "" : running ? S("analysis_running", { done: running.done, total: running.total || "…" }) : S("thinking"));
    setAttr(waiting, "hidden", a ? true : null);
    for (const line of Object.values(lines)) setAttr(line, "hidden", a ? null : true);
    setAttr(note, "hidden", a ? null : true);
    setAttr(show, "hidden", a && a.losing_move ? null : true);
    if (!a) return;
    const deal = a.deal;
    setText(
      lines.best,
      deal.winnable
        ? S("analysis_best_won")
        : deal.winnable === false && deal.max_removed !== null
          ? S("analysis_best_lost", { n: deal.max_removed, size: a.size })
          : S("analysis_best_unknown", { n: deal.at_least, size: a.size }),
    );
    setText(lines.yours, S("analysis_yours", { n: a.removed, size: a.size }));
    let verdict;
    if (a.losing_move) verdict = S("analysis_losing", { index: a.losing_move, move: a.losing_action, better: a.better_move });
    else if (a.status === "won") verdict = S("analysis_none_won");
    else if (!a.complete) verdict = S("analysis_unknown");
    else if (deal.winnable === false) verdict = S("analysis_none_lost");
    else verdict = S("analysis_none_open");
    setText(lines.verdict, verdict);
    setAttr(lines.verdict, "data-kind", a.losing_move ? "losing" : null);
    setText(note, S("analysis_note"));
  }

  /** @param {Snapshot} st */
  function renderReplay(st) {
    const r = st.mode === "replay" ? st.replay : null;
    const losing = r && r.losing ? r.losing : null;
    setAttr(mark, "hidden", losing ? null : true);
    setAttr(better, "hidden", losing ? null : true);
    if (losing && r) {
      mark.style.setProperty("--pyr-mark-at", String(losing / Math.max(1, r.length)));
      setAttr(mark, "title", S("replay_losing"));
    }
    let said = "";
    if (losing && r && r.better && r.index === losing - 1) said = S("replay_better", { move: r.better.move, played: r.better.played });
    else if (losing && r && r.index === losing) said = `${losing}: ${S("replay_losing")}`;
    setText(losingNote, said);
    setAttr(losingNote, "hidden", said ? null : true);
    setAttr(losingNote, "data-kind", losing && r && r.better && r.index === losing - 1 ? "better" : said ? "losing" : null);
    setAttr(better, "aria-pressed", r && r.better ? "true" : "false");
  }

  /** @param {Snapshot} st */
  function render(st) {
    const offered = !!st.can_analyze;
    if (!offered && st.mode !== "replay" && !panel.hidden && !st.analysis) hide(); // a new game
    setAttr(opener, "hidden", (offered || !panel.hidden) && st.mode !== "replay" ? null : true);
    renderPanel(st);
    renderReplay(st);
    renderWork();
  }
  function renderText() {
    setAttr(opener, "aria-expanded", panel.hidden ? "false" : "true");
    setText(title, S("analysis"));
    setAttr(panel, "aria-label", S("analysis"));
    setAttr(close, "aria-label", S("close"));
    setAttr(close, "title", S("close"));
    setText(show, S("analysis_show"));
    setText(better, S("better_move"));
  }
  /** A change of the `_work` trait. */
  function onWork() {
    renderWork();
    renderPanel(ctx.state());
  }
  return { opener, panel, progress, mark, better, losingNote, lines, show, open, hide, render, renderText, onWork, elements: [panel] };
}
