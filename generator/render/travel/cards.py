"""Every travel card as a Component: its front and its back, grouped into decks.

Decks: countries (the back is the other country), items (one component per copy, each with its own playing-card
index), passports, events, special, forbidden, postcards (all with the common back, so no card in a hand or the
draw pile can be told from behind; passports too, since they are held and may be stolen at random), characters
(their own back) and reference (the back is the card's second side).
"""
from __future__ import annotations

from ...content.model_parts import GameData
from ...content.yamlsrc import KeyPath
from ...errors import Diagnostic, InputError, Position
from ...games.travel.model import TravelGame
from ..core import icons, svg_ops
from ..core.context import Component, RenderContext
from .backs import CHARACTER_BACK_ICON, DECK_BACK_ICON, character_back, deck_back
from .deck_faces import event_face, forbidden_face, item_face, postcard_face, special_face
from .kit import Kit
from .table_faces import character_face, country_face, passport_face, reference_face
from .style import travel_game

ICON_FAMILIES = ("items", "events", "special", "forbidden", "postcards", "characters")


def travel_components(ctx: RenderContext) -> list[Component]:
    """All travel cards in deck order. Raises InputError for an icon the icon set lacks, TextOverflow for text
    that does not fit its box at the minimum size."""
    check_icons(ctx)
    kit = Kit(ctx)
    game = kit.game
    w, h = kit.geo.w, kit.geo.h
    common_back = deck_back(kit)
    out: list[Component] = []
    for card in game.countries:
        out.append(Component(card.id, "countries", w, h, country_face(kit, card, 0), country_face(kit, card, 1)))
    for item in game.items:
        for copy, index in enumerate(item.index, start=1):
            component_id = f"{item.id}-{copy}"
            out.append(Component(component_id, "items", w, h, item_face(kit, item, copy, index, component_id),
                                 common_back, hidden=True))
    for passport in game.passports:
        out.append(Component(passport.id, "passports", w, h, passport_face(kit, passport), common_back, hidden=True))
    for deck, faces in (("events", event_face), ("special", special_face), ("forbidden", forbidden_face),
                        ("postcards", postcard_face)):
        for card in getattr(game, deck):
            out.append(Component(card.id, deck, w, h, faces(kit, card), common_back, hidden=True))
    back = character_back(kit)
    for character in game.characters:
        out.append(Component(character.id, "characters", w, h, character_face(kit, character), back))
    for ref in game.reference_cards:
        first, second = ref.sides
        out.append(Component(ref.id, "reference", w, h, reference_face(kit, ref, first),
                             reference_face(kit, ref, second)))
    return out


def icon_uses(ctx: RenderContext) -> list[tuple[KeyPath, str]]:
    """Every icon the travel cards draw, as (path in game.yaml, OpenMoji code); flags come from country codes."""
    return _icon_uses(travel_game(ctx.game_data))


def icon_codes(game: TravelGame) -> list[str]:
    """Every OpenMoji code the travel cards draw: the icons of game.yaml, the flags and the backs' artwork."""
    return sorted({code for _, code in _icon_uses(game)} | {DECK_BACK_ICON, CHARACTER_BACK_ICON})


def warm_icons(data: GameData) -> None:
    """Convert every icon the cards draw once, before the build's workers fork (they inherit the result); an icon
    that fails is left for the jobs to report at its line in game.yaml."""
    for code in icon_codes(travel_game(data)):
        try:
            icons.art(code)
        except (FileNotFoundError, svg_ops.UnsupportedSvg):
            pass


def _icon_uses(game: TravelGame) -> list[tuple[KeyPath, str]]:
    uses: list[tuple[KeyPath, str]] = []
    for family in ICON_FAMILIES:
        for i, card in enumerate(getattr(game, family)):
            uses.append(((family, i, "icon"), card.icon))
    for i, card in enumerate(game.countries):
        for s, side in enumerate(card.sides):
            uses.append((("countries", i, "sides", s, "code"), icons.flag_code(side.code)))
    for i, passport in enumerate(game.passports):
        uses.append((("passports", i, "country"), icons.flag_code(passport.country)))
    return uses


def check_icons(ctx: RenderContext) -> None:
    """Every icon code in game.yaml must name an OpenMoji SVG that can be drawn; one message per bad icon, at its
    line."""
    located = ctx.content.game_located["travel"]
    try:
        folder = icons.svg_folder()
    except icons.IconSetMissing as exc:
        raise InputError.at(Position(located.path), str(exc), "icon") from None
    problems = []
    for loc, code in icon_uses(ctx):
        if not icons.exists(code):
            problem = f"no OpenMoji icon '{code}' (expected {folder / (code + '.svg')})"
        else:
            try:
                icons.art(code)
                continue
            except svg_ops.UnsupportedSvg as exc:
                problem = f"OpenMoji icon '{code}' cannot be drawn: {exc}"
        problems.append(Diagnostic(located.of(loc), problem, "icon", key_path=".".join(map(str, loc))))
    if problems:
        raise InputError(problems)
