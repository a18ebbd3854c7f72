"""The probability notebooks, read as their readers read them: the lesson for a class
(``examples/probability_lesson.ipynb``) and the one for programmers
(``examples/probability_for_programmers.ipynb``).

Their text quotes no figure the page does not show: a rate or a count is printed by a cell,
computed there or read from the published figures the package ships, never typed into the
markdown. The lesson speaks plainly: rules by their names, no testing marks, no jargon. That
they run top to bottom is nbval's part (``pytest examples/``), offline in the browser
``tests/browser/test_lesson_offline.py``'s.
"""

from __future__ import annotations

import html
import io
import json
import math
import os
import re
import subprocess
import tokenize
from pathlib import Path
from urllib.parse import parse_qs

import nbclient
import nbformat
import pytest

from pyramide_widget import PRESETS
from pyramide_widget.analysis.rate import Z_95
from pyramide_widget.widget.notebook_page import LEFT_OUT

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
LESSON = EXAMPLES / "probability_lesson.ipynb"
NOTEBOOKS = [LESSON, EXAMPLES / "probability_for_programmers.ipynb"]
CLAIM = 50
"""Morehead and Mott-Smith's "about 1 in 50": the one figure the text quotes from elsewhere,
which the lesson's code states (``1 / 50``) and measures against."""
LEVEL = round(100 * math.erf(Z_95 / math.sqrt(2)))
"""The level of every interval the package computes (95%), which the text may name."""


def cells(notebook: Path, kind: str, leave_out: str | None = None) -> list[str]:
    """The sources of the notebook's cells of ``kind``, less those tagged ``leave_out``."""
    data = json.loads(notebook.read_text(encoding="utf-8"))
    return [
        "".join(cell["source"])
        for cell in data["cells"]
        if cell["cell_type"] == kind and leave_out not in cell["metadata"].get("tags", [])
    ]


def student_markdown() -> str:
    """The lesson's text as the students' page shows it (``notebook_page``): without the
    teacher's cells."""
    return "\n".join(cells(LESSON, "markdown", leave_out=LEFT_OUT))


def code_numbers(notebook: Path) -> set[float]:
    """Every number written in the notebook's code cells."""
    numbers = set()
    for source in cells(notebook, "code"):
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.NUMBER:
                numbers.add(float(token.string.replace("_", "")))
    return numbers


def text_figures(text: str) -> list[str]:
    """The numbers of a text that state figures: percentages, "1 in N", and numbers with
    decimals, thousands separators or of 100 and more. The numbering of steps and lists, and
    the small numbers of the rules (13, an ace counts 1, 28 cards), are not figures."""
    text = re.sub(r"^(\s*|#+ )\d+\.\s", "", text, flags=re.MULTILINE)
    text = re.sub(r"`[^`]*`", "", text)  # code in the text: names, not figures
    text = re.sub(r"<[^>]*>", "", text)  # HTML tags: addresses, not figures
    figures = []
    for match in re.finditer(r"(1 in )?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(\s?%)?", text):
        one_in, number, percent = match.groups()
        value = float(number.replace(",", ""))
        if one_in or percent or "," in number or "." in number or value >= 100:
            figures.append(match.group(0))
    return figures


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.name)
def test_no_figure_in_the_text_that_the_page_does_not_show(notebook: Path) -> None:
    written = code_numbers(notebook)
    for text in cells(notebook, "markdown"):
        for figure in text_figures(text):
            number = float(re.sub(r"[^\d.]", "", figure.removeprefix("1 in ")))
            if figure.startswith("1 in "):
                assert number == CLAIM, f"{notebook.name}: {figure!r} quoted in the text"
            elif figure.endswith("%"):
                assert number == LEVEL, f"{notebook.name}: {figure!r} typed into the text"
            else:
                assert number in written, f"{notebook.name}: {figure!r} is not in its code"


def test_the_check_finds_a_rate_typed_into_the_text() -> None:
    assert text_figures("the solver wins 6.9%, about 1 in 14, over 10,000 deals") == [
        "6.9%",
        "1 in 14",
        "10,000",
    ]
    assert text_figures("1. play a deal\n## 3. How often\n13, an ace 1, 28 cards, 95%") == ["95%"]


def test_the_lesson_states_the_claim_it_measures_against() -> None:
    assert any("1 / 50" in source for source in cells(LESSON, "code"))


