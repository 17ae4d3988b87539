"""A record's `game:` that is no game name (empty, a list) is one positioned message, not a crash.

`pnp check` reads `game:` itself before it picks a checker, but the library's `parse_record` (the studio's
step-through, a Python caller) reads it too, and crashed on a value that is not text (mypy found it: the text
of a non-scalar is None, and `registry.named` needs text)."""
from __future__ import annotations

import pytest

from generator.content.load import load_content
from generator.errors import InputError
from generator.games.threesixteen.record import parse_record

CONTENT = load_content()
GAME = CONTENT.games["threesixteen"]
EN = CONTENT.texts("threesixteen", "en")
REST = "players: [A]\ncalls: 1\nmoves: {A: R}\n"


@pytest.mark.parametrize("game, line_col, shown", [
    ("game:\n", (1, 6), ""),
    ("game: [x, y]\n", (1, 7), "[x, y]"),
    ("game: {a: 1}\n", (1, 7), "{a: 1}"),
    ("game: '3x16'\n", None, None),
    ("game: Travel\n", (1, 7), "Travel"),
])
def test_game_that_names_no_3x16_is_one_message_at_its_value(game, line_col, shown):
    if line_col is None:
        assert parse_record(game + REST, "g.yaml", GAME, EN).players[0].written == ["R"]
        return
    with pytest.raises(InputError) as caught:
        parse_record(game + REST, "g.yaml", GAME, EN)
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.position.path, diagnostic.position.line, diagnostic.position.col) == ("g.yaml", *line_col)
    assert diagnostic.message == f"this record is for '{shown}'; this checker reads threesixteen records"
