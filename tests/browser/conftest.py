"""Fixtures for the real-browser end-to-end tests (JupyterLab 4 and Notebook 7).

Fixtures, from outside in:

* ``jupyter_app`` (session, params ``"lab"``/``"notebook"``): a running server
  (:class:`jupyter_harness.JupyterServer`). Session scope so each app starts
  once; pytest groups the tests by param so only one server runs at a time.
* ``browser`` (session): Debian chromium launched through Playwright.
* ``page`` (function): a fresh context + page that may only reach
  127.0.0.1/localhost, with its console captured; on failure a screenshot, the
  console log, the page HTML and the server log go to ``test-artifacts/``
  (``PYRAMIDE_TEST_ARTIFACTS`` overrides the folder).
* ``open_nb`` (function): ``open_nb(cells, name=None, run=True)`` opens a
  notebook of those code cells in ``page`` on ``jupyter_app``.

When chromium or playwright is missing the whole directory is skipped, unless
``PYRAMIDE_REQUIRE_BROWSER`` is set (CI): then it is a hard failure, so a
broken CI image cannot pass by skipping.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest

BROWSER_DIR = Path(__file__).resolve().parent
# The helper is imported as a top-level module: pytest's default ("prepend")
# import mode already puts this directory on sys.path for a conftest without
# __init__.py; "importlib" mode does not, hence the explicit insert.
if str(BROWSER_DIR) not in sys.path:
    sys.path.insert(0, str(BROWSER_DIR))

from jupyter_harness import (  # noqa: E402 (found through the sys.path entry above)
    APPS,
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    LOCAL_HOSTS,
    AppName,
    JupyterServer,
    NotebookSession,
    OpenNotebook,
    open_notebook,
    safe_name,
    shutdown_kernels,
    start_jupyter_server,
    stop_jupyter_server,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page, Playwright, Route

REPO_ROOT = BROWSER_DIR.parents[1]
ARTIFACTS_DIR = Path(os.environ.get("PYRAMIDE_TEST_ARTIFACTS", REPO_ROOT / "test-artifacts"))
REQUIRE_ENV = "PYRAMIDE_REQUIRE_BROWSER"


def _missing_browser_stack() -> list[str]:
    """What is missing to run the browser suite (empty list: all there)."""
    missing = []
    if not os.access(CHROMIUM_PATH, os.X_OK):
        missing.append(f"{CHROMIUM_PATH} (apt-get install -y chromium)")
    if importlib.util.find_spec("playwright") is None:
        missing.append("the 'playwright' Python package (pip install playwright)")
    return missing


MISSING = _missing_browser_stack()
REQUIRED = bool(os.environ.get(REQUIRE_ENV))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "browser: real-browser end-to-end test (JupyterLab/Notebook + chromium)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test under this directory ``browser``; skip them if the stack is missing.

    This hook sees all collected items, so it filters on the path. When the
    stack is missing but required, nothing is skipped here: the ``browser``
    fixture then fails each test with the same explanation.
    """
    skip = None
    if MISSING and not REQUIRED:
        skip = pytest.mark.skip(
            reason="browser suite needs " + " and ".join(MISSING) + f"; set {REQUIRE_ENV}=1 "
            "to make this a failure instead of a skip"
        )
    for item in items:
        if BROWSER_DIR in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)
            if skip is not None:
                item.add_marker(skip)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the item (``item.rep_setup/rep_call``) for the page fixture."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


# --------------------------------------------------------------------------- server

#: Server start-up seconds per app, reported at the end of the run.
_STARTUP_KEY = pytest.StashKey[dict[str, float]]()


