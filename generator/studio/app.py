"""`pnp studio`'s web app (Starlette): server-rendered pages over the same library calls the CLI makes.

Pages: Cards (every piece of every game, a language or two side by side, each drawn by the renderer), a piece
alone with the keys of its texts, the rulebook's pages, the translation progress, the Table (the caller of a game
that has one, the setup of a game that deals one) and Check (a record pasted or dropped: the verdict, the rule, the
line, and the game step by step). Every word comes from the content's language files (`studio` in
`common/<lang>.yaml`). The app prints nothing; it writes only the caller's saves (table.py).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AsyncIterator, Callable
from urllib.parse import quote, urlencode

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..content.folders import COMMON, REFERENCE_LANG, shipped
from ..content.load import load_texts
from ..content.texts import MissingText, Texts
from ..files import MAX_FILE_BYTES, decode
from ..errors import Diagnostic, InputError, Position
from ..games import registry
from . import webfonts
from .events import Findings, Hub, lint, stamps_json, watch
from .guard import Guard
from .table import CallerTable, parse_players
from .views import Caller
from .workspace import SIDES, Drawn, Workspace

SLUG = re.compile(r"[a-z0-9][a-z0-9._-]{0,80}")
#: the name a pasted record gets in messages
PASTED = "record.yaml"


@dataclass(frozen=True, slots=True)
class Settings:
    """What `pnp studio` was started with."""

    content: Path
    output: Path
    lang: str
    hosts: frozenset[str]
    token: str | None = None
    #: the address other devices open (LAN mode, with the token), for the QR code
    share_url: str = ""
    #: watch the content folder (tests of a single request turn it off)
    watch: bool = True


class Studio:
    """What the routes share: the workspace, the caller's table, lint's findings, the event hub, the pages."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.workspace = Workspace(settings.content)
        self.table = CallerTable(settings.output / "studio")
        self.findings = Findings()
        self.hub = Hub()
        self.env = Environment(loader=PackageLoader("generator.studio", "templates"),
                               autoescape=select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)
        self._words: dict[str, tuple[int, Texts]] = {}

    # -- words -----------------------------------------------------------------------------------------------

    def words(self, lang: str) -> Texts:
        """The shared words of `lang` (its `studio` section), read again when the content changed; the shipped
        English ones when that file does not load, so a broken file still gets a page that says what is wrong."""
        kept = self._words.get(lang)
        if kept is not None and kept[0] == self.workspace.generation:
            return kept[1]
        try:
            texts = load_texts(self.settings.content, COMMON, lang)
            texts.get("studio.nav.cards")
        except (InputError, MissingText):
            texts = load_texts(shipped("content"), COMMON, REFERENCE_LANG)
        self._words[lang] = (self.workspace.generation, texts)
        return texts

    def lang_of(self, request: Request, name: str = "lang") -> str:
        """The language a page asks for (`?lang=`), else the studio's; an unknown one is a 404 saying which are
        known."""
        lang = request.query_params.get(name) or self.settings.lang
        known = self.workspace.languages
        if lang not in known:
            if name == "lang" and not request.query_params.get(name):
                return known[0] if known else REFERENCE_LANG
            raise HTTPException(404, self.words(self.settings.lang).get("studio.error.language", lang=lang,
                                                                       known=", ".join(known)))
        return lang

    def page(self, request: Request, template: str, lang: str, status: int = 200, **values: Any) -> HTMLResponse:
        words = self.words(lang)
        html = self.env.get_template(template).render(
            w=words.get, lang=lang, langs=self.workspace.languages, request=request, problems=self.workspace.problems,
            games=self.workspace.games, title_of=lambda game: self.game_title(game, lang), url=_url, where=_where,
            path=request.url.path, query=dict(request.query_params), lan=self.settings.token is not None,
            font_faces=self.font_faces(lang), **values)
        return HTMLResponse(html, status)

    def game_title(self, game: str, lang: str) -> str:
        content = self.workspace.content
        if content is not None:
            try:
                return content.texts(game, lang).get("title")
            except (InputError, MissingText):
                pass
        return registry.spec(game).title

    def font_faces(self, lang: str) -> list[tuple[str, str, str]]:
        """(css family, weight, url) of each web font `lang`'s pages use, in the order they are asked."""
        content = self.workspace.content
        if content is None:
            return []
        return [(f"pnp-{lang}-{n}", weight, f"/fonts/{lang}/{n}-{weight}.ttf?g={self.workspace.generation}")
                for n, _ in enumerate(webfonts.family_names(content, lang)) for weight in webfonts.WEIGHTS]

    def warm_fonts(self, lang: str) -> None:
        """Cut the first page's fonts before it asks for them (some 0.2 s of CPU each)."""
        content = self.workspace.content
        if content is None or lang not in content.languages:
            return
        for family in webfonts.family_names(content, lang):
            for weight in webfonts.WEIGHTS:
                webfonts.subset(content, lang, family, weight)

    def known_game(self, game: str) -> str:
        if game not in self.workspace.games:
            raise HTTPException(404, self.words(self.settings.lang).get("studio.error.game", game=game,
                                                                       known=", ".join(self.workspace.games)))
        return game


