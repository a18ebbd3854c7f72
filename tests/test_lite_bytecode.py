"""Byte code in the site's wheels (pyramide_widget.lite.bytecode), checked with this
interpreter: the site's build runs the same code in Pyodide's Python, and the site tests
(test_lite_site.py, the browser tests) check its output there."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from pyramide_widget.lite.bytecode import STDLIB, add_bytecode, main

SOURCE = b"ANSWER = 'compiled'\n"
RECORD = "toy/__init__.py,sha256=x,20\ntoy/template.py,sha256=y,9\ntoy-1.0.dist-info/RECORD,,\n"


def toy_wheel(folder: Path) -> Path:
    wheel = folder / "toy-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("toy/__init__.py", SOURCE)
        archive.writestr("toy/template.py", "def {{ name }}(): pass\n")  # not Python: kept
        archive.writestr("toy/data.txt", "data")
        archive.writestr("toy-1.0.dist-info/RECORD", RECORD)
    return wheel


@pytest.fixture
def importable(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "site-packages"
    sys.path.insert(0, str(folder))
    yield folder
    sys.path.remove(str(folder))
    sys.modules.pop("toy", None)
    importlib.invalidate_caches()


def test_a_library_wheel_becomes_byte_code_only(tmp_path: Path, importable: Path) -> None:
    wheel = toy_wheel(tmp_path)
    assert add_bytecode(wheel, keep_sources=False) == 1
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        record = archive.read("toy-1.0.dist-info/RECORD").decode()
        archive.extractall(importable)
    assert names == {
        "toy/__init__.pyc",
        "toy/template.py",
        "toy/data.txt",
        "toy-1.0.dist-info/RECORD",
    }
    assert "toy/__init__.py," not in record and "toy/__init__.pyc,," in record
    importlib.invalidate_caches()
    assert importlib.import_module("toy").ANSWER == "compiled"
    assert add_bytecode(wheel, keep_sources=False) == 0  # compiled already: left as it is


def test_kept_sources_get_byte_code_that_is_used_without_checking_them(
    tmp_path: Path, importable: Path
) -> None:
    wheel = toy_wheel(tmp_path)
    assert add_bytecode(wheel, keep_sources=True) == 1
    cached = importlib.util.cache_from_source("toy/__init__.py")
    with zipfile.ZipFile(wheel) as archive:
        assert {"toy/__init__.py", cached} <= set(archive.namelist())
        assert f"{cached},," in archive.read("toy-1.0.dist-info/RECORD").decode()
        archive.extractall(importable)
    # Unpacking gives every file a new time; the byte code is used all the same (an unchecked
    # hash-based file), which a changed source shows.
    (importable / "toy" / "__init__.py").write_text("ANSWER = 'source'\n")
    importlib.invalidate_caches()
    assert importlib.import_module("toy").ANSWER == "compiled"
    assert add_bytecode(wheel, keep_sources=True) == 0


def test_the_standard_library_zip_beside_the_wheels_becomes_byte_code_imported_from_the_zip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wheel = toy_wheel(tmp_path)
    stdlib = tmp_path / STDLIB
    with zipfile.ZipFile(stdlib, "w") as archive:
        archive.writestr("toystd/__init__.py", SOURCE)
    main(str(tmp_path))
    assert f"{wheel.name}: 1 modules" in capsys.readouterr().out
    with zipfile.ZipFile(stdlib) as archive:
        assert archive.namelist() == ["toystd/__init__.pyc"]
    sys.path.insert(0, str(stdlib))  # as Pyodide puts its standard library on the path
    try:
        assert importlib.import_module("toystd").ANSWER == "compiled"
    finally:
        sys.path.remove(str(stdlib))
        sys.modules.pop("toystd", None)
