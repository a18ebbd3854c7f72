// The chance to win: the indicator in the status line and the chance over the game in the
// Analysis panel, both as the kernel measured them (pyramide_widget/widget/chance.py).
/** @import { ChanceView, Ctx, Words } from "./types.js" */
import { chanceGraph } from "./chance_graph.js";
import { h, setAttr, setText } from "./utils/dom.js";
import { percent } from "./utils/format.js";
/** @typedef {ReturnType<typeof import("./panels/analysis.js").buildAnalysis>} AnalysisRegion */
/** @typedef {ReturnType<typeof import("./status_bar.js").buildStatusBar>} StatusBar */

/**
 * What the chance indicator says: the chance the kernel measured for this position with its
 * interval ("34% (28–41%)"), one number where it is exact, the layouts left undecided beside it
 * ("34% (28–41%), 1 of 120 layouts undecided"), the end of a game as won or lost, and while it
 * is measured that it works (never the last position's number).
 * @param {ChanceView | null | undefined} chance @param {boolean} working
 * @param {Words} S
 */
export function chanceText(chance, working, S) {
  if (!chance) return working ? S("chance_working") : "—";
  if (chance.final) return S(chance.rate >= 1 ? "chance_won" : "chance_lost");
  const [rate, low, high] = [chance.rate, chance.low, chance.high].map(percent);
  const text = chance.exact || low === high ? S("chance_exact", { rate }) : S("chance_range", { rate, low, high });
  // The rate is over the decided layouts: how many were left undecided goes beside it.
  return chance.undecided ? S("chance_undecided", { text, undecided: chance.undecided, layouts: chance.layouts }) : text;
}

/**
 * The chance to win (see pyramide_widget/widget/chance.py): the indicator in the status line,
 * shown while the Options panel's box is ticked (the snapshot's options.show_chance), with the
 * chance the kernel measured for this position, or that it is measuring (the `_work` trait); and
 * in the Analysis panel the chance over the game as a graph, with the move that cost the most
 * chance, the chance before and after it and the better move, or the progress of its measure.
 * @param {Ctx} ctx
 * @param {{status: StatusBar, analysis: AnalysisRegion}} parts
 */
export function buildChance(ctx, { status, analysis }) {
  const { S, model } = ctx;
  const label = h("span", { class: "pyr-label" });
  const value = h("span", { class: "pyr-value", "data-field": "chance" });
  const box = h("span", { class: "pyr-stat pyr-chance", "data-field": "chance-box", role: "status", hidden: true }, [label, " ", value]);
  // At the end of what the status line says, whose one line shortens what it holds to make room.
  status.say.append(box);
  // ---- the graph in the Analysis panel
  const caption = h("figcaption", { class: "pyr-chance-caption" });
  const plot = h("div", { class: "pyr-chance-plot" });
  const costliest = h("p", { class: "pyr-chance-line-text", "data-field": "analysis-costliest" });
  const figure = h("figure", { class: "pyr-chance-figure", "data-field": "analysis-chance", hidden: true }, [caption, plot, costliest]);
  analysis.panel.insertBefore(figure, /** @type {Node} */ (analysis.show.parentElement));
  // What the graph drawn shows: every snapshot is new JSON, so it is compared by its text.
  let drawn = "";

  function renderIndicator() {
    const st = ctx.state();
    const on = !!(st.options && st.options.show_chance) && st.mode !== "replay";
    setAttr(box, "hidden", on ? null : true);
    if (!on) return;
    const working = !!(model.get("_work") || {}).chance;
    const said = chanceText(st.chance, working, S);
    setText(value, said);
    setAttr(box, "title", `${S("chance")} ${said}`); // whole, where the line shortens it
    setAttr(box, "data-state", st.chance ? (st.chance.final ? "final" : "measured") : working ? "working" : "none");
    setAttr(box, "aria-busy", !st.chance && working ? "true" : null);
  }

  function renderGraph() {
    const st = ctx.state();
    const review = st.chance_review || null;
    const running = (model.get("_work") || {}).chance_review;
    const shown = !!st.analysis && (!!review || !!running);
    setAttr(figure, "hidden", shown ? null : true);
    setAttr(figure, "data-state", review ? "done" : running ? "running" : null);
    setText(caption, S("chance_graph"));
    const words = { move: S("chance_axis_move"), label: S("chance_graph_label") };
    const key = review ? JSON.stringify([review, words]) : "";
    if (key !== drawn) {
      plot.replaceChildren(...(review ? [chanceGraph(review, words)] : []));
      drawn = key;
    }
    const mark = review && review.costliest;
    let said = "";
    if (mark) {
      said = S("chance_costliest", {
        index: mark.index, move: mark.action, before: percent(mark.before), after: percent(mark.after), better: mark.better,
      });
    } else if (review) said = S("chance_no_cost");
    else if (running) said = S("chance_review_running", { done: running.done, total: running.total || "…" });
    setText(costliest, said);
    setAttr(costliest, "data-kind", mark ? "costliest" : null);
  }

  function render() {
    renderIndicator();
    renderGraph();
  }
  function renderText() {
    setText(label, S("chance"));
  }
  return { box, value, figure, costliest, render, renderText, onWork: render };
}