def _url(path: str, **query: Any) -> str:
    """A path with the query values that are set."""
    given = {key: value for key, value in query.items() if value not in (None, "")}
    return path + (f"?{urlencode(given)}" if given else "")


def _where(position: Position) -> str:
    return str(position)


# -- the app ----------------------------------------------------------------------------------------------------


def create_app(settings: Settings) -> Starlette:
    studio = Studio(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        stop = asyncio.Event()
        task = asyncio.create_task(watch(studio.workspace, studio.hub, studio.findings, stop)) if settings.watch \
            else asyncio.create_task(lint(studio.workspace, studio.hub, studio.findings))
        warming = asyncio.create_task(run_in_threadpool(studio.warm_fonts, settings.lang))
        try:
            yield
        finally:
            stop.set()
            studio.hub.close()
            task.cancel()
            warming.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    routes = [
        Route("/", lambda request: RedirectResponse("/cards", 303)),
        Route("/cards", _with(studio, cards_page)),
        Route("/tile/{game}/{lang}/{piece}/{side}", _with(studio, piece_tile)),
        Route("/page-tile/{game}/{lang}/{number:int}", _with(studio, page_tile)),
        Route("/picture/{game}/{lang}/{piece}/{side}.png", _with(studio, piece_png)),
        Route("/page/{game}/{lang}/{number:int}.png", _with(studio, page_png)),
        Route("/card/{game}/{piece}", _with(studio, card_page)),
        Route("/rulebook/{game}", _with(studio, rulebook_page)),
        Route("/progress", _with(studio, progress_page)),
        Route("/find/{game}", _with(studio, find_text)),
        Route("/table", _with(studio, table_page)),
        Route("/table/{game}/caller", _with(studio, caller_page)),
        Route("/table/{game}/setup", _with(studio, setup_page)),
        Route("/api/caller/{game}", _with(studio, caller_state)),
        Route("/api/caller/{game}/{action}", _with(studio, caller_action), methods=["POST"]),
        Route("/check", _with(studio, check_page)),
        Route("/check", _with(studio, check_record), methods=["POST"]),
        Route("/events", _with(studio, events)),
        Route("/fonts/{lang}/{index:int}-{weight}.ttf", _with(studio, font_file)),
        Route("/qr.svg", _with(studio, qr_code)),
        Mount("/static", StaticFiles(packages=[("generator.studio", "static")]), name="static"),
    ]

    async def http_error(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        words = studio.words(settings.lang)
        if isinstance(exc, HTTPException):
            message = str(exc.detail)
        else:
            message = words.get("studio.error.unexpected", problem=type(exc).__name__)
        if request.url.path.startswith("/api/") or "application/json" in request.headers.get("accept", ""):
            return JSONResponse({"error": message}, status)
        return studio.page(request, "error.html", settings.lang, status, message=message)

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: http_error,
                                                                          Exception: http_error})
    app.state.studio = studio

    def refusal(status: int, why: str, scope: dict[str, Any]) -> Response:
        words = studio.words(settings.lang)
        message = words.get(f"studio.error.{why}")
        html = studio.env.get_template("refused.html").render(w=words.get, lang=settings.lang, message=message)
        return HTMLResponse(html, status)

    app.add_middleware(Guard, hosts=set(settings.hosts), token=settings.token, refusal=refusal)
    return app


Handler = Callable[[Studio, Request], Any]


def _with(studio: Studio, handler: Handler) -> Callable[[Request], Any]:
    async def endpoint(request: Request) -> Any:
        return await handler(studio, request)
    endpoint.__name__ = handler.__name__
    return endpoint


# -- cards ------------------------------------------------------------------------------------------------------


