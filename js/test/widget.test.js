// Unit tests of a view's drawing and event code (view.js, board/, toolbar, replay bar, new game
// and options panels, the card art), in jsdom, on states made by the real Python side
// (fixtures/*.json; tests/widget_fixtures.py regenerates them).
import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel } from "./fake_model.js";
import { el, fixture, mount, views } from "./view_setup.js";
import { motions } from "../src/board/motion.js";
import { cardBox, placesOf } from "../src/layout.js";
import { createView } from "../src/view.js";
import widget from "../src/widget.js";

test("the message is said in the status line, on the table's side of the counters", () => {
  const { q } = mount("r5_sum");
  const message = q('[data-field="message"]');
  assert.equal(message.textContent, "The sum must be 13");
  assert.equal(message.getAttribute("aria-live"), "polite");
  assert.equal(message.closest(".pyr-status"), q(".pyr-status"));
  assert.equal(q(".pyr-status").nextElementSibling, q(".pyr-stage"), "right above the felt");
});

test("a card with any card still below it hides its centre pip (no sliver beside the coverer)", () => {
  const { model, q } = mount();
  const covered = (card) => q(`[data-card="${card}"]`).dataset.covered ?? null;
  assert.equal(covered("10♦"), "true"); // both coverers
  assert.equal(covered("7♣"), null); // bottom row
  model.set("_state", fixture("r5_two_moves")); // K♦, 10♣ and 3♠ gone
  assert.equal(covered("10♦"), "true"); // 4♥ still below it
  assert.equal(covered("Q♣"), "true"); // 7♣ still below it
  assert.equal(covered("10♠"), null); // both gone: it shows whole
});

test("the start of the R5 deal: 28 cards, the 7 bottom ones free, stock and waste", () => {
  const { q, qa } = mount();
  const cards = qa(".pyr-pyramid [data-card]");
  assert.equal(cards.length, 28);
  assert.equal(cards[0].dataset.card, "J♦");
  const free = cards.filter((c) => c.dataset.free === "true").map((c) => c.dataset.card);
  assert.deepEqual(free, ["7♣", "10♣", "3♥", "4♥", "3♠", "K♦", "7♠"]);
  assert.equal(qa('[data-selected="true"]').length, 0);
  assert.equal(q('[data-pile="stock"]').dataset.count, "23");
  assert.equal(q('[data-pile="waste"] [data-card]').dataset.card, "7♦");
  assert.equal(q('[data-pile="waste"] [data-card]').dataset.free, "true");
  assert.equal(q('[data-field="score"]').textContent, "0");
  assert.equal(q('[data-field="moves"]').textContent, "0");
  assert.equal(q('[data-field="time"]').textContent, "0:00");
  assert.equal(q('[data-field="code"]').textContent, "—");
  assert.equal(q('[data-field="message"]').textContent, "");
  assert.ok(q('[data-field="banner"]').hidden);
  // Red and black, readable rank and suit.
  const kd = q('[data-card="K♦"]');
  assert.ok(kd.classList.contains("pyr-red"));
  assert.equal(kd.querySelector(".pyr-rank").textContent, "K");
  assert.equal(kd.querySelector(".pyr-suit").textContent, "♦");
  assert.ok(!q('[data-card="7♣"]').classList.contains("pyr-red"));
});

test("cards are named for assistive tech, with their state", () => {
  const { q } = mount();
  assert.equal(q('[data-card="Q♣"]').getAttribute("aria-label"), "queen of clubs, blocked");
  assert.equal(q('[data-card="K♦"]').getAttribute("aria-label"), "king of diamonds, free");
  assert.equal(q('[data-pile="stock"]').getAttribute("aria-label"), "Stock, 23 cards: draw a card");
});

test("after K♦ and 10♣+3♠: the cards are gone, 10♠ is free, score 30, moves 2", () => {
  const { model, q, qa } = mount();
  const tenSpades = q('[data-card="10♠"]');
  assert.equal(tenSpades.dataset.free, "false");
  model.set("_state", fixture("r5_two_moves"));
  for (const gone of ["K♦", "10♣", "3♠"]) assert.equal(q(`[data-card="${gone}"]`), null, gone);
  assert.equal(qa(".pyr-pyramid [data-card]").length, 25);
  assert.equal(q('[data-card="10♠"]'), tenSpades, "updated in place, not rebuilt");
  assert.equal(tenSpades.dataset.free, "true");
  assert.equal(q('[data-field="score"]').textContent, "30");
  assert.equal(q('[data-field="moves"]').textContent, "2");
  assert.equal(q('[data-field="time"]').textContent, "0:07");
});

test("the sum message keeps the second card selected (R10)", () => {
  const { q, qa } = mount("r5_sum");
  assert.equal(q('[data-field="message"]').textContent, "The sum must be 13");
  const selected = qa('[data-selected="true"]');
  assert.deepEqual(
    selected.map((c) => c.dataset.card),
    ["7♠"],
  );
  assert.equal(selected[0].getAttribute("aria-pressed"), "true");
  assert.equal(selected[0].getAttribute("aria-label"), "seven of spades, selected");
});

