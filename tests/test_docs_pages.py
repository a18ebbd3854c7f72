"""The documentation site's pages, as written: their figures are the package's.

The tables of figures come from the package when the site is built (``docs/_ext/site_data.py``),
so the pages write no share won by hand; the games page shows every table the presets play on.
Every Python block of the pages runs alone in ``tests/test_readme.py``. No Sphinx needed: the
built site has its own tests (``tests/test_docs_site.py``).
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from pathlib import Path

import pytest
from doc_blocks import python_blocks

from pyramide_widget import PRESETS, published_rates
from pyramide_widget.analysis.published import Rate
from pyramide_widget.analysis.rate import wilson_interval

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import site_data  # noqa: E402 (docs/_ext, put on the path above)

# Built or generated, not pages: the build's folders and the notebooks copied from examples/.
NOT_PAGES = {"_build", "notebooks"}
PAGES = sorted(
    path for path in DOCS.rglob("*.md") if not NOT_PAGES & set(path.relative_to(DOCS).parts)
)
BLOCKS = [block for page in PAGES for block in python_blocks(page)]
# A share written by hand: a number with a percent sign, but not the "95%" of an interval nor
# the "100%" of a scale.
SHARE = re.compile(r"(?<![\w.])(?!95%|100%)\d+(?:\.\d+)?\s?%")
FENCE = re.compile(r"^\s*(```+|~~~+)")


def test_the_site_has_its_pages_and_their_code():
    shown = {str(page.relative_to(DOCS)) for page in PAGES}
    assert {"index.md", "rules.md", "guides/games.md", "guides/probability.md"} <= shown
    assert len(BLOCKS) >= 15
    assert any(block.is_doctest for block in BLOCKS)


def _prose(page: Path) -> list[tuple[int, str]]:
    """The lines of a page outside its fenced blocks, with their numbers."""
    lines, fence = [], None
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        opening = FENCE.match(line)
        if fence is None and opening:
            fence = opening[1]
        elif fence is not None and line.strip().startswith(fence):
            fence = None
        elif fence is None:
            lines.append((number, line))
    return lines


def test_no_page_writes_a_share_won_by_hand():
    """Shares come from the package's published figures (``{rate}`` and ``{published-rates}``)."""
    found = [
        f"{page.relative_to(ROOT)}:{number}: {line.strip()}"
        for page in PAGES
        for number, line in _prose(page)
        if SHARE.search(line)
    ]
    assert found == []


def test_the_share_check_finds_a_share_written_by_hand():
    assert SHARE.search("the solver wins 66.6% of deals")
    assert SHARE.search("about 7 % of them")
    assert not SHARE.search("a 95% interval, inside 0–100%")
    assert not SHARE.search("{rate}`N` of the deals")


def test_the_games_page_has_a_live_table_of_every_preset():
    """Each preset's deal behind a button (``pyramide_widget.sphinx``), so that the page starts
    no table until asked."""
    text = (DOCS / "guides" / "games.md").read_text(encoding="utf-8")
    tables = re.findall(r"^```\{pyramide\} PY\d-(\w)-\w{7}\n((?::[\w-]+:.*\n)*)", text, re.M)
    assert sorted(letter for letter, _ in tables) == sorted(PRESETS)
    assert all(":start: button\n" in options for _, options in tables)


def test_the_preset_table_lists_every_preset_with_its_knobs():
    header, rows = site_data.preset_rows()
    assert [row[0] for row in rows] == list(PRESETS)
    by_letter = {row[0]: dict(zip(header, row, strict=True)) for row in rows}
    assert by_letter["T"]["to win, clear"] == "every card"
    assert by_letter["N"]["recycles"] == "unlimited"
    assert by_letter["P"]["recycles"] == "2"
    assert by_letter["E"]["pair with coverer"] == "yes"
    assert by_letter["B"]["table"] == "Spanish"


def test_a_table_picture_is_the_package_static_picture():
    name, svg, label = site_data.table_picture("PY1-W-AAAAAAS")
    assert name == "PY1-W-AAAAAAS.svg" and label == "The table of PY1-W-AAAAAAS"
    from pyramide_widget import Game

    assert svg == Game.from_code("PY1-W-AAAAAAS")._repr_svg_()
    after, moved, _ = site_data.table_picture("PY1-N-AAAAAAS", ["K♣", "draw"])
    assert after != name and moved != svg and "moves 2" in moved


