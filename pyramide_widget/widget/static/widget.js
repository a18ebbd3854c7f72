// Generated from js/src/ (widget.js and the modules it imports) by `npm run build --prefix js`
// (esbuild, js/build.mjs). Do not edit it here: edit the sources, which carry the comments and
// the types, and build again.

// src/utils/dom.js
var SVG_NS = "http://www.w3.org/2000/svg";
function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === void 0 || value === null || value === false) continue;
    if (key === "class") el.className = String(value);
    else if (key === "text") el.textContent = String(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  if (tag === "input" || tag === "select") el.setAttribute("data-lm-suppress-shortcuts", "true");
  for (const child of children) el.append(child);
  return el;
}
function setAttr(el, name, value) {
  if (value === null || value === void 0 || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else {
    const text = value === true ? "" : String(value);
    if (el.getAttribute(name) !== text) el.setAttribute(name, text);
  }
}
function setText(el, value) {
  const text = String(value);
  if (el.textContent !== text) el.textContent = text;
}
function closest(target, selector) {
  const el = (
    /** @type {Element | null} */
    target
  );
  return el && typeof el.closest === "function" ? el.closest(selector) : null;
}

// src/art.js
function buildArt(el) {
  const isShadow = (node) => node.nodeType === 11 && "host" in node;
  function render(art) {
    if (!art) return;
    place(art, el.isConnected ? el.getRootNode() : el.ownerDocument);
    const win = el.ownerDocument.defaultView;
    let frames = 60;
    const later = () => {
      if (el.isConnected) {
        const tree = el.getRootNode();
        if (isShadow(tree)) place(art, tree);
      } else if (win && --frames > 0) win.requestAnimationFrame(later);
    };
    if (!el.isConnected && win) win.requestAnimationFrame(later);
  }
  function place(art, tree) {
    const page = isShadow(tree) ? tree : el.ownerDocument;
    let host = page.getElementById("pyr-art");
    if (!host) {
      host = h("div", { id: "pyr-art", class: "pyr-sprites", "aria-hidden": "true" }, [h("style")]);
      (isShadow(page) ? page : el.ownerDocument.body).append(host);
    }
    const style = (
      /** @type {HTMLStyleElement} */
      host.firstChild
    );
    if (style.textContent !== art.palette) style.textContent = art.palette;
    for (const [name, deck] of Object.entries(art.decks || {})) {
      if (host.querySelector(`:scope > [data-art-deck="${name}"]`)) continue;
      const sprite = h("div", { "data-art-deck": name });
      sprite.innerHTML = deck.sprite;
      host.append(sprite);
    }
  }
  return { render };
}

// src/layout.js
var MIN_BOARD_PX = 280;
var MIN_CARDS_ACROSS = 8.75;
var pct = (value, total) => `${(value * 100 / total).toFixed(4)}%`;
function placesOf(table) {
  const p = table.places;
  return p.row.map((row, i) => ({ row, col: p.col[i], x: p.x[i], y: p.y[i], covered_by: p.covered_by[i] }));
}
function cardBox(place, table) {
  return { left: pct(place.x, table.width), top: pct(place.y, table.height) };
}
function fitBoardWidth(height, chrome, table, width) {
  const tall = (height - chrome) * table.width / table.height;
  const wide = width * table.width / (MIN_CARDS_ACROSS * table.card.width);
  return Math.max(MIN_BOARD_PX, Math.floor(Math.min(tall, wide)));
}
function arranged(table, kind) {
  const tall = kind === "tall" ? table.tall : void 0;
  if (!tall) return table;
  return {
    ...table,
    width: tall.width,
    height: tall.height,
    places: { ...table.places, x: tall.x, y: tall.y },
    piles: {
      ...table.piles,
      stock: tall.stock,
      discard: tall.discard,
      places: table.piles.places.map((place) => ({ ...place, ...tall.piles[place.id] }))
    }
  };
}
function chooseArrangement(table, height, width) {
  const card = (t) => Math.min(width / t.width, height / t.height, width / (MIN_CARDS_ACROSS * t.card.width));
  return table.tall && card(arranged(table, "tall")) > card(table) * 1.001 ? "tall" : "wide";
}
function pileCardAt(place, index, shown, table) {
  if (place.fan) return { x: place.x, y: place.y + index * place.fan };
  const step = Math.min(0.38, 0.5 / Math.max(1, shown - 1));
  return { x: place.x + index * step * table.card.width, y: place.y };
}
function discardCardAt(place, index, n, table) {
  const step = n > 1 ? 0.12 : 0;
  return { x: place.x + (index - (n - 1) / 2) * step * table.card.width, y: place.y + index * 0.04 * table.card.height };
}

// src/utils/format.js
function formatTime(seconds) {
  const total = Math.max(0, Math.floor(seconds));
  const h2 = Math.floor(total / 3600);
  const m = Math.floor(total % 3600 / 60);
  const s = String(total % 60).padStart(2, "0");
  return h2 ? `${h2}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
function formatDuration(seconds) {
  if (seconds === null || seconds === void 0) return "—";
  const tenths = Math.round(Math.max(0, seconds) * 10);
  return `${formatTime(Math.floor(tenths / 10))}.${tenths % 10}`;
}
var percent = (share) => Math.round(share * 100);
function fill(template, values, language = "en") {
  return String(template).replace(/\{(\w+)(?:\|([^}]*))?\}/g, (all, key, forms) => {
    if (!(key in values)) return all;
    if (forms === void 0) return String(values[key]);
    const byCategory = Object.fromEntries(forms.split("|").map((form) => form.split(":")));
    const category = new Intl.PluralRules(language).select(Number(values[key]));
    return byCategory[category] ?? byCategory.other ?? "";
  });
}

// src/utils/game_end.js
function endOf(st) {
  if (st.mode === "replay") return null;
  if (st.status === "won" || st.status === "no_moves") return st.status;
  return st.stuck ? "stuck" : null;
}

// src/board/banner.js
function buildBanner(ctx) {
  const { S } = ctx;
  const title = h("div", { class: "pyr-banner-title", "data-field": "banner-title" });
  const detail = h("div", { class: "pyr-banner-detail", "data-field": "banner-detail" });
  const banner = h("div", { class: "pyr-banner", "data-field": "banner", role: "alert", hidden: true }, [title, detail]);
  function render(st, board) {
    const end = endOf(st);
    setAttr(banner, "hidden", end ? null : true);
    setAttr(banner, "data-status", end);
    setAttr(board, "data-won", end === "won" ? "true" : null);
    if (!end) return;
    setText(title, end === "won" ? S("won_title") : end === "stuck" ? S("stuck_title") : S("no_moves_title"));
    setText(
      detail,
      end === "won" ? S("won_detail", { score: st.score, time: formatTime(st.elapsed), moves: st.moves }) : end === "stuck" ? S("stuck_help") : S("no_moves_help")
    );
    setAttr(banner, "title", `${title.textContent} ${detail.textContent}`);
  }
  return { banner, title, detail, render };
}

// src/cards.js
function parseCard(card, deck, indices = "en") {
  const written = card.slice(0, -1);
  const suit = card.slice(-1);
  const rank = deck.ranks[indices][deck.ranks.en.indexOf(written)] ?? written;
  const look = deck.suits[suit];
  return { rank, suit, red: !!(look && look.red), colour: look ? look.colour : void 0 };
}
function samePlace(a, b) {
  return !!a && !!b && a.pile === b.pile && (a.row ?? 1) === (b.row ?? 1) && (a.col ?? null) === (b.col ?? null);
}
function isSelectedPlace(selected, place) {
  return Array.isArray(selected) ? selected.some((s) => samePlace(s, place)) : samePlace(selected, place);
}
function makeCard(pile, row = 1, col) {
  const el = h("button", { type: "button", class: "pyr-card", tabindex: "-1", hidden: true }, [
    h("span", { class: "pyr-index" }, [h("span", { class: "pyr-rank" }), h("span", { class: "pyr-suit" })]),
    h("span", { class: "pyr-pip", "aria-hidden": "true" })
  ]);
  return { el, pile, row, col, card: null };
}
function paintFace(el, card, look, covered) {
  const faces = look.art && card ? look.art.indices?.[look.indices]?.[card] ?? look.art.faces[card] : void 0;
  const id = !card ? look.back : faces?.[covered ? 1 : 0] ?? null;
  let art = (
    /** @type {SVGSVGElement | null} */
    el.querySelector(":scope > .pyr-art")
  );
  if (id) {
    if (!art) {
      art = document.createElementNS(SVG_NS, "svg");
      art.setAttribute("class", "pyr-art");
      art.setAttribute("viewBox", "0 0 250 350");
      art.setAttribute("aria-hidden", "true");
      art.append(document.createElementNS(SVG_NS, "use"));
      el.prepend(art);
    }
    const use = (
      /** @type {SVGUseElement} */
      art.firstChild
    );
    if (use.getAttribute("href") !== `#${id}`) use.setAttribute("href", `#${id}`);
  } else if (art) art.remove();
  el.classList.toggle("pyr-has-art", !!id);
  const parts = (
    /** @type {HTMLElement[]} */
    [...el.querySelectorAll(".pyr-rank, .pyr-suit, .pyr-pip")]
  );
  if (!card) {
    for (const part of parts) setText(part, "");
    return;
  }
  const { rank, suit } = parseCard(card, look.table.deck, look.indices);
  setText(parts[0], rank);
  setText(parts[1], suit);
  setText(parts[2], suit);
}
var CARD_ATTRS = [
  "data-card",
  "data-free",
  "data-selected",
  "data-selectable",
  "data-hint",
  "data-colour",
  "aria-label",
  "aria-pressed",
  "aria-disabled"
];
function drawCard(card, entry, look, S, covered = false) {
  const el = card.el;
  setAttr(el, "data-face-down", entry && "face_down" in entry ? "true" : null);
  if (!entry || "face_down" in entry) {
    card.card = null;
    setAttr(el, "hidden", entry ? null : true);
    setAttr(el, "aria-hidden", entry ? "true" : null);
    for (const name2 of CARD_ATTRS) setAttr(el, name2, null);
    el.classList.remove("pyr-red");
    if (entry) paintFace(el, null, look, false);
    return;
  }
  const { table, selected, hint, text, replay } = look;
  const { red, colour } = parseCard(entry.card, table.deck, look.indices);
  const chosen = isSelectedPlace(selected, placeOf(card));
  card.card = entry.card;
  paintFace(el, entry.card, look, covered);
  setAttr(el, "hidden", null);
  setAttr(el, "aria-hidden", null);
  setAttr(el, "data-card", entry.card);
  setAttr(el, "data-free", entry.free ? "true" : "false");
  setAttr(el, "data-selectable", entry.selectable ? "true" : "false");
  setAttr(el, "data-selected", chosen ? "true" : "false");
  setAttr(el, "data-hint", hint.has(entry.card) ? "true" : null);
  setAttr(el, "data-colour", colour);
  setAttr(el, "aria-pressed", chosen ? "true" : "false");
  setAttr(el, "aria-disabled", replay ? "true" : null);
  el.classList.toggle("pyr-red", red);
  const name = text.cards?.[entry.card] || entry.card;
  const word = chosen ? S("selected") : entry.free ? S("free") : S("blocked");
  setAttr(el, "aria-label", S("card_state", { card: name, state: word }));
}
var placeOf = (card) => ({ pile: card.pile, row: card.row, col: card.col });

