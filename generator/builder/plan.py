"""`pnp build`: find what is out of date, render it on every core, write each file whole, remember what was built.

An output is up to date when the hash of everything it was made from (the content files it reads, the generator's
source, the options, the versions of the packages that draw it) matches `output/.build-manifest.json` and its files
are on disk as this build left them (size and modification time recorded when written): a build killed part-way,
whose files were written but never recorded, leaves outputs the next build redoes. The manifest is untrusted input
too: it names only files a job writes inside the output folder (`Unit.owns`), and nothing else is ever deleted.
Deciding that needs only hashing: nothing heavy (ReportLab, pydantic) is imported until there is work, so
`make pdf` with nothing changed returns at once. Changing one language file rebuilds only that language's outputs.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import re
import sys
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Sequence

from .. import files
from ..errors import Diagnostic, InputError, Position
from ..games import registry
from . import hashes
from .names import PlayerNames, player_names
from .units import Unit, UnitResult
from ..content.folders import language_name_problems, languages, text_folders

DUPLEX = ("long", "short")
MANIFEST = ".build-manifest.json"
MANIFEST_VERSION = 2
#: a back shifted further than this is not a printer's drift
MAX_BACK_OFFSET_MM = 20
#: packages whose version changes what is drawn
DRAWING_PACKAGES = ("reportlab", "pillow", "fonttools", "pyicu-wheels", "budoux", "pyphen")
RASTER_PACKAGES = ("pypdfium2",)
#: the generator's code that rendering runs (relative to the package): content, renderers, this pipeline, the
#: registry; each game adds its own (its spec's `sources`)
RENDER_SOURCES = ("__init__.py", "errors.py", "files.py", "content", "render", "builder/plan.py", "builder/units.py",
                  "builder/work.py", "games/registry.py")

Progress = Callable[[int, int, str], None]
#: the output folder's manifest: each unit's name -> its entry ({"digest", "files", "stat"}), as read (untrusted)
Manifest = dict[str, object]


class BuildUsageError(ValueError):
    """An option names a game, language or paper that does not exist, or a value out of its range (exit 2):
    `option` is the option's name, and `value` and `choices` say what it named and what exists, when it named one."""

    def __init__(self, message: str, option: str, value: str = "", choices: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.option, self.value, self.choices = option, value, choices


@dataclass
class BuildSummary:
    written: list[str] = field(default_factory=list)
    built: dict[str, int] = field(default_factory=dict)  # kind -> jobs done
    pages: int = 0
    up_to_date: int = 0
    seconds: float = 0.0
    output: str = "output"
    #: per game and language, the PDFs a player prints (one of them), with their paper's name
    to_print: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)
    #: the other kinds of file the build makes beside those (Unit.EXTRAS keys: editions, decks, images)
    extras: list[str] = field(default_factory=list)

    def line(self) -> str:
        """One line for the terminal: what was written, where, how long it took."""
        if not self.written:
            return f"Nothing to build: {self.up_to_date} outputs up to date in {self.output}/ ({self.seconds:.2f} s)"
        pdfs = sum(1 for f in self.written if f.endswith(".pdf") and "/" not in f)
        pods = sum(1 for f in self.written if f.startswith("pod/"))
        pngs = sum(1 for f in self.written if f.startswith("png/"))
        tts = sum(1 for f in self.written if f.startswith("tts/") and not f.endswith("-back.png"))
        parts = [f"{pdfs} PDF{'s' * (pdfs != 1)} ({self.pages} pages)"] if pdfs else []
        if pods:
            parts.append(f"{pods} print-on-demand deck{'s' * (pods != 1)}")
        if pngs:
            parts.append(f"{pngs} PNG{'s' * (pngs != 1)}")
        if tts:
            parts.append(f"{tts} Tabletop Simulator sheet{'s' * (tts != 1)}")
        fresh = f"; {self.up_to_date} already up to date" if self.up_to_date else ""
        return f"Wrote {', '.join(parts)} to {self.output}/ in {self.seconds:.1f} s{fresh}"

    def print_lines(self) -> list[str]:
        """Which files to print: `  Pack & Go (English): output/travel-en-a4.pdf (A4) or ... (US Letter)`."""
        if not self.to_print:
            return []
        lines = ["To play, print one file per game, in your language and on your paper (the standard edition, "
                 "two-sided; page 1 says how):"]
        for edition, pdfs in self.to_print:
            lines.append(f"  {edition}: " + " or ".join(f"{self.output}/{f} ({paper})" for f, paper in pdfs))
        if self.extras:
            lines.append("Beside each of them, for another printer or another use:")
            lines += [f"  {EXTRAS[kind][0].format(out=self.output)}: {EXTRAS[kind][1]}" for kind in self.extras]
        return lines


