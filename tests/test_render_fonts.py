"""Fonts kept between builds (render/core/font_cache.py): a restored font is the parsed one and draws the same bytes."""
from __future__ import annotations

import io
import json
import math
import pickle
import struct
from pathlib import Path

import pytest

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator import files
from generator.render.core import disk_cache, font_cache
from generator.content.load import load_content

NANUM = load_content().fonts["nanum"]
FONT, FOLDER = NANUM.regular, NANUM.folder
#: a face of 2048 units per em: ReportLab scales its metrics to 1000, so its widths are fractions
DEJAVU = load_content().fonts["dejavu"]
TEXT = "짐 싸서 출발! Pack & Go — 여권, 카메라, ½ 1234 ©"
FACES = {"nanum": (FONT, FOLDER), "dejavu": (DEJAVU.regular, DEJAVU.folder)}


@pytest.fixture(autouse=True)
def no_snapshots_in_memory():
    """Each test starts with no font parsed in this process, so a load reads the cache folder."""
    font_cache._SNAPSHOTS.clear()
    yield
    font_cache._SNAPSHOTS.clear()


def restored(cache: Path, name: str, face: str = "nanum") -> TTFont:
    """The font read back from `cache` (kept there by a first load that parsed it)."""
    path, folder = FACES[face]
    with disk_cache.kept_in(cache):
        font_cache.load(name, path, folder)
        font_cache._SNAPSHOTS.clear()
        font = font_cache.load(name, path, folder)
    assert isinstance(font.face, font_cache.RestoredFace)
    font_cache._SNAPSHOTS.clear()
    return font


def test_the_same_font_in_another_folder_is_restored_from_this_process_and_names_its_own_file(tmp_path):
    """A second content folder (a copy) registers its fonts under names of its own; the same bytes are parsed once
    per process, and the copy's face names the copy's file."""
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / FONT.name).write_bytes(FONT.read_bytes())
    first = font_cache.load("First", FONT, FOLDER)
    assert type(first.face) is not font_cache.RestoredFace
    second = font_cache.load("Second", copy / FONT.name, files.package(copy))
    assert isinstance(second.face, font_cache.RestoredFace) and second.face.filename == str(copy / FONT.name)
    assert drawn_with(second) == drawn_with(TTFont("Second", str(FONT)))


def drawn_with(font: TTFont) -> bytes:
    pdfmetrics.registerFont(font)
    canvas = Canvas(io.BytesIO(), invariant=1)
    canvas.setFont(font.fontName, 11)
    canvas.drawString(40, 700, TEXT)
    canvas.drawString(40, 680, "".join(chr(c) for c in range(0xAC00, 0xAC00 + 400)))  # more than one subset
    return canvas.getpdfdata()


