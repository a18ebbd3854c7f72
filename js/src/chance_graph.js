// The chance over a game as a graph (the Analysis panel's), plain SVG from the numbers Python sent.
/** @import { ChanceReviewView } from "./types.js" */
import { SVG_NS } from "./utils/dom.js";
import { percent } from "./utils/format.js";

/** Where the chance graph draws, in its own units: the plot between the axes' labels. */
const GRAPH = { width: 400, height: 128, left: 38, right: 10, top: 8, bottom: 30 };

/**
 * The moves the graph's x axis names: 0 (the deal), the last, and round steps between them that
 * leave room for their labels (at most 8 in all).
 * @param {number} last
 */
export function moveTicks(last) {
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500].find((s) => last / s <= 7) ?? Math.ceil(last / 7);
  const ticks = [];
  for (let at = 0; at < last; at += step) ticks.push(at);
  if (ticks.length > 1 && last - ticks[ticks.length - 1] < step / 2) ticks.pop(); // no crowding at the end
  ticks.push(last);
  return ticks;
}

/**
 * The chance over a game, as a chess evaluation graph: x the move (0, the deal), y the chance
 * from 0 to the top of its scale (`review.top`, which Python fits to the chances), its 95% range a band, and the move that cost the most chance a mark from the
 * chance before it to the chance after. Plain SVG in its own units, scaled to its box; its text
 * and lines take the panel's colours (the theme's). Draws only what `review` says.
 * @param {ChanceReviewView} review @param {{move: string, label: string}} words
 * @returns {SVGSVGElement}
 */
export function chanceGraph(review, words) {
  const { width, height, left, right, top, bottom } = GRAPH;
  const last = Math.max(1, review.chance.length - 1);
  /** @param {number} i */
  const x = (i) => left + (i * (width - left - right)) / last;
  /** @param {number} share */
  const y = (share) => top + (1 - share / review.top) * (height - top - bottom);
  /** @param {string} tag @param {Record<string, string | number>} attrs @param {string} [text] */
  const el = (tag, attrs, text) => {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const svg = /** @type {SVGSVGElement} */ (el("svg", {
    class: "pyr-chance-graph",
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": words.label,
    "data-field": "chance-graph",
  }));
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
  /** @param {number[]} values */
  const points = (values) => values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  const band = [...points(review.high), ...points(review.low).reverse()].join(" ");
  svg.append(el("polygon", { class: "pyr-chance-band", points: band }));
  svg.append(el("polyline", { class: "pyr-chance-line", points: points(review.chance).join(" ") }));
  const mark = review.costliest;
  if (mark) {
    const g = el("g", { class: "pyr-chance-costliest", "data-field": "chance-costliest", "data-index": mark.index });
    g.append(el("title", {}, `${mark.index}. ${mark.action}: ${percent(mark.before)}% → ${percent(mark.after)}%`));
    // A guide across the plot finds the move however little its bar is; the bar is its cost.
    g.append(el("line", { class: "pyr-chance-guide", x1: x(mark.index), x2: x(mark.index), y1: y(review.top), y2: y(0) }));
    g.append(el("line", { class: "pyr-chance-bar", x1: x(mark.index), x2: x(mark.index), y1: y(mark.before), y2: y(mark.after) }));
    g.append(el("circle", { cx: x(mark.index), cy: y(mark.after), r: 4 }));
    svg.append(g);
  }
  return svg;
}
