"""The font boundary (content/font_files.py): a font value names a file inside content/fonts/ or inside a declared
font package, nothing else; no font value imports anything; every problem is one finding at the value's position."""
from __future__ import annotations

import os
import shutil
import sys

import pytest

from generator.content.lint import lint
from generator.content.load import load_content

from conftest import line_col, replace_in

NANUM_REGULAR = "regular: fonts/NanumGothic.ttf"
NANUM_FILES = ("      package: pnp_test_fonts\n      regular: fonts/NanumGothic.ttf\n"
               "      bold: fonts/NanumGothicExtraBold.ttf\n")
SHIPPED_NANUM = ("      regular: nanum/NanumGothic.ttf\n      bold: nanum/NanumGothicExtraBold.ttf\n"
                 "      licence_file: nanum/OFL.txt\n")


@pytest.fixture
def content_copy(content_copy, tmp_path, monkeypatch):
    """The content, its nanum family read from an installed font package (pnp_test_fonts, made here) as a
    designer may name one, instead of from content/fonts/ as shipped."""
    package = tmp_path / "font-site" / "pnp_test_fonts"
    (package / "fonts").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name in ("NanumGothic.ttf", "NanumGothicExtraBold.ttf"):
        shutil.copy(content_copy / "fonts" / "nanum" / name, package / "fonts" / name)
    shutil.rmtree(content_copy / "fonts" / "nanum")
    monkeypatch.syspath_prepend(str(tmp_path / "font-site"))
    replace_in(content_copy / "print.yaml", SHIPPED_NANUM, NANUM_FILES)
    return content_copy


def errors(root) -> list[str]:
    return [str(f) for f in lint(root).findings if f.severity == "error"]


def local_nanum(root, *lines: str) -> None:
    """The nanum family made of files under content/fonts/, as `lines` (e.g. "regular: Mine.ttf") say."""
    replace_in(root / "print.yaml", NANUM_FILES, "".join(f"      {line}\n" for line in lines))


def at(root, needle: str, message: str, key: str) -> str:
    line, col = line_col(root / "print.yaml", needle)
    value_col = col + needle.index(":") + 2 if ":" in needle else col
    return f"content/print.yaml:{line}:{value_col}: error: {key}: {message} [font]"


@pytest.mark.parametrize("value", ["../../../../../../etc/passwd", "/etc/passwd", "fonts/../../../etc/passwd",
                                   "fonts\\NanumGothic.ttf"])
def test_a_path_out_of_the_package_is_refused_where_it_is_written(content_copy, value):
    replace_in(content_copy / "print.yaml", NANUM_REGULAR, f"regular: '{value}'")
    assert errors(content_copy) == [at(content_copy, f"regular: '{value}'", f"'{value}' must be a relative path "
                                       "inside pnp_test_fonts/ (no '..', no absolute path)", "nanum.regular")]


def test_a_symbolic_link_out_of_content_fonts_is_refused(content_copy, tmp_path):
    outside = tmp_path / "elsewhere.ttf"
    shutil.copy(load_content().fonts["nanum"].regular, outside)
    (content_copy / "fonts").mkdir(exist_ok=True)
    (content_copy / "fonts" / "Linked.ttf").symlink_to(outside)
    (content_copy / "fonts" / "OFL.txt").write_text("licence", encoding="utf-8")
    local_nanum(content_copy, "licence_file: OFL.txt", "regular: Linked.ttf", "bold: Linked.ttf")
    found = errors(content_copy)
    assert found == [at(content_copy, "regular: Linked.ttf", "'Linked.ttf' leads outside fonts/ (a symbolic link "
                        "out is not allowed)", "nanum.regular"),
                     at(content_copy, "bold: Linked.ttf", "'Linked.ttf' leads outside fonts/ (a symbolic link out "
                        "is not allowed)", "nanum.bold")]


def test_a_dotted_package_name_is_refused_without_importing_anything(content_copy, capsys):
    replace_in(content_copy / "print.yaml", "package: pnp_test_fonts", "package: this.x")
    before = set(sys.modules)
    found = errors(content_copy)
    assert found == [at(content_copy, "package: this.x", "'this.x' is not a package name: name the installed "
                        "package that ships the font, with no dots or slashes (e.g. my_fonts)",
                        "nanum.package")]
    assert "this" not in set(sys.modules) - before
    assert "Beautiful is better" not in capsys.readouterr().out


def test_a_module_is_not_a_font_package(content_copy):
    replace_in(content_copy / "print.yaml", "package: pnp_test_fonts", "package: this")
    assert errors(content_copy) == [at(content_copy, "package: this", "'this' is a module, not a package with "
                                       "font files", "nanum.package")]


