"""A third game, countdown, that lives only in the tests (tests/countdown/: its spec, model, face and checker, and
its content), declared as an installed package declares one: an entry point in the group `pnp.games`. It builds
a PDF, lints and is checked by `pnp check` with nothing of it outside its own package but the registry's lookup."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

from generator import bench
from generator.cli import app
from generator.games import registry

from conftest import ROOT
from envelope_schema import CHECK, problems
from countdown.bench import content_folder

COUNTDOWN = Path(__file__).resolve().parent / "countdown"
runner = CliRunner()


def _content(tmp_path: Path) -> Path:
    return content_folder(tmp_path)


def _installed(tmp_path: Path) -> Path:
    """A folder that, on sys.path, makes countdown an installed game: a dist-info naming its spec."""
    site = tmp_path / "site"
    info = site / "pnp_countdown-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pnp-countdown\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[pnp.games]\ncountdown = countdown.spec:SPEC\n", encoding="utf-8")
    return site


@pytest.fixture
def forget_countdown(monkeypatch):
    """The registry remembers a spec once found: forget countdown's after the test, for the next one."""
    monkeypatch.delitem(registry._SPECS, "countdown", raising=False)
    yield
    registry._SPECS.pop("countdown", None)


@pytest.fixture
def countdown(tmp_path: Path, monkeypatch, forget_countdown) -> Path:
    """The content folder of countdown, with countdown installed."""
    monkeypatch.syspath_prepend(str(_installed(tmp_path)))
    monkeypatch.syspath_prepend(str(COUNTDOWN.parent))
    return _content(tmp_path)


def _record(tmp_path: Path, moves: str) -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(f"game: countdown\nplayers: [Ann, Ben]\nmoves: {moves}\n", encoding="utf-8")
    return path


def _check(content: Path, record: Path, *more: str):
    return runner.invoke(app, ["check", str(record), "--content", str(content), *more])


def test_it_lints_clean(countdown: Path):
    result = runner.invoke(app, ["lint", "--content", str(countdown)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "0 errors, 0 warnings in 4 files"


def test_lint_finds_its_missing_rule_text(countdown: Path):
    lang = countdown / "countdown" / "en.yaml"
    lang.write_text(lang.read_text(encoding="utf-8").replace("    title: The end\n", ""), encoding="utf-8")
    result = runner.invoke(app, ["lint", "--content", str(countdown)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "content/countdown/en.yaml:9:3: error: rules.R2.title: missing text 'rules.R2.title' (the game data needs it) "
        "[missing-key]", "1 error, 0 warnings in 4 files"]


def test_it_builds_a_pdf_with_its_rulebook_and_its_card(countdown: Path, tmp_path: Path):
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--content", str(countdown), "--output", str(out), "--paper", "a4"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.glob("*.pdf")) == [
        "countdown-en-a4-gutterfold.pdf", "countdown-en-a4-ink-saver.pdf", "countdown-en-a4.pdf"]
    assert (out / "pod" / "countdown-en-counter.pdf").is_file()
    with pdfplumber.open(out / "countdown-en-a4.pdf") as pdf:
        pages = [" ".join((page.extract_text() or "").split()) for page in pdf.pages]
        big = [(page.page_number, "".join(c["text"] for c in page.chars if round(c["size"]) == 48))
               for page in pdf.pages]
    book = " ".join(pages)
    assert "On your turn, take 1 to 2 from the counter, which starts at 10." in book  # R1, its values filled in
    assert "Whoever takes it to 0 wins" in book and "counter card ×1" in book
    fronts = [n for n, text in big if text]
    assert big[fronts[0] - 1][1] == "10" and len(fronts) == 1  # the card's front: its start number, once


@pytest.mark.parametrize("moves, left, winner", [("2 1 2 2 1 2", 0, "Ben"), ("2 2", 6, None)])
def test_a_valid_record(countdown: Path, tmp_path: Path, moves: str, left: int, winner):
    result = _check(countdown, _record(tmp_path, moves), "--format", "json")
    assert result.exit_code == 0, result.output
    envelope = json.loads(result.output)
    assert problems(CHECK, envelope) == []  # the one dialect of every checker (generator/checking.schema.json)
    assert envelope == {"game": "countdown", "path": str(tmp_path / "game.yaml"), "valid": True, "language": "en",
                        "result": {"left": left, "winner": winner}}


@pytest.mark.parametrize("moves, rule, col, reason", [
    ("2 3", "R1", 10, "Ben takes 3 with 8 left"),
    ("2 2 2 2 2 1", "R2", 18, "Ben takes 1 with 0 left"),
    ("2 2 2 2 1 2", "R2", 18, "Ben takes 2 with 1 left"),
])
def test_a_broken_rule_is_cited_where_it_is_broken(countdown: Path, tmp_path: Path, moves: str, rule: str, col: int,
                                                    reason: str):
    record = _record(tmp_path, moves)
    result = _check(countdown, record, "--format", "json")
    assert result.exit_code == 1
    envelope = json.loads(result.output)
    assert problems(CHECK, envelope) == []
    broken = envelope["violation"]
    assert (broken["rule"], broken["reason"], broken["position"]) == (
        rule, reason, {"path": str(record), "line": 3, "col": col})
    text = _check(countdown, record)
    assert text.output.startswith(f"{record}:3:{col}: ")


def test_a_malformed_record_is_one_positioned_error(countdown: Path, tmp_path: Path):
    record = _record(tmp_path, "2 x")
    result = _check(countdown, record)
    assert result.exit_code == 1
    assert result.output.strip() == f"{record}:3:10: error: expected a whole number, found 'x' [notation]"
    envelope = json.loads(_check(countdown, record, "--format", "json").output)
    assert problems(CHECK, envelope) == []
    assert envelope == {"game": "countdown", "path": str(record), "valid": False, "errors": [
        {"path": str(record), "line": 3, "col": 10, "message": "expected a whole number, found 'x'",
         "check": "notation"}]}


def test_a_game_without_pieces_builds_its_rulebook(countdown: Path, tmp_path: Path, monkeypatch):
    """A spec may leave `components` empty, as it may `full_pages` (a game of boards alone): the PDF is its rulebook
    and pages, with no sheet of pieces and no print-on-demand deck (mypy found the None that was called)."""
    from dataclasses import replace

    monkeypatch.setitem(registry._SPECS, "countdown", replace(registry.spec("countdown"), components=""))
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "--content", str(countdown), "--output", str(out), "--paper", "a4"])
    assert result.exit_code == 0, result.output
    assert not (out / "pod").exists() or not list((out / "pod").iterdir())
    with pdfplumber.open(out / "countdown-en-a4.pdf") as pdf:
        book = " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)
        big = [c for page in pdf.pages for c in page.chars if round(c["size"]) == 48]
    assert "On your turn, take 1 to 2 from the counter, which starts at 10." in book
    assert big == []  # no card front


