"""The JupyterLite builder's parts that need no build tools (pyramide_widget.lite): the wheel
packed from the installed package, the offline checks, and bad input refused before anything is
changed. A whole build is tested by tests/test_lite_site.py and in a browser by the site tests."""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import shutil
import zipfile
from pathlib import Path

import pytest

from pyramide_widget.__main__ import main
from pyramide_widget.lite import LiteBuildError, build_lite
from pyramide_widget.lite.offline import check_offline, off_site_urls
from pyramide_widget.lite.wheel import installed_package_dir, pack_installed_wheel

KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"


@pytest.fixture
def package_copy(tmp_path: Path) -> Path:
    """A copy of the installed package with what a build leaves beside the sources: a CPython
    extension, byte code, and a WebAssembly module that must travel."""
    copy = tmp_path / "installed" / "pyramide_widget"
    shutil.copytree(
        installed_package_dir(), copy, ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    (copy / "solver" / "_compiled_search.cpython-311-x86_64-linux-gnu.so").write_bytes(b"ELF")
    (copy / "solver" / "_search.pyd").write_bytes(b"MZ")
    (copy / "solver" / "__pycache__").mkdir(exist_ok=True)
    (copy / "solver" / "__pycache__" / "search.cpython-311.pyc").write_bytes(b"pyc")
    (copy / "solver" / "search.wasm").write_bytes(b"\0asm\1\0\0\0")
    return copy


def test_the_wheel_is_pure_and_carries_every_installed_file_but_cpython_extensions(
    tmp_path: Path, package_copy: Path
) -> None:
    wheel = pack_installed_wheel(tmp_path / "out", package_copy)
    version = importlib.metadata.version("pyramide-widget")
    assert wheel.name == f"pyramide_widget-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        packaged = {
            n.removeprefix("pyramide_widget/") for n in names if n.startswith("pyramide_widget/")
        }
        expected = {
            p.relative_to(package_copy).as_posix()
            for p in package_copy.rglob("*")
            if p.is_file() and p.suffix not in {".so", ".pyd", ".pyc"}
        }
        assert packaged == expected
        assert "solver/search.wasm" in packaged and "engine/game.py" in packaged
        assert "widget/static/widget.js" in packaged
        info = f"pyramide_widget-{version}.dist-info"
        wheel_info = archive.read(f"{info}/WHEEL").decode()
        assert "Root-Is-Purelib: true" in wheel_info and "Tag: py3-none-any" in wheel_info
        metadata = archive.read(f"{info}/METADATA").decode()
        assert metadata == importlib.metadata.distribution("pyramide-widget").read_text("METADATA")
        rows = [line.split(",") for line in archive.read(f"{info}/RECORD").decode().splitlines()]
        assert {row[0] for row in rows} == names
        for name, digest, size in rows:
            if name.endswith("RECORD"):
                assert (digest, size) == ("", "")
                continue
            data = archive.read(name)
            expected_digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert (digest, int(size)) == (f"sha256={expected_digest.decode()}", len(data))


def test_the_same_installed_files_give_the_same_wheel(tmp_path: Path, package_copy: Path) -> None:
    first = pack_installed_wheel(tmp_path / "a", package_copy).read_bytes()
    assert pack_installed_wheel(tmp_path / "b", package_copy).read_bytes() == first


def _site(tmp_path: Path, settings: dict) -> Path:
    site = tmp_path / "site"
    (site / "static" / "pyodide").mkdir(parents=True)
    (site / "repl").mkdir()
    config = {"jupyter-config-data": {"litePluginSettings": {KERNEL: settings}}}
    (site / "jupyter-lite.json").write_text(json.dumps(config))
    (site / "repl" / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": {}}))
    wheel = site / "static" / "pyodide" / "micropip-0.1-py3-none-any.whl"
    wheel.write_bytes(b"wheel")
    lock = {
        "packages": {
            "micropip": {
                "file_name": wheel.name,
                "sha256": hashlib.sha256(b"wheel").hexdigest(),
            }
        }
    }
    (site / "static" / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock))
    return site


