/** @import { Ctx, Snapshot, UiText } from "./types.js" */
import { h, setAttr, setText } from "./utils/dom.js";
import { formatTime } from "./utils/format.js";
import { endOf } from "./utils/game_end.js";

/** The status line: deal code, rules, score, moves, clock, and the message of the moment (with
 * the progress of long solver work and a replay's note on its losing move).
 * @param {Ctx} ctx */
export function buildStatusBar(ctx) {
  const { S, on } = ctx;
  /** @type {[HTMLElement, string][]} */
  const labels = [];
  /** @param {string} key @param {string} name */
  const labelled = (key, name) => {
    const label = h("span", { class: "pyr-label" });
    const value = h("span", { class: `pyr-value pyr-${name}`, "data-field": name });
    labels.push([label, key]);
    return { box: h("span", { class: "pyr-stat" }, [label, " ", value]), value };
  };
  const code = labelled("code", "code");
  const copy = h("button", { type: "button", class: "pyr-btn pyr-small", "data-action": "copy" });
  code.box.append(" ", copy);
  const rules = h("span", { class: "pyr-rules", "data-field": "rules" });
  const score = labelled("score", "score");
  const moves = labelled("moves", "moves");
  const time = labelled("time", "time");
  const message = h("div", { class: "pyr-message", "data-field": "message", role: "status", "aria-live": "polite" });
  // What is said now (the message, and what other regions add: the progress of long work, a
  // replay's losing move) takes the rest of the line, so that saying it never adds one.
  const say = h("div", { class: "pyr-say" }, [message]);
  const bar = h("div", { class: "pyr-status" }, [code.box, rules, score.box, moves.box, time.box, say]);
  const fields = { code: code.value, score: score.value, moves: moves.value, time: time.value };
  /** @type {{elapsed: number, running: boolean, at: number} | null} */
  let clock = null;

  function tick() {
    if (!clock) return;
    const elapsed = clock.running ? clock.elapsed + (ctx.now() - clock.at) / 1000 : clock.elapsed;
    setText(fields.time, formatTime(elapsed));
  }
  // The clock ticks here from the last snapshot; the kernel is not asked every second.
  if (typeof setInterval === "function") ctx.view.timers.push(setInterval(() => clock && clock.running && tick(), 1000));

  function copyCode() {
    const done = () => {
      setText(copy, S("copied"));
      ctx.view.timers.push(setTimeout(() => setText(copy, S("copy")), 1500));
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(fields.code.textContent || "").then(done, selectCode);
    } else selectCode();
  }
  function selectCode() {
    const range = document.createRange();
    range.selectNodeContents(fields.code);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
  on(copy, "click", copyCode);

  /** @param {Snapshot} st @param {UiText} text */
  function render(st, text) {
    const replay = st.mode === "replay";
    setText(fields.code, st.code || "—");
    setAttr(copy, "hidden", st.code ? null : true);
    const preset = (text.presets || []).find((p) => p.letter === st.rules);
    setText(rules, preset ? preset.name : text.custom_rules || st.rules);
    setText(fields.score, st.score);
    setText(fields.moves, st.moves);
    clock = { elapsed: st.elapsed, running: st.running && !replay, at: ctx.now() };
    tick();
    // The end of a game is said once, by the banner on the table: not here as well.
    let msg = st.message && !endOf(st) ? st.message.text : "";
    if (replay && st.replay) {
      const r = st.replay;
      msg = `${S("step", { index: r.index, length: r.length })}: ${r.action ?? S("at_deal")}`;
    } else if (!msg && st.hint && !endOf(st)) {
      const kind = st.hint.kind;
      msg = kind === "none" ? S("hint_none") : kind === "draw" ? S("hint_draw") : kind === "recycle" ? S("hint_recycle") : S("hint_move", { move: st.hint.move });
    }
    setText(message, msg);
    setAttr(message, "title", msg || null); // whole, where the line shortens it
    setAttr(message, "data-key", replay ? "replay" : msg && st.message ? st.message.key : msg && st.hint ? "hint" : null);
  }

  function renderText() {
    for (const [label, key] of labels) setText(label, S(key));
    setText(copy, S("copy"));
  }

  return { bar, say, message, fields, rules, copy, tick, render, renderText };
}
