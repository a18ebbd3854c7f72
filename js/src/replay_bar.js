/** @import { Ctx, Snapshot } from "./types.js" */
import { h, setAttr, setText } from "./utils/dom.js";

/** The replay bar: it replaces the toolbar while a record is stepped through.
 * @param {Ctx} ctx */
export function buildReplayBar(ctx) {
  const { S, on, send } = ctx;
  /** @param {string} action @param {string} glyph */
  const rbtn = (action, glyph) => h("button", { type: "button", class: "pyr-btn", "data-action": action, text: glyph });
  const buttons = {
    first: rbtn("replay-first", "|◀"),
    previous: rbtn("replay-prev", "◀"),
    next: rbtn("replay-next", "▶"),
    last: rbtn("replay-last", "▶|"),
  };
  const slider = h("input", { type: "range", class: "pyr-slider", min: "0", step: "1", "data-field": "replay-slider" });
  const step = h("span", { class: "pyr-replay-step", "data-field": "replay-step" });
  const leave = h("button", { type: "button", class: "pyr-btn", "data-action": "replay-exit" });
  const bar = h("div", { class: "pyr-replaybar", role: "toolbar", hidden: true }, [
    buttons.first,
    buttons.previous,
    slider,
    buttons.next,
    buttons.last,
    step,
    leave,
  ]);
  /** @param {number} index */
  const goto = (index) => send({ type: "replay_goto", index: Math.max(0, index) });
  const info = () => ctx.state().replay || { index: 0, length: 0 };
  on(buttons.first, "click", () => goto(0));
  on(buttons.previous, "click", () => goto(info().index - 1));
  on(buttons.next, "click", () => goto(Math.min(info().length, info().index + 1)));
  on(buttons.last, "click", () => goto(info().length));
  on(slider, "input", () => goto(Number(slider.value)));
  on(leave, "click", () => send({ type: "replay_stop" }));

  /** @param {Snapshot} st */
  function render(st) {
    const r = st.mode === "replay" ? st.replay : null;
    setAttr(bar, "hidden", r ? null : true);
    if (!r) return;
    slider.max = String(r.length);
    if (slider.value !== String(r.index)) slider.value = String(r.index);
    setAttr(slider, "aria-valuetext", S("step", { index: r.index, length: r.length }));
    setText(step, `${r.index} / ${r.length}`);
    buttons.first.disabled = buttons.previous.disabled = r.index <= 0;
    buttons.next.disabled = buttons.last.disabled = r.index >= r.length;
  }
  function renderText() {
    setText(leave, S("leave_replay"));
    for (const [key, b] of Object.entries(buttons)) {
      setAttr(b, "aria-label", S(key));
      setAttr(b, "title", S(key));
    }
    setAttr(slider, "aria-label", S("replay_slider"));
  }
  return { bar, buttons, slider, step, leave, render, renderText };
}
