"""The worked examples, `check_file`'s report (text and JSON), and `pnp travel simulate`."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from generator.content.load import load_content
from generator.errors import InputError
from generator.games.travel.check import check_file, check_text
from generator.games.travel.cli import app

EXAMPLE = "examples/travel-three-players.yaml"
BROKEN = "examples/travel-broken.yaml"


@pytest.fixture(scope="module")
def content():
    return load_content()


def test_the_worked_example_passes_with_its_expected_result(content):
    report = check_file(EXAMPLE, content, "en")
    assert report.ok
    assert report.to_text().splitlines() == [
        f"{EXAMPLE}: valid record (24 turns, 25 actions).",
        "Sora wins on turn 24: travelled to the centre country, South Korea (KR).",
        "The card that completed the winning set: Call Mum.",
    ]
    data = report.to_json()
    assert (data["game"], data["valid"], data["language"]) == ("travel", True, "en")
    assert data["result"]["winner"] == {"player": "Sora", "how": "centre", "turn": 24, "card": "call-mom"}


def test_the_worked_example_uses_every_extension(content):
    with open(EXAMPLE, encoding="utf-8") as handle:
        text = handle.read()
    for word in ("lost-luggage[", "duty-free[", "play express-ticket", "Sora padlock", "drop fireworks", "postcard",
                 "character: collector", "refused", "empty "):
        assert word in text


def test_the_worked_example_in_korean(content):
    text = check_file(EXAMPLE, content, "ko").to_text()
    assert "Sora 승리(24번째 차례): 중앙 국가 대한민국 (KR)으로 여행했습니다." in text


def test_the_broken_example_points_at_the_travel(content):
    report = check_file(BROKEN, content, "en")
    assert not report.ok
    lines = report.to_text().splitlines()
    assert lines[0] == f"{BROKEN}:17:11: turn 6, Mina: breaks rule R28 (No travel with forbidden items)"
    assert lines[1] == "  Mina holds a forbidden item (Pocket Knife) and cannot travel."
    assert lines[2].startswith("  R28: ")
    v = report.to_json()["violation"]
    assert (v["rule"], v["turn"], v["player"], v["position"]) == ("R28", 6, "Mina",
                                                                 {"path": BROKEN, "line": 17, "col": 11})
    assert (v["code"], v["reason"]) == ("travel_forbidden", lines[1].strip())
    assert v["state"]["hands"]["Mina"] == ["passport-kr", "camera", "map", "knife", "swimsuit", "umbrella"]
    assert v["state"]["draw_pile"] == 25 and v["state"]["discard_pile"] == ["adapter", "map", "backpack"]


def test_a_setup_violation_has_no_turn(content):
    text = open(BROKEN, encoding="utf-8").read().replace("passport: passport-de", "passport: passport-kr")
    report = check_text(text, "b.yaml", content, "en")
    assert report.to_text().startswith("b.yaml:8:28: setup: breaks rule R3 (Passports)")
    assert report.to_json()["violation"]["turn"] is None



CHARACTERS = """game: travel
players:
  - {name: Mina, passport: passport-kr, transit: FR, hand: camera map coat, character: CHARACTER}
  - {name: Joon, passport: passport-de, transit: DE, hand: adapter map umbrella, character: smuggler}
centre: JP
extensions: [characters]
turns:
  - Joon: draw CARD
"""


@pytest.mark.parametrize(("character", "card", "message"), [
    ("pilott", "backpack", "r.yaml:3:88: error: 'pilott' is not a character; did you mean 'pilot'?"),
    ("Pilote", "backpack", "r.yaml:3:88: error: 'Pilote' is not a character; did you mean 'pilot'?"),
    ("조종사님", "backpack", "r.yaml:3:88: error: '조종사님' is not a character; did you mean '조종사'?"),
    ("camera", "backpack", "r.yaml:3:88: error: 'camera' is not a character"),   # a card is never offered here
    ("pilot", "pilo", "r.yaml:8:16: error: 'pilo' is not a card"),                # nor a character for a card
    ("pilot", "backpak", "r.yaml:8:16: error: 'backpak' is not a card; did you mean 'backpack'?"),
])
def test_did_you_mean_offers_what_the_place_needs(content, character, card, message):
    text = CHARACTERS.replace("CHARACTER", character).replace("CARD", card)
    with pytest.raises(InputError) as caught:
        check_text(text, "r.yaml", content, "en")
    assert str(caught.value) == message + " [record]"

def run(*args: str):
    return CliRunner().invoke(app, ["simulate", *args])


def test_simulate_reports_and_writes_records_that_pass(content, tmp_path):
    result = run("--games", "30", "--players", "3", "--seed", "4", "--workers", "1",
                 "--records", str(tmp_path / "records"), "--out", str(tmp_path / "plots"))
    assert result.exit_code == 0, result.output
    assert "30 games, 3 players, greedy bots" in result.output
    assert "Wins by seat (seat 1 plays first):" in result.output
    records = sorted((tmp_path / "records").glob("*.yaml"))
    assert len(records) == 30
    assert all(check_file(str(path), content, "en").ok for path in records)
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == [
        "travel-characters.png", "travel-deciding.png", "travel-length.png", "travel-seats.png"]
    assert (tmp_path / "plots" / "travel-length.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_json_is_the_same_on_one_or_two_workers():
    one = json.loads(run("--games", "40", "--seed", "9", "--workers", "1", "--format", "json").stdout)
    two = json.loads(run("--games", "40", "--seed", "9", "--workers", "2", "--format", "json").stdout)
    for data in (one, two):
        data.pop("games_per_second")
    assert one == two
    assert one["games"] == 40 and sum(one["how"].values()) + one["unfinished"] == 40


def test_simulate_with_some_extensions_and_the_random_bot_in_korean():
    result = run("--games", "5", "--players", "2", "--bot", "random", "--extensions", "events,special",
                 "--workers", "1", "--lang", "ko")
    assert result.exit_code == 0, result.output
    assert "게임 5판, 플레이어 2명, 봇: random, 확장: 이벤트, 특별 물건" in result.output


@pytest.mark.parametrize("args", [
    ("--players", "7"), ("--bot", "clever"), ("--extensions", "snacks"), ("--lang", "xx"), ("--games", "0"),
    ("--format", "xml"),
])
def test_simulate_usage_errors_exit_2(args):
    result = run(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
