"""What every effect kind is made of: its parameters (a content model) and its handler, the one object that knows
how a card of that kind is checked, played, written down, replayed, simulated and valued by the bots.

Cards in `content/travel/game.yaml` say `effect: {kind: ..., timing: ..., <params>}`; `kinds/__init__.py` finds
the kind's module by its name. A handler's hooks have defaults that do nothing, so a kind writes only what it does:
a passive card (a stand-in, a bigger hand) says what it changes while held; a special item played on its owner's
turn says which plays are legal, what is refused, what happens, how a record writes it and how the bots weigh it;
an event says what it does to everyone when drawn; a reaction says which action it answers.

Timings:
  action    uses the player's one action for the turn
  own_turn  played during your own turn, not an action
  any_time  played at any moment, also on other players' turns, not an action
  reaction  played in answer to another player's action (which it may cancel)
  on_draw   resolved at once when drawn (events), affects every player
  passive   works while held, or when travelling; never "played" on its own
  setup     chosen at setup and kept face up in front of its player (a character's, as the cards print it)
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from enum import Enum
from typing import TYPE_CHECKING, Annotated, ClassVar, Generic, Literal, NamedTuple, Self, TypeVar

from pydantic import Field, model_validator

from ....content.validate import Strict

if TYPE_CHECKING:
    from ..bots import GreedyBot
    from ..cards import Tables
    from ..engine import Game
    from ..notation import Clause, TurnParser
    from ..replay import Replay
    from ..rules import Play, Rule, TravelViolation
    from ..simulate import Table
    from ..state import GameState
    from ..strong import Outlook, StrongBot
    from ..writer import Recorder

Timing = Literal["action", "own_turn", "any_time", "reaction", "on_draw", "passive", "setup"]
Count = Annotated[int, Field(ge=1, le=10)]
#: what may carry an effect: game.yaml's lists of deck cards ("items": nothing does)
Family = Literal["events", "special", "forbidden", "postcards", "items"]


class EffectModel(Strict):
    """The parameters of one card's effect, as game.yaml writes them; each kind's model adds its own."""

    #: which timings this kind accepts
    ALLOWED: ClassVar[tuple[str, ...]] = ()
    kind: str
    timing: Timing

    @model_validator(mode="after")
    def _timing_allowed(self) -> Self:
        if self.timing not in self.ALLOWED:
            raise ValueError(
                f"timing '{self.timing}' is not allowed for effect '{self.kind}'; use one of: "
                + ", ".join(self.ALLOWED)
            )
        return self


E = TypeVar("E", bound=EffectModel)


class Reaction(str, Enum):
    """What a card played in answer to another player's action does to it (R24)."""

    #: the action does not happen at all (the Mousetrap)
    CANCEL = "cancel"
    #: a steal aimed at the card's holder takes nothing; its cost stays paid (the Padlock)
    BLOCK_STEAL = "block_steal"


class PlayArgs(NamedTuple):
    """What a record writes after `play CARD`, by the card's kind: a player (`who`, written at token `who_pos`),
    the cards before an arrow (`a`, each at `a_at`), the arrow's token (-1: none), the cards after it (`b`)."""

    who: int = -1
    who_pos: int = 0
    a: tuple[int, ...] = ()
    a_at: tuple[int, ...] = ()
    arrow: int = -1
    b: tuple[int, ...] = ()
    b_at: tuple[int, ...] = ()


class Stretch(NamedTuple):
    """What the record writes after a special item's clause, as the replay reads it: the rule that says how many
    cards are drawn, how many (0: none), and whether they come from the draw pile only (a Trading Post's)."""

    rule: Rule
    draws: int = 0
    pile_only: bool = False


class Option(NamedTuple):
    """An action the strong bot weighs: what it is worth in steps, its order among actions worth the same
    (lower first), and how to make it once chosen (a special item picks its cards only then)."""

    value: float
    order: int
    make: Callable[[], object]