#: the files a build writes beside each standard PDF, as the summary names them: (where, what each is for)
EXTRAS = {
    "ink-saver": ("{out}/<game>-<lang>-<paper>-ink-saver.pdf", "the ink-saver edition, two-sided: white backs and "
                  "light colours, readable in black and white; a back printed off its front cannot mark a card"),
    "gutterfold": ("{out}/<game>-<lang>-<paper>-gutterfold.pdf", "the gutterfold edition, printed one-sided: each "
                   "piece folds round its own back, for a printer without two-sided printing or whose backs drift"),
    "pod": ("{out}/pod/<game>-<lang>-<deck>.pdf", "one card a page with 1/8 in bleed, for a print-on-demand service"),
    "png": ("{out}/png/<game>/<lang>/", "every face as a 300 dpi PNG image"),
    "tts": ("{out}/tts/<game>-<lang>-<deck>.png", "deck sheets and their back, for Tabletop Simulator"),
}


class BuildFailed(Exception):
    """Some jobs failed on bad content; the other jobs' files were written whole and remembered."""

    def __init__(self, diagnostics: list[Diagnostic], summary: BuildSummary) -> None:
        super().__init__("\n".join(str(d) for d in diagnostics))
        self.diagnostics, self.summary = diagnostics, summary


def paper_names(content_root: Path) -> list[str]:
    """Paper names from print.yaml, read without validating the rest (validation comes with the work). A folder
    without a readable print.yaml, or with papers that are not a mapping, is an InputError (exit 1): the full
    validation says what is wrong, with its position."""
    from ..content.folders import require_content_folder
    from ..content.yamlsrc import load_yaml

    require_content_folder(content_root)
    data = load_yaml(content_root, "print.yaml")[0]
    papers = data.get("papers") if isinstance(data, dict) else None
    if not isinstance(papers, dict) or not papers:
        from ..content.load import load_content

        load_content(content_root)  # raises the positioned schema error
        return []  # (print.yaml's schema refuses papers that are not a mapping; an empty one has no paper)
    return [str(p) for p in papers]


def plan(content_root: Path, games: Sequence[str] | None, langs: Sequence[str] | None, papers: Sequence[str] | None,
         png: bool, pod: bool = True) -> list[Unit]:
    """Every job the selection asks for; unknown names are a usage error."""
    all_papers = paper_names(content_root)
    misnamed = language_name_problems(content_root, text_folders(content_root))
    if misnamed:
        raise InputError(misnamed)
    all_langs = languages(content_root)
    if not all_langs:
        raise InputError.at(Position(str(content_root / "common")), "no language: a language is a file "
                            "common/<lang>.yaml (e.g. common/en.yaml)", "file")
    all_games = registry.games_in(content_root)
    if not all_games:
        raise InputError.at(Position(str(content_root)), "no game: a game is a folder <game>/ with its game.yaml "
                            "and language files", "file")
    for game in all_games:
        registry.spec_in(content_root, game)  # an unknown game is an InputError at its game.yaml
    chosen: list[list[str]] = []
    for option, asked, known in (("--game", games, all_games), ("--lang", langs, all_langs),
                                 ("--paper", papers, all_papers)):
        wanted = list(dict.fromkeys(asked)) if asked else known
        unknown = [w for w in wanted if w not in known]
        if unknown:
            listed = ", ".join(f"'{name}'" for name in known)
            raise BuildUsageError(f"'{unknown[0]}' is not one of {listed}.", option, unknown[0], tuple(known))
        chosen.append(wanted)
    game_names, lang_names, paper_list = chosen
    units = []
    for game in game_names:
        for lang in lang_names:
            units += [Unit("pdf", game, lang, paper) for paper in paper_list]
            if pod:
                units.append(Unit("pod", game, lang))
            if png:
                units.append(Unit("png", game, lang))
    return units


