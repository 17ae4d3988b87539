"""The balance lab: its intervals, its flags, sweeps of game.yaml numbers, and `pnp travel balance`."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from generator.content.load import load_content
from generator.games.travel.balance import (
    DEFAULT_MARGIN, FlagKind, Sweep, SweepError, detectable, figures, fingerprint, parse_sets, parse_sweep, run_balance,
    with_value,
)
from generator.games.travel.cards import EXTENSIONS, build_tables
from generator.games.travel.cli import app
from generator.games.travel.simulate import Result
from generator.games.travel.stats import Summary


@pytest.fixture(scope="module")
def game():
    return load_content().games["travel"]


def test_flags_name_the_seat_and_the_character_off_the_fair_share(game):
    t = build_tables(game)
    summary = Summary(2, games=400, wins_by_seat=[260, 140],
                      wins_by_character=Counter(pickpocket=130, pilot=70),
                      games_by_character=Counter(pickpocket=140, pilot=140, merchant=120))
    cell = figures(t, 2, frozenset(EXTENSIONS), None, summary, 0.05)
    assert [(f.kind, f.subject) for f in cell.flags] == [
        (FlagKind.SEAT, "1"), (FlagKind.SEAT, "2"), (FlagKind.CHARACTER, "merchant"),
        (FlagKind.CHARACTER, "pickpocket")]
    assert cell.flags[0].fair == 0.5 and cell.seats[0].value == 0.65
    assert "pilot" not in [f.subject for f in cell.flags]  # 50%: the fair share itself
    assert set(cell.cards) == {t.ids[c] for fam in (2, 3, 4, 5) for c in t.by_family[fam]}


def result(characters: tuple[str, ...], winner: str):
    """A finished game's Result for the summary: only who played and who won matter here."""
    seat = characters.index(winner) if winner else -1
    return Result(seat, max(seat, 0) if winner else -1, winner, characters, "centre" if winner else "", 30, 0,
                  "coat" if winner else "")


def test_the_head_to_head_counts_each_two_player_game_from_both_sides(game):
    summary = Summary(2)
    for played, winner in [(("pilot", "collector"), "pilot"), (("collector", "pilot"), "pilot"),
                           (("pilot", "collector"), "collector"), (("smuggler", "pilot"), ""),
                           (("smuggler", "collector"), "smuggler")]:
        summary.add(result(played, winner))
    assert summary.games_by_pair == Counter({("pilot", "collector"): 3, ("collector", "pilot"): 3,
                                             ("smuggler", "pilot"): 1, ("pilot", "smuggler"): 1,
                                             ("smuggler", "collector"): 1, ("collector", "smuggler"): 1})
    assert summary.wins_by_pair == Counter({("pilot", "collector"): 2, ("collector", "pilot"): 1,
                                            ("smuggler", "collector"): 1})
    cell = figures(build_tables(game), 2, frozenset(EXTENSIONS), None, summary, DEFAULT_MARGIN)
    assert round(cell.head_to_head[("pilot", "collector")].value, 4) == round(2 / 3, 4)
    assert cell.head_to_head[("pilot", "smuggler")].value == 0  # the unfinished game counts, as for a character
    three = Summary(3)
    three.add(result(("pilot", "collector", "smuggler"), "pilot"))
    assert not three.games_by_pair and not figures(build_tables(game), 3, frozenset(EXTENSIONS), None, three,
                                                   DEFAULT_MARGIN).head_to_head


def test_the_head_to_head_table_reads_row_against_column():
    out = balance("--games", "40", "--players", "2", "--extensions", "all", "--bot", "greedy", "--workers", "1")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("Head to head, 2 players, all extensions"))
    assert lines[at + 1].split() == ["Backpacker", "Merchant", "Pickpocket", "Pilot"]  # (Smuggler, Collector: 3+)
    data = json.loads(balance("--games", "40", "--players", "2", "--extensions", "all", "--bot", "greedy",
                              "--workers", "1", "--format", "json").stdout)
    pairs = {(h["character"], h["opponent"]): h for h in data["configurations"][0]["head_to_head"]}
    for (a, b), h in pairs.items():  # each game is one side's win, the other's loss, or unfinished for both
        other = pairs[(b, a)]
        assert h["games"] == other["games"] and h["win_rate"]["value"] + other["win_rate"]["value"] <= 1 + 1e-9
    assert sum(h["games"] for h in pairs.values()) == 2 * 40


