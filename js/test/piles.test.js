// Unit tests of a game's other piles in the front end (issue 14: waste piles, a reserve, a
// cell, columns), in jsdom. The front end knows no game: it draws the snapshot's `piles` where
// the table entry's `piles.places` puts them and reports taps as a pile id and a depth.
import { test } from "node:test";
import assert from "node:assert/strict";
import { el, fixture, mount } from "./view_setup.js";
import { nearestInDirection } from "../src/board/keys.js";
import { motions } from "../src/board/motion.js";
import { arranged, cardBox, chooseArrangement, pileCardAt } from "../src/layout.js";

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

test("the standard game's one pile is its waste, drawn like any other pile beside the stock", () => {
  const { q, qa } = mount(fixture("r5_start"));
  assert.deepEqual(qa(".pyr-piles > .pyr-slot").map((slot) => slot.dataset.pile), ["waste"]);
  assert.equal(q(".pyr-stockbox").hidden, false);
  const waste = q('[data-pile="waste"]');
  assert.equal(waste.getAttribute("aria-label"), "1 card in the waste", "its count, said, in the right number");
  assert.equal(waste.querySelector(".pyr-count").textContent, "1", "written though it shows its one card");
  assert.equal(waste.querySelector(".pyr-empty").tagName, "SPAN", "an empty waste is an outline, not a button");
  for (const name of ["r5_start", "apophis", "cell"]) {
    const { view } = mount(fixture(name));
    const names = [...view.root.querySelectorAll(".pyr-board [data-card]")].map((c) => c.dataset.card);
    assert.equal(new Set(names).size, names.length, `${name}: no card drawn twice`);
  }
});

// Until the engine deals these games, a standard snapshot with piles added in the format of
// engine/view/snapshot.py (a column of three below the pyramid, a cell and a waste pile beside
// the stock).
function withPiles(base = fixture("r5_start")) {
  const table = {
    ...base.table,
    height: 90,
    piles: {
      ...base.table.piles,
      places: [
        { id: "waste-1", kind: "waste", area: "talon", x: 68, y: 2, fan: 0, count: "always", empty: "outline" },
        { id: "cell", kind: "cell", area: "talon", x: 68, y: 20, fan: 0, count: "hidden", empty: "button" },
        { id: "column-1", kind: "column", area: "below", x: 2, y: 62, fan: 4, count: "hidden", empty: "button" },
        { id: "column-2", kind: "column", area: "below", x: 13, y: 62, fan: 4, count: "hidden", empty: "button" },
      ],
    },
  };
  const piles = [
    { id: "waste-1", kind: "waste", number: 1, count: 5, cards: ["9♥"], free: [0], selectable: [0] },
    { id: "cell", kind: "cell", number: 1, count: 0, cards: [], free: [], selectable: [] },
    { id: "column-1", kind: "column", number: 1, count: 3, cards: ["2♣", "3♦", "K♠"], free: [2], selectable: [2] },
    { id: "column-2", kind: "column", number: 2, count: 2, cards: ["5♣", "8♦"], free: [1], selectable: [1] },
  ];
  return { ...base, table, piles };
}

