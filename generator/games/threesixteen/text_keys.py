"""What 3x16's language files must hold beyond every game's keys, and the numbers its rule texts fill in."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import ThreeSixteenGame


def text_keys(game: ThreeSixteenGame) -> list[str]:
    """A name for every colour, the caller's too."""
    diagram = [f"diagram.{part}" for part in ("title", "place", "move", "caption", "waiting")]  # the rulebook's diagram
    return [f"colours.{c.id}" for c in game.colours] + [f"colours.{game.caller.id}"] + diagram


def rule_values(game: ThreeSixteenGame) -> dict[str, object]:
    """The game's numbers, by the names rule texts (and the rulebook's checklist lines) use."""
    return {"high": game.high, "copies": game.copies, "rows": game.rows, "columns": len(game.columns),
            "tiles": game.high * game.copies, "players_min": game.players.min, "players_max": game.players.max,
            "colours": len(game.colours)}
