"""Every rule (R1-R34) and every FAQ answer of the travel game: a record that breaks it must fail with exactly
that rule id at exactly the offending word; a record that uses a permission must pass.

Records are written as a person would; `^` marks the word the checker must point at (it is removed before
checking). Base table: Mina (transit FR: camera, map, swimsuit) and Joon (transit DE: adapter, map, backpack);
centre JP (camera, umbrella, backpack). Berlin is closer to Tokyo than Paris, so Joon starts.
"""
from __future__ import annotations

import pytest

from generator.content.load import load_content
from generator.games.travel.check import check_text
from generator.games.travel.rules import RULE_NAMES

EXT = "[events, special, forbidden, postcards]"
MERCHANT = "{name: Joon, passport: passport-jp, transit: DE, character: merchant, hand: adapter map umbrella}"
PILOT = "{name: Mina, passport: passport-kr, transit: FR, character: pilot, hand: camera map coat}"
SORA = "{name: Sora, passport: passport-in, transit: IT, character: backpacker, hand: camera backpack swimsuit coat umbrella}"
with open("examples/travel-three-players.yaml", encoding="utf-8") as _example:
    THREE_PLAYERS = _example.read()


def table(turns: str, extensions: str = EXT, mina: str = "", joon: str = "", centre: str = "JP") -> str:
    mina = mina or "{name: Mina, passport: passport-kr, transit: FR, hand: camera map coat}"
    joon = joon or "{name: Joon, passport: passport-jp, transit: DE, hand: adapter map umbrella}"
    return (f"game: travel\nplayers:\n  - {mina}\n  - {joon}\ncentre: {centre}\nextensions: {extensions}\n"
            f"turns:\n{turns}")


def turns(*lines: str) -> str:
    return "".join(f"  - {line}\n" for line in lines)


def marked(text: str) -> tuple[str, int, int]:
    """The text without its `^`, and the 1-based line and column of the marked word."""
    at = text.index("^")
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return text.replace("^", "", 1), line, col


@pytest.fixture(scope="module")
def content():
    return load_content()


def violation(content, text: str, lang: str = "en"):
    report = check_text(text, "game.yaml", content, lang)
    assert not report.ok, report.to_text()
    return report.to_json()["violation"], report


def assert_breaks(content, text: str, rule: str, reason: str | None = None):
    clean, line, col = marked(text)
    v, report = violation(content, clean)
    assert (v["rule"], v["position"]["line"], v["position"]["col"]) == (rule, line, col), report.to_text()
    if reason:
        assert v["code"] == reason, report.to_text()
    return v


def assert_valid(content, text: str):
    report = check_text(text, "game.yaml", content, "en")
    assert report.ok, report.to_text()
    return report


# -- one broken record per rule --------------------------------------------------------------------------------