test("each pile where the table puts it: a column fanned down, a waste pile squared with its count", () => {
  const st = withPiles();
  const { q, qa } = mount(st);
  const column = qa('.pyr-piles .pyr-card[data-card]').filter((c) => ["2♣", "3♦", "K♠"].includes(c.dataset.card));
  assert.deepEqual(column.map((c) => c.dataset.card), ["2♣", "3♦", "K♠"]);
  column.forEach((c, i) => {
    const at = cardBox({ x: 2, y: 62 + 4 * i }, st.table);
    assert.deepEqual([parseFloat(c.style.left), parseFloat(c.style.top)], [parseFloat(at.left), parseFloat(at.top)]);
  });
  assert.deepEqual(column.map((c) => c.dataset.covered ?? null), ["true", "true", null], "only the exposed card shows whole");
  assert.deepEqual(column.map((c) => c.dataset.free), ["false", "false", "true"], "the free border from the snapshot");
  assert.equal(Number(column[2].style.zIndex) > Number(column[1].style.zIndex), true, "each card lies on the one before");
  const waste = q('.pyr-slot[data-pile="waste-1"]');
  assert.equal(waste.getAttribute("aria-label"), "Waste pile 1");
  assert.equal(waste.querySelector(".pyr-count").textContent, "5", "it holds five, shows one");
  assert.equal(q('.pyr-piles [data-card="9♥"]').getAttribute("aria-label"), "nine of hearts, free");
  const cell = q('.pyr-slot[data-pile="cell"] .pyr-empty');
  assert.equal(cell.hidden, false);
  assert.equal(cell.textContent, "Free cell");
  assert.equal(q('[data-pile="waste"]'), null, "no pile is the waste: none is drawn beside the stock");
  assert.equal(q(".pyr-stockbox").hidden, false);
});

test("taps on pile cards send the pile's id and the card's depth; an empty pile's outline its id", () => {
  const { model, q } = mount(withPiles());
  q('.pyr-piles [data-card="K♠"]').click();
  q('.pyr-piles [data-card="3♦"]').click();
  q('.pyr-slot[data-pile="cell"] .pyr-empty').click();
  q('.pyr-piles [data-card="9♥"]').click();
  assert.deepEqual(model.sent, [
    { type: "tap", pile: "column-1", row: 1, card: "K♠" },
    { type: "tap", pile: "column-1", row: 2, card: "3♦" },
    { type: "tap", pile: "cell", row: 1 },
    { type: "tap", pile: "waste-1", row: 1, card: "9♥" },
  ]);
  model.set("_state", { ...withPiles(), mode: "replay", replay: { index: 0, length: 3, action: null } });
  q('.pyr-piles [data-card="K♠"]').click();
  q('.pyr-slot[data-pile="cell"] .pyr-empty').click();
  assert.equal(model.sent.length, 4, "nothing is sent during a replay");
});

test("a selected pile card, and several at once where the snapshot selects a set", () => {
  // The engine sends both: `selected` (the last tapped) and `selection` (every selected place).
  const { model, q } = mount({ ...withPiles(), selected: { pile: "column-1", row: 1 }, selection: [{ pile: "column-1", row: 1 }] });
  const selected = () => [...el.querySelectorAll('.pyr-card[data-selected="true"]')].map((c) => c.dataset.card);
  assert.deepEqual(selected(), ["K♠"]);
  model.set("_state", {
    ...withPiles(),
    selected: { pile: "cell", row: 1 },
    selection: [{ pile: "column-2", row: 1 }, { pile: "waste-1", row: 1 }, { pile: "pyramid", row: 7, col: 1 }],
  });
  assert.deepEqual(selected().sort(), ["7♣", "8♦", "9♥"].sort());
  assert.equal(q('.pyr-piles [data-card="8♦"]').getAttribute("aria-pressed"), "true");
});

test("arrow keys reach every pile: down from the pyramid, across the columns, up and back", () => {
  const { model, view } = mount(withPiles());
  const bottomLeft = view.cards.find((c) => c.row === 7 && c.col === 1);
  bottomLeft.el.focus();
  assert.equal(key("ArrowDown"), true);
  assert.equal(document.activeElement.dataset.card, "2♣", "the nearest card below the pyramid's corner");
  key("End");
  assert.equal(document.activeElement.dataset.card, "K♠", "End: the pile's exposed card");
  key("ArrowRight");
  assert.equal(document.activeElement.dataset.card, "8♦", "the next column");
  key("ArrowUp");
  key("ArrowUp");
  assert.equal(document.activeElement.closest(".pyr-pyramid") !== null, true, "back in the pyramid");
  // From the pyramid's right end, the piles beside it.
  view.cards.find((c) => c.row === 1).el.focus();
  key("ArrowRight");
  assert.equal(document.activeElement.dataset.card, "9♥");
  key("ArrowDown");
  assert.equal(document.activeElement.closest(".pyr-slot").dataset.pile, "cell", "an empty pile's outline: a place to put a card");
  assert.equal(key("Enter"), true);
  assert.deepEqual(model.sent.at(-1), { type: "tap", pile: "cell", row: 1 }, "Enter taps it");
  key("ArrowUp");
  assert.equal(document.activeElement.dataset.card, "9♥");
  // One tab stop among the piles.
  assert.equal(view.board.piles.cards().filter((c) => c.el.tabIndex === 0).length, 1);
});

