"""Where a font named in `content/print.yaml` lives, checked before anything reads it: the font boundary.

A font value names a file inside `content/fonts/` (which must itself lie inside the content folder), or, for a
family with a `package`, inside that installed package's folder: a relative path, resolved (symlinks followed) and
required to stay inside that folder, to be a regular file of at most `MAX_BYTES`, and to be a TrueType font. Each
folder is a root of the file boundary (generator/files.py), which later reads the fonts by the same rules. The package is found with
`importlib.util.find_spec` on a top-level name only (a dotted name would import its parents), so no code in it
runs. Every problem is a finding at the value's line and column.
"""
from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .. import files
from ..errors import Diagnostic, InputError, Position
from .print_model import FontFamily, Fonts, PrintConfig
from .yamlsrc import KeyPath, Located

FONT_FOLDER = "fonts"  # under content/
MAX_BYTES = 64 * 1024 * 1024
PACKAGE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: the first four bytes of a font file, and what the font is when it is not TrueType
TRUETYPE = (b"\x00\x01\x00\x00", b"true")
NOT_TRUETYPE = {b"OTTO": "an OpenType font with PostScript (CFF) outlines, which cannot be embedded",
                b"ttcf": "a font collection (.ttc), which cannot be embedded"}


@dataclass(frozen=True, slots=True)
class FamilyFiles:
    """One family's checked files; `bold` is None for a family without a bold face."""

    name: str
    family: FontFamily
    regular: Path
    bold: Path | None
    position: Position  # of the family in print.yaml
    #: the folder the files were found in, which reads them (`read`)
    folder: files.Root

    def read(self, path: Path) -> bytes:
        """The bytes of `regular` or `bold`, read through the boundary they were found in."""
        return self.folder.bytes_of(path, limit=MAX_BYTES)


class _Problems(list[Diagnostic]):
    def add(self, position: Position, message: str, key: str) -> None:
        self.append(Diagnostic(position, message, "font", key_path=key))


def font_files(root: Path, printcfg: PrintConfig, located: Located) -> dict[str, FamilyFiles]:
    """Every family's files, checked; InputError with a positioned finding for each problem (an unknown family
    name in `default`, `by_language` or `fallback` too)."""
    problems = _Problems()
    fonts = printcfg.fonts
    named: list[tuple[KeyPath, str]] = [(("fonts", "default"), fonts.default)]
    named += [(("fonts", "latin"), fonts.latin)] if fonts.latin is not None else []
    named += [(("fonts", "by_language", lang), name) for lang, name in fonts.by_language.items()]
    named += [(("fonts", "fallback", n), name) for n, name in enumerate(fonts.fallback)]
    for loc, name in named:
        if name not in fonts.families:
            problems.add(located.of(loc), f"no font family '{name}'; the families are: "
                         + ", ".join(sorted(fonts.families)), ".".join(map(str, loc)))
    out: dict[str, FamilyFiles] = {}
    for name, family in fonts.families.items():
        here = ("fonts", "families", name)
        folder = _folder(root, family, located.of(here + ("package",)), located.of(here, key=True), problems, name)
        if folder is None:
            continue
        files = {face: _font_file(folder, value, located.of(here + (face,)), problems, f"{name}.{face}")
                 for face, value in (("regular", family.regular), ("bold", family.bold)) if value is not None}
        if family.package is None:
            _licence_beside(folder, family, files.get("regular"), located.of(here, key=True), problems, name)
        regular = files.get("regular")
        if regular is not None and (family.bold is None or files.get("bold") is not None):
            out[name] = FamilyFiles(name, family, regular, files.get("bold"), located.of(here, key=True), folder)
    if problems:
        raise InputError(list(problems))
    return out