BROKEN = {
    "R1 travel to a country that is neither transit nor centre": (
        table(turns("Joon: travel ^US")), "R1", "not_your_country"),
    "R2 travel without the country's items": (
        table(turns("Joon: travel ^DE")), "R2", "missing_items"),
    "R3 two players with one passport": (
        table("", joon="{name: Joon, passport: ^passport-kr, transit: DE, hand: adapter map umbrella}"),
        "R3", "passport_twice"),
    "R9 a passport nobody took cannot be drawn": (
        table(turns("Joon: draw ^passport-fr")), "R9", "passport_not_in_pile"),
    "R4 transit and centre on the same country card": (
        table("", mina="{name: Mina, passport: passport-kr, transit: PE, hand: camera map coat}",
              centre="^JP"), "R4", "country_card_twice"),
    "R5 a starting hand of four cards": (
        table("", mina="{name: Mina, passport: passport-kr, transit: FR, hand: ^camera map coat coat}"),
        "R5", "hand_size"),
    "R5 a starting hand with an extension card": (
        table("", mina="{name: Mina, passport: passport-kr, transit: FR, hand: camera map ^knife}"),
        "R5", "hand_not_item"),
    "R9 drawing an item whose copies are all elsewhere": (
        table(turns("Joon: draw map", "Mina: draw map", "Joon: draw ^map")), "R9", "not_in_pile"),
    "R6 drawing a card of an extension not in play": (
        table(turns("Joon: draw ^duty-free"), extensions="[forbidden]"), "R6", "extension_not_chosen"),
    "R9 drawing an extension card twice": (
        table(turns("Joon: draw knife", "Mina: draw ^knife")), "R9", "not_in_pile"),
    "R7 the wrong player starts": (
        table(turns("^Mina: draw coat")), "R7", "not_your_turn"),
    "R7 a player plays twice in a row": (
        table(turns("Joon: draw coat", "Mina: draw coat", "^Mina: draw coat")), "R7", "not_your_turn"),
    "R8 two actions in one turn": (
        table(turns("Joon: draw coat; ^draw camera")), "R8", "one_action"),
    "R9 a draw of two cards": (
        table(turns("Joon: draw coat ^camera")), "R9", "extra_draw"),
    "R9 a draw without the card": (
        table(turns("Joon: ^draw")), "R9", "missing_draw"),
    "R10 recycling for one card": (
        table(turns("Joon: recycle adapter ^-> adapter")), "R10", "cost"),
    "R10 taking a card that is not in the discard pile": (
        table(turns("Joon: recycle adapter map -> ^camera")), "R10", "not_in_discard"),
    "R11 trading a card the other player does not hold": (
        table(turns("Joon: trade Mina adapter for ^swimsuit +coat")), "R11", "not_in_hand"),
    "R11 trading with yourself": (
        table(turns("Joon: trade ^Joon adapter for map +coat")), "R11", "trade_self"),
    "R12 a trade bonus after a refused offer": (
        table(turns("Joon: trade Mina adapter for camera refused ^+coat; draw coat")), "R12", "bonus_refused"),
    "R12 a trade without its bonus": (
        table(turns("Joon: ^trade Mina adapter for camera")), "R12", "missing_draw"),
    "R12 two bonus cards": (
        table(turns("Joon: trade Mina adapter for camera +coat ^+coat")), "R12", "extra_draw"),
    "R13 stealing from yourself": (
        table(turns("Joon: steal ^Joon pay adapter -> map")), "R13", "steal_self"),
    "R13 taking a card the victim does not hold": (
        table(turns("Joon: steal Mina pay adapter -> ^swimsuit")), "R13", "not_in_hand"),
    "R13 stealing without paying": (
        table(turns("Joon: steal Mina ^-> camera")), "R13", "cost"),
    "R14 travelling without a passport": (
        table(turns("Joon: trade Mina passport-jp for coat +backpack", "Mina: draw coat", "Joon: ^travel DE")),
        "R14", "no_passport"),
    "R15 travelling without the bonus card": (
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: ^travel DE")), "R15", "missing_draw"),
    "R15 two travel bonus cards": (
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +coat ^+coat")), "R15",
        "extra_draw"),
    "R16 the centre before the transit country": (
        table(turns("Joon: travel ^JP")), "R16", "transit_first"),
    "R17 over the hand limit without discarding": (
        table(turns("Joon: draw coat", "Mina: draw coat", "Joon: draw camera", "Mina: draw camera",
                    "Joon: draw swimsuit", "Mina: draw swimsuit", "Joon: draw ^sunglasses")), "R17", "over_limit"),
    "R17 discarding when not over the limit": (
        table(turns("Joon: draw coat ^-coat")), "R17", "no_discard_due"),
    "R18 an empty hand that does not draw first": (
        table(turns("Joon: draw coat", "Mina: trade Joon passport-kr camera map for coat +knife",
                    "Joon: steal Mina pay adapter -> coat", "Mina: drop knife with coat", "Joon: draw camera -map",
                    "Mina: ^draw umbrella")), "R18", "empty_hand_missing"),
    "R18 the empty-hand draw with cards in hand": (
        table(turns("Joon: ^empty coat camera swimsuit; draw coat")), "R18", "empty_hand_not_empty"),
    "R19 a reshuffle that did not happen": (
        table(turns("Joon: draw coat ^reshuffle")), "R19", "no_reshuffle"),
    "R20 playing on after reaching the centre": (THREE_PLAYERS + "  - ^Mina: draw coat\n", "R20", "game_over"),
    "R20 a second bonus card after the winning travel (its one card may be shown: test_travel_rulebook.py)": (
        THREE_PLAYERS.replace("  - Sora: travel KR\n", "  - Sora: travel KR +umbrella ^+map\n"), "R20", "game_over"),
    "R21 an event resolved out of turn order": (
        table(turns("Joon: draw duty-free[^Mina coat, Joon camera] umbrella")), "R21", "event_entry"),
    "R21 an event discard of two cards": (
        table(turns("Joon: draw lost-luggage[Joon adapter ^map, Mina coat] umbrella")), "R21",
        "event_discard_count"),
    "R22 recycling an event": (
        table(turns("Joon: draw duty-free[Joon coat, Mina camera]",
                    "Mina: recycle camera map -> ^duty-free")), "R22", "event_from_discard"),
    "R23 playing a card that works while held": (
        table(turns("Joon: draw call-mom", "Mina: draw coat", "Joon: play ^call-mom")), "R23", "cannot_play"),
    "R23 a lucky coin drawing three cards": (
        table(turns("Joon: draw lucky-coin", "Mina: draw coat", "Joon: play lucky-coin coat camera ^swimsuit")),
        "R23", "extra_draw"),
    "R24 an action after a mousetrap ended the turn": (
        table(turns("Joon: draw coat", "Mina: draw mousetrap", "Joon: draw; Mina mousetrap; ^draw umbrella")),
        "R24", "turn_ended"),
    "R24 taking a card past a padlock": (
        table(turns("Joon: draw coat", "Mina: draw padlock", "Joon: steal Mina pay coat -> ^camera; Mina padlock")),
        "R24", "padlock_takes_nothing"),
    "R25 a stand-in for a passport": (
        table(turns("Joon: draw call-mom", "Mina: draw coat", "Joon: travel DE with ^call-mom for passport-jp")),
        "R25", "standin_not_item"),
    "R26 a local guide taking from the discard pile": (
        table(turns("Joon: draw local-guide", "Mina: draw map", "Joon: draw map", "Mina: recycle map coat -> coat",
                    "Joon: play local-guide -> ^map")), "R26", "search_in_discard"),
    "R27 the messy map for the centre country": (
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +messy-map", "Mina: draw coat",
                    "Joon: draw camera", "Mina: draw coat", "Joon: travel ^JP")), "R27", "standin_centre"),
    "R28 travelling with a forbidden item": (
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: draw knife", "Mina: draw coat",
                    "Joon: ^travel DE")), "R28", "travel_forbidden"),
    "R29 getting rid of a card that is not forbidden": (
        table(turns("Joon: drop ^adapter with map")), "R29", "drop_not_forbidden"),
    "R30 a forbidden item paid to recycle": (
        table(turns("Joon: draw knife", "Mina: draw coat", "Joon: recycle ^knife map -> map")), "R30",
        "forbidden_cost"),
    "R32 playing on after four postcards": (
        table(turns("Joon: draw postcard-beach", "Mina: draw coat", "Joon: draw postcard-city", "Mina: draw coat",
                    "Joon: draw postcard-temple", "Mina: draw coat", "Joon: draw postcard-volcano",
                    "^Mina: draw camera")), "R32", "game_over"),
    "R33 a character in a game without the characters extension": (
        table("", mina="{name: Mina, passport: passport-kr, transit: FR, character: ^pilot, hand: camera map coat}"),
        "R33", "character_without_extension"),
    "R33 trading a character": (
        table(turns("Joon: trade Mina adapter for ^merchant +coat")), "R33", "character_not_card"),
    "R34 a character's ability left out (the Merchant's trade bonus written as the base game's)": (
        table(turns("Joon: ^trade Mina adapter for camera +coat"), extensions="all", mina=PILOT, joon=MERCHANT),
        "R34", "missing_draw"),
    "R34 another player's character ability (the Merchant's trade bonus of 3, taken by the Pilot)": (
        table(turns("Joon: draw coat", "Mina: trade Joon camera for coat +swimsuit ^+sunglasses +backpack"),
              extensions="all", mina=PILOT, joon=MERCHANT), "R34", "extra_draw"),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_each_rule_has_a_breaking_record(content, name):
    text, rule, reason = BROKEN[name]
    assert_breaks(content, text, rule, reason)


