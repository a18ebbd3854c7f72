"""The command line: python -m pyramide_widget solve|estimate."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pyramide_widget.__main__ import main


def test_solve_prints_the_verdict_and_a_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "py1-n-aaaaaas"]) == 0
    out = capsys.readouterr().out
    assert "winnable: yes" in out and "max removed: 28 of 28" in out
    assert "order of the stock" in out


def test_solve_counts_the_pyramid_of_the_rules_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "PY1-W-AAAAAAS"]) == 0  # Six Rows: a pyramid of 21 cards
    assert "max removed: 21 of 21 pyramid cards" in capsys.readouterr().out


def test_solve_json_with_other_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "AAAAAAJ", "--rules", "T", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["code"] == "PY1-T-AAAAAAJ" and data["rules"]["draw_against_waste"] is True
    assert data["winnable"] is (data["solution"] is not None)
    assert 0 <= data["max_removed"] <= 28


def test_solve_says_which_engine_ran(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The compiled search where it is built, pure Python when the environment forces it."""
    from pyramide_widget.solver.engines import available_engines

    monkeypatch.setenv("PYRAMIDE_SOLVER", "python")
    assert main(["solve", "PY1-S-AAAAAAS", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == "python"
    monkeypatch.delenv("PYRAMIDE_SOLVER")
    assert main(["solve", "PY1-S-AAAAAAS"]) == 0
    expected = available_engines()[0]
    assert f"({expected} search)" in capsys.readouterr().out


def test_solve_custom_rules_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "PY1-N-AAAAAAS", "--rules", '{"recycles": 1}', "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["code"] == "PY1-X-AAAAAAS"


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "PY1-Q-AAAAAAA"],
        ["solve", "hello"],
        ["solve", "AAAAAAS", "--rules", "Z"],
        ["estimate", "--rules", "Z"],
        ["estimate", "--deals", "0"],
        ["solve", "AAAAAAS", "--rules", "{bad"],
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "error:" in captured.err and "Traceback" not in captured.err


def test_estimate_json_is_machine_readable(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["estimate", "--rules", "E", "--deals", "20", "--seed", "4", "--serial", "--json"])
        == 0
    )
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["deals"] == 20 and data["rules"] == "E" and len(data["ci95"]) == 2
    assert captured.err == ""  # no progress bar when stderr is not a terminal


def test_module_runs_as_a_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyramide_widget", "solve", "PY1-N-AAAAAAS", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["winnable"] is True
    bad = subprocess.run(
        [sys.executable, "-m", "pyramide_widget", "solve", "nope"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (
            ["estimate", "--seed", str(2**70)],
            "--seed must be a whole number from 0 to 18446744073709551615",
        ),
        (
            ["estimate", "--seed", "-1"],
            "--seed must be a whole number from 0 to 18446744073709551615",
        ),
        (
            ["estimate", "--deals", str(26**7 + 1)],
            "--deals must be a whole number from 1 to 8031810176",
        ),
        (
            ["estimate", "--rules", '{"recycles": ' + "[" * 100_000 + "]" * 100_000 + "}"],
            "nested too deeply",
        ),
        (["solve", "AAAAAAS", "--rules", "[" * 100_000], "expected a preset letter"),
        (["estimate", "--rules", "NN"], "expected a preset letter"),
        # the long s, which str.upper() turns into S
        (["estimate", "--rules", "\u017f", "--deals", "1", "--serial"], "unknown rules letter"),
        (["solve", "AAAAAAS", "--rules", "\u017f"], "unknown rules letter"),
    ],
)
def test_out_of_range_or_absurd_input_is_one_short_line(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and says in captured.err and "Traceback" not in captured.err
    assert len(captured.err) < 400  # the input is named, not echoed whole


def test_estimate_text_output_needs_no_per_deal_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", "--rules", "N", "--deals", "12", "--seed", "2", "--serial"]) == 0
    out = capsys.readouterr().out
    assert "/12 won" in out and "slowest deal PY1-N-" in out


def run_on_a_terminal(argv: list[str]) -> tuple[int, str, str]:
    """Run the CLI with stderr on a pseudo-terminal (stdout a pipe): what a user in a shell sees."""
    import os
    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pyramide_widget", *argv], stdout=subprocess.PIPE, stderr=follower
    )
    os.close(follower)
    seen = b""
    while True:
        try:
            data = os.read(leader, 4096)
        except OSError:  # EIO: the terminal's last writer is gone
            break
        if not data:
            break
        seen += data
    os.close(leader)
    out = proc.stdout.read().decode() if proc.stdout else ""
    return proc.wait(timeout=120), out, seen.decode()


def test_solve_shows_it_is_working_on_a_terminal_then_erases_the_line() -> None:
    status, out, terminal = run_on_a_terminal(["solve", "PY1-T-AAAAAAJ", "--optimal", "--json"])
    assert status == 0 and json.loads(out)["code"] == "PY1-T-AAAAAAJ"
    assert "solving PY1-T-AAAAAAJ: 0 s (Ctrl-C stops)" in terminal
    assert terminal.endswith("\r")  # erased: the shell prompt starts on a clean line
    assert terminal.rstrip("\r").rsplit("\r", 1)[-1].strip() == ""


def test_solve_shows_nothing_when_stderr_is_not_a_terminal() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyramide_widget", "solve", "PY1-N-AAAAAAS"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""


def test_estimate_max_nodes_counts_unsettled_deals_as_undecided(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(
            [
                "estimate",
                "--rules",
                "U",
                "--deals",
                "4",
                "--seed",
                "2024",
                "--serial",
                "--json",
                "--max-nodes",
                "200",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert (
        data["max_nodes"] == 200
        and data["undecided"] >= 1
        and data["won"] + data["lost"] + data["undecided"] == 4
    )
    assert main(["estimate", "--rules", "U", "--max-nodes", "0"]) == 2
    assert "--max-nodes must be a positive number of search nodes from 1 to 2**62" in (
        capsys.readouterr().err
    )
    assert main(["estimate", "--rules", "U", "--max-nodes", str(2**63)]) == 2
    assert "--max-nodes must be a positive number of search nodes from 1 to 2**62" in (
        capsys.readouterr().err
    )
    assert main(["estimate", "--rules", "U", "--max-nodes", "9", "--player", "greedy"]) == 2
    assert "--max-nodes is the solver's budget" in capsys.readouterr().err


def test_estimate_plays_a_strategy_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """--player: the same deals as the solver's, played by a strategy that sees what a player sees."""
    assert (
        main(
            [
                "estimate",
                "--rules",
                "E",
                "--deals",
                "20",
                "--seed",
                "4",
                "--serial",
                "--json",
                "--player",
                "greedy",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert (
        data["player"] == "greedy"
        and data["deals"] == 20
        and "never the stock's order" in data["note"]
    )
    assert (
        main(
            [
                "estimate",
                "--rules",
                "E",
                "--deals",
                "20",
                "--seed",
                "4",
                "--serial",
                "--player",
                "careful",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "played by careful" in out and "pyramid cards the strategy removed" in out
    with pytest.raises(SystemExit):
        main(["estimate", "--player", "best"])
    assert "invalid choice: 'best'" in capsys.readouterr().err
