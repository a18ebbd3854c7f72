/** @import { Ctx, Snapshot } from "../types.js" */
/** @import { PanelSet } from "./panels.js" */
import { h, setAttr, setText } from "../utils/dom.js";
import { formatDuration } from "../utils/format.js";

const STAT_FIELDS = [
  ["played", "stats_played"],
  ["won", "stats_won"],
  ["win-rate", "stats_win_rate"],
  ["best-time", "stats_best_time"],
  ["fewest-moves", "stats_fewest_moves"],
];
const STAT_COLUMNS = [
  ["rank", "stats_rank"],
  ["time", "time"],
  ["moves", "moves"],
  ["code", "code"],
  ["date", "stats_date"],
];

/**
 * @typedef {{rules: string, stats?: {totals?: Record<string, number | null>,
 *   ranking?: {id: number, time: number, moves: number, code: string | null, finished_at: string}[],
 *   rules_played?: string[]} | null, error?: string | null, loading?: boolean}} StatsData
 */

/** The Statistics panel: one preset's totals and its best won games, asked of Python on
 * opening. Statistics travel on request: the panel sends {type: "stats", rules} and Python
 * answers with a custom message {type: "stats", rules, stats, error} (and {type:
 * "stats_changed"} after a game is recorded, so an open panel asks again).
 * @param {Ctx} ctx @param {PanelSet} panels @param {HTMLElement} opener */
