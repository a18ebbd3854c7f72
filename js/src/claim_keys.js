/** @import { FrontEndMessage, Snapshot, View } from "./types.js" */
/** @typedef {ReturnType<typeof import("./board/board.js").buildBoard>} Board */
/** @typedef {ReturnType<typeof import("./panels/panels.js").buildPanels>} Panels */
/** @typedef {ReturnType<typeof import("./toolbar.js").buildToolbar>} Toolbar */

/**
 * Keys the widget owns are claimed in the capture phase on window, before the notebook's
 * shortcut handler (Notebook 7 listens in the capture phase on document): the notebook skips
 * events whose default was prevented, so Enter on a card taps it instead of editing the cell,
 * and arrow keys move between cards instead of between cells.
 * @param {View} view
 * @param {{root: HTMLElement, board: Board, panels: Panels, toolbar: Toolbar,
 *   state: () => Snapshot, send: (message: FrontEndMessage) => void}} parts
 */
export function claimKeys(view, { root, board, panels, toolbar, state, send }) {
  /** @param {KeyboardEvent} event */
  function claimKey(event) {
    const target = /** @type {HTMLElement | null} */ (event.target);
    if (event.ctrlKey || event.metaKey || event.altKey || !target || !target.matches || !root.contains(target)) return;
    // Escape, in this order: closes the menu, clears a selection, closes a panel (from a box or
    // a menu of the panel too).
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
      // The panel the focus is in, else the first one open.
      const open = panels.pairs.filter(([panel]) => !panel.hidden);
      const [panel, opener] = open.find(([p]) => p.contains(target)) || open[0] || [];
      if (!panel || !opener) return;
      panels.close(panel, opener);
      if (panel.contains(target)) (opener.closest("[hidden]") ? toolbar.buttons.more : opener).focus({ preventScroll: true });
      event.preventDefault();
    } else if (target.matches("input, select, textarea")) {
      return; // they carry data-lm-suppress-shortcuts
    } else if (event.key === "Enter" || event.key === " ") {
      if (!target.matches("button")) return;
      event.preventDefault();
      if (!event.repeat) target.click();
    } else if (board.moveFocus(event)) {
      event.preventDefault();
    }
  }
  const win = /** @type {Window} */ (view.el.ownerDocument.defaultView);
  win.addEventListener("keydown", claimKey, true);
  /** @param {KeyboardEvent} event */
  const keyup = (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (event.key === " " && root.contains(target) && target.matches("button")) event.preventDefault();
  };
  win.addEventListener("keyup", keyup, true);
  view.listeners.push(() => {
    win.removeEventListener("keydown", claimKey, true);
    win.removeEventListener("keyup", keyup, true);
  });
}