@pytest.mark.parametrize(
    ("share", "text"),
    [(0.666, "66.6%"), (0.0693, "6.9%"), (0.0041, "0.41%"), (0.0, "0.00%"), (1.0, "100.0%")],
)
def test_shares_print_with_one_decimal_from_one_percent_and_two_below(share, text):
    assert site_data.percent(share) == text


def test_an_interval_prints_both_ends_with_the_decimals_of_the_higher():
    assert site_data.percent_range(0.657, 0.675) == "65.7–67.5%"
    assert site_data.percent_range(0.0007, 0.0021) == "0.07–0.21%"
    assert site_data.percent_range(0.004, 0.012) == "0.4–1.2%"


def test_the_sites_stamp_ignores_the_compiled_search():
    """The site serves a pure-Python wheel: rebuilding the compiled search (each ``pip install
    -e``) must not make it stale, or the tests rebuild it for nothing."""
    sys.path.insert(0, str(DOCS))
    import build_site

    if not any((ROOT / "pyramide_widget").rglob("*.so")):
        pytest.skip("the compiled search is not built here")
    sources = build_site.sources()
    assert ROOT / "pyramide_widget" / "__init__.py" in sources
    assert [p for p in sources if p.suffix in {".so", ".pyd"}] == []


def _traditional_players(monkeypatch: pytest.MonkeyPatch, players: dict) -> None:
    """The published figures, with Traditional's players made ``players``."""
    items = site_data.published()
    traditional = next(item for item in items if item.rules.letter == "T")
    changed = dataclasses.replace(traditional, players=players)
    monkeypatch.setattr(
        site_data, "published", lambda: tuple(changed if i is traditional else i for i in items)
    )


def _with_expert(monkeypatch: pytest.MonkeyPatch, won: int, deals: int) -> None:
    """The published figures, with an expert's run under Traditional of ``won`` in ``deals``."""
    traditional = published_rates("T")
    low, high = wilson_interval(won, deals)
    expert = Rate(traditional.rules, "expert", "plans", 2024, deals, won, low, high)
    _traditional_players(monkeypatch, {**traditional.players, "expert": expert})


def test_the_expert_answer_says_so_while_the_experts_rate_is_not_published(monkeypatch):
    players = published_rates("T").players
    _traditional_players(monkeypatch, {k: v for k, v in players.items() if k != "expert"})
    assert "not published yet" in site_data.expert_answer()


@pytest.mark.parametrize(
    ("won", "deals", "where"),
    [
        (50, 10_000, "above what the expert achieves"),  # 0.5%: 1 in 50 asks for more
        (400, 10_000, "below what the expert achieves"),  # 4%
        (200, 10_000, "inside the expert's interval"),  # 2%
    ],
)
def test_the_expert_answer_places_1_in_50_against_the_experts_interval(
    monkeypatch, won, deals, where
):
    _with_expert(monkeypatch, won, deals)
    answer = site_data.expert_answer()
    assert where in answer
    assert f"{site_data.percent(won / deals)} (" in answer and f"{deals:,} deals" in answer


def test_the_jupyterlite_guide_quotes_the_measured_recipe():
    """The time to a playable table, the requests off the site and the built size the guide
    states are those of ``benchmarks/results/docs_table.json``."""
    result = json.loads((ROOT / "benchmarks" / "results" / "docs_table.json").read_text("utf-8"))
    guide = " ".join((DOCS / "guides" / "jupyterlite.md").read_text(encoding="utf-8").split())
    runs = result["runs"]
    loads = [run["load_before"][0] for run in runs] + [run["load_after"][0] for run in runs]
    assert result["requests_off_site"] == sum(run["requests_off_site"] for run in runs) == 0
    for quoted in (
        f"weighs {result['site_bytes'] / 1e6:.0f} MB",
        f"({result['lite_bytes'] / 1e6:.0f} MB)",
        "0 requests off the site",
        f"took {result['median_seconds_to_playable']:.0f} s (median of {len(runs)} runs",
        f"fastest {result['fastest_seconds_to_playable']:.0f} s",
        f"load {min(loads):.1f} to {max(loads):.1f}",
    ):
        assert quoted in guide, quoted
