"""`pnp lint`: everything a translator or designer can get wrong in `content/`, one finding per problem.

Schema and cross-checks of the data, then per language against the reference language (English): missing and
extra keys, empty texts, placeholder sets that differ, characters the font cannot draw, and (through the
renderer's own fitting) text that does not fit its box at the minimum size.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import AbstractSet, Callable, Iterator

from ..errors import Diagnostic, InputError, Position
from ..files import content as content_files
from ..games import registry
from .crosscheck import check_game
from .font_files import bold_findings
from .josa import fixed_particles
from .folders import (COMMON, REFERENCE_LANG, default_root, is_language_code, languages, require_content_folder,
                      text_folders)
from .plurals import agree
from .load import Content, load_content
from .required import allowed_placeholders, common_keys, names_for, required_keys
from .texts import PLACEHOLDER, Texts, placeholders



@dataclass(frozen=True, slots=True)
class Left:
    """A text a language still lacks: missing, empty, or the same as in the reference language; `position` is
    where it is in the language's file, or where the reference language has it when the file lacks it."""

    key: str
    folder: str
    position: Position
    why: str  # the lint check that finds it: "missing-key", "empty" or "untranslated"


@dataclass(frozen=True, slots=True)
class Progress:
    """How much of the reference language's text a language has translated."""

    lang: str
    translated: int
    total: int
    left: tuple[Left, ...] = ()

    @property
    def percent(self) -> int:
        """Whole percent, rounded down, so that 100 means every text."""
        return 100 * self.translated // self.total if self.total else 100

    def line(self) -> str:
        """`fr: 24 of 843 texts translated, 3%`."""
        return f"{self.lang}: {self.translated} of {self.total} texts translated, {self.percent}%"


@dataclass
class LintReport:
    findings: list[Diagnostic] = field(default_factory=list)
    files: int = 0
    #: each language but the reference one, how far its translation has come
    progress: list[Progress] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity == "warning")

    def summary(self) -> str:
        counts = {"errors": self.errors, "warnings": self.warnings, "files": self.files}
        return agree("{errors} error(s), {warnings} warning(s) in {files} file(s)", counts, "en").format(**counts)

    def progress_line(self) -> str:
        """lint's last line: every language's progress (`fr: 24 of 843 texts translated, 3%`), `; ` between."""
        return "; ".join(p.line() for p in self.progress)

    def as_json(self) -> dict[str, object]:
        return {"findings": [f.as_json() for f in self.findings], "errors": self.errors,
                "warnings": self.warnings, "files": self.files,
                "progress": [{"language": p.lang, "translated": p.translated, "total": p.total}
                             for p in self.progress]}


def _single(folder: str, root: Path, lang: str) -> Texts:
    """One language file alone (not merged with common), so findings point at the file that has the key; the
    common file's `typography` checked and set apart from its texts (`content/typography.py`)."""
    from . import typography
    from .texts import check_shape
    from .yamlsrc import load_yaml

    data, located = load_yaml(root, f"{folder}/{lang}.yaml", cached=True)
    breaking = typography.Typography()
    if folder == COMMON:
        data, breaking = typography.split(data, located)
    check_shape(data, located)
    return Texts(lang, data or {}, [located], breaking)


def _missing_at(texts: Texts, key: str) -> Position:
    """Where a missing key belongs: its nearest existing parent in this file."""
    parts = key.split(".")
    while parts:
        parts = parts[:-1]
        if parts and texts.has_node(".".join(parts)):
            return texts.located[0].of(tuple(parts), key=True)
    return Position(texts.located[0].path, 1, 1)


#: (content, game, lang) -> findings of texts that do not fit their boxes (the renderer's own fitting)
FitCheck = Callable[[Content, str, str], list[Diagnostic]]
#: (content, lang, text) -> the font family for `lang` and the characters of `text` it cannot draw
GlyphCheck = Callable[[Content, str, str], tuple[str, list[str]]]