// src/board/discard.js
var TOSSED = [-8, 5, -3, 9, -6, 3];
function buildDiscard(ctx) {
  const { S } = ctx;
  const outline = h("span", { class: "pyr-empty" });
  const count = h("span", { class: "pyr-count", "aria-hidden": "true" });
  const place = h("div", { class: "pyr-slot-place" }, [outline, count]);
  const box = h("div", { class: "pyr-discard", "data-pile": "discard", role: "img" }, [place]);
  const cards = [];
  function lay(table) {
    Object.assign(place.style, cardBox(table.piles.discard, table));
    for (const el of cards.splice(0)) el.remove();
  }
  function render(st, look) {
    const { count: n, cards: top } = st.discard;
    while (cards.length < top.length) {
      const el = makeCard("discard").el;
      el.removeAttribute("tabindex");
      el.disabled = true;
      setAttr(el, "aria-hidden", "true");
      box.append(el);
      cards.push(el);
    }
    for (const el of cards.splice(top.length)) el.remove();
    top.forEach((card, index) => {
      const el = cards[index];
      const { red, colour } = parseCard(card, look.table.deck, look.indices);
      Object.assign(el.style, cardBox(discardCardAt(look.table.piles.discard, index, top.length, look.table), look.table));
      el.style.zIndex = String(11 + index);
      el.style.rotate = `${TOSSED[(n - top.length + index) % TOSSED.length]}deg`;
      setAttr(el, "hidden", null);
      setAttr(el, "data-discarded", card);
      setAttr(el, "data-colour", colour);
      el.classList.toggle("pyr-red", red);
      paintFace(el, card, look, false);
    });
    setAttr(box, "data-count", n);
    setAttr(outline, "hidden", n ? true : null);
    setText(count, n || "");
    setAttr(box, "aria-label", n ? S("discard_count", { n }) : S("discard_empty"));
  }
  const elementOf = (card) => cards.find((el) => el.dataset.discarded === card) ?? null;
  return { box, lay, render, elementOf };
}

// src/board/keys.js
var ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
function nearestInDirection(from, candidates, key) {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const [ax, ay] = arrow;
  let best = null;
  let bestScore = Infinity;
  for (const c of candidates) {
    const dx = c.x - from.x;
    const dy = c.y - from.y;
    const ahead = dx * ax + dy * ay;
    if (ahead <= 0) continue;
    const score = ahead + 2 * Math.abs(dx * ay + dy * ax);
    if (score < bestScore) [best, bestScore] = [c, score];
  }
  return best;
}
function wireKeys({ tableau, piles, stock, layout }) {
  const cards = tableau.cards;
  const pileMove = (from, key, within) => nearestInDirection(from, within.filter((c) => c.at).map((c) => ({ .../** @type {Point} */
  c.at, stop: c })), key)?.stop;
  const pileStops = () => {
    const at = layout()?.piles.stock;
    return [...piles.stops(), ...stock.box.hidden || !at ? [] : [{ el: stock.stock, at, pile: "stock" }]];
  };
  function moveFocus(event) {
    const inPile = pileStops().find((c) => c.el === event.target);
    if (inPile) {
      const ownPile = pileStops().filter((c) => c.pile === inPile.pile);
      let target2;
      if (event.key === "Home") target2 = ownPile[0];
      else if (event.key === "End") target2 = ownPile.at(-1);
      else if (ARROWS[event.key] && inPile.at) target2 = pileMove(inPile.at, event.key, [...pileStops(), ...cards.filter((c) => c.card)]);
      else return false;
      if (target2) focusCard(target2);
      return true;
    }
    const at = cards.findIndex((c) => c.el === event.target);
    if (at < 0) return false;
    const { row, col = 0, place } = cards[at];
    if (!place) return false;
    const inRow = (r) => cards.filter((x) => x.row === r && x.card);
    let target = null;
    switch (event.key) {
      case "ArrowLeft":
        target = inRow(row).filter((x) => (x.col ?? 0) < col).pop();
        break;
      case "ArrowRight":
        target = inRow(row).find((x) => (x.col ?? 0) > col);
        break;
      case "Home":
        target = inRow(row)[0];
        break;
      case "End":
        target = inRow(row).pop();
        break;
      case "ArrowUp":
      case "ArrowDown": {
        const dir = event.key === "ArrowUp" ? -1 : 1;
        const rows = layout()?.rows ?? 0;
        const gap = (x) => Math.abs((x.place?.x ?? 0) - place.x);
        for (let r = row + dir; r >= 1 && r <= rows && !target; r += dir) {
          target = inRow(r).sort((a, b) => gap(a) - gap(b))[0] || null;
        }
        break;
      }
      default:
        return false;
    }
    if (!target && ARROWS[event.key]) target = pileMove(place, event.key, pileStops());
    if (target) focusCard(target);
    return true;
  }
  function focusCard(card) {
    if (card.el === stock.stock) return stock.stock.focus({ preventScroll: true });
    const group = cards.some((c) => c.el === card.el) ? cards : piles.stops();
    for (const c of group) setAttr(c.el, "tabindex", c.el === card.el ? "0" : "-1");
    card.el.focus({ preventScroll: true });
  }
  return { moveFocus, focusCard };
}

// src/board/motion.js
var MOTION_MS = 260;
var DEAL_STEP_MS = 18;
function motions(before, after) {
  if (!before || before.table.name !== after.table.name) return [];
  const out = [];
  const cardOf = (entry) => entry && "card" in entry ? entry.card : null;
  const onTable = (st) => /* @__PURE__ */ new Set([...st.pyramid.map(cardOf), ...(st.piles || []).flatMap((pile) => pile.cards)]);
  const still = onTable(after);
  const was = onTable(before);
  after.pyramid.forEach((entry, index) => {
    const then = cardOf(before.pyramid[index]);
    const now = cardOf(entry);
    if (then && !now && !still.has(then)) out.push({ kind: "removed", card: then, pile: "pyramid", index });
    else if (!before.pyramid[index] && now) out.push({ kind: "returned", card: now, pile: "pyramid", index });
  });
  const stock = after.stock.count - before.stock.count;
  for (const pile of before.piles || []) {
    const now = (after.piles || []).find((p) => p.id === pile.id);
    const place = (before.table.piles.places || []).find((p) => p.id === pile.id);
    if (!now || !place) continue;
    const top = pile.cards.at(-1) ?? null;
    const nowTop = now.cards.at(-1) ?? null;
    if (now.count > pile.count && nowTop && !was.has(nowTop)) {
      out.push({ kind: stock < 0 ? "drawn" : "returned", card: nowTop, pile: pile.id });
    } else if (now.count < pile.count && stock > 0) {
      if (top) out.push({ kind: "stocked", card: top, pile: pile.id });
    } else if (now.count < pile.count) {
      pile.cards.forEach((card, index) => {
        const at = pileCardAt(place, index, pile.cards.length, before.table);
        if (card && !still.has(card)) out.push({ kind: "removed", card, pile: pile.id, at });
      });
    }
  }
  return out;
}
function isDeal(before, after) {
  if (after.mode !== "play" || after.moves !== 0 || after.discard.count !== 0) return false;
  return !before || before.mode !== "play" || before.code !== after.code || before.table.name !== after.table.name || before.moves > 0;
}
function buildMotion(board, parts) {
  const reduce = () => !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  const offset = (from, to, table) => `translate(${(from.x - to.x) * 100 / table.card.width}%, ${(from.y - to.y) * 100 / table.card.height}%)`;
  const animate = (el, frames, options = {}) => el.animate(frames, { duration: MOTION_MS, easing: "cubic-bezier(.2,.7,.3,1)", ...options });
  function ghost(card, at, look) {
    const copy = makeCard("ghost").el;
    copy.classList.add("pyr-ghost");
    paintFace(copy, card, look, false);
    const { red, colour } = parseCard(card, look.table.deck, look.indices);
    copy.classList.toggle("pyr-red", red);
    setAttr(copy, "data-colour", colour);
    setAttr(copy, "hidden", null);
    setAttr(copy, "aria-hidden", "true");
    Object.assign(copy.style, cardBox(at, look.table));
    board.append(copy);
    return copy;
  }
  const source = (table) => table.piles.stock || table.piles.discard;
  function deal(look) {
    const from = source(look.table);
    const dealt = [
      ...parts.pyramid.cards.filter((c) => !c.el.hidden),
      ...parts.piles.cards().filter((c) => !c.el.hidden)
    ];
    dealt.forEach((card, i) => {
      if (!card.at) return;
      animate(card.el, [{ transform: `${offset(from, card.at, look.table)} rotate(-4deg)`, opacity: 0.6 }, { transform: "none", opacity: 1 }], {
        delay: i * DEAL_STEP_MS,
        fill: "backwards"
      });
    });
  }
  function play(before, after, look, placeOfMotion) {
    if (reduce() || typeof board.animate !== "function") return;
    if (isDeal(before, after)) {
      deal(look);
      return;
    }
    const table = look.table;
    const stockAt = table.piles.stock;
    const discardAt = table.piles.discard;
    const removed = new Set(after.discard.cards);
    for (const m of motions(before, after)) {
      const at = placeOfMotion(m);
      if (!at) continue;
      if (m.kind === "removed") {
        const el = removed.has(m.card) ? parts.discard.elementOf(m.card) : null;
        if (el) {
          const to = discardCardAt(discardAt, after.discard.cards.indexOf(m.card), after.discard.cards.length, table);
          animate(el, [{ transform: `${offset(at, to, table)} scale(1.04)`, zIndex: 40 }, { transform: "rotate(3deg)", offset: 0.85 }, { transform: "none" }]);
        } else {
          const copy = ghost(m.card, at, look);
          const done = () => copy.remove();
          const run = animate(copy, [{ transform: "none" }, { transform: offset(discardAt, at, table), opacity: 0.3 }]);
          run.onfinish = run.oncancel = done;
        }
      } else if (m.kind === "returned") {
        const el = m.pile === "pyramid" ? parts.pyramid.cards[m.index ?? -1]?.el : parts.piles.topOf(m.pile);
        if (el) animate(el, [{ transform: offset(discardAt, at, table) }, { transform: "none" }]);
      } else if (m.kind === "drawn") {
        const el = parts.piles.topOf(m.pile);
        if (el && stockAt) {
          animate(el, [
            { transform: `${offset(stockAt, at, table)} scaleX(0.05)` },
            { transform: `${offset({ x: (stockAt.x + at.x) / 2, y: stockAt.y }, at, table)} scaleX(1)`, offset: 0.45 },
            { transform: "none" }
          ]);
        }
      } else if (m.kind === "stocked" && stockAt) {
        const copy = ghost(m.card, at, look);
        const run = animate(copy, [{ transform: "none" }, { transform: `${offset(stockAt, at, table)} scaleX(0.05)` }]);
        run.onfinish = run.oncancel = () => copy.remove();
      }
    }
    if (endOf(after) === "won" && (!before || endOf(before) !== "won")) {
      animate(parts.discard.box, [{ transform: "none" }, { transform: "translateY(-6%) scale(1.08)", offset: 0.4 }, { transform: "none" }], {
        duration: 700,
        iterations: 2
      });
    }
  }
  return { play, reduce };
}

