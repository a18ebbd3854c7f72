// Unit tests of the Statistics panel (panels/stats.js) in jsdom: asked of Python on opening,
// drawn from its answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, keydown, mount } from "./view_setup.js";
import { formatDuration } from "../src/utils/format.js";

test("statistics: the button asks Python for the current rules and the panel draws the answer", () => {
  const { model, view, q, qa } = mount();
  const button = q('[data-action="stats"]');
  assert.ok(!button.hidden);
  assert.equal(button.textContent, "Statistics");
  assert.equal(button.getAttribute("aria-expanded"), "false");
  const panel = q('[data-field="stats-panel"]');
  assert.ok(panel.hidden);
  button.click();
  assert.ok(!panel.hidden);
  assert.equal(button.getAttribute("aria-expanded"), "true");
  assert.deepEqual(model.sent.at(-1), { type: "stats", rules: "N" });
  assert.equal(panel.getAttribute("aria-busy"), "true");
  assert.equal(q('[data-field="stats-note"]').textContent, "Loading…");
  assert.equal(document.activeElement, q('[data-field="stats-rules"]'), "keyboard lands in the panel");
  assert.equal(panel.getAttribute("aria-label"), "Statistics");

  model.receive(fixture("stats_n"));
  assert.equal(panel.hasAttribute("aria-busy"), false);
  const value = (name) => q(`[data-field="stats-${name}"]`).textContent;
  assert.deepEqual(
    ["played", "won", "win-rate", "best-time", "fewest-moves"].map(value),
    ["4", "3", "75%", "0:08.5", "16"],
  );
  const rows = qa("[data-stats-row]");
  assert.deepEqual(rows.map((r) => r.dataset.statsRow), ["1", "2", "3"]);
  const cells = (row) => [...row.children].map((c) => c.textContent);
  assert.deepEqual(cells(rows[0]).slice(0, 4), ["1", "0:08.5", "16", "custom layout"]);
  assert.deepEqual(rows.map((r) => cells(r)[1]), ["0:08.5", "0:25.5", "0:34.0"], "time, then moves");
  const when = rows[0].querySelector("time");
  assert.equal(when.getAttribute("datetime"), "2025-03-16T09:26:00+00:00");
  assert.match(when.textContent, /2025/);
  assert.equal(q('[data-field="stats-note"]').hidden, true);
  assert.deepEqual(
    [...q('[data-field="stats-rules"]').options].map((o) => [o.value, o.textContent]),
    [["N", "Standard (N)"], ["E", "Easy (E)"]],
  );
  assert.equal(q('[data-field="stats-rules"]').value, "N");
  assert.deepEqual(
    qa(".pyr-stats-ranking th").map((th) => th.textContent),
    ["#", "Time", "Moves", "Deal", "Date"],
  );
  assert.equal(qa(".pyr-stats-ranking th")[0].getAttribute("aria-label"), "Rank");
  assert.equal(view.statsPanel, panel);
});

test("statistics: another preset, answers for other requests, a recorded game, errors", () => {
  const { model, q, qa } = mount();
  q('[data-action="stats"]').click();
  model.receive(fixture("stats_n"));
  const select = q('[data-field="stats-rules"]');
  select.value = "E";
  select.dispatchEvent(new Event("change", { bubbles: true }));
  assert.deepEqual(model.sent.at(-1), { type: "stats", rules: "E" });
  model.receive(fixture("stats_n")); // a late answer for N: not what this view waits for
  assert.equal(q('[data-field="stats-note"]').textContent, "Loading…");
  const easy = {
    type: "stats",
    rules: "E",
    error: null,
    stats: {
      rules: "E",
      name: "Easy (E)",
      rules_played: ["N", "E"],
      totals: { rules: "E", played: 2, won: 0, win_rate: 0, best_time: null, fewest_moves: null },
      ranking: [],
    },
  };
  model.receive(easy);
  assert.equal(q('[data-field="stats-played"]').textContent, "2");
  assert.equal(q('[data-field="stats-win-rate"]').textContent, "0%");
  assert.equal(q('[data-field="stats-best-time"]').textContent, "—");
  assert.equal(qa("[data-stats-row]").length, 0);
  assert.ok(q(".pyr-stats-rankingbox").hidden);
  assert.equal(q('[data-field="stats-note"]').textContent, "No game won without help under these rules yet.");
  // A game was recorded: the open panel asks again for what it shows.
  const before = model.sent.length;
  model.receive({ type: "stats_changed" });
  assert.deepEqual(model.sent.slice(before), [{ type: "stats", rules: "E" }]);
  model.receive({ type: "stats", rules: "E", stats: null, error: "the statistics file x is damaged" });
  assert.equal(q('[data-field="stats-note"]').textContent, "Statistics are unavailable: the statistics file x is damaged");
  assert.equal(q('[data-field="stats-note"]').dataset.kind, "error");
  assert.ok(q(".pyr-stats-totals").hidden);
  // Closed: nothing more is asked.
  q('[data-action="stats-close"]').click();
  assert.ok(q('[data-field="stats-panel"]').hidden);
  assert.equal(document.activeElement, q('[data-action="more"]'), "its opener is in the closed menu: the menu's button");
  const after = model.sent.length;
  model.receive({ type: "stats_changed" });
  assert.equal(model.sent.length, after);
});

test("statistics: Escape closes the panel from the menu or a button, focus returns", () => {
  const { model, q } = mount();
  const button = q('[data-action="stats"]');
  button.click();
  model.receive(fixture("stats_n"));
  assert.equal(keydown(q('[data-field="stats-rules"]'), "Escape"), true);
  assert.ok(q('[data-field="stats-panel"]').hidden);
  assert.equal(button.getAttribute("aria-expanded"), "false");
  const more = q('[data-action="more"]');
  assert.equal(document.activeElement, more);
  button.click();
  q('[data-action="stats-close"]').focus();
  assert.equal(keydown(document.activeElement, "Escape"), true);
  assert.ok(q('[data-field="stats-panel"]').hidden);
  assert.equal(document.activeElement, more);
  assert.equal(q('[data-action="stats-close"]').getAttribute("aria-label"), "Close");
});

test("statistics: no button when Python has statistics off; the panel speaks French", () => {
  const off = mount({ ...fixture("r5_start"), stats: false });
  assert.ok(off.q('[data-action="stats"]').hidden);
  off.view.destroy();
  const { model, q } = mount("r5_start", "text_fr");
  q('[data-action="stats"]').click();
  model.receive(fixture("stats_n"));
  assert.equal(q('[data-action="stats"]').textContent, "Statistiques");
  assert.equal(q('[data-field="stats-win-rate"]').textContent.replace(/\s/g, " "), "75 %");
  assert.equal(q(".pyr-stats-caption").textContent, "Meilleures parties gagnées sans aide : temps, puis coups");
  assert.equal(q('[data-field="stats-ranking"]').getAttribute("aria-label"), "Meilleures parties gagnées sans aide : temps, puis coups");
  assert.equal(q("[data-stats-row] .pyr-col-code").textContent, "donne personnalisée");
  assert.equal(formatDuration(65.94), "1:05.9");
  assert.equal(formatDuration(null), "—");
});
