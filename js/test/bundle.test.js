// The bundle anywidget loads (pyramide_widget/widget/static/widget.js, built from src/ by
// `npm run build`) draws a table and cleans up after itself, as its sources do.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel } from "./fake_model.js";
import { el, fixture } from "./view_setup.js";
import widget from "../../pyramide_widget/widget/static/widget.js";

test("the bundle renders the table from a snapshot and removes it on cleanup", () => {
  const model = new FakeModel(fixture("r5_start"), fixture("text_en"));
  const cleanup = widget.render({ model, el });
  assert.equal(el.querySelectorAll(".pyr-pyramid [data-card]").length, 28);
  el.querySelector('[data-card="K♦"]').click();
  assert.deepEqual(model.sent.at(-1), { type: "tap", pile: "pyramid", row: 7, col: 6, card: "K♦" });
  cleanup();
  assert.equal(el.querySelector(".pyr-root"), null);
  assert.equal(model.listenerCount(), 0);
});