// src/board/piles.js
function buildPiles(ctx) {
  const { S, send } = ctx;
  const layer = h("div", { class: "pyr-piles" });
  const slots = /* @__PURE__ */ new Map();
  function lay() {
    slots.clear();
    layer.replaceChildren();
  }
  function slotFor(pile, table) {
    const known = slots.get(pile.id);
    if (known) return known;
    const at = (table.piles.places || []).find((p) => p.id === pile.id);
    if (!at) throw new Error(`the table entry places no pile "${pile.id}"`);
    const button = at.empty === "button";
    const empty = button ? h("button", { type: "button", class: "pyr-empty", tabindex: "-1" }) : h("span", { class: "pyr-empty" });
    const count = h("span", { class: "pyr-count", "aria-hidden": "true" });
    const place = h("div", { class: "pyr-slot-place" }, [empty, count]);
    Object.assign(place.style, cardBox(at, table));
    const box = h("div", { class: "pyr-slot", "data-pile": pile.id, "data-kind": pile.kind, role: "group" }, [place]);
    layer.append(box);
    const slot = { id: pile.id, at, box, empty, count, cards: [], shown: 0, outline: button ? { el: empty, at, pile: pile.id } : null };
    slots.set(pile.id, slot);
    return slot;
  }
  function cardFor(slot, k) {
    while (slot.cards.length <= k) {
      const card = makeCard(slot.id);
      slot.box.append(card.el);
      slot.cards.push(card);
    }
    return slot.cards[k];
  }
  const entryOf = (pile, index) => {
    const card = pile.cards[index];
    return card === null ? { face_down: true } : { card, free: pile.free.includes(index), selectable: pile.selectable.includes(index) };
  };
  function label(pile, text) {
    const strings = text.strings || {};
    if (pile.id === pile.kind && `${pile.kind}_count` in strings && `${pile.kind}_empty` in strings) {
      return pile.count ? S(`${pile.kind}_count`, { n: pile.count }) : S(`${pile.kind}_empty`);
    }
    return pileName(pile, text);
  }
  const pileName = (pile, text) => pile.id === pile.kind && `pile_${pile.kind}_one` in (text.strings || {}) ? S(`pile_${pile.kind}_one`) : S(`pile_${pile.kind}`, { n: pile.number });
  function render(st, look) {
    const focused = [...every(), ...outlines()].find((c) => c.el === document.activeElement);
    const seen = /* @__PURE__ */ new Set();
    for (const pile of st.piles || []) {
      const slot = slotFor(pile, look.table);
      seen.add(slot.id);
      const { fan } = slot.at;
      const n = pile.cards.length;
      slot.shown = n;
      pile.cards.forEach((_, index) => {
        const card = cardFor(slot, index);
        card.row = n - index;
        card.at = pileCardAt(slot.at, index, n, look.table);
        Object.assign(card.el.style, cardBox(card.at, look.table));
        card.el.style.zIndex = String(11 + index);
        drawCard(card, entryOf(pile, index), look, S, !!fan && index < n - 1);
        setAttr(card.el, "data-covered", fan && index < n - 1 ? "true" : null);
      });
      for (const card of slot.cards.splice(n)) card.el.remove();
      setAttr(slot.box, "data-count", pile.count);
      setAttr(slot.box, "aria-label", label(pile, look.text));
      setAttr(slot.empty, "hidden", n ? true : null);
      if (slot.outline) {
        setAttr(slot.empty, "aria-disabled", look.replay ? "true" : null);
        setText(slot.empty, pileName(pile, look.text));
      }
      setText(slot.count, slot.at.count === "always" || pile.count > n ? pile.count : "");
    }
    for (const slot of slots.values()) setAttr(slot.box, "hidden", seen.has(slot.id) ? null : true);
    const reachable = stops();
    const stop = reachable.find((c) => c.el.tabIndex === 0) || reachable[0];
    for (const c of [...every(), ...outlines()]) setAttr(c.el, "tabindex", c === stop ? "0" : "-1");
    if (focused && !reachable.includes(focused)) {
      const next = nearestOf(focused.at || { x: 0, y: 0 }, reachable);
      if (next) next.el.focus({ preventScroll: true });
    }
  }
  ctx.on(layer, "click", (event) => {
    const slot = closest(closest(event.target, "button.pyr-empty"), ".pyr-slot");
    if (!slot || ctx.replaying()) return;
    ctx.view.lastTap = ctx.now();
    send({ type: "tap", pile: (
      /** @type {HTMLElement} */
      slot.dataset.pile || ""
    ), row: 1 });
  });
  const every = () => [...slots.values()].flatMap((slot) => slot.cards);
  const outlines = () => [...slots.values()].flatMap((slot) => slot.outline ? [slot.outline] : []);
  const stops = () => [
    ...every().filter((c) => c.card),
    ...outlines().filter((o) => !o.el.hidden && !o.el.closest("[hidden]"))
  ];
  const nearestOf = (at, cards) => {
    const far = (c) => c.at ? Math.hypot(c.at.x - at.x, c.at.y - at.y) : Infinity;
    return [...cards].sort((a, b) => far(a) - far(b))[0];
  };
  const topOf = (id) => {
    const slot = slots.get(id);
    return slot && slot.shown ? slot.cards[slot.shown - 1].el : null;
  };
  const elementOf = (card) => every().find((c) => c.card === card)?.el ?? null;
  return { layer, lay, render, cards: every, stops, topOf, elementOf };
}

// src/board/stock.js
function buildStock(ctx) {
  const { S, on } = ctx;
  const stock = h("button", { type: "button", class: "pyr-pile pyr-stock", "data-pile": "stock" }, [
    h("span", { class: "pyr-back" }),
    h("span", { class: "pyr-recycle", "aria-hidden": "true" })
  ]);
  const count = h("span", { class: "pyr-count", "aria-hidden": "true" });
  const box = h("div", { class: "pyr-pilebox pyr-stockbox" }, [stock, count]);
  const order = h("ol", { class: "pyr-stock-order", "data-field": "stock-order", hidden: true });
  on(stock, "click", () => {
    if (ctx.replaying()) return;
    ctx.view.lastTap = ctx.now();
    ctx.send({ type: "tap", pile: "stock" });
  });
  function lay(table) {
    const at = table.piles.stock;
    setAttr(box, "hidden", at ? null : true);
    if (at) Object.assign(box.style, cardBox(at, table));
  }
  function render(st, look) {
    const sc = st.stock.count;
    setAttr(stock, "data-count", sc);
    setAttr(stock, "data-action-next", st.stock.action);
    setAttr(stock, "data-hint", st.hint && (st.hint.kind === "draw" || st.hint.kind === "recycle") ? "true" : null);
    setAttr(stock, "aria-disabled", look.replay || st.stock.action === "none" ? "true" : null);
    setAttr(stock, "aria-label", sc ? S("stock_draw", { n: sc }) : st.stock.action === "recycle" ? S("stock_recycle") : S("stock_empty"));
    setAttr(stock, "data-depth", sc > 12 ? "3" : sc > 4 ? "2" : sc > 1 ? "1" : null);
    paintFace(
      /** @type {HTMLElement} */
      stock.firstChild,
      null,
      look,
      false
    );
    setText(
      /** @type {HTMLElement} */
      stock.lastChild,
      !sc && st.stock.action === "recycle" ? `↻ ${S("recycle")}` : ""
    );
    setText(count, sc);
    const shown = st.stock_cards || [];
    setAttr(order, "hidden", shown.length ? null : true);
    const shownKey = `${look.indices} ${shown.join(" ")}`;
    if (order.dataset.shown !== shownKey) {
      order.replaceChildren(
        ...shown.map((card) => {
          const { rank, suit, red, colour } = parseCard(card, look.table.deck, look.indices);
          return h("li", { class: red ? "pyr-red" : null, "data-colour": colour, "data-card": card, text: rank + suit });
        })
      );
      order.dataset.shown = shownKey;
    }
  }
  return { stock, count, box, order, lay, render };
}

// src/board/tableau.js
function buildTableau(ctx) {
  const { S } = ctx;
  const pyramid = h("div", { class: "pyr-pyramid", role: "group" });
  const cards = [];
  function lay(table) {
    const places = placesOf(table).map((place) => {
      const card = makeCard("pyramid", place.row, place.col);
      Object.assign(card.el.style, cardBox(place, table));
      card.el.style.zIndex = String(place.row);
      return Object.assign(card, { place, at: place });
    });
    cards.splice(0, cards.length, ...places);
    pyramid.replaceChildren(...places.map((card) => card.el));
  }
  function render(st, look, focusCard, focusStock) {
    const focusedIndex = cards.findIndex((c) => c.el === document.activeElement);
    st.pyramid.forEach((entry, i) => {
      const card = cards[i];
      const covered = !!card.place && card.place.covered_by.some((j) => st.pyramid[j]);
      drawCard(card, entry, look, S, covered);
      setAttr(card.el, "data-covered", entry && covered ? "true" : null);
    });
    let stop = cards.find((c) => c.el.tabIndex === 0 && c.card);
    if (!stop) {
      stop = cards.filter((c) => c.card && c.el.dataset.free === "true").pop() || cards.find((c) => c.card);
      for (const c of cards) setAttr(c.el, "tabindex", c === stop ? "0" : "-1");
    }
    if (focusedIndex >= 0 && !cards[focusedIndex].card) {
      const gone = cards[focusedIndex];
      const distance = (c) => Math.abs(c.row - gone.row) + Math.abs((c.col ?? 0) - (gone.col ?? 0));
      const next = cards.filter((c) => c.card).sort((a, b) => distance(a) - distance(b))[0];
      if (next) focusCard(next);
      else focusStock();
    }
  }
  return { pyramid, cards, lay, render };
}

