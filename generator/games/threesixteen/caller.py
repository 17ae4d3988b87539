"""The caller: a shuffled set of caller tiles, the same for the same seed, and the rest of a saved game."""
from __future__ import annotations

import random

from .rules import Rules


def deal(seed: int, rules: Rules = Rules()) -> list[int]:
    """The call order for `seed`: `random.Random(seed).shuffle` of 1..high, `copies` times (as the solver's deals)."""
    tiles = list(range(1, rules.high + 1)) * rules.copies
    random.Random(seed).shuffle(tiles)
    return tiles


def continue_deal(called: list[int], seed: int, rules: Rules = Rules()) -> list[int]:
    """A whole call order that begins with the calls already made.

    The seed's deal when it begins so (the same seed continues the same game); else the tiles not yet called,
    shuffled with the seed after the calls made.
    """
    order = deal(seed, rules)
    if order[: len(called)] == called:
        return order
    rest = list(range(1, rules.high + 1)) * rules.copies
    for number in called:
        rest.remove(number)
    random.Random(seed).shuffle(rest)
    return called + rest