def test_a_font_package_is_found_without_running_its_code(content_copy, tmp_path, monkeypatch):
    package = tmp_path / "site" / "loud_fonts"
    package.mkdir(parents=True)
    marker = tmp_path / "ran"
    (package / "__init__.py").write_text(f"open({str(marker)!r}, 'w').write('imported')\n", encoding="utf-8")
    shutil.copy(load_content().fonts["nanum"].regular, package / "Loud.ttf")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    local_nanum(content_copy, "package: loud_fonts", "regular: Loud.ttf")
    content = load_content(content_copy)
    assert content.fonts["nanum"].regular == (package / "Loud.ttf").resolve()
    assert content.fonts["nanum"].bold is None
    assert not marker.exists() and "loud_fonts" not in sys.modules


def test_a_package_that_is_not_installed(content_copy):
    replace_in(content_copy / "print.yaml", "package: pnp_test_fonts", "package: no_such_fonts")
    assert errors(content_copy) == [at(content_copy, "package: no_such_fonts", "font package 'no_such_fonts' is "
                                       "not installed (add it to pyproject.toml)", "nanum.package")]


def test_an_unknown_default_family_is_a_positioned_error(content_copy):
    replace_in(content_copy / "print.yaml", "default: nanum", "default: nanumm")
    assert errors(content_copy) == [at(content_copy, "default: nanumm", "no font family 'nanumm'; the families "
                                       "are: bizud, dejavu, nanum, noto", "fonts.default")]


def test_an_unknown_family_for_a_language_or_as_fallback(content_copy):
    replace_in(content_copy / "print.yaml", "ja: bizud", "ja: ipa")
    replace_in(content_copy / "print.yaml", "fallback: [dejavu]", "fallback: [dejavu, symbols]")
    found = errors(content_copy)
    line, col = line_col(content_copy / "print.yaml", "symbols]")
    assert found == [f"content/print.yaml:{line}:{col}: error: fonts.fallback.1: no font family 'symbols'; the "
                     "families are: bizud, dejavu, nanum, noto [font]",
                     at(content_copy, "ja: ipa", "no font family 'ipa'; the families are: bizud, dejavu, nanum, noto",
                        "fonts.by_language.ja")]


def test_a_fifo_is_not_a_font_and_does_not_block(content_copy):
    (content_copy / "fonts").mkdir(exist_ok=True)
    os.mkfifo(content_copy / "fonts" / "Pipe.ttf")
    (content_copy / "fonts" / "OFL.txt").write_text("licence", encoding="utf-8")
    local_nanum(content_copy, "licence_file: OFL.txt", "regular: Pipe.ttf")
    assert errors(content_copy) == [at(content_copy, "regular: Pipe.ttf", "'Pipe.ttf' is not a regular file",
                                       "nanum.regular")]


def test_an_opentype_cff_font_is_named_as_such(content_copy):
    (content_copy / "fonts").mkdir(exist_ok=True)
    (content_copy / "fonts" / "Cff.otf").write_bytes(b"OTTO" + bytes(64))
    (content_copy / "fonts" / "OFL.txt").write_text("licence", encoding="utf-8")
    local_nanum(content_copy, "licence_file: OFL.txt", "regular: Cff.otf")
    assert errors(content_copy) == [at(content_copy, "regular: Cff.otf", "'Cff.otf' is an OpenType font with "
                                       "PostScript (CFF) outlines, which cannot be embedded; use a TrueType (.ttf) "
                                       "file", "nanum.regular")]


def test_a_font_under_content_fonts_needs_its_licence_beside_it(content_copy):
    (content_copy / "fonts" / "nanum").mkdir()
    shutil.copy(load_content().fonts["nanum"].regular, content_copy / "fonts" / "nanum" / "Nanum.ttf")
    local_nanum(content_copy, "regular: nanum/Nanum.ttf")
    line, col = line_col(content_copy / "print.yaml", "nanum:\n")
    assert errors(content_copy) == [
        f"content/print.yaml:{line}:{col}: error: nanum.licence_file: font family 'nanum' is a file under "
        "content/fonts/: name its licence file (licence_file: OFL.txt), kept beside the font [font]"]
    (content_copy / "fonts" / "nanum" / "OFL.txt").write_text("SIL Open Font License", encoding="utf-8")
    replace_in(content_copy / "print.yaml", "regular: nanum/Nanum.ttf", "regular: nanum/Nanum.ttf\n"
               "      licence_file: nanum/OFL.txt")
    assert errors(content_copy) == []
    assert load_content(content_copy).fonts["nanum"].regular == (content_copy / "fonts/nanum/Nanum.ttf").resolve()
