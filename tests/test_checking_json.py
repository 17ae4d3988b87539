"""One dialect for every checker: `pnp check --format json` answers with one envelope for every game, whether the
record is valid, breaks a rule or cannot be read, and every envelope fits generator/checking.schema.json."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

from conftest import ROOT, line_col, replace_in
from envelope_schema import CHECK, LINT, problems

runner = CliRunner()
EXAMPLES = ROOT / "examples"
THREESIXTEEN = EXAMPLES / "threesixteen-game.yaml"
TRAVEL = EXAMPLES / "travel-three-players.yaml"
TRAVEL_BROKEN = EXAMPLES / "travel-broken.yaml"


def check_json(path: Path, *args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["check", str(path), "--format", "json", "--nodes", "0", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    data = json.loads(result.stdout)
    assert problems(CHECK, data) == []
    return result.exit_code, data


def copy(tmp_path: Path, source: Path, old: str = "", new: str = "") -> Path:
    target = tmp_path / source.name
    target.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    if old:
        replace_in(target, old, new)
    return target


@pytest.mark.parametrize("path, game", [(THREESIXTEEN, "threesixteen"), (TRAVEL, "travel")])
def test_a_valid_record_of_either_game(path, game):
    code, data = check_json(path)
    assert code == 0
    assert (data["game"], data["path"], data["valid"], data["language"]) == (game, str(path), True, "en")
    assert set(data) == {"game", "path", "valid", "language", "result"}


def test_a_broken_rule_of_either_game_has_the_same_fields(tmp_path):
    ts = copy(tmp_path, THREESIXTEEN, "  Mina: >-\n    A A B", "  Mina: >-\n    A A B>C")
    code, data = check_json(ts, "--lang", "ko")
    assert code == 1 and (data["game"], data["valid"], data["language"]) == ("threesixteen", False, "ko")
    v = data["violation"]
    line, col = line_col(ts, "B>C")
    assert (v["rule"], v["call"], v["player"], v["code"]) == ("R10", 3, "Mina", "empty_column")
    assert v["position"] == {"path": str(ts), "line": line, "col": col}
    assert v["state"]["token"] == "B>C" and v["state"]["board"]["columns"]["B"] == [10]
    code, data = check_json(TRAVEL_BROKEN)
    assert code == 1 and (data["game"], data["valid"]) == ("travel", False)
    w = data["violation"]
    assert (w["rule"], w["turn"], w["player"], w["code"]) == ("R28", 6, "Mina", "travel_forbidden")
    assert w["position"] == {"path": str(TRAVEL_BROKEN), "line": 17, "col": 11}
    assert set(v) - {"call"} == set(w) - {"turn"}


# game, record text, where the error is (needle), the check that found it
MALFORMED = [
    ("threesixteen", "game: threesixteen\nplayers: [Mina]\ncalls: [1, 2\n", None, "yaml"),
    ("threesixteen", "game: threesixteen\nplayers: [Mina]\ncalls: 1 2\nmoves: {Mina: R A}\ncolour: red\n",
     "colour", "record"),
    ("threesixteen", "game: threesixteen\nplayers: [Mina]\ncalls: 1 2\nmoves: {Mina: R A?}\n", "A?", "record"),
    ("threesixteen", "game: threesixteen\nplayers: [Mina]\ncalls: 1 2\nmoves: {Mina: R 3A}\n", "3A", "slip"),
    ("travel", "game: travel\nplayers: [\n", None, "yaml"),
    ("travel", TRAVEL_BROKEN.read_text(encoding="utf-8").replace("centre: JP", "centre: JP\ncolour: red"),
     "colour", "record"),
    ("travel", TRAVEL_BROKEN.read_text(encoding="utf-8").replace("draw knife", "draw knfe"), "knfe", "record"),
]


@pytest.mark.parametrize("game, text, needle, check", MALFORMED)
def test_a_record_that_cannot_be_read_is_the_same_envelope_with_errors(tmp_path, game, text, needle, check):
    path = tmp_path / "record.yaml"
    path.write_text(text, encoding="utf-8")
    code, data = check_json(path)
    assert code == 1
    assert set(data) == {"game", "path", "valid", "errors"}
    assert (data["game"], data["path"], data["valid"]) == (game, str(path), False)
    [error] = data["errors"]
    assert (error["path"], error["check"]) == (str(path), check)
    if needle is not None:
        assert (error["line"], error["col"]) == line_col(path, needle)


def test_a_missing_file_has_no_game(tmp_path):
    code, data = check_json(tmp_path / "nope.yaml")
    assert code == 1
    assert data == {"game": None, "path": str(tmp_path / "nope.yaml"), "valid": False,
                    "errors": [{"path": str(tmp_path / "nope.yaml"), "line": 0, "col": 0, "message": "file not found",
                                "check": "file"}]}


def test_a_misspelt_card_gets_did_you_mean_in_the_chosen_language(tmp_path):
    path = copy(tmp_path, TRAVEL_BROKEN, "draw knife", "draw knfe")
    for lang, message in [("en", "'knfe' is not a card; did you mean 'knife'?"),
                          ("ja", "「knfe」はカードではありません。「knife」のことですか？")]:
        _, data = check_json(path, "--lang", lang)
        assert data["errors"][0]["message"] == message
    replace_in(path, "draw knfe", "draw zzzz")
    _, data = check_json(path)
    assert data["errors"][0]["message"] == "'zzzz' is not a card"


def test_text_output_of_a_record_that_cannot_be_read_is_one_positioned_line(tmp_path):
    path = tmp_path / "record.yaml"
    path.write_text("game: threesixteen\nplayers: [Mina]\ncalls: 1 2\nmoves: {Mina: R 3A}\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith(f"{path}:4:17: error: call 2 (number 2), Mina: token 3A: ")
    assert result.stderr.rstrip().endswith("[slip]")


def test_lint_json_uses_the_same_error_objects(content_copy):
    replace_in(content_copy / "print.yaml", "a4:", "a4: 12\n  a5:")
    result = runner.invoke(app, ["lint", "--format", "json", "--content", str(content_copy)])
    data = json.loads(result.stdout)
    assert result.exit_code == 1 and problems(LINT, data) == []
    assert any(f["severity"] == "error" for f in data["findings"])
    shipped = json.loads(runner.invoke(app, ["lint", "--format", "json"]).stdout)
    assert problems(LINT, shipped) == [] and shipped["errors"] == 0


@pytest.mark.parametrize("dialect", [
    {"path": "r.yaml", "ok": True, "turns": 3, "actions": 3},                 # travel's old JSON
    {"game": "travel", "path": "r.yaml", "valid": False, "language": "en",
     "violation": {"rule": "R1", "title": "", "text": "", "reason": "x", "code": "x", "facts": {}, "turn": 1,
                   "player": None, "state": None, "path": "r.yaml", "line": 1, "col": 1}},  # a flat position
    {"game": "threesixteen", "path": "r.yaml", "valid": False, "errors": [{"path": "r.yaml", "line": 1, "col": 1,
                                                                          "message": "m"}]},  # no check
    {"game": "threesixteen", "path": "r.yaml", "valid": True, "language": "en", "result": {"columns": 5}},
])
def test_the_schema_refuses_other_dialects(dialect):
    assert problems(CHECK, dialect)


@pytest.mark.parametrize("old, new, needle, message", [
    ("  - Joon: draw coat\n", "  - Joon: draw coat  Mina: travel FR\n", "Mina: travel FR",
     "'Mina:' starts a second turn on this line: write each turn as a list item on a line of its own (- Mina: …)"),
    ("  - Joon: draw coat\n", "  - Joon: draw coat, Mina: travel FR\n", "Mina: travel FR",
     "'Mina:' starts a second turn on this line: write each turn as a list item on a line of its own (- Mina: …)"),
    ("  - Joon: draw coat\n", "  - Joon: draw: coat\n", "draw: coat",
     "no ':' after 'draw': in a turn only the player's name at the start takes one (Joon: what happened)"),
])
def test_a_second_colon_on_a_turn_line_gets_the_notations_hint(tmp_path, old, new, needle, message):
    """YAML alone says "mapping values are not allowed"; the line is a turn, so the hint says what to write."""
    path = copy(tmp_path, TRAVEL_BROKEN, old, new)
    code, data = check_json(path)
    [error] = data["errors"]
    assert (code, error["message"], error["check"]) == (1, message, "record")
    line, col = line_col(path, needle)
    assert (error["line"], error["col"]) == (line, col + needle.index(":"))
    _, data = check_json(path, "--lang", "ko")
    assert data["errors"][0]["message"].startswith(("'Mina:'에서 이 줄에 두 번째 차례가", "'draw' 뒤에는 ':'를"))


def test_a_colon_yaml_refuses_outside_the_turns_stays_a_yaml_error(tmp_path):
    path = copy(tmp_path, TRAVEL_BROKEN, "centre: JP", "centre: JP: KR")
    _, data = check_json(path)
    [error] = data["errors"]
    assert (error["check"], error["message"]) == ("yaml", "malformed YAML: mapping values are not allowed in this context")
