/** @import { CardArt } from "./types.js" */
import { h } from "./utils/dom.js";

/** The card art and the palette Python sends (the `_art` trait): put in the page once for
 * every view (a deck's sprite is large, and parsing it again for each view would slow every new
 * one), so that every card draws as a <use> of the sprite and the table takes its colours from
 * the palette. They stay in the page's body, never in an output a notebook may take out of the
 * page while another view still draws from them; a view drawn in a shadow root (marimo draws
 * widgets so) gets them in that root, the only tree its <use> and styles reach.
 * @param {HTMLElement} el */
export function buildArt(el) {
  /** A shadow root (a fragment with a host), told without the page's ShadowRoot class.
   * @param {Node} node @returns {node is ShadowRoot} */
  const isShadow = (node) => node.nodeType === 11 && "host" in node;

  /** @param {CardArt | undefined} art */
  function render(art) {
    if (!art) return;
    place(art, el.isConnected ? el.getRootNode() : el.ownerDocument);
    // A view drawn before it is attached (marimo attaches it after drawing) learns its tree
    // in a later frame; in a shadow root it needs the art there too.
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

  /** @param {CardArt} art @param {Node} tree */
  function place(art, tree) {
    const page = isShadow(tree) ? tree : el.ownerDocument;
    let host = page.getElementById("pyr-art");
    if (!host) {
      host = h("div", { id: "pyr-art", class: "pyr-sprites", "aria-hidden": "true" }, [h("style")]);
      (isShadow(page) ? page : el.ownerDocument.body).append(host);
    }
    const style = /** @type {HTMLStyleElement} */ (host.firstChild);
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