def test_every_rule_the_code_can_cite_is_in_the_rulebook(content):
    """The code names rules only through `Rule`; each name is a rule of game.yaml, and every rule a record can
    break has a name the code knows."""
    breakable = {rule.name for rule in content.games["travel"].rules if not rule.permits}
    assert RULE_NAMES == breakable


def test_every_rule_has_a_record_that_breaks_it(content):
    """Every rule of game.yaml that forbids something has a record above that breaks it, with that rule's id;
    a rule that only permits (game.yaml `permits: true`) has a valid record in PERMITTED instead."""
    ids = {rule.id for rule in content.games["travel"].rules if not rule.permits}
    assert {rule for _, rule, _ in BROKEN.values()} == ids
    assert set(PERMITTED) == {rule.id for rule in content.games["travel"].rules if rule.permits}


PERMITTED = {
    "R31": table(turns("Joon: draw knife", "Mina: steal Joon pay coat -> knife",
                       "Joon: trade Mina umbrella for knife +coat")),
}


@pytest.mark.parametrize("rule", list(PERMITTED))
def test_each_permission_has_a_record_that_uses_it(content, rule):
    assert_valid(content, PERMITTED[rule])


# -- rules whose breaking record needs a longer game --------------------------------------------------------------

def test_after_a_reshuffle_only_the_old_discard_pile_can_be_drawn(content):
    """Play a simulated game until the draw pile has been reshuffled, then claim a card held in a hand."""
    from generator.games.travel.cards import tables_for
    from generator.games.travel.simulate import simulate_one
    from generator.games.travel.writer import Recorder

    t = tables_for(content.games["travel"])
    for seed in range(200):
        text = simulate_one(t, 2, frozenset(), seed, "random", Recorder)[1]
        head, _, body = text.partition("turns:\n")
        lines = body.splitlines()
        cut = next((i for i, line in enumerate(lines) if "reshuffle" in line), None)
        if cut is None or cut + 1 >= len(lines):
            continue
        prefix = head + "turns:\n" + "\n".join(lines[:cut + 1]) + "\n"
        game = check_text(prefix, "game.yaml", content, "en").outcome.game
        held = next((c for hand in game.hands for c in hand if c not in game.draw), None)
        if held is None or not game.hands[game.active]:
            continue
        line = f'  - "{game.names[game.active]}: draw ^{t.ids[held]}"\n'
        assert_breaks(content, prefix + line, "R9", "not_in_pile_reshuffled")
        return
    pytest.fail("no simulated game reshuffled the draw pile")


