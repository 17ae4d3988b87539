"""The CLI's promises: one clear message, the documented exit code, never a traceback; schemas stay current."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.content.schema import render, schemas

from conftest import CONTENT, ROOT, replace_in

runner = CliRunner()


def run(*args):
    result = runner.invoke(app, list(args))
    assert "Traceback" not in (result.stdout + (result.stderr or ""))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_committed_schemas_are_current():
    for name, schema in schemas(CONTENT).items():
        path = CONTENT / "schemas" / name
        assert path.is_file(), f"run `pnp schema`: {path} is missing"
        assert path.read_text(encoding="utf-8") == render(schema), f"run `pnp schema`: {name} is stale"


def test_content_files_point_at_their_schemas():
    for path in sorted(CONTENT.rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("=", 1)[1]).resolve()
        assert target.is_file(), f"{path} points at {target}"


def test_unknown_option_is_a_usage_error():
    result = run("lint", "--colour")
    assert result.exit_code == 2
    assert "No such option: --colour" in result.stderr


def test_bad_format_value_is_a_usage_error():
    assert run("lint", "--format", "xml").exit_code == 2


def test_check_of_a_missing_file(tmp_path):
    missing = tmp_path / "nope.yaml"
    result = run("check", str(missing))
    assert result.exit_code == 1
    assert result.stderr.strip() == f"{missing}: error: file not found [file]"


def test_check_of_an_unknown_game(tmp_path):
    record = tmp_path / "game.yaml"
    record.write_text("game: chess\n", encoding="utf-8")
    result = run("check", str(record))
    assert result.exit_code == 1
    assert result.stderr.strip() == (f"{record}:1:7: error: game: unknown game 'chess'; expected one of: "
                                     f"threesixteen, travel [record]")


@pytest.mark.parametrize(("example", "written"), [
    ("travel-three-players.yaml", "Travel"), ("travel-three-players.yaml", "'TRAVEL'"),
    ("threesixteen-game.yaml", "ThreeSixteen"), ("threesixteen-game.yaml", "3x16"), ("threesixteen-game.yaml", "3X16")])
def test_the_game_is_named_in_any_case(tmp_path, example, written):
    """As card and player names are: a record headed `game: Travel` is a travel record, checked the same; the
    game's printed title is its name too (`game: 3x16`)."""
    text = (ROOT / "examples" / example).read_text(encoding="utf-8")
    game = example.split("-")[0]
    record = tmp_path / example
    record.write_text(text.replace(f"\ngame: {game}\n", f"\ngame: {written}\n"), encoding="utf-8")
    assert record.read_text(encoding="utf-8") != text
    as_written, shipped = run("check", str(record), "--nodes", "0"), run("check", str(ROOT / "examples" / example),
                                                                          "--nodes", "0")
    assert (as_written.exit_code, as_written.stdout) == (shipped.exit_code, shipped.stdout.replace(
        str(ROOT / "examples" / example), str(record)))


def test_a_record_headed_with_the_other_game_says_which_game_its_keys_are(tmp_path):
    """A travel record written under `game: threesixteen` (and the reverse): the unknown key is reported where it
    is, with the game its keys belong to; a 3x16 record with one misspelt key gets no such hint."""
    travel = tmp_path / "travel.yaml"
    travel.write_text("game: threesixteen\nplayers:\n  - {name: Mina, passport: passport-kr, transit: FR, hand: camera "
                      "map coat}\ncentre: JP\nturns:\n  - Mina: draw coat\n", encoding="utf-8")
    result = run("check", str(travel))
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"{travel}:4:1: error: unknown key 'centre'; a 3x16 record has the keys game, columns, players, calls, "
        "moves, date, tiles_left; centre, turns belong to a travel record: should it say `game: travel`? [record]")
    solo = tmp_path / "solo.yaml"
    solo.write_text("game: travel\ncolumns: 3\nplayers: [Mina]\ncalls: 1\nmoves:\n  Mina: R\n", encoding="utf-8")
    result = run("check", "--lang", "ko", str(solo))
    assert result.stderr.strip().endswith(
        "calls, columns, moves는 threesixteen 기록의 키입니다. 혹시 `game: threesixteen` 기록이 아닌가요? [record]")
    solo.write_text("game: threesixteen\ncolour: red\nplayers: [Mina]\ncalls: 1\nmoves:\n  Mina: R\n",
                    encoding="utf-8")
    assert run("check", str(solo)).stderr.strip() == (
        f"{solo}:2:1: error: unknown key 'colour'; a 3x16 record has the keys game, columns, players, calls, moves, "
        "date, tiles_left [record]")