def _sha(content_root: Path, rel: str) -> str:
    """The hash of a content file read through the file boundary; a file it refuses (missing, a FIFO, a link out)
    hashes as its refusal, and the loader says what is wrong when there is work."""
    try:
        return hashlib.sha256(files.content(content_root).bytes_of(rel)).hexdigest()
    except InputError as exc:
        return "refused: " + exc.diagnostics[0].message


def source_digest(games: Iterable[str] = ()) -> str:
    """The drawing code's own source (everything the renderers import, and the code each of `games` draws with):
    a change there rebuilds everything.

    The rules engines and the CLI draw nothing, so editing them leaves the outputs as they are. Hashed once per
    process: a process draws with the code it imported, whatever is edited on disk while it runs.
    """
    return _source_digest(frozenset(games))


@lru_cache(maxsize=None)
def _source_digest(games: frozenset[str]) -> str:
    package = files.package(Path(__file__).parents[1])
    parts = [(part, package.real / part) for part in RENDER_SOURCES]
    parts += [(name, _module_path(name)) for game in sorted(games) for name in registry.spec(game).sources]
    digest = hashlib.sha256()
    for label, where in parts:
        source = files.package(where if where.is_dir() else where.parent)
        for rel in _python_files(source) if where.is_dir() else [where.name]:
            digest.update(f"{label}/{rel}".encode() if where.is_dir() else label.encode())
            digest.update(hashes.file_sha(source, rel))
    return digest.hexdigest()


def _python_files(source: files.Root, folder: str = "") -> list[str]:
    """The `.py` files under a package folder, as paths relative to it, in a fixed order."""
    found: list[str] = []
    for name in source.names(folder):
        rel = f"{folder}/{name}" if folder else name
        if source.is_folder(rel):
            found += _python_files(source, rel)
        elif name.endswith(".py"):
            found.append(rel)
    return sorted(found)


def _module_path(name: str) -> Path:
    """A module's file or a package's folder, found without importing it (its parent packages are imported)."""
    from importlib.util import find_spec

    found = find_spec(name)
    if found is None or found.origin is None:
        return Path(name)  # hashed as missing
    origin = Path(found.origin)
    return origin.parent if found.submodule_search_locations else origin


def package_versions(names: Sequence[str]) -> dict[str, str]:
    """The installed version of each distribution, as `importlib.metadata.version` finds it (the first
    `<name>-<version>.dist-info` folder on sys.path), without importing importlib.metadata: every build, even
    one with nothing to do, asks this."""
    wanted = {_normalised(name): name for name in names}
    versions: dict[str, str] = {}
    for entry in sys.path:
        try:
            listing = sorted(os.listdir(entry or "."))
        except OSError:
            continue
        for item in listing:
            project, _, version = item.removesuffix(".dist-info").partition("-")
            name = wanted.get(_normalised(project)) if item.endswith(".dist-info") else None
            if name is not None and name not in versions:
                versions[name] = version
    return {name: versions.get(name, "missing") for name in names}


def _normalised(project: str) -> str:
    """A distribution name as its dist-info folder spells it (PEP 503 normalisation, with underscores)."""
    return re.sub(r"[-_.]+", "_", project).lower()


def icons_digest(content_root: Path) -> str:
    """The icons a build may draw (render/core/icons.py): every file of the content folder's icons/ and of pnp's
    own art, by name and bytes. An edited, added or removed icon rebuilds what draws icons."""
    from ..render.core.icons import CONTENT_ICONS, OWN_ART

    return _files_digest([("content", files.content(content_root), CONTENT_ICONS), ("own", files.package(OWN_ART), "")])


def fonts_digest(content_root: Path) -> str:
    """The font files under the content folder's fonts/ (print.yaml names them there), by name and bytes: a font
    replaced by another of the same name redraws what it draws."""
    return _files_digest([("fonts", files.content(content_root), "fonts")])


def _files_digest(folders: list[tuple[str, files.Root, str]]) -> str:
    """Every file under each folder (and its subfolders), by its path there and its bytes' SHA-256."""
    digest = hashlib.sha256()
    for label, root, folder in folders:
        for rel in _files_under(root, folder):
            digest.update(f"{label}/{rel}\0".encode())
            digest.update(hashes.file_sha(root, rel))
    return digest.hexdigest()


