"""The students' page without code: the notebook shown as a page (``widget.notebook_page``, run
in a real kernel) and a student's controls for the class activity (``widget.classroom``)."""

from __future__ import annotations

import json
from pathlib import Path

import nbclient
import nbformat
import pytest

from pyramide_widget.analysis.classroom import ClassActivity, DealResult
from pyramide_widget.widget.classroom import MAX_CLASS_NUMBER, StudentDeals
from pyramide_widget.widget.notebook_page import show_example

PAGE = [
    ("markdown", "# A page\n\nThe text *as written*.", []),
    ("code", "secret = 6 * 7\nprint('printed', secret)", []),
    ("markdown", "**For the teacher.** Not on the page.", ["teacher"]),
    ("code", "print('the teacher alone')", ["teacher"]),
    ("code", "secret + 1", []),
    ("code", "None", []),
]


def shown(tmp_path: Path) -> list[dict[str, object]]:
    """The outputs of a notebook whose one cell shows the page ``PAGE`` with show_notebook."""
    page = nbformat.v4.new_notebook()
    for kind, source, tags in PAGE:
        cell = (nbformat.v4.new_markdown_cell if kind == "markdown" else nbformat.v4.new_code_cell)(
            source, metadata={"tags": tags}
        )
        page.cells.append(cell)
    nbformat.write(page, tmp_path / "page.ipynb")
    runner = nbformat.v4.new_notebook()
    runner.cells.append(
        nbformat.v4.new_code_cell(
            "from pyramide_widget.widget.notebook_page import show_notebook\n"
            "show_notebook('page.ipynb')"
        )
    )
    nbclient.execute(runner, cwd=str(tmp_path), timeout=120)
    return [dict(output) for output in runner.cells[0].outputs]


def test_a_notebook_page_shows_the_text_and_the_outputs_never_the_code(tmp_path: Path) -> None:
    outputs = shown(tmp_path)
    texts = [
        output.get("text") or json.dumps(output.get("data", {}), sort_keys=True)
        for output in outputs
    ]
    page = "\n".join(str(text) for text in texts)
    assert "The text *as written*." in page and "# A page" in page
    assert "printed 42" in page
    assert '"text/plain": "43"' in page  # the last expression of a cell, shown
    assert "6 * 7" not in page and "secret" not in page  # the code itself, never
    assert "teacher" not in page  # the teacher's cells, left out
    assert "None" not in page  # as in a notebook, a None result shows nothing
    markdown = [o for o in outputs if "text/markdown" in o.get("data", {})]
    assert len(markdown) == 1


def test_a_student_gets_their_own_deals_and_a_result_code_that_says_how_they_went() -> None:
    student = StudentDeals(rules="T", deals_each=5)
    assert student.table.game.code == ClassActivity(1).deal_codes(1)[0]
    student.class_number.value, student.student.value = 7, 3
    student.show.click()
    deals = ClassActivity(7).deal_codes(3)
    assert student.activity.class_number == 7
    assert student.table.game.code == deals[0]
    student.pick.index = 1
    assert student.table.game.code == deals[1]
    student.table.game.play("draw")
    student.result.click()
    assert student.code.value == student.play.summary()
    code = student.code.value.split()[3]
    assert ClassActivity(7).read_code(code).results[:2] == (
        DealResult.NOT_PLAYED,
        DealResult.LOST,
    )


def test_showing_the_deals_again_deals_them_afresh_from_the_first() -> None:
    student = StudentDeals()
    student.pick.index = 2
    student.table.game.play("draw")
    student.result.click()
    student.show.click()
    assert student.pick.index == 0 and student.code.value == ""
    assert student.table.game is student.play.games[0]
    assert student.play.result().results == (DealResult.NOT_PLAYED,) * 5


@pytest.mark.parametrize(
    ("box", "typed", "kept"),
    [("class_number", -5, 0), ("class_number", 10**12, MAX_CLASS_NUMBER), ("student", 0, 1)],
)
def test_a_number_out_of_bounds_is_kept_within_them(box: str, typed: int, kept: int) -> None:
    student = StudentDeals()
    getattr(student, box).value = typed
    assert getattr(student, box).value == kept
    student.show.click()  # deals for the number kept, never an error
    assert student.table.game is student.play.games[0]


def test_an_example_the_package_does_not_carry_is_refused_by_name() -> None:
    with pytest.raises(FileNotFoundError, match=r"no example notebook named 'nothing\.ipynb'"):
        show_example("nothing.ipynb")