test("a table without a stock draws none; a removed pile card leaves the keyboard on the next", () => {
  const st = withPiles();
  const giza = { ...st, table: { ...st.table, piles: { ...st.table.piles, stock: null, waste: null } } };
  const { model, q } = mount(giza);
  assert.equal(q(".pyr-stockbox").hidden, true);
  q('.pyr-piles [data-card="K♠"]').focus();
  const piles = giza.piles.map((p) => (p.id === "column-1" ? { ...p, count: 2, cards: ["2♣", "3♦"], free: [1], selectable: [1] } : p));
  model.set("_state", { ...giza, piles });
  assert.equal(q('.pyr-piles [data-card="K♠"]'), null);
  assert.equal(document.activeElement.dataset.card, "3♦", "the card it uncovered, now exposed");
  assert.equal(document.activeElement.dataset.covered, undefined);
});

test("a card removed on a table without a stock or waste animates (nothing slides to a stock)", () => {
  const st = withPiles();
  const giza = { ...st, table: { ...st.table, piles: { ...st.table.piles, stock: null, waste: null } } };
  const ran = [];
  HTMLElement.prototype.animate = function animate(frames) {
    ran.push(frames);
    return {};
  };
  try {
    const { model, q } = mount(giza);
    ran.length = 0; // the deal's own cards came in from the discard pile's corner
    const pyramid = giza.pyramid.map((e, i) => (i === 27 ? null : e)); // the bottom row's last card goes
    model.set("_state", { ...giza, pyramid, moves: 1 });
    assert.equal(q(`.pyr-pyramid [data-card="${giza.pyramid[27].card}"]`), null);
    assert.equal(ran.length, 1, "the removed card fades out");
  } finally {
    delete HTMLElement.prototype.animate;
  }
});

// ------------------------------------------------------------- the five games, from the engine
// Fixtures made by tests/widget_fixtures.py from PY1-X-AAAAAAS under each table.

/** The ids of the piles drawn, in the page's order. */
const slotIds = () => [...el.querySelectorAll(".pyr-slot")].filter((slot) => !slot.hidden).map((slot) => slot.dataset.pile);

test("Giza: eight columns of three beside the pyramid, each exposed card free, no stock (A4)", () => {
  const st = fixture("giza");
  const { q, qa } = mount(st);
  assert.equal(q(".pyr-stockbox").hidden, true);
  assert.deepEqual(slotIds(), st.piles.map((p) => p.id));
  const [left, right] = [Math.min(...st.table.places.x), Math.max(...st.table.places.x) + st.table.card.width];
  for (const pile of st.piles) {
    const place = st.table.piles.places.find((p) => p.id === pile.id);
    assert.ok(place.x + st.table.card.width < left || place.x > right, `${pile.id} stands beside the pyramid`);
    const cards = pile.cards.map((c) => q(`.pyr-piles [data-card="${c}"]`));
    assert.deepEqual(cards.map((c) => c.dataset.free), pile.cards.map((_, i) => String(pile.free.includes(i))));
    assert.deepEqual(cards.map((c) => parseFloat(c.style.top)), pile.cards.map((_, i) => parseFloat(cardBox({ x: place.x, y: place.y + i * place.fan }, st.table).top)));
  }
  assert.equal(qa('.pyr-piles .pyr-card[data-free="true"]').length, 8);
});

