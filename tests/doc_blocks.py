"""Code blocks of Markdown pages, as a reader sees them: found, and run as written.

A fenced block whose info string is ``python`` (or ``py``/``pycon``) is Python. A block nested in a longer fence (an example of Markdown) is text, not a block. A
block of ``>>>`` lines is a doctest: the output shown under each line must be what the line
prints (``...`` stands for any text). Any other block runs as a script. A block that cannot
run in the tests starts with ``# not run by the tests: <why>``.
"""

from __future__ import annotations

import ast
import doctest
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SKIP = re.compile(r"#\s*not run by the tests:\s*(?P<why>.*)")
FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>```+|~~~+)\s*(?P<info>[\w+{}-]*)")
DOCTEST_FLAGS = doctest.ELLIPSIS
PYTHON = {"python", "py", "pycon"}


@dataclass(frozen=True)
class Block:
    """One fenced block of Python: its text and the line of the file where that text starts."""

    path: Path
    line: int
    source: str

    @property
    def where(self) -> str:
        shown = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        return f"{shown}:{self.line}"

    @property
    def skip_reason(self) -> str | None:
        """Why the block is not run, if its first line says so; ``""`` if it says so without a reason."""
        first = self.source.lstrip().splitlines()[0] if self.source.strip() else ""
        match = SKIP.fullmatch(first.strip())
        return match["why"].strip() if match else None

    @property
    def is_doctest(self) -> bool:
        return self.source.lstrip().startswith(">>>")


def python_blocks(path: Path) -> list[Block]:
    """The Python blocks of a page (see the module's docstring), in file order."""
    blocks: list[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        fence, indent = opening["fence"], len(opening["indent"])
        end = index + 1
        while end < len(lines) and not lines[end].strip().startswith(fence):
            end += 1
        info = opening["info"].lower()
        if info in PYTHON:
            body = [line[indent:] for line in lines[index + 1 : end]]
            blocks.append(Block(path, index + 2, "\n".join(body) + "\n"))
        index = end + 1
    return blocks


def run_script(block: Block, namespace: dict) -> None:
    tree = ast.parse(block.source, filename=str(block.path))
    ast.increment_lineno(tree, block.line - 1)  # tracebacks point at the file's own lines
    exec(compile(tree, str(block.path), "exec"), namespace)


def run_doctest(block: Block, namespace: dict) -> None:
    test = doctest.DocTestParser().get_doctest(
        block.source, namespace, block.where, str(block.path), block.line - 1
    )
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=DOCTEST_FLAGS)
    result = runner.run(test, out=report.append)
    if result.failed:
        pytest.fail(f"{block.where}: the block's output differs\n" + "".join(report), pytrace=False)


def run(block: Block) -> None:
    """Run one block alone, in a fresh namespace, as a reader pastes it."""
    namespace: dict = {"__name__": "__main__"}
    if block.is_doctest:
        run_doctest(block, namespace)
    else:
        run_script(block, namespace)