export function buildStats(ctx, panels, opener) {
  const { S, on, send, model } = ctx;
  const title = h("div", { class: "pyr-panel-title" });
  const rules = h("select", { class: "pyr-input", "data-field": "stats-rules" });
  const rulesLabel = h("label", { class: "pyr-label pyr-inline" }, [h("span"), rules]);
  const closeBtn = h("button", { type: "button", class: "pyr-btn pyr-close", "data-action": "stats-close", text: "✕" });
  const totalsList = h("dl", { class: "pyr-stats-totals" });
  /** @type {Record<string, HTMLElement>} */
  const values = {};
  /** @type {[HTMLElement, string][]} */
  const labels = [];
  for (const [name, key] of STAT_FIELDS) {
    const dt = h("dt");
    values[name] = h("dd", { "data-field": `stats-${name}` });
    labels.push([dt, key]);
    totalsList.append(h("div", { class: "pyr-stats-total" }, [dt, values[name]]));
  }
  // The ranking's title sits outside the table's scroll box, so a narrow cell still shows it whole.
  const caption = h("div", { class: "pyr-stats-caption" });
  const heads = STAT_COLUMNS.map(([name]) => h("th", { scope: "col", class: `pyr-col-${name}` }));
  const body = h("tbody");
  const rankingTable = h("table", { class: "pyr-stats-ranking", "data-field": "stats-ranking" }, [
    h("thead", {}, [h("tr", {}, heads)]),
    body,
  ]);
  const rankingBox = h("div", { class: "pyr-stats-rankingbox" }, [
    caption,
    h("div", { class: "pyr-stats-tablewrap" }, [rankingTable]),
  ]);
  const noteLine = h("p", { class: "pyr-stats-note", "data-field": "stats-note", role: "status" });
  const panel = h("section", { class: "pyr-panel pyr-stats", "data-field": "stats-panel", hidden: true }, [
    h("div", { class: "pyr-stats-head" }, [title, rulesLabel, closeBtn]),
    totalsList,
    rankingBox,
    noteLine,
  ]);
  /** @type {string | null} the preset whose statistics are asked for */
  let wanted = null;
  /** @type {StatsData | undefined} what Python last answered, as it sent it */
  let data;

  panels.add(panel, opener, {
    opened() {
      request(ctx.state().rules); // the current game's rules first
      rules.focus({ preventScroll: true });
    },
    closed() {
      wanted = null;
    },
  });
  on(closeBtn, "click", () => panels.closeAndReturn(panel, opener));
  on(rules, "change", () => request(rules.value));
  on(panel, "keydown", (/** @type {KeyboardEvent} */ event) => {
    // The rules menu keeps its keys from claimKey; Escape still closes the panel.
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      panels.closeAndReturn(panel, opener);
    }
  });
  /** @param {any} msg */
  const onCustom = (msg) => {
    if (!msg || typeof msg !== "object" || panel.hidden) return;
    if (msg.type === "stats" && msg.rules === wanted) {
      data = msg;
      panel.removeAttribute("aria-busy");
      renderStats();
    } else if (msg.type === "stats_changed") {
      request(wanted || ctx.state().rules);
    }
  };
  model.on("msg:custom", onCustom);
  ctx.view.listeners.push(() => model.off("msg:custom", onCustom));

  /** @param {string} letter */
  function request(letter) {
    if (!letter) return;
    wanted = letter;
    panel.setAttribute("aria-busy", "true");
    if (!data || data.rules !== letter) {
      data = { rules: letter, loading: true };
      renderStats();
    }
    send({ type: "stats", rules: letter });
  }

  // Draws `data` ({rules, stats, error} as Python sent it) in the current language.
  function renderStats() {
    if (!data) return;
    const text = model.get("_text") || {};
    const language = text.language || "en";
    const stats = data.stats || null;
    const totals = (stats && stats.totals) || {};
    const order = [...(text.presets || []).map((p) => p.letter), "X"];
    const letters = new Set([...((stats && stats.rules_played) || []), data.rules, ctx.state().rules].filter(Boolean));
    const sorted = [...letters].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    /** @param {string} letter */
    const presetLabel = (letter) => {
      const preset = (text.presets || []).find((p) => p.letter === letter);
      return `${preset ? preset.name : text.custom_rules || letter} (${letter})`;
    };
    const key = sorted.map((l) => `${l}=${presetLabel(l)}`).join("|");
    if (rules.dataset.options !== key) {
      rules.replaceChildren(...sorted.map((l) => h("option", { value: l, text: presetLabel(l) })));
      rules.dataset.options = key;
    }
    if (rules.value !== data.rules) rules.value = data.rules;
    setAttr(panel, "data-rules", data.rules);

    /** @param {number | null | undefined} n */
    const number = (n) => (n === null || n === undefined ? "—" : new Intl.NumberFormat(language).format(n));
    const rate =
      totals.win_rate === null || totals.win_rate === undefined
        ? "—"
        : new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(totals.win_rate);
    const shown = !!stats;
    setText(values.played, shown ? number(totals.played) : "—");
    setText(values.won, shown ? number(totals.won) : "—");
    setText(values["win-rate"], shown ? rate : "—");
    setText(values["best-time"], shown ? formatDuration(totals.best_time) : "—");
    setText(values["fewest-moves"], shown ? number(totals.fewest_moves) : "—");
    setAttr(totalsList, "hidden", data.error ? true : null);

    const ranking = (stats && stats.ranking) || [];
    const date = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
    body.replaceChildren(
      ...ranking.map((entry, i) => {
        const when = new Date(entry.finished_at);
        const cells = [
          h("td", { class: "pyr-col-rank", text: String(i + 1) }),
          h("td", { class: "pyr-col-time", text: formatDuration(entry.time) }),
          h("td", { class: "pyr-col-moves", text: number(entry.moves) }),
          h("td", { class: "pyr-col-code", "data-custom": !entry.code, text: entry.code || S("custom_layout") }),
          h("td", { class: "pyr-col-date" }, [
            h("time", { datetime: entry.finished_at, text: isNaN(when.getTime()) ? entry.finished_at : date.format(when) }),
          ]),
        ];
        return h("tr", { "data-stats-row": i + 1, "data-game-id": entry.id }, cells);
      }),
    );
    setAttr(rankingBox, "hidden", ranking.length ? null : true);
    let note = "";
    if (data.loading) note = S("stats_loading");
    else if (data.error) note = S("stats_error", { error: data.error });
    else if (!totals.played) note = S("stats_none");
    else if (!ranking.length) note = S("stats_no_wins");
    setText(noteLine, note);
    setAttr(noteLine, "hidden", note ? null : true);
    setAttr(noteLine, "data-kind", data.error ? "error" : null);
  }

  /** @param {Snapshot} st */
  function render(st) {
    if (!st.stats && !panel.hidden) panels.close(panel, opener);
  }

  function renderText() {
    setText(title, S("stats"));
    setAttr(panel, "aria-label", S("stats"));
    setText(/** @type {Node} */ (rulesLabel.firstChild), S("rules_label"));
    setAttr(closeBtn, "aria-label", S("close"));
    setAttr(closeBtn, "title", S("close"));
    for (const [label, key] of labels) setText(label, S(key));
    setText(caption, S("stats_ranking"));
    setAttr(rankingTable, "aria-label", S("stats_ranking"));
    STAT_COLUMNS.forEach(([name, key], i) => {
      if (name === "rank") {
        setText(heads[i], "#");
        setAttr(heads[i], "aria-label", S(key));
      } else setText(heads[i], S(key));
    });
    renderStats();
  }

  return { panel, rules, closeBtn, body, noteLine, renderStats, render, renderText };
}
