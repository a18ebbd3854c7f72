"""Checks of a built JupyterLite site: it must load nothing from outside itself.

The site's configuration (every ``jupyter-lite.json``, the Pyodide lock file, the bundled
package index) may name no address off the site, the kernel's Pyodide must be the site's own
(an incremental JupyterLite build once dropped it silently, and the kernel went to a CDN), and
every wheel the lock file names must be there with its hash.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .errors import LiteBuildError
from .pyodide import sha256

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
LOCAL_PYODIDE = "./static/pyodide/pyodide.mjs"
OFF_SITE = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)


def configuration_files(site: Path) -> list[Path]:
    """The files of ``site`` that tell the browser what to load."""
    files = sorted(site.rglob("jupyter-lite.json"))
    files += sorted((site / "static" / "pyodide").glob("pyodide-lock.json"))
    files += sorted((site / "pypi").glob("*.json"))
    return files


def _strings(value: Any, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{where}[{index}]")


def off_site_urls(site: Path) -> list[str]:
    """``file: key = URL`` for each address off the site named by its configuration."""
    found = []
    for path in configuration_files(site):
        data = json.loads(path.read_text(encoding="utf-8"))
        for where, text in _strings(data, ""):
            if OFF_SITE.match(text):
                found.append(f"{path.relative_to(site).as_posix()}: {where.lstrip('.')} = {text}")
    return found


def check_offline(site: Path, lock_keys: list[str]) -> None:
    """Raise :class:`LiteBuildError` saying what is wrong if ``site`` would load anything from
    outside itself; ``lock_keys`` are the lock file's packages the site must carry."""
    urls = off_site_urls(site)
    if urls:
        raise LiteBuildError(
            "the built JupyterLite configuration names addresses outside the site, which a "
            "reader's browser would load:\n  " + "\n  ".join(urls)
        )
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"].get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    if settings.get("pyodideUrl") != LOCAL_PYODIDE:
        raise LiteBuildError(
            f"the built site's pyodideUrl is {settings.get('pyodideUrl')!r}, not "
            f"{LOCAL_PYODIDE!r}: the kernel would load Pyodide from a CDN"
        )
    if not settings.get("disablePyPIFallback"):
        raise LiteBuildError("the built site lost disablePyPIFallback: %pip would go to PyPI")
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    for key in lock_keys:
        entry = lock["packages"][key]
        path = site / "static" / "pyodide" / entry["file_name"]
        if not path.is_file() or sha256(path) != entry["sha256"]:
            raise LiteBuildError(f"{path} is missing or does not match the Pyodide lock file")