test("Reserve: seven face-up cards beside the pyramid, each free (A2)", () => {
  const st = fixture("reserve");
  const { q, qa } = mount(st);
  const reserve = st.piles.filter((p) => p.kind === "reserve");
  assert.equal(reserve.length, 7);
  const bottom = Math.max(...st.table.places.y) + st.table.card.height;
  const lowest = Math.max(...reserve.map((p) => st.table.piles.places.find((place) => place.id === p.id).y));
  assert.equal(lowest + st.table.card.height, bottom, "level with the pyramid's bottom row");
  assert.deepEqual(
    qa('.pyr-piles .pyr-card[data-free="true"]').map((c) => c.dataset.card),
    reserve.map((p) => p.cards[0]),
  );
  assert.equal(q('.pyr-slot[data-pile="reserve-3"]').getAttribute("aria-label"), "Reserve 3");
  assert.equal(q('[data-pile="waste"]').hidden, false, "the waste beside the stock, as in the standard game");
});

test("Apophis: three waste piles side by side, each top free; a tap sends the pile's id (A1)", () => {
  const st = fixture("apophis");
  const { model, q } = mount(st);
  assert.equal(q('[data-pile="waste"]'), null);
  const wastes = st.piles.filter((p) => p.kind === "waste");
  assert.equal(wastes.length, 3);
  const places = wastes.map((p) => st.table.piles.places.find((place) => place.id === p.id));
  assert.equal(new Set(places.map((p) => p.y)).size, 1, "side by side");
  for (const pile of wastes) {
    const el = q(`.pyr-piles [data-card="${pile.cards.at(-1)}"]`);
    assert.equal(el.dataset.free, "true");
    el.click();
    assert.deepEqual(model.sent.at(-1), { type: "tap", pile: pile.id, row: 1, card: pile.cards.at(-1) });
  }
});

test("Cell: the card in the cell is free and named; the waste beside the stock (A3)", () => {
  const st = fixture("cell");
  const { model, q } = mount(st);
  const cell = st.piles.find((p) => p.kind === "cell");
  const el = q(`.pyr-piles [data-card="${cell.cards[0]}"]`);
  assert.equal(el.dataset.free, "true");
  assert.equal(q('.pyr-slot[data-pile="cell"] .pyr-empty').hidden, true, "taken: no outline");
  assert.equal(q('.pyr-slot[data-pile="cell"]').getAttribute("aria-label"), "Free cell");
  el.click();
  assert.deepEqual(model.sent.at(-1), { type: "tap", pile: "cell", row: 1, card: cell.cards[0] });
  // The waste's top, drawn beside the stock: the arrow keys go from one to the other.
  const wasteTop = st.piles.find((p) => p.id === "waste").cards.at(-1);
  q(`[data-pile="waste"] [data-card="${wasteTop}"]`).focus();
  key("ArrowLeft");
  assert.equal(document.activeElement, q('[data-pile="stock"]'));
  key("ArrowRight");
  assert.equal(document.activeElement.dataset.card, wasteTop);
});

test("Tut's Tomb: every card of the selection is marked selected (A5)", () => {
  const st = fixture("tuts_tomb");
  const { qa } = mount(st);
  assert.equal(st.selection.length, 2);
  const selected = qa('.pyr-card[data-selected="true"]').map((c) => c.dataset.card);
  const expected = st.selection.map((p) => st.pyramid[st.table.places.row.findIndex((r, i) => r === p.row && st.table.places.col[i] === p.col)].card);
  assert.deepEqual(selected.sort(), expected.sort());
});

