"""Where the statistics file lives: :func:`default_path`."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENV_VAR = "PYRAMIDE_STATS"
APP_DIR = "pyramide-widget"
FILE_NAME = "stats.sqlite3"


def default_path() -> Path:
    """Where the statistics live: ``$PYRAMIDE_STATS``, else the user data directory —
    ``%APPDATA%\\pyramide-widget`` on Windows, ``~/Library/Application Support/pyramide-widget``
    on macOS, ``$XDG_DATA_HOME/pyramide-widget`` (default ``~/.local/share``) elsewhere,
    including Pyodide, whose home (``/home/pyodide``) is in the browser's in-memory file system:
    there the statistics last as long as the page. Without a home directory, the temporary
    directory."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):  # no $HOME and no passwd entry (some sandboxes)
        import tempfile

        return Path(tempfile.gettempdir()) / APP_DIR / FILE_NAME
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base / APP_DIR / FILE_NAME