def _folder(root: Path, family: FontFamily, position: Position, family_position: Position, problems: _Problems,
            name: str) -> files.Root | None:
    """The folder a family's paths are relative to: its package's, or `content/fonts/` (inside the content folder:
    a `fonts` link out of it would make any folder the font boundary)."""
    if family.package is None:
        content = files.content(root)
        if content.is_link(FONT_FOLDER) and not content.is_folder(FONT_FOLDER):
            problems.add(family_position, f"{FONT_FOLDER}/ is a link out of the content folder; keep the fonts "
                         "inside it", name)
            return None
        return files.root(content.real / FONT_FOLDER, "content")
    package = family.package
    if not PACKAGE_NAME.fullmatch(package):
        problems.add(position, f"'{package}' is not a package name: name the installed package that ships the "
                     "font, with no dots or slashes (e.g. my_fonts)", f"{name}.package")
        return None
    try:
        spec = importlib.util.find_spec(package)  # a top-level name: located, never imported
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        problems.add(position, f"font package '{package}' is not installed (add it to pyproject.toml)",
                     f"{name}.package")
        return None
    if not spec.submodule_search_locations:
        problems.add(position, f"'{package}' is a module, not a package with font files", f"{name}.package")
        return None
    return files.package(list(spec.submodule_search_locations)[0])


def _inside(folder: files.Root, value: str, position: Position, problems: _Problems, key: str) -> Path | None:
    """`value` as a regular file inside `folder`, or None (and a finding) when it is not one."""
    where = f"inside {folder.real.name}/"
    rel = PurePosixPath(value)
    if not value or "\\" in value or "\x00" in value or rel.is_absolute() or ".." in rel.parts:
        problems.add(position, f"'{value}' must be a relative path {where} (no '..', no absolute path)", key)
        return None
    try:
        return folder.checked_file(rel, limit=MAX_BYTES)
    except files.FileRefused as refused:
        size = folder.size(rel)
        problems.add(position, {
            "file_not_found": f"font file '{value}' not found {where}",
            "outside": f"'{value}' leads outside {folder.real.name}/ (a symbolic link out is not allowed)",
            "too_large": f"'{value}' is {(size or 0) // 2**20} MB; a font file may be at most {MAX_BYTES // 2**20} MB",
        }.get(refused.reason, f"'{value}' is not a regular file"), key)
        return None


def _font_file(folder: files.Root, value: str, position: Position, problems: _Problems, key: str) -> Path | None:
    path = _inside(folder, value, position, problems, key)
    if path is None:
        return None
    magic = folder.head_of(path, 4, limit=MAX_BYTES)
    if magic not in TRUETYPE:
        what = NOT_TRUETYPE.get(magic, "not a TrueType font file")
        problems.add(position, f"'{value}' is {what}; use a TrueType (.ttf) file", key)
        return None
    return path


def _licence_beside(folder: files.Root, family: FontFamily, regular: Path | None, position: Position,
                    problems: _Problems, name: str) -> None:
    """A font under `content/fonts/` ships with its licence file in the same folder."""
    if family.licence_file is None:
        problems.add(position, f"font family '{name}' is a file under content/{FONT_FOLDER}/: name its licence file "
                     "(licence_file: OFL.txt), kept beside the font", f"{name}.licence_file")
        return
    licence = _inside(folder, family.licence_file, position, problems, f"{name}.licence_file")
    if licence is not None and regular is not None and licence.parent != regular.parent:
        problems.add(position, f"the licence file '{family.licence_file}' must be in the same folder as "
                     f"'{family.regular}'", f"{name}.licence_file")


def families_for(fonts: Fonts, lang: str) -> tuple[str, ...]:
    """The families that draw `lang`, in the order tried for the language's own characters: its own family (if it
    has one), the Latin family (if there is one), the default, the fallbacks."""
    names = [fonts.by_language[lang]] if lang in fonts.by_language else []
    latin = [fonts.latin] if fonts.latin is not None else []
    for name in [*latin, fonts.default, *fonts.fallback]:
        if name not in names:
            names.append(name)
    return tuple(names)


def bold_findings(files: dict[str, FamilyFiles], fonts: Fonts, langs: list[str]) -> list[Diagnostic]:
    """A warning for each family without a bold face that draws a language: its bold text is drawn in the regular
    face, which a reader does not see as bold."""
    out = []
    for name, family in files.items():
        drawn = [lang for lang in langs if name in families_for(fonts, lang)]
        if family.bold is None and drawn:
            out.append(Diagnostic(family.position, f"font family '{name}' has no bold face: bold text in "
                                  + ", ".join(drawn) + " is drawn in its regular face", "font-bold",
                                  "warning", key_path=f"fonts.families.{name}"))
    return out
