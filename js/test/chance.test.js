// Unit tests of the chance to win (chance.js, chance_graph.js) in jsdom: the indicator in the
// status line, its words, and the chance over the game in the Analysis panel.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, mount } from "./view_setup.js";
import { chanceText } from "../src/chance.js";
import { chanceGraph, moveTicks } from "../src/chance_graph.js";
import { fill } from "../src/utils/format.js";

test("the chance indicator: off by default; ticked, it says it measures, then the kernel's number", () => {
  const { model, view, q } = mount("r5_start", "text_en_hint");
  const box = q('[data-field="chance-box"]');
  assert.equal(box.hidden, true, "off by default: nothing spoils the game");
  assert.equal(view.optChance.checked, false);
  assert.equal(view.optChance.closest("label").hidden, false, "offered where the solver is");
  view.optChance.checked = true;
  view.optChance.dispatchEvent(new Event("change"));
  assert.deepEqual(model.sent.at(-1), { type: "option", name: "show_chance", value: true });
  const start = fixture("r5_start");
  model.set("_state", { ...start, options: { ...start.options, show_chance: true } });
  model.set("_work", { chance: true });
  assert.equal(box.hidden, false);
  assert.equal(box.dataset.state, "working");
  assert.equal(q('[data-field="chance"]').textContent, "measuring…");
  assert.equal(box.querySelector(".pyr-label").textContent, "Chance from here");
  model.set("_state", fixture("chance_shown")); // the kernel's measure after a draw
  model.set("_work", {});
  assert.equal(box.dataset.state, "measured");
  const measured = fixture("chance_shown").chance;
  const [rate, low, high] = [measured.rate, measured.low, measured.high].map((v) => Math.round(v * 100));
  assert.equal(q('[data-field="chance"]').textContent, `${rate}% (${low}–${high}%)`);
  // a new move: the kernel drops the number while it measures again; the old one is not shown
  model.set("_state", { ...fixture("chance_shown"), chance: null });
  model.set("_work", { chance: true });
  assert.equal(q('[data-field="chance"]').textContent, "measuring…");
  // not in a replay; a view without the solver offers no box
  model.set("_state", { ...fixture("r5_replay"), options: { ...start.options, show_chance: true } });
  assert.equal(box.hidden, true);
  const other = mount("r5_start", "text_en");
  assert.equal(other.view.optChance.closest("label").hidden, true);
});

test("the chance's words: a range, an exact number, the end of a game", async () => {
    const S = (key, values = {}) => fill(fixture("text_en").strings[key], values);
  assert.equal(chanceText({ rate: 0.3449, low: 0.2812, high: 0.4107, exact: false, final: false }, false, S), "34% (28–41%)");
  assert.equal(chanceText({ rate: 0.25, low: 0.25, high: 0.25, exact: true, final: false }, false, S), "25%");
  // The rate is over the decided layouts; the undecided ones are counted beside it.
  const undecided = { rate: 1, low: 0.97, high: 1, undecided: 1, layouts: 120, exact: false, final: false };
  assert.equal(chanceText(undecided, false, S), "100% (97–100%), 1 of 120 layouts undecided");
  assert.equal(chanceText({ ...undecided, undecided: 0 }, false, S), "100% (97–100%)");
  assert.equal(chanceText({ rate: 1, low: 1, high: 1, exact: true, final: true }, false, S), "100% (won)");
  assert.equal(chanceText({ rate: 0, low: 0, high: 0, exact: true, final: true }, false, S), "0% (lost)");
  assert.equal(chanceText(null, true, S), "measuring…");
  assert.equal(chanceText(null, false, S), "—");
});