test("the blocked message (R8)", () => {
  const { q } = mount("r5_blocked");
  assert.equal(q('[data-field="message"]').textContent, "This card is blocked by another card");
  assert.equal(q('[data-field="message"]').dataset.key, "blocked");
});

test("taps are reported with place and card, and nothing else changes here", () => {
  const { model, q } = mount();
  q('[data-card="K♦"]').click();
  q('[data-card="Q♣"]').click();
  q('[data-pile="waste"] [data-card]').click();
  q('[data-pile="stock"]').click();
  assert.deepEqual(model.sent.slice(-4), [
    { type: "tap", pile: "pyramid", row: 7, col: 6, card: "K♦" },
    { type: "tap", pile: "pyramid", row: 6, col: 1, card: "Q♣" },
    { type: "tap", pile: "waste", row: 1, card: "7♦" },
    { type: "tap", pile: "stock" },
  ]);
  assert.ok(q('[data-card="K♦"]'), "the front end never removes a card by itself");
  assert.equal(q('[data-field="score"]').textContent, "0");
});

test("buttons send their requests; the Hint button exists only with the solver", () => {
  const { model, q } = mount();
  assert.ok(q('[data-action="hint"]').hidden);
  for (const action of ["undo", "restart"]) {
    q(`[data-action="${action}"]`).disabled = false;
    q(`[data-action="${action}"]`).click();
  }
  assert.deepEqual(model.sent.slice(-2), [{ type: "undo" }, { type: "restart" }]);
  assert.equal(q('[data-action="undo"]').disabled, false);
  const withSolver = mount("r5_start", "text_en_hint");
  assert.ok(!withSolver.view.buttons.hint.hidden);
  withSolver.view.buttons.hint.click();
  assert.deepEqual(withSolver.model.sent.at(-1), { type: "hint" });
});

test("undo is disabled with nothing to undo", () => {
  const { model, q } = mount();
  assert.equal(q('[data-action="undo"]').disabled, true);
  model.set("_state", fixture("r5_two_moves"));
  assert.equal(q('[data-action="undo"]').disabled, false);
});

test("new game: a code is sent as typed, an error is shown and the panel stays open", () => {
  const { model, view, q } = mount();
  const panel = view.newPanel;
  assert.ok(panel.hidden);
  q('[data-action="new"]').click();
  assert.ok(!panel.hidden);
  assert.equal(q('[data-action="new"]').getAttribute("aria-expanded"), "true");
  q('[data-field="new-code"]').value = "  PY1-N-nope ";
  q('[data-field="new-rules"]').value = "S";
  q('[data-field="new-rules"]').dispatchEvent(new Event("change"));
  q('[data-action="deal"]').click();
  assert.deepEqual(model.sent.at(-1), { type: "new", code: "PY1-N-nope", rules: "S" });
  model.set("_state", { ...fixture("r5_start"), error: "'PY1-N-nope' is not a deal code" });
  assert.ok(!panel.hidden);
  assert.equal(q('[data-field="error"]').hidden, false);
  assert.equal(q('[data-field="error"]').textContent, "'PY1-N-nope' is not a deal code");
  q('[data-field="new-code"]').value = "PY1-S-AAAAAAS";
  q('[data-action="deal"]').click();
  model.set("_state", { ...fixture("r5_start"), code: "PY1-S-AAAAAAS", rules: "S" });
  assert.ok(panel.hidden, "closes once the new deal arrives");
  assert.equal(q('[data-field="code"]').textContent, "PY1-S-AAAAAAS");
  assert.equal(q('[data-field="rules"]').textContent, "Strict");
});

test("new game: the rules menu opens on the current rules and is sent only once chosen", () => {
  const { model, view, q } = mount({ ...fixture("r5_start"), rules: "E" });
  const menu = q('[data-field="new-rules"]');
  q('[data-action="new"]').click();
  assert.equal(menu.value, "E", "the current game's rules");
  q('[data-field="new-code"]').value = "PY1-N-AAAAAAS";
  q('[data-action="deal"]').click();
  // Untouched: Python deals the code under its own rules (N), not the menu's.
  assert.deepEqual(model.sent.at(-1), { type: "new", code: "PY1-N-AAAAAAS", rules: "" });
  menu.value = "T";
  menu.dispatchEvent(new Event("change"));
  q('[data-field="new-code"]').value = "aaaaaas";
  q('[data-action="deal"]').click();
  assert.deepEqual(model.sent.at(-1), { type: "new", code: "aaaaaas", rules: "T" });
  view.cancelBtn.click();
  q('[data-action="new"]').click(); // opening again starts from the current rules, untouched
  assert.equal(menu.value, "E");
  q('[data-action="deal"]').click();
  assert.deepEqual(model.sent.at(-1), { type: "new", code: "aaaaaas", rules: "" });
});

