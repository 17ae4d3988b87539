"""The content the studio shows, kept in step with the files: loaded once, loaded again when a file changes, and
every piece's picture drawn on demand by the renderer (render/core/preview.py) and kept until its inputs change.

Each game and language has a stamp: the digest of the files its pieces are drawn from (print.yaml, the game's
game.yaml, the language's common and game files, as a build's job reads them). A picture is kept under its stamp,
so saving the Korean travel file redraws Korean travel cards only, and a page asks again only for what changed.
Content that does not load, a text that does not fit, a missing text: each becomes the diagnostics shown on the
pieces they concern, instead of a stale picture; the picture comes back when the file is fixed.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..content.folders import COMMON, REFERENCE_LANG, languages
from ..content.load import Content, load_content
from .. import files
from ..errors import Diagnostic, InputError, Position
from ..games import registry
from ..render.core.context import Component, Face, Page, RenderContext, TextOverflow
from ..render.core.document import game_components
from ..render.core.fitcheck import CONTENT_PROBLEMS
from ..render.core.preview import Picture, face_keys, face_picture, page_picture

#: pictures kept in memory (a card's is some 30 kB)
KEPT = 600
SIDES = ("front", "back")


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece as the studio lists it: its game, deck, id and whether it has a back."""

    game: str
    deck: str
    id: str
    has_back: bool


@dataclass(frozen=True, slots=True)
class Drawn:
    """A picture, or why it could not be drawn (the diagnostics shown in its place)."""

    picture: Picture | None
    problems: tuple[Diagnostic, ...] = ()


