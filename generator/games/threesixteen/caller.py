"""The caller: a shuffled set of caller tiles, the same for the same seed."""
from __future__ import annotations

import random

from .engine import Rules


def deal(seed: int, rules: Rules = Rules()) -> list[int]:
    """The call order for `seed`: `random.Random(seed).shuffle` of 1..high, `copies` times (as the solver's deals)."""
    tiles = list(range(1, rules.high + 1)) * rules.copies
    random.Random(seed).shuffle(tiles)
    return tiles
