"""A notebook shown as a page without its code: its text, and what each code cell prints or
shows, run behind the scenes in the kernel that calls :func:`show_notebook`.

The probability lesson's student view is this page in JupyterLite's REPL, which runs one line
given in its address and hides that line (``docs/teaching/teacher.md`` gives the address); it
reads the lesson the package carries (:func:`show_example`), as the REPL's kernel has no access
to the site's files. Cells tagged ``teacher`` are the teacher's alone and are left out.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from IPython import display as ipython_display

# IPython's display functions have no type hints.
display: Callable[..., None] = ipython_display.display
Markdown: Callable[[str], object] = ipython_display.Markdown
HTML: Callable[[str], object] = ipython_display.HTML

LEFT_OUT = "teacher"
"""The tag of the cells a student view leaves out."""
NO_PROMPT = HTML(
    "<style>.jp-CodeConsole-promptCell, .jp-CodeConsole-input,"
    " .jp-CodeConsole-split > .lm-SplitPanel-handle { display: none; }"
    " .jp-CodeConsole-split > .jp-CodeConsole-content { height: 100% !important; }</style>"
)
"""No REPL input under the page (nothing to type into on a page without code), and the page
over the whole height the input took."""
TO_THE_TOP = HTML(
    "<script>setTimeout(() => document.querySelectorAll('.jp-CodeConsole-content')"
    ".forEach((node) => { node.scrollTop = 0; }), 500);</script>"
)
"""Back to the page's start once it is all shown (the REPL follows its last output down)."""


def show_notebook(path: str | Path, leave_out: str = LEFT_OUT) -> None:
    """Show the notebook at ``path`` cell by cell, its code run and never shown, leaving out the
    cells tagged ``leave_out``."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    display(NO_PROMPT)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    for cell in data["cells"]:
        if leave_out in cell.get("metadata", {}).get("tags", []):
            continue
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            display(Markdown(source))
        elif cell["cell_type"] == "code":
            run_cell(source, namespace)
    display(TO_THE_TOP)


def show_example(name: str, leave_out: str = LEFT_OUT) -> None:
    """Show the example notebook ``name`` that the package carries (in its ``examples`` folder,
    or beside the package in an editable install) as :func:`show_notebook` does."""
    package = Path(__file__).resolve().parents[1]
    for folder in (package / "examples", package.parent / "examples"):
        if (folder / name).is_file():
            show_notebook(folder / name, leave_out)
            return
    raise FileNotFoundError(f"pyramide-widget carries no example notebook named {name!r}")


def run_cell(source: str, namespace: dict[str, Any]) -> None:
    """Run ``source`` as a notebook runs a cell: its last expression, if any, is displayed."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), namespace)
    if isinstance(last, ast.Expr):
        value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
        if value is not None:
            display(value)
