/** @import { Ctx, Snapshot, UiText } from "../types.js" */
/** @import { PanelSet } from "./panels.js" */
import { h, setAttr, setText } from "../utils/dom.js";

/** The Options panel: each box and menu is a request to Python, and shows what the snapshot
 * says (explain mistakes, light the free cards, the chance, the language, the indices); its ✕,
 * like Escape, closes it.
 * @param {Ctx} ctx @param {PanelSet} panels @param {HTMLElement} opener */
export function buildOptions(ctx, panels, opener) {
  const { S, on, send } = ctx;
  const explain = h("input", { type: "checkbox", "data-option": "explain_mistakes" });
  const highlight = h("input", { type: "checkbox", "data-option": "highlight_free" });
  const chance = h("input", { type: "checkbox", "data-option": "show_chance" });
  const language = h("select", { class: "pyr-input", "data-option": "language" });
  const indices = h("select", { class: "pyr-input", "data-option": "french_indices" }, [
    h("option", { value: "0", text: "K Q J" }),
    h("option", { value: "1", text: "R D V" }),
  ]);
  const explainLabel = h("label", { class: "pyr-check" }, [explain, h("span")]);
  const highlightLabel = h("label", { class: "pyr-check" }, [highlight, h("span")]);
  const chanceLabel = h("label", { class: "pyr-check" }, [chance, h("span")]);
  const languageLabel = h("label", { class: "pyr-label" }, [h("span"), language]);
  const indicesLabel = h("label", { class: "pyr-label" }, [h("span"), indices]);
  const title = h("div", { class: "pyr-panel-title" });
  const closeBtn = h("button", { type: "button", class: "pyr-btn pyr-close", "data-action": "options-close", text: "✕" });
  const panel = h("div", { class: "pyr-panel pyr-options", hidden: true }, [
    h("div", { class: "pyr-stats-head" }, [title, closeBtn]),
    explainLabel,
    highlightLabel,
    chanceLabel,
    languageLabel,
    indicesLabel,
  ]);
  panels.add(panel, opener, { opened: () => explain.focus({ preventScroll: true }) });
  on(closeBtn, "click", () => panels.closeAndReturn(panel, opener));
  on(explain, "change", () => send({ type: "option", name: "explain_mistakes", value: explain.checked }));
  on(highlight, "change", () => send({ type: "option", name: "highlight_free", value: highlight.checked }));
  on(chance, "change", () => send({ type: "option", name: "show_chance", value: chance.checked }));
  on(language, "change", () => send({ type: "option", name: "language", value: language.value }));
  on(indices, "change", () => send({ type: "option", name: "french_indices", value: indices.value === "1" }));

  /** @param {Snapshot} st */
  function render(st) {
    const explaining = !!(st.options && st.options.explain_mistakes);
    if (explain.checked !== explaining) explain.checked = explaining;
    const lit = !st.options || st.options.highlight_free !== false;
    if (highlight.checked !== lit) highlight.checked = lit;
    const shown = !!(st.options && st.options.show_chance);
    if (chance.checked !== shown) chance.checked = shown;
    const french = st.options && st.options.french_indices ? "1" : "0";
    if (indices.value !== french) indices.value = french;
  }

  /** @param {UiText} text */
  function renderText(text) {
    setText(/** @type {Node} */ (explainLabel.lastChild), S("explain"));
    setText(/** @type {Node} */ (highlightLabel.lastChild), S("highlight_free"));
    setText(/** @type {Node} */ (chanceLabel.lastChild), S("show_chance"));
    // The chance needs the solver, as the Hint button does.
    setAttr(chanceLabel, "hidden", text.hint ? null : true);
    setText(/** @type {Node} */ (languageLabel.firstChild), S("language"));
    setText(/** @type {Node} */ (indicesLabel.firstChild), S("indices"));
    setAttr(panel, "aria-label", S("options"));
    setText(title, S("options"));
    setAttr(closeBtn, "aria-label", S("close"));
    setAttr(closeBtn, "title", S("close"));
    language.replaceChildren(...(text.languages || []).map((l) => h("option", { value: l.code, text: l.name })));
    language.value = text.language || "en";
  }

  return { panel, closeBtn, explain, highlight, chance, language, indices, render, renderText };
}
