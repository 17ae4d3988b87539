"""`closest`: the one known name a misspelt word most likely means, for "did you mean …?", or None."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from generator.content.matching import closest, normalise

NAMES = ["camera", "umbrella", "map", "coat", "Lucky coin", "행운의 동전", "Mina", "Joon", "Sora"]


def test_one_slip_of_the_pen_finds_the_name():
    assert closest("umbrela", NAMES) == "umbrella"
    assert closest("camra", NAMES) == "camera"
    assert closest("Jon", NAMES) == "Joon"
    assert closest("lucky-con", NAMES) == "Lucky coin"
    assert closest("행운의 동잔", NAMES) == "행운의 동전"


def test_no_guess_when_nothing_is_close_or_two_names_are_equally_close():
    assert closest("xylophone", NAMES) is None
    assert closest("", NAMES) is None
    assert closest("Mona", ["Mina", "Mana"]) is None


@given(name=st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=6, max_size=20), at=st.integers(0, 19),
       extra=st.sampled_from("xyz"))
def test_a_long_name_with_one_letter_more_is_found(name, at, extra):
    assert closest(name[:at] + extra + name[at:], [name]) == name


@given(written=st.text(max_size=12), names=st.lists(st.text(max_size=12), max_size=8))
def test_the_answer_is_one_of_the_names_and_never_the_word_itself(written, names):
    found = closest(written, names)
    assert found is None or (found in names and normalise(found) != normalise(written))
