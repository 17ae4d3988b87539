"""The travel engine follows the content: setup, who starts, the draw pile, and rule numbers and card effects
taken from game.yaml (a modified copy of the content changes the game with no code change)."""
from __future__ import annotations

import random
import shutil

import pytest

from generator.content.load import default_root, load_content
from generator.games.travel.distances import great_circle_km
from generator.games.travel.cards import EXTENSIONS, ITEM, tables_for
from generator.games.travel.check import check_text
from generator.games.travel.engine import Game, draw_pile_for
from generator.games.travel.rules import StandIn, nearest_seats, travel_plan
from generator.games.travel.simulate import SimOracle, Table, play, random_setup, simulate_one
from generator.games.travel.state import Setup
from generator.games.travel.bots import GreedyBot



@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture(scope="module")
def t(content):
    return tables_for(content.games["travel"])


def modified_content(tmp_path, *replacements: tuple[str, str]):
    """A copy of content/ with game.yaml edited by plain text replacements."""
    root = tmp_path / "content"
    shutil.copytree(default_root(), root)
    game = root / "travel" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    game.write_text(text, encoding="utf-8")
    return load_content(root)


RECORD = """game: travel
players:
  - {name: Mina, passport: passport-kr, transit: FR, hand: camera map coat}
  - {name: Joon, passport: passport-jp, transit: DE, hand: adapter map umbrella}
centre: JP
extensions: [special]
turns:
"""


def test_great_circle_distance_seoul_tokyo(t):
    seoul = t.side_capital[t.side_index["KR"]]
    tokyo = t.side_capital[t.side_index["JP"]]
    assert great_circle_km(seoul, tokyo) == pytest.approx(1150, abs=15)


def test_the_closest_transit_capital_starts_by_the_printed_distances(t):
    """Who starts compares the whole kilometres the distance table prints: with Germany as the centre, Paris
    (877 km) is nearer than London (932 km), so France starts, though they are within 100 km."""
    side = t.side_index
    assert (t.side_km[side["FR"]][side["DE"]], t.side_km[side["GB"]][side["DE"]]) == (877, 932)
    assert nearest_seats(t, [side["GB"], side["FR"]], side["DE"]) == [1]
    assert nearest_seats(t, [side["FR"], side["DE"], side["KR"]], side["JP"]) == [2]


def test_only_the_same_printed_distance_is_a_tie(t):
    side = t.side_index
    assert nearest_seats(t, [side["FR"], side["FR"]], side["JP"]) == [0, 1]
    paris = t.side_km[side["FR"]]
    assert (paris[side["MX"]], paris[side["VN"]]) == (9196, 9196)  # 0.26 km apart: one printed number
    assert nearest_seats(t, [side["MX"], side["VN"]], side["FR"]) == [0, 1]


def test_the_draw_pile_holds_undealt_items_and_the_chosen_extensions(t):
    setup = Setup(["A", "B"], t.by_family[1][:2], [0, 2], [-1, -1], 4, frozenset({"events"}),
                  [t.by_family[ITEM][:3], t.by_family[ITEM][:3]])
    pile = draw_pile_for(t, setup)
    assert len(pile) == 32 - 6 + len(t.by_family[2])
    assert pile.count(t.by_family[ITEM][0]) == 2


def test_the_content_decides_the_hand_limit(tmp_path, content):
    record = RECORD + "".join(f"  - {line}\n" for line in (
        "Joon: draw coat", "Mina: draw coat", "Joon: draw camera", "Mina: draw camera", "Joon: draw swimsuit"))
    assert check_text(record, "r.yaml", content, "en").ok
    smaller = modified_content(tmp_path, ("hand_limit: 7 ", "hand_limit: 6 "))
    report = check_text(record, "r.yaml", smaller, "en")
    assert not report.ok
    assert report.to_json()["violation"]["rule"] == "R17"
    assert report.to_json()["violation"]["turn"] == 5
    assert "limit of 6" in report.to_text()


def test_the_content_decides_what_a_lucky_coin_draws(tmp_path, content):
    record = RECORD + "".join(f"  - {line}\n" for line in (
        "Joon: draw lucky-coin", "Mina: draw coat", "Joon: play lucky-coin coat camera swimsuit"))
    report = check_text(record, "r.yaml", content, "en")
    assert report.to_json()["violation"]["rule"] == "R23"
    richer = modified_content(tmp_path, ("{kind: draw, timing: action, count: 2}",
                                         "{kind: draw, timing: action, count: 3}"))
    assert check_text(record, "r.yaml", richer, "en").ok


def test_a_special_item_made_own_turn_is_no_longer_an_action(tmp_path, content):
    record = RECORD + "".join(f"  - {line}\n" for line in (
        "Joon: draw lucky-coin", "Mina: draw coat", "Joon: play lucky-coin coat camera; draw swimsuit"))
    assert check_text(record, "r.yaml", content, "en").to_json()["violation"]["rule"] == "R8"
    changed = modified_content(tmp_path, ("{kind: draw, timing: action, count: 2}",
                                          "{kind: draw, timing: own_turn, count: 2}"))
    assert check_text(record, "r.yaml", changed, "en").ok


def test_the_simulator_follows_the_content_too(tmp_path):
    changed = modified_content(tmp_path, ("hand_limit: 7 ", "hand_limit: 4 "))
    t = tables_for(changed.games["travel"])
    rng = random.Random(5)
    setup = random_setup(t, 3, frozenset(EXTENSIONS) - {"characters"}, rng)
    bots = [GreedyBot(t, rng) for _ in range(3)]
    largest = 0

    class Watch(SimOracle):
        def draw(self, g, p):
            nonlocal largest
            largest = max(largest, max(len(h) - g.limit_bonus[q] - g.forbidden_held[q] for q, h in enumerate(g.hands)))
            return super().draw(g, p)

    g = Game(t, setup, Watch(rng, bots))
    play(g, bots, Table(g, bots, rng))
    assert largest <= 4


def test_characters_change_a_rule_for_their_owner_only(t, content):
    setup = random_setup(t, 6, frozenset(EXTENSIONS), random.Random(3))
    g = Game(t, setup, None)
    characters = content.games["travel"].characters
    for p, character in enumerate(setup.characters):
        changed = {change.rule: change.value(t.rules) for change in characters[character].changes}
        for rule, value in t.rules.model_dump().items():
            assert getattr(g.params[p], rule) == changed.get(rule, value)


def test_simulated_games_are_deterministic_for_a_seed(t):
    assert simulate_one(t, 4, frozenset(EXTENSIONS), 11) == simulate_one(t, 4, frozenset(EXTENSIONS), 11)


def test_travel_plan_prefers_real_items_and_transit_only_stand_ins(t):
    side = t.side_index
    ids = t.card_index
    setup = Setup(["A", "B"], [ids["passport-kr"], ids["passport-jp"]], [side["FR"], side["DE"]], [-1, -1],
                  side["JP"], frozenset({"special"}), [[ids["camera"], ids["map"], ids["call-mom"]],
                                                      [ids["adapter"], ids["map"], ids["umbrella"]]])
    g = Game(t, setup, None)
    g.hands[0].append(ids["messy-map"])
    used, missing = travel_plan(g, 0)
    assert missing == []
    assert sorted(used) == sorted([ids["camera"], ids["map"], ids["messy-map"]])
    used, _ = travel_plan(g, 0, [StandIn(ids["call-mom"], ids["camera"])])
    assert ids["call-mom"] in used and ids["camera"] not in used