def owner_rules(content, character: str):
    """The rules a character's owner plays by (the base rules with its card's changes), read from the content."""
    game = content.games["travel"]
    return next(c for c in game.characters if c.id == character).rules(game.rules_params)


def test_r34_the_merchant_draws_three_after_a_trade_and_holds_ten(content):
    report = assert_valid(content, table(turns("Joon: trade Mina adapter for camera +coat +swimsuit +sunglasses"),
                                         extensions="all", mina=PILOT, joon=MERCHANT))
    assert report.to_json()["result"]["standing"][1]["hand"] == [
        "passport-jp", "map", "umbrella", "camera", "coat", "swimsuit", "sunglasses"]
    assert_breaks(content, table(turns("Joon: ^trade Mina adapter for camera +coat"), extensions="all", mina=PILOT,
                                 joon=MERCHANT), "R34", "missing_draw")
    draws = ["Joon: draw coat", "Mina: draw coat", "Joon: draw camera", "Mina: draw camera",
             "Joon: draw swimsuit", "Mina: draw swimsuit", "Joon: draw sunglasses", "Mina: draw sunglasses -coat",
             "Joon: draw backpack", "Mina: draw backpack -coat", "Joon: draw coat"]
    assert_valid(content, table(turns(*draws), extensions="all", mina=PILOT, joon=MERCHANT))
    assert_breaks(content, table(turns(*draws[:-1], "Joon: draw coat ^-coat"), extensions="all", mina=PILOT,
                                 joon=MERCHANT), "R34", "no_discard_due")