test("options are requests to Python, and the language changes every string", () => {
  const { model, view, q } = mount();
  q('[data-action="options"]').click();
  view.optExplain.checked = false;
  view.optExplain.dispatchEvent(new Event("change"));
  view.optLanguage.value = "fr";
  view.optLanguage.dispatchEvent(new Event("change"));
  view.optIndices.value = "1";
  view.optIndices.dispatchEvent(new Event("change"));
  assert.deepEqual(model.sent.slice(-3), [
    { type: "option", name: "explain_mistakes", value: false },
    { type: "option", name: "language", value: "fr" },
    { type: "option", name: "french_indices", value: true },
  ]);
  assert.equal(q('[data-action="undo"]').textContent, "Undo");
  model.set("_text", fixture("text_fr"));
  assert.equal(q('[data-card="K♦"] .pyr-rank').textContent, "K", "the language alone keeps the indices");
  const start = fixture("r5_start");
  model.set("_state", { ...start, options: { ...start.options, french_indices: true } }); // as Python sends it
  assert.equal(q('[data-action="undo"]').textContent, "Annuler");
  assert.equal(q('[data-action="new"]').textContent, "Nouvelle partie");
  assert.equal(q('[data-card="Q♣"]').getAttribute("aria-label"), "dame de trèfle, bloquée");
  assert.equal(q('[data-card="K♦"] .pyr-rank').textContent, "R", "French indices");
  assert.equal(q('[data-card="K♦"]').dataset.card, "K♦", "the hook keeps the engine's notation");
  assert.equal(view.root.getAttribute("lang"), "fr");
});

test("win banner: title, score 280, time and moves, said once", () => {
  const { q } = mount("won");
  const banner = q('[data-field="banner"]');
  assert.equal(banner.hidden, false);
  assert.equal(banner.dataset.status, "won");
  assert.equal(q('[data-field="banner-title"]').textContent, "You won!");
  assert.match(q('[data-field="banner-detail"]').textContent, /Score 280 · Time 0:25 · Moves \d+/);
  assert.equal(q('[data-field="time"]').textContent, "0:25");
  assert.equal(fixture("won").message.text, "You won!");
  assert.equal(q('[data-field="message"]').textContent, "", "the status line does not say it again");
  assert.equal(banner.querySelectorAll("button").length, 0, "no second set of the toolbar's buttons");
});

test("no-moves banner (R18): the toolbar keeps what makes sense then, New game first", () => {
  const { model, q } = mount("no_moves");
  assert.equal(q('[data-field="banner-title"]').textContent, "No more moves possible");
  assert.equal(q('[data-field="message"]').textContent, "");
  assert.equal(q('[data-pile="stock"]').getAttribute("aria-label"), "Empty stock");
  assert.ok(q('.pyr-toolbar [data-action="new"]').classList.contains("pyr-primary"));
  q('.pyr-toolbar [data-action="undo"]').disabled = false;
  q('.pyr-toolbar [data-action="undo"]').click();
  assert.deepEqual(model.sent.at(-1), { type: "undo" });
  model.set("_state", fixture("r5_start"));
  assert.ok(!q('.pyr-toolbar [data-action="new"]').classList.contains("pyr-primary"));
});

test("nothing more can be removed while drawing goes on: a banner offers a new game", () => {
  const { model, view, q } = mount("stuck", "text_en_hint");
  assert.equal(fixture("stuck").status, "playing");
  const banner = q('[data-field="banner"]');
  assert.equal(banner.hidden, false);
  assert.equal(banner.dataset.status, "stuck");
  assert.equal(q('[data-field="banner-title"]').textContent, "Nothing more can be removed");
  assert.match(q('[data-field="banner-detail"]').textContent, /Start a new game\?$/);
  assert.equal(q('[data-pile="stock"]').getAttribute("aria-disabled"), null, "drawing stays possible (R18)");
  const shown = [...q(".pyr-toolbar").querySelectorAll(":scope > [data-action]")].filter((b) => !b.hidden).map((b) => b.dataset.action);
  assert.deepEqual(shown, ["undo", "hint", "restart", "new", "analysis"], "the analysis is offered once stuck too");
  q('.pyr-toolbar [data-action="new"]').click();
  assert.equal(view.newPanel.hidden, false);
  model.set("_state", fixture("r5_start"));
  assert.ok(banner.hidden, "gone with the next position that is not stuck");
});

test("a game over has no hint: the button goes, and the banner alone says there is no move", () => {
  const { q } = mount("no_hint", "text_en_hint");
  assert.equal(fixture("no_hint").hint.kind, "none");
  assert.ok(q('[data-action="hint"]').hidden);
  assert.equal(q('[data-field="message"]').textContent, "");
  assert.equal(q('[data-field="banner-title"]').textContent, "No more moves possible");
});

