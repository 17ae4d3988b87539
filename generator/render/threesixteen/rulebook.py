"""What the 3x16 rulebook has of its own: its accent and the counts of its checklist."""
from __future__ import annotations

from reportlab.lib.colors import Color, HexColor

from ...content.model_parts import GameData
from ...games.threesixteen.model import threesixteen_game
from ..core.context import RenderContext


def accent(ctx: RenderContext) -> Color:
    """The second player colour (blue: calmer than red for a page of text)."""
    return HexColor(threesixteen_game(ctx.game_data).colours[1].fill)


def component_counts(data: GameData) -> dict[str, int]:
    game = threesixteen_game(data)
    per_set = game.high * game.copies
    return {"tiles": per_set, "caller_tiles": per_set, "boards": len(game.colours), "log_sheet": 1}
