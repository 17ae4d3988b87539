"""Game data: schema errors and cross-checks, each with its exact message and file:line:col."""
from __future__ import annotations

import pytest

from generator.content.crosscheck import check_game
from generator.content.load import load_content
from generator.errors import InputError
from generator.games import registry

from conftest import line_col, replace_in


def errors_of(root):
    try:
        content = load_content(root)
    except InputError as exc:
        return [str(d) for d in exc.diagnostics]
    found = []
    for game, data in content.games.items():
        found += [str(d) for d in check_game(registry.spec(game), data, content.game_located[game])]
    return found


def test_shipped_data_is_clean():
    assert errors_of(None) == []


def test_unknown_key(content_copy):
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "  hand_limit: 7 ", "  hand_limt: 7 ")
    line, col = line_col(path, "hand_limt")
    assert errors_of(content_copy) == [
        f"content/travel/game.yaml:{line}:{col}: error: rules_params.hand_limt: unknown key 'hand_limt'; "
        f"did you mean 'hand_limit'? [schema]"]


def test_a_missing_rule_number_is_an_error_at_its_mapping(content_copy):
    """Every number of the rules is declared once, in game.yaml: the model has no default to fall back on."""
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "  trade_bonus_draw: 1 ", "  # trade_bonus_draw: 1 ")
    line, col = line_col(path, "hand_limit")
    assert errors_of(content_copy) == [
        f"content/travel/game.yaml:{line}:{col}: error: rules_params.trade_bonus_draw: missing key "
        f"'trade_bonus_draw' [schema]"]


def test_wrong_type(content_copy):
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "hand_limit: 7 ", "hand_limit: seven ")
    line, col = line_col(path, "seven")
    assert errors_of(content_copy) == [
        f"content/travel/game.yaml:{line}:{col}: error: rules_params.hand_limit: expected a whole number; "
        f"found 'seven' [schema]"]


def test_missing_key(content_copy):
    """A misspelt key is one error at the misspelling, naming the key meant, not a missing and an unknown key."""
    path = content_copy / "threesixteen" / "game.yaml"
    replace_in(path, "caller: {id: caller,", "callr: {id: caller,")
    line, col = line_col(path, "callr")
    assert errors_of(content_copy) == [
        f"content/threesixteen/game.yaml:{line}:{col}: error: callr: unknown key 'callr'; did you mean 'caller'? "
        f"[schema]"]
    replace_in(path, "callr: {id: caller,", "announcer: {id: caller,")
    line, col = line_col(path, "announcer")
    assert errors_of(content_copy) == [
        "content/threesixteen/game.yaml:3:1: error: caller: missing key 'caller' [schema]",
        f"content/threesixteen/game.yaml:{line}:{col}: error: announcer: unknown key 'announcer' [schema]"]


def test_dangling_item_reference(content_copy):
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "needs: [camera, adapter, coat]", "needs: [camrea, adapter, coat]")
    line, col = line_col(path, "camrea")
    found = errors_of(content_copy)
    assert found[0] == (f"content/travel/game.yaml:{line}:{col}: error: countries[0].needs[0]: country card "
                        f"'kr-mx' needs 'camrea', which is not an item id (items: adapter, backpack, camera, "
                        f"coat, map, sunglasses, swimsuit, umbrella) [missing-ref]")


def test_country_needs_the_configured_number_of_items(content_copy):
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "needs: [camera, adapter, coat]", "needs: [camera, adapter]")
    line, col = line_col(path, "[camera, adapter]")
    assert f"content/travel/game.yaml:{line}:{col}: error: countries[0].needs: country card 'kr-mx' needs 2 " \
           f"items; expected 3 [count]" in errors_of(content_copy)


def test_removing_an_event_leaves_its_playing_card_on_no_card(content_copy):
    """The rulebook prints the card counts the data gives (no count is held in the code), so four events are a
    game with four events; but the deck doubles as a deck of playing cards, and its 10 of spades is gone."""
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "  - {id: lost-and-found, icon: 1F50D, index: 10S, effect: {kind: reshuffle_discard, "
                     "timing: on_draw}}\n", "")
    first, _ = line_col(path, "game: travel")
    assert errors_of(content_copy) == [
        f"content/travel/game.yaml:{first}:1: error: playing-card indexes not on any card: 10S [card-index]"]


