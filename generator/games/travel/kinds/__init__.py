"""The registry of effect kinds: `kind: draw` in game.yaml names the handler that knows everything about it
(`base.Kind`), found here by name.

Like the game registry, the shipped kinds are listed as lazy "module:attribute" references. A kind that is not
shipped is an installed package's, declared in the entry-point group `pnp.travel_kinds` (`gift = "gifts:KIND"`),
looked up only for a name that is not shipped; or one added in-process with `register` (a test's). Nothing else in
the travel game names a kind.
"""
from __future__ import annotations

import sys
from functools import cache
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from .base import EffectModel, Kind

_HERE = "generator.games.travel.kinds"
#: every shipped kind, in the order messages list them: name -> "module:attribute" of its handler
SHIPPED = {
    "draw": f"{_HERE}.draw:KIND",
    "search_draw_pile": f"{_HERE}.search:KIND",
    "swap_with_draw_pile": f"{_HERE}.swap:KIND",
    "cancel_action": f"{_HERE}.reactions:CANCEL",
    "block_steal": f"{_HERE}.reactions:BLOCK",
    "substitute_item": f"{_HERE}.held:STANDIN",
    "steal_choice": f"{_HERE}.steal_choice:KIND",
    "extra_action": f"{_HERE}.extra:KIND",
    "hand_limit_bonus": f"{_HERE}.held:LIMIT_BONUS",
    "everyone_draws": f"{_HERE}.events:EVERYONE_DRAWS",
    "everyone_discards": f"{_HERE}.events:EVERYONE_DISCARDS",
    "pass_cards": f"{_HERE}.events:PASS_CARDS",
    "discard_forbidden": f"{_HERE}.events:DISCARD_FORBIDDEN",
    "reshuffle_discard": f"{_HERE}.events:RESHUFFLE_DISCARD",
    "forbidden": f"{_HERE}.held:FORBIDDEN",
    "postcard": f"{_HERE}.held:POSTCARD",
}
#: where an installed package declares a kind of its own
ENTRY_POINTS = "pnp.travel_kinds"
_LOADED: dict[str, Kind[Any]] = {}


def _installed() -> dict[str, str]:
    """The kinds installed packages declare: name -> "module:attribute"."""
    return dict(_declared(tuple(sys.path)))


@cache
def _declared(path: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The kinds the packages on import path `path` declare: asked once per path, as reading every installed
    package's entry points costs a few milliseconds and a travel check asks for the kinds' names several times."""
    return tuple((point.name, point.value) for point in entry_points(group=ENTRY_POINTS) if point.name not in SHIPPED)


def names() -> list[str]:
    """Every kind's name: the shipped ones, then the installed and registered ones."""
    return list(dict.fromkeys([*SHIPPED, *_installed(), *_LOADED]))


def _known(name: str) -> bool:
    """Whether `name` is a kind (the installed packages are asked only for a name that is not shipped)."""
    return name in SHIPPED or name in _LOADED or name in _installed()


def kind(name: str) -> Kind[Any]:
    """The handler of kind `name`; KeyError when there is none."""
    found = _LOADED.get(name)
    if found is None:
        ref = SHIPPED.get(name) or _installed()[name]
        module, _, attribute = ref.partition(":")
        found = getattr(import_module(module), attribute)
        if not isinstance(found, Kind) or found.name != name:
            raise TypeError(f"{ref} is not the handler of kind '{name}'")
        _LOADED[name] = found
    return found


def register(handler: Kind[Any]) -> None:
    """Add a kind that is not shipped (its name must be new)."""
    if handler.name in SHIPPED or handler.name in _LOADED:
        raise ValueError(f"kind '{handler.name}' already exists")
    _LOADED[handler.name] = handler


def unregister(name: str) -> None:
    """Remove a kind `register` added."""
    if name in SHIPPED:
        raise ValueError(f"kind '{name}' is shipped")
    _LOADED.pop(name, None)


class AnyEffect:
    """The type of a card's `effect:` in the game data: validated by the model of the kind it names (a pydantic
    annotation: `Annotated[EffectModel, AnyEffect()]`), so a registered kind is valid data like a shipped one."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(self.validate)

    def __get_pydantic_json_schema__(self, schema: core_schema.CoreSchema,
                                     handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        union = core_schema.tagged_union_schema(
            {name: kind(name).model.__pydantic_core_schema__ for name in names()}, discriminator="kind")
        return handler(union)

    @staticmethod
    def validate(value: Any) -> EffectModel:
        if isinstance(value, EffectModel):
            return value
        if not isinstance(value, dict) or "kind" not in value:
            raise PydanticCustomError("union_tag_not_found", "missing key 'kind'", {"discriminator": "'kind'"})
        name = value["kind"]
        if not isinstance(name, str) or not _known(name):
            raise PydanticCustomError(
                "union_tag_invalid", "unknown kind {tag}",
                {"discriminator": "'kind'", "tag": str(name), "expected_tags": ", ".join(f"'{n}'" for n in names())})
        effect: EffectModel = kind(name).model.model_validate(value)
        return effect
