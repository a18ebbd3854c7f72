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


def test_solve_json_with_other_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "AAAAAAJ", "--rules", "T", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["code"] == "PY1-T-AAAAAAJ" and data["rules"]["draw_against_waste"] is True
    assert data["winnable"] is (data["solution"] is not None)
    assert 0 <= data["max_removed"] <= 28


def test_solve_custom_rules_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "PY1-N-AAAAAAS", "--rules", '{"recycles": 1}', "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["code"] == "PY1-X-AAAAAAS"


@pytest.mark.parametrize(
    "argv",
    [["solve", "PY1-Q-AAAAAAA"], ["solve", "hello"], ["solve", "AAAAAAS", "--rules", "Z"],
     ["estimate", "--rules", "Z"], ["estimate", "--deals", "0"], ["solve", "AAAAAAS", "--rules", "{bad"]],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "error:" in captured.err and "Traceback" not in captured.err


def test_estimate_json_is_machine_readable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", "--rules", "E", "--deals", "20", "--seed", "4", "--serial", "--json"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert data["deals"] == 20 and data["rules"] == "E" and len(data["ci95"]) == 2
    assert captured.err == ""  # no progress bar when stderr is not a terminal


def test_module_runs_as_a_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyramide_widget", "solve", "PY1-N-AAAAAAS", "--json"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["winnable"] is True
    bad = subprocess.run([sys.executable, "-m", "pyramide_widget", "solve", "nope"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
