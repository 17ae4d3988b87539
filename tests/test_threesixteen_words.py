"""The 3x16 language files: the same keys in every language, and the log sheet's notation is what the checker reads."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.content.load import load_content
from generator.content.texts import placeholders
from generator.games.threesixteen import rules
from generator.games.threesixteen.engine import replay
from generator.games.threesixteen.notation import notation_for
from generator.games.threesixteen.rules import Rules

CONTENT = load_content()
LANGS = ("en", "ko")


def leaves(lang: str) -> dict[str, str]:
    return dict(CONTENT.texts("threesixteen", lang).leaves())


def test_both_languages_have_the_same_keys_and_placeholders():
    en, ko = leaves("en"), leaves("ko")
    assert set(en) == set(ko)
    assert {k: placeholders(v) for k, v in en.items()} == {k: placeholders(v) for k, v in ko.items()}
    assert all(isinstance(v, str) and v.strip() for v in {**en, **ko}.values())


def test_every_rule_of_the_game_has_words():
    ids = [rule.id for rule in CONTENT.games["threesixteen"].rules]
    for lang in LANGS:
        texts = CONTENT.texts("threesixteen", lang)
        for rule in ids:
            assert texts.has(f"rules.{rule}.title") and texts.has(f"rules.{rule}.text")


def test_every_violation_the_rules_can_report_has_an_explanation():
    source = Path(rules.__file__).read_text(encoding="utf-8")
    reasons = set(re.findall(r'(?:Rule\.[A-Z_]+\)?|SLIP), "([a-z_]+)"', source))
    assert reasons == {"number_range", "number_copies", "wrong_number", "needs_column", "rows_full", "no_column",
                       "one_to_column", "empty_column", "wrong_bottom", "no_fit"}
    for lang in LANGS:
        explain = CONTENT.texts("threesixteen", lang).section("check.explain")
        assert reasons <= set(explain)


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_sheet_example_is_valid_notation(lang):
    """The printed example (game.yaml's: calls 1 4 2 9 3 6) is written `R A B>B A C>C B` and, with numbers,
    `1R 4A 2B>B2 9A 3C>C3 6B`, each record held whole, and both leave the board the log sheet draws beside it."""
    from generator.render.core.context import RenderContext
    from generator.render.threesixteen.example import worked_example

    example = worked_example(RenderContext(CONTENT, "threesixteen", lang, "a4"))
    printed = CONTENT.texts("threesixteen", lang).get("log_sheet.notation.example", **example.words())
    notation = notation_for("ABCDE")
    for words in ("R A B>B A C>C B", "1R 4A 2B>B2 9A 3C>C3 6B"):
        assert words.replace(" ", "\u00a0") in printed  # no-break spaces: a record is never split over two lines
        outcome = replay(Rules(), [1, 4, 2, 9, 3, 6], [notation.parse(w) for w in words.split()])
        assert outcome.violation is None and outcome.board == example.board
        assert (outcome.board.ends, outcome.board.columns) == ((3, 0, 0), ((4, 9), (6,), (), (), ()))
    move = CONTENT.texts("threesixteen", lang).get("log_sheet.notation.move")
    assert "B>AC" in move and notation.parse("B>AC") is not None
