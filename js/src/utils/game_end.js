// The end of a game, as the table, the status line, the toolbar and the motion all read it.
/** @import { Snapshot } from "../types.js" */

/**
 * What the table says once a game is over, or nothing more can be removed (R17, R18): null
 * while play goes on, and never during a replay.
 * @param {Snapshot} st
 * @returns {"won" | "no_moves" | "stuck" | null}
 */
export function endOf(st) {
  if (st.mode === "replay") return null;
  if (st.status === "won" || st.status === "no_moves") return st.status;
  return st.stuck ? "stuck" : null;
}
