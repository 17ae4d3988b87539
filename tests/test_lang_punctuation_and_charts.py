"""A language's own punctuation wherever the code joins texts (`punctuation` in content/common/<lang>.yaml), and
charts drawn in the fonts of the language's PDFs."""
from __future__ import annotations

import io
import warnings

import pdfplumber
import pytest

from generator.charts import chart_font_family
from generator.content.load import load_content
from generator.render.core.context import Component, Face, RenderContext
from generator.render.core.document import render_document
from generator.render.threesixteen.board import board_title

CARD = (180.0, 252.0)  # pt, a poker card


def blank(key: str) -> Face:
    return Face(key, lambda canvas, box: None)


@pytest.fixture(scope="module")
def content():
    return load_content()


def test_japanese_joins_a_list_with_the_ideographic_comma_and_a_title_with_the_middle_dot(content):
    ja = RenderContext(content, "threesixteen", "ja", "a4")
    assert ja.texts.listed(["国カード ×12", "アイテムカード ×32"]) == "国カード ×12、アイテムカード ×32"
    red = next(c for c in content.games["threesixteen"].colours if c.id == "red")
    assert board_title(ja, red) == "3x16 個人ボード・赤"
    assert board_title(RenderContext(content, "threesixteen", "en", "a4"), red) == "3x16 player board · Red"


def test_the_japanese_checklist_lists_its_decks_with_the_ideographic_comma(content):
    cards = [Component(f"c{i}", deck, *CARD, blank(f"t/{i}/front"), blank(f"t/{i}/back"))
             for i, deck in enumerate(["items"] * 3 + ["passports"] * 2)]
    doc = render_document(RenderContext(content, "travel", "ja", "a4"), components=cards, rule_pages=[], full_pages=[])
    with pdfplumber.open(io.BytesIO(doc.data)) as pdf:
        lines = pdf.pages[0].extract_text().split("\n")
    [line] = [line for line in lines if "アイテムカード ×3" in line]
    assert "アイテムカード ×3、" in line and "," not in line


def test_the_japanese_balance_report_punctuates_in_japanese(content):
    from collections import Counter

    from generator.games.travel.balance import Balance, figures
    from generator.games.travel.balancereport import balance_text
    from generator.games.travel.cards import EXTENSIONS, build_tables
    from generator.games.travel.stats import Summary
    from generator.games.travel.texts import Words, load_words

    t = build_tables(content.games["travel"])
    summary = Summary(2, games=400, wins_by_seat=[260, 140], wins_by_character=Counter(pickpocket=130, pilot=70),
                      games_by_character=Counter(pickpocket=140, pilot=140, merchant=120))
    cells = [figures(t, 2, frozenset(EXTENSIONS), None, summary, 0.05)]
    lines = balance_text(Words(load_words(content.root, "ja"), t), Balance(400, "strong", 0, 0.05, None, cells))
    lines = lines.splitlines()
    assert "印の付いた項目：" in lines
    assert "数値（かっこ内は95%区間）。席1が最初の手番です（経由国が中央国に最も近いプレイヤー）。" in lines
    assert not any(". " in line or "項目:" in line for line in lines)
    english = balance_text(Words(load_words(content.root, "en"), t), Balance(400, "strong", 0, 0.05, None, cells))
    assert "Flagged:" in english.splitlines()


@pytest.mark.parametrize("lang,family", [("ja", "BIZ UDGothic"), ("ko", "Noto Sans"), ("en", "Noto Sans")])
def test_a_chart_draws_in_the_fonts_of_the_languages_pdfs(content, lang, family):
    fonts = chart_font_family(content, lang)
    assert fonts[0] == family and fonts[-1] == "DejaVu Sans"


def test_a_japanese_chart_draws_every_character_of_its_labels(content, tmp_path):
    """matplotlib warns for each character no family of the list has (the warning names the glyph)."""
    from generator.games.threesixteen.plots import histogram_png

    label = "並べた辺の拡大区数：税関検査の地図"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        histogram_png({"strong": [0, 1, 1, 2]}, tmp_path / "ja.png", label, label, label, chart_font_family(content, "ja"))
        missing_before = [str(w.message) for w in caught if "missing from" in str(w.message)]
        assert missing_before == []
        histogram_png({"strong": [0, 1, 1, 2]}, tmp_path / "ko.png", label, label, label, chart_font_family(content, "ko"))
    assert any("missing from" in str(w.message) for w in caught)  # the Korean fonts lack these kanji
    assert (tmp_path / "ja.png").read_bytes()[:4] == b"\x89PNG"


def test_the_japanese_checker_puts_its_remarks_in_full_width_brackets():
    from pathlib import Path

    from typer.testing import CliRunner

    from generator.cli import app

    record = Path(__file__).parents[1] / "examples" / "threesixteen-game.yaml"
    result = CliRunner().invoke(app, ["check", "--lang", "ja", str(record)])
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.output.splitlines()]
    assert "Mina：残りタイル0枚（48回目の読み上げで3本完成）" in lines
    assert "同じ読み上げでの最善：0枚（証明済み）" in lines
    assert " (" not in result.output