// src/board/taps.js
var DRAG_PX = 6;
function wireTaps(ctx, { tableau, piles }) {
  let swallowClick = false;
  const tapCard = (card) => {
    const back = card && card.el.dataset.faceDown === "true";
    if (ctx.replaying() || !card || !(card.card || back)) return;
    const msg = { type: "tap", pile: card.pile, row: card.row };
    if (card.card) msg.card = card.card;
    if (card.pile === "pyramid") msg.col = card.col;
    ctx.view.lastTap = ctx.now();
    ctx.send(msg);
  };
  const cardAt = (target, among) => {
    const el = closest(target, ".pyr-card");
    return el ? among.find((c) => c.el === el) : void 0;
  };
  ctx.on(tableau.pyramid, "click", (event) => swallowClick || tapCard(cardAt(event.target, tableau.cards)));
  ctx.on(piles.layer, "click", (event) => swallowClick || tapCard(cardAt(event.target, piles.cards())));
  const swallow = () => {
    swallowClick = true;
    setTimeout(() => swallowClick = false, 0);
  };
  return { tapCard, swallow };
}
function wireDrag(ctx, board, { everyCard, tap, swallow }) {
  let drag = null;
  const dragged = (target) => {
    const el = closest(target, ".pyr-card");
    return el ? everyCard().find((c) => c.el === el && c.card) : void 0;
  };
  function endDrag() {
    if (!drag) return;
    setAttr(drag.card.el, "data-dragging", null);
    drag.card.el.style.translate = "";
    drag = null;
  }
  ctx.on(board, "pointerdown", (event) => {
    if (event.button !== 0 || ctx.replaying()) return;
    const card = dragged(event.target);
    drag = card ? { card, x: event.clientX, y: event.clientY, id: event.pointerId, moved: false } : null;
  });
  ctx.on(board, "pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_PX) return;
    if (!drag.moved) {
      drag.moved = true;
      drag.card.el.setPointerCapture?.(event.pointerId);
      setAttr(drag.card.el, "data-dragging", "true");
    }
    drag.card.el.style.translate = `${dx}px ${dy}px`;
  });
  ctx.on(board, "pointerup", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const { card, moved } = drag;
    endDrag();
    if (!moved) return;
    swallow();
    const root = board.getRootNode();
    const tree = "elementsFromPoint" in root ? (
      /** @type {ShadowRoot} */
      root
    ) : board.ownerDocument;
    const under = tree.elementsFromPoint(event.clientX, event.clientY);
    const target = under.map((e) => dragged(e)).find((c) => c && c !== card);
    if (!target) return;
    const selected = ctx.state().selected;
    const isSelected = isSelectedPlace(selected, placeOf(card));
    const other = selected && !isSelected && !Array.isArray(selected) ? everyCard().find((c) => c.card && samePlace(selected, placeOf(c))) : null;
    const taps = isSelected ? [target] : other ? [other, card, target] : [card, target];
    for (const c of taps) tap(c);
  });
  ctx.on(board, "pointercancel", endDrag);
}

// src/board/board.js
function buildBoard(ctx) {
  const { S, view } = ctx;
  const board = h("div", { class: "pyr-board", role: "group" });
  const tableau = buildTableau(ctx);
  const stock = buildStock(ctx);
  const discard = buildDiscard(ctx);
  const piles = buildPiles(ctx);
  const banner = buildBanner(ctx);
  board.append(tableau.pyramid, discard.box, piles.layer, stock.box);
  const motion = buildMotion(board, { pyramid: tableau, piles, discard, stock });
  let layout = null;
  let layoutKey = "";
  let shown = null;
  function lay(table) {
    layout = table;
    tableau.lay(table);
    piles.lay();
    stock.lay(table);
    discard.lay(table);
    board.dataset.piles = table.piles.end;
    board.style.setProperty("--pyr-ratio", `${table.width} / ${table.height}`);
    board.style.setProperty("--pyr-card-w", pct(table.card.width, table.width));
    board.style.setProperty("--pyr-card-h", pct(table.card.height, table.height));
  }
  const everyCard = () => [...tableau.cards, ...piles.cards()];
  const taps = wireTaps(ctx, { tableau, piles });
  wireDrag(ctx, board, { everyCard, tap: taps.tapCard, swallow: taps.swallow });
  const keys = wireKeys({ tableau, piles, stock, layout: () => layout });
  const placeOfMotion = (m) => {
    if (!layout) return void 0;
    if (m.pile === "pyramid") return tableau.cards[m.index ?? -1]?.place;
    return m.at || layout.piles.places.find((p) => p.id === m.pile);
  };
  function render(raw, text) {
    const table = arranged(raw.table, view.arrangement || "wide");
    const st = { ...raw, table };
    const key = `${table.name}/${view.arrangement || "wide"}`;
    const rearranged = !!layout && layout.name === table.name && key !== layoutKey;
    if (key !== layoutKey) {
      lay(table);
      layoutKey = key;
    }
    const deck = table.deck.name;
    const art = ctx.model.get("_art");
    const look = {
      table,
      selected: st.selection || st.selected,
      // several cards at once where a game selects a set
      hint: new Set(st.hint && st.hint.cards ? st.hint.cards : []),
      text,
      replay: st.mode === "replay",
      indices: st.options && st.options.french_indices ? "fr" : "en",
      art: art?.decks?.[deck] ?? null,
      back: art?.back ?? null
    };
    setAttr(board, "data-art", look.art ? "true" : null);
    tableau.render(st, look, keys.focusCard, () => stock.stock.focus({ preventScroll: true }));
    stock.render(st, look);
    discard.render(st, look);
    piles.render(st, look);
    banner.render(st, board);
    if (!rearranged) motion.play(shown, st, look, placeOfMotion);
    shown = st;
  }
  function renderText() {
    setAttr(board, "aria-label", S("table"));
    setAttr(tableau.pyramid, "aria-label", S("pyramid"));
  }
  return {
    board,
    cards: tableau.cards,
    piles,
    stock: stock.stock,
    stockCount: stock.count,
    stockOrder: stock.order,
    discard: discard.box,
    banner: banner.banner,
    moveFocus: keys.moveFocus,
    render,
    renderText,
    table: () => layout,
    sent: () => shown ? ctx.state().table : null,
    motion
  };
}

// src/chance_graph.js
var GRAPH = { width: 400, height: 128, left: 38, right: 10, top: 8, bottom: 30 };
function moveTicks(last) {
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500].find((s) => last / s <= 7) ?? Math.ceil(last / 7);
  const ticks = [];
  for (let at = 0; at < last; at += step) ticks.push(at);
  if (ticks.length > 1 && last - ticks[ticks.length - 1] < step / 2) ticks.pop();
  ticks.push(last);
  return ticks;
}
function chanceGraph(review, words) {
  const { width, height, left, right, top, bottom } = GRAPH;
  const last = Math.max(1, review.chance.length - 1);
  const x = (i) => left + i * (width - left - right) / last;
  const y = (share) => top + (1 - share / review.top) * (height - top - bottom);
  const el = (tag, attrs, text) => {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    if (text !== void 0) node.textContent = text;
    return node;
  };
  const svg = (
    /** @type {SVGSVGElement} */
    el("svg", {
      class: "pyr-chance-graph",
      viewBox: `0 0 ${width} ${height}`,
      role: "img",
      "aria-label": words.label,
      "data-field": "chance-graph"
    })
  );
  const grid = el("g", { class: "pyr-chance-grid" });
  for (const share of [0, review.top / 2, review.top]) {
    grid.append(el("line", { x1: left, x2: width - right, y1: y(share), y2: y(share) }));
    grid.append(el("text", { x: left - 4, y: y(share), "text-anchor": "end", "dominant-baseline": "middle", "data-tick": "y" }, `${percent(share)}%`));
  }
  for (const at of moveTicks(last)) {
    grid.append(el("line", { x1: x(at), x2: x(at), y1: height - bottom, y2: height - bottom + 3 }));
    grid.append(el("text", { x: x(at), y: height - bottom + 13, "text-anchor": "middle", "data-tick": "x" }, String(at)));
  }
  grid.append(el("text", { x: (left + width - right) / 2, y: height - 3, "text-anchor": "middle", "data-axis": "x" }, words.move));
  svg.append(grid);
  const points = (values) => values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  const band = [...points(review.high), ...points(review.low).reverse()].join(" ");
  svg.append(el("polygon", { class: "pyr-chance-band", points: band }));
  svg.append(el("polyline", { class: "pyr-chance-line", points: points(review.chance).join(" ") }));
  const mark = review.costliest;
  if (mark) {
    const g = el("g", { class: "pyr-chance-costliest", "data-field": "chance-costliest", "data-index": mark.index });
    g.append(el("title", {}, `${mark.index}. ${mark.action}: ${percent(mark.before)}% → ${percent(mark.after)}%`));
    g.append(el("line", { class: "pyr-chance-guide", x1: x(mark.index), x2: x(mark.index), y1: y(review.top), y2: y(0) }));
    g.append(el("line", { class: "pyr-chance-bar", x1: x(mark.index), x2: x(mark.index), y1: y(mark.before), y2: y(mark.after) }));
    g.append(el("circle", { cx: x(mark.index), cy: y(mark.after), r: 4 }));
    svg.append(g);
  }
  return svg;
}

// src/chance.js
function chanceText(chance, working, S) {
  if (!chance) return working ? S("chance_working") : "—";
  if (chance.final) return S(chance.rate >= 1 ? "chance_won" : "chance_lost");
  const [rate, low, high] = [chance.rate, chance.low, chance.high].map(percent);
  const text = chance.exact || low === high ? S("chance_exact", { rate }) : S("chance_range", { rate, low, high });
  return chance.undecided ? S("chance_undecided", { text, undecided: chance.undecided, layouts: chance.layouts }) : text;
}
function buildChance(ctx, { status, analysis }) {
  const { S, model } = ctx;
  const label = h("span", { class: "pyr-label" });
  const value = h("span", { class: "pyr-value", "data-field": "chance" });
  const box = h("span", { class: "pyr-stat pyr-chance", "data-field": "chance-box", role: "status", hidden: true }, [label, " ", value]);
  status.say.append(box);
  const caption = h("figcaption", { class: "pyr-chance-caption" });
  const plot = h("div", { class: "pyr-chance-plot" });
  const costliest = h("p", { class: "pyr-chance-line-text", "data-field": "analysis-costliest" });
  const figure = h("figure", { class: "pyr-chance-figure", "data-field": "analysis-chance", hidden: true }, [caption, plot, costliest]);
  analysis.panel.insertBefore(
    figure,
    /** @type {Node} */
    analysis.show.parentElement
  );
  let drawn = "";
  function renderIndicator() {
    const st = ctx.state();
    const on = !!(st.options && st.options.show_chance) && st.mode !== "replay";
    setAttr(box, "hidden", on ? null : true);
    if (!on) return;
    const working = !!(model.get("_work") || {}).chance;
    const said = chanceText(st.chance, working, S);
    setText(value, said);
    setAttr(box, "title", `${S("chance")} ${said}`);
    setAttr(box, "data-state", st.chance ? st.chance.final ? "final" : "measured" : working ? "working" : "none");
    setAttr(box, "aria-busy", !st.chance && working ? "true" : null);
  }
  function renderGraph() {
    const st = ctx.state();
    const review = st.chance_review || null;
    const running = (model.get("_work") || {}).chance_review;
    const shown = !!st.analysis && (!!review || !!running);
    setAttr(figure, "hidden", shown ? null : true);
    setAttr(figure, "data-state", review ? "done" : running ? "running" : null);
    setText(caption, S("chance_graph"));
    const words = { move: S("chance_axis_move"), label: S("chance_graph_label") };
    const key = review ? JSON.stringify([review, words]) : "";
    if (key !== drawn) {
      plot.replaceChildren(...review ? [chanceGraph(review, words)] : []);
      drawn = key;
    }
    const mark = review && review.costliest;
    let said = "";
    if (mark) {
      said = S("chance_costliest", {
        index: mark.index,
        move: mark.action,
        before: percent(mark.before),
        after: percent(mark.after),
        better: mark.better
      });
    } else if (review) said = S("chance_no_cost");
    else if (running) said = S("chance_review_running", { done: running.done, total: running.total || "…" });
    setText(costliest, said);
    setAttr(costliest, "data-kind", mark ? "costliest" : null);
  }
  function render() {
    renderIndicator();
    renderGraph();
  }
  function renderText() {
    setText(label, S("chance"));
  }
  return { box, value, figure, costliest, render, renderText, onWork: render };
}

