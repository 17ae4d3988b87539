"""The README's worked examples say exactly what `pnp check` says about the shipped example records."""
from __future__ import annotations

import re

from typer.testing import CliRunner

from generator.cli import app

from conftest import ROOT

runner = CliRunner()


def documented_results() -> dict[str, str]:
    """Each fenced block in the README that starts with `examples/<file>.yaml:` is that file's documented result."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```\n(examples/[^\n:]+\.yaml:.*?)```", readme, flags=re.DOTALL)
    return {block.split(":", 1)[0]: block.strip() for block in blocks}


def test_the_readme_documents_both_games():
    assert set(documented_results()) == {"examples/threesixteen-game.yaml", "examples/travel-three-players.yaml"}


def test_documented_results_match_the_checker(monkeypatch):
    monkeypatch.chdir(ROOT)
    for path, expected in documented_results().items():
        result = runner.invoke(app, ["check", path])
        assert result.exit_code == 0, result.stdout
        assert result.stdout.strip() == expected