test("a pile's card dragged onto a pyramid card: the drop sends both taps (Giza, A4)", () => {
  const st = fixture("giza");
  const { model, q } = mount(st);
  // A column's exposed card and a free pyramid card that make the pair sum, found in the snapshot.
  const ranks = st.table.deck.ranks.en; // rank 1 first; the highest is the pair sum
  const rank = (c) => ranks.indexOf(c.slice(0, -1)) + 1;
  const sum = st.table.target;
  let pair = null;
  for (const pile of st.piles) {
    const top = pile.cards.at(-1);
    const partner = st.pyramid.find((e) => e && e.free && rank(e.card) + rank(top) === sum);
    if (partner) pair = { pile, top, partner: partner.card };
  }
  assert.ok(pair, "the deal has such a pair");
  const from = q(`.pyr-piles [data-card="${pair.top}"]`);
  const onto = q(`.pyr-pyramid [data-card="${pair.partner}"]`);
  document.elementsFromPoint = () => [onto, q(".pyr-pyramid"), q(".pyr-board")]; // jsdom has no layout
  const pointer = (el, type, x) => el.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: x, clientY: 10, button: 0 }));
  try {
    pointer(from, "pointerdown", 10);
    pointer(from, "pointermove", 60);
    pointer(from, "pointerup", 80);
    from.click();
    const index = st.pyramid.findIndex((e) => e && e.card === pair.partner);
    assert.deepEqual(model.sent, [
      { type: "tap", pile: pair.pile.id, row: 1, card: pair.top },
      { type: "tap", pile: "pyramid", row: st.table.places.row[index], col: st.table.places.col[index], card: pair.partner },
    ]);
  } finally {
    delete document.elementsFromPoint;
  }
});

test("motions: a pile card that leaves the table fades where it lay; one moved into the cell does not", () => {
  const giza = fixture("giza");
  const column = giza.piles[0];
  const after = {
    ...giza,
    piles: giza.piles.map((p) => (p === column ? { ...p, count: 2, cards: p.cards.slice(0, 2), free: [1], selectable: [1] } : p)),
  };
  const place = giza.table.piles.places.find((p) => p.id === column.id);
  assert.deepEqual(motions(giza, after), [
    { kind: "removed", card: column.cards[2], pile: column.id, at: { x: place.x, y: place.y + 2 * place.fan } },
  ]);
  assert.deepEqual(pileCardAt(place, 2, 3, giza.table), { x: place.x, y: place.y + 2 * place.fan });
  // A waste pile lies beside the stock: a card beneath its top shows on the place, the top a
  // step to the right, away from the stock.
  const waste = fixture("r5_start").table.piles.places.find((p) => p.id === "waste");
  assert.equal(pileCardAt(waste, 0, 2, giza.table).x, waste.x);
  assert.ok(pileCardAt(waste, 1, 2, giza.table).x > waste.x);
  assert.deepEqual(pileCardAt(waste, 0, 2, giza.table), { x: waste.x, y: waste.y });
  // Three shown (Tut's Tomb): each a step to the right, the top no further than half a card.
  const steps = [0, 1, 2].map((i) => pileCardAt(waste, i, 3, giza.table).x - waste.x);
  assert.ok(steps[0] === 0 && steps[1] > 0 && steps[2] > steps[1], String(steps));
  assert.ok(steps[2] <= giza.table.card.width / 2 + 1e-9, String(steps));
  // Cell: its card came from the pyramid (the fixture's 3♦ in the cell): moved, not removed.
  const cell = fixture("cell");
  const card = cell.piles.find((p) => p.id === "cell").cards[0];
  const index = cell.pyramid.findIndex((e) => e === null);
  const before = {
    ...cell,
    pyramid: cell.pyramid.map((e, i) => (i === index ? { card, free: true, selectable: true } : e)),
    piles: cell.piles.map((p) => (p.id === "cell" ? { ...p, count: 0, cards: [], free: [], selectable: [] } : p)),
  };
  assert.deepEqual(motions(before, cell), []);
  // A draw onto a waste pile covers its top: nothing removed (Apophis).
  const apophis = fixture("apophis");
  const drawn = { ...apophis, piles: apophis.piles.map((p) => ({ ...p, count: p.count + 1, cards: ["2♥"] })) };
  assert.deepEqual(motions(apophis, drawn).filter((m) => m.kind === "removed"), []);
});

