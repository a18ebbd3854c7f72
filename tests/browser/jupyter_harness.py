"""Drive a real JupyterLab 4 / Notebook 7 server from a real Chromium.

This module holds the plain (non-fixture) parts of the browser harness so that
they can be reused from ad-hoc scripts as well as from ``conftest.py``:

* :func:`start_jupyter_server` / :func:`stop_jupyter_server` run a throw-away
  server with the *current* interpreter, so the server, its kernel and the test
  all see the same environment (and so the same ``anywidget`` and widget build).
* :func:`write_notebook` writes a notebook made of code cells into the root.
* :func:`open_notebook` opens it in a Playwright page, waits for the kernel to be
  *really* ready and returns a :class:`NotebookSession` that can run the cells
  and evaluate Python in the same kernel.

Why the waits look the way they do (measured, see the project's browser notes):
the toolbar's kernel indicator can say "idle" before the websocket is
connected, and keys/clicks sent then are lost; so readiness is judged from the
``KernelConnection`` object itself. ipywidgets holds back state updates while a
message is unanswered, so a read from Python right after fast clicks can
overtake the last click: :meth:`NotebookSession.wait_python` polls instead of
reading once.

Playwright is imported lazily (only for type checking here) so that importing
this module, and the ``conftest.py`` that uses it, never fails when the
browser stack is absent; the suite is skipped (or failed) cleanly instead.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from playwright.sync_api import Page

AppName = Literal["lab", "notebook"]

#: The two front ends the suite runs against.
APPS: tuple[AppName, ...] = ("lab", "notebook")

#: Debian's chromium (``apt-get install -y chromium``); Playwright's own browser
#: builds cannot be downloaded on these machines. ``PYRAMIDE_CHROMIUM`` points
#: elsewhere (another Chromium/Chrome binary on a developer's machine).
CHROMIUM_PATH = os.environ.get("PYRAMIDE_CHROMIUM", "/usr/bin/chromium")

#: Flags that let Debian chromium run headless as root without a display and
#: stop it from reaching out to the internet on its own.
CHROMIUM_ARGS: tuple[str, ...] = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)

#: Hosts a test page may talk to; everything else is aborted by the route.
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})


def requests_off_site(context: Any) -> list[str]:
    """A list that fills with every request a browser context makes (its pages' and service
    workers' alike) to a host other than :data:`LOCAL_HOSTS`, ``data:`` and ``blob:`` aside."""
    outside: list[str] = []

    def count(request: Any) -> None:
        parts = urlsplit(request.url)
        if parts.scheme not in ("data", "blob") and parts.hostname not in LOCAL_HOSTS:
            outside.append(request.url)

    context.on("request", count)
    return outside


#: Kernel spec written into every notebook so JupyterLab never asks which
#: kernel to use (that dialog would block the test).
KERNELSPEC = {
    "name": "python3",
    "display_name": "Python 3 (ipykernel)",
    "language": "python",
}

#: JupyterLab user settings seeded into the temporary config dir: no news
#: pop-up ("Would you like to receive official Jupyter news?") and no update
#: check, both of which would also try to reach the internet.
USER_SETTINGS: dict[str, dict[str, Any]] = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


class HarnessError(AssertionError):
    """A harness step failed or timed out (an AssertionError so pytest shows it plainly)."""


# --------------------------------------------------------------------------- server


@dataclass
class JupyterServer:
    """A running Jupyter server started by :func:`start_jupyter_server`."""

    app: AppName
    url: str
    root_dir: Path
    proc: subprocess.Popen[bytes]
    log_path: Path
    env: dict[str, str] = field(repr=False)

    def notebook_url(self, path: str, workspace: str | None = None) -> str:
        """URL that opens ``path`` (relative to the root) in this front end.

        JupyterLab gets a fresh named workspace per notebook so that tabs left
        by an earlier test in the same server are not restored and do not steal
        the current widget.
        """
        if self.app == "lab":
            ws = workspace or f"t{uuid.uuid4().hex[:10]}"
            return f"{self.url}/lab/workspaces/{ws}/tree/{path}"
        return f"{self.url}/notebooks/{path}"

    def api(self, path: str, timeout: float = 5.0) -> Any:
        """GET ``/api/<path>`` and decode the JSON answer (no token is configured)."""
        with urllib.request.urlopen(f"{self.url}/api/{path}", timeout=timeout) as resp:
            return json.loads(resp.read().decode())

    def log_tail(self, chars: int = 4000) -> str:
        """Last part of the server's log, for error messages."""
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return "<no server log>"


def free_port() -> int:
    """Ask the OS for a free TCP port on 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _server_command(app: AppName, port: int, root_dir: Path) -> list[str]:
    """Command line for ``app``; ``-m jupyterlab`` / ``-m notebook`` run the app
    module of *this* interpreter directly, without the ``jupyter`` launcher's
    PATH lookup of a ``jupyter-lab`` script that may belong to another env."""
    module = "jupyterlab" if app == "lab" else "notebook"
    app_class = "LabApp" if app == "lab" else "JupyterNotebookApp"
    return [
        sys.executable,
        "-m",
        module,
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--port-retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--allow-root",
        f"--ServerApp.root_dir={root_dir}",
        f"--{app_class}.expose_app_in_browser=True",
    ]


def _seed_config(config_dir: Path) -> None:
    """Write the JupyterLab user settings (shared by Lab and Notebook 7)."""
    for rel, value in USER_SETTINGS.items():
        path = config_dir / "lab" / "user-settings" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value, indent=2))


def start_jupyter_server(app: AppName, base_dir: Path, timeout: float = 90.0) -> JupyterServer:
    """Start a JupyterLab or Notebook 7 server in ``base_dir`` and wait for ``/api/status``.

    ``base_dir`` gets ``root/`` (the server's contents) and private
    ``config/``, ``data/`` and ``runtime/`` dirs, so nothing of the user's own
    Jupyter setup (settings, workspaces, extensions) leaks into the test, and
    ``$PYRAMIDE_STATS`` points the kernels' statistics at ``base_dir``. The
    kernel spec still comes from ``sys.prefix/share/jupyter``, i.e. the venv
    that runs the tests. The port is retried a few times because a free port
    can be taken between :func:`free_port` and the server's bind.
    """
    base_dir.mkdir(parents=True, exist_ok=True)
    root_dir = base_dir / "root"
    root_dir.mkdir(exist_ok=True)
    dirs = {name: base_dir / name for name in ("config", "data", "runtime")}
    for path in dirs.values():
        path.mkdir(exist_ok=True)
    _seed_config(dirs["config"])
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(dirs["config"]),
        JUPYTER_DATA_DIR=str(dirs["data"]),
        JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
        JUPYTER_PLATFORM_DIRS="1",
        JUPYTERLAB_SETTINGS_DIR=str(dirs["config"] / "lab" / "user-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(dirs["config"] / "lab" / "workspaces"),
        PYTHONUNBUFFERED="1",
        # Widgets record finished games by default: never in the user's own statistics.
        PYRAMIDE_STATS=str(base_dir / "stats.sqlite3"),
    )
    env.pop("JUPYTER_TOKEN", None)
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_CONFIG_PATH", None)

    last_error = ""
    for attempt in range(3):
        port = free_port()
        log_path = base_dir / f"server-{app}-{attempt}.log"
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(
                _server_command(app, port, root_dir),
                cwd=root_dir,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        server = JupyterServer(app, f"http://127.0.0.1:{port}", root_dir, proc, log_path, env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                break
            try:
                server.api("status", timeout=2.0)
                return server
            except (urllib.error.URLError, ConnectionError, OSError, ValueError):
                time.sleep(0.25)
        last_error = server.log_tail()
        stop_jupyter_server(server)
        if "already in use" not in last_error:
            break
    raise HarnessError(
        f"Jupyter {app} server did not answer /api/status.\n--- log ---\n{last_error}"
    )


def stop_jupyter_server(server: JupyterServer, timeout: float = 15.0) -> None:
    """Stop the server by its pid: SIGTERM lets it shut its kernels down, then SIGKILL."""
    proc = server.proc
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=timeout)


# --------------------------------------------------------------------------- notebooks


def write_notebook(root_dir: Path, name: str, cells: Sequence[str]) -> str:
    """Write a notebook of code cells (one source string each) into ``root_dir``.

    Returns the path relative to the root, as the server and URLs want it.
    The kernelspec metadata is set so no kernel-choice dialog appears.
    """
    import nbformat
    from nbformat import v4

    if not name.endswith(".ipynb"):
        name += ".ipynb"
    nb = v4.new_notebook(  # type: ignore[no-untyped-call]
        cells=[v4.new_code_cell(source) for source in cells],  # type: ignore[no-untyped-call]
        metadata={"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}},
    )
    nbformat.write(nb, root_dir / name)  # type: ignore[no-untyped-call]
    return name


def safe_name(text: str, limit: int = 80) -> str:
    """A filename-safe form of a pytest node id or test name."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:limit] or "nb"


# JS shared by the page functions below: find the notebook panel for ``path``
# in whichever shell (JupyterLab's LabShell or Notebook 7's NotebookShell; both
# expose ``currentWidget`` and ``widgets('main')``), and bound a promise in
# time (``page.evaluate`` itself has no timeout and would wait forever).
_FIND_PANEL_JS = """
const withTimeout = (promise, ms, what) => Promise.race([
  promise,
  new Promise((_, reject) => setTimeout(
    () => reject(new Error(`${what} did not finish within ${ms} ms`)), ms)),
]);
const findPanel = (path) => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return null;
  const cw = app.shell.currentWidget;
  if (cw && cw.context && cw.context.path === path) return cw;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path) return w;
  }
  return null;
};
"""

_KERNEL_STATE_JS = (
    "(path) => {"
    + _FIND_PANEL_JS
    + """
  const panel = findPanel(path);
  if (!panel) return {panel: false};
  const sc = panel.sessionContext;
  const kernel = sc && sc.session ? sc.session.kernel : null;
  return {
    panel: true,
    ready: !!(sc && sc.isReady),
    status: kernel ? kernel.status : null,
    connection: kernel ? kernel.connectionStatus : null,
  };
}"""
)

_RUN_ALL_JS = (
    "async ([path, ms]) => {"
    + _FIND_PANEL_JS
    + """
  const app = window.jupyterapp;
  const panel = findPanel(path);
  if (!panel) throw new Error('notebook panel not found: ' + path);
  app.shell.activateById(panel.id);
  const ok = await withTimeout(
    app.commands.execute('notebook:run-all-cells'), ms, 'notebook:run-all-cells');
  const errors = [];
  const cells = panel.content.model.cells;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    const outputs = cell.outputs;
    for (let j = 0; j < outputs.length; j++) {
      const out = outputs.get(j).toJSON();
      if (out.output_type === 'error') {
        errors.push({cell: i, ename: out.ename, evalue: out.evalue,
                     traceback: (out.traceback || []).join('\\n')});
      }
    }
  }
  return {ok: ok !== false, errors};
}"""
)

_EXECUTE_JS = (
    "async ([path, code, ms]) => {"
    + _FIND_PANEL_JS
    + """
  const panel = findPanel(path);
  if (!panel) throw new Error('notebook panel not found: ' + path);
  const kernel = panel.sessionContext.session.kernel;
  const future = kernel.requestExecute(
    {code, silent: false, store_history: false, allow_stdin: false, stop_on_error: false});
  let stdout = '';
  let stderr = '';
  let error = null;
  future.onIOPub = (msg) => {
    const t = msg.header.msg_type;
    if (t === 'stream') {
      if (msg.content.name === 'stdout') stdout += msg.content.text;
      else stderr += msg.content.text;
    } else if (t === 'error') {
      error = {ename: msg.content.ename, evalue: msg.content.evalue,
               traceback: (msg.content.traceback || []).join('\\n')};
    }
  };
  const reply = await withTimeout(future.done, ms, 'kernel execute request');
  return {status: reply.content.status, stdout, stderr, error};
}"""
)

_ANSI_RE = re.compile(r"\x1b\[[0-9;]*m")


def _strip_ansi(text: str) -> str:
    return _ANSI_RE.sub("", text)


class OpenNotebook(Protocol):
    """Type of the ``open_nb`` fixture (see :func:`open_notebook`)."""

    def __call__(
        self,
        cells: Sequence[str],
        name: str | None = None,
        run: bool = True,
        timeout: float = 90.0,
    ) -> NotebookSession: ...


@dataclass
class NotebookSession:
    """A notebook open in a page, with a kernel that was seen connected and idle."""

    page: Page
    server: JupyterServer
    path: str

    def kernel_state(self) -> dict[str, Any]:
        """The panel's kernel status as the front end sees it (for waits and messages)."""
        return dict(self.page.evaluate(_KERNEL_STATE_JS, self.path))

    def wait_kernel_ready(self, timeout: float = 60.0) -> None:
        """Wait until the ``KernelConnection`` says ``idle`` *and* ``connected``.

        Both are needed: the status can be idle while the websocket is still
        connecting, and input sent then is lost.
        """
        deadline = time.monotonic() + timeout
        state: dict[str, Any] = {}
        while time.monotonic() < deadline:
            state = self.kernel_state()
            if state.get("status") == "idle" and state.get("connection") == "connected":
                return
            time.sleep(0.1)
        raise HarnessError(
            f"kernel for {self.path} not ready after {timeout:.0f}s: {state}\n"
            f"--- server log ---\n{self.server.log_tail()}"
        )

    def run_all(self, timeout: float = 120.0, raise_on_error: bool = True) -> list[dict[str, Any]]:
        """Run every cell with ``notebook:run-all-cells`` and wait for it to finish.

        Returns the error outputs found in the notebook model (cell index,
        ename, evalue, traceback); with ``raise_on_error`` they fail the test
        with the Python traceback instead of a later, puzzling DOM timeout.
        """
        result = self.page.evaluate(_RUN_ALL_JS, [self.path, int(timeout * 1000)])
        errors: list[dict[str, Any]] = list(result["errors"])
        if raise_on_error and errors:
            details = "\n\n".join(
                f"cell {e['cell']}: {e['ename']}: {e['evalue']}\n{_strip_ansi(e['traceback'])}"
                for e in errors
            )
            raise HarnessError(f"cells of {self.path} raised:\n{details}")
        return errors

    def execute(self, code: str, timeout: float = 30.0) -> str:
        """Execute ``code`` in the notebook's kernel (not as a cell) and return its stdout.

        The request goes over the page's own kernel connection, so it is
        ordered after any widget message the page has already sent; nothing is
        added to the notebook. A Python exception raises :class:`HarnessError`.
        """
        result = self.page.evaluate(_EXECUTE_JS, [self.path, code, int(timeout * 1000)])
        if result["status"] != "ok" or result["error"]:
            err = result["error"] or {}
            raise HarnessError(
                f"kernel raised {err.get('ename')}: {err.get('evalue')}\n"
                f"{_strip_ansi(err.get('traceback', ''))}\n--- code ---\n{code}"
            )
        return str(result["stdout"])

    def eval_python(self, expr: str, timeout: float = 30.0) -> Any:
        """Evaluate the Python expression ``expr`` in the kernel and return its JSON value.

        The value is printed after a unique marker and parsed from the
        captured stdout, so other prints from the kernel cannot be mistaken
        for it. ``expr`` must give something ``json.dumps`` accepts.
        """
        marker = f"@@pyramide-eval-{uuid.uuid4().hex}@@"
        code = f"print({marker!r} + __import__('json').dumps({expr}))"
        stdout = self.execute(code, timeout=timeout)
        for line in stdout.splitlines():
            if line.startswith(marker):
                return json.loads(line[len(marker) :])
        raise HarnessError(f"no value for {expr!r} in kernel output: {stdout!r}")

    def wait_python(
        self,
        expr: str,
        expected: Any | Callable[[Any], bool],
        timeout: float = 15.0,
        interval: float = 0.2,
    ) -> Any:
        """Poll ``expr`` in the kernel until it equals ``expected`` (or the predicate holds).

        This is how to assert "the Python object agrees" after browser input:
        ipywidgets may still be holding back the last update, so a single
        read can be stale. Returns the matching value; raises with the last
        value seen on timeout.
        """
        check = expected if callable(expected) else (lambda value: value == expected)
        deadline = time.monotonic() + timeout
        value: Any = None
        while True:
            value = self.eval_python(expr)
            if check(value):
                return value
            if time.monotonic() >= deadline:
                want = "predicate" if callable(expected) else repr(expected)
                raise HarnessError(
                    f"{expr} never became {want} within {timeout:.0f}s; last value {value!r}"
                )
            time.sleep(interval)


def open_notebook(
    page: Page,
    server: JupyterServer,
    cells: Sequence[str],
    name: str | None = None,
    run: bool = True,
    timeout: float = 90.0,
) -> NotebookSession:
    """Write ``cells`` as a notebook, open it in ``page`` and wait for its kernel.

    With ``run`` (the default) every cell is then run with
    ``notebook:run-all-cells`` and any error output fails loudly. ``name``
    defaults to a unique one, so tests sharing a server never collide.
    """
    nb_name = safe_name(name or "nb") + f"-{uuid.uuid4().hex[:6]}"
    path = write_notebook(server.root_dir, nb_name, cells)
    page.goto(server.notebook_url(path), wait_until="domcontentloaded", timeout=timeout * 1000)
    page.wait_for_function(
        "() => !!(window.jupyterapp && window.jupyterapp.shell)", timeout=timeout * 1000
    )
    session = NotebookSession(page, server, path)
    session.wait_kernel_ready(timeout=timeout)
    if run:
        session.run_all(timeout=timeout)
    return session


def shutdown_kernels(page: Page, timeout: float = 10.0) -> None:
    """Shut down every session/kernel of the server from the page's service manager.

    Called after each test so kernels do not pile up in the shared,
    session-scoped server (the machines have 2 cores). Best effort.
    """
    try:
        page.evaluate(
            """async (ms) => {
              const app = window.jupyterapp;
              if (!app || !app.serviceManager) return;
              await Promise.race([
                app.serviceManager.sessions.shutdownAll(),
                new Promise((resolve) => setTimeout(resolve, ms)),
              ]);
            }""",
            int(timeout * 1000),
        )
    except Exception as exc:
        print(f"[browser harness] kernel shutdown failed: {exc}", file=sys.stderr)
