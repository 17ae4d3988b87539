"""The rendering half of `pnp build`: each job draws its files and writes them whole; jobs run on every core.

What every job shares is done once in the parent before the worker processes fork, so each worker starts with it
in memory: the content, the renderers' imports, the fonts and the icons' drawing operators. Jobs are dealt to workers by
language: a worker then reads and measures only its own languages' texts, and lays out each game's pieces once for
all papers (a card is the same on A4 and Letter). A text that does not fit, or a missing text, ends its job with a
diagnostic at the text's position in the language file; nothing of that job is written.
"""
from __future__ import annotations

import gc
import io
import multiprocessing
import os
import queue
import traceback
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from .. import files
from ..content.load import Content, load_content
from ..errors import Diagnostic, InputError, Position
from ..games import registry
from ..render.core import disk_cache, document, fit_cache, pod, png, tts
from ..render.core.context import Component, RenderContext
from ..render.core.fitcheck import CONTENT_PROBLEMS, diagnostics_for
from ..render.core.fonts import fonts_for
from ..render.core.rulebook import rulebook_pages
from ..render.core.textfit import Fitted
from .hashes import CACHE
from .units import Unit, UnitResult

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess
    from multiprocessing.queues import Queue

    from PIL import Image


_CONTENT: Content | None = None
#: each game's pieces per language, laid out once and drawn into every paper's PDF: (game, lang, ink_saver) -> pieces
_PIECES: dict[tuple[str, str, bool], list[Component]] = {}
#: each game's texts fitted so far per language, shared by every paper's context (RenderContext.fitted): a text in a
#: box of the same size is fitted once, whether a card, a board or a page of A4 or Letter draws it; read from the
#: cache folder when an earlier build kept them (render/core/fit_cache.py)
_FITTED: dict[tuple[str, str], dict[tuple[Any, ...], Fitted]] = {}
#: per game and language: its fitted texts' kept file, and how many of them it holds
_FITS_KEPT: dict[tuple[str, str], tuple[str, int]] = {}
#: per game and language: the digest of what drawing it reads (`prepare`), which names its kept fitted texts
_DRAWINGS: dict[tuple[str, str], str] = {}


class WorkerCrashed(RuntimeError):
    """A worker process failed on something that is not a content problem (a bug): its traceback is the message."""


def prepare(content_root: Path, out_dir: Path, units: list[Unit], drawings: dict[tuple[str, str], str]) -> None:
    """Load and validate the content, then do the setup the jobs share, in this process: workers forked later
    inherit it instead of each doing it again. `drawings` names each game and language's drawing (its digest,
    `plan.drawing_digest`), after which the texts it fits are kept.

    Raises InputError for content that does not load. A problem that shows while drawing (a font that is not
    installed, a language file that does not load, an unknown icon) is left for each job to report, as its own.
    """
    global _CONTENT
    _CONTENT = load_content(content_root)
    _PIECES.clear()  # laid out from the content of an earlier build in this process
    _FITTED.clear()
    _FITS_KEPT.clear()
    _DRAWINGS.clear()
    _DRAWINGS.update(drawings)
    with disk_cache.kept_in(out_dir / CACHE):
        for lang in sorted({unit.lang for unit in units}):
            try:
                fonts_for(_CONTENT, lang)
            except InputError:
                pass
        for game in sorted({unit.game for unit in units}):
            spec = registry.spec(game)
            for part in ("components", "full_pages", "rulebook_pages"):  # imported once, here, for every worker
                spec.part(part)
            warm = spec.part("warm")
            if warm is not None:
                warm(_CONTENT)


def _content() -> Content:
    """The content `prepare` loaded (a job runs only after it)."""
    if _CONTENT is None:
        raise RuntimeError("prepare() loads the content before any job runs")
    return _CONTENT


def refused(content_root: Path, langs: list[str]) -> dict[str, list[Diagnostic]]:
    """Each language whose own text files have an error lint reports (a missing key, a placeholder, a character no
    font draws ...), with lint's findings: none of its outputs is built."""
    from ..content.lint import language_errors
    from ..render.core.fonts import glyphs_missing_for

    found = {lang: language_errors(content_root, _content(), lang, glyphs_missing_for) for lang in langs}
    return {lang: errors for lang, errors in found.items() if errors}


