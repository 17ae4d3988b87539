"""The travel game's state records: the setup, and the table as it stands (hands, piles, whose turn, who won).

Rules read them (`rules.check`), the engine changes them (`engine.Game`): both import this module, which imports
neither, so the rules need nothing of the engine (state <- rules <- engine, replay, bots, simulator).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cards import Tables
from .model import TravelRules

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


class Snapshot(NamedTuple):
    """The table at one moment, as a violation's message shows it: whose turn, the hands, who has travelled, the
    piles, each player's hand limit and next country."""

    active: int
    hands: list[list[int]]
    visited: list[bool]
    draw_pile: int
    discard_pile: list[int]
    limits: list[int]
    dest: list[int]


class GameState:
    """The whole table: hands, piles, who has travelled where, whose turn it is, who won. `params`: each
    player's rule numbers (`rules.player_rules`); `start`: who starts (`rules.first_player`)."""

    def __init__(self, tables: Tables, setup: Setup, params: list[TravelRules], start: int, draw_pile: list[int]):
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
        self.travels_with_forbidden = [p.travel_with_forbidden for p in params]
        self.limit_bonus = [0] * n
        self.forbidden_held = [0] * n
        self.postcards_held = [0] * n
        #: per player, every seat clockwise starting with theirs
        self.clockwise = [[(p + k) % n for k in range(n)] for p in range(n)]
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
        return self.params[p].hand_limit + self.limit_bonus[p]

    def snapshot(self) -> Snapshot:
        """The table now, for a violation's message."""
        return Snapshot(self.active, [list(h) for h in self.hands], list(self.visited), len(self.draw),
                        list(self.discard), [self.hand_limit(p) for p in range(self.n)],
                        [self.next_country(p) for p in range(self.n)])