def lint(root: Path | None = None, fit_check: FitCheck | None = None, glyph_check: GlyphCheck | None = None,
         lang: str | None = None) -> LintReport:
    """Every finding in the content under `root`, with each language's progress. Fit and glyphs are the renderer's
    to judge: the caller passes its checks in (`pnp lint` passes both), so the content layer never imports the
    renderer. With `lang`, one language: its own files' findings and those of the language-neutral data (which
    every language is drawn from); the reference language is read as the yardstick, not reported."""
    root = Path(root) if root else default_root()
    report = LintReport()
    try:
        require_content_folder(root)
    except InputError as exc:
        report.findings += exc.diagnostics
        return report
    content: Content | None = None
    try:
        content = load_content(root, cross_check=False)
    except InputError as exc:
        report.findings += exc.diagnostics
    folders = text_folders(root)
    files = content_files(root)
    report.files = len(files.names("", ".yaml")) + sum(len(files.names(f, ".yaml")) for f in folders)
    langs = languages(root, tuple(folders))  # a half-made language too, to say which files it lacks
    if lang is not None:
        langs = list(dict.fromkeys([REFERENCE_LANG, lang]))
    if content is not None:
        for game, data in content.games.items():
            report.findings += check_game(registry.spec(game), data, content.game_located[game])
        report.findings += bold_findings(content.fonts, content.print.fonts, langs)

    for folder in folders:
        report.findings += list(_lint_folder(root, folder, langs, content, glyph_check))

    if lang is not None:
        report.findings = [f for f in report.findings if _concerns(f, lang)]
    if content is not None and fit_check is not None and not any(f.severity == "error" for f in report.findings):
        for game in content.games:
            for each in langs if lang is None else [lang]:  # a problem of the game data (an icon) shows in
                report.findings += [f for f in fit_check(content, game, each)  # every language: reported once
                                    if f not in report.findings]
    report.findings.sort(key=lambda d: (d.position.path, d.position.line, d.position.col, d.message))
    report.progress = [translation_progress(root, each) for each in langs if each != REFERENCE_LANG]
    return report


def _concerns(finding: Diagnostic, lang: str) -> bool:
    """Whether a finding belongs in `pnp lint --lang lang`: it is in that language's file, or in no language's."""
    name = Path(finding.position.path).name
    stem = name.removesuffix(".yaml")
    return name == f"{lang}.yaml" or not (name.endswith(".yaml") and stem != "game" and stem != "print"
                                          and is_language_code(stem))


def translation_progress(root: Path, lang: str) -> Progress:
    """How many of the reference language's texts `lang` has translated, and which are left: a text counts when
    the reference has words in it (not a bare placeholder or number) and the language has it, not empty, and
    either different or marked `# same` (a name meant to read alike). A file that does not load counts as none
    of its texts translated (lint says why)."""
    root = Path(root)
    translated, total, left = 0, 0, []
    for folder in text_folders(root):
        try:
            reference = _single(folder, root, REFERENCE_LANG)
        except InputError:
            continue
        try:
            mine: Texts | None = _single(folder, root, lang)
        except InputError:
            mine = None
        theirs = dict(mine.leaves()) if mine is not None else {}
        same = _same_lines(root, f"{folder}/{lang}.yaml") if mine is not None else set()
        for key, value in reference.leaves():
            if not (isinstance(value, str) and _has_words(value)):
                continue
            total += 1
            ours = theirs.get(key)
            if mine is None or key not in theirs:
                left.append(Left(key, folder, reference.position(key), "missing-key"))
            elif not isinstance(ours, str) or not ours.strip():
                left.append(Left(key, folder, mine.position(key), "empty"))
            elif ours == value and mine.position(key).line not in same:
                left.append(Left(key, folder, mine.position(key), "untranslated"))
            else:
                translated += 1
    return Progress(lang, translated, total, tuple(left))