def test_the_lesson_hard_codes_no_rate() -> None:
    """Every figure it shows comes from the solver, the published data or the claim."""
    assert all(number == int(number) for number in code_numbers(LESSON))
    assert any("published_rates(" in source for source in cells(LESSON, "code"))


@pytest.mark.parametrize(
    "word", ["NBVAL", "Wilson", "seed", "benchmarks", "script", "interval", "estimate("]
)
def test_the_lesson_speaks_to_a_class_not_to_programmers(word: str) -> None:
    text = "\n".join(cells(LESSON, "markdown"))
    assert word.lower() not in text.lower()
    assert "NBVAL" not in "\n".join(cells(LESSON, "code"))


def test_the_lesson_names_rules_and_never_letters_them() -> None:
    text = "\n".join(cells(LESSON, "markdown"))
    letters = [letter for letter in PRESETS if letter != "A"]  # "A" is an English word
    assert not re.findall(rf"\b[{''.join(letters)}]\b", text)
    assert "**Standard**" in text and "**Traditional**" in text


def test_the_lesson_has_the_steps_its_introduction_promises() -> None:
    intro, *rest = cells(LESSON, "markdown")
    promised = [int(n) for n in re.findall(r"^(\d+)\. ", intro, flags=re.MULTILINE)]
    steps = [int(n) for text in rest for n in re.findall(r"^## (\d+)\. ", text, re.MULTILINE)]
    assert promised == steps == list(range(1, len(steps) + 1))


def test_the_lesson_links_its_worksheet_and_the_teachers_notes() -> None:
    teacher = "\n".join(cells(LESSON, "markdown")[1:2])
    assert teacher.startswith("**For the teacher.**")
    for page in re.findall(r"\]\((\.\./teaching/[\w.]+\.md)\)", teacher):
        assert (ROOT / "docs" / "notebooks" / page).resolve().is_file(), page
    assert "worksheet.md" in teacher and "teacher.md" in teacher


STUDENTS_PAGE = re.compile(r'<a href="\.\./lite/repl/index\.html\?([^"]+)">')


def test_the_lesson_the_worksheet_and_the_teachers_notes_link_one_students_page() -> None:
    """One address, which runs the lesson's file in the site's REPL as the students' page."""
    pages = [
        "\n".join(cells(LESSON, "markdown")),
        (ROOT / "docs" / "teaching" / "teacher.md").read_text(encoding="utf-8"),
        (ROOT / "docs" / "teaching" / "worksheet.md").read_text(encoding="utf-8"),
    ]
    addresses = {address for text in pages for address in STUDENTS_PAGE.findall(text)}
    assert len(addresses) == 1, addresses
    query = parse_qs(html.unescape(addresses.pop()))
    assert query["hideCodeInput"] == ["1"] and query["kernel"] == ["python"]
    assert query["code"] == [
        "from pyramide_widget.widget.notebook_page import show_example; "
        f"show_example('{LESSON.name}')"
    ]
    assert all(STUDENTS_PAGE.search(text) for text in pages)


STUDENT_EDITS = re.compile(r"\bcell\b|\brun (it|the|this)\b|Shift \+ Enter", re.IGNORECASE)


def test_the_students_page_never_asks_a_student_to_run_or_edit_code() -> None:
    """The students' page runs every cell as it opens; a student acts by buttons and boxes."""
    text = student_markdown()
    assert STUDENT_EDITS.findall(text) == []
    assert "**Show my deals**" in text and "**Show my result code**" in text
    assert "**Ask again**" in text


def test_the_teachers_notes_answer_every_question_and_plan_every_step() -> None:
    worksheet = (ROOT / "docs" / "teaching" / "worksheet.md").read_text(encoding="utf-8")
    notes = (ROOT / "docs" / "teaching" / "teacher.md").read_text(encoding="utf-8")
    questions = [int(n) for n in re.findall(r"^\*\*(\d+)\.\*\*", worksheet, re.MULTILINE)]
    answered = [
        int(n)
        for pair in re.findall(r"^\*\*(\d+)(?: and (\d+))?\.\*\*", notes, re.MULTILINE)
        for n in pair
        if n
    ]
    assert questions == answered == list(range(1, len(questions) + 1))
    steps = [
        int(n)
        for text in cells(LESSON, "markdown")
        for n in re.findall(r"^## (\d+)\. ", text, re.M)
    ]
    assert [int(n) for n in re.findall(r"^\| (\d+)\. ", notes, re.MULTILINE)] == steps
    assert [int(n) for n in re.findall(r"^## (\d+)\. ", worksheet, re.MULTILINE)] == steps


