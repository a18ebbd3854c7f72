// The protocol client (src/client.js): the snapshot a view draws, joined from the `_state` and
// `_table` traits, and the language's words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel } from "./fake_model.js";
import { fixture } from "./view_setup.js";
import { snapshotReader, wordsOf } from "../src/client.js";

test("the snapshot is the state with the table's layout as its table, one object until a trait changes", () => {
  const model = new FakeModel(fixture("r5_start"), fixture("text_en"));
  assert.equal("table" in model.get("_state"), false, "the kernel sends the layout apart");
  const snapshot = snapshotReader(model);
  const first = snapshot();
  assert.deepEqual(first, fixture("r5_start"));
  assert.equal(snapshot(), first, "read again: the same object");
  const table = model.get("_table");
  model.set("_state", fixture("r5_two_moves")); // the same table: its layout is not sent again
  assert.equal(model.get("_table"), table);
  assert.notEqual(snapshot(), first);
  assert.equal(snapshot().table, table);
  assert.equal(snapshot().score, 30);
  model.set("_state", fixture("six_rows"));
  assert.equal(snapshot().table.name, "Six Rows");
  assert.deepEqual(snapshotReader(new FakeModel(null, fixture("text_en")))(), {}, "before the first state");
});

test("words: the language's string with its placeholders filled, else the key", () => {
  const model = new FakeModel(fixture("r5_start"), fixture("text_fr"));
  const S = wordsOf(model);
  assert.equal(S("undo"), fixture("text_fr").strings.undo);
  assert.equal(S("step", { index: 2, length: 9 }), fixture("text_fr").strings.step.replace("{index}", "2").replace("{length}", "9"));
  assert.equal(S("no such key"), "no such key");
});