// src/claim_keys.js
function claimKeys(view, { root, board, panels, toolbar, state, send }) {
  function claimKey(event) {
    const target = (
      /** @type {HTMLElement | null} */
      event.target
    );
    if (event.ctrlKey || event.metaKey || event.altKey || !target || !target.matches || !root.contains(target)) return;
    if (event.key === "Escape") {
      if (!toolbar.menu.hidden) {
        toolbar.showMenu(false);
        toolbar.buttons.more.focus({ preventScroll: true });
        event.preventDefault();
        return;
      }
      const st = state();
      if (st.mode !== "replay" && (st.selected || st.selection?.length)) {
        send({ type: "deselect" });
        event.preventDefault();
        return;
      }
      const open = panels.pairs.filter(([panel2]) => !panel2.hidden);
      const [panel, opener] = open.find(([p]) => p.contains(target)) || open[0] || [];
      if (!panel || !opener) return;
      panels.close(panel, opener);
      if (panel.contains(target)) (opener.closest("[hidden]") ? toolbar.buttons.more : opener).focus({ preventScroll: true });
      event.preventDefault();
    } else if (target.matches("input, select, textarea")) {
      return;
    } else if (event.key === "Enter" || event.key === " ") {
      if (!target.matches("button")) return;
      event.preventDefault();
      if (!event.repeat) target.click();
    } else if (board.moveFocus(event)) {
      event.preventDefault();
    }
  }
  const win = (
    /** @type {Window} */
    view.el.ownerDocument.defaultView
  );
  win.addEventListener("keydown", claimKey, true);
  const keyup = (event) => {
    const target = (
      /** @type {HTMLElement} */
      event.target
    );
    if (event.key === " " && root.contains(target) && target.matches("button")) event.preventDefault();
  };
  win.addEventListener("keyup", keyup, true);
  view.listeners.push(() => {
    win.removeEventListener("keydown", claimKey, true);
    win.removeEventListener("keyup", keyup, true);
  });
}

// src/client.js
var SNAPSHOT_TRAITS = ["_state", "_table"];
function snapshotReader(model) {
  let state;
  let table;
  let joined = (
    /** @type {Snapshot} */
    {}
  );
  return () => {
    const [nowState, nowTable] = [model.get("_state"), model.get("_table")];
    if (nowState !== state || nowTable !== table) {
      [state, table] = [nowState, nowTable];
      joined = /** @type {Snapshot} */
      state ? { ...state, table } : {};
    }
    return joined;
  };
}
var wordsOf = (model) => (key, values) => {
  const text = model.get("_text") || {};
  return fill((text.strings || {})[key] ?? key, values || {}, text.language || "en");
};

// src/fit.js
var FIT_MARGIN_PX = 4;
var ABOVE_SHARE = 1 / 4;
function roomForTable(visible, above) {
  return visible - Math.min(above, visible * ABOVE_SHARE) - FIT_MARGIN_PX;
}
var SCROLLERS = ".jp-WindowedPanel-outer, .jp-Notebook, .jp-LinkedOutputView";
function fitToScreen(view, { root, board }) {
  function fit() {
    view.fitFrame = 0;
    const scroller = root.closest(SCROLLERS);
    const visible = scroller ? scroller.clientHeight : window.top === window ? window.innerHeight : 0;
    const table = board.sent();
    if (!root.isConnected || !visible || !root.offsetHeight || !table) return;
    if (scroller && view.fitScroller !== scroller) {
      observer?.observe(scroller);
      view.fitScroller = scroller;
    }
    const cell = root.closest(".jp-Cell") || root;
    const top = root.getBoundingClientRect().top;
    const above = top - cell.getBoundingClientRect().top;
    const chrome = root.offsetHeight - board.board.offsetHeight;
    const room = roomForTable(visible, above);
    const kind = chooseArrangement(table, room - chrome, root.clientWidth);
    if (kind !== (view.arrangement || "wide")) {
      view.arrangement = kind;
      view.render();
    }
    const width = `${fitBoardWidth(room, chrome, arranged(table, kind), root.clientWidth)}px`;
    if (root.style.getPropertyValue("--pyr-fit-w") !== width) root.style.setProperty("--pyr-fit-w", width);
  }
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    if (!view.fitFrame) view.fitFrame = requestAnimationFrame(fit);
  }) : null;
  if (observer) {
    observer.observe(root);
    view.listeners.push(() => {
      observer.disconnect();
      cancelAnimationFrame(view.fitFrame);
    });
  }
}

// src/panels/analysis.js
function buildAnalysis(ctx, { toolbar, replayBar, panels, status }) {
  const { S, on, send, model } = ctx;
  const opener = toolbar.buttons.analysis;
  const meter = h("progress", { class: "pyr-meter" });
  const progressText = h("span", { "data-field": "progress-text" });
  const progress = h("div", { class: "pyr-progress", "data-field": "progress", role: "status", hidden: true }, [
    meter,
    progressText
  ]);
  status.say.prepend(progress);
  const title = h("div", { class: "pyr-panel-title" });
  const close = h("button", { type: "button", class: "pyr-btn pyr-close", "data-action": "analysis-close", text: "✕" });
  const field = (name) => h("li", { "data-field": `analysis-${name}` });
  const lines = { best: field("best"), yours: field("yours"), verdict: field("verdict") };
  const note = h("p", { class: "pyr-analysis-note", "data-field": "analysis-note" });
  const waiting = h("p", { class: "pyr-analysis-note", "data-field": "analysis-waiting" });
  const show = h("button", { type: "button", class: "pyr-btn pyr-primary", "data-action": "analysis-show" });
  const panel = h("section", { class: "pyr-panel pyr-analysis", "data-field": "analysis-panel", hidden: true }, [
    h("div", { class: "pyr-stats-head" }, [title, close]),
    waiting,
    h("ul", { class: "pyr-analysis-lines" }, Object.values(lines)),
    note,
    h("div", { class: "pyr-panel-buttons" }, [show])
  ]);
  panels.pairs.push([panel, opener]);
  const mark = h("span", { class: "pyr-replay-mark", "data-field": "replay-mark", "aria-hidden": "true", hidden: true });
  const sliderBox = h("span", { class: "pyr-slider-box" });
  replayBar.slider.replaceWith(sliderBox);
  sliderBox.append(replayBar.slider, mark);
  const losingNote = h("div", { class: "pyr-replay-losing", "data-field": "replay-losing", role: "status", hidden: true });
  status.message.after(losingNote);
  const better = h("button", { type: "button", class: "pyr-btn", "data-action": "replay-better", hidden: true });
  replayBar.bar.insertBefore(better, replayBar.leave);
  function open() {
    ctx.closePanels(panel);
    panel.hidden = false;
    opener.setAttribute("aria-expanded", "true");
    const st = ctx.state();
    if (!st.analysis && !(model.get("_work") || {}).analysis) send({ type: "analyze" });
    close.focus({ preventScroll: true });
  }
  function hide() {
    panel.hidden = true;
    opener.setAttribute("aria-expanded", "false");
  }
  on(opener, "click", () => panel.hidden ? open() : hide());
  on(close, "click", () => {
    hide();
    opener.focus({ preventScroll: true });
  });
  on(show, "click", () => send({ type: "analysis_better" }));
  on(better, "click", () => send({ type: "analysis_better" }));
  function renderWork() {
    const work = model.get("_work") || {};
    const running = work.analysis || null;
    setAttr(progress, "hidden", running || work.hint ? null : true);
    setAttr(progress, "data-task", running ? "analysis" : work.hint ? "hint" : null);
    if (running && running.total) {
      meter.max = running.total;
      meter.value = running.done;
    } else meter.removeAttribute("value");
    setText(progressText, running ? S("analysis_running", { done: running.done, total: running.total || "…" }) : work.hint ? S("thinking") : "");
    toolbar.buttons.hint.disabled = !!work.hint;
    setAttr(toolbar.buttons.hint, "aria-busy", work.hint ? "true" : null);
    setAttr(panel, "aria-busy", running ? "true" : null);
  }
  function renderPanel(st) {
    const a = st.analysis;
    const running = (model.get("_work") || {}).analysis;
    setAttr(panel, "data-state", a ? "done" : running ? "running" : "waiting");
    setText(waiting, a ? "" : running ? S("analysis_running", { done: running.done, total: running.total || "…" }) : S("thinking"));
    setAttr(waiting, "hidden", a ? true : null);
    for (const line of Object.values(lines)) setAttr(line, "hidden", a ? null : true);
    setAttr(note, "hidden", a ? null : true);
    setAttr(show, "hidden", a && a.losing_move ? null : true);
    if (!a) return;
    const deal = a.deal;
    setText(
      lines.best,
      deal.winnable ? S("analysis_best_won") : deal.winnable === false && deal.max_removed !== null ? S("analysis_best_lost", { n: deal.max_removed, size: a.size }) : S("analysis_best_unknown", { n: deal.at_least, size: a.size })
    );
    setText(lines.yours, S("analysis_yours", { n: a.removed, size: a.size }));
    let verdict;
    if (a.losing_move) verdict = S("analysis_losing", { index: a.losing_move, move: a.losing_action, better: a.better_move });
    else if (a.status === "won") verdict = S("analysis_none_won");
    else if (!a.complete) verdict = S("analysis_unknown");
    else if (deal.winnable === false) verdict = S("analysis_none_lost");
    else verdict = S("analysis_none_open");
    setText(lines.verdict, verdict);
    setAttr(lines.verdict, "data-kind", a.losing_move ? "losing" : null);
    setText(note, S("analysis_note"));
  }
  function renderReplay(st) {
    const r = st.mode === "replay" ? st.replay : null;
    const losing = r && r.losing ? r.losing : null;
    setAttr(mark, "hidden", losing ? null : true);
    setAttr(better, "hidden", losing ? null : true);
    if (losing && r) {
      mark.style.setProperty("--pyr-mark-at", String(losing / Math.max(1, r.length)));
      setAttr(mark, "title", S("replay_losing"));
    }
    let said = "";
    if (losing && r && r.better && r.index === losing - 1) said = S("replay_better", { move: r.better.move, played: r.better.played });
    else if (losing && r && r.index === losing) said = `${losing}: ${S("replay_losing")}`;
    setText(losingNote, said);
    setAttr(losingNote, "hidden", said ? null : true);
    setAttr(losingNote, "data-kind", losing && r && r.better && r.index === losing - 1 ? "better" : said ? "losing" : null);
    setAttr(better, "aria-pressed", r && r.better ? "true" : "false");
  }
  function render(st) {
    const offered = !!st.can_analyze;
    if (!offered && st.mode !== "replay" && !panel.hidden && !st.analysis) hide();
    setAttr(opener, "hidden", (offered || !panel.hidden) && st.mode !== "replay" ? null : true);
    renderPanel(st);
    renderReplay(st);
    renderWork();
  }
  function renderText() {
    setAttr(opener, "aria-expanded", panel.hidden ? "false" : "true");
    setText(title, S("analysis"));
    setAttr(panel, "aria-label", S("analysis"));
    setAttr(close, "aria-label", S("close"));
    setAttr(close, "title", S("close"));
    setText(show, S("analysis_show"));
    setText(better, S("better_move"));
  }
  function onWork() {
    renderWork();
    renderPanel(ctx.state());
  }
  return { opener, panel, progress, mark, better, losingNote, lines, show, open, hide, render, renderText, onWork, elements: [panel] };
}