@pytest.mark.parametrize("lang, missing, unknown, not_mapping", [
    ("ko", "파일이 없습니다", "알 수 없는 게임 'chess'입니다. 다음 중 하나여야 합니다: threesixteen, travel",
     "게임 기록은 `game:`과 게임 이름(threesixteen, travel 중 하나)으로 시작하는 매핑입니다"),
    ("ja", "ファイルが見つかりません", "不明なゲーム「chess」です。次のいずれかにしてください：threesixteen, travel",
     "ゲームの記録は、「game:」とゲーム名（threesixteen, travelのいずれか）で始まるマッピングです"),
])
def test_check_says_what_is_wrong_with_the_file_in_the_chosen_language(tmp_path, lang, missing, unknown,
                                                                         not_mapping):
    """Before the record's game is known, its words come from common/<lang>.yaml."""
    cases = [(tmp_path / "nope.yaml", None, f"{missing} [file]"),
             (tmp_path / "chess.yaml", "game: chess\n", f"1:7: error: game: {unknown} [record]"),
             (tmp_path / "list.yaml", "- just\n- a list\n", f"1:1: error: {not_mapping} [record]")]
    for record, text, message in cases:
        if text is not None:
            record.write_text(text, encoding="utf-8")
        result = run("check", str(record), "--lang", lang)
        assert result.exit_code == 1
        expected = f"{record}:{message}" if text is not None else f"{record}: error: {message}"
        assert result.stderr.strip() == expected


def test_check_of_a_record_that_is_not_a_mapping(tmp_path):
    record = tmp_path / "game.yaml"
    record.write_text("- just\n- a list\n", encoding="utf-8")
    result = run("check", str(record))
    assert result.exit_code == 1
    assert result.stderr.strip().startswith(f"{record}:1:1: error: a game record is a mapping")


def test_check_with_an_unknown_language(tmp_path):
    record = tmp_path / "game.yaml"
    record.write_text("game: travel\n", encoding="utf-8")
    result = run("check", str(record), "--lang", "xx")
    assert result.exit_code == 2
    assert "Invalid value for '--lang': 'xx' is not one of 'en', 'ja', 'ko'." in result.stderr


def test_broken_content_is_one_message_and_exit_1(content_copy, tmp_path):
    replace_in(content_copy / "print.yaml", "png_dpi: 300", "png_dpi: lots")
    record = tmp_path / "game.yaml"
    record.write_text("game: travel\n", encoding="utf-8")
    result = run("check", str(record), "--content", str(content_copy))
    assert result.exit_code == 1
    assert result.stderr.strip().endswith("png_dpi: expected a whole number; found 'lots' [schema]")


def test_check_can_skip_the_3x16_solver():
    record = ROOT / "examples" / "threesixteen-game.yaml"
    solved = run("check", str(record), "--format", "json")
    skipped = run("check", str(record), "--format", "json", "--nodes", "0")
    assert (solved.exit_code, skipped.exit_code) == (0, 0)
    assert json.loads(solved.stdout)["result"]["best"]["proven"] is True
    assert "best" not in json.loads(skipped.stdout)["result"]
    assert "best possible" not in run("check", str(record), "--nodes", "0").stdout
    assert run("check", str(record), "--nodes", "-1").exit_code == 2
    assert run("check", str(record), "--time-limit", "-1").exit_code == 2


@pytest.mark.parametrize(("option", "value", "message"), [
    ("--time-limit", "nan", "nan is not a number from 0 to 86400"),
    ("--time-limit", "inf", "inf is not a number from 0 to 86400"),
    ("--time-limit", "-1", "-1 is not a number from 0 to 86400"),
    ("--time-limit", "soon", "'soon' is not a number"),
])
def test_a_number_option_out_of_its_range_names_the_range(option, value, message):
    result = run("check", str(ROOT / "examples" / "threesixteen-game.yaml"), option, value)
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.replace("│", " ").split())