class Kind(Generic[E]):
    """The handler of one effect kind. Subclasses set `name`, `family` and `model`, and override the hooks their
    cards use."""

    #: the `kind:` game.yaml writes
    name: ClassVar[str]
    #: the card family that may carry it
    family: ClassVar[Family]
    #: its parameters
    model: type[E]

    # -- while held --------------------------------------------------------------------------------------------

    #: what it does when played in answer to another player's action (None: it is not a reaction)
    reaction: ClassVar[Reaction | None] = None

    def limit_bonus(self, effect: E) -> int:
        """How much it raises its holder's hand limit while held."""
        return 0

    def standin(self, effect: E) -> str:
        """Which countries it stands in for an item on: "any", "transit", or "" (it is no stand-in)."""
        return ""

    # -- played on its owner's turn (special items) --------------------------------------------------------------

    #: whether it is played on its owner's turn (as the action, or besides it: its timing says)
    playable: ClassVar[bool] = False
    #: played ahead of the action it helps (an extra action), not as an action of its own
    before_action: ClassVar[bool] = False

    def effect(self, t: Tables, card: int) -> E:
        """The parameters of `card`, a card of this kind."""
        effect = t.effect[card]
        if not isinstance(effect, self.model):
            raise TypeError(f"card {t.ids[card]} is not a {self.name} card")
        return effect

    def plays(self, game: GameState, who: int, card: int) -> Iterator[Play]:
        """The plays of `card` to offer as legal actions (each is checked by the rules before it is offered)."""
        return iter(())

    def check(self, game: GameState, who: int, play: Play, announced: bool) -> TravelViolation | None:
        """What this kind refuses in a play of it, once the rules every special item follows hold; `announced`:
        only what is known when it is announced (a card it picks later is not yet)."""
        return None

    def steal_target(self, play: Play) -> int:
        """The player a play of it steals from (a Padlock answers it), or -1."""
        return -1

    def apply(self, game: Game, who: int, play: Play, taken: int = -1, padlock: int = -1) -> None:
        """Make a legal play happen; `taken` and `padlock`: the card a steal took, or the Padlock that stopped it."""
        raise NotImplementedError(f"effect '{self.name}' is not played")

    # -- the record ----------------------------------------------------------------------------------------------

    def read(self, parser: TurnParser, tok: list[str], i: int, n: int) -> tuple[PlayArgs, int]:
        """What follows `play CARD` from token `i` of a turn line, and the index after it."""
        return PlayArgs(), i

    def action(self, clause: Clause) -> Play:
        """The play a parsed `play` clause writes."""
        from ..rules import Play

        return Play(clause.card)

    def words(self, play: Play, rec: Recorder) -> tuple[tuple[str, ...], bool]:
        """How a record writes the play as it is announced, and whether the cards it draws are written bare."""
        return ("play", rec.name(play.card)), False

    def stretch(self, t: Tables, play: Play) -> Stretch:
        """What the record writes after the play, for the replay."""
        from ..rules import Rule

        return Stretch(Rule.SPECIAL_ITEMS)

    def replay(self, replay: Replay, g: Game, who: int, clause: Clause, reaction: Clause | None, play: Play) -> int:
        """Replay a play the rules allowed and no Mousetrap stopped: read what the record writes after it and make
        it happen. Returns how many clauses it took (its own, and a reaction answering it)."""
        stretch = self.stretch(g.t, play)
        replay.oracle.start(clause.tail, stretch.rule, None, stretch.draws, who, clause.pos, stretch.pile_only)
        self.apply(g, who, play)
        return 1

    def perform(self, table: Table, who: int, play: Play) -> None:
        """The simulator's play, once announced and not stopped by a Mousetrap."""
        self.apply(table.g, who, play)

    # -- the bots ------------------------------------------------------------------------------------------------

    #: what the greedy bot minds losing it (an item card it does not need is 1, a passport 100)
    greedy_value: ClassVar[int] = 15
    #: what the strong bot thinks it is worth keeping, in steps (a card played saves its steps now, so little)
    keep: ClassVar[float] = 0.0
    #: of two actions the strong bot values alike, the one of lower order is taken (draw 0, recycle 1, steal 2,
    #: drop 3, special items from 4)
    order: ClassVar[int] = 8

    def greedy(self, bot: GreedyBot, g: Game, who: int, card: int, missing: list[int]) -> Play | None:
        """The greedy bot's play of `card` as its action (`missing`: the items it lacks), or None."""
        return None

    def strong(self, bot: StrongBot, g: Game, who: int, o: Outlook, card: int, draw_value: float,
               others: list[int]) -> Option | None:
        """The strong bot's play of `card` as its action, weighed in steps (`draw_value`: what a draw is worth,
        `others`: the players holding cards), or None."""
        return None

    # -- events --------------------------------------------------------------------------------------------------

    def resolve(self, game: Game, drawer: int, card: int) -> None:
        """An event just drawn by `drawer`: what it does to every player, clockwise from the drawer."""
        raise NotImplementedError(f"effect '{self.name}' is not an event")

    def asks(self, game: GameState, player: int, card: int) -> int:
        """How many cards the event asks of `player` (never more than they can give)."""
        return 0

    def count(self, t: Tables, card: int) -> int:
        """How many cards the event deals with for each player (its `count`), 0 when it has none."""
        return 0

    #: whether the event asks anything of the players (a record writes each player's part), or happens by itself
    asks_players: ClassVar[bool] = False


class NoEffect(Kind[EffectModel]):
    """What an item card or a passport does: nothing of its own."""

    name = ""
    family = "items"
    model = EffectModel


NO_EFFECT = NoEffect()