test("replay: the bar replaces the toolbar, steps are requested, taps are not sent", () => {
  const { model, view, q } = mount("r5_replay");
  assert.ok(view.toolbar.hidden);
  assert.ok(!view.replayBar.hidden);
  assert.equal(view.slider.max, "2");
  assert.equal(view.slider.value, "1");
  assert.equal(q('[data-field="message"]').textContent, "Step 1 of 2 (moves and undos): K♦");
  assert.equal(q('[data-card="K♦"]'), null);
  assert.equal(q('[data-field="score"]').textContent, "10");
  const before = model.sent.length;
  q('[data-card="10♣"]').click();
  q('[data-pile="stock"]').click();
  assert.equal(model.sent.length, before);
  q('[data-action="replay-next"]').click();
  q('[data-action="replay-first"]').click();
  q('[data-action="replay-last"]').click();
  q('[data-action="replay-exit"]').click();
  assert.deepEqual(model.sent.slice(-4), [
    { type: "replay_goto", index: 2 },
    { type: "replay_goto", index: 0 },
    { type: "replay_goto", index: 2 },
    { type: "replay_stop" },
  ]);
});

test("replay: the keyboard goes from the menu's Replay to Next, and back to the menu when it ends", () => {
  const { model, view } = mount("r5_two_moves");
  view.buttons.more.click();
  assert.equal(document.activeElement, view.buttons.replay, "the menu opens on its first item");
  view.buttons.replay.click();
  assert.deepEqual(model.sent.at(-1), { type: "replay_start" });
  assert.ok(view.menu.hidden, "a choice closes the menu");
  model.set("_state", fixture("r5_replay"));
  assert.equal(document.activeElement, view.replayButtons.next);
  view.leaveReplay.focus();
  model.set("_state", fixture("r5_two_moves"));
  assert.equal(document.activeElement, view.buttons.more);
  model.set("_state", fixture("r5_two_moves")); // an update that swaps nothing moves nothing
  view.buttons.undo.focus();
  model.set("_state", { ...fixture("r5_two_moves"), moves: 3 });
  assert.equal(document.activeElement, view.buttons.undo);
});

test("keyboard: one tab stop in the pyramid, arrow keys move, focus survives updates", () => {
  const { model, view, q } = mount();
  const stops = view.cards.filter((c) => c.el.tabIndex === 0);
  assert.equal(stops.length, 1);
  const sevenClubs = q('[data-card="7♣"]');
  sevenClubs.focus();
  const key = (k) => {
    const event = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true });
    document.activeElement.dispatchEvent(event);
    return event.defaultPrevented;
  };
  assert.equal(key("ArrowRight"), true, "claimed: the notebook's shortcut handler skips it");
  assert.equal(document.activeElement.dataset.card, "10♣");
  key("ArrowUp");
  assert.ok(["Q♣", "2♣"].includes(document.activeElement.dataset.card));
  key("End");
  assert.equal(document.activeElement.dataset.card, "J♠");
  key("ArrowDown");
  assert.ok(["K♦", "7♠"].includes(document.activeElement.dataset.card));
  const focused = document.activeElement;
  model.set("_state", fixture("r5_sum"));
  assert.equal(document.activeElement, focused, "an update keeps the focus");
  // The focused card is removed: focus stays in the pyramid.
  q('[data-card="10♣"]').focus();
  model.set("_state", fixture("r5_two_moves"));
  assert.ok(document.activeElement.dataset.card, "focus moved to a card still on the table");
  assert.ok(view.newCode.hasAttribute("data-lm-suppress-shortcuts"));
  assert.equal(key("x"), false, "other keys are left to the notebook");
});

test("the widget moves the focus without scrolling the notebook (arrow keys, a removed card, Escape)", () => {
  const { model, q } = mount();
  /** @type {unknown[]} every focus() the widget makes, with its options */
  const calls = [];
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (options) {
    calls.push(options);
    return focus.call(this, options);
  };
  try {
    focus.call(q('[data-card="7♣"]'));
    const key = (k) => document.activeElement.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
    key("ArrowRight");
    key("ArrowUp");
    focus.call(q('[data-card="10♣"]'));
    model.set("_state", fixture("r5_two_moves")); // the focused card goes: the focus moves on
    q('[data-action="more"]').click();
    key("Escape");
  } finally {
    HTMLElement.prototype.focus = focus;
  }
  assert.ok(calls.length >= 3, `the widget moved the focus ${calls.length} times`);
  for (const options of calls) assert.deepEqual(options, { preventScroll: true });
});

test("Escape clears a selection first, then closes the open panel, even from its boxes", () => {
  const { model, view, q } = mount("r5_sum"); // 3♠ selected
  const key = () => {
    const event = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
    document.activeElement.dispatchEvent(event);
    return event.defaultPrevented;
  };
  q('[data-action="more"]').click();
  q('[data-action="options"]').click();
  const options = q(".pyr-options");
  assert.equal(options.hidden, false);
  assert.equal(document.activeElement, view.optExplain, "the focus is in the panel's first box");
  assert.equal(key(), true);
  assert.deepEqual(model.sent.at(-1), { type: "deselect" });
  assert.equal(options.hidden, false, "the selection goes first");
  model.set("_state", fixture("r5_start")); // Python cleared it
  assert.equal(key(), true);
  assert.equal(options.hidden, true, "then the panel closes, from its check box too");
  assert.equal(model.sent.filter((m) => m.type === "deselect").length, 1);
});