def deal(units: list[Unit], workers: int) -> list[list[Unit]]:
    """Split the jobs into `workers` batches of similar cost, keeping each language (else each game) together."""
    for key in (lambda u: u.lang, lambda u: (u.lang, u.game), lambda u: u):
        groups: dict[object, list[Unit]] = {}
        for unit in units:
            groups.setdefault(key(unit), []).append(unit)
        if len(groups) >= workers:
            break
    batches: list[list[Unit]] = [[] for _ in range(workers)]
    load = [0] * workers
    for group in sorted(groups.values(), key=lambda g: (-sum(u.cost for u in g), g)):
        lightest = load.index(min(load))
        batches[lightest] += group
        load[lightest] += sum(u.cost for u in group)
    return [sorted(batch, key=lambda u: (-u.cost, u)) for batch in batches if batch]


def run_all(units: list[Unit], out_dir: Path, duplex: str, offset: tuple[float, float],
            workers: int | None = None) -> Iterator[UnitResult]:
    """Run every job, yielding results as they finish: in this process for one job, else in forked workers."""
    workers = min(workers or os.cpu_count() or 1, len(units))
    if workers <= 1:
        for unit in units:
            yield run_unit(unit, str(out_dir), duplex, offset)
        return
    # Everything made so far lives until the end (content, fonts, icons, modules). Frozen, the garbage collector
    # stops walking it: in the workers' collections and at this process's exit (about a tenth of the build's CPU).
    gc.freeze()
    context = multiprocessing.get_context("fork")
    results: Queue[UnitResult | str] = context.Queue()
    processes = [context.Process(target=_work, args=(batch, str(out_dir), duplex, offset, results), daemon=True)
                 for batch in deal(units, workers)]
    for process in processes:
        process.start()
    try:
        for _ in units:
            yield _next_result(results, processes)
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()
            process.join()


def _work(batch: list[Unit], out_dir: str, duplex: str, offset: tuple[float, float],
          results: Queue[UnitResult | str]) -> None:
    for unit in batch:
        try:
            results.put(run_unit(unit, out_dir, duplex, offset))
        except BaseException:  # a bug, not a content problem: hand the traceback to the parent and stop
            results.put(traceback.format_exc())
            return


def _next_result(results: Queue[UnitResult | str], processes: Sequence[BaseProcess]) -> UnitResult:
    while True:
        try:
            result = results.get(timeout=0.2)
        except queue.Empty:
            dead = [p for p in processes if p.exitcode not in (None, 0)]
            if dead:
                raise WorkerCrashed(f"a build worker stopped unexpectedly (exit code {dead[0].exitcode})") from None
            continue
        if isinstance(result, str):
            raise WorkerCrashed(result)
        return result


def run_unit(unit: Unit, out_dir: str, duplex: str, offset: tuple[float, float]) -> UnitResult:
    try:
        content = _content()
        ctx = RenderContext(content, unit.game, unit.lang, unit.paper or next(iter(content.print.papers)),
                            fitted=_fitted(unit.game, unit.lang, Path(out_dir)))
    except InputError as exc:  # a language file that does not load
        return UnitResult(unit, failure=tuple(exc.diagnostics))
    try:
        if unit.kind == "pdf":
            return _pdf(ctx, unit, Path(out_dir), duplex, offset)
        if unit.kind == "pod":
            return _pod(ctx, unit, Path(out_dir))
        return _png(ctx, unit, Path(out_dir))
    except CONTENT_PROBLEMS as exc:
        return UnitResult(unit, failure=diagnostics_for(exc, ctx))


def _pdf(ctx: RenderContext, unit: Unit, out_dir: Path, duplex: str, offset: tuple[float, float]) -> UnitResult:
    """The three editions of one game, language and paper (Unit.pdf_files): standard, ink-saver, gutterfold."""
    ink = replace(ctx, ink_saver=True)  # shares ctx's fitted texts
    standard, saver, gutterfold = unit.pdf_files
    rules = rulebook_pages(ctx)  # laid out once for the three editions; each draws it in its own inks
    docs = {standard: document.render_document(ctx, duplex, offset, components=_components(ctx), rule_pages=rules),
            saver: document.render_document(ink, duplex, offset, components=_components(ink), rule_pages=rules),
            gutterfold: document.render_document(ctx, duplex, offset, components=_components(ctx), rule_pages=rules,
                                                 gutterfold=True)}
    for name, doc in docs.items():  # every edition is drawn before the first file is written
        _write(out_dir, unit, name, doc.data)
    _keep_fitted(unit.game, unit.lang, out_dir)
    return UnitResult(unit, tuple(docs), sum(len(doc.pages) for doc in docs.values()))


