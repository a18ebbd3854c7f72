"""The built documentation site: every page is there, its links and anchors lead somewhere, it
loads nothing from outside, and its pictures and figures are the package's.

Internal links are followed to their file and, with a fragment, to an element with that id.
External links cannot be reached from here (no network but the package registries): their form
is checked instead, and no page may load a script, style, picture or frame from outside the site.
JupyterLite's own application (``lite/``) is its project's; only the pages that link into it are
checked, and that what they open exists: each live table (``pyramide_widget.sphinx``) opens the
site's own JupyterLite console with the page's deal. The site is built by the ``docs_site``
fixture (``tests/docs_site.py``).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from docs_site import docs_site

from pyramide_widget import PRESETS, Game

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import site_data  # noqa: E402 (docs/_ext, put on the path above)

__all__ = ["docs_site"]  # the fixture, imported for the tests below

LITE = "lite"
# Where a tag loads something (a link to follow is an <a>'s href).
LOADS = {"script": "src", "link": "href", "img": "src", "iframe": "src", "source": "src"}
# A live table's frame: its deal and the console it opens (at once, or when its button is pressed).
LIVE_TABLE = re.compile(
    r'<div class="pyramide-table" data-deal="([^"]*)"[^>]*>'
    r'<iframe class="pyramide-frame" (?:data-)?src="([^"]+)"'
)


@dataclass(frozen=True)
class Link:
    page: Path
    tag: str
    url: str


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("id", "name") if tag == "a" else ("id",):
            if values.get(name):
                self.ids.add(str(values[name]))
        wanted = "href" if tag == "a" else LOADS.get(tag)
        if wanted and values.get(wanted) is not None:
            self.found.append((tag, str(values[wanted])))


def _parse(page: Path) -> _Links:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def _pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if p.relative_to(site).parts[0] != LITE)


def _links(site: Path) -> Iterator[Link]:
    for page in _pages(site):
        for tag, url in _parse(page).found:
            yield Link(page, tag, url)
        for _, url in LIVE_TABLE.findall(page.read_text(encoding="utf-8")):
            yield Link(page, "console", unescape(url))


def _is_external(url: str) -> bool:
    return bool(urlsplit(url).scheme) or url.startswith("//")


def test_every_page_of_the_sources_is_built(docs_site: Path):
    sources = [
        path.relative_to(DOCS).with_suffix(".html")
        for path in DOCS.rglob("*.md")
        if not {"_build", "_output", "notebooks"} & set(path.relative_to(DOCS).parts)
        and path != DOCS / "README.md"
    ]
    assert sources
    assert [str(s) for s in sources if not (docs_site / s).is_file()] == []
    for notebook in (ROOT / "examples").glob("*.ipynb"):
        assert (docs_site / "notebooks" / f"{notebook.stem}.html").is_file()


def broken_links(site: Path) -> list[str]:
    """Each internal link of the site's pages whose file or anchor does not exist."""
    ids: dict[Path, set[str]] = {}
    broken = []
    for link in _links(site):
        if _is_external(link.url) or link.url.startswith(("javascript:", "data:")):
            continue
        parts = urlsplit(link.url)
        target = (link.page.parent / unquote(parts.path)).resolve() if parts.path else link.page
        if target.is_dir():
            target = target / "index.html"
        where = f"{link.page.relative_to(site)}: {link.url}"
        if not target.is_file():
            broken.append(f"{where} (no file)")
        elif parts.fragment and target.suffix == ".html":
            if target not in ids:
                ids[target] = _parse(target).ids
            if unquote(parts.fragment) not in ids[target]:
                broken.append(f"{where} (no id {parts.fragment!r})")
    return broken


def test_every_internal_link_and_anchor_leads_somewhere(docs_site: Path):
    assert broken_links(docs_site) == []


def test_external_links_are_well_formed_and_nothing_loads_from_outside(docs_site: Path):
    """External links cannot be followed here: each must be an https (or http, or mailto)
    address with a host; and no script, style, picture or frame comes from outside."""
    malformed, loaded = [], []
    external = 0
    for link in _links(docs_site):
        if not _is_external(link.url):
            continue
        external += 1
        parts = urlsplit(link.url)
        where = f"{link.page.relative_to(docs_site)}: {link.url}"
        if link.tag != "a":
            loaded.append(where)
        elif parts.scheme == "mailto":
            continue
        elif parts.scheme not in {"https", "http"} or not parts.netloc or " " in link.url:
            malformed.append(where)
    assert malformed == []
    assert loaded == []
    assert external > 0  # the theme's and the pages' links: the check is not vacuous