def test_r34_the_collector_takes_two_cards_when_she_recycles_and_holds_six(content):
    collector = "{name: Joon, passport: passport-jp, transit: DE, character: collector, hand: adapter map umbrella}"
    joon = collector + "\n  - " + SORA
    report = assert_valid(content, table(turns("Joon: recycle adapter umbrella -> adapter umbrella"), extensions="all",
                                         mina=PILOT, joon=joon))
    assert report.to_json()["result"]["standing"][1]["hand"] == ["passport-jp", "map", "adapter", "umbrella"]
    assert_breaks(content, table(turns("Joon: recycle adapter umbrella ^-> adapter"), extensions="all", mina=PILOT,
                                 joon=joon), "R34", "recycle_take")
    draws = ["Joon: draw coat", "Sora: draw coat", "Mina: draw camera", "Joon: draw sunglasses",
             "Sora: draw sunglasses -sunglasses", "Mina: draw umbrella"]
    assert_valid(content, table(turns(*draws, "Joon: draw swimsuit -swimsuit"), extensions="all", mina=PILOT,
                                joon=joon))
    assert_breaks(content, table(turns(*draws, "Joon: draw ^swimsuit"), extensions="all", mina=PILOT, joon=joon),
                  "R34", "over_limit")


def test_r34_the_pickpocket_chooses_the_card_and_holds_five(content):
    """Her card says she chooses what she takes (a record shows the card taken, as for any steal; the cost is the
    steal's) and her hand limit is 5."""
    pickpocket = "{name: Mina, passport: passport-kr, transit: FR, character: pickpocket, hand: camera map coat}"
    joon = MERCHANT + "\n  - " + SORA
    assert_valid(content, table(turns("Joon: draw coat", "Sora: draw coat", "Mina: steal Joon pay map -> umbrella"),
                                extensions="all", mina=pickpocket, joon=joon))
    assert_breaks(content, table(turns("Joon: draw coat", "Sora: draw coat", "Mina: steal Joon ^-> umbrella"),
                                 extensions="all", mina=pickpocket, joon=joon), "R13", "cost")
    assert_valid(content, table(turns("Joon: draw coat", "Sora: draw coat", "Mina: draw swimsuit",
                                      "Joon: draw camera", "Sora: draw camera -camera", "Mina: draw umbrella -umbrella"),
                                extensions="all", mina=pickpocket, joon=joon))
    assert_breaks(content, table(turns("Joon: draw coat", "Sora: draw coat", "Mina: draw swimsuit",
                                       "Joon: draw camera", "Sora: draw camera -camera", "Mina: draw ^umbrella"),
                                 extensions="all", mina=pickpocket, joon=joon), "R34", "over_limit")


def test_r33_a_character_marked_for_more_players_stays_in_the_box(content):
    collector = "{name: Mina, passport: passport-kr, transit: FR, character: ^collector, hand: camera map coat}"
    assert_breaks(content, table("", extensions="all", mina=collector, joon=MERCHANT), "R33", "character_players")


def test_r18_an_empty_hand_draws_three_first(content):
    assert_valid(content, table(turns(
        "Joon: draw coat", "Mina: trade Joon passport-kr camera map for coat +knife",
        "Joon: steal Mina pay adapter -> coat", "Mina: drop knife with coat", "Joon: draw camera -map",
        "Mina: empty umbrella swimsuit coat; draw sunglasses")))


# -- the FAQ -----------------------------------------------------------------------------------------------------

def test_faq_any_passport(content):
    """Any passport works: Joon travels with Mina's Korean passport."""
    assert_valid(content, table(turns("Joon: trade Mina passport-jp for passport-kr +backpack", "Mina: draw coat",
                                      "Joon: travel DE +coat")))


