// Unit tests of the front end's helpers: a card as shown, times and words, the table's layout
// from its entry (fixtures made by the real Python side, tests/widget_fixtures.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./view_setup.js";
import { parseCard } from "../src/cards.js";
import { roomForTable } from "../src/fit.js";
import { cardBox, fitBoardWidth, placesOf } from "../src/layout.js";
import { fill, formatTime } from "../src/utils/format.js";

test("helpers: card parsing, time, placeholders, geometry", () => {
  const table = fixture("r5_start").table;
  assert.deepEqual(parseCard("10♦", table.deck), { rank: "10", suit: "♦", red: true, colour: "red" });
  assert.deepEqual(parseCard("K♠", table.deck), { rank: "K", suit: "♠", red: false, colour: "black" });
  assert.deepEqual(parseCard("Q♥", table.deck, "fr"), { rank: "D", suit: "♥", red: true, colour: "red" });
  const spanish = fixture("spanish").table.deck;
  assert.deepEqual(parseCard("12E", spanish), { rank: "12", suit: "E", red: false, colour: "blue" });
  assert.equal(formatTime(0), "0:00");
  assert.equal(formatTime(65.9), "1:05");
  assert.equal(formatTime(3725), "1:02:05");
  assert.equal(fill("Step {index} of {length}", { index: 2, length: 9 }), "Step 2 of 9");
  const places = placesOf(table);
  assert.deepEqual(places[27], { row: 7, col: 7, x: 64, y: 44, covered_by: [] });
  assert.deepEqual(cardBox(places[0], table), { left: "43.3333%", top: "3.3333%" });
  assert.deepEqual(cardBox(places[27], table), { left: "85.3333%", top: "73.3333%" }); // its bottom is the board's less 2
});

test("the board's width for a height: the board and the rest fit, down to 280 px", () => {
  const table = fixture("r5_start").table; // 75 x 60 units
  assert.equal(fitBoardWidth(560, 80, table, 1000), 600); // 480 px of board
  assert.equal(fitBoardWidth(560.9, 80, table, 1000), 601); // whole pixels, rounded down: never a scroll bar
  assert.equal(fitBoardWidth(320, 80, table, 1000), 300);
  assert.equal(fitBoardWidth(200, 80, table, 1000), 280); // a very low screen: legible cards first
  assert.equal(fitBoardWidth(560, 80, fixture("six_rows").table, 1000), 679); // 75 x 53 units: lower
  // A tall room: 8.75 cards across the cell at least (a board of 7.5 cards, 86% of it).
  assert.equal(fitBoardWidth(1560, 80, table, 1000), 857);
});

test("a count of cards takes the word of its plural form in each language (1 card, 2 karty, 5 kart)", () => {
  const en = "{n} {n|one:card|other:cards} in the waste";
  assert.deepEqual([1, 2].map((n) => fill(en, { n }, "en")), ["1 card in the waste", "2 cards in the waste"]);
  const sk = "{n} {n|one:karta|few:karty|other:kariet}";
  assert.deepEqual([1, 3, 5, 0].map((n) => fill(sk, { n }, "sk")), ["1 karta", "3 karty", "5 kariet", "0 kariet"]);
  const pl = "{n} {n|one:karta|few:karty|many:kart|other:karty}";
  assert.deepEqual([1, 2, 5, 22, 12].map((n) => fill(pl, { n }, "pl")), ["1 karta", "2 karty", "5 kart", "22 karty", "12 kart"]);
  assert.equal(fill("{n} lá", { n: 1 }, "vi"), "1 lá");
});

test("fit: what sits above the table in its cell keeps its place up to a quarter of the screen", () => {
  assert.equal(roomForTable(720, 60), 656); // the code of a cell: the table fits below it
  assert.equal(roomForTable(720, 180), 536); // a quarter: still kept
  assert.equal(roomForTable(720, 5000), 536); // far down a long output: the table still fits the screen
  assert.equal(roomForTable(720, 0), 716);
});