test("motions: every pile alike, the waste included: dealt onto from the stock, turned back, removed, returned", () => {
  // Apophis: a draw deals one card onto each of its three waste piles.
  const apophis = fixture("apophis");
  const shown = new Set([...apophis.pyramid.map((e) => e && e.card), ...apophis.piles.flatMap((p) => p.cards)]);
  const deck = Object.keys(apophis.table.deck.suits).flatMap((suit) => apophis.table.deck.ranks.en.map((rank) => rank + suit));
  const dealt = deck.filter((c) => !shown.has(c)).slice(0, 3); // three cards of the stock
  const drawn = {
    ...apophis,
    stock: { ...apophis.stock, count: apophis.stock.count - 3 },
    piles: apophis.piles.map((p, i) => ({ ...p, count: p.count + 1, cards: [dealt[i]] })),
  };
  assert.deepEqual(motions(apophis, drawn), ["waste-1", "waste-2", "waste-3"].map((pile, i) => ({ kind: "drawn", card: dealt[i], pile })));
  assert.deepEqual(motions(drawn, apophis).map((m) => [m.kind, m.pile]), [["stocked", "waste-1"], ["stocked", "waste-2"], ["stocked", "waste-3"]]);
  // The standard waste's top paired away fades where it lay; undone, it comes back.
  const start = fixture("r5_start");
  const waste = start.piles.find((p) => p.id === "waste");
  const place = start.table.piles.places.find((p) => p.id === "waste");
  const taken = { ...start, piles: [{ ...waste, count: 0, cards: [], free: [], selectable: [] }] };
  assert.deepEqual(motions(start, taken), [{ kind: "removed", card: waste.cards[0], pile: "waste", at: { x: place.x, y: place.y } }]);
  assert.deepEqual(motions(taken, start), [{ kind: "returned", card: waste.cards[0], pile: "waste" }]);
});

test("a tall room gets the tall arrangement where it gives larger cards, a wide one the side blocks", () => {
  const giza = fixture("giza").table;
  const tall = arranged(giza, "tall");
  assert.equal(arranged(giza, "wide"), giza);
  assert.deepEqual([tall.width, tall.height], [giza.tall.width, giza.tall.height]);
  assert.deepEqual(tall.places.x, giza.tall.x);
  assert.deepEqual(tall.places.row, giza.places.row, "the same places, elsewhere");
  const column = tall.piles.places.find((p) => p.id === "column-1");
  assert.deepEqual([column.x, column.y, column.fan], [giza.tall.piles["column-1"].x, giza.tall.piles["column-1"].y, giza.piles.places[0].fan]);
  assert.equal(chooseArrangement(giza, 500, 848), "wide", "a laptop's notebook: the piles beside");
  assert.equal(chooseArrangement(giza, 880, 1108), "tall", "Notebook 7 on a tall screen: below");
  const standard = fixture("r5_start").table;
  assert.equal(chooseArrangement(standard, 880, 1108), "wide", "a table without dealt piles has one");
  assert.equal(arranged(standard, "tall"), standard);
});

test("a view draws the arrangement it is given, and moves nothing when it changes", () => {
  const { view, q } = mount(fixture("giza"));
  const first = q('[data-pile="column-1"] .pyr-card').style.top;
  view.arrangement = "tall";
  view.render();
  const st = fixture("giza");
  const place = arranged(st.table, "tall").piles.places.find((p) => p.id === "column-1");
  assert.equal(parseFloat(q('[data-pile="column-1"] .pyr-card').style.top), parseFloat(cardBox(place, arranged(st.table, "tall")).top));
  assert.notEqual(q('[data-pile="column-1"] .pyr-card').style.top, first);
  assert.equal(q(".pyr-board").style.getPropertyValue("--pyr-ratio"), `${st.table.tall.width} / ${st.table.tall.height}`);
});
