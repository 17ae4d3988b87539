"""The YAML reader keeps text as text, refuses duplicate keys, and says where a problem is."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from generator.content.yamlsrc import parse_yaml
from generator.errors import InputError


def test_yaml_11_traps_stay_text():
    data, _ = parse_yaml("a: no\nb: on\nc: 12:30\nd: NO\ne: 0o17\nf: 1e3\ng: ~\nh:\ni: 'null'\n", "x.yaml")
    assert data == {"a": "no", "b": "on", "c": "12:30", "d": "NO", "e": "0o17", "f": "1e3", "g": None,
                    "h": None, "i": "null"}


def test_positions_of_values_and_keys():
    _, located = parse_yaml("top:\n  list:\n    - one\n    - {k: v}\n", "x.yaml")
    assert (located.values[("top", "list", 1, "k")].line, located.values[("top", "list", 1, "k")].col) == (4, 11)
    assert (located.keys[("top", "list")].line, located.keys[("top", "list")].col) == (2, 3)


def test_duplicate_key_is_an_error_at_the_second_key():
    with pytest.raises(InputError) as err:
        parse_yaml("a: 1\nb:\n  c: 1\n  c: 2\n", "x.yaml")
    assert str(err.value) == ("x.yaml:4:3: error: b.c: duplicate key 'c' (first defined at line 3, column 3) "
                              "[duplicate-key]")


def test_malformed_yaml_has_a_position():
    with pytest.raises(InputError) as err:
        parse_yaml("a: [1, 2\nb: 3\n", "x.yaml")
    message = str(err.value)
    assert message.startswith("x.yaml:2:") and "malformed YAML" in message and message.endswith("[yaml]")


def test_merge_keys_are_refused():
    with pytest.raises(InputError) as err:
        parse_yaml("base: {x: 1}\nother:\n  <<: {x: 1}\n", "x.yaml")
    assert str(err.value).startswith("x.yaml:3:3: error: merge keys")


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60))
def test_any_text_either_parses_or_gives_one_positioned_error(text):
    try:
        parse_yaml(text, "fuzz.yaml")
    except InputError as exc:
        assert len(exc.diagnostics) == 1
        assert exc.diagnostics[0].position.path == "fuzz.yaml"