@pytest.fixture(scope="session", params=APPS)
def jupyter_app(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[JupyterServer]:
    """A JupyterLab (``lab``) or Notebook 7 (``notebook``) server on a free 127.0.0.1 port."""
    app: AppName = request.param
    started = time.monotonic()
    server = start_jupyter_server(app, tmp_path_factory.mktemp(f"jupyter-{app}"))
    request.config.stash.setdefault(_STARTUP_KEY, {})[app] = time.monotonic() - started
    try:
        yield server
    finally:
        stop_jupyter_server(server)


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """Report server start-up times, which ``--durations`` folds into the first test."""
    times = config.stash.get(_STARTUP_KEY, {})
    if times:
        text = ", ".join(f"{app} {secs:.1f}s" for app, secs in times.items())
        terminalreporter.write_line(f"jupyter server start-up: {text}")


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    """Playwright's sync driver (one per session)."""
    if MISSING:
        pytest.fail(f"{REQUIRE_ENV} is set but the browser suite needs: " + ", ".join(MISSING))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    """Debian chromium, headless, with the flags that keep it off the network."""
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM_PATH, headless=True, args=list(CHROMIUM_ARGS)
    )
    try:
        yield browser
    finally:
        browser.close()


def _is_local(url: str) -> bool:
    """True for URLs served by this machine (or inline ``data:``/``blob:`` ones)."""
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob") or parts.hostname in LOCAL_HOSTS


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh page (own context: no shared storage) limited to localhost.

    Console messages, page errors and aborted requests are collected as they
    come; on failure they are written to ``test-artifacts/`` with a full-page
    screenshot, the HTML and the server log tail. Kernels started by the test
    are shut down afterwards so they do not pile up in the shared server.
    """
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    log: list[str] = []
    start = time.monotonic()

    def local_only(route: Route) -> None:
        # Offline by construction: a CDN/news/font request fails fast and is logged.
        if _is_local(route.request.url):
            route.continue_()
        else:
            log.append(f"{time.monotonic() - start:7.2f}s [aborted] {route.request.url}")
            route.abort()

    context.route("**/*", local_only)
    pg = context.new_page()
    pg.set_default_timeout(30_000)

    def on_console(msg: ConsoleMessage) -> None:
        log.append(f"{time.monotonic() - start:7.2f}s [{msg.type}] {msg.text}")

    def on_error(err: Exception) -> None:
        log.append(f"{time.monotonic() - start:7.2f}s [pageerror] {err}")

    pg.on("console", on_console)
    pg.on("pageerror", on_error)
    try:
        yield pg
    finally:
        failed = any(
            getattr(getattr(request.node, f"rep_{when}", None), "failed", False)
            for when in ("setup", "call")
        )
        if failed:
            server = request.node.funcargs.get("jupyter_app")
            _save_artifacts(pg, log, request.node.nodeid, server)
        shutdown_kernels(pg)
        context.close()


def _save_artifacts(page: Page, log: list[str], nodeid: str, server: JupyterServer | None) -> None:
    """Write screenshot, console log, HTML and server log tail for a failed test."""
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    stem = ARTIFACTS_DIR / safe_name(nodeid, limit=150)
    try:
        page.screenshot(path=f"{stem}.png", full_page=True, timeout=10_000)
    except Exception as exc:
        log.append(f"[harness] screenshot failed: {exc}")
    try:
        Path(f"{stem}.html").write_text(page.content(), encoding="utf-8")
    except Exception as exc:
        log.append(f"[harness] page.content failed: {exc}")
    Path(f"{stem}.console.log").write_text("\n".join(log) + "\n", encoding="utf-8")
    if server is not None:
        Path(f"{stem}.server.log").write_text(server.log_tail(20_000), encoding="utf-8")


# --------------------------------------------------------------------------- notebooks


@pytest.fixture
def open_nb(page: Page, jupyter_app: JupyterServer, request: pytest.FixtureRequest) -> OpenNotebook:
    """``open_nb(cells, name=None, run=True, timeout=90.0) -> NotebookSession``.

    Writes the code cells as a notebook in the server root, opens it in
    ``page``, waits for a connected idle kernel and (with ``run``) runs all
    cells, failing with the Python traceback if one raises.
    """

    def _open(
        cells: Sequence[str],
        name: str | None = None,
        run: bool = True,
        timeout: float = 90.0,
    ) -> NotebookSession:
        return open_notebook(
            page,
            jupyter_app,
            cells,
            name=name or request.node.name,
            run=run,
            timeout=timeout,
        )

    return _open
