"""The balance lab: many bot games per configuration, every figure with its 95% interval, outliers flagged.

A configuration is a player count, a set of extensions and (with a sweep) one value of one number in
game.yaml. Every configuration plays the same game seeds, so a sweep compares like with like. A seat or a
character is flagged when its win rate's whole 95% interval lies more than `margin` from the fair share
(1 / players): a difference that is neither chance nor too small to matter. The default margin is 2 points: at
3,000 games per count that flags a character about 4-5 points off at every count (5 points hid a Merchant at
29.8% (27.8-31.8) of a 25% share at 4 players, a fifth more wins than its share).
"""
from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from pydantic import ValidationError

from ...content.matching import closest
from ...content.validate import error_message
from ...stats import Z, Estimate, mean, rate
from .cards import DECK_EXTENSIONS, EXTENSIONS, Tables, build_tables
from .model import TravelGame, changed_rule_problem, character_count_problems, character_players
from .simulate import parse_extensions
from .stats import Batch, Executor, Summary, run_batches

DEFAULT_MARGIN = 0.02
#: the extension sets a balance run covers unless told otherwise: the base game, and everything
DEFAULT_SETS: tuple[frozenset[str], ...] = (frozenset(), frozenset(EXTENSIONS))


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
    parsed: list[float | int] = []
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


