"""PyramideWidget in a real browser: click-to-DOM latency and front-end render time.

Starts JupyterLab (or Notebook 7) with the browser test harness, shows the app's R5 deal and
measures **in the browser** with ``performance.now()``:

* click to DOM: from the click dispatch to the MutationObserver callback that sees the
  widget's answer (a stock tap: the waste count changes), split into click -> state arrived
  (``change:_state``: the kernel round trip) and the render itself;
* render: building a full table view from scratch (all 28 cards, piles, controls) and
  updating an existing view with a new state;
* the floor under any widget, in the same page: a minimal anywidget that answers a custom
  message by setting a trait (the widget's own pattern, with no work), the same echo answered
  by a message carrying the kernel's clock (so the way there and the way back are split), and
  a plain kernel round trip (an empty cell's execute request to its idle status).

``--nodelay`` starts the server with ``docs/jupyter_server_config.py`` (TCP_NODELAY on the
kernel websocket, see the testing guide, "How fast a click is answered"); without it the server runs with
its defaults. ``--compare`` runs both servers at once and measures them in alternating rounds,
so that other work on the machine weighs on both alike.

First, without a browser, it prints the kernel's own cost of one stock tap (message in,
snapshot out) at the start of a game and after 10,000 actions: it must not grow with the
game (``--kernel-only`` stops there).

``--bytes`` measures, without a browser, the bytes the kernel sends to the views per tap (the
update messages as the kernel packs them, split by trait) while a game of each table is played
tap by tap, and stops there; ``--json PATH --label NAME`` adds the run, with the machine's
load, to a results file (``benchmarks/results/widget_bytes.json``).

Prints figures and the machine's load; asserts nothing; the last run is in
``benchmarks/results/widget_latency.txt``. Needs Debian's chromium and the ``test`` extra. Run:

    python benchmarks/bench_widget.py [--app lab|notebook] [--clicks 60] [--nodelay | --compare] [--kernel-only]
    python benchmarks/bench_widget.py --bytes [--taps 80] [--json benchmarks/results/widget_bytes.json --label NAME]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from jupyter_harness import (  # noqa: E402
    CHROMIUM_ARGS,
    CHROMIUM_PATH,
    open_notebook,
    shutdown_kernels,
    start_jupyter_server,
    stop_jupyter_server,
)
from machine import load_text, machine, measured  # noqa: E402

SETUP = f"""
import sys
sys.path.insert(0, {str(ROOT / "tests")!r})
from layouts import r5_game
from pyramide_widget.widget import PyramideWidget
w = PyramideWidget(game=r5_game())
w
"""

ECHO = """
import time
import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    \"\"\"The least a widget can do: answer a custom message by setting a trait, or with a
    message carrying the kernel's clock (ms since the epoch).\"\"\"
    _esm = "export default {render({model, el}) {el.className = 'echo'; el.textContent = 'echo'; el.echoModel = model;}}"
    value = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(self._answer)

    def _answer(self, _widget, content, _buffers):
        if content.get("clock"):
            self.send({"kernel_ms": time.time() * 1000})
        else:
            self.value = content["n"]