test("Options has a close control that closes it and gives the focus back", () => {
  const { q } = mount();
  q('[data-action="more"]').click();
  q('[data-action="options"]').click();
  const close = q('[data-action="options-close"]');
  assert.equal(close.getAttribute("aria-label"), "Close");
  assert.equal(q(".pyr-options .pyr-panel-title").textContent, "Options");
  close.click();
  assert.equal(q(".pyr-options").hidden, true);
  assert.equal(document.activeElement, q('[data-action="more"]'), "the menu is closed: its button");
});

test("a click on the bare felt closes the open panel; a click in the panel or on a card does not", () => {
  const { q } = mount();
  q('[data-action="more"]').click();
  q('[data-action="options"]').click();
  const options = q(".pyr-options");
  options.click();
  assert.equal(options.hidden, false, "a click inside the panel keeps it");
  q(".pyr-board").click();
  assert.equal(options.hidden, true, "the felt closes it");
  q('[data-action="new"]').click();
  q(".pyr-pyramid [data-card]").click();
  assert.equal(q(".pyr-newgame").hidden, false, "a tap on a card plays; it leaves the panel open");
});

test("Restart asks first in a game under way: a second press deals again, a late one asks again", () => {
  let clock = 0;
  const model = new FakeModel(fixture("r5_two_moves"), fixture("text_en"));
  const view = createView(el, model, { now: () => clock });
  views.push(view);
  const restart = view.buttons.restart;
  restart.click();
  assert.equal(model.sent.filter((m) => m.type === "restart").length, 0, "nothing thrown away yet");
  assert.equal(restart.dataset.confirm, "true");
  assert.equal(restart.textContent, "Restart? Press again");
  clock += 1000;
  restart.click();
  assert.deepEqual(model.sent.at(-1), { type: "restart" });
  assert.equal(restart.textContent, "Restart");
  restart.click(); // asks again; too late, it asks once more
  clock += 5000;
  restart.click();
  assert.equal(model.sent.filter((m) => m.type === "restart").length, 1);
  // At the deal nothing is lost: at once.
  model.set("_state", fixture("r5_start"));
  restart.click();
  assert.equal(model.sent.filter((m) => m.type === "restart").length, 2);
});

test("Enter and Space on a card or the stock tap it, once", () => {
  const { model, q } = mount();
  const press = (target, k) => {
    target.focus();
    const down = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true });
    target.dispatchEvent(down);
    const up = new KeyboardEvent("keyup", { key: k, bubbles: true, cancelable: true });
    target.dispatchEvent(up);
    return down.defaultPrevented && (k !== " " || up.defaultPrevented);
  };
  assert.ok(press(q('[data-card="K♦"]'), "Enter"));
  assert.ok(press(q('[data-pile="stock"]'), " "));
  assert.deepEqual(model.sent.slice(-2), [
    { type: "tap", pile: "pyramid", row: 7, col: 6, card: "K♦" },
    { type: "tap", pile: "stock" },
  ]);
});

test("a view cleans up after itself", () => {
  const model = new FakeModel(fixture("r5_start"), fixture("text_en"));
  const cleanup = widget.render({ model, el });
  assert.ok(el.querySelector(".pyr-root"));
  assert.equal(model.listenerCount(), 6, "_state, _table, _text, _art, _work and custom messages");
  cleanup();
  assert.equal(model.listenerCount(), 0);
  assert.equal(el.querySelector(".pyr-root"), null);
});

test("two views of one model draw the same and both report taps", () => {
  const model = new FakeModel(fixture("r5_start"), fixture("text_en"));
  const a = createView(el, model);
  const b = createView(el, model);
  views.push(a, b);
  model.set("_state", fixture("r5_two_moves"));
  assert.equal(a.root.querySelector('[data-field="score"]').textContent, "30");
  assert.equal(b.root.querySelector('[data-field="score"]').textContent, "30");
  b.root.querySelector('[data-card="10♠"]').click();
  a.root.querySelector('[data-card="10♠"]').click();
  assert.equal(model.sent.filter((m) => m.type === "tap").length, 2);
});

// ---------------------------------------------------------------- other tables, from data

test("Six Rows: 21 places laid out as the snapshot's table says, on a lower board", () => {
  const { q, qa } = mount("six_rows");
  const st = fixture("six_rows");
  const cards = qa(".pyr-pyramid .pyr-card");
  assert.equal(cards.length, 21);
  assert.equal(q(".pyr-board").style.getPropertyValue("--pyr-ratio"), "75 / 53");
  placesOf(st.table).forEach((place, i) => {
    const box = cardBox(place, st.table);
    assert.deepEqual([cards[i].style.left, cards[i].style.top].map(parseFloat), [box.left, box.top].map(parseFloat), `place ${i}`);
  });
  const free = cards.filter((c) => c.dataset.free === "true").map((c) => c.dataset.card);
  assert.deepEqual(free, st.pyramid.slice(15).map((entry) => entry.card), "the bottom row of 6 is free");
  assert.equal(q('[data-pile="waste"]').dataset.count, "0");
});