def _lint_folder(root: Path, folder: str, langs: list[str], content: Content | None,
                 glyph_check: GlyphCheck | None, checked: AbstractSet[str] | None = None) -> Iterator[Diagnostic]:
    """The findings in `folder`'s files of `langs`; with `checked`, only those languages' own texts are checked
    (the reference language is still read, to compare them with)."""
    checked = set(langs) if checked is None else checked
    loaded: dict[str, Texts] = {}
    for lang in langs:
        rel = f"{folder}/{lang}.yaml"
        if not content_files(root).exists(rel):  # anything else there is read, to say what it is
            yield Diagnostic(Position(content_files(root).display(rel)),
                             f"language '{lang}' has text files elsewhere but not this one; copy "
                             f"{folder}/{REFERENCE_LANG}.yaml to start", "missing-file")
            continue
        try:
            loaded[lang] = _single(folder, root, lang)
        except InputError as exc:
            yield from exc.diagnostics
    reference = loaded.get(REFERENCE_LANG)
    game = content.games.get(folder) if content is not None else None
    spec = _known_spec(folder)
    if reference is not None and REFERENCE_LANG in checked:
        if folder == COMMON:
            yield from _required(reference, common_keys(content.print if content is not None else None), {})
        elif game is not None and spec is not None:
            yield from _required(reference, required_keys(spec, game), allowed_placeholders(spec, game))
    for lang, texts in loaded.items():
        if lang in checked:
            yield from _lint_texts(texts, reference if lang != REFERENCE_LANG else None, content, glyph_check,
                                   _same_lines(root, f"{folder}/{lang}.yaml"))
    own = spec.part("lint_texts") if spec is not None else None
    if own is not None:
        yield from own(loaded, game)


def _known_spec(folder: str) -> registry.GameSpec | None:
    """The spec of the game in `folder`; None for the shared words and for a folder no game has (loading the
    content reported it)."""
    try:
        return registry.spec(folder) if folder != COMMON else None
    except registry.UnknownGame:
        return None


def _required(reference: Texts, keys: list[str], allowed: dict[str, set[str]]) -> Iterator[Diagnostic]:
    """The reference language has every key the data needs, and fills only placeholders that can be filled."""
    for key in keys:
        if not reference.has_node(key):
            yield Diagnostic(_missing_at(reference, key), f"missing text '{key}' (the game data needs it)",
                             "missing-key", key_path=key)
    for key, value in reference.leaves():
        names = names_for(allowed, key)
        if names is not None and isinstance(value, str):
            unknown = sorted(placeholders(value) - names)
            if unknown:
                yield Diagnostic(reference.position(key), f"placeholder {{{unknown[0]}}} cannot be filled "
                                 f"here; use one of: " + ", ".join("{" + n + "}" for n in sorted(names)),
                                 "placeholder", key_path=key)


#: a comment after a text meant to read as in English (a name, a code): `code: "KR"  # same`
SAME_MARK = re.compile(r"#\s*same\b", re.IGNORECASE)


def _same_lines(root: Path, rel: str) -> set[int]:
    """The lines of a language file whose comment marks their text as meant to read as in English."""
    try:
        lines = content_files(root).text_of(rel).splitlines()
    except InputError:
        return set()
    return {n for n, line in enumerate(lines, 1) if "#" in line and SAME_MARK.search(line, line.index("#"))}


def _has_words(text: str) -> bool:
    """Whether a text has letters of its own (not only placeholders, digits and signs), so it can be translated."""
    return re.search(r"[^\W\d_]", PLACEHOLDER.sub("", text)) is not None