async def cards_page(studio: Studio, request: Request) -> Response:
    lang = studio.lang_of(request)
    other = studio.lang_of(request, "with") if request.query_params.get("with") else ""
    games = studio.workspace.games
    game = studio.known_game(request.query_params.get("game") or (games[0] if games else ""))
    pieces = await run_in_threadpool(studio.workspace.listing, game)
    decks: dict[str, list[Any]] = {}
    for piece in pieces:
        decks.setdefault(piece.deck, []).append(piece)
    deck = request.query_params.get("deck") or next(iter(decks), "")
    if decks and deck not in decks:
        raise HTTPException(404, studio.words(lang).get("studio.error.deck", deck=deck, known=", ".join(decks)))
    side = request.query_params.get("side", "front")
    if side not in SIDES:
        raise HTTPException(404, studio.words(lang).get("studio.error.side", side=side))
    texts = _game_texts(studio, game, lang)
    deck_names = {name: _text(texts, f"decks.{name}", name) for name in decks}
    shown = [piece for piece in decks.get(deck, []) if side == "front" or piece.has_back]
    return studio.page(request, "cards.html", lang, game=game, other=other, decks=deck_names, deck=deck,
                       pieces=shown, side=side, stamps=stamps_json(studio.workspace))


def _game_texts(studio: Studio, game: str, lang: str) -> Texts | None:
    content = studio.workspace.content
    if content is None:
        return None
    try:
        return content.texts(game, lang)
    except InputError:
        return None


def _text(texts: Texts | None, key: str, fallback: str) -> str:
    if texts is None:
        return fallback
    try:
        return texts.get(key)
    except MissingText:
        return fallback


async def _piece_picture(studio: Studio, game: str, lang: str, piece: str, side: str) -> Drawn:
    """One face drawn off the event loop; a piece the game does not have is a 404 in the page's language."""
    try:
        return await run_in_threadpool(studio.workspace.piece_picture, game, lang, piece, side)
    except KeyError:
        raise HTTPException(404, studio.words(lang).get("studio.error.piece", piece=piece)) from None


async def _page_picture(studio: Studio, request: Request) -> tuple[str, str, int, Drawn]:
    """The game, language and page number a request names, and that page drawn off the event loop."""
    game = studio.known_game(request.path_params["game"])
    lang = _known_lang(studio, request.path_params["lang"])
    number = request.path_params["number"]
    try:
        drawn = await run_in_threadpool(studio.workspace.page_picture, game, lang, number)
    except KeyError:
        raise HTTPException(404, studio.words(lang).get("studio.error.page", number=number)) from None
    return game, lang, number, drawn


async def piece_tile(studio: Studio, request: Request) -> Response:
    """One face of one piece: its picture with its texts' keys over it and lint's findings on it, or the
    problems that keep it from being drawn."""
    game, lang, piece, side = _piece_params(studio, request)
    size = request.query_params.get("size", "small")
    drawn = await _piece_picture(studio, game, lang, piece, side)
    return _tile(studio, request, game, lang, drawn, f"/picture/{game}/{lang}/{quote(piece)}/{side}.png",
                 f"/card/{game}/{quote(piece)}?lang={lang}", size)


async def page_tile(studio: Studio, request: Request) -> Response:
    game, lang, number, drawn = await _page_picture(studio, request)
    return _tile(studio, request, game, lang, drawn, f"/page/{game}/{lang}/{number}.png", "", "page")


def _tile(studio: Studio, request: Request, game: str, lang: str, drawn: Any, png: str, link: str,
          size: str) -> Response:
    stamp = studio.workspace.stamp(game, lang)
    content = studio.workspace.content
    texts = _game_texts(studio, game, lang)
    spots, findings = [], []
    if drawn.picture is not None:
        for spot in drawn.picture.spots:
            where = _text_position(texts, spot.key)
            file = "/".join(Path(where.path).parts[-2:]) if where is not None else ""
            found = studio.findings.of(file, spot.key) if file else []
            findings += [f for f in found if f not in findings]
            spots.append((spot, str(where) if where is not None else "", found))
    html = studio.env.get_template("tile.html").render(
        w=studio.words(lang).get, drawn=drawn, png=f"{png}?s={stamp}", link=link, stamp=stamp, spots=spots,
        findings=findings, size=size, where=_where, loaded=content is not None)
    return HTMLResponse(html)


def _text_position(texts: Texts | None, key: str) -> Position | None:
    if texts is None:
        return None
    try:
        return texts.position(key)
    except (KeyError, MissingText, IndexError):
        return None


