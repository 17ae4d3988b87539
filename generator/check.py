"""`pnp check`: read a recorded game, hand it to its game's checker, return the report.

The record's `game:` key says which rules apply; each game's checker parses its own notation.
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import cast

from .checking import Report, error_envelope
from .content.load import Content, add_game, load_content
from .content.texts import file_words
from .content.yamlsrc import parse_yaml
from .errors import EXIT_INVALID, InputError, Position, visible
from .files import Say, text_of
from .games import registry


#: a top-level `game: name` line; when it names a known game the record goes straight to that game's checker,
#: which parses (and validates) the whole file itself, so the file is parsed once
GAME_LINE = re.compile(r"^game:[ \t]*['\"]?([A-Za-z0-9_-]+)['\"]?[ \t]*(?:#.*)?$", re.MULTILINE)


def record_game(path: Path, say: Say) -> str:
    """The `game:` of a record, with a positioned error when it is missing or unknown, in the words of `say` (the
    shared words of `common/<lang>.yaml`, `file_words`: no game's own words are known yet)."""
    text = text_of(path, str(path), say)  # a file that is not a small regular UTF-8 file ends here
    return game_of(text, str(path), say)


def game_of(text: str, path: str, say: Say) -> str:
    """The `game:` of record `text` (named `path` in messages), as `record_game` finds it."""
    quick = GAME_LINE.search(text)
    if quick and (game := registry.named(quick.group(1))):
        return game
    data, located = parse_yaml(text, path)
    games = ", ".join(registry.known())
    if not isinstance(data, dict):
        raise InputError.at(located.of(()), say("not_mapping", games=games), "record")
    game = data.get("game")
    if game is None:
        raise InputError.at(located.of(()), say("missing_game", games=games), "record")
    named = registry.named(game) if isinstance(game, str) else None
    if named is None:
        raise InputError.at(located.of(("game",)), say("unknown_game", game=game, games=games), "record",
                            key_path="game")
    return named


def check_record(path: Path | str, content: Content, lang: str, **options: object) -> Report:
    """Check one record file with its game's checker (generator/checking.py); malformed input raises InputError.

    `options` are checker options by keyword (each game's spec lists its own, `check_options`); the record's game
    gets those it takes, and None means its default."""
    path = Path(path)
    game = record_game(path, file_words(content.texts("common", lang)))
    if game not in content.games:
        raise InputError.at(Position(str(path), 1, 1), f"the content in {content.root} has no game '{game}'",
                            "record")
    spec = registry.spec(game)
    checker = spec.part("checker")
    if checker is None:  # a game may have none (GameSpec.checker)
        raise InputError.at(Position(str(path), 1, 1), f"game '{game}' has no checker", "record")
    own = {option.name for option in spec.check_options}
    given = {name: value for name, value in options.items() if name in own and value is not None}
    try:
        return checker.check_file(str(path), content, lang, **given)
    except InputError as exc:
        raise _with_game_hint(path, game, exc, file_words(content.texts("common", lang))) from None


def check_text(text: str, path: str, content: Content, lang: str, **options: object) -> Report:
    """`check_record` of a record that is not a file (the studio's paste or drop): `text`, named `path` in
    messages. The caller holds it to the size a record file may have (yamlsrc.MAX_FILE_BYTES)."""
    say = file_words(content.texts("common", lang))
    game = game_of(text, path, say)
    if game not in content.games:
        raise InputError.at(Position(path, 1, 1), f"the content in {content.root} has no game '{game}'", "record")
    spec = registry.spec(game)
    checker = spec.part("checker")
    if not hasattr(checker, "check_text"):
        raise InputError.at(Position(path, 1, 1), f"the {spec.title} checker reads record files only: run "
                            f"`pnp check` on it", "record")
    reads_text = cast("registry.TextChecker", checker)  # it has check_text: asked above
    own = {option.name for option in spec.check_options}
    given = {name: value for name, value in options.items() if name in own and value is not None}
    return reads_text.check_text(text, path, content, lang, **given)


def _with_game_hint(path: Path, game: str, exc: InputError, say: Say) -> InputError:
    """`exc`, its first message followed by a hint when every key of the record is another game's and some are not
    `game`'s (a travel record headed `game: threesixteen`): then the slip is the `game:`, not the keys."""
    first = exc.diagnostics[0]
    own = set(_record_keys(game))
    if not own or first.check != "record":
        return exc
    try:
        data, _ = parse_yaml(text_of(path, str(path), say), str(path))
    except InputError:  # a record YAML cannot read, whose checker said what was wrong in its own words
        return exc
    keys = {str(key) for key in data} if isinstance(data, dict) else set()
    if keys <= own:
        return exc
    for other in registry.known():
        theirs = set(_record_keys(other))
        if other != game and theirs and keys <= theirs:
            hint = say("other_game", keys=", ".join(sorted(keys - own)), other=other)
            return InputError([replace(first, message=f"{first.message}; {hint}"), *exc.diagnostics[1:]])
    return exc


def _record_keys(game: str) -> tuple[str, ...]:
    """The top-level keys a game's records may have, as its checker module names them (RECORD_KEYS), if it does."""
    return tuple(getattr(registry.spec(game).part("checker"), "RECORD_KEYS", ()))


class UnknownLanguage(ValueError):
    """`--lang` names no language of the content: a usage error, which the Typer command words as it words any
    option's bad value (cli_options.not_one_of), so the quick start hands the command line to it."""

    def __init__(self, lang: str, languages: list[str]) -> None:
        super().__init__(lang)
        self.lang, self.languages = lang, languages


def run(record: Path, lang: str, json_format: bool, content_dir: Path | None, **options: object) -> int:
    """`pnp check` as a command (the Typer command and the quick start, generator/launch.py, both run it): print
    'valid' with the result or the first broken rule (text, or with `json_format` one JSON envelope on stdout), or
    the errors that kept the record from being checked; return the exit code. Of the games, only the record's is
    loaded. An unknown language raises UnknownLanguage."""
    try:
        content = load_content(content_dir, games=())
        if lang not in content.languages:
            raise UnknownLanguage(lang, content.languages)
        add_game(content, record_game(record, file_words(content.texts("common", lang))))
        report = check_record(record, content, lang, **options)
    except InputError as exc:
        if json_format:
            print(visible(json.dumps(malformed_json(record, exc), ensure_ascii=False, indent=2)))
        else:
            print("\n".join(str(diagnostic) for diagnostic in exc.diagnostics), file=sys.stderr)
        return EXIT_INVALID
    print(visible(json.dumps(report.to_json(), ensure_ascii=False, indent=2) if json_format else report.to_text()))
    return 0 if report.ok else EXIT_INVALID


def malformed_json(path: Path | str, exc: InputError) -> dict[str, object]:
    """The envelope of a record that could not be checked, with the game when the record says a known one."""
    try:
        game = record_game(Path(path), lambda key, /, **values: key)  # only the game is wanted, not the words
    except InputError:
        game = None
    return error_envelope(game, str(path), exc)