def one_edit_apart(a: str, b: str) -> bool:
    """Whether `b` is `a` with one character inserted, deleted, replaced, or two neighbours swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    short, long = sorted((a, b), key=len)
    i = next((i for i in range(len(short)) if short[i] != long[i]), len(short))
    return short[i:] == long[i + 1:]


def _near(key: str, missing: list[str]) -> str | None:
    """A missing key one edit away from `key`: its last part when they share a parent, else the whole key."""
    parent, _, last = key.rpartition(".")
    for other in missing:
        other_parent, _, other_last = other.rpartition(".")
        if other_parent == parent and one_edit_apart(last, other_last):
            return other_last
    return next((other for other in missing if one_edit_apart(key, other)), None)


def _lint_texts(texts: Texts, reference: Texts | None, content: Content | None,
                glyph_check: GlyphCheck | None, same: AbstractSet[int] = frozenset()) -> Iterator[Diagnostic]:
    mine = dict(texts.leaves())
    if reference is not None:
        theirs = dict(reference.leaves())
        missing = [key for key in theirs if key not in mine]
        for key in missing:
            ref = reference.position(key)
            yield Diagnostic(_missing_at(texts, key), f"missing text '{key}' (in {REFERENCE_LANG}: "
                             f"line {ref.line})", "missing-key", key_path=key)
        for key, value in mine.items():
            if key not in theirs:
                near = _near(key, missing)
                advice = f"did you mean '{near}'?" if near else "check the spelling or remove it"
                yield Diagnostic(texts.position(key), f"'{key}' is not in the reference language "
                                 f"({REFERENCE_LANG}); {advice}", "extra-key", key_path=key)
                continue
            if isinstance(value, str) and value == theirs[key] and _has_words(value) \
                    and texts.position(key).line not in same:
                yield Diagnostic(texts.position(key), f"untranslated: the same text as in {REFERENCE_LANG}; "
                                 "translate it, or end its line with '# same' if it is meant to read the same "
                                 "(a name, a code)", "untranslated", "warning", key_path=key)
            if isinstance(value, str) and isinstance(theirs[key], str):
                ours, wanted = placeholders(value), placeholders(theirs[key])
                if ours != wanted:
                    lacking = sorted(wanted - ours)
                    extra = sorted(ours - wanted)
                    parts = []
                    if lacking:
                        parts.append("lacks " + ", ".join("{" + p + "}" for p in lacking))
                    if extra:
                        parts.append("has " + ", ".join("{" + p + "}" for p in extra) + " not in "
                                     + REFERENCE_LANG)
                    yield Diagnostic(texts.position(key), "placeholders differ from the reference: "
                                     + "; ".join(parts), "placeholder", key_path=key)
    for key, value in mine.items():
        if value is None or (isinstance(value, str) and not value.strip()):
            yield Diagnostic(texts.position(key), f"empty text '{key}'", "empty", key_path=key)
        elif isinstance(value, str):
            for name, particle, pair in fixed_particles(value):
                yield Diagnostic(texts.position(key), f"the particle '{particle}' after {{{name}}} changes with "
                                 f"how the value is read aloud (5라고, 3이라고): write both forms, "
                                 f"'{{{name}}}{pair}'", "particle", key_path=key)
    if content is not None and glyph_check is not None:
        yield from _glyphs(texts, mine, content, glyph_check)


def language_errors(root: Path, content: Content, lang: str, glyph_check: GlyphCheck) -> list[Diagnostic]:
    """The errors lint finds in `lang`'s own text files (keys, placeholders, empty texts, glyphs, notation words),
    exactly as lint reports them: `pnp build` refuses a language that has any."""
    langs = list(dict.fromkeys([REFERENCE_LANG, lang]))
    return [finding for folder in text_folders(Path(root))
            for finding in _lint_folder(Path(root), folder, langs, content, glyph_check, checked={lang})
            if finding.severity == "error" and Path(finding.position.path).name == f"{lang}.yaml"]


def _glyphs(texts: Texts, leaves: dict[str, object], content: Content, glyph_check: GlyphCheck) -> Iterator[Diagnostic]:
    for key, value in leaves.items():
        if isinstance(value, str):
            family, missing = glyph_check(content, texts.lang, value)
            if missing:
                shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing[:5])
                yield Diagnostic(texts.position(key), f"no font for '{texts.lang}' ({family}) draws {shown}; "
                                 f"it would print as a blank", "glyph", key_path=key)
