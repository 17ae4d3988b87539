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
    """Enough colours for the most players, each colour and column once, and no column called R."""
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