// src/panels/new_game.js
function buildNewGame(ctx, panels, opener) {
  const { S, on, send } = ctx;
  const code = h("input", {
    type: "text",
    class: "pyr-input",
    "data-field": "new-code",
    autocomplete: "off",
    spellcheck: "false"
  });
  const rules = h("select", { class: "pyr-input", "data-field": "new-rules" });
  const codeLabel = h("label", { class: "pyr-label" }, [h("span"), code]);
  const rulesLabel = h("label", { class: "pyr-label" }, [h("span"), rules]);
  const dealBtn = h("button", { type: "button", class: "pyr-btn pyr-primary", "data-action": "deal" });
  const cancelBtn = h("button", { type: "button", class: "pyr-btn", "data-action": "cancel" });
  const error = h("div", { class: "pyr-error", "data-field": "error", role: "alert", hidden: true });
  const panel = h("form", { class: "pyr-panel pyr-newgame", hidden: true }, [
    codeLabel,
    rulesLabel,
    h("div", { class: "pyr-panel-buttons" }, [dealBtn, cancelBtn]),
    error
  ]);
  let rulesChosen = false;
  let awaitingNew = false;
  let shownCode;
  panels.add(panel, opener, {
    opened() {
      error.hidden = true;
      rules.value = ctx.state().rules;
      rulesChosen = false;
      code.focus({ preventScroll: true });
    },
    closed() {
      awaitingNew = false;
    }
  });
  on(rules, "change", () => {
    rulesChosen = true;
  });
  on(panel, "submit", (event) => {
    event.preventDefault();
    awaitingNew = true;
    send({ type: "new", code: code.value.trim(), rules: rulesChosen ? rules.value : "" });
  });
  on(dealBtn, "click", (event) => {
    event.preventDefault();
    panel.requestSubmit ? panel.requestSubmit() : panel.dispatchEvent(new Event("submit", { cancelable: true }));
  });
  on(cancelBtn, "click", (event) => {
    event.preventDefault();
    panels.closeAndReturn(panel, opener);
  });
  on(panel, "keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      panels.closeAndReturn(panel, opener);
    }
  });
  function render(st) {
    if (awaitingNew) {
      if (st.error) {
        error.hidden = false;
        setText(error, st.error);
      } else if (st.code !== shownCode || st.moves === 0) {
        panels.close(panel, opener);
      }
    }
    shownCode = st.code;
  }
  function renderText(text) {
    setText(dealBtn, S("deal"));
    setText(cancelBtn, S("cancel"));
    setText(
      /** @type {Node} */
      codeLabel.firstChild,
      S("code_label")
    );
    setAttr(code, "placeholder", S("code_placeholder"));
    setText(
      /** @type {Node} */
      rulesLabel.firstChild,
      S("rules_label")
    );
    setAttr(panel, "aria-label", S("new"));
    const rulesValue = rules.value || ctx.state().rules;
    rules.replaceChildren(
      ...(text.presets || []).map((p) => h("option", { value: p.letter, text: `${p.name} (${p.letter})` }))
    );
    if (rulesValue) rules.value = rulesValue;
  }
  return { panel, code, rules, error, dealBtn, cancelBtn, render, renderText };
}

// src/panels/options.js
function buildOptions(ctx, panels, opener) {
  const { S, on, send } = ctx;
  const explain = h("input", { type: "checkbox", "data-option": "explain_mistakes" });
  const highlight = h("input", { type: "checkbox", "data-option": "highlight_free" });
  const chance = h("input", { type: "checkbox", "data-option": "show_chance" });
  const language = h("select", { class: "pyr-input", "data-option": "language" });
  const indices = h("select", { class: "pyr-input", "data-option": "french_indices" }, [
    h("option", { value: "0", text: "K Q J" }),
    h("option", { value: "1", text: "R D V" })
  ]);
  const explainLabel = h("label", { class: "pyr-check" }, [explain, h("span")]);
  const highlightLabel = h("label", { class: "pyr-check" }, [highlight, h("span")]);
  const chanceLabel = h("label", { class: "pyr-check" }, [chance, h("span")]);
  const languageLabel = h("label", { class: "pyr-label" }, [h("span"), language]);
  const indicesLabel = h("label", { class: "pyr-label" }, [h("span"), indices]);
  const title = h("div", { class: "pyr-panel-title" });
  const closeBtn = h("button", { type: "button", class: "pyr-btn pyr-close", "data-action": "options-close", text: "✕" });
  const panel = h("div", { class: "pyr-panel pyr-options", hidden: true }, [
    h("div", { class: "pyr-stats-head" }, [title, closeBtn]),
    explainLabel,
    highlightLabel,
    chanceLabel,
    languageLabel,
    indicesLabel
  ]);
  panels.add(panel, opener, { opened: () => explain.focus({ preventScroll: true }) });
  on(closeBtn, "click", () => panels.closeAndReturn(panel, opener));
  on(explain, "change", () => send({ type: "option", name: "explain_mistakes", value: explain.checked }));
  on(highlight, "change", () => send({ type: "option", name: "highlight_free", value: highlight.checked }));
  on(chance, "change", () => send({ type: "option", name: "show_chance", value: chance.checked }));
  on(language, "change", () => send({ type: "option", name: "language", value: language.value }));
  on(indices, "change", () => send({ type: "option", name: "french_indices", value: indices.value === "1" }));
  function render(st) {
    const explaining = !!(st.options && st.options.explain_mistakes);
    if (explain.checked !== explaining) explain.checked = explaining;
    const lit = !st.options || st.options.highlight_free !== false;
    if (highlight.checked !== lit) highlight.checked = lit;
    const shown = !!(st.options && st.options.show_chance);
    if (chance.checked !== shown) chance.checked = shown;
    const french = st.options && st.options.french_indices ? "1" : "0";
    if (indices.value !== french) indices.value = french;
  }
  function renderText(text) {
    setText(
      /** @type {Node} */
      explainLabel.lastChild,
      S("explain")
    );
    setText(
      /** @type {Node} */
      highlightLabel.lastChild,
      S("highlight_free")
    );
    setText(
      /** @type {Node} */
      chanceLabel.lastChild,
      S("show_chance")
    );
    setAttr(chanceLabel, "hidden", text.hint ? null : true);
    setText(
      /** @type {Node} */
      languageLabel.firstChild,
      S("language")
    );
    setText(
      /** @type {Node} */
      indicesLabel.firstChild,
      S("indices")
    );
    setAttr(panel, "aria-label", S("options"));
    setText(title, S("options"));
    setAttr(closeBtn, "aria-label", S("close"));
    setAttr(closeBtn, "title", S("close"));
    language.replaceChildren(...(text.languages || []).map((l) => h("option", { value: l.code, text: l.name })));
    language.value = text.language || "en";
  }
  return { panel, closeBtn, explain, highlight, chance, language, indices, render, renderText };
}