LOCAL = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}


def test_an_offline_site_passes_the_checks(tmp_path: Path) -> None:
    site = _site(tmp_path, LOCAL)
    assert off_site_urls(site) == []
    check_offline(site, ["micropip"])


def test_a_configuration_naming_an_off_site_address_fails_saying_where(tmp_path: Path) -> None:
    site = _site(tmp_path, LOCAL)
    app_config = {"jupyter-config-data": {"fullLabextensionsUrl": "https://cdn.example.org/ext"}}
    (site / "repl" / "jupyter-lite.json").write_text(json.dumps(app_config))
    assert off_site_urls(site) == [
        "repl/jupyter-lite.json: jupyter-config-data.fullLabextensionsUrl = https://cdn.example.org/ext"
    ]
    with pytest.raises(LiteBuildError, match=r"(?s)addresses outside the site.*cdn\.example\.org"):
        check_offline(site, ["micropip"])


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"disablePyPIFallback": True}, "pyodideUrl is None.*CDN"),
        ({**LOCAL, "pyodideUrl": "//cdn.example.org/pyodide.mjs"}, "addresses outside the site"),
        ({"pyodideUrl": LOCAL["pyodideUrl"]}, "disablePyPIFallback"),
    ],
)
def test_a_site_whose_kernel_would_leave_it_fails(
    tmp_path: Path, settings: dict, message: str
) -> None:
    with pytest.raises(LiteBuildError, match=message):
        check_offline(_site(tmp_path, settings), ["micropip"])


def test_a_locked_wheel_missing_or_changed_fails(tmp_path: Path) -> None:
    site = _site(tmp_path, LOCAL)
    (site / "static" / "pyodide" / "micropip-0.1-py3-none-any.whl").write_bytes(b"other")
    with pytest.raises(LiteBuildError, match="does not match the Pyodide lock"):
        check_offline(site, ["micropip"])


def test_a_folder_that_holds_something_else_is_never_emptied(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(LiteBuildError, match="not empty and holds no JupyterLite site"):
        build_lite(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_missing_contents_are_refused_before_anything_changes(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "jupyter-lite.json").write_text("{}")
    with pytest.raises(LiteBuildError, match=r"no such file or folder.*nowhere\.ipynb"):
        build_lite(tmp_path / "site", [tmp_path / "nowhere.ipynb"])
    assert (tmp_path / "site" / "jupyter-lite.json").read_text() == "{}"


def test_the_lite_command_without_the_build_tools_says_what_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        import jupyterlite_pyodide_kernel  # noqa: F401 (whether the lite extra is here)
    except ImportError:
        pass
    else:
        pytest.skip("the lite extra is installed here: tests/test_lite_site.py builds a site")
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "jupyter-lite.json").write_text("{}")
    assert main(["lite", str(tmp_path / "site")]) == 1
    assert 'pip install "pyramide-widget[lite]"' in capsys.readouterr().err
    assert (tmp_path / "site" / "jupyter-lite.json").read_text() == "{}"


def test_the_wheel_carries_the_example_notebooks_beside_an_editable_install(
    tmp_path: Path, package_copy: Path
) -> None:
    """As a wheel built from the sources does (the lesson's students' page reads them there)."""
    beside = package_copy.parent / "examples"
    beside.mkdir()
    (beside / "lesson.ipynb").write_text("{}", encoding="utf-8")
    with zipfile.ZipFile(pack_installed_wheel(tmp_path / "out", package_copy)) as archive:
        assert archive.read("pyramide_widget/examples/lesson.ipynb") == b"{}"
    (package_copy / "examples").mkdir()  # installed from a wheel: the package has its own
    (package_copy / "examples" / "lesson.ipynb").write_text("[]", encoding="utf-8")
    with zipfile.ZipFile(pack_installed_wheel(tmp_path / "again", package_copy)) as archive:
        assert archive.read("pyramide_widget/examples/lesson.ipynb") == b"[]"
        assert archive.namelist().count("pyramide_widget/examples/lesson.ipynb") == 1
