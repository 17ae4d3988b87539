"""Fuzzing both record readers with mutations of the shipped example records and with random bytes: every
record is either checked (valid, or a broken rule at its place) or refused with one positioned InputError."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.check import check_record, malformed_json
from generator.content.load import load_content
from generator.errors import InputError
from generator.games.threesixteen.record import load_skeleton
from generator.games.threesixteen.rules import check_calls
from generator.games.travel.cards import EXTENSIONS, tables_for
from generator.games.travel.simulate import simulate_one
from generator.games.travel.writer import Recorder

from conftest import ROOT
from envelope_schema import CHECK, problems
from fuzz_support import assert_positioned, fuzz_settings, mutated

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
CONTENT = load_content()
LANGS = CONTENT.languages
#: the shipped examples, and a long simulated game with every extension (every kind of clause, both readers)
ORIGINALS = {path.name: path.read_bytes() for path in EXAMPLES} | {
    "simulated.yaml": simulate_one(tables_for(CONTENT.games["travel"]), 4, frozenset(EXTENSIONS), 7, "strong",
                                   Recorder)[1].encode("utf-8")}
THREESIXTEEN = sorted(name for name, data in ORIGINALS.items() if b"\ngame: threesixteen" in data)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("records")


def _check(path: Path, lang: str) -> None:
    """The promise for one record file, in one report language; its JSON envelope fits the schema."""
    try:
        report = check_record(path, CONTENT, lang, nodes=0)
    except InputError as exc:
        assert_positioned(exc.diagnostics)
        assert problems(CHECK, malformed_json(path, exc)) == []
        return
    text, data = report.to_text(), report.to_json()
    assert text.strip() and problems(CHECK, data) == []
    if not report.ok:
        assert f"{path}:" in text, "a broken rule is shown at its file:line:col"


@fuzz_settings(quick=150)
@given(name=st.sampled_from(sorted(ORIGINALS)), data=st.data(), lang=st.sampled_from(LANGS))
def test_mutated_records_are_checked_or_refused_with_a_position(folder: Path, name: str, data, lang: str):
    path = folder / name
    path.write_bytes(data.draw(mutated(ORIGINALS[name]), label="record"))
    _check(path, lang)


@fuzz_settings(quick=60)
@given(game=st.sampled_from(["travel", "threesixteen"]), body=st.binary(max_size=400))
def test_random_bytes_after_a_game_line_are_refused_or_checked(folder: Path, game: str, body: bytes):
    path = folder / "random.yaml"
    path.write_bytes(f"game: {game}\n".encode() + body)
    _check(path, "en")


@fuzz_settings(quick=30)
@given(game=st.sampled_from(["travel", "threesixteen"]), depth=st.integers(1, 3000),
       key=st.sampled_from(["players", "turns", "moves", "calls", "notes", "centre"]))
def test_deep_nesting_anywhere_is_refused_at_its_place(folder: Path, game: str, depth: int, key: str):
    path = folder / "deep.yaml"
    path.write_text(f"game: {game}\n{key}: " + "[" * depth + "x" + "]" * depth + "\n", encoding="utf-8")
    _check(path, "en")


@fuzz_settings(quick=60)
@given(name=st.sampled_from(THREESIXTEEN), data=st.data(), lang=st.sampled_from(LANGS))
def test_a_mutated_saved_game_continues_or_is_refused_with_a_position(folder: Path, name: str, data, lang: str):
    """`pnp threesixteen call --continue`: the skeleton reader and the calls' check."""
    path = folder / f"saved-{name}"
    path.write_bytes(data.draw(mutated(ORIGINALS[name]), label="record"))
    try:
        saved = load_skeleton(path, CONTENT.games["threesixteen"], CONTENT.texts("threesixteen", lang))
    except InputError as exc:
        assert_positioned(exc.diagnostics)
        return
    violation = check_calls(saved.rules, saved.calls, saved.call_positions)
    assert violation is None or violation.position.line >= 1