def test_the_default_margin_flags_a_character_a_fifth_over_its_share_at_four_players(game):
    """29.8% (27.8-31.8) of 2,000 games where the share is 25%: the Merchant that a 5-point margin hid. 27.6%
    (25.7-29.6) of as many games is too close to the share to flag."""
    summary = Summary(4, games=3000, wins_by_seat=[750] * 4, wins_by_character=Counter(merchant=596, pilot=552),
                      games_by_character=Counter(merchant=2000, pilot=2000))
    cell = figures(build_tables(game), 4, frozenset(EXTENSIONS), None, summary, DEFAULT_MARGIN)
    assert [(f.kind, f.subject) for f in cell.flags] == [(FlagKind.CHARACTER, "merchant")]
    assert round(cell.characters["merchant"].low, 3) == 0.278


def test_a_sweep_sets_a_rule_parameter_or_a_card_number(game):
    assert build_tables(with_value(game, "hand_limit", 9)).rules.hand_limit == 9
    pilot = with_value(game, "characters.pilot.ability.to", 2)
    assert build_tables(pilot).character_rules[5].travel_bonus_draw == 2
    coin = with_value(game, "special.lucky-coin.effect.count", 3)
    assert next(c.effect.count for c in coin.special if c.id == "lucky-coin") == 3
    assert build_tables(game).rules.hand_limit == 7  # the shipped data is left alone


@pytest.mark.parametrize("key, value, message", [
    ("hand_size", 3, "'hand_size': no 'hand_size' in game.yaml"),
    ("characters.wizard.ability.to", 1, "no entry 'wizard' in characters"),
    ("travel_with_forbidden", 1, "is False, not a number"),
    ("characters.pilot", 1, "names an entry, not a number"),
    ("hand_limit", 1, "hand_limit=1: expected a number at least 3; found 1"),
    # a free recycle would take back an extra-action card and play it again: a turn without end
    ("recycle_cost", 0, "recycle_cost=0: expected a number at least 1; found 0"),
    ("characters.collector.ability.0.to", 0,
     "characters.collector.ability.0.to=0: rule 'recycle_take': expected a number at least 1; found 0"),
    # R33: a character for more players than the game has
    ("characters.collector.players.max", 7,
     "characters.collector.players.max=7: character 'collector' is dealt at 3 to 7 players; the game is for 2 to 6"),
])
def test_a_bad_sweep_says_what_is_wrong(game, key, value, message):
    with pytest.raises(SweepError, match=message.replace("(", r"\(")):
        with_value(game, key, value)


@pytest.mark.parametrize("key, meant", [
    ("hand_limt", "hand_limit"), ("rules_params.hand_limt", "rules_params.hand_limit"),
    ("characters.pickpoket.ability.0.to", "characters.pickpocket.ability.0.to"),
    ("characters.pickpocket.abilty.0.to", "characters.pickpocket.ability.0.to"),
    ("special.lucky-con.effect.count", "special.lucky-coin.effect.count"),
])
def test_a_misspelt_sweep_key_gets_the_nearest_key(game, key, meant):
    """--vary suggests the key a typo most likely means, as a misspelt card or notation word gets one."""
    with pytest.raises(SweepError) as caught:
        with_value(game, key, 1)
    assert str(caught.value).endswith(f"; did you mean '{meant}'?")


def test_a_sweep_key_close_to_nothing_gets_no_guess(game):
    with pytest.raises(SweepError) as caught:
        with_value(game, "zzz", 1)
    assert str(caught.value) == "'zzz': no 'zzz' in game.yaml"


def test_sweep_and_set_syntax():
    assert parse_sweep("hand_limit=6, 7,8") == Sweep("hand_limit", (6, 7, 8))
    assert parse_sweep("x.y=0.5,1") == Sweep("x.y", (0.5, 1))
    for bad in ("hand_limit", "=1,2", "hand_limit=6,seven"):
        with pytest.raises(SweepError):
            parse_sweep(bad)
    assert parse_sets(None) == [frozenset(), frozenset(EXTENSIONS)]
    assert parse_sets(["events,special", "none", "events , special"]) == [frozenset({"events", "special"}),
                                                                          frozenset()]
    with pytest.raises(ValueError, match="snacks"):
        parse_sets(["events,snacks"])