test("a new game on another table builds its places anew; the same table updates in place", () => {
  const { model, q, qa } = mount();
  const first = q(".pyr-pyramid .pyr-card");
  model.set("_state", fixture("r5_two_moves"));
  assert.equal(q(".pyr-pyramid .pyr-card"), first, "same table: same elements");
  model.set("_state", fixture("six_rows"));
  assert.equal(qa(".pyr-pyramid .pyr-card").length, 21);
  const six = fixture("six_rows").pyramid;
  q(`[data-card="${six[20].card}"]`).click(); // the new places report taps
  assert.deepEqual(model.sent.at(-1), { type: "tap", pile: "pyramid", row: 6, col: 6, card: six[20].card });
  model.set("_state", fixture("r5_start"));
  assert.equal(qa(".pyr-pyramid .pyr-card").length, 28);
  assert.equal(q(".pyr-board").style.getPropertyValue("--pyr-ratio"), "75 / 60");
});

test("Triangle: the widest row on top, the piles in the bottom corners, arrows by position", () => {
  const { q, qa } = mount("triangle");
  const st = fixture("triangle");
  assert.equal(q(".pyr-board").dataset.piles, "bottom");
  const stockAt = cardBox(st.table.piles.stock, st.table);
  assert.deepEqual(
    [parseFloat(q(".pyr-stockbox").style.left), q(".pyr-stockbox").style.top],
    [parseFloat(stockAt.left), stockAt.top],
  );
  assert.equal(q(".pyr-stockbox").style.top, "73.3333%", "in the bottom row's band, not over row 1");
  const cards = qa(".pyr-pyramid .pyr-card");
  assert.deepEqual(cards.filter((c) => c.dataset.free === "true").map((c) => c.dataset.card), [st.pyramid[27].card]);
  assert.equal(cards[0].dataset.covered, "true", "row 1 lies under row 2");
  assert.equal(cards[27].dataset.covered, undefined, "the single bottom card is whole");
  cards[0].focus();
  const event = new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true, cancelable: true });
  cards[0].dispatchEvent(event);
  assert.equal(document.activeElement, cards[7], "row 2's first card is the nearest below (1, 1)");
});

test("Spanish deck: numbers as indices in either index set, the suits' own colours", () => {
  const { model, q } = mount("spanish");
  const st = fixture("spanish");
  const cardOf = (suit) => st.pyramid.find((e) => e.card.endsWith(suit)).card;
  const espadas = q(`[data-card="${cardOf("E")}"]`);
  assert.equal(espadas.dataset.colour, "blue");
  assert.ok(!espadas.classList.contains("pyr-red"));
  assert.ok(q(`[data-card="${cardOf("C")}"]`).classList.contains("pyr-red"), "copas are red");
  const rey = st.pyramid.find((e) => e.card.startsWith("12")).card;
  assert.equal(q(`[data-card="${rey}"] .pyr-rank`).textContent, "12");
  model.set("_state", { ...st, options: { ...st.options, french_indices: true } });
  assert.equal(q(`[data-card="${rey}"] .pyr-rank`).textContent, "12", "no R/D/V on Spanish cards");
});

test("Face-down: covered cards are backs that no reader and no arrow key reaches; a tap sends the place alone", () => {
  const { model, view, q, qa } = mount("face_down");
  const backs = qa('.pyr-pyramid [data-face-down="true"]');
  assert.equal(backs.length, 21);
  for (const back of backs) {
    assert.ok(!back.hidden);
    assert.equal(back.dataset.card, undefined);
    assert.equal(back.getAttribute("aria-hidden"), "true");
  }
  const before = model.sent.length;
  backs[0].click();
  assert.equal(model.sent.length, before + 1);
  assert.deepEqual(model.sent.at(-1), { type: "tap", pile: "pyramid", row: 1, col: 1 }, "the place, never a card");
  assert.equal(qa(".pyr-pyramid [data-card]").length, 7);
  const bottom = view.cards[21];
  bottom.el.focus();
  bottom.el.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true, cancelable: true }));
  assert.equal(document.activeElement, q('[data-pile="stock"]'), "no face-up card above: past the backs, to the stock");
});

