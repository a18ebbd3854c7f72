// The protocol client: what a view reads of the traits Python syncs, and how it speaks back.
// Python -> here: `_state` (the position, see pyramide_widget/engine/view_state.py), `_text`
// (the language's strings and card names, ui_text.py), `_art` (the decks' card art and the
// palette, art.py; sent once) and `_work` (long solver work under way). Here -> Python:
// `model.send(message)` only, one of the messages typed in types.js; the kernel checks every
// one (pyramide_widget/widget/protocol.py). Statistics travel on request (panels/stats.js).
/** @import { Model, Snapshot, Words } from "./types.js" */
import { fill } from "./utils/format.js";

/** The traits a view draws the table from: a change redraws it. */
export const SNAPSHOT_TRAITS = ["_state"];

/** The snapshot a view draws; `{}` before the kernel's first state.
 * @param {Model} model @returns {() => Snapshot} */
export const snapshotReader = (model) => () => model.get("_state") || /** @type {Snapshot} */ ({});

/** The current language's words: the string for `key`, its placeholders filled (the key
 * itself where the language has none). @param {Model} model @returns {Words} */
export const wordsOf = (model) => (key, values) => fill(((model.get("_text") || {}).strings || {})[key] ?? key, values || {});