class Workspace:
    """One content folder, as the studio serves it. Thread-safe: pages are drawn on the server's worker threads,
    one at a time (ReportLab's fonts and the text fitter's caches are shared)."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.lock = threading.RLock()
        self.generation = 0
        self.content: Content | None = None
        self.problems: tuple[Diagnostic, ...] = ()
        self.stamps: dict[tuple[str, str], str] = {}
        self._contexts: dict[tuple[str, str, str], RenderContext | tuple[Diagnostic, ...]] = {}
        self._pieces: dict[tuple[str, str, str], list[Component] | tuple[Diagnostic, ...]] = {}
        self._pages: dict[tuple[str, str, str], list[Page] | tuple[Diagnostic, ...]] = {}
        self._pictures: OrderedDict[tuple[Any, ...], Drawn] = OrderedDict()
        #: (game, stamp) -> text key -> the first piece showing it, in the reference language
        self._shown: dict[tuple[str, str], dict[str, str]] = {}
        self.reload()

    # -- loading ---------------------------------------------------------------------------------------------

    def reload(self) -> set[tuple[str, str]]:
        """Load the content again; returns the (game, language) pairs whose stamp changed."""
        with self.lock:
            try:
                content: Content | None = load_content(self.root)
                problems: tuple[Diagnostic, ...] = ()
            except InputError as exc:
                content, problems = None, tuple(exc.diagnostics)
            stamps = self._stamp_all(content)
            changed = {pair for pair in set(stamps) | set(self.stamps) if stamps.get(pair) != self.stamps.get(pair)}
            if problems != self.problems:
                changed |= set(stamps)
            self.content, self.problems, self.stamps = content, problems, stamps
            self.generation += 1
            self._contexts.clear()
            self._pieces.clear()
            self._pages.clear()
            return changed

    def _stamp_all(self, content: Content | None) -> dict[tuple[str, str], str]:
        langs = content.languages if content is not None else languages(self.root)
        games = list(content.games) if content is not None else registry.games_in(self.root)
        digests: dict[str, bytes] = {}

        def digest(rel: str) -> bytes:
            if rel not in digests:
                try:
                    digests[rel] = hashlib.sha256(files.content(self.root).bytes_of(rel)).digest()
                except InputError:
                    digests[rel] = b"missing"
            return digests[rel]

        return {(game, lang): hashlib.sha256(b"".join(digest(rel) for rel in (
            "print.yaml", f"{game}/game.yaml", f"{COMMON}/{lang}.yaml", f"{game}/{lang}.yaml"))).hexdigest()[:16]
            for game in games for lang in langs}

    @property
    def games(self) -> list[str]:
        return list(self.content.games) if self.content is not None else registry.games_in(self.root)

    @property
    def languages(self) -> list[str]:
        return self.content.languages if self.content is not None else languages(self.root)

    def stamp(self, game: str, lang: str) -> str:
        return self.stamps.get((game, lang), "none")

    def concerning(self, game: str, lang: str) -> tuple[Diagnostic, ...]:
        """The load problems that concern the pieces of `game` in `lang`: those in the files they are drawn from."""
        wanted = {"print.yaml", f"{game}/game.yaml", f"{COMMON}/{lang}.yaml", f"{game}/{lang}.yaml"}
        found = tuple(d for d in self.problems if any(d.position.path.endswith(rel) for rel in wanted))
        return found or self.problems

    # -- what there is to show -------------------------------------------------------------------------------

    def context(self, game: str, lang: str, paper: str = "") -> RenderContext | tuple[Diagnostic, ...]:
        with self.lock:
            if self.content is None:
                return self.concerning(game, lang)
            paper = paper or next(iter(self.content.print.papers))
            key = (game, lang, paper)
            if key not in self._contexts:
                try:
                    self._contexts[key] = RenderContext(self.content, game, lang, paper)
                except InputError as exc:
                    self._contexts[key] = tuple(exc.diagnostics)
            return self._contexts[key]

    def pieces(self, game: str, lang: str) -> list[Component] | tuple[Diagnostic, ...]:
        """The game's pieces in `lang` (laid out; each text is fitted when its face is first drawn)."""
        with self.lock:
            key = (game, lang, self.stamp(game, lang))
            if key not in self._pieces:
                ctx = self.context(game, lang)
                if isinstance(ctx, tuple):
                    return ctx
                try:
                    self._pieces[key] = game_components(ctx)
                except CONTENT_PROBLEMS as exc:
                    self._pieces[key] = _problems(exc, ctx)
            return self._pieces[key]

    def listing(self, game: str) -> list[Piece]:
        """Every piece of `game`, in deck order, as the reference language lays them out (the same in every
        language); empty when the content does not load."""
        for lang in [REFERENCE_LANG, *self.languages]:
            found = self.pieces(game, lang)
            if not isinstance(found, tuple):
                return [Piece(game, c.deck, c.id, c.back is not None) for c in found]
        return []

    def pages(self, game: str, lang: str, paper: str = "") -> list[Page] | tuple[Diagnostic, ...]:
        """The rulebook's pages, then the game's full pages (boards, log sheets), on `paper`."""
        from ..render.core.document import game_pages
        from ..render.core.rulebook import rulebook_pages

        with self.lock:
            ctx = self.context(game, lang, paper)
            if isinstance(ctx, tuple):
                return ctx
            key = (game, lang, ctx.paper)
            if key not in self._pages:
                try:
                    self._pages[key] = rulebook_pages(ctx) + game_pages(ctx)
                except CONTENT_PROBLEMS as exc:
                    self._pages[key] = _problems(exc, ctx)
            return self._pages[key]

    # -- pictures --------------------------------------------------------------------------------------------

    def piece_picture(self, game: str, lang: str, piece: str, side: str) -> Drawn:
        """The picture of one face of one piece (`side` "front" or "back"); KeyError when there is no such piece
        or face."""
        key = ("piece", game, lang, self.stamp(game, lang), piece, side)
        with self.lock:
            if key in self._pictures:
                self._pictures.move_to_end(key)
                return self._pictures[key]
            found = self.pieces(game, lang)
            if isinstance(found, tuple):
                if not any(p.id == piece for p in self.listing(game)) and self.listing(game):
                    raise KeyError(piece)
                return Drawn(None, found)
            component = next((c for c in found if c.id == piece), None)
            face: Face | None = None
            if component is not None:
                face = component.front if side == "front" else component.back if side == "back" else None
            if component is None or face is None:
                raise KeyError(piece)
            ctx = self.context(game, lang)
            assert not isinstance(ctx, tuple)
            try:
                drawn = Drawn(face_picture(ctx, component, face))
            except CONTENT_PROBLEMS as exc:
                drawn = Drawn(None, _problems(exc, ctx))
            return self._keep(key, drawn)

    def page_picture(self, game: str, lang: str, number: int, paper: str = "") -> Drawn:
        """The picture of page `number` (1-based) of the rulebook and full pages; KeyError when there is none."""
        with self.lock:
            ctx = self.context(game, lang, paper)
            paper = ctx.paper if not isinstance(ctx, tuple) else paper
            key = ("page", game, lang, self.stamp(game, lang), paper, number)
            if key in self._pictures:
                return self._pictures[key]
            found = self.pages(game, lang, paper)
            if isinstance(found, tuple):
                return Drawn(None, found)
            if not 1 <= number <= len(found):
                raise KeyError(number)
            assert not isinstance(ctx, tuple)
            try:
                drawn = Drawn(page_picture(ctx, found[number - 1]))
            except CONTENT_PROBLEMS as exc:
                drawn = Drawn(None, _problems(exc, ctx))
            return self._keep(key, drawn)

    def _keep(self, key: tuple[Any, ...], drawn: Drawn) -> Drawn:
        self._pictures[key] = drawn
        while len(self._pictures) > KEPT:
            self._pictures.popitem(last=False)
        return drawn

    def where_shown(self, game: str, key: str) -> Piece | None:
        """The first piece whose faces show text `key` in the reference language (drawn unseen), or None."""
        with self.lock:
            found = self.pieces(game, REFERENCE_LANG)
            if isinstance(found, tuple):
                return None
            stamp = (game, self.stamp(game, REFERENCE_LANG))
            if stamp not in self._shown:
                shown: dict[str, str] = {}
                for component in found:
                    for face in (component.front, component.back):
                        try:
                            for text in face_keys(component, face) if face is not None else ():
                                shown.setdefault(text, component.id)
                        except CONTENT_PROBLEMS:
                            continue
                self._shown[stamp] = shown
            piece = self._shown[stamp].get(key)
            return next((p for p in self.listing(game) if p.id == piece), None)


def _problems(exc: Exception, ctx: RenderContext) -> tuple[Diagnostic, ...]:
    """The positioned diagnostics of a content problem met while drawing `ctx` (as a build's job gives them,
    without lint's whole fit check: the overflow of the text drawn)."""
    from ..content.texts import MissingText

    if isinstance(exc, InputError):
        return tuple(exc.diagnostics)
    if isinstance(exc, TextOverflow):
        return (Diagnostic(ctx.texts.position(exc.field), str(exc), "fit", key_path=exc.field),)
    if isinstance(exc, MissingText):
        return (Diagnostic(ctx.texts.position(exc.key), str(exc.args[0]), "missing-text", key_path=exc.key),)
    return (Diagnostic(ctx.content.print_position(("papers", ctx.paper)), str(exc), "layout"),)
