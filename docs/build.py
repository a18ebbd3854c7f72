"""Build the offline JupyterLite site: the example notebooks with pyramide-widget preinstalled.

    python docs/build.py            # -> docs/_output/ (serve it with any static file server)

Run it with an interpreter that has ``docs/requirements.txt`` installed: the JupyterLab
extensions found in that environment (anywidget's, the widgets manager, the Pyodide kernel)
are copied into the site. Only the package registries are used: pip downloads wheels from
PyPI, npm the ``pyodide`` package. Nothing in the built site loads anything from elsewhere.

Steps (the reasons are in the project's browser-test notes):

1. the local package is built into a wheel (``pip wheel``);
2. the Pyodide distribution matching the kernel (``jupyterlite_pyodide_kernel.constants
   .PYODIDE_VERSION``) comes from npm (``npm pack pyodide@<version>``) into
   ``<lite dir>/static/pyodide/``, so the kernel does not go to a CDN;
3. that npm package has no Python wheels, so each wheel the kernel needs (micropip, IPython,
   jedi, ... the closure of the lock file's ``depends``) is downloaded from PyPI at the lock's
   version; their sha256 differ from Pyodide's own builds, so the copied ``pyodide-lock.json``
   is rewritten with the downloaded files' names and hashes;
4. pyramide-widget and its pure-Python dependencies that Pyodide does not ship (anywidget, at
   the version of this environment, ipywidgets, comm, psygnal, ...) are added to the lock file
   and preloaded when the kernel starts (``loadPyodideOptions.packages``), so
   ``import pyramide_widget`` works with no ``%pip install``; they also go into the site's
   ``pypi/`` index, so ``%pip install pyramide-widget`` works too, and PyPI fallback is off;
5. ``jupyter lite build`` runs on a clean output (an incremental rebuild once silently dropped
   ``pyodideUrl``), then the output is checked: local ``pyodideUrl``, every locked file there.

``--if-changed`` skips the build when the output's stamp matches a hash of the inputs (the
package, the notebooks, this script, the versions of the build tools).
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
DEFAULT_OUTPUT = DOCS / "_output"
WORK = DOCS / "_build"
STAMP = ".pyramide-site.json"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
PACKAGE = "pyramide-widget"
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
# What the kernel itself loads at start: micropip (from the lock), then IPython and jedi.
KERNEL_ROOTS = ("micropip", "packaging", "ipython", "jedi")
# The build environment's versions of these are the versions served to the browser kernel,
# so the front-end extensions copied into the site match the Python side.
PINNED_FROM_ENV = ("anywidget", "ipywidgets", "jupyterlab-widgets")
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
COMPILED = (".so", ".pyd")  # the solver's compiled search, built next to its source
TOOL_VERSIONS = ("jupyterlite-core", "jupyterlite-pyodide-kernel", *PINNED_FROM_ENV)


def log(message: str) -> None:
    print(f"[docs/build] {message}", flush=True)


# ---------------------------------------------------------------------- inputs and stamp


def default_contents() -> list[Path]:
    """The notebooks of the site: ``examples/*.ipynb``, or the paths in ``$PYRAMIDE_SITE_CONTENTS``
    (separated by ``os.pathsep``), e.g. to try a notebook before it is in ``examples/``."""
    override = os.environ.get("PYRAMIDE_SITE_CONTENTS")
    if override:
        return [Path(p).resolve() for p in override.split(os.pathsep) if p]
    return sorted((ROOT / "examples").glob("*.ipynb"))


def input_files(contents: Iterable[Path]) -> list[Path]:
    # The package as the site's wheel has it (its front end is in pyramide_widget/widget/static),
    # the notebooks. Not the compiled search, which each `pip install -e` builds again and the
    # site's pure-Python wheel leaves out.
    files = [
        p
        for p in (ROOT / "pyramide_widget").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in COMPILED
    ]
    files += [ROOT / "pyproject.toml", DOCS / "build.py", DOCS / "requirements.txt", *contents]
    return sorted(set(files))


def files_hash(contents: Iterable[Path]) -> str:
    """A hash of every file the site is built from (the package, the notebooks, this script)."""
    digest = hashlib.sha256()
    for path in input_files(contents):
        digest.update(str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path).encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def tool_versions() -> dict[str, str | None]:
    """The versions of the build tools in this environment (they shape the site too)."""
    versions: dict[str, str | None] = {}
    for name in TOOL_VERSIONS:
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def read_stamp(output: Path) -> dict[str, Any] | None:
    try:
        return json.loads((output / STAMP).read_text())
    except (OSError, ValueError):
        return None


def is_current(output: Path, contents: Iterable[Path], check_tools: bool = True) -> bool:
    """Whether ``output`` holds a complete site built from the current inputs. The browser
    test, which runs in another environment, checks the files only (``check_tools=False``)."""
    contents = list(contents)
    stamp = read_stamp(output)
    if stamp is None or stamp.get("files") != files_hash(contents):
        return False
    return not check_tools or stamp.get("tools") == tool_versions()


# ---------------------------------------------------------------------- helpers


def run(
    cmd: list[str], cwd: Path | None = None, quiet: bool = True, env: dict[str, str] | None = None
) -> None:
    log("$ " + " ".join(str(c) for c in cmd))
    result = subprocess.run(cmd, cwd=cwd, capture_output=quiet, text=True, env=env)
    if result.returncode:
        if quiet:
            sys.stderr.write(result.stdout[-6000:] + result.stderr[-6000:])
        raise SystemExit(
            f"[docs/build] failed ({result.returncode}): {' '.join(str(c) for c in cmd)}"
        )


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def canonical(name: str) -> str:
    from packaging.utils import canonicalize_name

    return str(canonicalize_name(name))


def wheel_metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as zf:
        name = next(
            n for n in zf.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1
        )
        return email.parser.Parser().parsestr(zf.read(name).decode("utf-8"))


def wheel_imports(wheel: Path) -> list[str]:
    """Top-level importable names of a wheel (from top_level.txt, else its file list)."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        if top:
            return sorted(
                {line.strip() for line in zf.read(top).decode().splitlines() if line.strip()}
            )
        tops = set()
        for n in names:
            head = n.split("/")[0]
            if head.endswith((".dist-info", ".data")):
                continue
            if "/" in n or n.endswith(".py"):
                tops.add(head[:-3] if head.endswith(".py") else head)
        return sorted(tops)


def pyodide_environment(python: str) -> dict[str, str]:
    """PEP 508 marker values of the Pyodide kernel's interpreter."""
    major_minor = ".".join(python.split(".")[:2])
    return {
        "python_version": major_minor,
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
    """Pure-Python wheels only, for the Pyodide interpreter's Python version. Exact pins
    (``name==version``) already in ``dest`` are not downloaded again."""
    dest.mkdir(parents=True, exist_ok=True)
    specs = [s for s in specs if not _have(dest, s)]
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
    want = canonical(name)
    found = []
    for wheel in folder.glob("*.whl"):
        dist, ver = wheel.name.split("-")[:2]
        if canonical(dist) == want and (version is None or ver == version):
            found.append(wheel)
    if not found:
        raise SystemExit(f"[docs/build] no wheel for {name} {version or ''} in {folder}")
    from packaging.version import Version

    return max(found, key=lambda w: Version(w.name.split("-")[1]))


# ---------------------------------------------------------------------- the build steps


def build_wheel(dest: Path) -> Path:
    for old in dest.glob("pyramide_widget-*.whl"):
        old.unlink()
    # Pyodide cannot load the solver's CPython extension (a library for this machine): the
    # site's wheel stays pure Python and carries the solver's WebAssembly module instead, which
    # Pyodide runs (build_compiled.py builds it where clang targets wasm32-wasi).
    pure = dict(os.environ, PYRAMIDE_PURE_PYTHON_WHEEL="1")
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--disable-pip-version-check",
            "-w",
            str(dest),
            str(ROOT),
        ],
        env=pure,
    )
    wheel = find_wheel(dest, PACKAGE)
    if not wheel.name.endswith("-py3-none-any.whl"):
        raise SystemExit(f"[docs/build] the site needs a pure-Python wheel, got {wheel.name}")
    return wheel


def fetch_pyodide(version: str, cache: Path) -> Path:
    """The npm package ``pyodide@version``, unpacked (cached by version)."""
    unpacked = cache / f"pyodide-{version}"
    if (unpacked / "pyodide-lock.json").exists():
        return unpacked
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit(
            "[docs/build] npm is needed to fetch the Pyodide distribution (apt-get install -y npm)"
        )
    with tempfile.TemporaryDirectory() as tmp:
        run([npm, "pack", f"pyodide@{version}", "--silent", "--pack-destination", tmp])
        (tarball,) = Path(tmp).glob("pyodide-*.tgz")
        with tarfile.open(tarball) as tar:
            tar.extractall(tmp, filter="data") if hasattr(
                tarfile, "data_filter"
            ) else tar.extractall(tmp)
        shutil.rmtree(unpacked, ignore_errors=True)
        shutil.copytree(Path(tmp) / "package", unpacked)
    return unpacked


class Lock:
    """The Pyodide lock file being rewritten for a local, PyPI-built set of wheels."""

    def __init__(self, path: Path) -> None:
        self.data = json.loads(path.read_text())
        self.packages: dict[str, dict[str, Any]] = self.data["packages"]
        self.by_canonical = {canonical(key): key for key in self.packages}
        self.python = self.data["info"]["python"]

    def key(self, name: str) -> str | None:
        return self.by_canonical.get(canonical(name))

    def closure(self, roots: Iterable[str]) -> list[str]:
        todo, seen = [self.key(r) or r for r in roots], []
        while todo:
            key = todo.pop()
            if key in seen:
                continue
            if key not in self.packages:
                raise SystemExit(f"[docs/build] {key!r} is not in the Pyodide lock file")
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


def resolve_extras(lock: Lock, our_wheel: Path, wheels: Path) -> tuple[list[Path], set[str]]:
    """Our wheel and every dependency Pyodide does not ship, as wheels added to the lock; and
    the lock packages they need. Lock versions must satisfy the requirements (checked)."""
    from packaging.requirements import Requirement

    env = pyodide_environment(lock.python)
    pins = {canonical(n): importlib.metadata.version(n) for n in PINNED_FROM_ENV}
    added: list[Path] = []
    lock_needed: set[str] = set()
    queue: list[Path] = [our_wheel]
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
            key = lock.key(name)
            if key is not None and name not in pins:
                version = lock.packages[key]["version"]
                if not req.specifier.contains(version, prereleases=True):
                    raise SystemExit(
                        f"[docs/build] {meta['Name']} needs {req}, Pyodide ships {key} {version}"
                    )
                lock_needed.add(key)
                depends.append(key)
                continue
            depends.append(name)
            if name in done:
                continue
            done.add(name)
            spec = (
                f"{name}=={pins[name]}"
                if name in pins
                else str(Requirement(f"{name}{req.specifier}"))
            )
            pip_download([spec], wheels, lock.python)
            dep_wheel = find_wheel(wheels, name, pins.get(name))
            if not req.specifier.contains(dep_wheel.name.split("-")[1], prereleases=True):
                raise SystemExit(
                    f"[docs/build] {meta['Name']} needs {req}, the build pins {dep_wheel.name}"
                )
            queue.append(dep_wheel)
        lock.add(wheel, depends)
        added.append(wheel)
    return added, lock_needed


def prepare_lite_dir(lite: Path, contents: list[Path], cache: Path) -> dict[str, Any]:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    shutil.rmtree(lite, ignore_errors=True)
    static = lite / "static" / "pyodide"
    pypi = lite / "pypi"
    static.mkdir(parents=True)
    pypi.mkdir()
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)

    log(f"Pyodide {PYODIDE_VERSION} from npm")
    dist = fetch_pyodide(PYODIDE_VERSION, cache)
    for name in PYODIDE_FILES:
        shutil.copy2(dist / name, static / name)
    lock = Lock(static / "pyodide-lock.json")

    log("the local package")
    our_wheel = build_wheel(cache / "local")
    added, lock_needed = resolve_extras(lock, our_wheel, wheels)

    needed = lock.closure([*KERNEL_ROOTS, *lock_needed])
    log(f"{len(needed)} wheels of the Pyodide lock from PyPI: {', '.join(needed)}")
    pip_download(
        [f"{lock.packages[k]['name']}=={lock.packages[k]['version']}" for k in needed],
        wheels,
        lock.python,
    )
    for key in needed:
        entry = lock.packages[key]
        if not entry["file_name"].endswith("-none-any.whl"):
            raise SystemExit(
                f"[docs/build] {key} is not pure Python in Pyodide ({entry['file_name']}); cannot serve it offline"
            )
        wheel = find_wheel(wheels, entry["name"], entry["version"])
        shutil.copy2(wheel, static / wheel.name)
        entry["file_name"], entry["sha256"] = wheel.name, sha256(wheel)

    for wheel in added:
        shutil.copy2(wheel, static / wheel.name)
        shutil.copy2(wheel, pypi / wheel.name)
    (static / "pyodide-lock.json").write_text(json.dumps(lock.data, indent=1, sort_keys=True))

    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Pyramide",
            "exposeAppInBrowser": True,
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": [canonical(PACKAGE)]},
                }
            },
        },
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    # No news pop-up or update check (they would try to reach the internet).
    overrides = {
        "@jupyterlab/apputils-extension:notification": {
            "fetchNews": "false",
            "checkForUpdates": False,
        }
    }
    (lite / "overrides.json").write_text(json.dumps(overrides, indent=2))
    return {"pyodide": PYODIDE_VERSION, "lock_wheels": needed, "added": [w.name for w in added]}


def copy_notebooks(contents: list[Path], dest: Path) -> list[Path]:
    """The notebooks with the Pyodide kernel's kernelspec and language: the repository's say
    ``python3`` (for nbval and Jupyter), a name JupyterLite does not know, and it would ask which
    kernel."""
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    copies = []
    for notebook in contents:
        data = json.loads(notebook.read_text(encoding="utf-8"))
        data.setdefault("metadata", {})["kernelspec"] = dict(LITE_KERNELSPEC)
        data["metadata"]["language_info"] = dict(LITE_LANGUAGE_INFO)
        copy = dest / notebook.name
        copy.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        copies.append(copy)
    return copies


def check_output(output: Path, info: dict[str, Any]) -> None:
    config = json.loads((output / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"][KERNEL_PLUGIN]
    url = settings.get("pyodideUrl")
    if url != "./static/pyodide/pyodide.mjs":
        raise SystemExit(
            f"[docs/build] the built site's pyodideUrl is {url!r}: the kernel would go to a CDN"
        )
    if not settings.get("disablePyPIFallback"):
        raise SystemExit("[docs/build] disablePyPIFallback was lost")
    lock = json.loads((output / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for key in info["lock_wheels"] + [canonical(n.split("-")[0]) for n in info["added"]]:
        entry = lock["packages"][key]
        path = output / "static" / "pyodide" / entry["file_name"]
        if not path.exists() or sha256(path) != entry["sha256"]:
            raise SystemExit(f"[docs/build] {path} is missing or does not match the lock")


def build(
    output: Path = DEFAULT_OUTPUT, contents: list[Path] | None = None, if_changed: bool = False
) -> Path:
    contents = [
        Path(c).resolve() for c in (contents if contents is not None else default_contents())
    ]
    if not contents:
        raise SystemExit("[docs/build] no notebooks to put in the site (examples/*.ipynb is empty)")
    if if_changed and is_current(output, contents):
        log(f"{output} is up to date")
        return output
    started = time.monotonic()
    lite = WORK / "lite"
    info = prepare_lite_dir(lite, contents, WORK / "cache")
    shutil.rmtree(output, ignore_errors=True)
    for db in (lite / ".jupyterlite.doit.db", DOCS / ".jupyterlite.doit.db"):
        db.unlink(missing_ok=True)
    cmd = [
        sys.executable,
        "-m",
        "jupyterlite_core",
        "build",
        "--no-sourcemaps",
        "--lite-dir",
        str(lite),
        "--output-dir",
        str(output),
    ]
    for notebook in copy_notebooks(contents, WORK / "contents"):
        cmd += ["--contents", str(notebook)]
    run(cmd, cwd=lite)
    check_output(output, info)
    info["files"] = files_hash(contents)
    info["tools"] = tool_versions()
    info["contents"] = [c.name for c in contents]
    (output / STAMP).write_text(json.dumps(info, indent=2))
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    log(f"built {output} ({size / 1e6:.0f} MB) in {time.monotonic() - started:.0f} s")
    return output


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--output",
        type=Path,
        default=DEFAULT_OUTPUT,
        help="where the site goes (default docs/_output)",
    )
    parser.add_argument(
        "--contents",
        type=Path,
        action="append",
        help="a notebook to include (default: examples/*.ipynb)",
    )
    parser.add_argument(
        "--if-changed",
        action="store_true",
        help="do nothing if the output was built from the same inputs",
    )
    args = parser.parse_args(argv)
    build(args.output.resolve(), args.contents, args.if_changed)


if __name__ == "__main__":
    main()