def test_faq_lost_passport_comes_back_by_recycling(content):
    assert_valid(content, table(turns(
        "Joon: trade Mina passport-jp for coat +backpack", "Mina: recycle passport-jp passport-kr -> passport-kr",
        "Joon: recycle coat umbrella -> passport-jp", "Mina: draw coat", "Joon: travel DE +coat")))


def test_faq_draw_at_the_limit_then_discard(content):
    assert_valid(content, table(turns("Joon: draw coat", "Mina: draw coat", "Joon: draw camera",
                                      "Mina: draw camera", "Joon: draw swimsuit", "Mina: draw swimsuit",
                                      "Joon: draw sunglasses -coat")))


def test_faq_look_at_discards_and_take_back_what_you_paid(content):
    assert_valid(content, table(turns("Joon: recycle adapter map -> map")))


def test_faq_smuggler_travels_with_a_forbidden_item_but_not_past_customs(content):
    """The Smuggler's card lets them travel with forbidden items; the Customs Check takes theirs too."""
    smuggler = ("{name: Joon, passport: passport-jp, transit: DE, character: smuggler, hand: adapter map umbrella}\n"
                "  - {name: Sora, passport: passport-in, transit: IT, character: merchant, hand: camera backpack swimsuit}")
    pilot = "{name: Mina, passport: passport-kr, transit: FR, character: pilot, hand: camera map coat}"
    report = assert_valid(content, table(turns(
        "Joon: draw knife", "Sora: draw padlock", "Mina: draw coat", "Joon: draw coat", "Sora: draw coat",
        "Mina: draw camera", "Joon: draw backpack", "Sora: draw camera", "Mina: draw sunglasses",
        "Joon: travel DE +swimsuit"), extensions="all", mina=pilot, joon=smuggler))
    assert "knife" in report.to_json()["result"]["standing"][1]["hand"]
    report = assert_valid(content, table(turns("Joon: draw knife", "Sora: draw padlock", "Mina: draw coat",
                                               "Joon: draw customs-check[]"), extensions="all", mina=pilot,
                                         joon=smuggler))
    assert "knife" not in report.to_json()["result"]["standing"][1]["hand"]


def test_r34_the_smuggler_draws_the_trade_bonus_of_the_card(content):
    """The Smuggler's trade bonus, read from the content: that many cards after a trade on their turn, no fewer and
    no more (R34, as a count the card changed); the other player still draws none (R12)."""
    bonus = owner_rules(content, "smuggler").trade_bonus_draw
    assert bonus > content.games["travel"].rules_params.trade_bonus_draw
    smuggler = ("{name: Joon, passport: passport-jp, transit: DE, character: smuggler, hand: adapter map umbrella}\n"
                "  - {name: Sora, passport: passport-in, transit: IT, character: merchant, hand: camera backpack swimsuit}")
    pilot = "{name: Mina, passport: passport-kr, transit: FR, character: pilot, hand: camera map coat}"
    drawn = " ".join(f"+{item}" for item in ["coat", "swimsuit", "sunglasses", "backpack"][:bonus])
    report = assert_valid(content, table(turns(f"Joon: trade Mina adapter for camera {drawn}"), extensions="all",
                                         mina=pilot, joon=smuggler))
    standing = {player["player"]: player["hand"] for player in report.to_json()["result"]["standing"]}
    assert (len(standing["Joon"]), len(standing["Mina"])) == (4 + bonus, 4)
    fewer = drawn.rsplit(" ", 1)[0]
    assert_breaks(content, table(turns(f"Joon: ^trade Mina adapter for camera {fewer}"), extensions="all",
                                 mina=pilot, joon=smuggler), "R34", "missing_draw")
    assert_breaks(content, table(turns(f"Joon: trade Mina adapter for camera {drawn} ^+umbrella"), extensions="all",
                                 mina=pilot, joon=smuggler), "R34", "extra_draw")


