"""The layers do not leak: the engine imports only the standard library (so it runs in
Pyodide), and the widget, solver, statistics and plots load only when first used."""

from __future__ import annotations

import subprocess
import sys

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
