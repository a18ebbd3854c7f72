"""What the statistics show: :class:`Statistics` as text, HTML and JSON-ready data."""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...engine.rules import PRESETS
from .entries import GameEntry, Totals, check_letter, clock


@dataclass(frozen=True)
class Statistics:
    """Totals and rankings per preset, as :func:`stats` returns them; shows as text and HTML."""

    path: Path
    overall: Totals
    per_rules: tuple[Totals, ...]
    rankings: tuple[tuple[str, tuple[GameEntry, ...]], ...]

    def ranking(self, rules_letter: str) -> tuple[GameEntry, ...]:
        return dict(self.rankings).get(check_letter(rules_letter) or "", ())

    def totals(self, rules_letter: str | None = None) -> Totals:
        letter = check_letter(rules_letter)
        if letter is None:
            return self.overall
        return next(
            (t for t in self.per_rules if t.rules == letter), Totals(letter, 0, 0, None, None)
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form, for a front end's Statistics view (times in seconds, UTC ISO dates)."""
        return {
            "overall": totals_dict(self.overall),
            "per_rules": [totals_dict(t) for t in self.per_rules],
            "rankings": {
                letter: [entry_dict(e) for e in entries] for letter, entries in self.rankings
            },
        }

    def _rows(self) -> Iterator[tuple[str, Totals]]:
        for totals in self.per_rules:
            yield rules_name(totals.rules), totals
        if len(self.per_rules) != 1:
            yield "All rules", self.overall

    def to_text(self) -> str:
        if not self.overall.played:
            return "Statistics: no finished game yet."
        lines = [
            "Statistics",
            f"{'rules':<22}{'played':>7}{'won':>6}{'assisted':>10}{'win rate':>10}{'best time':>11}{'fewest moves':>14}",
        ]
        for name, t in self._rows():
            lines.append(
                f"{name:<22}{t.played:>7}{t.won:>6}{t.won_assisted:>10}{_rate(t.win_rate):>10}"
                f"{clock(t.best_time):>11}{_opt(t.fewest_moves):>14}"
            )
        lines.append(_WITHOUT_HELP)
        for letter, entries in self.rankings:
            if not entries:
                continue
            lines += ["", f"Best {rules_name(letter)} games won without help (time, then moves)"]
            for n, e in enumerate(entries, 1):
                lines.append(
                    f"{n:>3}. {clock(e.time):>8}  {e.moves:>4} moves  {e.code or 'custom layout':<14}"
                    f"  {e.finished_at:%Y-%m-%d %H:%M}"
                )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        if not self.overall.played:
            return "<p class='pyramide-stats'>Statistics: no finished game yet.</p>"

        def esc(value: Any) -> str:  # everything shown comes from a file that may have been edited
            return html.escape(str(value))

        rows = "".join(
            f"<tr><td>{esc(name)}</td><td>{esc(t.played)}</td><td>{esc(t.won)}</td><td>{esc(t.won_assisted)}</td>"
            f"<td>{esc(_rate(t.win_rate))}</td><td>{esc(clock(t.best_time))}</td><td>{esc(_opt(t.fewest_moves))}</td></tr>"
            for name, t in self._rows()
        )
        parts = [
            "<div class='pyramide-stats'><table><thead><tr><th>rules</th><th>played</th><th>won</th><th>assisted</th>"
            f"<th>win rate</th><th>best time</th><th>fewest moves</th></tr></thead><tbody>{rows}</tbody></table>"
            f"<p>{esc(_WITHOUT_HELP)}</p>"
        ]
        for letter, entries in self.rankings:
            if not entries:
                continue
            body = "".join(
                f"<tr><td>{n}</td><td>{esc(clock(e.time))}</td><td>{esc(e.moves)}</td>"
                f"<td>{esc(e.code or 'custom layout')}</td><td>{esc(f'{e.finished_at:%Y-%m-%d %H:%M}')}</td></tr>"
                for n, e in enumerate(entries, 1)
            )
            parts.append(
                f"<h4>Best {esc(rules_name(letter))} games won without help</h4><table><thead><tr><th>#</th><th>time</th>"
                f"<th>moves</th><th>code</th><th>finished (UTC)</th></tr></thead><tbody>{body}</tbody></table>"
            )
        return "".join(parts) + "</div>"


_WITHOUT_HELP = "Assisted wins (a hint or the solver helped) count as won; best time, fewest moves and rankings are of wins without help."


def totals_dict(t: Totals) -> dict[str, Any]:
    """JSON-ready totals, named for a front end."""
    return {
        "rules": t.rules,
        "name": rules_name(t.rules),
        "played": t.played,
        "won": t.won,
        "won_assisted": t.won_assisted,
        "win_rate": t.win_rate,
        "best_time": t.best_time,
        "fewest_moves": t.fewest_moves,
    }


def entry_dict(e: GameEntry) -> dict[str, Any]:
    """A JSON-ready ranking line."""
    return {
        "id": e.id,
        "code": e.code,
        "rules": e.rules,
        "time": e.time,
        "moves": e.moves,
        "score": e.score,
        "finished_at": e.finished_at.isoformat(timespec="seconds"),
    }


def rules_name(letter: str | None) -> str:
    """A preset's name and letter (``Standard (N)``), ``All rules`` for ``None``."""
    if letter is None:
        return "All rules"
    preset = PRESETS.get(letter)
    return f"{preset.name} ({letter})" if preset else f"Custom ({letter})"


def _rate(rate: float | None) -> str:
    return "—" if rate is None else f"{rate:.1%}"


def _opt(value: int | None) -> str:
    return "—" if value is None else str(value)
