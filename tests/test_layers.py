"""The layers do not leak: the engine imports only the standard library (so it runs in
Pyodide), and the widget, solver, statistics and plots load only when first used. Every room
one job: no import circle, no module over 700 lines but data, the engine's drawing in its
``view/`` room only."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

import pyramide_widget

PACKAGE = Path(pyramide_widget.__file__).parent

ENGINE = [
    "engine." + name
    for name in (
        "board",
        "cards",
        "clock",
        "deal",
        "errors",
        "game",
        "geometry",
        "i18n",
        "legality",
        "moves",
        "player_view",
        "position",
        "record",
        "rules",
        "selection",
        "slots",
        "table",
        "taps",
        "view.html",
        "view.snapshot",
        "view.text",
    )
]


def _modules_after(code: str) -> set[str]:
    """Modules a fresh interpreter loads for ``code``, beyond what it loads for nothing at all
    (site hooks of the environment, such as setuptools' ``_distutils_hack``)."""

    def loaded(source: str) -> set[str]:
        out = subprocess.run(
            [sys.executable, "-c", f"{source}\nimport sys\nprint('\\n'.join(sys.modules))"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return set(out.split())

    return loaded(code) - loaded("pass")


def test_importing_the_package_loads_no_third_party_module():
    loaded = _modules_after("import pyramide_widget")
    third_party = (
        {name.split(".")[0] for name in loaded} - set(sys.stdlib_module_names) - {"pyramide_widget"}
    )
    assert third_party == set()
    assert "sqlite3" not in loaded and "pyramide_widget.widget" not in loaded


def test_playing_a_game_needs_only_the_standard_library():
    code = "from pyramide_widget import Game\ng = Game.from_code('PY1-N-AAAAAAS')\ng.play('draw')\ng.record().to_json()"
    loaded = _modules_after(code)
    third_party = (
        {name.split(".")[0] for name in loaded} - set(sys.stdlib_module_names) - {"pyramide_widget"}
    )
    assert third_party == set()
    assert {f"pyramide_widget.{m}" for m in ENGINE} <= loaded


def test_the_other_layers_load_on_first_use():
    loaded = _modules_after("import pyramide_widget\npyramide_widget.solve")
    assert "pyramide_widget.solver" in loaded and "anywidget" not in loaded
    loaded = _modules_after("import pyramide_widget\npyramide_widget.PyramideWidget")
    assert "anywidget" in loaded and "matplotlib" not in loaded


# ---------------------------------------------------------------- public names, however imported


def _public_names_after(first: str) -> str:
    """In a fresh interpreter, run ``first`` (some imports of the package's modules), then check
    that every lazily imported public name is the documented object, imported from the
    package, read as an attribute and imported again. Returns what went wrong, if anything."""
    code = f"""
import importlib
{first}
import pyramide_widget
from pyramide_widget import estimate, stats, solve
from pyramide_widget import *
from pyramide_widget import estimate as again_estimate, stats as again_stats
problems = []
for _ in range(2):
    for name, (module, attribute) in pyramide_widget._LAZY.items():
        documented = getattr(importlib.import_module(module), attribute)
        imported = {{}}
        exec(f"from pyramide_widget import {{name}} as value", imported)
        for how, value in (("attribute", getattr(pyramide_widget, name)), ("from-import", imported["value"])):
            if value is not documented:
                problems.append(f"{{how}} {{name}} is {{value!r}}, not {{module}}.{{attribute}}")
for name, value in (("estimate", estimate), ("stats", stats), ("solve", solve),
                    ("estimate", again_estimate), ("stats", again_stats)):
    if not callable(value):
        problems.append(f"{{name}} is {{value!r}}, not a function")
print("\\n".join(problems))
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@pytest.mark.parametrize(
    "first",
    [
        "pass",
        "import pyramide_widget.analysis.estimation",
        "import pyramide_widget.analysis.statistics",
        "import pyramide_widget.solver",
        "import pyramide_widget.analysis.estimation, pyramide_widget.analysis.statistics, pyramide_widget.solver",
        "from pyramide_widget import analysis, solver\nfrom pyramide_widget.analysis import estimation, statistics",
        # whatever the modules behind the lazy names are called, imported before the names
        pytest.param(
            "import pyramide_widget\nfor _module, _ in pyramide_widget._LAZY.values(): importlib.import_module(_module)",
            id="every-module-behind-a-lazy-name",
        ),
    ],
)
def test_public_names_are_the_documented_objects_whatever_was_imported_first(first):
    assert _public_names_after(first) == ""


def test_no_public_name_is_also_a_submodule_name():
    """Importing a submodule sets it as an attribute of the package, so a submodule named like a
    public name (``pyramide_widget.estimate`` the module, once) replaces that name."""
    submodules = {module.name for module in pkgutil.iter_modules(pyramide_widget.__path__)}
    assert submodules, "no submodules found: the check would be vacuous"
    assert submodules & (set(pyramide_widget._LAZY) | set(pyramide_widget.__all__)) == set()


@pytest.mark.parametrize("package", ["solver", "widget"])  # the layers that export names
def test_no_submodule_of_a_layer_is_named_like_a_name_it_exports(package):
    """The same within each layer: ``pyramide_widget.solver.solve`` must stay the function even
    once a submodule of the solver has been imported."""
    layer = importlib.import_module(f"pyramide_widget.{package}")
    submodules = {module.name for module in pkgutil.iter_modules(layer.__path__)}
    assert submodules and layer.__all__, "nothing to compare: the check would be vacuous"
    assert submodules & set(layer.__all__) == set()
    for name in layer.__all__:
        assert not isinstance(getattr(layer, name), types.ModuleType), name


# ---------------------------------------------------------------- the folders are the layers

LAYERS = ["engine", "solver", "analysis", "widget"]
"""Bottom to top: each folder of the package is a layer and imports only from the layers below
it (and ``install.py``, the standard-library advice on missing extras). The package's own
``__init__``/``__main__`` sit on top of all of them."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path) for pattern in ("*.py", "*.c") for path in PACKAGE.rglob(pattern)}
"""Every module of the package by its name inside it (the package itself is ``""``), the
compiled ones by their C source."""


def _imports(path: Path, text: str | None = None) -> list[str]:
    """The package modules ``path`` imports, at import or inside a function (lazy imports
    count: they are still edges), leaving out ``if TYPE_CHECKING:`` blocks, which never run.
    ``from . import schema`` is the module ``schema``, ``from .solver import solve`` the
    package ``solver``; relative imports are resolved from the module's package."""
    tree = ast.parse(path.read_text() if text is None else text)
    skipped = {
        id(node)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and getattr(block.test, "id", None) == "TYPE_CHECKING"
        for node in ast.walk(block)
    }
    package = list(path.relative_to(PACKAGE).parts[:-1])  # a package's __init__ is in it
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found += [
                alias.name.removeprefix("pyramide_widget.")
                for alias in node.names
                if alias.name.startswith("pyramide_widget.")
            ]
        elif isinstance(node, ast.ImportFrom):
            named = node.module.split(".") if node.module else []
            if node.level:  # from ..solver import hint: up from the module's package
                target = ".".join([*package[: len(package) + 1 - node.level], *named])
            elif named[:1] == ["pyramide_widget"]:
                target = ".".join(named[1:])
            else:
                continue
            for alias in node.names:
                submodule = f"{target}.{alias.name}" if target else alias.name
                found.append(submodule if submodule in MODULES else target)
    return found


def _layer(module: str) -> int:
    top = module.split(".")[0]
    if top in LAYERS:
        return LAYERS.index(top)
    return -1 if top == "install" else len(LAYERS)


def test_each_layer_imports_only_downward():
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = _module_name(path)
        for target in _imports(path):
            if _layer(target) > _layer(module):
                upward.append(f"{module} imports {target}")
    assert upward == []


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of a graph ``{module: modules it imports}``: each group of modules
    that reach one another (Tarjan's strongly connected components), sorted; a module that
    imports itself is one too. A package importing its own submodules is no circle: importing
    a submodule runs its package first, which is not an import the submodule makes."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for target in edges.get(module, ()):
            if target not in order:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], order[target])
        if low[module] == order[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1 or module in edges.get(module, ()):
                circles.append(sorted(group))

    for module in sorted(edges):
        if module not in order:
            visit(module)
    return sorted(circles)


def _import_graph() -> dict[str, set[str]]:
    return {
        _module_name(path): set(_imports(path)) - {_module_name(path)}
        for path in sorted(PACKAGE.rglob("*.py"))
    }


def test_no_import_circle_anywhere_in_the_package():
    """No module reaches itself through the modules it imports, lazy imports included."""
    graph = _import_graph()
    assert sum(len(targets) for targets in graph.values()) > len(graph)  # edges were found
    assert _circles(graph) == []


def test_the_circle_check_finds_a_made_up_circle():
    """The checks above can fail: a circle of three, a pair and a module importing itself are
    found, a package importing its submodules and a chain are not."""
    graph = {
        "a": {"b"},
        "b": {"c"},
        "c": {"a", "d"},
        "d": set(),
        "e": {"f"},
        "f": {"e"},
        "g": {"g"},
        "layer": {"layer.one", "layer.two"},
        "layer.one": {"layer.two"},
        "layer.two": {"d"},
    }
    assert _circles(graph) == [["a", "b", "c"], ["e", "f"], ["g"]]


def test_the_import_graph_sees_a_lazy_circle():
    """A function-level import that closes a circle (the expert asking the estimates, which
    play the expert) is found in the package's own graph."""
    graph = _import_graph()
    expert = PACKAGE / "analysis" / "expert.py"
    text = expert.read_text() + "\n\ndef _rates():\n    from .estimation import estimate\n"
    graph["analysis.expert"] = set(_imports(expert, text))
    assert ["analysis.estimation", "analysis.expert", "analysis.strategies"] in _circles(graph)


def test_relative_imports_resolve_to_the_modules_they_name():
    database = PACKAGE / "analysis" / "statistics" / "database.py"
    assert "analysis.statistics.schema" in _imports(database)  # from . import schema
    assert "analysis.statistics" not in _imports(database)
    model = PACKAGE / "widget" / "model.py"
    assert {"widget.protocol", "engine.game", "solver"} <= set(_imports(model))
    top = PACKAGE / "__init__.py"
    assert "engine.game" in _imports(top)


def test_the_layer_check_sees_a_lazy_upward_import():
    """The checks above can fail: a lazy import of the solver inside the engine is found."""
    game = PACKAGE / "engine" / "game.py"
    text = game.read_text() + "\n\ndef _hint():\n    from ..solver import hint\n"
    assert "solver" in _imports(game, text)


# ---------------------------------------------------------------- every room one job

MOST_LINES = 700
"""No module of the package is longer, but data."""

DATA_MODULES = {
    "engine/view/card_art.py": "every card face's drawing, as SVG text",
}
"""Modules longer than :data:`MOST_LINES` because they hold data, not code."""

NOT_SPLIT_YET: dict[str, str] = {}
"""Modules still too long that are being split elsewhere; each must still be too long, so that
its entry goes once the split lands."""


def _lines(path: Path) -> int:
    return len(path.read_text().splitlines())


def test_no_module_is_longer_than_700_lines_but_data():
    too_long = {
        str(path.relative_to(PACKAGE)): _lines(path)
        for path in sorted(PACKAGE.rglob("*.py"))
        if _lines(path) > MOST_LINES
    }
    assert set(too_long) - set(DATA_MODULES) - set(NOT_SPLIT_YET) == set(), too_long
    assert set(NOT_SPLIT_YET) <= set(too_long), (
        "split: remove it from NOT_SPLIT_YET and docs/guides/code.md"
    )
    assert all((PACKAGE / name).exists() for name in DATA_MODULES)


MARKUP = re.compile(
    r"</?(svg|g|use|rect|path|defs|symbol|text|tspan|circle|ellipse|line|polygon"
    r"|div|span|style|title|table|tr|td|p|b|i|html|body)\b[^<>]*>|xmlns"
)
"""An HTML or SVG element, as the static picture writes them."""


def _markup(text: str) -> list[str]:
    return [match.group(0) for match in MARKUP.finditer(text)]


def test_the_engine_draws_only_in_its_view_room():
    """HTML and SVG are written in ``engine/view/`` and nowhere else in the engine."""
    top_level = sorted((PACKAGE / "engine").glob("*.py"))
    assert len(top_level) > 10
    drawn = {path.name: _markup(path.read_text()) for path in top_level}
    assert {name: found for name, found in drawn.items() if found} == {}
    assert _markup((PACKAGE / "engine" / "view" / "html.py").read_text())  # the check sees it


def test_the_markup_check_sees_html_and_svg_but_not_a_repr():
    assert _markup("f'<svg viewBox=\"0 0 1 1\">'") and _markup("'<div class=\"pyr\">'")
    assert _markup("'</g>'") and _markup('"<use href=\\"#x\\"/>"')
    assert _markup('"<Game PY1-N-AAAAAAS Standard: score 0, moves 0, playing>"') == []
    assert _markup('f"<Table {self.name}: {self.shape.size}-card pyramid>"') == []
    assert _markup("if a < b and c > d:") == []


def test_dir_of_the_package_lists_every_public_name_without_importing_the_other_layers() -> None:
    """Tab completion in a notebook offers the lazy names (PyramideWidget, solve, chance...);
    listing them imports nothing."""
    code = (
        "import sys, pyramide_widget as p; names = dir(p); "
        "missing = sorted(set(p.__all__) - set(names)); "
        "loaded = sorted(m for m in sys.modules if m.startswith(('pyramide_widget.widget', "
        "'pyramide_widget.solver', 'pyramide_widget.analysis', 'ipywidgets', 'anywidget'))); "
        "print(missing, loaded)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[] []"
