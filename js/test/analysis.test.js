// Unit tests of the post-game analysis and the progress of long solver work (panels/analysis.js),
// and of the panels over the felt, in jsdom.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, keydown, mount } from "./view_setup.js";

test("analysis: offered after the end, asked for on opening, progress from _work, then the losing move", () => {
  const { model, q } = mount("no_hint", "text_en_hint"); // over, solver installed, not analysed yet
  const opener = q('.pyr-toolbar [data-action="analysis"]');
  assert.equal(opener.hidden, false);
  opener.click();
  assert.deepEqual(model.sent.at(-1), { type: "analyze" });
  assert.equal(q('[data-field="analysis-panel"]').hidden, false);
  model.set("_work", { analysis: { done: 3, total: 10 } });
  const progress = q('[data-field="progress"]');
  assert.equal(progress.hidden, false);
  assert.equal(progress.dataset.task, "analysis");
  assert.equal(q('[data-field="progress-text"]').textContent, "Analysing… 3 of 10 positions");
  assert.equal(q(".pyr-meter").value, 3);
  model.set("_work", {});
  assert.equal(progress.hidden, true);
  model.set("_state", fixture("analysed"));
  assert.equal(q('[data-field="analysis-best"]').textContent, "Best possible: this deal can be won");
  assert.equal(q('[data-field="analysis-yours"]').textContent, "Your result: 10 of 28 pyramid cards removed");
  const verdict = q('[data-field="analysis-verdict"]');
  assert.equal(verdict.textContent, "First losing move: move 1, 4♥+9♥. Better: 9♣+4♥");
  assert.equal(verdict.dataset.kind, "losing");
  assert.match(q('[data-field="analysis-note"]').textContent, /perfect information/);
  q('[data-action="analysis-show"]').click();
  assert.deepEqual(model.sent.at(-1), { type: "analysis_better" });
});

test("analysis: an analysed game is not asked again; a new game hides the offer", () => {
  const { model, q } = mount("analysed", "text_en_hint");
  q('[data-action="analysis"]').click();
  assert.equal(model.sent.filter((m) => m.type === "analyze").length, 0);
  model.set("_state", fixture("r5_start"));
  assert.equal(q('[data-action="analysis"]').hidden, true);
  assert.equal(q('[data-field="analysis-panel"]').hidden, true);
});

test("a hint being searched disables the button and says so", () => {
  const { model, q } = mount("r5_start", "text_en_hint");
  model.set("_work", { hint: true });
  assert.equal(q('[data-action="hint"]').disabled, true);
  assert.equal(q('[data-field="progress"]').dataset.task, "hint");
  assert.equal(q('[data-field="progress-text"]').textContent, "Thinking…");
  assert.equal(q(".pyr-meter").hasAttribute("value"), false, "indeterminate: a search's size is unknown");
  model.set("_work", {});
  assert.equal(q('[data-action="hint"]').disabled, false);
  assert.equal(q('[data-field="progress"]').hidden, true);
});

test("replay of an analysed game: the step bar marks the losing move; the better move is highlighted", () => {
  const { model, q } = mount("analysed_replay_better", "text_en_hint");
  const mark = q('[data-field="replay-mark"]');
  assert.equal(mark.hidden, false);
  assert.equal(mark.style.getPropertyValue("--pyr-mark-at"), String(1 / 47));
  const note = q('[data-field="replay-losing"]');
  assert.equal(note.textContent, "Better: 9♣+4♥ (played: 4♥+9♥)");
  assert.equal(note.dataset.kind, "better");
  assert.equal(q('[data-card="9♣"]').dataset.hint, "true");
  assert.equal(q('[data-card="4♥"]').dataset.hint, "true");
  assert.equal(q('[data-card="9♥"]').dataset.hint, undefined, "the card the losing move took instead");
  model.set("_state", fixture("analysed_replay_losing"));
  assert.equal(note.textContent, "1: losing move");
  assert.equal(note.dataset.kind, "losing");
  q('[data-action="replay-better"]').click();
  assert.deepEqual(model.sent.at(-1), { type: "analysis_better" });
  model.set("_state", fixture("r5_replay"));
  assert.equal(mark.hidden, true);
  assert.equal(q('[data-action="replay-better"]').hidden, true);
});

test("analysis: Escape closes its panel and the focus returns to its button", () => {
  const { q } = mount("analysed", "text_en_hint");
  const opener = q('.pyr-toolbar [data-action="analysis"]');
  opener.click();
  assert.equal(document.activeElement, q('[data-action="analysis-close"]'));
  assert.equal(keydown(document.activeElement, "Escape"), true);
  assert.ok(q('[data-field="analysis-panel"]').hidden);
  assert.equal(opener.getAttribute("aria-expanded"), "false");
  assert.equal(document.activeElement, opener);
});

test("panels open over the felt, one at a time, and never move the table", () => {
  const { view, q } = mount("analysed", "text_en_hint");
  const layer = q(".pyr-panels");
  assert.equal(layer.parentElement, q(".pyr-stage"), "over the felt");
  assert.equal(q(".pyr-board").parentElement, q(".pyr-stage"));
  q('.pyr-toolbar [data-action="analysis"]').click();
  assert.equal(q('[data-field="analysis-panel"]').parentElement, layer);
  assert.equal(q('[data-field="banner"]').hidden, false, "the end is still said on the table");
  q('.pyr-toolbar [data-action="new"]').click();
  assert.equal(view.newPanel.hidden, false);
  assert.ok(q('[data-field="analysis-panel"]').hidden, "one panel at a time");
  assert.equal(q('.pyr-toolbar [data-action="analysis"]').getAttribute("aria-expanded"), "false");
  for (const panel of [view.newPanel, view.statsPanel, q(".pyr-options")]) assert.equal(panel.parentElement, layer);
});

test("replay of an analysed game: the losing move's note is said after the step's message, not in the step bar", () => {
  const { q } = mount("analysed_replay_better", "text_en_hint");
  const note = q('[data-field="replay-losing"]');
  assert.equal(note.hidden, false);
  assert.equal(q(".pyr-replaybar").contains(note), false, "the bar keeps its controls only");
  assert.equal(note.previousElementSibling, q('[data-field="message"]'), "after the step's message");
});
