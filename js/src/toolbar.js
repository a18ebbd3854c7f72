/** @import { Ctx, Snapshot, UiText } from "./types.js" */
import { h, setAttr, setText, SVG_NS } from "./utils/dom.js";
import { endOf } from "./utils/game_end.js";

// The toolbar's icons: 24-unit line drawings in the text's colour.
/** @type {Record<string, string>} */
const ICONS = {
  undo: "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
  hint: "M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.3 1 2.3h6c0-1 .4-1.8 1-2.3A7 7 0 0 0 12 2z",
  restart: "M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5",
  new: "M12 5v14M5 12h14",
  analysis: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  replay: "M7 4v16l13-8z",
  stats: "M4 20V10M10 20V4M16 20v-7M22 20H2",
  options: "M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4",
};

// How long the Restart button waits for the press that confirms it.
const CONFIRM_MS = 4000;

/** A toolbar icon. @param {string} name */
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

/** The toolbar: one row of the actions of play, icons with their names (Undo, Hint, Restart,
 * New game, and Analysis once it is offered), and a menu of what is rarely used (Replay,
 * Statistics, Options). New game, Options and Statistics open their panels.
 * @param {Ctx} ctx */
export function buildToolbar(ctx) {
  const { S, on, send } = ctx;
  /** @param {string} action @param {Record<string, unknown>} [attrs] */
  const button = (action, attrs = {}) =>
    h("button", { type: "button", class: "pyr-btn", "data-action": action, ...attrs }, [icon(action), h("span", { class: "pyr-btn-label" })]);
  const buttons = {
    undo: button("undo"),
    hint: button("hint"),
    restart: button("restart"),
    new: button("new"),
    analysis: button("analysis", { hidden: true }),
    more: button("more", { "aria-haspopup": "menu", "aria-expanded": "false" }),
    replay: button("replay", { role: "menuitem", tabindex: "-1" }),
    stats: button("stats", { role: "menuitem", tabindex: "-1" }),
    options: button("options", { role: "menuitem", tabindex: "-1" }),
  };
  const menu = h("div", { class: "pyr-menu", role: "menu", hidden: true }, [buttons.replay, buttons.stats, buttons.options]);
  const moreBox = h("div", { class: "pyr-more" }, [buttons.more, menu]);
  const bar = h("div", { class: "pyr-toolbar", role: "toolbar" }, [
    buttons.undo, buttons.hint, buttons.restart, buttons.new, buttons.analysis, moreBox,
  ]);
  on(buttons.undo, "click", () => send({ type: "undo" }));
  // Restart throws a game under way away: the first press asks (the button says so for a few
  // seconds), a second one deals again.
  let confirmUntil = 0;
  const askRestart = (/** @type {boolean} */ asking) => {
    confirmUntil = asking ? ctx.now() + CONFIRM_MS : 0;
    setAttr(buttons.restart, "data-confirm", asking ? "true" : null);
    setText(/** @type {HTMLElement} */ (buttons.restart.lastChild), S(asking ? "restart_confirm" : "restart"));
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

  /** @param {boolean} open @param {boolean} [focus] */
  function showMenu(open, focus = false) {
    setAttr(menu, "hidden", open ? null : true);
    buttons.more.setAttribute("aria-expanded", open ? "true" : "false");
    const items = visibleItems();
    if (open && focus && items[0]) items[0].focus({ preventScroll: true });
  }
  const visibleItems = () => [buttons.replay, buttons.stats, buttons.options].filter((b) => !b.hidden);
  on(buttons.more, "click", () => showMenu(menu.hidden, true));
  // A choice in the menu closes it (its own click then does what it does).
  on(menu, "click", () => showMenu(false));
  on(menu, "keydown", (/** @type {KeyboardEvent} */ event) => {
    const items = visibleItems();
    const at = items.indexOf(/** @type {HTMLButtonElement} */ (event.target));
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
  // A press anywhere else closes it.
  on(document, "pointerdown", (/** @type {PointerEvent} */ event) => {
    if (!menu.hidden && !moreBox.contains(/** @type {Node} */ (event.target))) showMenu(false);
  });

  /** @param {Snapshot} st @param {UiText} text */
  function render(st, text) {
    const end = endOf(st);
    setAttr(bar, "hidden", st.mode === "replay" ? true : null);
    // Once the game is over there is nothing to hint; a new game is then the thing to do.
    setAttr(buttons.hint, "hidden", text.hint && (!end || end === "stuck") ? null : true);
    setAttr(buttons.stats, "hidden", st.stats ? null : true);
    buttons.new.classList.toggle("pyr-primary", !!end);
    buttons.undo.disabled = !st.can_undo;
    if (st.mode === "replay") showMenu(false);
  }
  function renderText() {
    for (const [action, b] of Object.entries(buttons)) {
      setText(/** @type {HTMLElement} */ (b.lastChild), S(action === "restart" && b.dataset.confirm ? "restart_confirm" : action));
    }
    setAttr(menu, "aria-label", S("more"));
  }
  return { bar, buttons, menu, showMenu, render, renderText };
}