def _piece_params(studio: Studio, request: Request) -> tuple[str, str, str, str]:
    game = studio.known_game(request.path_params["game"])
    lang = _known_lang(studio, request.path_params["lang"])
    piece, side = request.path_params["piece"], request.path_params["side"]
    if side not in SIDES:
        raise HTTPException(404, studio.words(lang).get("studio.error.side", side=side))
    if not SLUG.fullmatch(piece):
        raise HTTPException(404, studio.words(lang).get("studio.error.piece", piece=piece))
    return game, lang, piece, side


def _known_lang(studio: Studio, lang: str) -> str:
    if lang not in studio.workspace.languages:
        raise HTTPException(404, studio.words(studio.settings.lang).get(
            "studio.error.language", lang=lang, known=", ".join(studio.workspace.languages)))
    return lang


async def piece_png(studio: Studio, request: Request) -> Response:
    game, lang, piece, side = _piece_params(studio, request)
    drawn = await _piece_picture(studio, game, lang, piece, side)
    return _png(studio, lang, drawn)


async def page_png(studio: Studio, request: Request) -> Response:
    game, lang, number, drawn = await _page_picture(studio, request)
    return _png(studio, lang, drawn)


def _png(studio: Studio, lang: str, drawn: Any) -> Response:
    if drawn.picture is None:
        raise HTTPException(409, "; ".join(str(d) for d in drawn.problems[:3]))
    return Response(drawn.picture.png, media_type="image/png", headers={"cache-control": "max-age=3600"})


async def card_page(studio: Studio, request: Request) -> Response:
    game = studio.known_game(request.path_params["game"])
    piece_id = request.path_params["piece"]
    lang = studio.lang_of(request)
    other = studio.lang_of(request, "with") if request.query_params.get("with") else ""
    pieces = await run_in_threadpool(studio.workspace.listing, game)
    piece = next((p for p in pieces if p.id == piece_id), None)
    if piece is None:
        raise HTTPException(404, studio.words(lang).get("studio.error.piece", piece=piece_id))
    texts = _game_texts(studio, game, lang)
    return studio.page(request, "card.html", lang, game=game, piece=piece, other=other,
                       deck_name=_text(texts, f"decks.{piece.deck}", piece.deck), stamps=stamps_json(studio.workspace))


async def rulebook_page(studio: Studio, request: Request) -> Response:
    game = studio.known_game(request.path_params["game"])
    lang = studio.lang_of(request)
    other = studio.lang_of(request, "with") if request.query_params.get("with") else ""
    pages = await run_in_threadpool(studio.workspace.pages, game, lang)
    count = len(pages) if isinstance(pages, list) else 0
    if other:
        theirs = await run_in_threadpool(studio.workspace.pages, game, other)
        count = max(count, len(theirs) if isinstance(theirs, list) else 0)
    problems = pages if isinstance(pages, tuple) else ()
    return studio.page(request, "rulebook.html", lang, game=game, other=other, count=count, page_problems=problems,
                       stamps=stamps_json(studio.workspace))


async def progress_page(studio: Studio, request: Request) -> Response:
    from ..content.lint import translation_progress

    lang = studio.lang_of(request)
    root = studio.settings.content
    figures = await run_in_threadpool(lambda: [translation_progress(root, each) for each in studio.workspace.languages
                                               if each != REFERENCE_LANG])
    chosen = request.query_params.get("of") or (lang if lang != REFERENCE_LANG else "")
    if chosen and chosen not in studio.workspace.languages:
        raise HTTPException(404, studio.words(lang).get("studio.error.language", lang=chosen,
                                                        known=", ".join(studio.workspace.languages)))
    shown = next((p for p in figures if p.lang == chosen), None)
    return studio.page(request, "progress.html", lang, figures=figures, shown=shown, chosen=chosen,
                       reference=REFERENCE_LANG)


async def find_text(studio: Studio, request: Request) -> Response:
    """The piece that shows a text (`?key=`), in the language asked: its page, else the rulebook's."""
    folder = request.path_params["game"]
    key = request.query_params.get("key", "")
    lang = studio.lang_of(request)
    games = [folder] if folder in studio.workspace.games else studio.workspace.games
    for game in games:
        piece = await run_in_threadpool(studio.workspace.where_shown, game, key)
        if piece is not None:
            return RedirectResponse(_url(f"/card/{game}/{quote(piece.id)}", lang=lang, key=key), 303)
    if not games:
        raise HTTPException(404, studio.words(lang).get("studio.error.game", game=folder, known=""))
    return RedirectResponse(_url(f"/rulebook/{games[0]}", lang=lang, key=key), 303)


