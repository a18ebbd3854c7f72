"""The documentation runs as written: every Python block of README.md and of the site's pages
(``docs/**/*.md``, a live console's code included; ``tests/doc_blocks.py`` finds them).

Each block runs alone, in a fresh namespace, as a reader pastes it into a new notebook or
session: a block imports every name it uses. A block of ``>>>`` lines is a doctest: the
output shown under each line must be what the line prints (``...`` stands for any text), so
the walkthroughs cannot drift from the code. Any other block runs as a script.

A block that cannot run here starts with a visible comment, ``# not run by the tests: <why>``
(a Dask cluster, say); it is the only way out, and it needs a reason. The blocks run in a
temporary folder (they save files) with a temporary statistics file (``tests/conftest.py``).
"""

from __future__ import annotations

import ast
import builtins
import doctest
import importlib.metadata
import json
import re
import symtable
import sys
from pathlib import Path

import pytest
from doc_blocks import Block, python_blocks, run, run_doctest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
# The README and every page of the documentation site (not what its build generates).
NOT_PAGES = {"_build", "_output", "notebooks"}
DOCUMENTS = [
    ROOT / "README.md",
    *sorted(
        path
        for path in (ROOT / "docs").rglob("*.md")
        if not NOT_PAGES & set(path.relative_to(ROOT / "docs").parts)
    ),
]
BLOCKS = [block for path in DOCUMENTS for block in python_blocks(path)]


@pytest.mark.parametrize("block", BLOCKS, ids=lambda block: block.where)
def test_every_python_block_runs_alone_as_written(block, tmp_path, monkeypatch):
    if block.skip_reason is not None:
        pytest.skip(f"{block.where} says: not run by the tests: {block.skip_reason}")
    monkeypatch.chdir(tmp_path)
    run(block)


def _python_of(block: Block) -> str:
    """The block's Python: a doctest's examples without their prompts and output."""
    if not block.is_doctest:
        return block.source
    return "".join(example.source for example in doctest.DocTestParser().get_examples(block.source))


def _names_not_defined(block: Block) -> set[str]:
    """The names ``block`` reads that it neither imports nor assigns, nor Python provides: the
    ones it would take from an earlier block. Read from the code, so a line that does not run
    (a loop over nothing) is checked too."""
    top = symtable.symtable(_python_of(block), str(block.path), "exec")
    defined = {s.get_name() for s in top.get_symbols() if s.is_assigned() or s.is_imported()}
    used: set[str] = set()
    tables = [top]
    while tables:
        table = tables.pop()
        tables += table.get_children()
        used |= {
            s.get_name()
            for s in table.get_symbols()
            if s.is_referenced() and (table is top or s.is_global())
        }
    return used - defined - set(dir(builtins))


@pytest.mark.parametrize("block", BLOCKS, ids=lambda block: block.where)
def test_every_python_block_imports_or_defines_every_name_it_uses(block):
    assert _names_not_defined(block) == set(), f"{block.where} uses names from other blocks"


def test_the_name_check_sees_names_from_elsewhere_even_in_code_that_does_notrun(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "```python\nfrom math import pi\nfor x in []:\n    print(tau, [pi * y for y in x])\n```\n\n"
        "```python\n>>> def area(r):\n...     return pi * r * r\n>>> area(1)\n3.14...\n```\n",
        encoding="utf-8",
    )
    assert [_names_not_defined(block) for block in python_blocks(page)] == [{"tau"}, {"pi"}]


def test_the_readme_has_its_walkthroughs_and_few_exceptions():
    """Guards against a collector that silently finds nothing to run (a changed fence style)."""
    blocks = python_blocks(ROOT / "README.md")
    skipped = [block for block in blocks if block.skip_reason is not None]
    assert len(blocks) >= 3
    assert sum(block.is_doctest for block in blocks) >= 1
    assert len(skipped) <= 1


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_a_block_left_out_says_why(path):
    for block in python_blocks(path):
        assert block.skip_reason != "", f"{block.where}: '# not run by the tests:' needs a reason"


def test_the_collector_reads_fences_markers_and_line_numbers(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "Text\n\n```python\nx = 1\n```\n\n```bash\nls\n```\n\n"
        "```python\n# not run by the tests: needs a cluster\nClient()\n```\n\n"
        "  ```pycon\n  >>> x + 1\n  2\n  ```\n",
        encoding="utf-8",
    )
    blocks = python_blocks(page)
    assert [(block.line, block.source) for block in blocks] == [
        (4, "x = 1\n"),
        (12, "# not run by the tests: needs a cluster\nClient()\n"),
        (17, ">>> x + 1\n2\n"),
    ]
    assert [block.skip_reason for block in blocks] == [None, "needs a cluster", None]
    assert [block.is_doctest for block in blocks] == [False, False, True]


