// Small DOM helpers: make an element, and change an attribute or a text only when it differs
// (an update in place touches nothing that stays the same).

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * An element with attributes (`class`, `text`, any other: `true` writes it empty, `false`,
 * `null` and `undefined` leave it out) and children.
 * @template {keyof HTMLElementTagNameMap} T
 * @param {T} tag @param {Record<string, unknown>} [attrs] @param {(Node | string)[]} [children]
 * @returns {HTMLElementTagNameMap[T]}
 */
export function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = String(value);
    else if (key === "text") el.textContent = String(value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  // Form fields keep every key (typing, arrows in a select): no notebook shortcut inside them.
  if (tag === "input" || tag === "select") el.setAttribute("data-lm-suppress-shortcuts", "true");
  for (const child of children) el.append(child);
  return el;
}

/** @param {Element} el @param {string} name @param {unknown} value */
export function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else {
    const text = value === true ? "" : String(value);
    if (el.getAttribute(name) !== text) el.setAttribute(name, text);
  }
}

/** @param {Node} el @param {unknown} value */
export function setText(el, value) {
  const text = String(value);
  if (el.textContent !== text) el.textContent = text;
}

/** The nearest element from an event's target up that matches `selector` (a target may be a
 * text node, or the window). @param {EventTarget | null} target @param {string} selector */
export function closest(target, selector) {
  const el = /** @type {Element | null} */ (target);
  return el && typeof el.closest === "function" ? el.closest(selector) : null;
}