# -- the table --------------------------------------------------------------------------------------------------


async def table_page(studio: Studio, request: Request) -> Response:
    lang = studio.lang_of(request)
    callers = [game for game in studio.workspace.games if registry.spec(game).caller]
    setups = [game for game in studio.workspace.games if registry.spec(game).table_setup]
    return studio.page(request, "table.html", lang, callers=callers, setups=setups,
                       share_url=studio.settings.share_url)


def _caller(studio: Studio, game: str, lang: str) -> Caller:
    part = registry.spec(studio.known_game(game)).part("caller")
    content = studio.workspace.content
    if part is None:
        raise HTTPException(404, studio.words(lang).get("studio.error.no_caller", game=game))
    if content is None:
        raise HTTPException(409, studio.words(lang).get("studio.error.content"))
    caller: Caller = part(content, lang, None)
    return caller


async def caller_page(studio: Studio, request: Request) -> Response:
    lang = studio.lang_of(request)
    game = request.path_params["game"]
    caller = _caller(studio, game, lang)
    current = studio.table.current(game, caller)
    return studio.page(request, "caller.html", lang, game=game, caller=caller, state=current.as_json(caller),
                       share_url=studio.settings.share_url)


async def caller_state(studio: Studio, request: Request) -> Response:
    lang = studio.lang_of(request)
    game = request.path_params["game"]
    caller = _caller(studio, game, lang)
    return JSONResponse(studio.table.current(game, caller).as_json(caller))


async def caller_action(studio: Studio, request: Request) -> Response:
    from ..errors import InputError as WriteError

    lang = studio.lang_of(request)
    game, action = request.path_params["game"], request.path_params["action"]
    caller = _caller(studio, game, lang)
    try:
        if action == "new":
            try:
                form = json.loads(await _body(request, 4096) or "{}")
            except ValueError:
                form = None
            if not isinstance(form, dict) or not isinstance(form.get("players", ""), str) \
                    or not isinstance(form.get("seed", ""), (str, int)) or isinstance(form.get("seed"), bool):
                raise HTTPException(400, studio.words(lang).get("studio.error.form"))
            seed_text = str(form.get("seed", "")).strip()
            if seed_text and not (seed_text.isdigit() and len(seed_text) <= 9):
                raise HTTPException(400, studio.words(lang).get("studio.error.seed"))
            current = await run_in_threadpool(studio.table.start, game, caller, parse_players(form.get("players", "")),
                                              int(seed_text) if seed_text else None)
        elif action in ("next", "undo", "repeat"):
            current = await run_in_threadpool(studio.table.act, game, caller, action)
        else:
            raise HTTPException(404, studio.words(lang).get("studio.error.action", action=action))
    except WriteError as exc:
        raise HTTPException(500, "; ".join(str(d) for d in exc.diagnostics)) from None
    state = current.as_json(caller)
    studio.hub.publish({"kind": "caller", "game": game, "state": state})
    return JSONResponse(state)


async def setup_page(studio: Studio, request: Request) -> Response:
    lang = studio.lang_of(request)
    game = studio.known_game(request.path_params["game"])
    part = registry.spec(game).part("table_setup")
    content = studio.workspace.content
    if part is None:
        raise HTTPException(404, studio.words(lang).get("studio.error.no_setup", game=game))
    if content is None:
        raise HTTPException(409, studio.words(lang).get("studio.error.content"))
    players: Any = getattr(content.games[game], "players")  # every game's model has one (content/model_parts.py)
    fewest, most = players.min, players.max
    names = parse_players(request.query_params.get("players", ""))
    words = studio.words(lang)
    if not names:
        names = [words.get("studio.setup.player", n=n) for n in range(1, fewest + 2)]
    if not fewest <= len(names) <= most:
        raise HTTPException(400, words.get("studio.error.players", fewest=fewest, most=most))
    seed_text = request.query_params.get("seed", "")
    if seed_text and not (seed_text.isdigit() and len(seed_text) <= 9):
        raise HTTPException(400, words.get("studio.error.seed"))
    seed = int(seed_text) if seed_text else secrets.randbelow(1_000_000)
    taken = {key: request.query_params.get(key, "").split(",") for key in ("transit", "centre", "characters")}
    try:
        deal = await run_in_threadpool(part, content, lang, names, seed, taken)
    except ValueError as exc:
        raise HTTPException(400, str(exc)) from None
    return studio.page(request, "setup.html", lang, game=game, deal=deal, seed=seed, players=", ".join(names),
                       taken={key: request.query_params.get(key, "") for key in taken})