def test_each_block_starts_from_nothing(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "```python\nfrom math import pi\n```\n\n```python\nprint(pi)\n```\n\n"
        "```python\n>>> from math import tau\n```\n\n```python\n>>> tau\n6.28...\n```\n",
        encoding="utf-8",
    )
    first, second, third, fourth = python_blocks(page)
    run(first)
    with pytest.raises(NameError, match="'pi' is not defined"):
        run(second)
    run(third)
    with pytest.raises(pytest.fail.Exception, match="name 'tau' is not defined"):
        run(fourth)


def test_a_doctest_block_with_a_wrong_output_fails(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```python\n>>> 6 * 7\n41\n```\n", encoding="utf-8")
    (block,) = python_blocks(page)
    with pytest.raises(pytest.fail.Exception, match="Got:\n    42"):
        run_doctest(block, {})


# ------------------------------------------------------------------ the Play command


def _imported_top_modules(source: str) -> set[str]:
    """Top-level names of the modules ``source`` imports, wherever (functions included)."""
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    modules: set[str] = set()
    for node in ast.walk(ast.parse("\n".join(lines))):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module.split(".")[0])
    return modules


def test_the_play_command_installs_everything_the_examples_use():
    """The README's Play command opens the example notebooks: the extras it installs must bring
    every third-party module the notebooks import, directly or through the package (charts:
    matplotlib), JupyterLab itself and Notebook 7, where the README says the widget runs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (command,) = [line for line in readme.splitlines() if "jupyter lab examples/play.ipynb" in line]
    extras = re.search(r'pip install -e "\.\[([\w,-]+)\]"', command)
    assert extras, command
    tomllib = pytest.importorskip("tomllib" if sys.version_info >= (3, 11) else "tomli")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for extra in extras[1].split(","):
        requirements += project["optional-dependencies"][extra]
    installed = {canonicalize_name(Requirement(text).name) for text in requirements}

    used: set[str] = set()
    for notebook in sorted((ROOT / "examples").glob("*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                used |= _imported_top_modules("".join(cell["source"]))
    assert "pyramide_widget" in used
    # The JupyterLite builder and the Sphinx extension are for building sites, with their extras.
    site_tools = {ROOT / "pyramide_widget" / "lite", ROOT / "pyramide_widget" / "sphinx"}
    for module in (ROOT / "pyramide_widget").rglob("*.py"):
        if not site_tools & set(module.parents):
            used |= _imported_top_modules(module.read_text(encoding="utf-8"))
    third_party = used - set(sys.stdlib_module_names) - {"pyramide_widget", "__future__"}
    assert "matplotlib" in third_party  # the charts; the check below must not be vacuous

    distributions = importlib.metadata.packages_distributions()
    missing = {
        module
        for module in third_party
        if not {canonicalize_name(name) for name in distributions.get(module, [])} & installed
    }
    assert missing == set(), f"{command!r} does not install what {sorted(missing)} come from"
    assert "jupyterlab" in installed
    assert "Notebook 7" in readme and "notebook" in installed


# ------------------------------------------------------------------ the rules document

RULES = ROOT / "docs" / "rules.md"
# What readers cannot open: the shared specification's file name and the original documents'
# numbers. Sources are cited by what they are ("the app's rules page", "a Polish rules page").
UNREADABLE_CITATIONS = re.compile(
    r"RULES\.md|\b[Ss]eeds? 0\d\d\b|\b[Tt]he seeds\b|\bseeds'|SEED_0\d\d"
)


def test_the_rules_document_has_every_rule_id_and_each_has_tests():
    text = RULES.read_text(encoding="utf-8")
    ids = [int(number) for number in re.findall(r'<a id="r(\d+)"></a>\*\*R\1\.\*\*', text)]
    assert ids == list(range(1, 22))
    tested = {
        int(number)
        for path in (ROOT / "tests").glob("test_*.py")
        for number in re.findall(
            r"^def test_r(\d+)_", path.read_text(encoding="utf-8"), re.MULTILINE
        )
    }
    assert tested == set(ids)


def test_sources_are_cited_by_what_they_are_not_by_file_names():
    places = [
        ROOT / "README.md",
        *(ROOT / "docs").glob("*.md"),
        *(ROOT / "examples").glob("*.ipynb"),
    ]
    for folder in ("pyramide_widget", "tests", "benchmarks"):
        places += [
            path
            for path in (ROOT / folder).rglob("*")
            if path.suffix in {".py", ".js", ".css", ".md"}
        ]
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in places
        if path != Path(__file__).resolve()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if UNREADABLE_CITATIONS.search(line)
    ]
    assert found == []
