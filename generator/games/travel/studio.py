"""What `pnp studio` shows of the travel game: a checked record turn by turn, and a deal for the table.

The step-through is the checker's own replay (replay.Replay, with its per-turn hook): each step is the table as
the replay left it after that turn, hands and piles in the chosen language; the broken rule's step is the state
the violation carries. The deal is the simulator's (simulate.random_setup), and who starts is the rules' (R7).
"""
from __future__ import annotations

import random
from typing import Any

from ...studio.views import Deal, Panel, Row, Seat, Step, Walk
from .cards import tables_for
from .check import checker_for
from .engine import Game
from .replay import Replay
from .rules import first_player, nearest_seats
from .simulate import random_setup
from .state import Snapshot
from .texts import Words

#: the extensions a studio deal uses: every one (the table leaves out what it does not play)
EXTENSIONS = frozenset({"events", "special", "forbidden", "postcards", "characters"})


def steps(content: Any, lang: str, text: str, path: str) -> Walk:
    """Record `text` (named `path`) replayed turn by turn; malformed input raises InputError as `pnp check` does."""
    checker = checker_for(content, lang)
    words = checker.words
    record = checker.reader().read(text, path)
    shown: list[Step] = []

    def after(turn_no: int, game: Game) -> None:
        state = game.snapshot()
        if turn_no < 0:
            title, line = words.texts.get("studio.step.setup"), 0
        else:
            player = record.setup.names[record.seats[turn_no]]
            title = words.texts.get("studio.step.turn", n=turn_no + 1, player=player)
            line = record.position(record.turn(turn_no).player_at).line
        shown.append(Step(title, line, _panels(words, record.setup.names, state)))

    outcome = Replay(checker.t, record).run(after)
    violation = outcome.violation
    if violation is None:
        return Walk(tuple(shown))
    title = words.texts.get("studio.step.broken", rule=violation.rule, title=words.rule_title(violation.rule))
    state = violation.state if violation.state is not None else outcome.game.snapshot()
    line = violation.position.line if violation.position is not None else 0
    last = Step(title, line, _panels(words, record.setup.names, state), broken=True)
    return Walk((*shown, last), complete=False)


def _panels(words: Words, names: list[str], state: Snapshot) -> tuple[Panel, ...]:
    """Each player's hand and next country (the active player's marked), then the piles, newest discard first."""
    t = words.texts
    hands = tuple(
        Panel(name, (Row(t.get("table.hand", count=len(hand), limit=limit), tuple(words.card(c) for c in hand)),
                     Row(t.get("table.next"), (words.country(dest),))),
              current=seat == state.active)
        for seat, (name, hand, limit, dest) in enumerate(zip(names, state.hands, state.limits, state.dest)))
    piles = Panel(t.get("table.piles"), (
        Row(t.get("table.draw_pile", count=state.draw_pile)),
        Row(t.get("table.discard_pile", count=len(state.discard_pile)),
            tuple(words.card(c) for c in reversed(state.discard_pile)))))
    return (*hands, piles)


def deal(content: Any, lang: str, players: list[str], seed: int, taken: dict[str, list[str]] | None = None) -> Deal:
    """A setup for `players` (2 to 6 names, in seat order) dealt with `seed`: passports, transit countries, the
    centre country and characters, then who starts and why (R7: the nearest transit capital to the centre's).
    `taken` holds what the table dealt itself, by country code and character id (`transit`: one per player,
    `centre`: one, `characters`: one per player); the rest is dealt. A code or id that is not the game's, or a
    country dealt twice, is a ValueError saying which."""
    game = content.games["travel"]
    t = tables_for(game)
    words = Words(content.texts("travel", lang), t)
    texts = words.texts
    setup = random_setup(t, len(players), EXTENSIONS, random.Random(seed), tuple(players))
    if taken:
        _take(t, setup, taken, texts)
    km = [t.side_km[side][setup.centre] for side in setup.transits]
    seats = tuple(Seat(name, (
        (texts.get("kinds.passport"), words.card(passport)),
        (texts.get("table.transit"), words.country(transit)),
        (texts.get("kinds.character"), words.character(character) if character >= 0 else "-"),
        (texts.get("table.distance"), texts.get("table.km", km=f"{distance:,}"))))
        for name, passport, transit, character, distance in zip(setup.names, setup.passports, setup.transits,
                                                                setup.characters, km))
    nearest = nearest_seats(t, setup.transits, setup.centre)
    first = first_player(t, setup)
    why = [texts.get("table.nearest", player=setup.names[first], km=f"{km[first]:,}",
                     country=words.country(setup.transits[first]), centre=words.country(setup.centre))]
    if len(nearest) > 1:
        why.append(texts.get("table.tie", players=texts.listed(setup.names[seat] for seat in nearest)))
    return Deal(seats, ((texts.get("table.centre"), words.country(setup.centre)),),
                setup.names[first], tuple(why))


def _take(t: Any, setup: Any, taken: dict[str, list[str]], texts: Any) -> None:
    """Put what the table dealt itself into `setup` (see `deal`); what cannot be is a ValueError in words."""
    n = len(setup.names)
    sides = {code.upper(): side for side, code in enumerate(t.side_codes)}
    for key, count in (("transit", n), ("centre", 1), ("characters", n)):
        given = [word.strip() for word in taken.get(key, []) if word.strip()]
        if not given:
            continue
        if len(given) != count:
            raise ValueError(texts.get("table.taken_count", field=texts.get(f"table.taken_{key}"), expected=count,
                                       given=len(given)))
        if key == "characters":
            unknown = [word for word in given if word not in t.character_ids]
            if unknown:
                raise ValueError(texts.get("table.taken_unknown", word=unknown[0], known=", ".join(t.character_ids)))
            setup.characters = [t.character_ids.index(word) for word in given]
            continue
        unknown = [word for word in given if word.upper() not in sides]
        if unknown:
            raise ValueError(texts.get("table.taken_unknown", word=unknown[0], known=", ".join(t.side_codes)))
        chosen = [sides[word.upper()] for word in given]
        if key == "transit":
            setup.transits = chosen
        else:
            setup.centre = chosen[0]
    cards = [t.side_card[side] for side in [*setup.transits, setup.centre]]
    if len(set(cards)) != len(cards):
        raise ValueError(texts.get("table.taken_twice"))
    nearest = nearest_seats(t, setup.transits, setup.centre)
    setup.first = nearest[0] if len(nearest) > 1 else -1