def test_faq_customs_check_takes_forbidden_items_from_everyone_else(content):
    report = assert_valid(content, table(turns("Joon: draw knife", "Mina: draw customs-check[]")))
    assert "knife" not in report.to_json()["result"]["standing"][1]["hand"]
    assert "knife" in report.to_json()["result"]["discard_pile"]


def test_faq_trade_refused_then_another_action(content):
    assert_valid(content, table(turns("Joon: trade Mina adapter for camera refused; draw coat")))


def test_faq_trade_refused_is_not_an_action(content):
    assert_breaks(content, table(turns("Joon: trade Mina adapter for camera ^refused")), "R8", "no_action")


def test_faq_trade_bluff_an_offer_may_name_cards_you_do_not_hold(content):
    assert_valid(content, table(turns("Joon: trade Mina swimsuit for sunglasses refused; draw coat")))


def test_faq_trade_bluff_a_trade_that_happens_moves_real_cards(content):
    assert_breaks(content, table(turns("Joon: trade Mina ^swimsuit for camera +coat")), "R11", "not_in_hand")


def test_faq_trade_uneven(content):
    assert_valid(content, table(turns("Joon: trade Mina adapter map umbrella for camera coat +coat")))


def test_faq_trade_bonus_only_for_the_active_player(content):
    report = assert_valid(content, table(turns("Joon: trade Mina adapter for camera +coat")))
    hands = {p["player"]: p["hand"] for p in report.to_json()["result"]["standing"]}
    assert sorted(hands["Joon"]) == sorted(["passport-jp", "map", "umbrella", "camera", "coat"])
    assert sorted(hands["Mina"]) == sorted(["passport-kr", "map", "coat", "adapter"])


@pytest.mark.parametrize("record, reason", [
    (turns("Joon: draw knife", "Mina: draw coat", "Joon: steal Mina pay ^knife -> coat"), "forbidden_cost"),
    (turns("Joon: draw trading-post", "Mina: draw knife", "Joon: draw coat", "Mina: draw coat",
           "Joon: draw knife".replace("knife", "parrot"), "Mina: draw coat",
           "Joon: play trading-post ^parrot -> coat"), "forbidden_cost"),
])
def test_faq_forbidden_items_are_never_a_cost(content, record, reason):
    assert_breaks(content, table(record), "R30", reason)


def test_faq_forbidden_items_are_never_discarded_for_the_limit(content):
    record = turns("Joon: draw knife", "Mina: draw coat", "Joon: draw camera", "Mina: draw coat",
                   "Joon: draw swimsuit", "Mina: draw camera", "Joon: draw sunglasses ^-knife")
    assert_breaks(content, table(record), "R30", "forbidden_limit")


def test_faq_forbidden_items_are_never_lost_luggage(content):
    record = turns("Joon: draw knife", "Mina: draw lost-luggage[Mina coat, Joon ^knife] coat")
    assert_breaks(content, table(record), "R30", "forbidden_event_discard")


def test_faq_forbidden_pair(content):
    record = turns("Joon: draw knife", "Mina: draw coat", "Joon: draw parrot", "Mina: draw coat",
                   "Joon: drop knife with ^parrot")
    assert_breaks(content, table(record), "R29", "drop_pair_forbidden")


def test_faq_interrupted_turn_ends_and_nothing_is_paid(content):
    report = assert_valid(content, table(turns("Joon: draw coat", "Mina: draw mousetrap",
                                               "Joon: steal Mina pay adapter; Mina mousetrap")))
    joon = report.to_json()["result"]["standing"][1]
    assert "adapter" in joon["hand"]
    assert report.to_json()["result"]["discard_pile"] == ["mousetrap"]


def test_faq_mom_card_never_replaces_a_passport(content):
    record = turns("Joon: trade Mina passport-jp for coat +call-mom", "Mina: draw coat", "Joon: ^travel DE")
    assert_breaks(content, table(record), "R25", "standin_passport")


def test_faq_mom_card_stands_in_for_an_item(content):
    assert_valid(content, table(turns("Joon: draw call-mom", "Mina: draw coat", "Joon: travel DE +coat")))


