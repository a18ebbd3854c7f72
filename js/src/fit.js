/** @import { View } from "./types.js" */
import { arranged, chooseArrangement, fitBoardWidth } from "./layout.js";
/** @typedef {ReturnType<typeof import("./board/board.js").buildBoard>} Board */

// Room left below the table when it fits the screen: the cell's own bottom padding.
const FIT_MARGIN_PX = 4;
// What sits above the table in its cell (its code, a few controls) stays on screen with it, up
// to this share of the visible height: a table far down a long output (a notebook shown as a
// page without its code, a cell that prints much first) fits the screen once scrolled to,
// instead of shrinking to its least size.
const ABOVE_SHARE = 1 / 4;

/**
 * The height the table may take: the visible height, less what sits above it in its cell (at
 * most ABOVE_SHARE of the visible height) and the margin below.
 * @param {number} visible @param {number} above @returns {number}
 */
export function roomForTable(visible, above) {
  return visible - Math.min(above, visible * ABOVE_SHARE) - FIT_MARGIN_PX;
}

// Where the visible height of a notebook comes from: its scrolling panel (JupyterLab 4,
// Notebook 7, JupyterLite; JupyterLab 3) or an output view opened on its own; else the window
// of a top-level page. An output frame (Colab, VS Code) grows with what it holds: fitting the
// table to it would shrink the table frame after frame, so there the table keeps its size.
const SCROLLERS = ".jp-WindowedPanel-outer, .jp-Notebook, .jp-LinkedOutputView";

/**
 * The size: the board fills the cell's width, and no more than lets the whole table fit the
 * notebook's visible height once its cell is scrolled to the top (what sits above the table in
 * its cell, the code, stays on screen too, up to roomForTable's share). The width is capped through --pyr-fit-w and the
 * cards follow the board (their places are in % of it). Measured in the next frame, never
 * inside the observer's callback (no resize loop).
 * @param {View} view
 * @param {{root: HTMLElement, board: Board, toolbar: HTMLElement, replayBar: HTMLElement}} parts
 */
export function fitToScreen(view, { root, board }) {
  function fit() {
    view.fitFrame = 0;
    const scroller = root.closest(SCROLLERS);
    const visible = scroller ? scroller.clientHeight : window.top === window ? window.innerHeight : 0;
    const table = board.sent();
    if (!root.isConnected || !visible || !root.offsetHeight || !table) return; // hidden tab, output frame, no state yet
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
  const observer =
    typeof ResizeObserver === "function"
      ? new ResizeObserver(() => {
          if (!view.fitFrame) view.fitFrame = requestAnimationFrame(fit);
        })
      : null;
  if (observer) {
    observer.observe(root);
    view.listeners.push(() => {
      observer.disconnect();
      cancelAnimationFrame(view.fitFrame);
    });
  }
}