# -- check ------------------------------------------------------------------------------------------------------


async def check_page(studio: Studio, request: Request) -> Response:
    lang = studio.lang_of(request)
    return studio.page(request, "check.html", lang)


async def _body(request: Request, limit: int) -> str:
    """The request's body as text, refused (413) past `limit` bytes and (400) when it is not UTF-8."""
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise HTTPException(413, request.app.state.studio.words(request.app.state.studio.settings.lang).get(
                "record_file.too_large", limit=limit // (1024 * 1024) or 1))
    try:
        return decode(bytes(data), PASTED)
    except InputError as exc:
        raise HTTPException(400, str(exc.diagnostics[0])) from None


async def check_record(studio: Studio, request: Request) -> Response:
    """A record in the body: the verdict, the rule as printed, the line it breaks, and the step-through."""
    from ..check import check_text

    lang = studio.lang_of(request)
    text = await _body(request, MAX_FILE_BYTES)
    content = studio.workspace.content
    if content is None:
        raise HTTPException(409, studio.words(lang).get("studio.error.content"))
    name = _record_name(request.query_params.get("name", ""))

    def judged() -> tuple[Any, Any, tuple[Diagnostic, ...], str]:
        try:
            report = check_text(text, name, content, lang, nodes=0)
        except InputError as exc:
            return None, None, tuple(exc.diagnostics), ""
        game = report.game
        part = registry.spec(game).part("steps")
        walk = part(content, lang, text, name) if part is not None else None
        return report, walk, (), game

    report, walk, errors, game = await run_in_threadpool(judged)
    violation = _broken(report)
    marked = {d.position.line for d in errors if d.position.path == name}
    if violation is not None:
        marked.add(violation.position.line)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return studio.page(request, "verdict.html", lang, report=report, violation=violation, errors=errors, walk=walk,
                       lines=lines, marked=marked, game=game, name=name)


@dataclass(frozen=True, slots=True)
class Broken:
    """The first broken rule as the check page shows it: in the report's words, where the record writes it."""

    rule: str
    title: str
    text: str
    reason: str
    position: Position


def _broken(report: Any) -> Broken | None:
    """The report's broken rule in its own words (the same the JSON envelope carries), or None."""
    violation = report.violation() if report is not None else None
    if violation is None:
        return None
    said = report.violation_json(violation)
    position = violation.position if violation.position is not None else Position(str(report.path))
    return Broken(violation.rule, said["title"], said["text"], said["reason"], position)


def _record_name(given: str) -> str:
    """The dropped file's name for messages (its last part, plain characters only), else `record.yaml`."""
    name = Path(given.replace("\\", "/")).name
    return name if SLUG.fullmatch(name.lower()) else PASTED


# -- live updates, fonts, the QR code ----------------------------------------------------------------------------


async def events(studio: Studio, request: Request) -> Response:
    return StreamingResponse(studio.hub.stream(), media_type="text/event-stream",
                             headers={"cache-control": "no-store", "x-accel-buffering": "no"})


async def font_file(studio: Studio, request: Request) -> Response:
    lang = _known_lang(studio, request.path_params["lang"])
    index, weight = request.path_params["index"], request.path_params["weight"]
    content = studio.workspace.content
    families = webfonts.family_names(content, lang) if content is not None else []
    if weight not in webfonts.WEIGHTS or not 0 <= index < len(families):
        raise HTTPException(404, studio.words(lang).get("studio.error.font"))
    assert content is not None
    data = await run_in_threadpool(webfonts.subset, content, lang, families[index], weight)
    return Response(data, media_type="font/ttf", headers={"cache-control": "max-age=86400"})


async def qr_code(studio: Studio, request: Request) -> Response:
    import segno

    if not studio.settings.share_url:
        raise HTTPException(404, studio.words(studio.settings.lang).get("studio.error.not_lan"))
    svg = segno.make(studio.settings.share_url, error="m").svg_inline(scale=6, border=2)
    return Response(svg, media_type="image/svg+xml", headers={"cache-control": "no-store"})