def test_faq_guide_and_post_use_the_draw_pile(content):
    assert_valid(content, table(turns("Joon: draw local-guide", "Mina: draw coat",
                                      "Joon: play local-guide -> backpack")))


def test_faq_messy_map_for_the_transit_country(content):
    assert_valid(content, table(turns("Joon: draw messy-map", "Mina: draw coat", "Joon: travel DE +coat")))


# -- more of the notation, each as a short valid record ---------------------------------------------------------

def test_binoculars_take_the_card_of_your_choice_unless_a_padlock_stops_them(content):
    assert_valid(content, table(turns("Joon: draw binoculars", "Mina: draw coat",
                                      "Joon: play binoculars Mina pay umbrella -> camera")))
    report = assert_valid(content, table(turns(
        "Joon: draw binoculars", "Mina: draw padlock", "Joon: play binoculars Mina pay umbrella; Mina padlock")))
    assert sorted(report.to_json()["result"]["discard_pile"]) == ["binoculars", "padlock", "umbrella"]


def test_souvenir_swap_passes_one_card_to_the_left_at_the_same_time(content):
    report = assert_valid(content, table(turns("Joon: draw souvenir-swap[Joon umbrella, Mina coat]")))
    hands = {p["player"]: sorted(p["hand"]) for p in report.to_json()["result"]["standing"]}
    assert hands["Joon"] == sorted(["passport-jp", "adapter", "map", "coat"])
    assert hands["Mina"] == sorted(["passport-kr", "camera", "map", "umbrella"])


def test_express_ticket_gives_exactly_one_more_action(content):
    assert_valid(content, table(turns("Joon: draw express-ticket", "Mina: draw coat",
                                      "Joon: play express-ticket; draw coat; draw camera")))
    assert_breaks(content, table(turns("Joon: draw express-ticket", "Mina: draw coat",
                                       "Joon: play express-ticket; draw coat; draw camera; ^draw swimsuit")),
                  "R8", "one_action")


def test_trading_post_swaps_for_cards_drawn_and_an_event_is_not_replaced(content):
    assert_valid(content, table(turns("Joon: draw trading-post", "Mina: draw coat",
                                      "Joon: play trading-post umbrella map -> duty-free[Joon coat, Mina camera] "
                                      "backpack")))
    assert_breaks(content, table(turns("Joon: draw trading-post", "Mina: draw coat",
                                       "Joon: play trading-post umbrella map -> duty-free[Joon coat, Mina camera] "
                                       "backpack ^swimsuit")), "R21", "event_not_replaced")


def test_an_event_drawn_at_the_empty_hand_draw(content):
    assert_valid(content, table(turns(
        "Joon: draw coat", "Mina: trade Joon passport-kr camera map for coat +knife",
        "Joon: steal Mina pay adapter -> coat", "Mina: drop knife with coat", "Joon: draw camera -map",
        "Mina: empty umbrella lost-and-found[] swimsuit; draw sunglasses")))


def test_a_fourth_postcard_received_in_a_trade_wins_on_another_players_turn(content):
    report = assert_valid(content, table(turns(
        "Joon: draw postcard-beach", "Mina: draw postcard-city", "Joon: draw postcard-temple",
        "Mina: draw coat", "Joon: draw postcard-volcano",
        "Mina: trade Joon postcard-city for umbrella")))
    assert report.to_json()["result"]["winner"] == {"player": "Joon", "how": "postcards", "turn": 6,
                                          "card": "postcard-city"}


def test_a_written_reshuffle_where_the_last_card_is_drawn(content):
    from generator.games.travel.cards import tables_for
    from generator.games.travel.simulate import simulate_one
    from generator.games.travel.writer import Recorder

    t = tables_for(content.games["travel"])
    text = next(text for seed in range(200)
                for text in [simulate_one(t, 2, frozenset(), seed, "random", Recorder)[1]] if " reshuffle" in text)
    assert assert_valid(content, text).outcome.game.reshuffles >= 1
    assert assert_valid(content, text.replace(" reshuffle", "")).outcome.game.reshuffles >= 1
