/** The anywidget model the front end talks to, in memory: get/set/on/off/send as anywidget
 * gives them, what the view sent, and custom messages from Python. Shared by the JS tests.
 *
 * Every message a view sends is checked against the widget's protocol, written from Python
 * (fixtures/protocol.json, tests/widget_fixtures.py): a test file whose views sent a message
 * the kernel would refuse fails, naming the message and what was expected. */
import { after } from "node:test";
import { readFileSync } from "node:fs";

export const PROTOCOL = JSON.parse(readFileSync(new URL("./fixtures/protocol.json", import.meta.url), "utf8"));

const JSON_TYPES = {
  string: (v) => typeof v === "string",
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === "boolean",
  object: (v) => v !== null && typeof v === "object" && !Array.isArray(v),
  null: (v) => v === null,
};

/** What is wrong with `value` for the field `spec` of `message`, or null. */
function fieldProblem(spec, value, message) {
  if (spec.by) {
    const chosen = spec.cases[message[spec.by]];
    return chosen ? fieldProblem(chosen, value, message) : `depends on ${spec.by}, which is not one of ${Object.keys(spec.cases)}`;
  }
  if (!spec.types.some((t) => JSON_TYPES[t](value))) return `must be ${spec.types.join(" or ")}, got ${JSON.stringify(value)}`;
  if (typeof value === "number" && (value < (spec.minimum ?? -Infinity) || value > (spec.maximum ?? Infinity))) {
    const range =
      spec.maximum === undefined ? `at least ${spec.minimum}` : spec.minimum === undefined ? `at most ${spec.maximum}` : `from ${spec.minimum} to ${spec.maximum}`;
    return `must be ${range}, got ${value}`;
  }
  if (typeof value === "string") {
    if (spec.maxLength !== undefined && [...value].length > spec.maxLength) return `must be at most ${spec.maxLength} characters`;
    if (spec.choices && !spec.choices.includes(value)) return `must be one of ${spec.choices.join(", ")}, got ${JSON.stringify(value)}`;
  }
  return null;
}

/** What is wrong with `message` as one of `messages` (the protocol's requests by default), or
 * null if the kernel would take it: as pyramide_widget/widget/protocol.py checks it. */
export function protocolProblem(message, messages = PROTOCOL.requests) {
  if (!JSON_TYPES.object(message)) return "not a JSON object";
  const kind = messages[message.type];
  if (!kind) return `unknown type ${JSON.stringify(message.type)}`;
  for (const key of Object.keys(message)) {
    if (key !== "type" && !(key in kind.fields)) return `unexpected field ${key}`;
  }
  for (const [name, spec] of Object.entries(kind.fields)) {
    if (!(name in message)) {
      if (spec.required) return `missing field ${name}`;
      continue;
    }
    const problem = fieldProblem(spec, message[name], message);
    if (problem) return `${name} ${problem}`;
  }
  return null;
}

const refused = [];
after(() => {
  if (refused.length) {
    const lines = refused.map(({ message, problem }) => `${JSON.stringify(message)}: ${problem}`);
    throw new Error(`views sent messages the protocol refuses:\n${lines.join("\n")}`);
  }
});

/** The model of one widget. A snapshot (a fixture: the state with its `table`) is sent as the
 * kernel sends it: the table's layout as `_table` when it changed, the rest as `_state`, both
 * set before either change is told (one update message, as Python's hold_sync sends them). */
export class FakeModel {
  constructor(snapshot, text) {
    this.data = { _text: text };
    this.handlers = new Map();
    this.sent = [];
    this.set("_state", snapshot);
  }
  get(key) {
    return this.data[key];
  }
  set(key, value) {
    const changes = { [key]: value };
    if (key === "_state" && value && "table" in value) {
      const { table, ...state } = value;
      changes._state = state;
      if (JSON.stringify(table) !== JSON.stringify(this.data._table)) changes._table = table;
    }
    Object.assign(this.data, changes);
    for (const name of Object.keys(changes)) {
      for (const fn of this.handlers.get(`change:${name}`) || []) fn();
    }
  }
  on(event, fn) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(fn);
  }
  off(event, fn) {
    this.handlers.get(event)?.delete(fn);
  }
  send(msg) {
    this.sent.push(msg);
    const problem = protocolProblem(msg);
    if (problem) refused.push({ message: msg, problem });
  }
  /** A custom message from Python (widget.send), as anywidget delivers it. */
  receive(msg) {
    for (const fn of this.handlers.get("msg:custom") || []) fn(msg, []);
  }
  listenerCount() {
    return [...this.handlers.values()].reduce((n, s) => n + s.size, 0);
  }
}
