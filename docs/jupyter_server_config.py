"""Jupyter server setting: send kernel messages to the browser without Nagle's 40 ms wait.

Why: jupyter_server's kernel websocket (a Tornado ``WebSocketHandler``) leaves Nagle's
algorithm on. For each message from the browser (a widget click, a cell run) the kernel first
publishes "busy", then its answer a millisecond later. Nagle holds that answer back until the
browser acknowledges "busy", and the browser's TCP stack delays that acknowledgement (40 ms on
Linux), so every widget round trip costs about 45 ms, whatever the widget. The testing guide's
section "How fast a click is answered" gives the measurements (``benchmarks/bench_widget.py --compare`` runs
a server with this file beside one without).

Use: copy this file into your Jupyter config folder (``jupyter --config-dir``, usually
``~/.jupyter``) or merge its lines into the ``jupyter_server_config.py`` already there, or
start with ``jupyter lab --config=docs/jupyter_server_config.py``. It changes nothing else:
the connection class is jupyter_server's own (its ``kernel_websocket_connection_class``
setting), with ``TCP_NODELAY`` set through Tornado's ``WebSocketHandler.set_nodelay``. Not for
a server that uses a kernel gateway, which has its own connection class.
"""

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayKernelConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, with TCP_NODELAY on the browser's socket."""

    def connect(self):  # type: ignore[no-untyped-def]  # the same signature as the parent's
        self.websocket_handler.set_nodelay(True)
        return super().connect()


c = get_config()  # type: ignore[name-defined]  # noqa: F821 - provided by Jupyter's config loader
c.ServerApp.kernel_websocket_connection_class = NoDelayKernelConnection
