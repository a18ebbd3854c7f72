"""The Sphinx extension's pages (pyramide_widget.sphinx), built by Sphinx without JupyterLite
(``pyramide_lite_build = False``): what each directive writes, and its errors. The site with its
JupyterLite is built and played in a browser by tests/browser/test_sphinx_recipe_browser.py."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from pyramide_widget import Game

pytest.importorskip("sphinx", reason="the test extra installs Sphinx")

CONF = 'extensions = ["pyramide_widget.sphinx"]\npyramide_lite_build = False\n'
FRAME = re.compile(
    r'<div class="pyramide-table" data-deal="([^"]*)" data-start="(\w+)" data-fit="(\w+)"'
    r'( style="[^"]*")?><iframe class="pyramide-frame" (data-src|src)="([^"]+)"'
)


def build(tmp_path: Path, pages: dict[str, str]) -> subprocess.CompletedProcess[str]:
    source = tmp_path / "src"
    for name, text in {"conf.py": CONF, **pages}.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text(text, encoding="utf-8")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-b",
            "html",
            "-W",
            "-q",
            "-E",
            str(source),
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
    )


def frames(page: Path) -> list[dict[str, str]]:
    found = []
    for deal, start, fit, style, attribute, url in FRAME.findall(page.read_text("utf-8")):
        parts = urlsplit(html.unescape(url))
        found.append(
            {
                "deal": deal,
                "start": start,
                "fit": fit,
                "style": style,
                "attribute": attribute,
                "path": parts.path,
                "code": parse_qs(parts.query)["code"][0],
            }
        )
    return found


def test_each_directive_writes_a_frame_of_the_site_console_running_its_deal(tmp_path: Path) -> None:
    result = build(
        tmp_path,
        {
            "index.rst": "Games\n=====\n\n.. pyramide:: py1-n-aaaaaas\n\n.. toctree::\n\n   more/page\n",
            "more/page.rst": (
                "More\n====\n\n.. pyramide:: T\n   :start: button\n   :button: Deal one\n\n"
                ".. pyramide::\n   :height: 640\n"
            ),
        },
    )
    assert result.returncode == 0, result.stderr
    out = tmp_path / "out"
    (first,) = frames(out / "index.html")
    assert first == {
        "deal": "PY1-N-AAAAAAS",
        "start": "open",
        "fit": "true",
        "style": "",
        "attribute": "src",
        "path": "lite/repl/index.html",
        "code": "from pyramide_widget import PyramideWidget\nw = PyramideWidget('PY1-N-AAAAAAS')\nw",
    }
    letter, anyone = frames(out / "more" / "page.html")
    assert (letter["start"], letter["attribute"], letter["path"]) == (
        "button",
        "data-src",
        "../lite/repl/index.html",
    )
    assert "w = PyramideWidget(rules='T')" in letter["code"]
    assert (anyone["fit"], anyone["style"]) == ("false", ' style="height: 640px"')
    assert "w = PyramideWidget()\n" in anyone["code"]
    page = (out / "more" / "page.html").read_text("utf-8")
    assert '<button type="button" class="pyramide-play">Deal one</button>' in page
    assert "_static/pyramide-lite.js" in page and "_static/pyramide-lite.css" in page
    assert (out / "_static" / "pyramide-lite.js").is_file()


def test_a_button_shows_the_deal_static_picture_unless_told_not_to(tmp_path: Path) -> None:
    result = build(
        tmp_path,
        {
            "index.rst": (
                "T\n=\n\n.. pyramide:: PY1-W-AAAAAAS\n   :start: button\n\n"
                ".. pyramide:: PY1-V-AAAAAAS\n   :start: button\n   :poster: none\n"
            )
        },
    )
    assert result.returncode == 0, result.stderr
    page = (tmp_path / "out" / "index.html").read_text("utf-8")
    assert Game.from_code("PY1-W-AAAAAAS")._repr_svg_() in page
    assert Game.from_code("PY1-V-AAAAAAS")._repr_svg_() not in page
    assert page.count('class="pyramide-poster pyramide-bare"') == 1
    assert page.count('data-start="button"') == 2


@pytest.mark.parametrize(
    ("directive", "message"),
    [
        (
            ".. pyramide:: PY1-Q-AAAAAAS",
            "expected a deal code such as PY1-N-AAAAAAS or a preset letter",
        ),
        (".. pyramide:: Z", "unknown rules letter 'Z'"),
        (
            ".. pyramide:: PY1-N-AAAAAAS\n   :start: later",
            '"later" unknown; choose from "open", or "button"',
        ),
        (".. pyramide:: PY1-N-AAAAAAS\n   :height: 50", "a height in pixels from 200 to 3000"),
        (".. pyramide:: PY1-N-AAAAAAS\n   :colour: red", 'unknown option: "colour"'),
    ],
)
def test_a_bad_directive_fails_the_build_saying_what_was_expected(
    tmp_path: Path, directive: str, message: str
) -> None:
    result = build(tmp_path, {"index.rst": f"T\n=\n\n{directive}\n"})
    assert result.returncode != 0
    assert message in result.stderr


def test_the_engine_and_the_widget_do_not_load_sphinx_nor_the_site_builder() -> None:
    code = (
        "import sys\nfrom pyramide_widget import Game, PyramideWidget\n"
        "PyramideWidget(game=Game.from_code('PY1-N-AAAAAAS'), stats=False)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'sphinx', 'docutils'}"
        " or m.startswith(('pyramide_widget.sphinx', 'pyramide_widget.lite'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
