"""The layers do not leak: the engine imports only the standard library (so it runs in
Pyodide), and the widget, solver, statistics and plots load only when first used."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import pyramide_widget

ENGINE = ["cards", "clock", "deal", "errors", "game", "geometry", "i18n", "moves", "record", "rules"]


def _modules_after(code: str) -> set[str]:
    """Modules a fresh interpreter loads for ``code``, beyond what it loads for nothing at all
    (site hooks of the environment, such as setuptools' ``_distutils_hack``)."""

    def loaded(source: str) -> set[str]:
        out = subprocess.run(
            [sys.executable, "-c", f"{source}\nimport sys\nprint('\\n'.join(sys.modules))"],
            capture_output=True, text=True, check=True,
        ).stdout
        return set(out.split())

    return loaded(code) - loaded("pass")


def test_importing_the_package_loads_no_third_party_module():
    loaded = _modules_after("import pyramide_widget")
    third_party = {name.split(".")[0] for name in loaded} - set(sys.stdlib_module_names) - {"pyramide_widget"}
    assert third_party == set()
    assert "sqlite3" not in loaded and "pyramide_widget.widget" not in loaded


def test_playing_a_game_needs_only_the_standard_library():
    code = "from pyramide_widget import Game\ng = Game.from_code('PY1-N-AAAAAAS')\ng.play('draw')\ng.record().to_json()"
    loaded = _modules_after(code)
    third_party = {name.split(".")[0] for name in loaded} - set(sys.stdlib_module_names) - {"pyramide_widget"}
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
        "import pyramide_widget.estimation",
        "import pyramide_widget.statistics",
        "import pyramide_widget.solver",
        "import pyramide_widget.estimation, pyramide_widget.statistics, pyramide_widget.solver",
        "from pyramide_widget import estimation, statistics, solver",
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