def test_duplicate_playing_card_index(content_copy):
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "index: [2S, 2H, 2D, 2C]", "index: [AS, 2H, 2D, 2C]")
    line, col = line_col(path, "AS", 2)
    found = errors_of(content_copy)
    assert f"content/travel/game.yaml:{line}:{col}: error: items[1].index[0]: playing-card index 'AS' is " \
           f"already on another card (line {line - 1}) [card-index]" in found
    assert any(f.endswith("playing-card indexes not on any card: 2S [card-index]") for f in found)


def test_effect_parameter_out_of_range(content_copy):
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "kind: draw, timing: action, count: 2", "kind: draw, timing: action, count: 0")
    line, col = line_col(path, "0}}")
    assert errors_of(content_copy) == [
        f"content/travel/game.yaml:{line}:{col}: error: special[9].effect.count: expected a number at least 1; "
        f"found '0' [schema]"]


def test_a_character_number_has_the_bounds_of_its_rule(content_copy):
    """A Collector who recycles for nothing is refused like a base recycle cost of 0 (a free recycle takes back
    the express ticket and plays it again, a turn without end), whether the ability sets the number or changes
    it."""
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "ability: [{rule: recycle_take, to: 2},", "ability: [{rule: recycle_cost, to: 0},")
    line, col = line_col(path, "recycle_cost, to: 0")
    col += len("recycle_cost, to: ")
    assert errors_of(content_copy) == [
        f"content/travel/game.yaml:{line}:{col}: error: characters[4].ability[0].to: rule 'recycle_cost': expected a "
        f"number at least 1; found 0 [effect]"]
    replace_in(path, "ability: [{rule: recycle_cost, to: 0},", "ability: [{rule: recycle_cost, by: -2},")
    assert errors_of(content_copy)[0].endswith(
        "characters[4].ability[0].by: rule 'recycle_cost': expected a number at least 1; found 0 [effect]")


def test_effect_timing_not_allowed(content_copy):
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "{kind: cancel_action, timing: reaction}", "{kind: cancel_action, timing: action}")
    line, col = line_col(path, "{kind: cancel_action")
    assert errors_of(content_copy) == [
        f"content/travel/game.yaml:{line}:{col}: error: special[0].effect: timing 'action' is not allowed for "
        f"effect 'cancel_action'; use one of: reaction [schema]"]


def test_unknown_effect_kind(content_copy):
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "kind: draw, timing: action", "kind: teleport, timing: action")
    line, col = line_col(path, "teleport")
    assert errors_of(content_copy) == [
        f"content/travel/game.yaml:{line}:{col}: error: special[9].effect.kind: unknown kind 'teleport'; expected "
        f"one of: draw, search_draw_pile, swap_with_draw_pile, cancel_action, block_steal, substitute_item, "
        f"steal_choice, extra_action, hand_limit_bonus, everyone_draws, everyone_discards, pass_cards, "
        f"discard_forbidden, reshuffle_discard, forbidden, postcard [schema]"]


def test_pattern_errors_say_what_to_write(content_copy):
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "{code: KR,", "{code: Kr,")
    line, col = line_col(path, "Kr")
    assert errors_of(content_copy) == [
        f"content/travel/game.yaml:{line}:{col}: error: countries[0].sides[0].code: expected an ISO 3166-1 "
        f"alpha-2 country code such as KR; found 'Kr' [schema]"]


def test_effect_kind_of_the_wrong_family(content_copy):
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "effect: {kind: forbidden, timing: passive}}", "effect: {kind: postcard, timing: passive}}")
    line, col = line_col(path, "postcard, timing: passive}}")
    assert errors_of(content_copy) == [
        f"content/travel/game.yaml:{line}:{col}: error: forbidden[0].effect.kind: effect 'postcard' is not for "
        f"forbidden cards; use one of: forbidden [effect]"]


