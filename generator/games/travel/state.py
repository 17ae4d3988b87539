"""The travel game's state records: the setup, and the table as it stands (hands, piles, whose turn, who won).

Rules read them (`rules.check`), the engine changes them (`engine.Game`): both import this module, which imports
neither, so the rules need nothing of the engine (state <- rules <- engine, replay, bots, simulator).
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Tables

WIN_CENTRE = "centre"
WIN_POSTCARDS = "postcards"


@dataclass
class Setup:
    """Who sits where with what: the part of a game fixed before the first turn."""

    names: list[str]
    passports: list[int]
    transits: list[int]         # country side per player
    characters: list[int]       # character index per player, -1 without the characters extension
    centre: int                 # country side
    extensions: frozenset[str]
    hands: list[list[int]]      # the dealt item cards (the passport is added to the hand by the game)
    first: int = -1             # who starts, as the record says (-1: not said; needed only for a tie)


_ROTATIONS: dict[int, list[list[int]]] = {}


def rotations(n: int) -> list[list[int]]:
    """Per player, every seat clockwise starting with theirs (shared lists: never change them)."""
    rot = _ROTATIONS.get(n)
    if rot is None:
        rot = _ROTATIONS[n] = [[(p + k) % n for k in range(n)] for p in range(n)]
    return rot


class GameState:
    """The whole table: hands, piles, who has travelled where, whose turn it is, who won. `params`: each
    player's rule parameters (`rules.player_rules`); `start`: who starts (`rules.first_player`)."""

    __slots__ = (
        "t", "n", "names", "hands", "draw", "discard", "visited", "transit", "centre", "characters",
        "extensions", "params", "base_limit", "limit_bonus", "forbidden_held", "postcards_held",
        "travels_with_forbidden", "to_win", "clockwise", "start", "active", "turn", "actions_left", "actions_taken",
        "actions", "started_empty", "refilled", "travelled_this_turn", "dropped_this_turn", "turn_over", "winner",
        "win_how", "win_card", "reshuffles", "pile_renewed",
    )

    def __init__(self, tables: Tables, setup: Setup, params: list[dict[str, object]], start: int,
                 draw_pile: list[int]):
        n = len(setup.names)
        self.t = tables
        self.n = n
        self.names = setup.names
        self.hands = [[passport] + list(hand) for passport, hand in zip(setup.passports, setup.hands)]
        self.draw = draw_pile
        self.discard: list[int] = []
        self.visited = [False] * n
        self.transit = list(setup.transits)
        self.centre = setup.centre
        self.characters = list(setup.characters)
        self.extensions = setup.extensions
        self.params = params
        self.base_limit = [int(p["hand_limit"]) for p in params]
        self.travels_with_forbidden = [bool(p["travel_with_forbidden"]) for p in params]
        self.to_win = [int(p["postcards_to_win"]) for p in params]
        self.limit_bonus = [0] * n
        self.forbidden_held = [0] * n
        self.postcards_held = [0] * n
        self.clockwise = rotations(n)
        self.start = start
        self.active = start
        self.turn = 0
        self.actions_left = 0
        self.actions_taken = 0      # this turn's actions (a cancelled one counts)
        self.actions = 0            # every turn's
        self.started_empty = False  # this turn began with an empty hand
        self.refilled = False       # the empty-hand draw of this turn is made
        self.travelled_this_turn = False
        self.dropped_this_turn = False  # a forbidden item was dropped: that was the whole turn (R29)
        self.turn_over = False
        self.winner = -1
        self.win_how = ""           # WIN_CENTRE or WIN_POSTCARDS once someone won
        self.win_card = -1
        self.reshuffles = 0
        self.pile_renewed = False   # the draw pile now holds cards from the discard pile

    def next_country(self, p: int) -> int:
        """The country side `p` travels to next: the transit country, then the centre (R16)."""
        return self.centre if self.visited[p] else self.transit[p]

    def hand_limit(self, p: int) -> int:
        return self.base_limit[p] + self.limit_bonus[p]
