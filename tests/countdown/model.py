"""The game data of countdown's game.yaml."""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from generator.content.model_parts import Colour, Players, RuleRef, Slug
from generator.content.validate import Strict


class CountdownGame(Strict):
    game: Slug
    players: Players
    start: Annotated[int, Field(ge=1, le=99, description="the counter's first value")]
    most: Annotated[int, Field(ge=1, le=9, description="the most a turn may take")]
    colour: Colour
    sections: list[Slug]
    rules: list[RuleRef]


def rule_values(game: CountdownGame) -> dict[str, object]:
    return {"start": game.start, "most": game.most}