test("Face-down: a card turned face down again (an undo) keeps nothing of its face", () => {
  const { model, view } = mount("face_down");
  const st = fixture("face_down");
  const red = st.pyramid[21]; // 5♦, free on the bottom row
  const faceUp = st.pyramid.map((entry, i) => (i === 0 ? red : i === 21 ? null : entry));
  model.set("_state", { ...st, pyramid: faceUp });
  const top = view.cards[0].el;
  assert.equal(top.dataset.card, red.card, "face up, the card shows");
  assert.ok(top.classList.contains("pyr-red"));
  model.set("_state", st);
  assert.equal(top.dataset.faceDown, "true");
  assert.equal(top.textContent, "", "no rank or suit left in the back");
  assert.ok(!top.classList.contains("pyr-red"));
  for (const name of ["data-card", "data-colour", "aria-label", "aria-pressed"]) {
    assert.equal(top.getAttribute(name), null, name);
  }
});

test("the stock face up: its cards in order under the board, with the chosen indices", () => {
  const { model, q, qa } = mount("stock_face_up");
  const st = fixture("stock_face_up");
  const list = q('[data-field="stock-order"]');
  assert.ok(!list.hidden);
  assert.deepEqual(qa('[data-field="stock-order"] li').map((li) => li.dataset.card), st.stock_cards);
  const queen = st.stock_cards.find((c) => c.startsWith("Q"));
  assert.equal(q(`[data-field="stock-order"] [data-card="${queen}"]`).textContent, queen);
  model.set("_state", { ...st, options: { ...st.options, french_indices: true } });
  assert.equal(q(`[data-field="stock-order"] [data-card="${queen}"]`).textContent, `D${queen.slice(-1)}`);
  model.set("_state", fixture("r5_start"));
  assert.ok(list.hidden, "the standard game keeps its stock face down");
  assert.equal(list.children.length, 0);
});

// ---------------------------------------------------------------- cards that move

test("motions: what a new snapshot moves, for the animations", () => {
  const [start, two, drawn] = ["r5_start", "r5_two_moves", "r5_drawn"].map(fixture);
  const removed = motions(start, two);
  assert.deepEqual(
    removed.map((m) => [m.kind, m.card, m.index]),
    [["removed", "10♣", 22], ["removed", "3♠", 25], ["removed", "K♦", 26]],
  );
  assert.deepEqual(motions(two, start).map((m) => [m.kind, m.card]), [["returned", "10♣"], ["returned", "3♠"], ["returned", "K♦"]]);
  const drawnTop = drawn.piles.find((p) => p.id === "waste").cards.at(-1);
  assert.deepEqual(motions(start, drawn), [{ kind: "drawn", card: drawnTop, pile: "waste" }]);
  assert.deepEqual(motions(drawn, start), [{ kind: "stocked", card: drawnTop, pile: "waste" }]);
  assert.deepEqual(motions(start, start), []);
  assert.deepEqual(motions(null, start), [], "a first drawing moves nothing");
  assert.deepEqual(motions(start, fixture("six_rows")), [], "nor does a new table");
  // A face-down card turning face up is not a card coming back.
  const down = fixture("face_down");
  const up = { ...down, pyramid: down.pyramid.map((e, i) => (i === 15 ? { card: "A♣", free: false } : e)) };
  assert.deepEqual(motions(down, up), []);
});

test("a press that moves is a drag: the drop sends the taps, and its click is not a tap", () => {
  const { model, q } = mount();
  const ten = q('[data-card="10♣"]');
  const three = q('[data-card="3♠"]');
  document.elementsFromPoint = () => [three, q(".pyr-pyramid"), q(".pyr-board")]; // jsdom has no layout
  const pointer = (target, type, x, y) =>
    target.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: x, clientY: y, button: 0 }));
  try {
    pointer(ten, "pointerdown", 10, 10);
    pointer(ten, "pointermove", 40, 12);
    assert.equal(ten.dataset.dragging, "true");
    assert.equal(ten.style.translate, "30px 2px");
    pointer(ten, "pointerup", 60, 12);
    ten.click(); // the click a browser sends after the pointerup
    assert.deepEqual(model.sent.slice(-2), [
      { type: "tap", pile: "pyramid", row: 7, col: 2, card: "10♣" },
      { type: "tap", pile: "pyramid", row: 7, col: 5, card: "3♠" },
    ]);
    assert.equal(model.sent.length, 2);
    assert.equal(ten.dataset.dragging, undefined);
    assert.equal(ten.style.translate, "");
    // A press that does not move stays a tap.
    pointer(three, "pointerdown", 10, 10);
    pointer(three, "pointermove", 12, 11);
    pointer(three, "pointerup", 12, 11);
    assert.equal(three.dataset.dragging, undefined);
    assert.equal(model.sent.length, 2);
  } finally {
    delete document.elementsFromPoint;
  }
});

test("a drop with another card selected deselects it first; onto the selected card, one tap", () => {
  const { model, q } = mount("r5_sum"); // 7♠ selected
  const pointer = (target, type, x) => target.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: x, clientY: 0, button: 0 }));
  const dragOnto = (source, target) => {
    document.elementsFromPoint = () => [target];
    pointer(source, "pointerdown", 0);
    pointer(source, "pointermove", 50);
    pointer(source, "pointerup", 50);
    delete document.elementsFromPoint;
  };
  const tapOf = (card) => model.sent.filter((m) => m.type === "tap").map((m) => m.card);
  dragOnto(q('[data-card="10♣"]'), q('[data-card="3♠"]'));
  assert.deepEqual(tapOf(), ["7♠", "10♣", "3♠"]);
  model.sent.length = 0;
  dragOnto(q('[data-card="7♠"]'), q('[data-card="K♦"]'));
  assert.deepEqual(tapOf(), ["K♦"], "the dragged card is already selected: only the drop's tap");
});

