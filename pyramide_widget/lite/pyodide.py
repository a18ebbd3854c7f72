"""Pyodide and the wheels its kernel loads, served from the site itself.

The Pyodide kernel loads Pyodide from a CDN unless the site carries it: the npm package
``pyodide`` at the kernel's version has the interpreter and the lock file, but no Python wheels.
The wheels the kernel needs (micropip, IPython, jedi and what they depend on) are downloaded from
PyPI at the lock's versions, pure-Python builds whose hashes differ from Pyodide's own, so the
copied lock file is rewritten with their names and hashes. pyramide-widget and its dependencies
that Pyodide does not ship are added to the lock, so the kernel loads them when it starts.
"""

from __future__ import annotations

import email.message
import email.parser
import hashlib
import importlib.metadata
import json
import logging
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .errors import LiteBuildError

log = logging.getLogger("pyramide_widget.lite")

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# What the kernel itself loads at start: micropip (from the lock), then IPython and jedi.
KERNEL_ROOTS = ("micropip", "packaging", "ipython", "jedi")
# The kernel's own wheels, which its extension carries (these versions are on no index).
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel")
# What the kernel installs one by one with micropip and piplite when it starts, unless Pyodide
# has loaded it already: named in loadPyodideOptions.packages, all of it is fetched at once from
# the lock file while Pyodide starts, and the kernel skips those installs.
KERNEL_PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
# The build environment's versions of these are served to the browser's kernel, so the front-end
# extensions that the build copies from this environment match the Python side.
PINNED_FROM_ENV = ("anywidget", "ipywidgets")
# Dependencies that carry only a front end (the widgets manager for JupyterLab and for the classic
# Notebook): the site has it as a JupyterLab extension already, so the kernel does not download
# and unpack their wheels (widgetsnbextension's is the largest the kernel would load).
FRONT_END_ONLY = ("widgetsnbextension", "jupyterlab-widgets")


def run(cmd: list[str], cwd: Path | None = None) -> None:
    """Run a build command; on failure raise with the end of its output."""
    log.info("$ %s", " ".join(cmd))
    result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if result.returncode:
        tail = (result.stdout[-3000:] + result.stderr[-3000:]).strip()
        raise LiteBuildError(f"{' '.join(cmd)} failed ({result.returncode}):\n{tail}")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def canonical(name: str) -> str:
    from packaging.utils import canonicalize_name

    return str(canonicalize_name(name))


def wheel_metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as archive:
        name = next(
            n for n in archive.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1
        )
        return email.parser.Parser().parsestr(archive.read(name).decode("utf-8"))


def wheel_imports(wheel: Path) -> list[str]:
    """Top-level importable names of a wheel (from top_level.txt, else its file list)."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        if top:
            lines = archive.read(top).decode().splitlines()
            return sorted({line.strip() for line in lines if line.strip()})
    tops = set()
    for name in names:
        head = name.split("/")[0]
        if head.endswith((".dist-info", ".data")):
            continue
        if "/" in name or name.endswith(".py"):
            tops.add(head.removesuffix(".py"))
    return sorted(tops)


def pyodide_environment(python: str) -> dict[str, str]:
    """PEP 508 marker values of the Pyodide kernel's interpreter."""
    return {
        "python_version": ".".join(python.split(".")[:2]),
        "python_full_version": python,
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "os_name": "posix",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "implementation_version": python,
        "platform_release": "",
        "platform_version": "",
        "extra": "",
    }


def pip_download(specs: list[str], dest: Path, python: str) -> None:
    """Pure-Python wheels for the Pyodide interpreter's Python; an exact pin (``name==version``)
    already in ``dest`` is not downloaded again."""
    dest.mkdir(parents=True, exist_ok=True)
    specs = [spec for spec in specs if not _have(dest, spec)]
    if not specs:
        return
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "--disable-pip-version-check",
            "--python-version",
            ".".join(python.split(".")[:2]),
            "--implementation",
            "py",
            "--abi",
            "none",
            "--platform",
            "any",
            "-d",
            str(dest),
            *specs,
        ]
    )


def _have(folder: Path, spec: str) -> bool:
    if "==" not in spec:
        return False
    name, version = spec.split("==", 1)
    return any(
        canonical(w.name.split("-")[0]) == canonical(name) and w.name.split("-")[1] == version
        for w in folder.glob("*.whl")
    )


def find_wheel(folder: Path, name: str, version: str | None = None) -> Path:
    from packaging.version import Version

    want = canonical(name)
    found = [
        wheel
        for wheel in folder.glob("*.whl")
        if canonical(wheel.name.split("-")[0]) == want
        and (version is None or wheel.name.split("-")[1] == version)
    ]
    if not found:
        raise LiteBuildError(f"no wheel of {name} {version or ''} in {folder}")
    return max(found, key=lambda w: Version(w.name.split("-")[1]))


