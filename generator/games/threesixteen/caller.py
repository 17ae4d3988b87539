"""The caller: a shuffled set of caller tiles, the same for the same seed, the rest of a saved game, and what
calling does (next, undo, repeat), which the terminal's keys and the studio's buttons both ask for."""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .rules import Rules

#: what a caller can do: call the next number, take the last call back, show the last call again
NEXT, UNDO, REPEAT = "next", "undo", "repeat"


@dataclass(frozen=True)
class CallerState:
    """The whole call order (shuffled once) and how many of it have been called; `repeated` flags a repeat,
    `done` a caller who quit."""

    order: tuple[int, ...]
    called: int = 0
    repeated: bool = False
    done: bool = False

    @property
    def calls(self) -> list[int]:
        return list(self.order[: self.called])


def act(state: CallerState, action: str) -> CallerState:
    """The state after one action; an action with nothing to act on (undo before the first call, next after the
    last) leaves it unchanged."""
    if action == NEXT and state.called < len(state.order):
        return replace(state, called=state.called + 1, repeated=False)
    if action == UNDO and state.called:
        return replace(state, called=state.called - 1, repeated=False)
    if action == REPEAT and state.called:
        return replace(state, repeated=True)
    return state


def remaining(state: CallerState, high: int) -> list[int]:
    """How many tiles of each number 1..high are still to be called."""
    left = [0] * (high + 1)
    for number in state.order[state.called:]:
        left[number] += 1
    return left[1:]


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