def _files_under(root: files.Root, folder: str) -> list[str]:
    found = []
    for name in root.names(folder):
        rel = f"{folder}/{name}" if folder else name
        found += _files_under(root, rel) if root.is_folder(rel) else [rel]
    return sorted(found)




def drawing_digest(content_root: Path, game: str, lang: str) -> str:
    """Everything drawing `game` in `lang` reads, on any paper: its content files, the fonts, the icons, the drawing
    code and the versions of the packages that draw. What lint keeps of a drawing (render/core/fit_kept.py) is
    named after it."""
    record = {"version": MANIFEST_VERSION, "game": game, "lang": lang, "source": source_digest({game}),
              "packages": package_versions(DRAWING_PACKAGES), "icons": icons_digest(content_root),
              "fonts": fonts_digest(content_root),
              "inputs": {rel: _sha(content_root, rel) for rel in Unit("pdf", game, lang).inputs()}}
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()


def unit_digests(content_root: Path, units: list[Unit], options: dict[str, object]) -> dict[Unit, str]:
    wanted = {rel for unit in units for rel in unit.inputs()}
    hashes = {rel: _sha(content_root, rel) for rel in sorted(wanted)}
    source = source_digest({unit.game for unit in units})
    icons, fonts = icons_digest(content_root), fonts_digest(content_root)
    drawing = package_versions(DRAWING_PACKAGES)
    raster = package_versions(RASTER_PACKAGES) if any(u.kind == "png" for u in units) else {}
    digests: dict[Unit, str] = {}
    for unit in units:
        record = {
            "version": MANIFEST_VERSION, "unit": unit.name, "source": source, "packages": drawing, "icons": icons,
            "fonts": fonts, "inputs": {rel: hashes[rel] for rel in unit.inputs()},
            "options": options if unit.kind == "pdf" else {},
            "raster": raster if unit.kind == "png" else {},
        }
        digests[unit] = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
    return digests


def read_manifest(out_dir: Path) -> Manifest:
    """The units of the output folder's manifest; a manifest that is missing, not a small regular file (a FIFO,
    a link to a device), not JSON or nested without end is none (every unit is then built), never a hang."""
    try:
        data = json.loads(files.output(out_dir).bytes_of(MANIFEST))
    except (InputError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict) or data.get("version") != MANIFEST_VERSION:
        return {}
    units = data.get("units")
    return units if isinstance(units, dict) else {}


def write_manifest(out_dir: Path, units: Manifest) -> None:
    text = json.dumps({"version": MANIFEST_VERSION, "units": dict(sorted(units.items()))}, indent=1, sort_keys=True)
    files.output(out_dir).write(MANIFEST, text.encode("utf-8"))


def _on_disk(out_dir: Path, name: str) -> list[int] | None:
    """[size, mtime in ns] of a written output, None when it is missing, not a regular file, or reached through a
    link."""
    found = files.output(out_dir).output_stat(name)
    return found.as_list() if found is not None else None


def _owned_files(unit: Unit, entry: object) -> list[str]:
    """The files a manifest entry lists that `unit` could have written; anything else in it is ignored."""
    files = entry.get("files") if isinstance(entry, dict) else None
    return [f for f in files if isinstance(f, str) and unit.owns(f)] if isinstance(files, list) else []


def _fresh(unit: Unit, entry: object, digest: str, out_dir: Path) -> bool:
    """The manifest's entry for `unit` has its digest, and every file it lists is on disk as it was written."""
    if not isinstance(entry, dict) or entry.get("digest") != digest or not isinstance(entry.get("stat"), dict):
        return False
    files = _owned_files(unit, entry)
    return bool(files) and len(files) == len(entry["files"]) and all(
        _on_disk(out_dir, f) is not None and _on_disk(out_dir, f) == entry["stat"].get(f) for f in files)


