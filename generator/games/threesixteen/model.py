"""Typed model of `content/threesixteen/game.yaml`: tiles, colours, board geometry, rule ids."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ...content.model_parts import Colour, GameData, NamedRuleRef, Players, Slug
from ...content.print_model import Size
from ...content.validate import Strict, pattern


class PlayerColour(Strict):
    id: Slug
    fill: Colour
    ink: Colour
    #: the shape in a tile front's corners: a second cue besides the colour (the caller's set needs none)
    cue: Literal["circle", "triangle", "bar", "cross"] | None = None


class NextCall(Strict):
    """One call and the token for it."""

    call: Annotated[int, Field(ge=1, le=30)]
    move: Annotated[str, Field(min_length=1, max_length=12)]


class LogExample(Strict):
    """A few calls and one player's tokens for them: the log sheet's worked example, and the board it leaves,
    drawn beside it (crosscheck replays it through the rules); `next`, the call after them, is the rulebook's
    diagram: that board, and this move drawn on it with arrows."""

    calls: Annotated[list[Annotated[int, Field(ge=1, le=30)]], Field(min_length=1, max_length=12)]
    moves: Annotated[list[Annotated[str, Field(min_length=1, max_length=12)]], Field(min_length=1, max_length=12)]
    next: NextCall | None = None


class ThreeSixteenGame(Strict):
    game: Slug
    players: Players
    high: Annotated[int, Field(ge=2, le=30, description="tiles are numbered 1..high")]
    copies: Annotated[int, Field(ge=1, le=6, description="how many of each number")]
    rows: Annotated[int, Field(ge=1, le=6)]
    columns: list[Annotated[str, pattern(r"^[A-Z]$", "one capital letter")]]
    #: a tile's trim size (print.yaml holds the sizes every game shares)
    tile: Size
    #: a caller tile's trim size: it is drawn and called, never placed on a board, so it may be larger
    caller_tile: Size
    colours: list[PlayerColour]
    caller: PlayerColour
    sections: list[Slug]
    rules: list[NamedRuleRef]
    example: LogExample


def threesixteen_game(game: GameData) -> ThreeSixteenGame:
    """`game` as 3x16's own model: what `content.games["threesixteen"]` and a 3x16 RenderContext's `game_data`
    hold (the registry loads it through this game's spec)."""
    if not isinstance(game, ThreeSixteenGame):
        raise TypeError(f"expected 3x16's game data, not {type(game).__name__}")
    return game
