"""What `pnp studio` shows of the travel game: a checked record turn by turn, and a deal for the table.

The step-through is the checker's own replay (replay.Replay, with its per-turn hook): each step is the table as
the replay left it after that turn, hands and piles in the chosen language; the broken rule's step is the state
the violation carries. The deal is the simulator's (simulate.random_setup), and who starts is the rules' (R7).
"""
from __future__ import annotations

import random
from functools import partial
from typing import Any

from ...checking import did_you_mean
from ...studio.views import Deal, Panel, Row, Seat, Step, Walk
from .cards import tables_for
from .check import checker_for
from .engine import Game
from .record import RecordReader
from .replay import Replay, snapshot
from .report import Report
from .rules import first_player, nearest_seats
from .simulate import random_setup
from .texts import Words

#: the extensions a studio deal uses: every one (the table leaves out what it does not play)
EXTENSIONS = frozenset({"events", "special", "forbidden", "postcards", "characters"})


def steps(content: Any, lang: str, text: str, path: str) -> Walk:
    """Record `text` (named `path`) replayed turn by turn; malformed input raises InputError as `pnp check` does."""
    checker = checker_for(content, lang)
    words = checker.words
    reader = RecordReader(checker.t, checker.names, checker.vocabulary,
                          lambda name, /, **v: words(f"errors.{name}", **v), partial(did_you_mean, words.texts))
    record = reader.read(text, path)
    shown: list[Step] = []

    def after(turn_no: int, game: Game) -> None:
        state = snapshot(game)
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
    broken = Report(record, outcome, words, checker.t).violation()
    assert broken is not None
    title = words.texts.get("studio.step.broken", rule=broken.rule, title=broken.title)
    state = violation.state if violation.state is not None else snapshot(outcome.game)
    last = Step(title, broken.position.line, _panels(words, record.setup.names, state), broken=True)
    return Walk((*shown, last), complete=False)


def _panels(words: Words, names: list[str], state: dict[str, Any]) -> tuple[Panel, ...]:
    """Each player's hand and next country (the active player's marked), then the piles, newest discard first."""
    t = words.texts
    hands = tuple(
        Panel(name, (Row(t.get("table.hand", count=len(hand), limit=limit), tuple(words.card(c) for c in hand)),
                     Row(t.get("table.next"), (words.country(dest),))),
              current=seat == state["active"])
        for seat, (name, hand, limit, dest) in enumerate(zip(names, state["hands"],
                                                             state["limits"], state["dest"])))
    piles = Panel(t.get("table.piles"), (
        Row(t.get("table.draw_pile", count=state["draw_pile"])),
        Row(t.get("table.discard_pile", count=len(state["discard_pile"])),
            tuple(words.card(c) for c in reversed(state["discard_pile"])))))
    return (*hands, piles)


def deal(content: Any, lang: str, players: list[str], seed: int) -> Deal:
    """A setup for `players` (2 to 6 names, in seat order) dealt with `seed`: passports, transit countries, the
    centre country and characters, then who starts and why (R7: the nearest transit capital to the centre's)."""
    game = content.games["travel"]
    t = tables_for(game)
    words = Words(content.texts("travel", lang), t)
    texts = words.texts
    setup = random_setup(t, len(players), EXTENSIONS, random.Random(seed), tuple(players))
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