def test_the_link_check_finds_a_missing_anchor_and_a_missing_file(tmp_path: Path):
    (tmp_path / "a.html").write_text(
        '<a href="b.html#there">b</a><a href="b.html#nowhere">b</a><a href="c.html">c</a>'
        '<img src="https://example.org/x.png">'
    )
    (tmp_path / "b.html").write_text('<h2 id="there">There</h2><a href="#there">up</a>')
    assert broken_links(tmp_path) == [
        "a.html: b.html#nowhere (no id 'nowhere')",
        "a.html: c.html (no file)",
    ]
    links = [link for link in _links(tmp_path) if link.page.name == "a.html"]
    assert [(link.tag, link.url) for link in links] == [
        ("a", "b.html#there"),
        ("a", "b.html#nowhere"),
        ("a", "c.html"),
        ("img", "https://example.org/x.png"),
    ]
    assert _parse(tmp_path / "b.html").ids == {"there"}


def _live_tables(page: Path) -> list[tuple[str, str]]:
    return [(deal, unescape(url)) for deal, url in LIVE_TABLE.findall(page.read_text("utf-8"))]


def test_each_live_table_opens_the_site_own_jupyterlite_with_its_deal(docs_site: Path):
    pages = {page: _live_tables(page) for page in _pages(docs_site)}
    for name in ("index.html", "guides/games.html", "guides/playing.html"):
        assert pages[docs_site / name], f"{name} has no live table"
    for page, tables in pages.items():
        for deal, url in tables:
            parts = urlsplit(url)
            target = (page.parent / parts.path).resolve()
            assert target == docs_site / "lite" / "repl" / "index.html" and target.is_file()
            query = parse_qs(parts.query)
            assert query["kernel"] == ["python"] and query["hideCodeInput"] == ["1"]
            assert f"w = PyramideWidget({deal!r})" in query["code"][0], (page, deal)
    config = json.loads((docs_site / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"


def test_the_games_page_has_a_live_table_of_every_preset_behind_a_button(docs_site: Path):
    page = docs_site / "guides" / "games.html"
    html = page.read_text(encoding="utf-8")
    deals = [deal for deal, _ in _live_tables(page)]
    assert sorted(deal.split("-")[1] for deal in deals) == sorted(PRESETS)
    # Lazily started: no frame loads before its button is pressed.
    assert html.count('class="pyramide-frame" data-src=') == len(deals)
    assert html.count('class="pyramide-play"') == len(deals)


def test_each_game_picture_is_the_package_static_picture_of_its_deal(docs_site: Path):
    """The picture over a live table's button is the deal's static picture, drawn by the
    package; every table a preset plays on is drawn."""
    html = (docs_site / "guides" / "games.html").read_text(encoding="utf-8")
    drawn = [
        deal
        for deal, _ in _live_tables(docs_site / "guides" / "games.html")
        if Game.from_code(deal)._repr_svg_() in html
    ]
    assert {Game.from_code(deal).table.name for deal in drawn} == {
        preset.rules.table.name for preset in PRESETS.values()
    }


def _table_rows(html: str) -> list[list[str]]:
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.DOTALL):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.DOTALL)
        rows.append([unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in cells])
    return rows


def test_the_pages_tables_are_the_package_data(docs_site: Path):
    games = _table_rows((docs_site / "guides" / "games.html").read_text(encoding="utf-8"))
    header, rows = site_data.preset_rows()
    assert games[: len(rows) + 1] == [header, *rows]


def _shows(shown: list[list[str]], rows: tuple[list[str], list[list[str]]]) -> None:
    header, body = rows
    start = shown.index(header)
    assert shown[start : start + len(body) + 1] == [header, *body]


def test_the_published_figures_on_the_pages_are_the_package_data(docs_site: Path):
    from pyramide_widget.analysis.published import all_published_rates

    page = (docs_site / "guides" / "probability.html").read_text(encoding="utf-8")
    shown = _table_rows(page)
    for rows in (site_data.solver_rows(), site_data.player_rows(), site_data.outside_rows()):
        _shows(shown, rows)
    for item in all_published_rates():
        if item.rules.letter == "T" and item.solver is not None:
            assert f"{item.solver.won:,}" in page
    assert unescape(site_data.expert_answer()) in unescape(re.sub(r"<[^>]+>", "", page))


def test_the_benchmark_tables_on_the_pages_are_the_results_files(docs_site: Path):
    """The published runs with their times and loads, and the pile games' search times: the
    rows the benchmark scripts print from their results files."""
    guides = docs_site / "guides"
    _shows(
        _table_rows((guides / "probability.html").read_text(encoding="utf-8")),
        site_data.win_rate_run_rows(),
    )
    _shows(
        _table_rows((guides / "solver.html").read_text(encoding="utf-8")),
        site_data.pile_search_rows(),
    )