def exactly(value):
    """A value with the type of every number in it, so 165 and 165.0 differ."""
    if isinstance(value, dict):
        return {key: exactly(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [exactly(item) for item in value]
    return (type(value).__name__, value)


@pytest.mark.parametrize("face_name", FACES)
def test_a_restored_face_has_every_parsed_attribute_with_its_type(tmp_path, face_name):
    parsed = vars(TTFont("Parsed", str(FACES[face_name][0])).face)
    face = restored(tmp_path, "Restored", face_name).face
    for key, value in parsed.items():
        if key == "_pdfScale":
            assert face._pdfScale(517) == value(517)
        elif key == "hmetrics":
            assert exactly([face.hmetrics[g] for g in range(len(value))]) == exactly(value)
            assert len(face.hmetrics) == len(value)
        elif key == "glyphPos":
            assert list(face.glyphPos) == value
        else:
            assert exactly(getattr(face, key)) == exactly(value), key
    if face_name == "dejavu":  # the case the doubles are for: fractional widths, advances whole and fractional
        assert {type(width) for width in face.charWidths.values()} == {float}
        assert {type(advance) for advance, _ in parsed["hmetrics"]} == {int, float}


@pytest.mark.parametrize("face_name", FACES)
def test_a_restored_font_draws_the_same_pdf_bytes_as_the_parsed_one(tmp_path, face_name):
    assert drawn_with(restored(tmp_path, "Same", face_name)) == drawn_with(TTFont("Same", str(FACES[face_name][0])))


def test_a_cache_file_that_does_not_load_is_parsed_again_and_replaced(tmp_path):
    restored(tmp_path, "Broken")
    [kept] = (tmp_path / "fonts").rglob("*.font")
    kept.write_bytes(b"not a font cache")
    with disk_cache.kept_in(tmp_path):
        font = font_cache.load("Broken", FONT, FOLDER)
    assert type(font.face) is not font_cache.RestoredFace
    assert restored(tmp_path, "Broken").face.charWidths == font.face.charWidths


class Canary:
    """Unpickling this writes a file: the proof that a cache file ran code."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self):
        return (Path.write_text, (Path(self.path), "ran"))


def test_a_pickle_planted_in_the_cache_is_never_run(tmp_path):
    """The cache is in the output folder, which people share: a planted pickle must not run (it did: remote code
    execution on the next build). It is no cache file at all, so the font is parsed again and the file replaced."""
    restored(tmp_path, "Planted")
    [kept] = (tmp_path / "fonts").rglob("*.font")
    canary = tmp_path / "canary"
    kept.write_bytes(pickle.dumps({"tables": Canary(str(canary))}))
    with disk_cache.kept_in(tmp_path):
        font = font_cache.load("Planted", FONT, FOLDER)
    assert type(font.face) is not font_cache.RestoredFace and not canary.exists()
    assert kept.read_bytes().startswith(font_cache.MAGIC)


@pytest.mark.parametrize("edit", [
    lambda data: data.replace(b'"format":4', b'"format":3'),
    lambda data: data.replace(b'"font_sha256":"', b'"font_sha256":"0'),
    lambda data: data.replace(b'"numGlyphs":["int",', b'"numGlyphs":["int",1'),
    lambda data: data.replace(b'"ascent":["int",', b'"ascent":["class",'),
    lambda data: data.replace(b'"ascent":', b'"__class__":'),
    lambda data: data[:-8],
    lambda data: data[:-8] + (10 ** 9).to_bytes(8, "little"),  # the last glyph offset, past the font's end
], ids=["format", "another font", "glyph count", "unknown tag", "dunder", "short", "offset out of range"])
def test_a_cache_file_of_the_wrong_version_font_or_shape_is_not_trusted(tmp_path, edit):
    restored(tmp_path, "Shape")
    [kept] = (tmp_path / "fonts").rglob("*.font")
    kept.write_bytes(edit(kept.read_bytes()))
    with disk_cache.kept_in(tmp_path):
        font = font_cache.load("Shape", FONT, FOLDER)
    assert type(font.face) is not font_cache.RestoredFace


def mixed_table(data: bytes) -> tuple[int, int]:
    """Where the kept file's mixed table (whole and fractional advances) starts, and where its mask starts."""
    size = int.from_bytes(data[len(font_cache.MAGIC):len(font_cache.MAGIC) + 4], "little")
    start = len(font_cache.MAGIC) + 4
    at = start + size
    for count, kind in json.loads(data[start:start + size])["arrays"]:
        if kind == "m":
            return at, at + 8 * count
        at += 8 * count
    raise AssertionError("no mixed table")


def put(data: bytes, at: int, new: bytes) -> bytes:
    return data[:at] + new + data[at + len(new):]


@pytest.mark.parametrize("edit", [
    lambda data: data.replace(b',"m"]', b',"d"]', 1),  # a mixed table said to be all fractions: the size is wrong
    lambda data: data.replace(b',"q"]', b',"d"]', 1),  # the character codes as fractions
    lambda data: put(data, mixed_table(data)[1], b"\x02"),  # a mask byte neither 0 nor 1
    lambda data: put(data, mixed_table(data)[0], struct.pack("<d", math.nan)),  # not finite
    lambda data: put(put(data, mixed_table(data)[0], struct.pack("<d", 0.5)), mixed_table(data)[1], b"\x01"),
], ids=["kind", "codes as fractions", "mask", "not finite", "whole by its mask, a fraction by its value"])
def test_a_fractional_table_that_is_not_what_was_kept_is_not_trusted(tmp_path, edit):
    restored(tmp_path, "Fractions", "dejavu")
    [kept] = (tmp_path / "fonts").rglob("*.font")
    data = kept.read_bytes()
    assert edit(data) != data
    kept.write_bytes(edit(data))
    with disk_cache.kept_in(tmp_path):
        font = font_cache.load("Fractions", *FACES["dejavu"])
    assert type(font.face) is not font_cache.RestoredFace


def test_a_linked_cache_folder_is_neither_read_nor_written(tmp_path):
    """`output/.cache` linked elsewhere: the build's cache would be read and written outside the output folder."""
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / ".cache").symlink_to(elsewhere)
    with disk_cache.kept_in(out / ".cache"):
        font_cache.load("Linked", FONT, FOLDER)
        font_cache._SNAPSHOTS.clear()  # not this process's snapshot: what the cache folder gives
        font = font_cache.load("Linked", FONT, FOLDER)
    assert type(font.face) is not font_cache.RestoredFace
    assert list(elsewhere.iterdir()) == []


def test_a_cache_folder_under_a_file_costs_only_the_parse(tmp_path):
    """`pnp build --output a-file/out`: the build says once that it cannot write there; the font cache it cannot
    make on the way must not raise first (it gave a traceback: NotADirectoryError from removing its temporary)."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    with disk_cache.kept_in(blocker / "out" / ".cache"):
        font = font_cache.load("Blocked", FONT, FOLDER)
    assert type(font.face) is not font_cache.RestoredFace
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_without_a_cache_folder_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    font = font_cache.load("Plain", FONT, FOLDER)
    assert type(font.face) is not font_cache.RestoredFace
    assert list(tmp_path.iterdir()) == []



# --- a language's stack of families (render/core/fonts.py) ---

def stack_run_fonts(lang: str, text: str, bold: bool = False, content=None) -> list[tuple[str, str]]:
    """(text, base font name) of each run pdfplumber reads back from `text` drawn in `lang`'s stack (of the shipped
    content, or of `content`)."""
    import pdfplumber

    from generator.render.core.fonts import fonts_for

    pair = fonts_for(content or load_content(), lang)
    canvas = Canvas(io.BytesIO(), invariant=1)
    canvas.setFont(pair.bold if bold else pair.regular, 11)
    canvas.drawString(40, 700, text)
    canvas.showPage()
    runs: list[tuple[str, str]] = []
    with pdfplumber.open(io.BytesIO(canvas.getpdfdata())) as pdf:
        for char in pdf.pages[0].chars:
            face = char["fontname"].split("+", 1)[1]
            if runs and runs[-1][1] == face:
                runs[-1] = (runs[-1][0] + char["text"], face)
            else:
                runs.append((char["text"], face))
    return runs


def test_nanum_maps_the_en_dash_to_its_soft_hyphen_so_it_comes_from_dejavu(content_copy):
    """Without a Latin family, NanumGothic's misnamed en dash is skipped for DejaVu's."""
    from conftest import replace_in

    from generator.render.core.fonts import draws_right, _misnamed

    content = load_content()
    nanum, folder = str(content.fonts["nanum"].regular), content.fonts["nanum"].folder
    assert 0x2013 in _misnamed(nanum, folder) and 0x2014 not in _misnamed(nanum, folder)
    assert not draws_right(TTFont("N", nanum), _misnamed(nanum, folder), 0x2013)
    replace_in(content_copy / "print.yaml", "  latin: noto ", "  # latin: noto ")
    without_latin = load_content(content_copy)
    assert stack_run_fonts("en", "1–4 players", content=without_latin) == [
        ("1", "NanumGothic"), ("–", "DejaVuSans"), ("4 players", "NanumGothic")]
    assert stack_run_fonts("ko", "2–4명", bold=True, content=without_latin) == [
        ("2", "NanumGothicExtraBold"), ("–", "DejaVuSans-Bold"), ("4명", "NanumGothicExtraBold")]


def test_latin_text_punctuation_and_figures_come_from_the_latin_face_in_every_language():
    """Noto Sans (print.yaml's `latin`) draws Latin letters, figures, the hyphen and the en dash of every language;
    Hangul stays in NanumGothic, kana and kanji in BIZ UDGothic."""
    assert stack_run_fonts("en", "1–4 players, well-packed") == [("1–4 players, well-packed", "NotoSans-Regular")]
    assert stack_run_fonts("ko", "2–4명", bold=True) == [("2–4", "NotoSans-Bold"), ("명", "NanumGothicExtraBold")]


def test_a_japanese_text_draws_its_own_script_in_bizud_and_keeps_latin_and_hangul_in_nanum():
    assert stack_run_fonts("ja", "カメラ（Camera）を1枚、한국") == [
        ("カメラ（", "BIZUDGothic-Regular"), ("Camera", "NotoSans-Regular"), ("）を", "BIZUDGothic-Regular"),
        ("1", "NotoSans-Regular"), ("枚、", "BIZUDGothic-Regular"), ("한국", "NanumGothic")]
    assert stack_run_fonts("ja", "国境 3x16", bold=True) == [("国境", "BIZUDGothic-Bold"),
                                                             (" 3x16", "NotoSans-Bold")]


def test_only_japanese_pdfs_draw_with_the_japanese_family():
    assert {face for _, face in stack_run_fonts("ko", "카메라 写真 1–4")} == {"NanumGothic", "NotoSans-Regular"}


def test_a_character_no_family_draws_right_is_missing_in_every_language():
    from generator.render.core.fonts import fonts_for, missing_glyphs

    for lang in ("en", "ko", "ja"):
        pair = fonts_for(load_content(), lang)
        assert missing_glyphs(pair.regular, "📷 a–b −") == ["📷"]
    assert missing_glyphs(fonts_for(load_content(), "ko").regular, "国経内実写真") == list("国経内実写真")
    assert missing_glyphs(fonts_for(load_content(), "ja").regular, "国経内実写真") == []


def bold_title_faces(content) -> tuple[dict[str, set[str]], bool]:
    """The faces each 3x16 rule title of the Japanese rulebook is drawn in, read back per line from its PDF, and
    whether the language's bold stack is regular faces."""
    from collections import defaultdict

    import pdfplumber

    from generator.content.required import rule_values
    from generator.render.core.context import RenderContext
    from generator.render.core.rulebook import rulebook_pages

    ctx = RenderContext(content, "threesixteen", "ja", "a4")
    canvas = Canvas(io.BytesIO(), pagesize=ctx.page_size, invariant=1)
    for page in rulebook_pages(ctx):
        page.draw(canvas, *ctx.page_size)
        canvas.showPage()
    values = rule_values(ctx.spec, ctx.game_data)
    titles = {ctx.t(f"rules.{rule.id}.title", **values) for rule in content.games["threesixteen"].rules}
    faces_of: dict[str, set[str]] = {}
    with pdfplumber.open(io.BytesIO(canvas.getpdfdata())) as pdf:
        for page in pdf.pages:
            rows = defaultdict(list)
            for ch in page.chars:
                rows[(ch["x0"] > page.width / 2, round(ch["matrix"][5], 1))].append(ch)
            for chars in rows.values():
                text = "".join(ch["text"] for ch in sorted(chars, key=lambda ch: ch["x0"])).strip()
                if text in titles:
                    faces_of[text] = {ch["fontname"].split("+", 1)[1] for ch in chars if ch["text"].strip()}
    assert {"3本の横列", "1は横列を始める"} <= set(faces_of) and len(faces_of) >= len(titles) - 2
    return faces_of, ctx.fonts.bold_is_regular


def test_a_japanese_bold_title_is_bold_from_end_to_end():
    """BIZ UDGothic has a bold face: a Japanese rule title draws its kana and kanji in it and its digits and Latin
    in Noto Sans Bold, every letter bold ("3本の横列" once mixed bold digits with regular kanji)."""
    from generator.render.core.fonts import fonts_for

    content = load_content()
    faces_of, bold_is_regular = bold_title_faces(content)
    assert not bold_is_regular and not fonts_for(content, "ko").bold_is_regular
    assert all(faces <= {"BIZUDGothic-Bold", "NotoSans-Bold"} for faces in faces_of.values()), faces_of
    assert faces_of["3本の横列"] == {"BIZUDGothic-Bold", "NotoSans-Bold"}


def test_a_japanese_family_without_bold_draws_a_bold_title_in_one_regular_face(content_copy):
    """A family with no bold face lends its regular face to the whole bold line (digits and Latin too), never bold
    Latin and digits among regular kana, which reads as random emphasis."""
    from conftest import replace_in

    replace_in(content_copy / "print.yaml", "      bold: bizud/BIZUDGothic-Bold.ttf\n", "")
    faces_of, bold_is_regular = bold_title_faces(load_content(content_copy))
    assert bold_is_regular
    assert all(faces == {"BIZUDGothic-Regular"} for faces in faces_of.values()), faces_of

def test_glyph_names_that_spell_a_code_are_read_as_the_adobe_glyph_list_reads_them():
    """`glyph_meaning` reads `uniXXXX` and `uXXXX` itself (for speed): the same answer as fontTools' AGL reader for
    every glyph name of every shipped face, and for the edge cases (lower case, surrogates, beyond U+10FFFF)."""
    from fontTools import agl
    from fontTools.ttLib import TTFont as ToolsFont

    from generator.render.core.fonts import glyph_meaning

    names = {"uniAC00", "uniac00", "uniD800", "u1F4F7", "u110000", "uDFFF", "u0041", "uni00410042", "A", "endash",
             "uni0041_uni0042", "u1F1F0_u1F1F7"}
    content = load_content()
    for family in content.fonts.values():
        with ToolsFont(str(family.regular), lazy=True) as font:
            names |= set(font.getGlyphOrder())
    assert len(names) > 10_000
    assert {name: glyph_meaning(name) for name in names} == {name: agl.toUnicode(name) for name in names}