echo = Echo()
echo
"""

FLOOR_JS = """
async (n) => {
  const model = document.querySelector('.echo').echoModel;
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const pause = () => new Promise((r) => setTimeout(r, 20));
  const trait = [], echo = [], there = [], back = [], execute = [];
  for (let i = 1; i <= n; i++) {
    await new Promise((resolve) => {
      const t0 = performance.now();
      const onChange = () => { model.off('change:value', onChange); trait.push(performance.now() - t0); resolve(); };
      model.on('change:value', onChange);
      model.send({n: i + 1e6 * Math.round(Math.random() * 1e3)});
    });
    await pause();
    await new Promise((resolve) => {
      const t0 = performance.now();
      const onMsg = (msg) => {
        const t1 = performance.now();
        model.off('msg:custom', onMsg);
        echo.push(t1 - t0);
        there.push(msg.kernel_ms - (performance.timeOrigin + t0));
        back.push(performance.timeOrigin + t1 - msg.kernel_ms);
        resolve();
      };
      model.on('msg:custom', onMsg);
      model.send({clock: true});
    });
    await pause();
    const t0 = performance.now();
    let idle = 0;
    const future = kernel.requestExecute({code: '', silent: false, store_history: false});
    future.onIOPub = (msg) => {
      if (msg.header.msg_type === 'status' && msg.content.execution_state === 'idle') idle = performance.now();
    };
    await future.done;
    execute.push(idle - t0);
    await pause();
  }
  return {trait, echo, there, back, execute};
}
"""

CLICKS_JS = """
async (n) => {
  const root = document.querySelector('.pyr-root');
  const view = root.pyramideView;
  const stock = root.querySelector('[data-pile="stock"]');
  const waste = root.querySelector('[data-pile="waste"]');
  const total = [], arrival = [], render = [];
  for (let i = 0; i < n; i++) {
    const before = waste.dataset.count + '/' + stock.dataset.count;
    await new Promise((resolve, reject) => {
      let t0 = 0, tState = 0;
      const onState = () => { tState = performance.now(); };
      view.model.on('change:_state', onState);
      const observer = new MutationObserver(() => {
        if (waste.dataset.count + '/' + stock.dataset.count !== before) {
          const t1 = performance.now();
          observer.disconnect();
          view.model.off('change:_state', onState);
          total.push(t1 - t0);
          arrival.push(tState - t0);
          render.push(view.renderMs);
          resolve();
        }
      });
      observer.observe(root, {subtree: true, attributes: true, childList: true, characterData: true});
      setTimeout(() => reject(new Error('no update')), 10000);
      t0 = performance.now();
      stock.click();
    });
    await new Promise((r) => setTimeout(r, 20));  // let the kernel go idle, as between human clicks
  }
  return {total, arrival, render};
}
"""

RENDER_JS = """
(n) => {
  const root = document.querySelector('.pyr-root');
  const view = root.pyramideView;
  const host = document.createElement('div');
  root.parentElement.append(host);
  const build = [], script = [], update = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const fresh = view.createView(host, view.model);
    const t1 = performance.now();
    host.getBoundingClientRect();  // include style and layout of the new table
    build.push(performance.now() - t0);
    script.push(t1 - t0);
    const t2 = performance.now();
    fresh.render();
    host.getBoundingClientRect();
    update.push(performance.now() - t2);
    fresh.destroy();
  }
  host.remove();
  return {build, script, update};
}
"""


def kernel_tap_ms(actions: int, taps: int = 300) -> list[float]:
    """Per-tap times (ms) of a stock tap handled by the widget after ``actions`` actions."""
    from pyramide_widget.widget import PyramideWidget

    widget = PyramideWidget("PY1-N-AAAAAAB", stats=False)
    game = widget.game
    while game.action_count < actions:
        game.play("draw" if game.stock else "recycle")
    times = []
    for _ in range(taps):
        t0 = time.perf_counter()
        widget._on_message(widget, {"type": "tap", "pile": "stock"}, [])
        times.append((time.perf_counter() - t0) * 1000)
    widget.close()
    return times


# One preset of each table, dealt from the same code: every shape, pile and deck the views draw.
BYTES_PRESETS = ("N", "W", "V", "F", "B", "A", "Y", "C", "G", "U")


def _taps_for(game: Any) -> list[dict[str, Any]] | None:
    """The front-end taps that make the game's first legal removal, else a draw or a recycle
    (a move into the cell aside); None when no such move is left."""
    from pyramide_widget.engine.moves import MoveKind

    for move in game.legal_moves():
        if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
            return [{"type": "tap", "pile": "stock"}]
        if move.kind is not MoveKind.CELL:
            taps = []
            for card in move.cards:
                place = game.place_of(card)
                tap = {"type": "tap", "pile": place.pile, "row": place.row, "card": str(card)}
                if place.col is not None:
                    tap["col"] = place.col
                taps.append(tap)
            return taps
    return None


def bytes_per_tap(letter: str, taps: int) -> dict[str, Any]:
    """The bytes of the update messages the widget sends for each of ``taps`` taps of a game
    under preset ``letter`` (dealt from the same code each run), by trait, packed as the kernel
    packs a message (jupyter_client's JSON)."""
    from jupyter_client.session import json_packer

    from pyramide_widget.widget import PyramideWidget

    widget = PyramideWidget(f"PY1-{letter}-AAAAAAS", stats=False)
    sent: list[dict[str, Any]] = []
    original = widget.comm.send

    def spy(data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        sent.append(data)
        original(data=data, metadata=metadata, buffers=buffers)

    widget.comm.send = spy  # type: ignore[method-assign]
    per_tap: list[int] = []
    per_trait: dict[str, list[int]] = {}
    while len(per_tap) < taps:
        move = _taps_for(widget.game)
        if move is None:
            break
        for tap in move[: taps - len(per_tap)]:
            sent.clear()
            widget._on_message(widget, tap, [])
            updates = [m for m in sent if m and m.get("method") == "update"]
            per_tap.append(sum(len(json_packer(m)) for m in updates))
            for update in updates:
                for trait, value in update["state"].items():
                    per_trait.setdefault(trait, []).append(len(json_packer(value)))
    table = len(json_packer(widget._table))
    widget.close()
    return {
        "preset": letter,
        "table": widget.game.table.name,
        "taps": len(per_tap),
        "median_bytes_per_tap": statistics.median(per_tap),
        "mean_bytes_per_tap": round(statistics.mean(per_tap)),
        "max_bytes_per_tap": max(per_tap),
        "table_layout_bytes": table,
        "median_bytes_by_trait": {k: statistics.median(v) for k, v in sorted(per_trait.items())},
        "updates_by_trait": {k: len(v) for k, v in sorted(per_trait.items())},
    }


def measure_bytes(args: argparse.Namespace) -> None:
    """Print (and with ``--json``, file) the bytes sent per tap, one row per table."""
    with measured() as record:
        rows = [bytes_per_tap(letter, args.taps) for letter in BYTES_PRESETS]
    for row in rows:
        traits = ", ".join(f"{k} {v:,.0f}" for k, v in row["median_bytes_by_trait"].items())
        print(
            f"{row['preset']} {row['table']:<11} {row['taps']:>3} taps: median "
            f"{row['median_bytes_per_tap']:>6,.0f} B per tap (mean {row['mean_bytes_per_tap']:,},"
            f" max {row['max_bytes_per_tap']:,}; by trait: {traits}; the table's layout "
            f"{row['table_layout_bytes']:,} B)"
        )
    print(f"load {load_text(record)}")
    if args.json:
        path = Path(args.json)
        runs = json.loads(path.read_text(encoding="utf-8"))["runs"] if path.is_file() else []
        runs = [run for run in runs if run["label"] != args.label]
        runs.append({"label": args.label, **record, "machine": machine(), "tables": rows})
        text = json.dumps({"runs": runs}, indent=1, ensure_ascii=False) + "\n"
        path.write_text(text, encoding="utf-8")


def summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    p90 = values[int(0.9 * (len(values) - 1))]
    return f"{name:<34} median {statistics.median(values):6.1f} ms   p90 {p90:6.1f}   min {values[0]:6.1f}   n={len(values)}"


SERVERS = {
    "default": "the server's default settings",
    "nodelay": "docs/jupyter_server_config.py (TCP_NODELAY)",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", choices=("lab", "notebook"), default="lab")
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--renders", type=int, default=200)
    parser.add_argument(
        "--floors", type=int, default=40, help="round trips of each floor measurement"
    )
    setting = parser.add_mutually_exclusive_group()
    setting.add_argument(
        "--nodelay", action="store_true", help="serve with docs/jupyter_server_config.py"
    )
    setting.add_argument(
        "--compare",
        action="store_true",
        help="both servers at once, measured in alternating rounds (fair under load)",
    )
    parser.add_argument("--kernel-only", action="store_true", help="only the kernel's per-tap cost")
    parser.add_argument("--bytes", action="store_true", help="only the bytes sent per tap")
    parser.add_argument("--taps", type=int, default=80, help="taps per table with --bytes")
    parser.add_argument("--json", help="with --bytes: add the run to this results file")
    parser.add_argument("--label", default="run", help="with --json: the run's name in the file")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {load()} at the start")
    if args.bytes:
        measure_bytes(args)
        return

    for actions in (0, 10_000):
        print(summary(f"kernel: a tap after {actions:,} actions", kernel_tap_ms(actions)))
    if args.kernel_only:
        return
    kinds = list(SERVERS) if args.compare else ["nodelay" if args.nodelay else "default"]
    clicks, floors, renders = measure(args, kinds)

    print(summary("full table view built + laid out", renders["build"]) + "   (target <= 5 ms)")
    print(summary("  of which building the DOM (JS)", renders["script"]))
    print(summary("full table re-render + layout", renders["update"]))
    for kind in kinds:
        print(f"server: {SERVERS[kind]}")
        print(summary("  click -> DOM updated", clicks[kind]["total"]) + "   (target <= 50 ms)")
        print(summary("    click -> state arrived", clicks[kind]["arrival"]))
        print(summary("    render of the update", clicks[kind]["render"]))
        print("  the floor under any widget:")
        print(summary("    echo widget: message -> trait", floors[kind]["trait"]))
        print(summary("    echo widget: message -> message", floors[kind]["echo"]))
        print(summary("      browser -> kernel's handler", floors[kind]["there"]))
        print(summary("      kernel's answer -> browser", floors[kind]["back"]))
        print(summary("    empty execute -> kernel idle", floors[kind]["execute"]))
    print(
        f"machine: load average {load()} at the end (other work on the machine slows every figure)"
    )


def measure(args: argparse.Namespace, kinds: list[str]) -> tuple[dict, dict, dict]:
    """Clicks and floors per server kind, in rounds that alternate between the servers (so a
    change of the machine's load falls on both), and the render times (first server's page)."""
    from playwright.sync_api import sync_playwright

    rounds = 4
    clicks = {kind: {"total": [], "arrival": [], "render": []} for kind in kinds}
    floors = {
        kind: {"trait": [], "echo": [], "there": [], "back": [], "execute": []} for kind in kinds
    }
    with tempfile.TemporaryDirectory() as tmp:
        started = time.monotonic()
        servers = {}
        try:
            for kind in kinds:
                base = Path(tmp) / kind
                if kind == "nodelay":
                    (base / "config").mkdir(parents=True)
                    shutil.copy(ROOT / "docs" / "jupyter_server_config.py", base / "config")
                servers[kind] = start_jupyter_server(args.app, base)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=CHROMIUM_PATH, headless=True, args=list(CHROMIUM_ARGS)
                )
                pages = {}
                for kind in kinds:
                    page = pages[kind] = browser.new_page(viewport={"width": 1400, "height": 1000})
                    open_notebook(page, servers[kind], [SETUP, ECHO], name="bench")
                    page.wait_for_selector('[data-card="K♦"]', timeout=60_000)
                    page.wait_for_selector(".echo", state="attached", timeout=60_000)
                    page.evaluate(CLICKS_JS, 5)  # warm up
                    page.evaluate(FLOOR_JS, 3)
                print(
                    f"{args.app}: servers + notebooks + widgets ready in {time.monotonic() - started:.1f} s"
                )
                for _ in range(rounds):
                    for kind in kinds:
                        for key, values in (
                            pages[kind].evaluate(CLICKS_JS, -(-args.clicks // rounds)).items()
                        ):
                            clicks[kind][key] += values
                        for key, values in (
                            pages[kind].evaluate(FLOOR_JS, -(-args.floors // rounds)).items()
                        ):
                            floors[kind][key] += values
                renders = pages[kinds[0]].evaluate(RENDER_JS, args.renders)
                for page in pages.values():
                    shutdown_kernels(page)
                browser.close()
        finally:
            for server in servers.values():
                stop_jupyter_server(server)
    return clicks, floors, renders


def load() -> str:
    """The 1, 5 and 15 minute load averages, to say how busy the machine was."""
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


if __name__ == "__main__":
    main()
