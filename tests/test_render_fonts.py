"""Fonts kept between builds (render/core/font_cache.py): a restored font is the parsed one and draws the same bytes."""
from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator.render.core import disk_cache, font_cache
from generator.content.load import load_content

NANUM = load_content().fonts["nanum"]
FONT, FOLDER = NANUM.regular, NANUM.folder
TEXT = "짐 싸서 출발! Pack & Go — 여권, 카메라, ½ 1234 ©"


def restored(cache: Path, name: str) -> TTFont:
    """The font read back from `cache` (kept there by a first load that parsed it)."""
    with disk_cache.kept_in(cache):
        font_cache.load(name, FONT, FOLDER)
        font = font_cache.load(name, FONT, FOLDER)
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
    lambda data: data.replace(b'"format":3', b'"format":2'),
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


def test_a_linked_cache_folder_is_neither_read_nor_written(tmp_path):
    """`output/.cache` linked elsewhere: the build's cache would be read and written outside the output folder."""
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / ".cache").symlink_to(elsewhere)
    with disk_cache.kept_in(out / ".cache"):
        font_cache.load("Linked", FONT, FOLDER)
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

def stack_run_fonts(lang: str, text: str, bold: bool = False) -> list[tuple[str, str]]:
    """(text, base font name) of each run pdfplumber reads back from `text` drawn in `lang`'s stack."""
    import pdfplumber

    from generator.render.core.fonts import fonts_for

    pair = fonts_for(load_content(), lang)
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


def test_nanum_maps_the_en_dash_to_its_soft_hyphen_so_it_comes_from_dejavu():
    from generator.render.core.fonts import draws_right, _misnamed

    content = load_content()
    nanum, folder = str(content.fonts["nanum"].regular), content.fonts["nanum"].folder
    assert 0x2013 in _misnamed(nanum, folder) and 0x2014 not in _misnamed(nanum, folder)
    assert stack_run_fonts("en", "1–4 players") == [("1", "NanumGothic"), ("–", "DejaVuSans"),
                                                    ("4 players", "NanumGothic")]
    assert stack_run_fonts("ko", "2–4명", bold=True) == [("2", "NanumGothicExtraBold"), ("–", "DejaVuSans-Bold"),
                                                        ("4명", "NanumGothicExtraBold")]
    assert not draws_right(TTFont("N", nanum), _misnamed(nanum, folder), 0x2013)


def test_a_japanese_text_draws_its_own_script_in_bizud_and_keeps_latin_and_hangul_in_nanum():
    assert stack_run_fonts("ja", "カメラ（Camera）を1枚、한국") == [
        ("カメラ（", "BIZUDGothic-Regular"), ("Camera", "NanumGothic"), ("）を", "BIZUDGothic-Regular"),
        ("1", "NanumGothic"), ("枚、", "BIZUDGothic-Regular"), ("한국", "NanumGothic")]
    assert stack_run_fonts("ja", "国境 3x16", bold=True) == [("国境", "BIZUDGothic-Bold"),
                                                             (" 3x16", "NanumGothicExtraBold")]


def test_only_japanese_pdfs_draw_with_the_japanese_family():
    assert {face for _, face in stack_run_fonts("ko", "카메라 写真 1–4")} == {"NanumGothic", "DejaVuSans"}


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
    in NanumGothic ExtraBold, every letter bold ("3本の横列" once mixed bold digits with regular kanji)."""
    from generator.render.core.fonts import fonts_for

    content = load_content()
    faces_of, bold_is_regular = bold_title_faces(content)
    assert not bold_is_regular and not fonts_for(content, "ko").bold_is_regular
    assert all(faces <= {"BIZUDGothic-Bold", "NanumGothicExtraBold"} for faces in faces_of.values()), faces_of
    assert faces_of["3本の横列"] == {"BIZUDGothic-Bold", "NanumGothicExtraBold"}


def test_a_japanese_family_without_bold_draws_a_bold_title_in_one_regular_face(content_copy):
    """A family with no bold face lends its regular face to the whole bold line (digits and Latin too), never bold
    Latin and digits among regular kana, which reads as random emphasis."""
    from conftest import replace_in

    replace_in(content_copy / "print.yaml", "      bold: bizud/BIZUDGothic-Bold.ttf\n", "")
    faces_of, bold_is_regular = bold_title_faces(load_content(content_copy))
    assert bold_is_regular
    assert all(faces == {"BIZUDGothic-Regular"} for faces in faces_of.values()), faces_of