// The check fake_model.js makes of every message a view sends, against the protocol written
// from Python (fixtures/protocol.json): it takes what the kernel takes and refuses the rest.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROTOCOL, protocolProblem } from "./fake_model.js";

test("the protocol fixture lists the messages a view may send and Python's replies", () => {
  assert.ok(Object.keys(PROTOCOL.requests).includes("tap"));
  assert.deepEqual(Object.keys(PROTOCOL.replies).sort(), ["stats", "stats_changed"]);
});

test("messages the kernel takes pass", () => {
  for (const message of [
    { type: "tap", pile: "pyramid", row: 7, col: 6, card: "K♦" },
    { type: "tap", pile: "stock" },
    { type: "tap", pile: "column-1", row: 1, card: "4♠" },
    { type: "new", code: "", rules: "" },
    { type: "undo" },
    { type: "option", name: "language", value: "fr" },
    { type: "option", name: "explain_mistakes", value: false },
    { type: "replay_goto", index: 0 },
    { type: "stats", rules: "X" },
  ]) {
    assert.equal(protocolProblem(message), null, JSON.stringify(message));
  }
  assert.equal(protocolProblem({ type: "stats", rules: "N", stats: null, error: "off" }, PROTOCOL.replies), null);
});

test("messages the kernel refuses are refused, saying why", () => {
  for (const [message, problem] of [
    [["tap"], "not a JSON object"],
    [{ type: "jump" }, 'unknown type "jump"'],
    [{ kind: "tap" }, "unknown type undefined"],
    [{ type: "tap" }, "missing field pile"],
    [{ type: "undo", now: true }, "unexpected field now"],
    [{ type: "tap", pile: "pyramid", row: "7", col: 6 }, 'row must be integer, got "7"'],
    [{ type: "tap", pile: "pyramid", row: 7.5, col: 6 }, "row must be integer, got 7.5"],
    [{ type: "tap", pile: "pyramid", row: 0, col: 6 }, "row must be at least 1, got 0"],
    [{ type: "tap", pile: "stock", card: null }, "card must be string, got null"],
    [{ type: "new", code: "x".repeat(4001) }, "code must be at most 4000 characters"],
    [{ type: "new", rules: "Q" }, 'rules must be one of'],
    [{ type: "option", name: "language", value: true }, "value must be string, got true"],
    [{ type: "option", name: "language", value: "de" }, 'value must be one of'],
    [{ type: "option", name: "french_indices", value: "1" }, 'value must be boolean, got "1"'],
    [{ type: "option", name: "score", value: 1 }, "name must be one of"],
    [{ type: "replay_goto", index: -1 }, "index must be from 0 to"],
  ]) {
    const found = protocolProblem(message);
    assert.ok(found && found.startsWith(problem), `${JSON.stringify(message).slice(0, 60)}: ${found}`);
  }
  assert.equal(protocolProblem({ type: "stats", rules: "N", error: null }, PROTOCOL.replies), "missing field stats");
});
