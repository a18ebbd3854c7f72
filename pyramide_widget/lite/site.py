"""Build an offline JupyterLite site with the installed pyramide-widget: one code path for
``python -m pyramide_widget lite OUTDIR`` and the Sphinx extension.

Each build starts from a fresh temporary JupyterLite folder and an emptied output, so no
leftover ``.jupyterlite.doit.db`` can drop the local Pyodide; the output is then checked
(:mod:`.offline`). Only the package registries are used at build time (npm for Pyodide, PyPI
for pure-Python wheels); nothing in the built site loads anything from elsewhere.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .bytecode import compile_in_pyodide
from .errors import LiteBuildError
from .offline import KERNEL_PLUGIN, check_offline
from .pyodide import (
    KERNEL_PRELOAD,
    KERNEL_ROOTS,
    PYODIDE_FILES,
    Lock,
    canonical,
    fetch_pyodide,
    find_wheel,
    kernel_wheels,
    pip_download,
    requirement_names,
    resolve_extras,
    run,
    sha256,
)
from .wheel import DISTRIBUTION, installed_package_dir, pack_installed_wheel

log = logging.getLogger("pyramide_widget.lite")

LITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
# What the Pyodide kernel answers to a kernel-info request (a fixed value in its extension). A
# notebook that says otherwise is rewritten when the kernel starts, and opens as modified.
LITE_LANGUAGE_INFO = {
    "codemirror_mode": {"name": "python", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": "3.8",
}
# The console (the tables' page) without the service worker: the kernel then mounts no drive of
# the site's files, whose every look-up is a synchronous request from the kernel (each import
# looks in the working folder first); a table reads no file of the site.
REPL_CONFIG = {
    "jupyter-lite-schema-version": 0,
    "jupyter-config-data": {
        "disabledExtensions": ["@jupyterlite/application-extension:service-worker-manager"]
    },
}
# No news pop-up and no update check: they would try to reach the internet.
SETTINGS_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}
}


@dataclass(frozen=True)
class LiteSite:
    """A built site: where it is, its Pyodide version, the wheels it adds, its size in bytes."""

    path: Path
    pyodide: str
    wheels: tuple[str, ...]
    size: int


def default_cache() -> Path:
    """Where Pyodide and the downloaded wheels are kept between builds (by version)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "pyramide-widget" / "lite"


def example_notebooks() -> list[Path]:
    """The example notebooks: shipped inside the package, or, in an editable install, the
    ``examples/`` folder beside the package's source folder."""
    package_dir = installed_package_dir()
    for folder in (package_dir / "examples", package_dir.parent / "examples"):
        notebooks = sorted(folder.glob("*.ipynb"))
        if notebooks:
            return notebooks
    return []


def build_lite(
    output: Path,
    contents: Sequence[Path] = (),
    *,
    cache: Path | None = None,
    sourcemaps: bool = False,
) -> LiteSite:
    """Build the site into ``output`` (emptied first) with ``contents`` (notebooks or folders)
    in its file browser; source maps only if asked for (they double the site's size)."""
    output = Path(output).resolve()
    contents = [Path(item).resolve() for item in contents]
    missing = [str(item) for item in contents if not item.exists()]
    if missing:
        raise LiteBuildError(f"no such file or folder to put in the site: {', '.join(missing)}")
    _check_output(output)
    pyodide = _pyodide_version()
    shutil.rmtree(output, ignore_errors=True)
    cache = Path(cache) if cache is not None else default_cache()
    with tempfile.TemporaryDirectory(prefix="pyramide-lite-") as tmp:
        lite = Path(tmp) / "lite"
        lock_keys, wheels = _prepare(lite, cache, pyodide)
        command = [
            sys.executable,
            "-m",
            "jupyterlite_core",
            "build",
            "--lite-dir",
            str(lite),
            "--output-dir",
            str(output),
        ]
        if not sourcemaps:
            command.append("--no-sourcemaps")
        if contents:
            folder = _copy_contents(contents, Path(tmp) / "contents")
            command += ["--contents", str(folder)]
        run(command, cwd=lite)
    check_offline(output, lock_keys)
    size = sum(path.stat().st_size for path in output.rglob("*") if path.is_file())
    log.info("built %s (%.0f MB)", output, size / 1e6)
    return LiteSite(output, pyodide, tuple(wheels), size)


