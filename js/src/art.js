/** @import { CardArt } from "./types.js" */
import { h } from "./utils/dom.js";

/** The card art and the palette Python sends (the `_art` trait): put in the page once for
 * every view (a deck's sprite is large, and parsing it again for each view would slow every new
 * one), so that every card draws as a <use> of the sprite and the table takes its colours from
 * the palette. They stay in the page's body, never in an output a notebook may take out of the
 * page while another view still draws from them.
 * @param {Document} page */
export function buildArt(page) {
  /** @param {CardArt | undefined} art */
  function render(art) {
    if (!art) return;
    let host = page.getElementById("pyr-art");
    if (!host) {
      host = h("div", { id: "pyr-art", class: "pyr-sprites", "aria-hidden": "true" }, [h("style")]);
      page.body.append(host);
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
