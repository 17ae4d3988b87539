"""`pnp check`: read a recorded game, hand it to its game's checker, return the report.

The record's `game:` key says which rules apply; each game's checker parses its own notation.
"""
from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

from .checking import Report, error_envelope
from .content.load import Content, GAMES
from .content.texts import file_words
from .content.yamlsrc import Say, parse_yaml, read_text
from .errors import InputError


#: a top-level `game: name` line; when it names a known game the record goes straight to that game's checker,
#: which parses (and validates) the whole file itself, so the file is parsed once
GAME_LINE = re.compile(r"^game:[ \t]*['\"]?([a-z0-9_-]+)['\"]?[ \t]*(?:#.*)?$", re.MULTILINE)


def record_game(path: Path, say: Say) -> str:
    """The `game:` of a record, with a positioned error when it is missing or unknown, in the words of `say` (the
    shared words of `common/<lang>.yaml`, `file_words`: no game's own words are known yet)."""
    text = read_text(path, str(path), say)  # a file that is not a small regular UTF-8 file ends here
    quick = GAME_LINE.search(text)
    if quick and quick.group(1) in GAMES:
        return quick.group(1)
    data, located = parse_yaml(text, str(path))
    games = ", ".join(GAMES)
    if not isinstance(data, dict):
        raise InputError.at(located.of(()), say("not_mapping", games=games), "record")
    game = data.get("game")
    if game is None:
        raise InputError.at(located.of(()), say("missing_game", games=games), "record")
    if game not in GAMES:
        raise InputError.at(located.of(("game",)), say("unknown_game", game=game, games=games), "record",
                            key_path="game")
    return game


def check_record(path: Path | str, content: Content, lang: str, *, nodes: int | None = None,
                 time_limit: float | None = None) -> Report:
    """Check one record file with its game's checker (generator/checking.py); malformed input raises InputError.

    `nodes` is the budget of 3x16's hindsight solver (the best result the calls allowed; None: its default,
    0 skips it); `time_limit` is the solver's safety stop in seconds (None: its default)."""
    path = Path(path)
    game = record_game(path, file_words(content.texts("common", lang)))
    checker = import_module(f"generator.games.{game}.check")
    if game == "threesixteen":
        return checker.check_file(str(path), content, lang, nodes=nodes, time_limit=time_limit)
    return checker.check_file(str(path), content, lang)


def malformed_json(path: Path | str, exc: InputError) -> dict:
    """The envelope of a record that could not be checked, with the game when the record says a known one."""
    try:
        game = record_game(Path(path), lambda key, /, **values: key)  # only the game is wanted, not the words
    except InputError:
        game = None
    return error_envelope(game, str(path), exc)
