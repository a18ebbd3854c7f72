"""The server setting the documentation recommends for fast clicks (docs/jupyter_server_config.py).

A real Jupyter server is started with that file in its config folder, a kernel is started, and
a plain websocket client (as the browser's page is) sends requests on the kernel's channel:
the server runs with the file's connection class and answers on it. How much faster the
answers come (the ~40 ms Nagle + delayed-ACK stall that jupyter_server's default kernel
websocket has on Linux is gone) is a timing, so it is measured, not asserted:
``benchmarks/bench_widget.py --compare`` (the testing guide, "How fast a click is answered").
No browser needed.

A widget click is a comm message on this same channel, answered the same way ("busy", then
the answer a millisecond later), so this is the round trip ``benchmarks/bench_widget.py``
measures, without the page around it.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from jupyter_harness import JupyterServer, start_jupyter_server, stop_jupyter_server  # noqa: E402

CONFIG = ROOT / "docs" / "jupyter_server_config.py"
ROUND_TRIPS = 5


def _request(msg_type: str, content: dict[str, Any], session: str) -> dict[str, Any]:
    """A kernel message in the websocket's JSON form (the default, unnamed subprotocol)."""
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "session": session,
        "username": "test",
        "date": "",
        "version": "5.3",
    }
    return {
        "header": header,
        "parent_header": {},
        "metadata": {},
        "content": content,
        "channel": "shell",
    }


async def _round_trips(server: JupyterServer, kernel_id: str, count: int) -> list[float]:
    """Milliseconds from sending a ``kernel_info_request`` to the kernel's idle status after
    it (the last message the kernel publishes for a request)."""
    from tornado.websocket import websocket_connect

    session = uuid.uuid4().hex
    url = (
        server.url.replace("http", "ws", 1)
        + f"/api/kernels/{kernel_id}/channels?session_id={session}"
    )
    ws = await websocket_connect(url)
    try:
        times = []
        for _ in range(count + 2):  # the first two wake the connection up; not counted
            request = _request("kernel_info_request", {}, session)
            started = time.perf_counter()
            await ws.write_message(json.dumps(request))
            while True:
                raw = await asyncio.wait_for(ws.read_message(), timeout=30)
                assert raw is not None, "the kernel websocket closed"
                msg = json.loads(raw)
                if (
                    msg["parent_header"].get("msg_id") == request["header"]["msg_id"]
                    and msg["header"]["msg_type"] == "status"
                    and msg["content"]["execution_state"] == "idle"
                ):
                    break
            times.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(0.02)  # the kernel goes idle, as between a player's clicks
        return times[2:]
    finally:
        ws.close()


def test_the_file_sets_a_connection_class_that_turns_nagle_off() -> None:
    """Read by Jupyter's own config loader, the file names a subclass of jupyter_server's kernel
    websocket connection whose ``connect`` sets TCP_NODELAY on the browser's socket first."""
    import inspect

    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader(CONFIG.name, path=str(CONFIG.parent)).load_config()
    chosen = config.ServerApp.kernel_websocket_connection_class
    assert isinstance(chosen, type) and issubclass(chosen, ZMQChannelsWebsocketConnection)
    assert chosen.connect is not ZMQChannelsWebsocketConnection.connect
    assert "set_nodelay(True)" in inspect.getsource(chosen.connect)


def test_a_server_with_the_setting_answers_on_its_kernel_websocket(tmp_path: Path) -> None:
    """The setting is safe to recommend: a real server started with the file in its config
    folder serves kernel websockets, and every request gets its answer."""
    (tmp_path / "config").mkdir()
    shutil.copy(CONFIG, tmp_path / "config" / "jupyter_server_config.py")
    server = start_jupyter_server("lab", tmp_path)
    try:
        api = _Api(server)
        kernel = api.call("POST", "kernels")
        try:
            times = asyncio.run(_round_trips(server, kernel["id"], ROUND_TRIPS))
        finally:
            api.call("DELETE", f"kernels/{kernel['id']}")
    finally:
        stop_jupyter_server(server)
    assert len(times) == ROUND_TRIPS


class _Api:
    """The server's REST API as the page uses it: the ``_xsrf`` cookie it sets, sent back as a
    header with every request that changes something."""

    def __init__(self, server: JupyterServer) -> None:
        import http.cookiejar
        import urllib.request

        self.url = server.url
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.opener.open(f"{self.url}/lab", timeout=60).read()  # sets the _xsrf cookie

    def call(self, method: str, path: str) -> Any:
        import urllib.request

        xsrf = next(cookie.value for cookie in self.cookies if cookie.name == "_xsrf")
        request = urllib.request.Request(
            f"{self.url}/api/{path}",
            data=b"{}" if method == "POST" else None,
            method=method,
            headers={"Content-Type": "application/json", "X-XSRFToken": xsrf},
        )
        with self.opener.open(request, timeout=60) as response:
            body = response.read().decode()
        return json.loads(body) if body else None