def _fitted(game: str, lang: str, out_dir: Path) -> dict[tuple[Any, ...], Fitted]:
    """The texts of `game` fitted in `lang` so far: in this process, else as an earlier build kept them."""
    if (game, lang) not in _FITTED:
        drawing = _DRAWINGS.get((game, lang))
        if drawing is None:  # a job `prepare` was not told about: fitted afresh, nothing kept
            return _FITTED.setdefault((game, lang), {})
        kept = fit_cache.name(drawing)
        with disk_cache.kept_in(out_dir / CACHE):
            _FITTED[game, lang] = fit_cache.read(kept)
        _FITS_KEPT[game, lang] = (kept, len(_FITTED[game, lang]))
    return _FITTED[game, lang]


def _keep_fitted(game: str, lang: str, out_dir: Path) -> None:
    """Keep the texts of `game` fitted in `lang` in the cache folder, when a job fitted new ones."""
    if (game, lang) not in _FITS_KEPT:
        return
    kept, count = _FITS_KEPT[game, lang]
    fitted = _FITTED[game, lang]
    if len(fitted) > count:
        with disk_cache.kept_in(out_dir / CACHE):
            fit_cache.write(kept, fitted)
        _FITS_KEPT[game, lang] = (kept, len(fitted))


def _write(out_dir: Path, unit: Unit, name: str, data: bytes) -> None:
    """Write one of the job's files whole; a name made of content (a paper, a deck) that is not one of this job's
    file names inside the output folder is refused, whatever the content's checks let through."""
    if not unit.owns(name):
        raise InputError.at(Position(str(out_dir / name)), "not a file name the build writes (names made of "
                            "content must be slugs)", "output")
    files.output(out_dir).write(name, data)  # inside the output folder, never through a link


def _components(ctx: RenderContext) -> list[Component]:
    """The game's pieces in this language, made once per process: their faces keep their fitted texts."""
    key = (ctx.game, ctx.lang, ctx.ink_saver)
    if key not in _PIECES:
        _PIECES[key] = document.game_components(ctx)
    return _PIECES[key]


def _pod(ctx: RenderContext, unit: Unit, out_dir: Path) -> UnitResult:
    decks = [(f"pod/{unit.game}-{unit.lang}-{deck.deck}.pdf", deck.data)
             for deck in pod.deck_files(ctx, _components(ctx))]
    for name, data in decks:  # every deck is drawn before the first file is written
        _write(out_dir, unit, name, data)
    return UnitResult(unit, tuple(name for name, _ in decks))


def _png(ctx: RenderContext, unit: Unit, out_dir: Path) -> UnitResult:
    dpi, max_px = ctx.print.png_dpi, ctx.print.tts_max_px
    outputs: dict[str, bytes] = {}
    for deck in pod.deck_files(ctx, _components(ctx)):
        images = png.rasterise(deck, dpi)
        names = png.face_filenames(deck)
        for face, image in images.items():
            outputs[f"png/{unit.game}/{unit.lang}/{deck.deck}/{names[face]}"] = _png_bytes(image)
        bleed_px = deck.bleed * dpi / 72
        for sheet in tts.tts_sheets(f"{unit.game}-{unit.lang}-{deck.deck}", images,
                                    [(front, back) for _, front, back in deck.cards], bleed_px, max_px):
            outputs[f"tts/{sheet.name}.png"] = _png_bytes(sheet.faces)
            outputs[f"tts/{sheet.name}-back.png"] = _png_bytes(sheet.back)
    for name, data in outputs.items():
        _write(out_dir, unit, name, data)
    return UnitResult(unit, tuple(sorted(outputs)))


def _png_bytes(image: Image.Image) -> bytes:
    """PNG bytes; an image that knows its print resolution (`info["dpi"]`, a card face) records it in the file."""
    buffer = io.BytesIO()
    resolution = {"dpi": image.info["dpi"]} if "dpi" in image.info else {}
    image.save(buffer, format="PNG", compress_level=3, **resolution)
    return buffer.getvalue()