// src/panels/stats.js
var STAT_FIELDS = [
  ["played", "stats_played"],
  ["won", "stats_won"],
  ["win-rate", "stats_win_rate"],
  ["best-time", "stats_best_time"],
  ["fewest-moves", "stats_fewest_moves"]
];
var STAT_COLUMNS = [
  ["rank", "stats_rank"],
  ["time", "time"],
  ["moves", "moves"],
  ["code", "code"],
  ["date", "stats_date"]
];
function buildStats(ctx, panels, opener) {
  const { S, on, send, model } = ctx;
  const title = h("div", { class: "pyr-panel-title" });
  const rules = h("select", { class: "pyr-input", "data-field": "stats-rules" });
  const rulesLabel = h("label", { class: "pyr-label pyr-inline" }, [h("span"), rules]);
  const closeBtn = h("button", { type: "button", class: "pyr-btn pyr-close", "data-action": "stats-close", text: "✕" });
  const totalsList = h("dl", { class: "pyr-stats-totals" });
  const values = {};
  const labels = [];
  for (const [name, key] of STAT_FIELDS) {
    const dt = h("dt");
    values[name] = h("dd", { "data-field": `stats-${name}` });
    labels.push([dt, key]);
    totalsList.append(h("div", { class: "pyr-stats-total" }, [dt, values[name]]));
  }
  const caption = h("div", { class: "pyr-stats-caption" });
  const heads = STAT_COLUMNS.map(([name]) => h("th", { scope: "col", class: `pyr-col-${name}` }));
  const body = h("tbody");
  const rankingTable = h("table", { class: "pyr-stats-ranking", "data-field": "stats-ranking" }, [
    h("thead", {}, [h("tr", {}, heads)]),
    body
  ]);
  const rankingBox = h("div", { class: "pyr-stats-rankingbox" }, [
    caption,
    h("div", { class: "pyr-stats-tablewrap" }, [rankingTable])
  ]);
  const noteLine = h("p", { class: "pyr-stats-note", "data-field": "stats-note", role: "status" });
  const panel = h("section", { class: "pyr-panel pyr-stats", "data-field": "stats-panel", hidden: true }, [
    h("div", { class: "pyr-stats-head" }, [title, rulesLabel, closeBtn]),
    totalsList,
    rankingBox,
    noteLine
  ]);
  let wanted = null;
  let data;
  panels.add(panel, opener, {
    opened() {
      request(ctx.state().rules);
      rules.focus({ preventScroll: true });
    },
    closed() {
      wanted = null;
    }
  });
  on(closeBtn, "click", () => panels.closeAndReturn(panel, opener));
  on(rules, "change", () => request(rules.value));
  on(panel, "keydown", (event) => {
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      panels.closeAndReturn(panel, opener);
    }
  });
  const onCustom = (msg) => {
    if (!msg || typeof msg !== "object" || panel.hidden) return;
    if (msg.type === "stats" && msg.rules === wanted) {
      data = msg;
      panel.removeAttribute("aria-busy");
      renderStats();
    } else if (msg.type === "stats_changed") {
      request(wanted || ctx.state().rules);
    }
  };
  model.on("msg:custom", onCustom);
  ctx.view.listeners.push(() => model.off("msg:custom", onCustom));
  function request(letter) {
    if (!letter) return;
    wanted = letter;
    panel.setAttribute("aria-busy", "true");
    if (!data || data.rules !== letter) {
      data = { rules: letter, loading: true };
      renderStats();
    }
    send({ type: "stats", rules: letter });
  }
  function renderStats() {
    if (!data) return;
    const text = model.get("_text") || {};
    const language = text.language || "en";
    const stats = data.stats || null;
    const totals = stats && stats.totals || {};
    const order = [...(text.presets || []).map((p) => p.letter), "X"];
    const letters = new Set([...stats && stats.rules_played || [], data.rules, ctx.state().rules].filter(Boolean));
    const sorted = [...letters].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    const presetLabel = (letter) => {
      const preset = (text.presets || []).find((p) => p.letter === letter);
      return `${preset ? preset.name : text.custom_rules || letter} (${letter})`;
    };
    const key = sorted.map((l) => `${l}=${presetLabel(l)}`).join("|");
    if (rules.dataset.options !== key) {
      rules.replaceChildren(...sorted.map((l) => h("option", { value: l, text: presetLabel(l) })));
      rules.dataset.options = key;
    }
    if (rules.value !== data.rules) rules.value = data.rules;
    setAttr(panel, "data-rules", data.rules);
    const number = (n) => n === null || n === void 0 ? "—" : new Intl.NumberFormat(language).format(n);
    const rate = totals.win_rate === null || totals.win_rate === void 0 ? "—" : new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(totals.win_rate);
    const shown = !!stats;
    setText(values.played, shown ? number(totals.played) : "—");
    setText(values.won, shown ? number(totals.won) : "—");
    setText(values["win-rate"], shown ? rate : "—");
    setText(values["best-time"], shown ? formatDuration(totals.best_time) : "—");
    setText(values["fewest-moves"], shown ? number(totals.fewest_moves) : "—");
    setAttr(totalsList, "hidden", data.error ? true : null);
    const ranking = stats && stats.ranking || [];
    const date = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
    body.replaceChildren(
      ...ranking.map((entry, i) => {
        const when = new Date(entry.finished_at);
        const cells = [
          h("td", { class: "pyr-col-rank", text: String(i + 1) }),
          h("td", { class: "pyr-col-time", text: formatDuration(entry.time) }),
          h("td", { class: "pyr-col-moves", text: number(entry.moves) }),
          h("td", { class: "pyr-col-code", "data-custom": !entry.code, text: entry.code || S("custom_layout") }),
          h("td", { class: "pyr-col-date" }, [
            h("time", { datetime: entry.finished_at, text: isNaN(when.getTime()) ? entry.finished_at : date.format(when) })
          ])
        ];
        return h("tr", { "data-stats-row": i + 1, "data-game-id": entry.id }, cells);
      })
    );
    setAttr(rankingBox, "hidden", ranking.length ? null : true);
    let note = "";
    if (data.loading) note = S("stats_loading");
    else if (data.error) note = S("stats_error", { error: data.error });
    else if (!totals.played) note = S("stats_none");
    else if (!ranking.length) note = S("stats_no_wins");
    setText(noteLine, note);
    setAttr(noteLine, "hidden", note ? null : true);
    setAttr(noteLine, "data-kind", data.error ? "error" : null);
  }
  function render(st) {
    if (!st.stats && !panel.hidden) panels.close(panel, opener);
  }
  function renderText() {
    setText(title, S("stats"));
    setAttr(panel, "aria-label", S("stats"));
    setText(
      /** @type {Node} */
      rulesLabel.firstChild,
      S("rules_label")
    );
    setAttr(closeBtn, "aria-label", S("close"));
    setAttr(closeBtn, "title", S("close"));
    for (const [label, key] of labels) setText(label, S(key));
    setText(caption, S("stats_ranking"));
    setAttr(rankingTable, "aria-label", S("stats_ranking"));
    STAT_COLUMNS.forEach(([name, key], i) => {
      if (name === "rank") {
        setText(heads[i], "#");
        setAttr(heads[i], "aria-label", S(key));
      } else setText(heads[i], S(key));
    });
    renderStats();
  }
  return { panel, rules, closeBtn, body, noteLine, renderStats, render, renderText };
}

// src/panels/panels.js
function buildPanelSet(ctx) {
  const pairs = [];
  const opening = /* @__PURE__ */ new Map();
  function add(panel, opener, { opened, closed }) {
    pairs.push(closed ? [panel, opener, closed] : [panel, opener]);
    opening.set(panel, opened);
    ctx.on(opener, "click", () => toggle(panel, opener));
  }
  function toggle(panel, opener) {
    if (panel.hidden) {
      ctx.closePanels(panel);
      panel.hidden = false;
      opener.setAttribute("aria-expanded", "true");
      opening.get(panel)?.();
    } else close(panel, opener);
  }
  function close(panel, opener) {
    if (panel.hidden) return;
    panel.hidden = true;
    opener.setAttribute("aria-expanded", "false");
    pairs.find(([p]) => p === panel)?.[2]?.();
  }
  const closeAndReturn = (panel, opener) => {
    close(panel, opener);
    (opener.closest("[hidden]") ? ctx.view.buttons.more : opener).focus({ preventScroll: true });
  };
  return { pairs, add, close, closeAndReturn };
}
function buildPanels(ctx, openers) {
  const set = buildPanelSet(ctx);
  const newGame = buildNewGame(ctx, set, openers.new);
  const options = buildOptions(ctx, set, openers.options);
  const stats = buildStats(ctx, set, openers.stats);
  const parts = [newGame, options, stats];
  function render(st) {
    for (const part of parts) part.render(st);
  }
  function renderText(text) {
    for (const part of parts) part.renderText(text);
    for (const [panel, opener] of set.pairs) setAttr(opener, "aria-expanded", panel.hidden ? "false" : "true");
  }
  return {
    elements: [newGame.panel, options.panel, stats.panel],
    pairs: set.pairs,
    close: set.close,
    newGame,
    options,
    stats,
    render,
    renderText
  };
}

// src/replay_bar.js
function buildReplayBar(ctx) {
  const { S, on, send } = ctx;
  const rbtn = (action, glyph) => h("button", { type: "button", class: "pyr-btn", "data-action": action, text: glyph });
  const buttons = {
    first: rbtn("replay-first", "|◀"),
    previous: rbtn("replay-prev", "◀"),
    next: rbtn("replay-next", "▶"),
    last: rbtn("replay-last", "▶|")
  };
  const slider = h("input", { type: "range", class: "pyr-slider", min: "0", step: "1", "data-field": "replay-slider" });
  const step = h("span", { class: "pyr-replay-step", "data-field": "replay-step" });
  const leave = h("button", { type: "button", class: "pyr-btn", "data-action": "replay-exit" });
  const bar = h("div", { class: "pyr-replaybar", role: "toolbar", hidden: true }, [
    buttons.first,
    buttons.previous,
    slider,
    buttons.next,
    buttons.last,
    step,
    leave
  ]);
  const goto = (index) => send({ type: "replay_goto", index: Math.max(0, index) });
  const info = () => ctx.state().replay || { index: 0, length: 0 };
  on(buttons.first, "click", () => goto(0));
  on(buttons.previous, "click", () => goto(info().index - 1));
  on(buttons.next, "click", () => goto(Math.min(info().length, info().index + 1)));
  on(buttons.last, "click", () => goto(info().length));
  on(slider, "input", () => goto(Number(slider.value)));
  on(leave, "click", () => send({ type: "replay_stop" }));
  function render(st) {
    const r = st.mode === "replay" ? st.replay : null;
    setAttr(bar, "hidden", r ? null : true);
    if (!r) return;
    slider.max = String(r.length);
    if (slider.value !== String(r.index)) slider.value = String(r.index);
    setAttr(slider, "aria-valuetext", S("step", { index: r.index, length: r.length }));
    setText(step, `${r.index} / ${r.length}`);
    buttons.first.disabled = buttons.previous.disabled = r.index <= 0;
    buttons.next.disabled = buttons.last.disabled = r.index >= r.length;
  }
  function renderText() {
    setText(leave, S("leave_replay"));
    for (const [key, b] of Object.entries(buttons)) {
      setAttr(b, "aria-label", S(key));
      setAttr(b, "title", S(key));
    }
    setAttr(slider, "aria-label", S("replay_slider"));
  }
  return { bar, buttons, slider, step, leave, render, renderText };
}