def test_a_run_is_the_same_on_one_or_two_processes(game):
    args = (game, [2, 3], [frozenset(), frozenset({"characters"})], 12, 5, "greedy", Sweep("steal_cost", (0, 1)))
    one = run_balance(*args, workers=1)
    two = run_balance(*args, workers=2)
    assert [(c.players, c.extensions, c.value, c.summary) for c in one.cells] == \
           [(c.players, c.extensions, c.value, c.summary) for c in two.cells]
    assert [(c.players, sorted(c.extensions), c.value) for c in one.cells] == [
        (2, [], 0), (2, [], 1), (3, [], 0), (3, [], 1),
        (2, ["characters"], 0), (2, ["characters"], 1), (3, ["characters"], 0), (3, ["characters"], 1)]
    assert all(c.summary.games == 12 for c in one.cells)


def balance(*args: str):
    return CliRunner().invoke(app, ["balance", *args])


def test_balance_writes_json_a_page_and_charts(tmp_path):
    result = balance("--games", "6", "--players", "2", "--players", "4", "--bot", "greedy", "--workers", "1",
                     "--vary", "hand_limit=6,8", "--format", "json", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["sweep"] == {"key": "hand_limit", "values": [6, 8], "now": 7}  # the content gives 7
    assert [(c["players"], c["value"], len(c["win_rate_by_seat"])) for c in data["configurations"]] == [
        (2, 6, 2), (2, 8, 2), (4, 6, 4), (4, 8, 4)] * 2
    first = data["configurations"][0]
    assert first["extensions"] == [] and first["games"] == 6
    assert set(first["length"]) == {"value", "low", "high"}
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"balance-{k}.png" for k in (1, 2, 3, 4)] + [
        "balance.html"]
    page = (tmp_path / "balance.html").read_text(encoding="utf-8")
    assert "<h2>2 players, all extensions</h2>" in page and 'src="balance-4.png"' in page
    assert "<p>Head to head, 2 players, all extensions, hand_limit = 6: the win rate" in page
    assert "Head to head, 4 players" not in page and "Head to head, 2 players, base game" not in page
    assert (tmp_path / "balance-1.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_balance_text_lays_player_counts_side_by_side_in_korean():
    result = balance("--games", "4", "--players", "2", "--players", "3", "--extensions", "none",
                     "--bot", "greedy", "--workers", "1", "--lang", "ko")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "밸런스 실험실: 설정마다 게임 4판, 모든 자리에 greedy 봇, 시드 0"
    head = lines.index("== 기본 게임")
    assert lines[head + 1].split() == ["2명", "3명"]
    assert lines[head + 2].split() == ["게임", "수", "4", "4"]


@pytest.mark.parametrize("args", [
    ("--players", "7"), ("--bot", "clever"), ("--extensions", "snacks"), ("--vary", "hand_limit=1"),
    ("--vary", "nothing=1"), ("--format", "xml"), ("--margin", "2"),
])
def test_balance_usage_errors_exit_2(args):
    result = balance("--games", "2", *args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


# -- what a report says of itself: its inputs, what the sample can see, the current value of a sweep ----------------

def test_every_report_states_its_inputs(game, tmp_path):
    """The base rules and each character's ability as played, the content's fingerprint, the bot, the games, the
    seed and pnp's version, in text, JSON and the HTML page alike."""
    args = ("--games", "4", "--players", "3", "--extensions", "all", "--bot", "greedy", "--workers", "1",
            "--seed", "5")
    text = balance(*args).stdout
    data = json.loads(balance(*args, "--format", "json").stdout)
    inputs = data["inputs"]
    assert inputs["fingerprint"] == fingerprint(game) and len(inputs["fingerprint"]) == 16
    assert (inputs["bot"], inputs["games"], inputs["seed"]) == ("greedy", 4, 5)
    assert inputs["rules"]["hand_limit"] == 7 and inputs["rules"]["steal_chooses"] is False
    collector = next(c for c in game.characters if c.id == "collector")
    assert {c["id"]: (c["changes"], c["players"]) for c in inputs["characters"]}["collector"] == (
        {change.rule: change.value(game.rules_params) for change in collector.changes}, {"min": 3, "max": 6})
    assert f"Inputs: content {inputs['fingerprint']}, pnp {inputs['version']}, greedy bots, 4 games per " \
           "configuration, seed 5." in text
    assert "Base rules: hand_limit 7, starting_hand 3," in text
    assert "Backpacker (2–6 players): starting_hand 5." in text and "Collector (3–6 players): " in text
    balance(*args, "--out", str(tmp_path))
    assert f"content {inputs['fingerprint']}" in (tmp_path / "balance.html").read_text(encoding="utf-8")


def test_the_fingerprint_tells_game_data_apart(game):
    assert fingerprint(game) == fingerprint(load_content().games["travel"])
    assert fingerprint(with_value(game, "hand_limit", 8)) != fingerprint(game)


def test_a_report_says_what_its_sample_can_see():
    """At 2,000 games a configuration with 4 players the 95% interval round a fair 25% is ±1.9 points for a seat;
    a character, dealt in 4 of 6 games' seats, is seen in fewer games: ±2.3."""
    seat, character = detectable(2000, 4, 6)
    assert (round(seat, 1), round(character, 1)) == (1.9, 2.3)
    text = balance("--games", "5", "--players", "2", "--extensions", "none", "--bot", "random", "--workers",
                   "1").output
    assert "2 players: at 5 games a configuration, a seat's bias smaller than ±43.8 points cannot be seen." in text


def test_a_sweep_marks_the_current_value_and_says_what_it_did():
    text = balance("--games", "4", "--players", "2", "--extensions", "none", "--bot", "greedy", "--workers", "1",
                   "--vary", "hand_limit=6,7,9").output
    assert "hand_limit = 7 (now)" in text and "hand_limit = 6 (now)" not in text
    assert "hand_limit 6 → 9, 2 players, base game: game length " in text


def test_csv_is_one_row_per_configuration_and_subject_the_json_rows_too():
    args = ("--games", "6", "--players", "2", "--extensions", "all", "--bot", "greedy", "--workers", "1")
    lines = balance(*args, "--format", "csv").stdout.splitlines()
    assert lines[0] == "players,extensions,value,measure,subject,rate,low,high,games"
    rows = [dict(zip(lines[0].split(","), line.split(","))) for line in lines[1:]]
    measures = Counter(row["measure"] for row in rows)
    assert measures["seat"] == 2 and measures["length"] == 1 and measures["character"] >= 2
    assert measures["card_in_winner_hand"] == measures["card_on_winning_turn"] == 25
    assert all(float(row["low"]) <= float(row["rate"]) <= float(row["high"]) for row in rows if row["measure"]
               != "length")
    data = json.loads(balance(*args, "--format", "json").stdout)
    assert [(r["measure"], r["subject"], r["rate"]) for r in data["rows"]] == [
        (row["measure"], row["subject"], float(row["rate"])) for row in rows]


def test_no_chart_panel_is_left_empty(tmp_path):
    """The base game measures no character and no card: its chart has two panels, not four with two blank."""
    from PIL import Image

    balance("--games", "4", "--players", "2", "--extensions", "none", "--extensions", "all", "--bot", "random",
            "--workers", "1", "--out", str(tmp_path))
    base, every = (Image.open(tmp_path / f"balance-{k}.png") for k in (1, 2))
    assert base.height * 2 == every.height and base.width == every.width


def test_a_progress_bar_shows_on_a_terminal_and_nothing_elsewhere(tmp_path):
    """Behind a pseudo-terminal the games, their rate and the time left are drawn on the error stream; piped,
    the output is the report alone."""
    import os
    import pty
    import select
    import subprocess
    import sys

    command = [sys.executable, "-m", "generator.cli", "travel", "balance", "--games", "150", "--players", "2",
               "--extensions", "none", "--bot", "random", "--workers", "1"]
    piped = subprocess.run(command, capture_output=True, text=True)
    assert "games/s" not in piped.stderr + piped.stdout and "Balance lab" in piped.stdout
    main, side = pty.openpty()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=side, stdin=side,
                             env={**os.environ, "COLUMNS": "120", "TERM": "xterm"})
    os.close(side)
    shown = b""
    while True:  # read as it comes (a full terminal buffer would stop the command), until it is closed
        ready, _, _ = select.select([main], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(main, 65536)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
        elif child.poll() is not None:
            break
    os.close(main)
    done = child
    done.wait()
    assert done.returncode == 0
    assert b"balance" in shown and b"/150" in shown
