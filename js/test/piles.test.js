// Unit tests of a game's other piles in the front end (issue 14: waste piles, a reserve, a
// cell, columns), in jsdom. widget.js knows no game: it draws the snapshot's `piles` where
// the table entry's `piles.places` puts them and reports taps as a pile id and a depth.
import { test, beforeEach, afterEach } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";

const dom = new JSDOM("<!doctype html><html><body></body></html>", { pretendToBeVisual: true });
for (const name of ["window", "document", "Event", "KeyboardEvent", "MouseEvent", "HTMLElement", "Node"]) {
  globalThis[name] = name === "window" ? dom.window : dom.window[name];
}

const { createView, cardBox, nearestInDirection } = await import("../../pyramide_widget/widget/static/widget.js");

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));

class FakeModel {
  constructor(state, text) {
    this.data = { _state: state, _text: text };
    this.handlers = new Map();
    this.sent = [];
  }
  get(key) {
    return this.data[key];
  }
  set(key, value) {
    this.data[key] = value;
    for (const fn of this.handlers.get(`change:${key}`) || []) fn();
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
  }
}

let el;
let views = [];
const mount = (state) => {
  const model = new FakeModel(state, fixture("text_en"));
  const view = createView(el, model);
  views.push(view);
  return { model, view, q: (sel) => el.querySelector(sel), qa: (sel) => [...el.querySelectorAll(sel)] };
};
beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
});
afterEach(() => {
  for (const v of views.splice(0)) v.destroy();
  el.remove();
});

const key = (k) => {
  const event = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true });
  document.activeElement.dispatchEvent(event);
  return event.defaultPrevented;
};

test("arrow keys go to the nearest candidate ahead, a step aside counting twice", () => {
  const at = (x, y) => ({ x, y });
  const grid = [at(0, 0), at(10, 0), at(20, 1), at(10, 10), at(0, 10), at(30, 30)];
  assert.equal(nearestInDirection(at(10, 0), grid, "ArrowRight"), grid[2]);
  assert.equal(nearestInDirection(at(10, 0), grid, "ArrowLeft"), grid[0]);
  assert.equal(nearestInDirection(at(10, 0), grid, "ArrowDown"), grid[3], "straight down before down-left");
  assert.equal(nearestInDirection(at(10, 10), grid, "ArrowUp"), grid[1]);
  assert.equal(nearestInDirection(at(30, 30), grid, "ArrowDown"), null, "nothing ahead");
  assert.equal(nearestInDirection(at(10, 0), grid, "Enter"), null, "not an arrow");
});

test("a game without other piles draws none: the stock and the waste stay where they were", () => {
  const { q, qa } = mount(fixture("r5_start"));
  assert.equal(qa(".pyr-piles > *").length, 0);
  assert.equal(q(".pyr-stockbox").hidden, false);
  assert.equal(q(".pyr-wastebox").hidden, false);
});
