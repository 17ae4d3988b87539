"""Checks that span entries of the content: what every game's rulebook needs (sections, rule ids, players), then the
game's own checks (its spec's `crosscheck`), and print.yaml's papers.

The schema (pydantic models) checks each value; these check the data as a whole. Each finding points at the entry
it is about.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..errors import Diagnostic
from .print_model import PrintConfig
from .model_parts import GameData, RuleRef
from .yamlsrc import KeyPath, Located, dotted

if TYPE_CHECKING:
    from ..games.registry import GameSpec

def finding(located: Located, loc: KeyPath, message: str, check: str, *, key: bool = False) -> Diagnostic:
    """An error at `loc` (a key path) of the file `located` describes."""
    return Diagnostic(located.of(loc, key=key), message, check, key_path=dotted(loc))


def check_game(spec: GameSpec, game: GameData, located: Located) -> list[Diagnostic]:
    """Every finding of the game data: the shared checks, then the game's own (`spec` is its GameSpec)."""
    own = spec.part("crosscheck")
    found = list(_shared(game, located)) + (list(own(game, located)) if own else [])
    return sorted(found, key=lambda d: (d.position, d.message))


def _shared(game: GameData, at: Located) -> Iterator[Diagnostic]:
    if game.players.min > game.players.max:
        yield finding(at, ("players",), "players.min is larger than players.max", "count")
    yield from _rules(game.sections, game.rules, at)


def _rules(sections: Sequence[str], rules: Sequence[RuleRef], at: Located) -> Iterator[Diagnostic]:
    known: set[str] = set()
    for i, section in enumerate(sections):
        if section in known:
            yield finding(at, ("sections", i), f"section '{section}' is listed twice", "duplicate-id")
        known.add(section)
    seen: set[str] = set()
    named: set[str] = set()
    for i, rule in enumerate(rules):
        if rule.id in seen:
            yield finding(at, ("rules", i, "id"), f"rule id '{rule.id}' is used twice", "duplicate-id")
        seen.add(rule.id)
        name = getattr(rule, "name", None)  # the name the game's code cites the rule by, if it has one
        if isinstance(name, str):
            if name in named:
                yield finding(at, ("rules", i, "name"), f"rule name '{name}' is used twice", "duplicate-id")
            named.add(name)
        if rule.section not in known:
            yield finding(at, ("rules", i, "section"), f"rule {rule.id} is in section '{rule.section}', which "
                           f"is not in `sections`", "missing-ref")


def check_print(config: PrintConfig, at: Located) -> list[Diagnostic]:
    """Every paper holds the largest piece (a card) inside the printer margins, in one orientation or the other:
    on anything smaller no page can be laid out."""
    out = []
    piece = sorted((config.card.width_mm, config.card.height_mm))
    for name, paper in config.papers.items():
        inside = sorted((paper.width_mm - 2 * paper.margin_mm, paper.height_mm - 2 * paper.margin_mm))
        if inside[0] < piece[0] or inside[1] < piece[1]:
            out.append(finding(at, ("papers", name), f"a paper of {paper.width_mm:g} x {paper.height_mm:g} mm leaves "
                                f"{max(inside[0], 0):g} x {max(inside[1], 0):g} mm inside the printer margins, too "
                                f"small for a card ({piece[0]:g} x {piece[1]:g} mm)", "layout"))
    return out
