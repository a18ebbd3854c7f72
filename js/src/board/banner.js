/** @import { Ctx, Snapshot } from "../types.js" */
import { h, setAttr, setText } from "../utils/dom.js";
import { formatTime } from "../utils/format.js";
import { endOf } from "../utils/game_end.js";

/** The end of a game said once, right above the table, over the status line, where it covers
 * no card: its title and one line (R17, R18, and the offer of a new game once nothing more can
 * be removed while drawing goes on: st.stuck), whole on hover where the line shortens it. The
 * actions that make sense then are the toolbar's. Not during a replay.
 * @param {Ctx} ctx */
export function buildBanner(ctx) {
  const { S } = ctx;
  const title = h("div", { class: "pyr-banner-title", "data-field": "banner-title" });
  const detail = h("div", { class: "pyr-banner-detail", "data-field": "banner-detail" });
  const banner = h("div", { class: "pyr-banner", "data-field": "banner", role: "alert", hidden: true }, [title, detail]);

  /** @param {Snapshot} st @param {HTMLElement} board */
  function render(st, board) {
    const end = endOf(st);
    setAttr(banner, "hidden", end ? null : true);
    setAttr(banner, "data-status", end);
    setAttr(board, "data-won", end === "won" ? "true" : null); // the celebration
    if (!end) return;
    setText(title, end === "won" ? S("won_title") : end === "stuck" ? S("stuck_title") : S("no_moves_title"));
    setText(
      detail,
      end === "won"
        ? S("won_detail", { score: st.score, time: formatTime(st.elapsed), moves: st.moves })
        : end === "stuck"
          ? S("stuck_help")
          : S("no_moves_help"),
    );
    setAttr(banner, "title", `${title.textContent} ${detail.textContent}`);
  }
  return { banner, title, detail, render };
}
