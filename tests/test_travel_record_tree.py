"""The record reader's tree: built from libyaml's events as they come, it must be the very tree libyaml's own
composer gives (every text, position and null), and libyaml's refusals are its refusals."""
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
from generator.games.travel.recordtree import ListNode, MapNode, Node, Scalar, read_tree
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


def plain(value: Node) -> tuple:
    """A tree as nested tuples."""
    if isinstance(value, Scalar):
        return "scalar", value.text, value.line, value.col, value.null
    if isinstance(value, ListNode):
        return "list", value.line, value.col, [plain(item) for item in value.items]
    return "map", value.line, value.col, [(plain(key), plain(item)) for key, item in value.pairs]


def node_tree(node: yaml.Node) -> tuple:
    """The tree of libyaml's composed node, as `plain` spells a tree (the oracle for `read_tree`)."""
    mark = node.start_mark
    if isinstance(node, yaml.ScalarNode):
        return "scalar", node.value, mark.line, mark.column, is_null(node)
    if isinstance(node, yaml.SequenceNode):
        return "list", mark.line, mark.column, [node_tree(item) for item in node.value]
    return "map", mark.line, mark.column, [(node_tree(key), node_tree(item)) for key, item in node.value]


def assert_libyamls_tree(text: str) -> None:
    """The tree read from libyaml's events is the tree of libyaml's composer, and the composer refuses what the
    events refuse."""
    try:
        tree = read_tree(text, "r.yaml")
    except InputError:
        with pytest.raises(InputError):
            compose(text, "r.yaml")
        raise
    node = compose(text, "r.yaml")
    assert (None if tree is None else plain(tree)) == (None if node is None else node_tree(node)), text


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), players=st.integers(2, 6), extensions=st.sets(st.sampled_from(EXTENSIONS)))
def test_simulated_records_are_read_into_libyamls_tree(seed, players, extensions):
    assert_libyamls_tree(simulate_one(T, players, frozenset(extensions), seed, "greedy", Recorder)[1])


EDITS = [" ", "  ", ",", ":", "#", " #", "-", "- ", "[", "]", "{", "}", "'", '"', "\\", "\t", "null", "~", "x", "한",
         "·", "\r", "\x85", "\u2028", "\ufeff", ": ", ", ", "", "\n", "\n\n", "  - {a: b}\n", "? ", "&a ", "*a", "|",
         ">", "_", "."]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), data=st.data())
def test_an_edited_record_is_read_as_libyaml_reads_it(seed, data):
    text = simulate_one(T, 3, frozenset(EXTENSIONS), seed, "greedy", Recorder)[1]
    at = data.draw(st.integers(0, min(len(text) - 1, 900)), label="at")
    edit = data.draw(st.sampled_from(EDITS), label="edit")
    cut = data.draw(st.integers(0, 2), label="cut")
    try:
        assert_libyamls_tree(text[:at] + edit + text[at + cut:])
    except InputError:
        pass  # refused by both


@pytest.mark.parametrize("text", [
    RECORD,
    RECORD.replace("centre: JP", "centre: JP  # Tokyo"),                    # a comment
    RECORD.replace('"Joon: draw coat"', "Joon: draw coat"),                  # a turn as a mapping
    RECORD.replace('"Joon: draw coat"', '"Joon: draw \\u0063oat"'),          # an escape
    RECORD.replace("transit: DE,", "transit: DE, character: null,"),         # null
    RECORD.rstrip("\n"),                                                    # no final line break
])
def test_hand_written_shapes_are_read_as_libyaml_reads_them(text):
    assert_libyamls_tree(text)


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