@pytest.fixture(scope="module")
def executed_lesson(tmp_path_factory: pytest.TempPathFactory) -> nbformat.NotebookNode:
    """The lesson run top to bottom in a kernel of this environment, as the documentation
    site's build runs it."""
    notebook = nbformat.read(LESSON, as_version=4)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PYRAMIDE_STATS", str(tmp_path_factory.mktemp("stats") / "stats.sqlite3"))
        nbclient.execute(notebook, cwd=str(tmp_path_factory.mktemp("lesson")), timeout=600)
    return notebook


def shown_texts(notebook: nbformat.NotebookNode) -> list[str]:
    """What a static page shows of each output that has text: printed text or ``text/plain``."""
    texts = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            texts.append(output.get("text") or output.get("data", {}).get("text/plain", ""))
    return texts


def test_a_widget_with_no_picture_leaves_no_repr_on_the_documentation_page(
    executed_lesson: nbformat.NotebookNode,
) -> None:
    """The site draws a widget by its static picture (``text/html``); a control without one
    (the button's box) would show its repr, ``VBox(children=(Button(…``, so its cell is
    tagged ``remove-output``, which MyST-NB honours."""
    bare = [
        cell.source.splitlines()[-1]
        for cell in executed_lesson.cells
        for output in cell.get("outputs", [])
        if set(output.get("data", {})) == {"text/plain", "application/vnd.jupyter.widget-view+json"}
        and "remove-output" not in cell.metadata.get("tags", [])
    ]
    assert bare == []
    tagged = [
        cell for cell in executed_lesson.cells if "remove-output" in cell.metadata.get("tags", [])
    ]
    assert len(tagged) == 3  # asking again, the button's box, a student's deals


def test_the_lesson_prints_sentences_not_reprs_nor_powers_of_ten(
    executed_lesson: nbformat.NotebookNode,
) -> None:
    texts = shown_texts(executed_lesson)
    assert any(re.search(r"^The chance from here is \d+%\.$", text, re.MULTILINE) for text in texts)
    assert not [text for text in texts if re.search(r"\bChance\(|\de[+-]\d", text)]


def test_the_lesson_pools_a_class(executed_lesson: nbformat.NotebookNode) -> None:
    texts = "\n".join(shown_texts(executed_lesson))
    assert re.search(r"a pretend class of careful players: \d+ won of \d+ deals", texts)
    assert "Traditional rules: the class beside the computer's players" in texts


BETWEEN_CELLS = """
import datetime, json, sys, tempfile
import nbclient, nbformat
nb = nbformat.read(sys.argv[1], 4)
nbclient.execute(nb, cwd=tempfile.mkdtemp(), timeout=int(sys.argv[2]), record_timing=True)
moments = [
    (datetime.datetime.fromisoformat(cell.metadata.execution["iopub.status.busy"].rstrip("Z")),
     datetime.datetime.fromisoformat(cell.metadata.execution["iopub.status.idle"].rstrip("Z")))
    for cell in nb.cells if cell.cell_type == "code"
]
print(json.dumps(max((start - end).total_seconds() for (_, end), (start, _) in zip(moments, moments[1:]))))
"""


def test_the_lesson_runs_in_the_documentation_sites_executor_without_a_stall(
    tmp_path: Path,
) -> None:
    """The documentation site executes the notebooks with nbclient and a cell timeout. An
    Output widget written inside ``with output:`` once left nbclient waiting out the whole
    timeout after the button's cell, in the site's environment (``PYRAMIDE_DOCS_PYTHON``)."""
    python = os.environ.get("PYRAMIDE_DOCS_PYTHON")
    if not python:
        pytest.skip("PYRAMIDE_DOCS_PYTHON names no documentation environment")
    timeout = 60
    result = subprocess.run(
        [python, "-c", BETWEEN_CELLS, str(LESSON), str(timeout)],
        capture_output=True,
        text=True,
        env={
            **os.environ,
            # The kernel too: its spec runs the first "python" on the PATH.
            "PATH": os.pathsep.join([str(Path(python).parent), os.environ.get("PATH", "")]),
            "PYRAMIDE_STATS": str(tmp_path / "stats.sqlite3"),
        },
        check=True,
    )
    longest_wait = json.loads(result.stdout.splitlines()[-1])
    assert longest_wait < timeout / 2, f"{longest_wait:.0f} s between two cells"
