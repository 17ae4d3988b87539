"""The balance lab: many bot games per configuration, every figure with its 95% interval, outliers flagged.

A configuration is a player count, a set of extensions and (with a sweep) one value of one number in
game.yaml. Every configuration plays the same game seeds, so a sweep compares like with like. A seat or a
character is flagged when its win rate's whole 95% interval lies more than `margin` from the fair share
(1 / players): a difference that is neither chance nor too small to matter. The default margin is 2 points: at
3,000 games per count that flags a character about 4-5 points off at every count (5 points hid a Merchant at
29.8% (27.8-31.8) of a 25% share at 4 players, a fifth more wins than its share).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from pydantic import ValidationError

from ...content.matching import closest
from ...content.validate import error_message
from ...stats import Estimate, mean, rate
from .cards import DECK_EXTENSIONS, EXTENSIONS, Tables, build_tables
from .model import TravelGame, changed_rule_problem, character_count_problems
from .simulate import parse_extensions
from .stats import Batch, Summary, run_batches

DEFAULT_MARGIN = 0.02
#: the extension sets a balance run covers unless told otherwise: the base game, and everything
DEFAULT_SETS = (frozenset(), frozenset(EXTENSIONS))


class SweepError(ValueError):
    """A `--vary` that names no number in game.yaml, or a value the game data refuses."""


class Sweep(NamedTuple):
    """One number of game.yaml (a dotted path; list entries by id) and the values to try."""

    key: str
    values: tuple[float | int, ...]


def parse_sweep(text: str) -> Sweep:
    """`KEY=V1,V2,...` (numbers); a bare rule parameter such as `hand_limit` means `rules_params.hand_limit`."""
    key, sep, values = text.partition("=")
    key = key.strip()
    if not sep or not key or not values.strip():
        raise SweepError(f"'{text}' is not KEY=V1,V2,... (e.g. hand_limit=6,7,8)")
    parsed = []
    for word in values.split(","):
        word = word.strip()
        try:
            parsed.append(int(word))
        except ValueError:
            try:
                parsed.append(float(word))
            except ValueError:
                raise SweepError(f"'{word}' in '{text}' is not a number") from None
    return Sweep(key, tuple(parsed))


def _path(data: dict, key: str) -> list[str]:
    parts = key.split(".")
    if parts[0] in data["rules_params"] and len(parts) == 1:
        return ["rules_params", parts[0]]
    return parts


def _did_you_mean(parts: list[str], depth: int, names: list[str]) -> str:
    """"; did you mean 'KEY'?" with the whole key, its part at `depth` replaced by the name it most likely
    misspells (as a misspelt card gets), or "" when no name is close."""
    near = closest(parts[depth], names)
    return "" if near is None else f"; did you mean '{'.'.join([*parts[:depth], near, *parts[depth + 1:]])}'?"


def with_value(game: TravelGame, key: str, value: float | int) -> TravelGame:
    """The game data with the number at `key` set to `value` (list entries are named by their id, e.g.
    `characters.pickpocket.effect.value`, `special.lucky-coin.effect.count`)."""
    data = game.model_dump()
    parts = _path(data, key)
    node = data
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        if isinstance(node, list):
            match = next((entry for entry in node if isinstance(entry, dict) and entry.get("id") == part), None)
            if match is None:
                ids = [str(entry["id"]) for entry in node if isinstance(entry, dict) and "id" in entry]
                raise SweepError(f"'{key}': no entry '{part}' in {'.'.join(parts[:depth]) or 'game.yaml'}"
                                 + _did_you_mean(parts, depth, ids))
            if last:
                raise SweepError(f"'{key}' names an entry, not a number")
            node = match
            continue
        if not isinstance(node, dict) or part not in node:
            keys = list(node) if isinstance(node, dict) else []
            if depth == 0:              # a rule parameter may be named alone: hand_limit for rules_params.hand_limit
                keys += list(data["rules_params"])
            raise SweepError(f"'{key}': no '{part}' in {'.'.join(parts[:depth]) or 'game.yaml'}"
                             + _did_you_mean(parts, depth, keys))
        if last:
            current = node[part]
            if isinstance(current, bool) or not isinstance(current, (int, float)):
                raise SweepError(f"'{key}' is {current!r}, not a number")
            node[part] = value
        else:
            node = node[part]
    try:
        varied = TravelGame.model_validate(data)
    except ValidationError as exc:
        raise SweepError(f"{key}={value}: {error_message(exc.errors()[0])}") from None
    for character in varied.characters:
        effect = character.effect
        if effect.kind == "modify_rule":
            problem = changed_rule_problem(varied.rules_params, effect.rule, effect.value)
            if problem is not None:
                raise SweepError(f"{key}={value}: rule '{effect.rule}': {problem}")
    problem = next(character_count_problems(varied), None)
    if problem is not None:
        raise SweepError(f"{key}={value}: {problem[1]}")
    return varied


class FlagKind(str, Enum):
    SEAT = "seat"
    CHARACTER = "character"


class Flag(NamedTuple):
    """A seat (1 = plays first) or a character whose win rate is off the fair share."""

    kind: FlagKind
    subject: str
    estimate: Estimate
    fair: float


class CardFigures(NamedTuple):
    """How often an extension card was in the winner's hand at the win, and how often it came into play on the
    winning turn (played, resolved, reacted with, or completed the winning set); shares of finished games."""

    in_winner_hand: Estimate
    on_winning_turn: Estimate


@dataclass(slots=True)
class Cell:
    """The figures of one configuration."""

    players: int
    extensions: frozenset[str]
    value: float | int | None     # the swept value, None without a sweep
    summary: Summary
    length: Estimate
    seats: list[Estimate]
    characters: dict[str, Estimate]
    cards: dict[str, CardFigures]
    flags: list[Flag]
    #: 2 players only: (character, opponent) -> the character's win rate in those games
    head_to_head: dict[tuple[str, str], Estimate]


@dataclass(slots=True)
class Balance:
    """A whole balance run."""

    games: int
    bot: str
    seed: int
    margin: float
    sweep: Sweep | None
    cells: list[Cell]

    @property
    def flags(self) -> list[tuple[Cell, Flag]]:
        return [(cell, flag) for cell in self.cells for flag in cell.flags]


def figures(t: Tables, players: int, extensions: frozenset[str], value, summary: Summary, margin: float) -> Cell:
    """Every estimate of one configuration, and its flags."""
    finished = summary.finished
    fair = 1 / players
    seats = [rate(wins, finished) for wins in summary.wins_by_seat]
    characters = {c: rate(summary.wins_by_character[c], n) for c, n in sorted(summary.games_by_character.items())}
    cards = {}
    for name, family in DECK_EXTENSIONS.items():
        if name in extensions:
            for c in t.by_family[family]:
                card_id = t.ids[c]
                cards[card_id] = CardFigures(rate(summary.in_winner_hand[card_id], finished),
                                             rate(summary.on_winning_turn[card_id], finished))
    flags = [Flag(FlagKind.SEAT, str(seat + 1), est, fair) for seat, est in enumerate(seats)
             if est.outside(fair, margin)]
    flags += [Flag(FlagKind.CHARACTER, c, est, fair) for c, est in characters.items() if est.outside(fair, margin)]
    head_to_head = {pair: rate(summary.wins_by_pair[pair], n) for pair, n in sorted(summary.games_by_pair.items())}
    return Cell(players, extensions, value, summary, mean(summary.lengths), seats, characters, cards, flags,
                head_to_head)


def run_balance(game: TravelGame, players: list[int], sets: list[frozenset[str]], games: int, seed: int = 0,
                bot: str = "strong", sweep: Sweep | None = None, margin: float = DEFAULT_MARGIN,
                workers: int = 2) -> Balance:
    """Play `games` games for every player count x extension set (x swept value) and estimate everything."""
    values: list = list(sweep.values) if sweep else [None]
    variants = [game if value is None else with_value(game, sweep.key, value) for value in values]
    tables = [build_tables(variant) for variant in variants]
    batches = [Batch(v, n, ext, seed, bot) for ext in sets for n in players for v in range(len(variants))]
    summaries = run_batches(tables, batches, games, workers)
    cells = [figures(tables[b.tables], b.players, b.extensions, values[b.tables], s, margin)
             for b, s in zip(batches, summaries)]
    return Balance(games, bot, seed, margin, sweep, cells)


def parse_sets(values: list[str] | None) -> list[frozenset[str]]:
    """Each value is one extension set (`none`, `all`, or names separated by commas); the default sets
    without values. Raises ValueError with the unknown name."""
    if not values:
        return list(DEFAULT_SETS)
    return list(dict.fromkeys(parse_extensions([value]) for value in values))
