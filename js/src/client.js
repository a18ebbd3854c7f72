// The protocol client: what a view reads of the traits Python syncs, and how it speaks back.
// Python -> here: `_state` (the position, sent on every change), `_table` (the table's static
// layout, engine/view/snapshot.py, sent once per table), `_text` (the language's strings and
// card names, ui_text.py), `_art` (the decks' card art and the palette, art.py; sent once) and
// `_work` (long solver work under way). Here -> Python: `model.send(message)` only, one of the
// messages typed in types.js; the kernel checks every one (pyramide_widget/widget/protocol.py).
// Statistics travel on request (panels/stats.js).
/** @import { Model, Snapshot, State, TableView, Words } from "./types.js" */
import { fill } from "./utils/format.js";

/** The traits a view draws the table from: a change of either redraws it. */
export const SNAPSHOT_TRAITS = ["_state", "_table"];

/**
 * The snapshot a view draws: the `_state` trait with the `_table` trait as its `table`. The
 * same object until either trait changes; `{}` before the kernel's first state.
 * @param {Model} model @returns {() => Snapshot}
 */
export function snapshotReader(model) {
  /** @type {State | undefined} */
  let state;
  /** @type {TableView | undefined} */
  let table;
  let joined = /** @type {Snapshot} */ ({});
  return () => {
    const [nowState, nowTable] = [model.get("_state"), model.get("_table")];
    if (nowState !== state || nowTable !== table) {
      [state, table] = [nowState, nowTable];
      joined = /** @type {Snapshot} */ (state ? { ...state, table } : {});
    }
    return joined;
  };
}

/** The current language's words: the string for `key`, its placeholders filled (the key
 * itself where the language has none). @param {Model} model @returns {Words} */
export const wordsOf = (model) => (key, values) => {
  const text = model.get("_text") || {};
  return fill((text.strings || {})[key] ?? key, values || {}, text.language || "en");
};
