"""Nouns agree with the number before them (`{count} card(s)`): by each language's CLDR rule, in every text that
marks them, and a mark with no number before it is a lint error where it is written."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from generator.content.folders import default_root
from generator.content.load import load_texts
from generator.content.plurals import MARK, agree
from conftest import line_col, replace_in
from test_lint import findings


def filled(template: str, lang: str = "en", **values) -> str:
    return agree(template, values, lang).format(**values)


@pytest.mark.parametrize(("count", "expected"), [
    (0, "0 cards"), (1, "1 card"), (2, "2 cards"), (21, "21 cards"), (1.5, "1.5 cards"), ("1", "1 card")])
def test_english_says_one_card_and_otherwise_cards(count, expected):
    assert filled("{n} card(s)", n=count) == expected


def test_both_endings_and_es():
    assert filled("only {n} cop(y|ies), {m} box(es)", n=1, m=1) == "only 1 copy, 1 box"
    assert filled("only {n} cop(y|ies), {m} box(es)", n=3, m=0) == "only 3 copies, 0 boxes"


def test_a_word_agrees_with_the_last_number_before_it_not_with_other_values():
    assert filled("{have} of {need} item(s) for {player}, {count} card(s)", have=2, need=1, player="Mina",
                  count=2) == "2 of 1 item for Mina, 2 cards"
    assert filled("{player} item(s)", player="Mina") == "Mina item(s)"  # no number: as written (lint refuses it)


def test_french_counts_zero_as_singular():
    assert filled("{n} carte(s)", "fr", n=0) == "0 carte"
    assert filled("{n} carte(s)", "fr", n=2) == "2 cartes"


def test_braces_and_other_brackets_survive():
    assert filled("{{literal}} {n} card(s) (the limit)", n=1) == "{literal} 1 card (the limit)"


@given(st.integers(min_value=-10**40, max_value=10**40))
def test_any_whole_number_in_english(number):  # CLDR reads the number without its sign: -1 card
    assert filled("{n} turn(s), {n} action(s)", n=number) == (
        f"{number} turn, {number} action" if abs(number) == 1 else f"{number} turns, {number} actions")


def test_the_shipped_messages_agree():
    texts = load_texts(default_root(), "travel", "en")
    assert texts.get("check.valid", path="r.yaml", turns=1, actions=2) == "r.yaml: valid record (1 turn, 2 actions)."
    assert texts.get("check.reason.too_many_copies", count=1, card="Camera") == "There are only 1 copy of Camera."
    ko = load_texts(default_root(), "travel", "ko")
    assert not any(MARK.search(value) for _, value in ko.leaves() if isinstance(value, str))


def test_a_mark_with_no_number_before_it_is_a_lint_error_where_it_is_written(content_copy):
    path = content_copy / "travel" / "en.yaml"
    replace_in(path, 'name: "Camera"', 'name: "Camera(s)"')
    line, col = line_col(path, 'name: "Camera(s)"')
    assert findings(content_copy) == [
        f"content/travel/en.yaml:{line}:{col + 6}: error: items.camera.name: 'Camera(s)' has no number before it "
        f"to agree with: write a {{placeholder}} before it, or the word alone [placeholder]"]