test("a win raises the celebration flag; a replay or another game lowers it", () => {
  const { model, q } = mount("won");
  assert.equal(q(".pyr-board").dataset.won, "true");
  model.set("_state", fixture("no_moves"));
  assert.equal(q(".pyr-board").dataset.won, undefined);
  model.set("_state", fixture("r5_replay"));
  assert.equal(q(".pyr-board").dataset.won, undefined);
});

test("keyboard: the arrow keys reach the stock like a pile, and Enter on it draws", () => {
  const { model, view, q } = mount();
  const key = (k) => {
    const event = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true });
    document.activeElement.dispatchEvent(event);
    return event.defaultPrevented;
  };
  const apex = view.cards.find((c) => c.row === 1);
  apex.el.focus();
  assert.equal(key("ArrowLeft"), true);
  assert.equal(document.activeElement, q('[data-pile="waste"] .pyr-card'), "left of the apex: the waste");
  key("ArrowLeft");
  assert.equal(document.activeElement, q('[data-pile="stock"]'), "beside it, the stock in its corner");
  key("Enter");
  assert.deepEqual(model.sent.at(-1), { type: "tap", pile: "stock" });
  key("ArrowRight");
  key("ArrowRight");
  assert.equal(document.activeElement, apex.el, "and back");
  assert.equal(view.cards.filter((c) => c.el.tabIndex === 0).length, 1, "the tableau keeps one tab stop");
  assert.equal(q('[data-pile="waste"] .pyr-card').tabIndex, 0, "and the piles theirs");
});

// ---------------------------------------------------------------- the card art and the help

/** A deck's art as Python sends it (the `_art` trait), for three cards: a sprite of symbols. */
const ART = {
  palette: ".pyr-root{--pw-felt:#123456}",
  back: "pw-back",
  decks: {
    French: {
      sprite: '<svg data-deck="French"><defs><symbol id="pw-fr-KD"></symbol><symbol id="pw-fr-QC-top"></symbol></defs></svg>',
      faces: { "K♦": ["pw-fr-KD", "pw-fr-KD-top"], "Q♣": ["pw-fr-QC", "pw-fr-QC-top"], "7♦": ["pw-fr-7D", "pw-fr-7D-top"] },
    },
  },
};

test("with the art, a card is a use of its face in the sprite; a covered card its top; a back the back", () => {
  const model = new FakeModel(fixture("face_down"), fixture("text_en"));
  model.data._art = ART;
  const view = createView(el, model);
  views.push(view);
  const q = (sel) => el.querySelector(sel);
  const host = document.getElementById("pyr-art");
  assert.equal(host.parentElement, document.body, "in the page, not in an output");
  assert.ok(host.querySelector("[data-deck='French']"), "the deck's sprite");
  assert.equal(host.querySelector("style").textContent, ART.palette, "the palette's properties");
  const back = q('.pyr-pyramid [data-face-down="true"]');
  assert.equal(back.querySelector(".pyr-art use").getAttribute("href"), "#pw-back");
  model.set("_state", fixture("r5_start"));
  assert.equal(q('[data-card="K♦"] .pyr-art use').getAttribute("href"), "#pw-fr-KD");
  assert.equal(q('[data-card="Q♣"] .pyr-art use').getAttribute("href"), "#pw-fr-QC-top", "covered: its upper half");
  assert.ok(q('[data-card="K♦"]').classList.contains("pyr-has-art"));
  assert.equal(q('[data-card="10♣"] .pyr-art'), null, "a card the art does not name keeps the drawn face");
  model.set("_art", ART);
  const other = createView(el, model);
  views.push(other);
  assert.equal(host.querySelectorAll("svg").length, 1, "a deck's sprite is put in the page once");
});

test("the free cards' light is a display option: off, the board draws them like any other", () => {
  const { model, view, q } = mount();
  assert.equal(view.root.dataset.freeHelp, undefined);
  assert.equal(view.optHighlight.checked, true, "on by default");
  const start = fixture("r5_start");
  model.set("_state", { ...start, options: { ...start.options, highlight_free: false } });
  assert.equal(view.root.dataset.freeHelp, "off");
  assert.equal(view.optHighlight.checked, false);
  assert.equal(q('[data-card="K♦"]').dataset.free, "true", "the rules' answer is still there for readers");
  view.optHighlight.checked = true;
  view.optHighlight.dispatchEvent(new Event("change"));
  assert.deepEqual(model.sent.at(-1), { type: "option", name: "highlight_free", value: true });
});
