"""The installed pyramide-widget, packed into a pure-Python wheel for the browser's Python.

Pyodide installs only ``py3-none-any`` wheels. The package is read where it is installed (a
site-packages folder, or the source folder of an editable install), never built from a
checkout: every file goes in, the WebAssembly modules included, except the compiled extensions
for this machine's CPython (``*.so``, ``*.pyd``), which Pyodide cannot load, and byte code.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import zipfile
from pathlib import Path

from .errors import LiteBuildError

DISTRIBUTION = "pyramide-widget"
PACKAGE = "pyramide_widget"
LEFT_OUT_SUFFIXES = (".so", ".pyd", ".pyc", ".pyo")
# A fixed date for every entry: the same installed files always give the same wheel bytes.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def installed_package_dir() -> Path:
    """The folder the running interpreter imports ``pyramide_widget`` from."""
    import pyramide_widget

    return Path(pyramide_widget.__file__).resolve().parent


def wheel_files(package_dir: Path) -> list[Path]:
    """The package's files that go into the wheel, sorted."""
    return sorted(
        path
        for path in package_dir.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.relative_to(package_dir).parts
        and not path.name.endswith(LEFT_OUT_SUFFIXES)
    )


def example_notebooks_beside(package_dir: Path) -> list[Path]:
    """The example notebooks of an editable install, which sit beside the package: a wheel built
    from the sources carries them in ``pyramide_widget/examples`` (pyproject's force-include),
    and so does the site's (the lesson's students' page reads its notebook there)."""
    if (package_dir / "examples").is_dir():
        return []  # installed from a wheel: already among the package's files
    return sorted((package_dir.parent / "examples").glob("*.ipynb"))


def pack_installed_wheel(dest: Path, package_dir: Path | None = None) -> Path:
    """Write ``pyramide_widget-VERSION-py3-none-any.whl`` into ``dest`` from the installed files
    and the installed metadata (its dependencies are the installed package's)."""
    package_dir = package_dir or installed_package_dir()
    try:
        distribution = importlib.metadata.distribution(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        raise LiteBuildError(
            f"{DISTRIBUTION} is not installed in this environment ({package_dir} is imported "
            "without its metadata): install it with pip first"
        ) from None
    metadata = distribution.read_text("METADATA")
    if metadata is None:
        raise LiteBuildError(f"the installed {DISTRIBUTION} has no METADATA file")
    version = distribution.version
    info = f"{PACKAGE}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = [
        (f"{PACKAGE}/{path.relative_to(package_dir).as_posix()}", path.read_bytes())
        for path in wheel_files(package_dir)
    ]
    entries += [
        (f"{PACKAGE}/examples/{path.name}", path.read_bytes())
        for path in example_notebooks_beside(package_dir)
    ]
    entries.append((f"{info}/METADATA", metadata.encode("utf-8")))
    entries.append(
        (
            f"{info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: pyramide_widget.lite\n"
            b"Root-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    entries.append((f"{info}/top_level.txt", f"{PACKAGE}\n".encode()))
    record = "".join(f"{name},{_hash(data)},{len(data)}\n" for name, data in entries)
    record += f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode("utf-8")))

    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob(f"{PACKAGE}-*.whl"):
        old.unlink()
    wheel = dest / f"{PACKAGE}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            entry = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    return wheel


def _hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode('ascii')}"