// src/status_bar.js
function buildStatusBar(ctx) {
  const { S, on } = ctx;
  const labels = [];
  const labelled = (key, name) => {
    const label = h("span", { class: "pyr-label" });
    const value = h("span", { class: `pyr-value pyr-${name}`, "data-field": name });
    labels.push([label, key]);
    return { box: h("span", { class: "pyr-stat" }, [label, " ", value]), value };
  };
  const code = labelled("code", "code");
  const copy = h("button", { type: "button", class: "pyr-btn pyr-small", "data-action": "copy" });
  code.box.append(" ", copy);
  const rules = h("span", { class: "pyr-rules", "data-field": "rules" });
  const score = labelled("score", "score");
  const moves = labelled("moves", "moves");
  const time = labelled("time", "time");
  const message = h("div", { class: "pyr-message", "data-field": "message", role: "status", "aria-live": "polite" });
  const say = h("div", { class: "pyr-say" }, [message]);
  const bar = h("div", { class: "pyr-status" }, [code.box, rules, score.box, moves.box, time.box, say]);
  const fields = { code: code.value, score: score.value, moves: moves.value, time: time.value };
  let clock = null;
  function tick() {
    if (!clock) return;
    const elapsed = clock.running ? clock.elapsed + (ctx.now() - clock.at) / 1e3 : clock.elapsed;
    setText(fields.time, formatTime(elapsed));
  }
  if (typeof setInterval === "function") ctx.view.timers.push(setInterval(() => clock && clock.running && tick(), 1e3));
  function copyCode() {
    const done = () => {
      setText(copy, S("copied"));
      ctx.view.timers.push(setTimeout(() => setText(copy, S("copy")), 1500));
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(fields.code.textContent || "").then(done, selectCode);
    } else selectCode();
  }
  function selectCode() {
    const range = document.createRange();
    range.selectNodeContents(fields.code);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
  on(copy, "click", copyCode);
  function render(st, text) {
    const replay = st.mode === "replay";
    setText(fields.code, st.code || "—");
    setAttr(copy, "hidden", st.code ? null : true);
    const preset = (text.presets || []).find((p) => p.letter === st.rules);
    setText(rules, preset ? preset.name : text.custom_rules || st.rules);
    setText(fields.score, st.score);
    setText(fields.moves, st.moves);
    clock = { elapsed: st.elapsed, running: st.running && !replay, at: ctx.now() };
    tick();
    let msg = st.message && !endOf(st) ? st.message.text : "";
    if (replay && st.replay) {
      const r = st.replay;
      msg = `${S("step", { index: r.index, length: r.length })}: ${r.action ?? S("at_deal")}`;
    } else if (!msg && st.hint && !endOf(st)) {
      const kind = st.hint.kind;
      msg = kind === "none" ? S("hint_none") : kind === "draw" ? S("hint_draw") : kind === "recycle" ? S("hint_recycle") : S("hint_move", { move: st.hint.move });
    }
    setText(message, msg);
    setAttr(message, "title", msg || null);
    setAttr(message, "data-key", replay ? "replay" : msg && st.message ? st.message.key : msg && st.hint ? "hint" : null);
  }
  function renderText() {
    for (const [label, key] of labels) setText(label, S(key));
    setText(copy, S("copy"));
  }
  return { bar, say, message, fields, rules, copy, tick, render, renderText };
}

// src/toolbar.js
var ICONS = {
  undo: "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
  hint: "M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.3 1 2.3h6c0-1 .4-1.8 1-2.3A7 7 0 0 0 12 2z",
  restart: "M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5",
  new: "M12 5v14M5 12h14",
  analysis: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  replay: "M7 4v16l13-8z",
  stats: "M4 20V10M10 20V4M16 20v-7M22 20H2",
  options: "M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4"
};
var CONFIRM_MS = 4e3;
function icon(name) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "pyr-icon");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}
function buildToolbar(ctx) {
  const { S, on, send } = ctx;
  const button = (action, attrs = {}) => h("button", { type: "button", class: "pyr-btn", "data-action": action, ...attrs }, [icon(action), h("span", { class: "pyr-btn-label" })]);
  const buttons = {
    undo: button("undo"),
    hint: button("hint"),
    restart: button("restart"),
    new: button("new"),
    analysis: button("analysis", { hidden: true }),
    more: button("more", { "aria-haspopup": "menu", "aria-expanded": "false" }),
    replay: button("replay", { role: "menuitem", tabindex: "-1" }),
    stats: button("stats", { role: "menuitem", tabindex: "-1" }),
    options: button("options", { role: "menuitem", tabindex: "-1" })
  };
  const menu = h("div", { class: "pyr-menu", role: "menu", hidden: true }, [buttons.replay, buttons.stats, buttons.options]);
  const moreBox = h("div", { class: "pyr-more" }, [buttons.more, menu]);
  const bar = h("div", { class: "pyr-toolbar", role: "toolbar" }, [
    buttons.undo,
    buttons.hint,
    buttons.restart,
    buttons.new,
    buttons.analysis,
    moreBox
  ]);
  on(buttons.undo, "click", () => send({ type: "undo" }));
  let confirmUntil = 0;
  const askRestart = (asking) => {
    confirmUntil = asking ? ctx.now() + CONFIRM_MS : 0;
    setAttr(buttons.restart, "data-confirm", asking ? "true" : null);
    setText(
      /** @type {HTMLElement} */
      buttons.restart.lastChild,
      S(asking ? "restart_confirm" : "restart")
    );
    if (asking) ctx.view.timers.push(setTimeout(() => confirmUntil && ctx.now() >= confirmUntil && askRestart(false), CONFIRM_MS));
  };
  on(buttons.restart, "click", () => {
    const st = ctx.state();
    if (st.moves > 0 && st.status === "playing" && ctx.now() >= confirmUntil) return askRestart(true);
    askRestart(false);
    send({ type: "restart" });
  });
  on(buttons.hint, "click", () => send({ type: "hint" }));
  on(buttons.replay, "click", () => send({ type: "replay_start" }));
  function showMenu(open, focus = false) {
    setAttr(menu, "hidden", open ? null : true);
    buttons.more.setAttribute("aria-expanded", open ? "true" : "false");
    const items = visibleItems();
    if (open && focus && items[0]) items[0].focus({ preventScroll: true });
  }
  const visibleItems = () => [buttons.replay, buttons.stats, buttons.options].filter((b) => !b.hidden);
  on(buttons.more, "click", () => showMenu(menu.hidden, true));
  on(menu, "click", () => showMenu(false));
  on(menu, "keydown", (event) => {
    const items = visibleItems();
    const at = items.indexOf(
      /** @type {HTMLButtonElement} */
      event.target
    );
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      items[(at + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length]?.focus({ preventScroll: true });
      event.preventDefault();
    } else if (event.key === "Escape" || event.key === "Tab") {
      showMenu(false);
      if (event.key === "Escape") {
        buttons.more.focus({ preventScroll: true });
        event.preventDefault();
        event.stopPropagation();
      }
    }
  });
  on(document, "pointerdown", (event) => {
    if (!menu.hidden && !moreBox.contains(
      /** @type {Node} */
      event.target
    )) showMenu(false);
  });
  function render(st, text) {
    const end = endOf(st);
    setAttr(bar, "hidden", st.mode === "replay" ? true : null);
    setAttr(buttons.hint, "hidden", text.hint && (!end || end === "stuck") ? null : true);
    setAttr(buttons.stats, "hidden", st.stats ? null : true);
    buttons.new.classList.toggle("pyr-primary", !!end);
    buttons.undo.disabled = !st.can_undo;
    if (st.mode === "replay") showMenu(false);
  }
  function renderText() {
    for (const [action, b] of Object.entries(buttons)) {
      setText(
        /** @type {HTMLElement} */
        b.lastChild,
        S(action === "restart" && b.dataset.confirm ? "restart_confirm" : action)
      );
    }
    setAttr(menu, "aria-label", S("more"));
  }
  return { bar, buttons, menu, showMenu, render, renderText };
}

// src/view.js
function createView(el, model, { now = () => performance.now() } = {}) {
  const view = { el, model, now, timers: [], listeners: [] };
  const on = (target, type, fn, capture = false) => {
    target.addEventListener(type, fn, capture);
    view.listeners.push(() => target.removeEventListener(type, fn, capture));
  };
  const state = snapshotReader(model);
  const ctx = {
    view,
    model,
    now,
    on,
    state,
    replaying: () => state().mode === "replay",
    send: (msg) => model.send(msg),
    S: wordsOf(model),
    closePanels: (except) => {
      for (const [panel, opener] of panels.pairs) if (panel !== except) panels.close(panel, opener);
    }
  };
  view.S = ctx.S;
  const status = buildStatusBar(ctx);
  const board = buildBoard(ctx);
  const toolbar = buildToolbar(ctx);
  const replayBar = buildReplayBar(ctx);
  const panels = buildPanels(ctx, toolbar.buttons);
  const analysis = buildAnalysis(ctx, { toolbar, replayBar, panels, status });
  const chance = buildChance(ctx, { status, analysis });
  const regions = [status, board, toolbar, replayBar, panels, analysis, chance];
  status.bar.append(board.banner);
  const panelLayer = h("div", { class: "pyr-panels" }, [...panels.elements, analysis.panel]);
  const stage = h("div", { class: "pyr-stage" }, [board.board, panelLayer]);
  const root = h("div", { class: "pyr-root" }, [status.bar, stage, board.stockOrder, toolbar.bar, replayBar.bar]);
  const art = buildArt(el);
  el.append(root);
  root.pyramideView = view;
  Object.assign(view, {
    createView,
    root,
    stage,
    status,
    board,
    panels,
    cards: board.cards,
    buttons: toolbar.buttons,
    toolbar: toolbar.bar,
    menu: toolbar.menu,
    replayBar: replayBar.bar,
    replayButtons: replayBar.buttons,
    slider: replayBar.slider,
    leaveReplay: replayBar.leave,
    fields: status.fields,
    tick: status.tick,
    renderStats: panels.stats.renderStats,
    newPanel: panels.newGame.panel,
    newCode: panels.newGame.code,
    cancelBtn: panels.newGame.cancelBtn,
    optExplain: panels.options.explain,
    optHighlight: panels.options.highlight,
    optLanguage: panels.options.language,
    optIndices: panels.options.indices,
    statsPanel: panels.stats.panel,
    analysis,
    chance,
    optChance: panels.options.chance
  });
  on(stage, "click", (event) => {
    if (!closest(event.target, "button, .pyr-card, .pyr-panel")) ctx.closePanels();
  });
  fitToScreen(view, { root, board, toolbar: toolbar.bar, replayBar: replayBar.bar });
  claimKeys(view, { root, board, panels, toolbar, state, send: ctx.send });
  view.render = function render() {
    const st = state();
    const text = model.get("_text") || /** @type {UiText} */
    {};
    if (!st.pyramid || !st.table) return;
    const started = now();
    const replay = st.mode === "replay";
    const swapFocus = replay === replayBar.bar.hidden && [toolbar.bar, replayBar.bar].some((box) => box.contains(document.activeElement));
    setAttr(root, "lang", text.language || "en");
    root.classList.toggle("pyr-replaying", replay);
    setAttr(root, "data-free-help", st.options && st.options.highlight_free === false ? "off" : null);
    for (const region of regions) region.render(st, text);
    if (swapFocus) {
      const next = replay ? [replayBar.buttons.next, replayBar.leave].find((b) => !b.disabled) : toolbar.buttons.more;
      next?.focus({ preventScroll: true });
    }
    view.renderMs = now() - started;
  };
  view.renderText = function renderText() {
    const text = model.get("_text") || /** @type {UiText} */
    {};
    art.render(model.get("_art"));
    for (const region of regions) region.renderText(text);
    view.render();
  };
  const onState = () => view.render();
  const onText = () => view.renderText();
  const onWork = () => {
    analysis.onWork();
    chance.onWork();
  };
  model.on("change:_work", onWork);
  view.listeners.push(() => model.off("change:_work", onWork));
  for (const trait of SNAPSHOT_TRAITS) {
    model.on(`change:${trait}`, onState);
    view.listeners.push(() => model.off(`change:${trait}`, onState));
  }
  model.on("change:_text", onText);
  model.on("change:_art", onText);
  view.listeners.push(() => model.off("change:_text", onText));
  view.listeners.push(() => model.off("change:_art", onText));
  view.destroy = function destroy() {
    for (const off of view.listeners.splice(0)) off();
    for (const timer of view.timers.splice(0)) {
      clearInterval(timer);
      clearTimeout(timer);
    }
    root.remove();
  };
  view.renderText();
  if (state().running) ctx.send({ type: "refresh" });
  return view;
}

// src/widget.js
var widget_default = {
  /** @param {{model: Model, el: HTMLElement, signal?: AbortSignal}} props */
  render({ model, el, signal }) {
    const view = createView(el, model);
    if (signal) signal.addEventListener("abort", () => view.destroy());
    return () => view.destroy();
  }
};
export {
  widget_default as default
};