def kernel_wheels() -> list[Path]:
    """The Pyodide kernel's own wheels, from its extension in this environment (where the
    JupyterLite build finds the extension too)."""
    from jupyter_core.paths import jupyter_path

    for root in jupyter_path("labextensions"):
        folder = Path(root) / KERNEL_EXTENSION / "static" / "pypi"
        if folder.is_dir():
            return [find_wheel(folder, name) for name in KERNEL_WHEELS]
    raise LiteBuildError(
        f"no {KERNEL_EXTENSION} in this environment: pip install jupyterlite-pyodide-kernel"
    )


def requirement_names(wheel: Path) -> list[str]:
    """The names a wheel requires (its kernel wheels name no extras or markers)."""
    from packaging.requirements import Requirement

    requires = wheel_metadata(wheel).get_all("Requires-Dist") or []
    return [canonical(Requirement(line).name) for line in requires]


def fetch_pyodide(version: str, cache: Path) -> Path:
    """The npm package ``pyodide@version``, unpacked into ``cache`` (kept by version)."""
    unpacked = cache / f"pyodide-{version}"
    if (unpacked / "pyodide-lock.json").exists():
        return unpacked
    npm = shutil.which("npm")
    if npm is None:
        raise LiteBuildError(
            "npm is needed to fetch the Pyodide distribution (Debian: apt-get install -y npm)"
        )
    with tempfile.TemporaryDirectory() as tmp:
        run([npm, "pack", f"pyodide@{version}", "--silent", "--pack-destination", tmp])
        (tarball,) = Path(tmp).glob("pyodide-*.tgz")
        with tarfile.open(tarball) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(tmp, filter="data")
            else:  # Python < 3.10.12 has no extraction filters
                tar.extractall(tmp)
        shutil.rmtree(unpacked, ignore_errors=True)
        shutil.copytree(Path(tmp) / "package", unpacked)
    return unpacked


class Lock:
    """The Pyodide lock file, rewritten for the wheels the site carries."""

    def __init__(self, path: Path) -> None:
        self.data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        self.packages: dict[str, dict[str, Any]] = self.data["packages"]
        self.by_canonical = {canonical(key): key for key in self.packages}
        self.python: str = self.data["info"]["python"]

    def key(self, name: str) -> str | None:
        return self.by_canonical.get(canonical(name))

    def closure(self, roots: Iterable[str]) -> list[str]:
        todo, seen = [self.key(root) or root for root in roots], []
        while todo:
            key = todo.pop()
            if key in seen:
                continue
            if key not in self.packages:
                raise LiteBuildError(f"{key!r} is not in the Pyodide lock file")
            seen.append(key)
            todo += [self.key(d) or d for d in self.packages[key]["depends"]]
        return sorted(seen)

    def add(self, wheel: Path, depends: list[str]) -> str:
        meta = wheel_metadata(wheel)
        key = canonical(meta["Name"])
        self.packages[key] = {
            "name": meta["Name"],
            "version": meta["Version"],
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": sha256(wheel),
            "package_type": "package",
            "imports": wheel_imports(wheel),
            "depends": sorted(depends),
            "unvendored_tests": False,
        }
        self.by_canonical[key] = key
        return key

    def write(self, path: Path) -> None:
        path.write_text(json.dumps(self.data, indent=1, sort_keys=True), encoding="utf-8")


def resolve_extras(lock: Lock, our_wheel: Path, wheels: Path) -> tuple[list[Path], set[str]]:
    """Our wheel and every dependency Pyodide does not ship, as wheels added to the lock; and the
    lock's packages they need (whose versions must satisfy the requirements)."""
    from packaging.requirements import Requirement

    env = pyodide_environment(lock.python)
    pins = {canonical(n): importlib.metadata.version(n) for n in PINNED_FROM_ENV}
    added: list[Path] = []
    lock_needed: set[str] = set()
    queue = [our_wheel]
    done: set[str] = set()
    while queue:
        wheel = queue.pop(0)
        meta = wheel_metadata(wheel)
        depends = []
        for line in meta.get_all("Requires-Dist") or []:
            req = Requirement(line)
            if req.marker is not None and not req.marker.evaluate(env):
                continue
            name = canonical(req.name)
            if name in FRONT_END_ONLY:
                continue
            key = lock.key(name)
            if key is not None and name not in pins:
                version = lock.packages[key]["version"]
                if not req.specifier.contains(version, prereleases=True):
                    raise LiteBuildError(f"{meta['Name']} needs {req}, Pyodide ships {version}")
                lock_needed.add(key)
                depends.append(key)
                continue
            depends.append(name)
            if name in done:
                continue
            done.add(name)
            spec = f"{name}=={pins[name]}" if name in pins else f"{name}{req.specifier}"
            pip_download([spec], wheels, lock.python)
            dep_wheel = find_wheel(wheels, name, pins.get(name))
            if not req.specifier.contains(dep_wheel.name.split("-")[1], prereleases=True):
                raise LiteBuildError(f"{meta['Name']} needs {req}, the build has {dep_wheel.name}")
            queue.append(dep_wheel)
        lock.add(wheel, depends)
        added.append(wheel)
    return added, lock_needed
