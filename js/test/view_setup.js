// What the tests of views share: a jsdom page for the front end's modules to draw in, the
// fixtures (states made by the real Python side, tests/widget_fixtures.py), and views mounted on
// a FakeModel in a fresh element for each test, destroyed after it.
import { beforeEach, afterEach } from "node:test";
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";
import { FakeModel } from "./fake_model.js";
import { createView } from "../src/view.js";

const dom = new JSDOM("<!doctype html><html><body></body></html>", { pretendToBeVisual: true });
for (const name of ["window", "document", "Event", "KeyboardEvent", "MouseEvent", "HTMLElement", "Node"]) {
  globalThis[name] = name === "window" ? dom.window : dom.window[name];
}

export const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));

/** The element of the current test that views are mounted in. */
export let el;
/** The views of the current test, destroyed after it. */
export const views = [];

/** A view of a fixture's state (its name, or a state) in the current test's element. */
export const mount = (state = "r5_start", text = "text_en") => {
  const model = new FakeModel(typeof state === "string" ? fixture(state) : state, fixture(text));
  const view = createView(el, model);
  views.push(view);
  return { model, view, q: (sel) => el.querySelector(sel), qa: (sel) => [...el.querySelectorAll(sel)] };
};

/** Press `key` on `target`; whether the view claimed it (its default prevented). */
export const keydown = (target, key) => {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
};

beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
});
afterEach(() => {
  for (const v of views.splice(0)) v.destroy();
  el.remove();
});