def build(content_root: Path | str, games: Sequence[str] | None = None, langs: Sequence[str] | None = None,
          papers: Sequence[str] | None = None, png: bool = False,
          back_offset_mm: tuple[float, float] = (0.0, 0.0), duplex: str = "long",
          progress: Progress | None = None, output_dir: Path | str = "output", workers: int | None = None,
          pod: bool = True) -> BuildSummary:
    """Build what is out of date among the selected outputs; returns what was written.

    Raises BuildUsageError for unknown names, InputError when the content does not load, and BuildFailed when a
    text does not fit (or another content problem shows while drawing).
    """
    started = time.perf_counter()
    content_root = Path(content_root)
    out_dir = Path(output_dir)
    if duplex not in DUPLEX:
        raise BuildUsageError(f"duplex must be one of: {', '.join(DUPLEX)}", "--duplex")
    offset = (float(back_offset_mm[0]), float(back_offset_mm[1]))
    if not all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET_MM for v in offset):
        raise BuildUsageError(f"a back offset is a number of mm from -{MAX_BACK_OFFSET_MM} to {MAX_BACK_OFFSET_MM}",
                              "--back-offset-mm")
    units = plan(content_root, games, langs, papers, png, pod)
    options: dict[str, object] = {"duplex": duplex, "back_offset_mm": list(offset)}
    with hashes.kept_in(out_dir):
        digests = unit_digests(content_root, units, options)
    manifest = read_manifest(out_dir)
    stale = [u for u in units if not _fresh(u, manifest.get(u.name), digests[u], out_dir)]
    summary = BuildSummary(up_to_date=len(units) - len(stale), output=_display(out_dir))
    names = player_names(content_root, units)
    if stale:
        _run(content_root, out_dir, stale, digests, manifest, summary, duplex, offset, progress, workers, names)
    summary.to_print = _to_print(units, names)
    kinds = {unit.kind for unit in units}
    summary.extras = (["ink-saver", "gutterfold"] if "pdf" in kinds else []) + (["pod"] if "pod" in kinds else []) \
        + (["png", "tts"] if "png" in kinds else [])
    summary.seconds = time.perf_counter() - started
    return summary


def _display(out_dir: Path) -> str:
    try:
        return str(out_dir.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(out_dir)


def _to_print(units: list[Unit], names: PlayerNames) -> list[tuple[str, list[tuple[str, str]]]]:
    editions: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for unit in units:
        if unit.kind == "pdf":
            files = editions.setdefault((unit.game, unit.lang), [])
            files.append((unit.pdf_file, names.papers.get(unit.paper, unit.paper)))
    return [(names.edition(game, lang), files) for (game, lang), files in editions.items()]


def _run(content_root: Path, out_dir: Path, stale: list[Unit], digests: dict[Unit, str], manifest: Manifest,
         summary: BuildSummary, duplex: str, offset: tuple[float, float], progress: Progress | None,
         workers: int | None, names: PlayerNames) -> None:
    from . import work as build_work  # the heavy part: content models, ReportLab, the renderers

    drawings = {key: drawing_digest(content_root, *key) for key in sorted({(u.game, u.lang) for u in stale})}
    build_work.prepare(content_root, out_dir, stale, drawings)  # raises InputError for content that does not load
    refused = build_work.refused(content_root, sorted({u.lang for u in stale}))  # lint's errors, as lint says them
    failures: list[Diagnostic] = [finding for found in refused.values() for finding in found]
    stale = sorted((u for u in stale if u.lang not in refused), key=lambda u: (-u.cost, u))
    done = 0
    if progress:
        progress(0, len(stale), "")
    results = []
    for result in build_work.run_all(stale, out_dir, duplex, offset, workers):
        done += 1
        if progress:
            progress(done, len(stale), names.label(result.unit))
        results.append(result)
    failed = set(refused) | {result.unit.lang for result in results if result.failure}
    for result in results:
        if result.failure:
            failures += list(result.failure)
            continue
        if result.unit.lang in failed:  # a language with an error keeps nothing of this build
            for name in result.files:
                files.output(out_dir).delete(name)
            manifest.pop(result.unit.name, None)
            continue
        for gone in sorted(set(_owned_files(result.unit, manifest.get(result.unit.name))) - set(result.files)):
            if _on_disk(out_dir, gone) is not None:
                files.output(out_dir).delete(gone)
        manifest[result.unit.name] = {"digest": digests[result.unit], "files": list(result.files),
                                      "stat": {f: _on_disk(out_dir, f) for f in result.files}}
        summary.written += result.files
        summary.built[result.unit.kind] = summary.built.get(result.unit.kind, 0) + 1
        summary.pages += result.pages if result.unit.kind == "pdf" else 0
    summary.written.sort()
    write_manifest(out_dir, manifest)
    if failures:
        unique = list(dict.fromkeys(failures))
        raise BuildFailed(unique, summary)
