/** @import { Ctx, Snapshot, UiText } from "../types.js" */
/** @import { PanelSet } from "./panels.js" */
import { h, setAttr, setText } from "../utils/dom.js";

/** The New game panel: a deal's code and the rules to deal it under. It stays open with
 * Python's error when the code cannot be dealt, and closes once the new deal arrives.
 * @param {Ctx} ctx @param {PanelSet} panels @param {HTMLElement} opener */
export function buildNewGame(ctx, panels, opener) {
  const { S, on, send } = ctx;
  const code = h("input", {
    type: "text",
    class: "pyr-input",
    "data-field": "new-code",
    autocomplete: "off",
    spellcheck: "false",
  });
  const rules = h("select", { class: "pyr-input", "data-field": "new-rules" });
  const codeLabel = h("label", { class: "pyr-label" }, [h("span"), code]);
  const rulesLabel = h("label", { class: "pyr-label" }, [h("span"), rules]);
  const dealBtn = h("button", { type: "button", class: "pyr-btn pyr-primary", "data-action": "deal" });
  const cancelBtn = h("button", { type: "button", class: "pyr-btn", "data-action": "cancel" });
  const error = h("div", { class: "pyr-error", "data-field": "error", role: "alert", hidden: true });
  const panel = h("form", { class: "pyr-panel pyr-newgame", hidden: true }, [
    codeLabel,
    rulesLabel,
    h("div", { class: "pyr-panel-buttons" }, [dealBtn, cancelBtn]),
    error,
  ]);
  let rulesChosen = false;
  let awaitingNew = false;
  /** @type {string | null | undefined} the deal last drawn */
  let shownCode;

  panels.add(panel, opener, {
    opened() {
      error.hidden = true;
      rules.value = ctx.state().rules;
      rulesChosen = false;
      code.focus({ preventScroll: true });
    },
    closed() {
      awaitingNew = false;
    },
  });
  // The rules menu opens on the current game's rules; it is sent only once the player picks
  // in it, so that Python can tell "deal this code as it is" from "under these rules".
  on(rules, "change", () => {
    rulesChosen = true;
  });
  on(panel, "submit", (/** @type {Event} */ event) => {
    event.preventDefault();
    awaitingNew = true;
    send({ type: "new", code: code.value.trim(), rules: rulesChosen ? rules.value : "" });
  });
  on(dealBtn, "click", (/** @type {Event} */ event) => {
    event.preventDefault();
    panel.requestSubmit ? panel.requestSubmit() : panel.dispatchEvent(new Event("submit", { cancelable: true }));
  });
  on(cancelBtn, "click", (/** @type {Event} */ event) => {
    event.preventDefault();
    panels.closeAndReturn(panel, opener);
  });
  on(panel, "keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      panels.closeAndReturn(panel, opener);
    }
  });

  /** @param {Snapshot} st */
  function render(st) {
    if (awaitingNew) {
      if (st.error) {
        error.hidden = false;
        setText(error, st.error);
      } else if (st.code !== shownCode || st.moves === 0) {
        panels.close(panel, opener);
      }
    }
    shownCode = st.code;
  }

  /** @param {UiText} text */
  function renderText(text) {
    setText(dealBtn, S("deal"));
    setText(cancelBtn, S("cancel"));
    setText(/** @type {Node} */ (codeLabel.firstChild), S("code_label"));
    setAttr(code, "placeholder", S("code_placeholder"));
    setText(/** @type {Node} */ (rulesLabel.firstChild), S("rules_label"));
    setAttr(panel, "aria-label", S("new"));
    const rulesValue = rules.value || ctx.state().rules;
    rules.replaceChildren(
      ...(text.presets || []).map((p) => h("option", { value: p.letter, text: `${p.name} (${p.letter})` })),
    );
    if (rulesValue) rules.value = rulesValue;
  }

  return { panel, code, rules, error, dealBtn, cancelBtn, render, renderText };
}