test("the chance graph: the curve and its band over x = move, y = 0–100%, the costliest move marked", async () => {
    const review = {
    chance: [0.6, 0.6, 0.55, 0.2, 0.2],
    low: [0.5, 0.5, 0.45, 0.1, 0.1],
    high: [0.7, 0.7, 0.65, 0.3, 0.3],
    top: 1,
    costliest: { index: 3, action: "4♥+9♥", before: 0.55, after: 0.2, cost: 0.4, better: "6♦+7♠" },
  };
  const svg = chanceGraph(review, { move: "move", label: "The chance after each move" });
  const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  assert.equal(svg.getAttribute("aria-label"), "The chance after each move");
  const yTicks = [...svg.querySelectorAll('[data-tick="y"]')];
  assert.deepEqual(yTicks.map((t) => t.textContent), ["0%", "50%", "100%"]);
  const yAt = Object.fromEntries(yTicks.map((t) => [t.textContent, Number(t.getAttribute("y"))]));
  assert.ok(yAt["100%"] < yAt["50%"] && yAt["50%"] < yAt["0%"], "100% at the top");
  assert.deepEqual([...svg.querySelectorAll('[data-tick="x"]')].map((t) => t.textContent), ["0", "1", "2", "3", "4"]);
  assert.equal(svg.querySelector('[data-axis="x"]').textContent, "move");
  const line = svg.querySelector(".pyr-chance-line").getAttribute("points").split(" ").map((p) => p.split(",").map(Number));
  assert.equal(line.length, 5);
  const y = (share) => yAt["0%"] + (yAt["100%"] - yAt["0%"]) * share; // the ticks' scale
  line.forEach(([px, py], i) => {
    assert.ok(Math.abs(py - y(review.chance[i])) < 0.1, `point ${i} at its chance`);
    assert.ok(px >= 0 && px <= width && py >= 0 && py <= height, "inside the graph");
  });
  assert.ok(line.every(([px], i) => i === 0 || px > line[i - 1][0]), "x grows with the move");
  assert.equal(svg.querySelector(".pyr-chance-band").getAttribute("points").split(" ").length, 10);
  const mark = svg.querySelector('[data-field="chance-costliest"]');
  assert.equal(mark.dataset.index, "3");
  const bar = mark.querySelector(".pyr-chance-bar");
  const guide = mark.querySelector(".pyr-chance-guide");
  assert.equal(Number(guide.getAttribute("y1")), yAt["100%"]);
  assert.equal(Number(guide.getAttribute("y2")), yAt["0%"]);
  assert.equal(Number(bar.getAttribute("x1")), line[3][0]);
  assert.ok(Math.abs(Number(bar.getAttribute("y1")) - y(0.55)) < 0.1 && Math.abs(Number(bar.getAttribute("y2")) - y(0.2)) < 0.1);
  assert.equal(mark.querySelector("title").textContent, "3. 4♥+9♥: 55% → 20%");
  assert.equal(chanceGraph({ ...review, costliest: null }, { move: "m", label: "l" }).querySelector(".pyr-chance-costliest"), null);
  // Small chances: the scale's top is Python's (review.top), so the curve is not on the floor.
  const small = chanceGraph({ ...review, chance: [0.05, 0.04, 0.15, 0.02, 0.02], top: 0.2 }, { move: "m", label: "l" });
  const smallTicks = [...small.querySelectorAll('[data-tick="y"]')];
  assert.deepEqual(smallTicks.map((t) => t.textContent), ["0%", "10%", "20%"]);
  const top = Number(smallTicks[2].getAttribute("y"));
  const peak = small.querySelector(".pyr-chance-line").getAttribute("points").split(" ")[2].split(",").map(Number)[1];
  const floor = Number(smallTicks[0].getAttribute("y"));
  assert.ok(Math.abs(peak - (floor + (top - floor) * 0.75)) < 0.1, "15% is three quarters up a 20% scale");
  assert.deepEqual(moveTicks(1), [0, 1]);
  assert.deepEqual(moveTicks(47), [0, 10, 20, 30, 40, 47]);
  assert.deepEqual(moveTicks(41), [0, 10, 20, 30, 41]);
  assert.ok(moveTicks(300).length <= 8);
});

test("analysis: the chance over the game under the verdict, its progress, then the costliest move and the better one", () => {
  const { model, q } = mount("no_hint", "text_en_hint");
  q('.pyr-toolbar [data-action="analysis"]').click();
  const figure = q('[data-field="analysis-chance"]');
  assert.equal(figure.hidden, true, "nothing before the analysis");
  const analysed = fixture("analysed");
  model.set("_state", { ...analysed, chance_review: null });
  model.set("_work", { chance_review: { done: 5, total: 47 } });
  assert.equal(figure.hidden, false);
  assert.equal(figure.dataset.state, "running");
  assert.equal(q('[data-field="analysis-costliest"]').textContent, "Chance over the game… 5 of 47 positions");
  assert.equal(q('[data-field="chance-graph"]'), null);
  model.set("_work", {});
  model.set("_state", analysed);
  assert.equal(figure.dataset.state, "done");
  assert.equal(q(".pyr-chance-caption").textContent, "Chance over the game, from what you could see");
  const graph = q('[data-field="chance-graph"]');
  assert.equal(graph.querySelector(".pyr-chance-line").getAttribute("points").split(" ").length, analysed.chance_review.chance.length);
  const mark = analysed.chance_review.costliest;
  assert.equal(graph.querySelector('[data-field="chance-costliest"]').dataset.index, String(mark.index));
  const said = q('[data-field="analysis-costliest"]');
  assert.equal(said.textContent, `Costliest move: move 1, 4♥+9♥: chance 100% → 0%. Better: ${mark.better}`);
  assert.equal(said.dataset.kind, "costliest");
  // the graph is drawn once per review: a new snapshot with the same review keeps it
  model.set("_state", structuredClone(analysed));
  assert.equal(q('[data-field="chance-graph"]'), graph);
  // a review without a costly move says so
  model.set("_state", { ...analysed, chance_review: { ...analysed.chance_review, costliest: null } });
  assert.equal(q('[data-field="analysis-costliest"]').textContent, "No move cost any chance that a player could have kept.");
});
