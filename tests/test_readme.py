"""The README's worked examples say exactly what `pnp check` says about the shipped example records, in text
and in JSON."""
from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from generator.cli import app

from conftest import ROOT
from envelope_schema import CHECK, problems

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


def documented_json() -> list[tuple[list[str], str]]:
    """Each `pnp check --format json ...` command in the README, with the JSON block printed under it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.findall(r"```sh\npnp (check --format json [^\n]+)\n```\n\n```json\n(.*?)```", readme, flags=re.DOTALL)
    return [(command.split(), block.strip()) for command, block in found]


def test_the_readme_shows_each_kind_of_envelope_for_both_games():
    shown = [json.loads(block) for _, block in documented_json()]
    kinds = {(data["game"], "result" if data["valid"] else "violation" if "violation" in data else "errors")
             for data in shown}
    assert kinds == {(game, kind) for game in ("threesixteen", "travel") for kind in ("result", "violation", "errors")}
    assert all(problems(CHECK, data) == [] for data in shown)


def test_documented_json_is_what_the_checker_prints(monkeypatch):
    monkeypatch.chdir(ROOT)
    for command, block in documented_json():
        result = runner.invoke(app, command)
        assert result.exit_code == (0 if json.loads(block)["valid"] else 1)
        assert result.stdout.strip() == block


def test_every_source_file_the_content_and_the_readme_point_at_exists():
    """A designer reading game.yaml's header, or the README, is sent to files that are there (game.yaml once named
    generator/content/effects.py, which never existed)."""
    texts = [ROOT / "README.md", *sorted((ROOT / "content").rglob("*.yaml"))]
    named = {(path.relative_to(ROOT).as_posix(), found) for path in texts
             for found in re.findall(r"generator/[A-Za-z0-9_/]+\.(?:py|json)", path.read_text(encoding="utf-8"))}
    assert {found for _, found in named} >= {"generator/games/travel/kinds/base.py"}
    assert [(where, found) for where, found in sorted(named) if not (ROOT / found).is_file()] == []
