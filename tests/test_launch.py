"""The quick start of `pnp check` and `pnp --version` (generator/launch.py) says exactly what the Typer command
says, and leaves everything it does not plainly understand to the Typer command."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator import __version__
from generator.cli import app
from generator.launch import Check, read_check

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
PNP = Path(sys.executable).with_name("pnp")


def quick(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`pnp` as installed, in a fresh process (the quick start runs only there)."""
    return subprocess.run([str(PNP), *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "200"})


@pytest.mark.parametrize("args", [
    ["check", "travel-three-players.yaml"],
    ["check", "travel-broken.yaml", "--format", "json"],
    ["check", "--lang", "ko", "travel-korean.yaml"],
    ["check", "travel-misspelt.yaml", "--lang=ja"],
    ["check", "threesixteen-game.yaml", "--nodes", "0", "--format=json"],
    ["check", "threesixteen-solo.yaml", "--time-limit", "30.5", "--nodes", "2000"],
    ["check", "threesixteen-broken.yaml", "--content", str(ROOT / "content")],
    ["check", "threesixteen-slip.yaml"],
    ["check", "no-such-record.yaml"],
    ["check", "no-such-record.yaml", "--format", "json"],
    ["check", "travel-three-players.yaml", "--lang", "xx"],
    ["check", "travel-three-players.yaml", "--content", "no-such-folder"],
])
def test_the_quick_start_says_what_the_typer_command_says(args: list[str], monkeypatch):
    assert read_check(args[1:]) is not None, "this command line is one the quick start runs"
    ran = quick(*args, cwd=EXAMPLES)
    monkeypatch.chdir(EXAMPLES)
    typer = CliRunner().invoke(app, args)
    assert (ran.returncode, ran.stdout, ran.stderr) == (typer.exit_code, typer.stdout, typer.stderr)
    assert "Traceback" not in ran.stderr


@pytest.mark.parametrize("args", [
    [], ["r.yaml", "more.yaml"], ["--help"], ["r.yaml", "--help"], ["r.yaml", "-h"], ["r.yaml", "--format", "xml"],
    ["r.yaml", "--format"], ["r.yaml", "--lang", "en", "--lang", "ko"], ["r.yaml", "--nodes", "-1"],
    ["r.yaml", "--nodes", "1e3"], ["r.yaml", "--nodes", "99999999999"], ["r.yaml", "--time-limit", "nan"],
    ["r.yaml", "--time-limit", "86401"], ["r.yaml", "--lang", "--format"], ["r.yaml", "--seed", "1"], ["--", "r.yaml"],
    ["r.yaml", "--content", str(EXAMPLES / "travel-broken.yaml")], [""],
])
def test_anything_else_goes_to_the_typer_command(args: list[str]):
    assert read_check(args) is None


def test_a_check_is_read_with_its_options():
    assert read_check(["r.yaml"]) == Check(Path("r.yaml"))
    assert read_check(["--nodes=10", "r.yaml", "--time-limit", "2", "--format", "json", "--content", "c"]) == Check(
        Path("r.yaml"), "en", True, Path("c"), 10, 2.0)


def test_refused_options_get_the_typer_commands_usage_message(tmp_path: Path):
    ran = quick("check", str(EXAMPLES / "threesixteen-game.yaml"), "--nodes", "-1", cwd=tmp_path)
    assert ran.returncode == 2 and "Invalid value for '--nodes'" in " ".join(ran.stderr.replace("│", " ").split())
    helped = quick("check", "--help", cwd=tmp_path)
    assert helped.returncode == 0 and "--time-limit" in helped.stdout


def test_version(tmp_path: Path):
    assert quick("--version", cwd=tmp_path).stdout == f"pnp {__version__}\n"
    assert CliRunner().invoke(app, ["--version"]).stdout == f"pnp {__version__}\n"


def test_a_quick_check_imports_neither_typer_nor_the_other_game(tmp_path: Path):
    """What `pnp check` of a travel record loads: not the CLI framework, the terminal styling or the PDF library,
    and not 3x16."""
    probe = ("import sys, runpy; sys.argv = ['pnp', 'check', sys.argv[1]]\n"
             "try:\n    runpy.run_module('generator', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('typer', 'click', 'rich', 'reportlab', 'matplotlib', 'ortools') or 'threesixteen' in m)))")
    ran = subprocess.run([sys.executable, "-c", probe, str(EXAMPLES / "travel-three-players.yaml")], cwd=tmp_path,
                         capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines()[-1] == ""