def _path(data: dict[str, Any], key: str) -> list[str]:
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
    `characters.pilot.ability.to`, `special.lucky-coin.effect.count`, or by their place in a list without ids:
    `characters.pickpocket.ability.0.to`)."""
    data = game.model_dump()
    parts = _path(data, key)
    node = data
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        if isinstance(node, list):
            match = next((entry for entry in node if isinstance(entry, dict) and entry.get("id") == part), None)
            if match is None and part.isdigit() and int(part) < len(node):
                match = node[int(part)]
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
        for change in character.changes:
            problem = changed_rule_problem(varied.rules_params, change.rule, change.value(varied.rules_params))
            if problem is not None:
                raise SweepError(f"{key}={value}: rule '{change.rule}': {problem}")
    count_problem = next(character_count_problems(varied), None)
    if count_problem is not None:
        raise SweepError(f"{key}={value}: {count_problem[1]}")
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


class CharacterInput(NamedTuple):
    """A character as the run played it: what its ability changes (rule -> its owner's value) and the player
    counts it is dealt at."""

    id: str
    changes: dict[str, int | bool]
    players: tuple[int, int]


@dataclass(slots=True)
class Inputs:
    """What a run measured, so two reports can be told apart later: the base rules' values and every character's
    ability as played (those of the content as loaded; a sweep changes one of them, column by column), a
    fingerprint of the game data, the bot, the games per configuration, the seed and pnp's version."""

    rules: dict[str, int | bool]
    characters: list[CharacterInput]
    fingerprint: str
    bot: str
    games: int
    seed: int
    version: str


def fingerprint(game: TravelGame) -> str:
    """A short hash of the game data (every value game.yaml gives, as validated): equal data, equal fingerprint."""
    return hashlib.sha256(game.model_dump_json().encode("utf-8")).hexdigest()[:16]


def pnp_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("generator")
    except PackageNotFoundError:
        return "unknown"


def inputs_of(game: TravelGame, bot: str, games: int, seed: int) -> Inputs:
    rules = game.rules_params
    characters = []
    for c in game.characters:
        players = character_players(game, c)
        characters.append(CharacterInput(c.id, {change.rule: change.value(rules) for change in c.changes},
                                         (players.min, players.max)))
    return Inputs(rules.model_dump(), characters, fingerprint(game), bot, games, seed, pnp_version())


def detectable(games: int, players: int, characters: int) -> tuple[float, float]:
    """The half-width (in points) of the 95% interval around the fair share at `games` games: (for a seat, for a
    character dealt in a share players/characters of the games): a bias smaller than that cannot be seen."""
    fair = 1 / players
    seat = 100 * Z * math.sqrt(fair * (1 - fair) / games)
    dealt = games * min(1.0, players / characters) if characters else 0
    character = 100 * Z * math.sqrt(fair * (1 - fair) / dealt) if dealt else 0.0
    return seat, character


@dataclass(slots=True)
class Balance:
    """A whole balance run."""

    games: int
    bot: str
    seed: int
    margin: float
    sweep: Sweep | None
    cells: list[Cell]
    inputs: Inputs | None = None
    #: with a sweep: the value the content gives the swept number (its column is marked "now")
    current: float | int | None = None

    @property
    def flags(self) -> list[tuple[Cell, Flag]]:
        return [(cell, flag) for cell in self.cells for flag in cell.flags]


def figures(t: Tables, players: int, extensions: frozenset[str], value: float | int | None, summary: Summary,
            margin: float) -> Cell:
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


def current_value(game: TravelGame, key: str) -> float | int | None:
    """The value the game data gives the number at `key` (None when it has none: a sweep is checked first)."""
    data: object = game.model_dump()
    for part in _path(game.model_dump(), key):
        if isinstance(data, list):
            data = next((e for e in data if isinstance(e, dict) and e.get("id") == part),
                        data[int(part)] if part.isdigit() and int(part) < len(data) else None)
        elif isinstance(data, dict):
            data = data.get(part)
        else:
            return None
    return data if isinstance(data, (int, float)) and not isinstance(data, bool) else None


def run_balance(game: TravelGame, players: list[int], sets: list[frozenset[str]], games: int, seed: int = 0,
                bot: str = "strong", sweep: Sweep | None = None, margin: float = DEFAULT_MARGIN,
                workers: int = 2, progress: Callable[[int], None] | None = None,
                executor: Executor | None = None) -> Balance:
    """Play `games` games for every player count x extension set (x swept value) and estimate everything;
    `progress(games)` is told of games as they are played."""
    values: list[float | int | None] = list(sweep.values) if sweep else [None]
    variants = [game if value is None or sweep is None else with_value(game, sweep.key, value) for value in values]
    tables = [build_tables(variant) for variant in variants]
    batches = [Batch(v, n, ext, seed, bot) for ext in sets for n in players for v in range(len(variants))]
    summaries = run_batches(tables, batches, games, workers, progress=progress, executor=executor)
    cells = [figures(tables[b.tables], b.players, b.extensions, values[b.tables], s, margin)
             for b, s in zip(batches, summaries)]
    return Balance(games, bot, seed, margin, sweep, cells, inputs_of(game, bot, games, seed),
                   current_value(game, sweep.key) if sweep else None)


class Row(NamedTuple):
    """One flat figure of a run, for a spreadsheet: the configuration, what was measured of which subject, the
    value with its 95% interval, and the games it is measured over."""

    players: int
    extensions: str
    value: float | int | None
    measure: str
    subject: str
    rate: float
    low: float
    high: float
    games: int


ROW_FIELDS = Row._fields


def flat_rows(b: Balance) -> list[Row]:
    """Every figure of a run as one row: seats, characters, head to head, cards, game length."""
    out = []
    for c in b.cells:
        ext = " ".join(e for e in EXTENSIONS if e in c.extensions) or "none"

        def row(measure: str, subject: str, e: Estimate, games: int) -> Row:
            return Row(c.players, ext, c.value, measure, subject, e.value, e.low, e.high, games)
        out.append(row("length", "turns", c.length, c.summary.games))
        out += [row("seat", str(seat + 1), e, c.summary.finished) for seat, e in enumerate(c.seats)]
        out += [row("character", k, e, c.summary.games_by_character[k]) for k, e in c.characters.items()]
        out += [row("head_to_head", f"{a} vs {o}", e, c.summary.games_by_pair[(a, o)])
                for (a, o), e in c.head_to_head.items()]
        for card, f in c.cards.items():
            out.append(row("card_in_winner_hand", card, f.in_winner_hand, c.summary.finished))
            out.append(row("card_on_winning_turn", card, f.on_winning_turn, c.summary.finished))
    return out


class SweepStep(NamedTuple):
    """What one sweep did to one configuration, from its first value to its last: game length, the largest seat
    bias (points from the fair share) and how many seats or characters are flagged."""

    players: int
    extensions: frozenset[str]
    first: float | int | None
    last: float | int | None
    length: tuple[float, float]
    seat_bias: tuple[float, float]
    flags: tuple[int, int]


def sweep_steps(b: Balance) -> list[SweepStep]:
    """One step per player count and extension set of a sweep."""
    out = []
    groups: dict[tuple[int, frozenset[str]], list[Cell]] = {}
    for cell in b.cells:
        groups.setdefault((cell.players, cell.extensions), []).append(cell)
    for (n, ext), cells in groups.items():
        first, last = cells[0], cells[-1]

        def bias(c: Cell) -> float:
            return max((abs(e.value - 1 / c.players) for e in c.seats), default=0.0) * 100
        out.append(SweepStep(n, ext, first.value, last.value, (first.length.value, last.length.value),
                             (bias(first), bias(last)), (len(first.flags), len(last.flags))))
    return out


def parse_sets(values: list[str] | None) -> list[frozenset[str]]:
    """Each value is one extension set (`none`, `all`, or names separated by commas); the default sets
    without values. Raises ValueError with the unknown name."""
    if not values:
        return list(DEFAULT_SETS)
    return list(dict.fromkeys(parse_extensions([value]) for value in values))