def test_a_game_without_a_checker_says_so(countdown: Path, tmp_path: Path, monkeypatch):
    """A spec may leave `checker` empty (the registry: "an empty one means the game has none"): `pnp check` on its
    record is one positioned error and exit 1, not a traceback (mypy found the None that was called)."""
    from dataclasses import replace

    monkeypatch.setitem(registry._SPECS, "countdown", replace(registry.spec("countdown"), checker=""))
    record = _record(tmp_path, "2 1")
    result = _check(countdown, record)
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.strip() == f"{record}:1:1: error: game 'countdown' has no checker [record]"


def test_without_its_package_the_folder_is_an_unknown_game(tmp_path: Path, forget_countdown):
    content = _content(tmp_path)
    result = runner.invoke(app, ["lint", "--content", str(content)])
    assert result.exit_code == 1
    assert result.output.startswith("content/countdown/game.yaml:1:1: error: unknown game 'countdown': no installed "
                                    "game package declares it")


def test_an_installed_pnp_finds_it_through_its_entry_point(countdown: Path, tmp_path: Path):
    """A fresh process, as an installed `pnp` runs: the entry point on its path is all it needs."""
    record = _record(tmp_path, "2 1 2 2 1 2")
    path = os.pathsep.join([str(tmp_path / "site"), str(COUNTDOWN.parent), str(ROOT)])
    done = subprocess.run([sys.executable, "-m", "generator", "check", str(record), "--content", str(countdown)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": path}, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"{record}: valid Countdown record", "Ben took the counter to 0 and wins."]


def test_make_bench_runs_its_benchmark(countdown: Path, tmp_path: Path, monkeypatch, capsys):
    """`make bench` lists an installed game's benchmarks after the shipped games' and runs them by label."""
    assert ("countdown", "countdown.bench") in bench.benchmarks()
    assert bench.benchmarks()[-2] == ("countdown", "countdown.bench")  # before the size benchmark, which is last
    monkeypatch.chdir(tmp_path)
    assert bench.main(["countdown"]) == 0
    rows = json.loads((tmp_path / "output" / "bench.json").read_text(encoding="utf-8"))
    assert [(row["suite"], row["name"], row["unit"]) for row in rows] == [
        ("countdown", "countdown check: records per CPU-second, parsing included", "records/s")]
    assert rows[0]["value"] > 0
    assert "== countdown" in capsys.readouterr().out
