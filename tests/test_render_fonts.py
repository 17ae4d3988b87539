"""Fonts kept between builds (render/font_cache.py): a restored font is the parsed one and draws the same bytes."""
from __future__ import annotations

import io
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator.render import disk_cache, font_cache
from generator.render.fonts import package_file

FONT = package_file("koreanize_matplotlib/fonts/NanumGothic.ttf")
TEXT = "짐 싸서 출발! Pack & Go — 여권, 카메라, ½ 1234 ©"


def restored(cache: Path, name: str) -> TTFont:
    """The font read back from `cache` (kept there by a first load that parsed it)."""
    with disk_cache.kept_in(cache):
        font_cache.load(name, FONT)
        font = font_cache.load(name, FONT)
    assert isinstance(font.face, font_cache.RestoredFace)
    return font


def drawn_with(font: TTFont) -> bytes:
    pdfmetrics.registerFont(font)
    canvas = Canvas(io.BytesIO(), invariant=1)
    canvas.setFont(font.fontName, 11)
    canvas.drawString(40, 700, TEXT)
    canvas.drawString(40, 680, "".join(chr(c) for c in range(0xAC00, 0xAC00 + 400)))  # more than one subset
    return canvas.getpdfdata()


def test_a_restored_face_has_every_parsed_attribute(tmp_path):
    parsed = vars(TTFont("Parsed", str(FONT)).face)
    face = restored(tmp_path, "Restored").face
    for key, value in parsed.items():
        if key == "_pdfScale":
            assert face._pdfScale(517) == value(517)
        elif key == "hmetrics":
            assert [face.hmetrics[g] for g in range(len(value))] == value and len(face.hmetrics) == len(value)
        elif key == "glyphPos":
            assert list(face.glyphPos) == value
        else:
            assert getattr(face, key) == value, key


def test_a_restored_font_draws_the_same_pdf_bytes_as_the_parsed_one(tmp_path):
    assert drawn_with(restored(tmp_path, "Same")) == drawn_with(TTFont("Same", str(FONT)))


def test_a_cache_file_that_does_not_load_is_parsed_again_and_replaced(tmp_path):
    restored(tmp_path, "Broken")
    [kept] = (tmp_path / "fonts").rglob("*.pickle")
    kept.write_bytes(b"not a pickle")
    with disk_cache.kept_in(tmp_path):
        font = font_cache.load("Broken", FONT)
    assert type(font.face) is not font_cache.RestoredFace
    assert restored(tmp_path, "Broken").face.charWidths == font.face.charWidths


def test_without_a_cache_folder_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    font = font_cache.load("Plain", FONT)
    assert type(font.face) is not font_cache.RestoredFace
    assert list(tmp_path.iterdir()) == []