def test_the_smuggler_is_required_by_the_faq(content_copy):
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "rule: travel_with_forbidden, to: true", "rule: hand_limit, to: 9")
    line, col = line_col(path, "characters:\n")
    assert errors_of(content_copy) == [
        f"content/travel/game.yaml:{line + 1}:3: error: characters: the rulebook's FAQ needs a character who may "
        f"travel with forbidden items (smuggler): no character's ability sets travel_with_forbidden to true [effect]"]


def test_duplicate_country_code(content_copy):
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "{code: MX, continent: north-america", "{code: KR, continent: north-america")
    line, col = line_col(path, "KR", 2)
    assert f"content/travel/game.yaml:{line}:{col}: error: countries[0].sides[1].code: country 'KR' is already " \
           f"on another card (line {line - 1}) [duplicate-id]" in errors_of(content_copy)


def test_missing_data_file(content_copy):
    (content_copy / "print.yaml").unlink()
    assert errors_of(content_copy) == ["content/print.yaml: error: file not found [file]"]


def test_malformed_data_file(content_copy):
    path = content_copy / "threesixteen" / "game.yaml"
    replace_in(path, "high: 16 ", "high: [16 ")
    line, col = line_col(path, "[16")
    found = errors_of(content_copy)
    assert len(found) == 1 and found[0].startswith("content/threesixteen/game.yaml:") and "[yaml]" in found[0]
    assert "malformed YAML" in found[0]


def test_a_character_for_more_players_than_the_game_has(content_copy):
    """R33: a character's fewest players above the game's most could never be dealt, and leaves 6 players short."""
    path = content_copy / "travel" / "game.yaml"
    replace_in(path, "players: {min: 3, max: 6}}", "players: {min: 7, max: 8}}")
    line, col = line_col(path, "{min: 7")
    entry, _ = line_col(path, "{id: smuggler")
    assert errors_of(content_copy) == [
        f"content/travel/game.yaml:{entry}:3: error: characters: with 6 players only 5 characters are dealt; "
        f"each player needs one [count]",
        f"content/travel/game.yaml:{line}:{col}: error: characters[0].players: character 'smuggler' is dealt at 7 "
        f"to 8 players; the game is for 2 to 6 [count]"]


def test_too_few_characters_for_a_player_count(content_copy):
    """R33: three characters set aside below 6 players leave 4- and 5-player games short of characters."""
    path = content_copy / "travel" / "game.yaml"
    for ability in ("{rule: starting_hand, by: 2}", "{rule: travel_bonus_draw, to: 3}"):
        replace_in(path, f"ability: {ability}}}", f"ability: {ability}, players: {{min: 6, max: 6}}}}")
    replace_in(path, "players: {min: 3, max: 6}}", "players: {min: 6, max: 6}}")
    assert [f.split(": error: ", 1)[1] for f in errors_of(content_copy)] == [
        f"characters: with {n} players only {dealt} characters are dealt; each player needs one [count]"
        for n, dealt in ((4, 3), (5, 3))]


@pytest.mark.parametrize("moves, problem", [
    ("[R, A, B>B, A, C>A, B]", "'C>A' breaks R11 (no_fit)"),
    ("[R, A, B>B, A, C>C]", "5 tokens for 6 calls"),
    ("[R, A, B>B, A, C>C, Q!]", "'Q!' is not a 3x16 token"),
])
def test_the_log_sheets_worked_example_must_be_a_legal_game(content_copy, moves, problem):
    """The log sheet prints game.yaml's example and the board it leaves: an example the rules refuse is an error
    at its token, before anything is drawn."""
    path = content_copy / "threesixteen" / "game.yaml"
    replace_in(path, "moves: [R, A, B>B, A, C>C, B]", f"moves: {moves}")
    line, col = line_col(path, "example:")
    [error] = errors_of(content_copy)
    assert error.startswith(f"content/threesixteen/game.yaml:{line}:") and ": error: example.moves" in error
    assert problem in error
