"""The record reader's quick path: records of the common shape are read without libyaml, and must give the very
tree libyaml gives (every text, position and null), so a record checks the same whichever way it was read.
Anything the quick reader does not read exactly is left to libyaml, whose events are built into the same tree as
libyaml's own composer would give."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.content.load import load_content
import yaml

from generator.content.yamlsrc import compose, is_null
from generator.errors import InputError
from generator.games.travel.cards import EXTENSIONS, tables_for
from generator.games.travel.check import check_file, check_text
from generator.games.travel.recordtree import (
    LINES, MAPPING, SCALAR, SEQUENCE, _ascii_turns, _matched_turns, from_events, quick_tree,
)
from generator.games.travel.simulate import simulate_one
from generator.games.travel.writer import Recorder

CONTENT = load_content()
T = tables_for(CONTENT.games["travel"])

RECORD = """game: travel
players:
  - {name: Mina, passport: passport-kr, transit: FR, hand: camera map coat}
  - {name: Joon, passport: passport-jp, transit: DE, hand: [adapter, map, umbrella]}
centre: JP
extensions: [events, special, forbidden, postcards]
turns:
  - "Joon: draw coat"
  - "Mina: draw umbrella"
"""


def plain(value) -> tuple:
    """A tree as nested tuples, LINES spelled out as the sequence of one-line scalars it stands for."""
    kind, data, line, col, null = value
    if kind == LINES:
        return SEQUENCE, line, col - 2, [(SCALAR, text, line + k, col, False) for k, text in enumerate(data)]
    if kind == SCALAR:
        return SCALAR, data, line, col, null
    if kind == SEQUENCE:
        return SEQUENCE, line, col, [plain(item) for item in data]
    return MAPPING, line, col, [(plain(key), plain(item)) for key, item in data]


def node_tree(node: yaml.Node) -> tuple:
    """The tree of libyaml's composed node, as `plain` spells a tree (the oracle for `from_events`)."""
    mark = node.start_mark
    if isinstance(node, yaml.ScalarNode):
        return SCALAR, node.value, mark.line, mark.column, is_null(node)
    if isinstance(node, yaml.SequenceNode):
        return SEQUENCE, mark.line, mark.column, [node_tree(item) for item in node.value]
    return MAPPING, mark.line, mark.column, [(node_tree(key), node_tree(item)) for key, item in node.value]


def libyaml_tree(text: str):
    """The tree read from libyaml's events, after checking it is the tree of libyaml's composer (and that the
    composer refuses what the events refuse)."""
    try:
        tree = from_events(text, "r.yaml")
    except InputError:
        with pytest.raises(InputError):
            compose(text, "r.yaml")
        raise
    node = compose(text, "r.yaml")
    assert (None if tree is None else plain(tree)) == (None if node is None else node_tree(node)), text
    return None if tree is None else plain(tree)


def assert_same_tree_when_quick(text: str) -> bool:
    """True when the quick reader read `text` (then its tree is libyaml's); False when it left it to libyaml."""
    quick = quick_tree(text)
    if quick is None:
        return False
    assert plain(quick) == libyaml_tree(text), text
    return True


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), players=st.integers(2, 6), extensions=st.sets(st.sampled_from(EXTENSIONS)))
def test_simulated_records_are_read_quickly_into_libyamls_tree(seed, players, extensions):
    text = simulate_one(T, players, frozenset(extensions), seed, "greedy", Recorder)[1]
    assert assert_same_tree_when_quick(text)


EDITS = [" ", "  ", ",", ":", "#", " #", "-", "- ", "[", "]", "{", "}", "'", '"', "\\", "\t", "null", "~", "x", "한",
         "·", "\r", "\x85", "\u2028", "\ufeff", ": ", ", ", "", "\n", "\n\n", "  - {a: b}\n", "? ", "&a ", "*a", "|",
         ">", "_", "."]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), data=st.data())
def test_an_edited_record_is_read_as_libyaml_reads_it_or_left_to_libyaml(seed, data):
    text = simulate_one(T, 3, frozenset(EXTENSIONS), seed, "greedy", Recorder)[1]
    at = data.draw(st.integers(0, min(len(text) - 1, 900)), label="at")
    edit = data.draw(st.sampled_from(EDITS), label="edit")
    cut = data.draw(st.integers(0, 2), label="cut")
    edited = text[:at] + edit + text[at + cut:]
    try:
        libyaml_tree(edited)
    except InputError:
        assert quick_tree(edited) is None  # what libyaml refuses is never read quickly
        return
    assert_same_tree_when_quick(edited)