def _check_output(output: Path) -> None:
    """The output may be new, empty, or a site built there before (which is replaced)."""
    if output.is_file():
        raise LiteBuildError(f"{output} is a file; the site needs a folder")
    if output.is_dir() and any(output.iterdir()) and not (output / "jupyter-lite.json").is_file():
        raise LiteBuildError(
            f"{output} is not empty and holds no JupyterLite site: choose an empty or new folder "
            "(a site built there before is replaced)"
        )


def _pyodide_version() -> str:
    """The Pyodide version of the installed Pyodide kernel (checking the build tools are here)."""
    try:
        import jupyterlite_core  # noqa: F401 (the build tool itself, run as a module)
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    except ImportError:
        raise LiteBuildError(
            'building a JupyterLite site needs its tools: pip install "pyramide-widget[lite]"'
        ) from None
    return str(PYODIDE_VERSION)


def _prepare(lite: Path, cache: Path, pyodide: str) -> tuple[list[str], list[str]]:
    """The JupyterLite folder: Pyodide and every wheel in ``static/pyodide``, our wheels also
    in ``pypi/``, and the configuration. Returns the lock's packages the site carries and the
    names of the wheels added to the lock."""
    static = lite / "static" / "pyodide"
    pypi = lite / "pypi"
    static.mkdir(parents=True)
    pypi.mkdir()
    wheels = cache / "wheels"

    log.info("Pyodide %s from npm", pyodide)
    dist = fetch_pyodide(pyodide, cache)
    for name in PYODIDE_FILES:
        shutil.copy2(dist / name, static / name)
    lock = Lock(static / "pyodide-lock.json")

    kernel = kernel_wheels()
    kernel_keys = [lock.add(wheel, requirement_names(wheel)) for wheel in kernel]
    our_wheel = pack_installed_wheel(lite / "_wheel")
    added, lock_needed = resolve_extras(lock, our_wheel, wheels)
    closure = lock.closure([*KERNEL_ROOTS, *lock_needed, *kernel_keys])
    needed = [key for key in closure if key not in kernel_keys]
    pip_download(
        [f"{lock.packages[k]['name']}=={lock.packages[k]['version']}" for k in needed],
        wheels,
        lock.python,
    )
    for key in needed:
        entry = lock.packages[key]
        if not entry["file_name"].endswith("-none-any.whl"):
            raise LiteBuildError(
                f"{key} is not pure Python in Pyodide ({entry['file_name']}): cannot serve it"
            )
        wheel = find_wheel(wheels, entry["name"], entry["version"])
        shutil.copy2(wheel, static / wheel.name)
        entry["file_name"], entry["sha256"] = wheel.name, sha256(wheel)
    for wheel in added:
        shutil.copy2(wheel, static / wheel.name)
        shutil.copy2(wheel, pypi / wheel.name)
    for wheel in kernel:
        shutil.copy2(wheel, static / wheel.name)
    shutil.rmtree(lite / "_wheel")
    added_keys = [canonical(wheel.name.split("-")[0]) for wheel in added]
    carried = [*needed, *added_keys, *kernel_keys]
    log.info("byte code for Pyodide's Python in the wheels it loads and its standard library")
    compile_in_pyodide(static, dist, keep_sources=[our_wheel.name])
    for key in carried:
        entry = lock.packages[key]
        entry["sha256"] = sha256(static / entry["file_name"])
    lock.write(static / "pyodide-lock.json")

    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "exposeAppInBrowser": True,
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": [*KERNEL_PRELOAD, canonical(DISTRIBUTION)]},
                }
            },
        },
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    (lite / "overrides.json").write_text(json.dumps(SETTINGS_OVERRIDES, indent=2), "utf-8")
    (lite / "repl").mkdir()
    (lite / "repl" / "jupyter-lite.json").write_text(json.dumps(REPL_CONFIG, indent=2), "utf-8")
    return carried, [wheel.name for wheel in added]


def _copy_contents(contents: Sequence[Path], dest: Path) -> Path:
    """The site's files; notebooks get the Pyodide kernel's kernelspec and language (a notebook
    saved in Jupyter says ``python3``, a name JupyterLite does not know, and it would ask which
    kernel)."""
    dest.mkdir(parents=True)
    for item in contents:
        if item.is_dir():
            shutil.copytree(item, dest / item.name)
        else:
            shutil.copy2(item, dest / item.name)
    for notebook in dest.rglob("*.ipynb"):
        data = json.loads(notebook.read_text(encoding="utf-8"))
        data.setdefault("metadata", {})["kernelspec"] = dict(LITE_KERNELSPEC)
        data["metadata"]["language_info"] = dict(LITE_LANGUAGE_INFO)
        notebook.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return dest
