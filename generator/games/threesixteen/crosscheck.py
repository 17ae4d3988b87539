"""3x16's checks of game.yaml as a whole: colours for every player, columns the notation can name.

The shared checks every game gets (sections, rule ids, players) are content/crosscheck.py's.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterator

from ...content.crosscheck import finding
from ...content.yamlsrc import Located
from ...errors import Diagnostic
from .model import ThreeSixteenGame

def check(game: ThreeSixteenGame, at: Located) -> Iterator[Diagnostic]:
    """Enough colours for the most players, each colour and column once, no column called R, and a worked example
    that the rules accept."""
    yield from _example(game, at)
    if len(game.colours) < game.players.max:
        yield finding(at, ("colours",), f"{game.players.max} players need {game.players.max} colours, found "
                                         f"{len(game.colours)}", "count")
    ids = Counter(c.id for c in game.colours)
    for i, colour in enumerate(game.colours):
        if ids[colour.id] > 1 or colour.id == game.caller.id:
            yield finding(at, ("colours", i, "id"), f"colour id '{colour.id}' is used twice", "duplicate-id")
    letters = Counter(game.columns)
    for i, letter in enumerate(game.columns):
        if letters[letter] > 1:
            yield finding(at, ("columns", i), f"column '{letter}' is listed twice", "duplicate-id")
        if letter == "R":
            yield finding(at, ("columns", i), "'R' is the notation for a new row; name columns with other "
                                               "letters", "notation")


def _example(game: ThreeSixteenGame, at: Located) -> Iterator[Diagnostic]:
    """The log sheet's example: a token per call, each one the notation reads and the rules accept."""
    from .engine import replay
    from .notation import notation_for
    from .rules import Rules, check_calls

    example = game.example
    if len(example.moves) != len(example.calls):
        yield finding(at, ("example", "moves"), f"{len(example.moves)} tokens for {len(example.calls)} calls",
                      "count")
        return
    rules = Rules.from_game(game)
    calls, moves = list(example.calls), list(example.moves)
    if example.next is not None:  # the rulebook's diagram: one more call, replayed with the rest
        calls.append(example.next.call)
        moves.append(example.next.move)
    if check_calls(rules, calls) is not None:
        yield finding(at, ("example", "calls"), f"calls {calls} are not a deal's", "example")
        return
    tokens = [notation_for(rules.letters).parse(move) for move in moves]
    bad = next((i for i, token in enumerate(tokens) if token is None), None)
    if bad is not None:
        yield finding(at, _move_path(example.calls, bad), f"'{moves[bad]}' is not a 3x16 token", "example")
        return
    broken = replay(rules, calls, tokens).violation
    if broken is not None:
        call = broken.number or 0  # the call's index
        yield finding(at, _move_path(example.calls, call), f"'{moves[call]}' breaks {broken.rule} "
                      f"({broken.reason})", "example")


def _move_path(calls: list[int], index: int) -> tuple[str | int, ...]:
    """Where the token of call `index` is in game.yaml: in the example's moves, or the next call's move."""
    return ("example", "moves", index) if index < len(calls) else ("example", "next", "move")