ASCII_EDITS = [e for e in EDITS if e.isascii()] + ['"', '\\"', "\x7f", "\x01", '- "', '\n  - "x"\n', ' - "', '"\n']


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), data=st.data())
def test_ascii_turn_lines_are_read_by_string_methods_as_the_regex_reads_them(seed, data):
    text = simulate_one(T, 3, frozenset(EXTENSIONS), seed, "greedy", Recorder)[1]
    start = text.index("\nturns:\n") + 8
    for _ in range(data.draw(st.integers(0, 3), label="edits")):
        at = data.draw(st.integers(start, len(text)), label="at")
        edit = data.draw(st.sampled_from(ASCII_EDITS), label="edit")
        text = text[:at] + edit + text[at + data.draw(st.integers(0, 2), label="cut"):]
    assert _ascii_turns(text, start, 7) == _matched_turns(text, start, 7), text[start:]


@pytest.mark.parametrize("turns", ['  - "\n', '  - ""\n', '  - "a\n', '  - "a"\n  - "\n', '  - "a"b"\n', '  - "a\x7f"\n'])
def test_ascii_turn_lines_that_are_cut_short_are_read_as_the_regex_reads_them(turns):
    text = "turns:\n" + turns
    assert _ascii_turns(text, 7, 1) == _matched_turns(text, 7, 1)


@pytest.mark.parametrize("text, quick", [
    (RECORD, True),
    (RECORD.replace("Mina", "민아"), True),                                   # any letters
    (RECORD.replace("  - {", "- {").replace('  - "', '- "'), True),          # items at the key's indentation
    (RECORD.replace("transit: DE,", "transit: DE, character: null,"), True),  # null is still null
    (RECORD.replace("centre: JP", "centre: JP  # Tokyo"), False),            # a comment
    (RECORD.replace("centre: JP\n", "centre: JP\n\n"), False),               # a blank line
    (RECORD.replace('"Joon: draw coat"', "'Joon: draw coat'"), False),       # another quoting
    (RECORD.replace('"Joon: draw coat"', "Joon: draw coat"), False),         # a turn as a mapping
    (RECORD.replace('"Joon: draw coat"', '"Joon: draw \\u0063oat"'), False),  # an escape
    (RECORD.replace('  - "Mina', '    - "Mina'), False),                     # uneven turns
    (RECORD + "notes: a key after the turns\n", False),
    (RECORD.rstrip("\n"), False),                                            # no final line break
])
def test_which_shapes_are_read_quickly(text, quick):
    assert assert_same_tree_when_quick(text) is quick


def test_a_record_checks_the_same_read_quickly_or_by_libyaml():
    text = simulate_one(T, 4, frozenset(EXTENSIONS), 7, "greedy", Recorder)[1]
    slow = text.replace("\ncentre:", "  # a comment: libyaml reads this one\ncentre:")  # same lines and columns
    assert quick_tree(text) is not None and quick_tree(slow) is None
    broken = text.replace("draw", "draw map", 1)
    for a, b in ((text, slow), (broken, broken.replace("\ncentre:", "  # libyaml\ncentre:"))):
        fast_report, slow_report = (check_text(t, "r.yaml", CONTENT, "en") for t in (a, b))
        assert fast_report.to_json() == slow_report.to_json()
        assert fast_report.to_text() == slow_report.to_text()


def test_aliases_that_loop_are_refused_at_the_alias():
    text = RECORD.replace("turns:", "notes: &a [x, *a]\nturns:")
    with pytest.raises(InputError) as caught:
        check_text(text, "r.yaml", CONTENT, "en")
    line = text.splitlines().index("notes: &a [x, *a]") + 1
    assert str(caught.value).startswith(f"r.yaml:{line}:15: error: aliases (*a) are not supported")


def test_a_file_with_windows_line_ends_checks_like_one_with_unix_line_ends(tmp_path):
    unix, windows = tmp_path / "unix.yaml", tmp_path / "windows.yaml"
    unix.write_bytes(RECORD.encode())
    windows.write_bytes(RECORD.replace("\n", "\r\n").encode())
    reports = [check_file(str(path), CONTENT, "en").to_json() for path in (unix, windows)]
    assert reports[0] | {"path": ""} == reports[1] | {"path": ""}
    assert reports[0]["valid"]
