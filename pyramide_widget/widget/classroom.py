"""A student's part of the class activity as controls, so that no student edits code: number
boxes for the class number and the student's own, a "Show my deals" button, a button for each
deal above the student's table, and a button that shows the result code to read out."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..analysis.classroom import MAX_STUDENTS, ClassActivity, StudentPlay
from ..engine.rules import RulesLike
from .model import PyramideWidget

MAX_CLASS_NUMBER = 999_999
"""The largest class number the box takes: a number to write on the board (the box's bounds
travel to the browser as JavaScript numbers, and a front end in Pyodide fails to draw a box
bounded by the largest seed, 2**64 - 1)."""


class StudentDeals(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints
    """The boxes, the buttons and the table of one student; ``play`` is the deals shown last
    (class 1, student 1 until "Show my deals" is pressed)."""

    def __init__(self, rules: RulesLike = "T", deals_each: int = 5) -> None:
        self.rules, self.deals_each = rules, deals_each
        style = {"description_width": "initial"}
        self.class_number = widgets.BoundedIntText(
            value=1, min=0, max=MAX_CLASS_NUMBER, description="Class number:", style=style
        )
        self.student = widgets.BoundedIntText(
            value=1, min=1, max=MAX_STUDENTS, description="My number:", style=style
        )
        self.show = widgets.Button(description="Show my deals", button_style="primary")
        self.pick = widgets.ToggleButtons(options=[f"Deal {i}" for i in range(1, deals_each + 1)])
        self.play = self._new_play()
        self.table = PyramideWidget(game=self.play.games[0], stats=False)
        self.result = widgets.Button(
            description="Show my result code", layout=widgets.Layout(width="auto")
        )
        self.code = widgets.Label()
        self.show.on_click(self._show_deals)
        self.pick.observe(self._show_deal, "index")
        self.result.on_click(self._show_code)
        super().__init__(
            [
                widgets.HBox([self.class_number, self.student, self.show]),
                self.pick,
                self.table,
                widgets.HBox([self.result, self.code]),
            ]
        )

    @property
    def activity(self) -> ClassActivity:
        return self.play.activity

    def _new_play(self) -> StudentPlay:
        activity = ClassActivity(self.class_number.value, self.rules, self.deals_each)
        return activity.play(self.student.value)

    def _show_deals(self, _button: Any = None) -> None:
        """Deal the numbers' deals afresh, the first on the table."""
        self.play = self._new_play()
        self.code.value = ""
        if self.pick.index == 0:
            self.table.game = self.play.games[0]
        else:
            self.pick.index = 0  # its observer puts the first deal on the table

    def _show_deal(self, change: dict[str, Any]) -> None:
        self.table.game = self.play.games[change["new"]]

    def _show_code(self, _button: Any = None) -> None:
        self.code.value = self.play.summary()
