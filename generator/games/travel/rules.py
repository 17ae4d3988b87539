"""The one home of travel legality: what a player may do now, and why an action is refused.

Python-chess is the model. `legal_actions(game, player)` yields every action the player may take now;
`check(game, player, action)` returns None or the Violation the action commits. The engine applies only actions
that passed; the record replay, the bots and the simulator ask here, and nothing else decides legality. What a
special item or a reaction refuses is its effect kind's own part of the rules (kinds/), which `check` asks. The
chance the rules leave to the deck (which card is drawn, which card a blind steal takes) is not part of an action:
`check_drawn` and `check_stolen` say whether a recorded outcome could have happened.

Rules are named by meaning (`Rule.HAND_LIMIT`); the id a rulebook prints for one (R17) is game data, read from
`content/travel/game.yaml` (`rules: - {id: R17, name: hand_limit}`), so no rule id is written in the code.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from enum import StrEnum
from typing import NamedTuple, Union

from ...checking import Violation
from .cards import DECK_EXTENSIONS, EVENT, FORBIDDEN, ITEM, PASSPORT, POSTCARD, SPECIAL, Tables
from .kinds.base import Reaction as Answer
from .model import RuleParam, TravelRules
from .state import WIN_CENTRE, GameState, Setup, Snapshot

NO_PLAYER = -1
#: a stand-in's item when the player leaves it to the rules (the first needed item they lack)
ANY_ITEM = -1


class Rule(StrEnum):
    """Every rule the code can cite, by the name game.yaml gives it (its printed id comes from there)."""

    ROUTE = "route"
    COUNTRY_NEEDS = "country_needs"
    PASSPORTS = "passports"
    COUNTRIES = "countries"
    STARTING_HANDS = "starting_hands"
    EXTENSIONS = "extensions"
    FIRST_PLAYER = "first_player"
    ONE_ACTION = "one_action"
    DRAW = "draw"
    RECYCLE = "recycle"
    TRADE = "trade"
    TRADE_BONUS = "trade_bonus"
    STEAL = "steal"
    TRAVEL = "travel"
    TRAVEL_STEPS = "travel_steps"
    TRANSIT_FIRST = "transit_first"
    HAND_LIMIT = "hand_limit"
    EMPTY_HAND = "empty_hand"
    RESHUFFLE = "reshuffle"
    CENTRE_WINS = "centre_wins"
    EVENTS = "events"
    EVENTS_NOT_RECYCLED = "events_not_recycled"
    SPECIAL_ITEMS = "special_items"
    INTERRUPTED = "interrupted"
    STANDIN_LIMITS = "standin_limits"
    DRAW_PILE_ONLY = "draw_pile_only"
    MESSY_MAP = "messy_map"
    FORBIDDEN_NO_TRAVEL = "forbidden_no_travel"
    FORBIDDEN_DROP = "forbidden_drop"
    FORBIDDEN_NEVER_PAID = "forbidden_never_paid"
    CHARACTERS = "characters"
    CHARACTER_ABILITIES = "character_abilities"
    POSTCARDS_WIN = "postcards_win"


#: every rule name the code can cite
RULE_NAMES = frozenset(rule.value for rule in Rule)


# -- the facts a message shows -------------------------------------------------------------------------------

class CardRef(NamedTuple):
    """A card, as a message shows it: by its name in the report's language."""

    card: int


class CardsRef(NamedTuple):
    cards: list[int]


class PlayerRef(NamedTuple):
    """A player, by the seat: a message shows the name."""

    seat: int


class PlayersRef(NamedTuple):
    seats: list[int]


class CountryRef(NamedTuple):
    side: int


class PlacesRef(NamedTuple):
    """Where the copies of a card are: (seat, copies) per hand holding some, seat -1 for the discard pile."""

    places: list[tuple[int, int]]


#: a value a message shows in the report's language (the other facts are numbers and words as they are)
Ref = CardRef | CardsRef | PlayerRef | PlayersRef | CountryRef | PlacesRef


def card(c: int) -> CardRef:
    return CardRef(c)


def cards(cs: Iterable[int]) -> CardsRef:
    return CardsRef(list(cs))


def player(p: int) -> PlayerRef:
    return PlayerRef(p)


def country(side: int) -> CountryRef:
    return CountryRef(side)


class Part(NamedTuple):
    """Which piece of an action broke the rule: a field of the action record and, for a list, its `nth` card (one
    past the list's end: the card that should have followed). `answered`: the piece is in the action a reaction
    answers, not in the reaction. In the setup, `seat` is the player whose field it is (`nth` -1: the field as a
    whole)."""

    field: str
    nth: int = 0
    answered: bool = False
    seat: int = NO_PLAYER


#: a travel broken rule (generator/checking.py): `part` the piece of the action, `state` the table then
TravelViolation = Violation[Part, Snapshot]


def broke(t: Tables, rule: Rule, reason: str, facts: dict[str, object] | None = None,
          part: Part | None = None) -> TravelViolation:
    """The violation of `rule` (cited by the id game.yaml gives it), for the message `reason` with `facts`."""
    return TravelViolation(t.cite(rule), reason, facts if facts is not None else {}, part)


# -- actions -------------------------------------------------------------------------------------------------

class EmptyHandDraw(NamedTuple):
    """A player whose hand is empty as their turn starts draws first; not an action."""


class Draw(NamedTuple):
    """The draw action."""


class Recycle(NamedTuple):
    paid: tuple[int, ...]
    taken: tuple[int, ...]


class Trade(NamedTuple):
    other: int
    give: tuple[int, ...]
    get: tuple[int, ...]


class Steal(NamedTuple):
    """The card taken is chance (a blind pick from the target's hand), not part of the action."""

    target: int
    paid: tuple[int, ...]


class StandIn(NamedTuple):
    card: int
    item: int = ANY_ITEM


class Travel(NamedTuple):
    country: int
    standins: tuple[StandIn, ...] = ()


class Drop(NamedTuple):
    """A forbidden item discarded together with one other card (`paired`)."""

    forbidden: int
    paired: int


class Play(NamedTuple):
    """A special item played. `other`: the target player; `paid`: cards leaving the hand (a steal's cost, the
    cards swapped away); `chosen`: cards picked (from the draw pile, or from the target's hand)."""

    card: int
    other: int = NO_PLAYER
    paid: tuple[int, ...] = ()
    chosen: tuple[int, ...] = ()


class Reaction(NamedTuple):
    """Another player answers the action `answered` that `actor` announced (a mousetrap, a padlock)."""

    card: int
    answered: "Action | None"
    actor: int


class EndTurn(NamedTuple):
    pass


class LimitDiscard(NamedTuple):
    """A card discarded because the hand is over its limit (a choice the rules ask for, not an action)."""

    card: int


class EventDiscard(NamedTuple):
    event: int
    cards: tuple[int, ...]


class EventPass(NamedTuple):
    event: int
    cards: tuple[int, ...]


Action = Union[EmptyHandDraw, Draw, Recycle, Trade, Steal, Travel, Drop, Play, Reaction, EndTurn]
Choice = Union[LimitDiscard, EventDiscard, EventPass]


class TravelPlan(NamedTuple):
    """The cards a travel uses, and the needed items nothing in the hand covers."""

    used: list[int]
    missing: list[int]


# -- rule parameters -----------------------------------------------------------------------------------------

def player_rules(tables: Tables, characters: list[int]) -> list[TravelRules]:
    """Each player's rule numbers: the base rules, changed by their own character only (shared records: read
    them, never change them)."""
    return [tables.character_rules[c] if c >= 0 else tables.rules for c in characters]


def first_player(tables: Tables, setup: Setup) -> int:
    """Who starts: the nearest transit capital to the centre's; on a tie, the one the record names."""
    return setup.first if setup.first >= 0 else nearest_seats(tables, setup.transits, setup.centre)[0]


def nearest_seats(tables: Tables, transits: list[int], centre: int) -> list[int]:
    """The seats whose transit capital is closest to the centre capital, by the distances the rulebook's table
    prints (whole km): one seat, or the seats of an exact tie."""
    distances = [tables.side_km[side][centre] for side in transits]
    nearest = min(distances)
    return [seat for seat, km in enumerate(distances) if km == nearest]


def event_share(game: GameState, player_: int, event: int) -> int:
    """How many cards an event asks of `player_` (never more than they can give)."""
    return game.t.kind[event].asks(game, player_, event)


def miscount(game: GameState, who: int, rule: Rule, param: RuleParam | None, expected: int, shown: int, reason: str,
             part: Part | None = None, **facts: object) -> TravelViolation:
    """Too few or too many cards for a rule's number; the character-ability rule when `who`'s own character
    changed that number where the printed rule gives the base number, or when the number shown is another
    player's ability and not `who`'s own."""
    if param is not None and who >= 0:
        own = game.params[who].number(param)
        changed = own != game.t.rules.number(param) or expected != own
        others = [q for q in range(game.n) if q != who and game.params[q].number(param) == shown]
        if changed or (others and own != shown):
            rule = Rule.CHARACTER_ABILITIES
    return broke(game.t, rule, reason, {"player": player(who), "count": expected, "shown": shown, **facts}, part)


# -- the setup -----------------------------------------------------------------------------------------------

def _seat_part(name: str, seat: int, nth: int = -1) -> Part:
    return Part(name, nth, seat=seat)


def check_setup(t: Tables, setup: Setup) -> TravelViolation | None:
    """Passports, countries, starting hands and characters as the setup rules say."""
    seen: dict[int, int] = {}
    for seat, passport in enumerate(setup.passports):
        if passport < 0 or t.family[passport] != PASSPORT:
            return broke(t, Rule.PASSPORTS, "not_passport", {"player": player(seat), "card": card(passport)},
                         _seat_part("passport", seat))
        if passport in seen:
            return broke(t, Rule.PASSPORTS, "passport_twice", {"player": player(seat), "other": player(
                seen[passport]), "card": card(passport)}, _seat_part("passport", seat))
        seen[passport] = seat
    cards_used: dict[int, int] = {}
    for seat, side in enumerate(setup.transits + [setup.centre]):
        number = t.side_card[side]
        if number in cards_used:
            part = _seat_part("transit", seat) if seat < len(setup.transits) else Part("centre")
            reason = "country_twice" if side == cards_used[number] else "country_card_twice"
            return broke(t, Rule.COUNTRIES, reason, {"country": country(side), "other": country(cards_used[number])},
                         part)
        cards_used[number] = side
    nearest = nearest_seats(t, setup.transits, setup.centre)
    if setup.first >= 0 and setup.first not in nearest:
        reason = "start_not_tied" if len(nearest) > 1 else "start_not_nearest"
        return broke(t, Rule.FIRST_PLAYER, reason, {"player": player(setup.first), "expected": PlayersRef(nearest), "km": t.side_km[setup.transits[nearest[0]]][setup.centre]}, Part("first"))
    if setup.first < 0 and len(nearest) > 1:
        return broke(t, Rule.FIRST_PLAYER, "start_tie_unsaid", {"players": PlayersRef(nearest), "km": t.side_km[
            setup.transits[nearest[0]]][setup.centre]}, Part("centre"))
    rules = player_rules(t, setup.characters)
    copies = [0] * t.n_cards
    for seat, hand in enumerate(setup.hands):
        size = rules[seat].starting_hand
        if setup.passports[seat] in hand:  # the passport is in the hand (R3), but the record writes it apart
            return broke(t, Rule.STARTING_HANDS, "hand_own_passport", {"player": player(seat), "card": card(
                setup.passports[seat]), "count": size}, _seat_part("hand", seat, hand.index(setup.passports[seat])))
        if len(hand) != size:
            ability = size != t.rules.starting_hand  # the Backpacker's: the printed R5 gives the base number
            return broke(t, Rule.CHARACTER_ABILITIES if ability else Rule.STARTING_HANDS, "hand_size",
                         {"player": player(seat), "count": size, "shown": len(hand)}, _seat_part("hand", seat))
        for k, c in enumerate(hand):
            if c < 0 or t.family[c] != ITEM:
                return broke(t, Rule.STARTING_HANDS, "hand_not_item", {"player": player(seat), "card": card(c)},
                             _seat_part("hand", seat, k))
            copies[c] += 1
            if copies[c] > t.copies[c]:
                return broke(t, Rule.STARTING_HANDS, "too_many_copies", {"card": card(c), "count": t.copies[c]},
                             _seat_part("hand", seat, k))
    with_characters = "characters" in setup.extensions
    owner: dict[int, int] = {}
    for seat, character in enumerate(setup.characters):
        if character >= 0 and not with_characters:
            return broke(t, Rule.CHARACTERS, "character_without_extension", {"player": player(seat)},
                         _seat_part("character", seat))
        if with_characters and character < 0:
            return broke(t, Rule.CHARACTERS, "character_missing", {"player": player(seat)},
                         _seat_part("player", seat))
        fewest, most = t.character_players[character] if character >= 0 else (0, 0)
        if character >= 0 and not fewest <= len(setup.characters) <= most:
            return broke(t, Rule.CHARACTERS, "character_players",
                         {"player": player(seat), "min": fewest, "max": most, "players": len(setup.characters)},
                         _seat_part("character", seat))
        if character >= 0 and character in owner:
            return broke(t, Rule.CHARACTERS, "character_twice",
                         {"player": player(seat), "other": player(owner[character])}, _seat_part("character", seat))
        owner[character] = seat
    return None


# -- turns ---------------------------------------------------------------------------------------------------

def check_turn_start(game: GameState, who: int) -> TravelViolation | None:
    """A turn written for `who`: the game must still be on, and it must be their turn."""
    if game.winner >= 0:
        return game_over(game)
    if who != game.active:
        return broke(game.t, Rule.FIRST_PLAYER, "not_your_turn", {"player": player(who),
                                                                  "expected": player(game.active)})
    return None


def game_over(game: GameState) -> TravelViolation:
    """Anything after the winning moment."""
    rule = Rule.CENTRE_WINS if game.win_how == WIN_CENTRE else Rule.POSTCARDS_WIN
    return broke(game.t, rule, "game_over", {"player": player(game.winner)})


def needs_empty_hand_draw(game: GameState, who: int) -> bool:
    """The turn has just begun with an empty hand, and the empty-hand draw has not been made."""
    return game.started_empty and not game.refilled and who == game.active


def check_turn_going(game: GameState, who: int) -> TravelViolation | None:
    """What anything written for a turn needs: `who`'s turn, not ended, the empty-hand draw made if due."""
    t = game.t
    if who != game.active:
        return broke(t, Rule.FIRST_PLAYER, "not_your_turn", {"player": player(who), "expected": player(game.active)})
    if game.turn_over:
        if game.dropped_this_turn:
            return broke(t, Rule.FORBIDDEN_DROP, "drop_ended_turn", {"player": player(who)})
        return broke(t, Rule.INTERRUPTED, "turn_ended", {"player": player(who)})
    if needs_empty_hand_draw(game, who):
        return broke(t, Rule.EMPTY_HAND, "empty_hand_missing",
                     {"player": player(who), "count": game.params[who].empty_hand_draw})
    return None


def action_left(game: GameState, who: int) -> TravelViolation | None:
    """The turn still has an action to take."""
    if game.actions_left <= 0:
        return broke(game.t, Rule.ONE_ACTION, "one_action", {"player": player(who)})
    return None


def _an_action(game: GameState, who: int) -> TravelViolation | None:
    """What every turn's action needs: `who`'s turn, going, the empty-hand draw made if due, an action left."""
    return check_turn_going(game, who) or action_left(game, who)


def character_not_card(t: Tables, c: int, part: Part) -> TravelViolation | None:
    """A character is never a card: the parser gives character names negative codes."""
    if c < 0:
        return broke(t, Rule.CHARACTERS, "character_not_card", {"card": card(c)}, part)
    return None


def from_hand(t: Tables, hand: list[int], owner: int, picked: Iterable[int], rule: Rule,
              field_name: str) -> TravelViolation | None:
    """Each picked card is in `hand` (copies counted; the cards are removed from `hand`)."""
    for i, c in enumerate(picked):
        if c < 0:
            return character_not_card(t, c, Part(field_name, i))
        try:
            hand.remove(c)
        except ValueError:
            return broke(t, rule, "not_in_hand", {"player": player(owner), "card": card(c)}, Part(field_name, i))
    return None


def itself_paid(t: Tables, c: int, paid: Sequence[int]) -> TravelViolation | None:
    """The special item being played written among the cards it pays with (`play trading-post trading-post ->
    coat`): the card is in the hand the table shows, so "does not hold" would read wrong; it is played, not paid."""
    if c in paid:
        return broke(t, Rule.SPECIAL_ITEMS, "pays_itself", {"card": card(c)}, Part("paid", list(paid).index(c)))
    return None


def no_forbidden(t: Tables, owner: int, picked: Iterable[int], reason: str, field_name: str) -> TravelViolation | None:
    """None of the picked cards is a forbidden item (R30: never a cost)."""
    for i, c in enumerate(picked):
        if t.forbidden[c]:
            return broke(t, Rule.FORBIDDEN_NEVER_PAID, reason, {"player": player(owner), "card": card(c)},
                         Part(field_name, i))
    return None


def _cost(game: GameState, who: int, paid: Sequence[int], rule: Rule, param: RuleParam | None,
          cost: int, played: int = -1) -> TravelViolation | None:
    """Exactly `cost` cards paid; a card `played` (a special item) is named as what costs them."""
    if len(paid) == cost:
        return None
    if played >= 0:
        return broke(game.t, rule, "card_cost", {"player": player(who), "card": card(played), "count": cost,
                                                 "shown": len(paid)}, Part("paid", cost))
    return miscount(game, who, rule, param, cost, len(paid), "cost", Part("paid", cost))


def check_empty_hand_draw(game: GameState, who: int) -> TravelViolation | None:
    if needs_empty_hand_draw(game, who):
        return None
    if who != game.active or game.turn_over:
        return check_turn_going(game, who)
    first = not game.actions_taken and not game.refilled
    return broke(game.t, Rule.EMPTY_HAND, "empty_hand_not_empty" if first and game.hands[who] else "empty_not_first",
                 {"player": player(who), "size": len(game.hands[who])})


def check_draw(game: GameState, who: int, action: Draw) -> TravelViolation | None:
    """A draw needs nothing more than any action does."""
    return _an_action(game, who)


def check_recycle(game: GameState, who: int, action: Recycle) -> TravelViolation | None:
    """R10 as a whole, before anything is paid: the cost, then the cards taken from the discard pile with the cost
    on it."""
    return check_recycle_cost(game, who, action) or check_recycle_take(game, who, action.taken, action.paid)


def check_recycle_cost(game: GameState, who: int, action: Recycle) -> TravelViolation | None:
    """A recycle as announced (a mousetrap answers it) or as paid: the cost. The cards taken are chosen only once
    it is paid, and the payment may send a card to the discard pile for the hand limit (a Big Suitcase paid), which
    may then be taken: the replay checks them with `check_recycle_take` after the payment."""
    return _an_action(game, who) or _recycle_cost(game, who, action.paid)


def _recycle_cost(game: GameState, who: int, paid: Sequence[int]) -> TravelViolation | None:
    t = game.t
    return (from_hand(t, list(game.hands[who]), who, paid, Rule.RECYCLE, "paid")
            or no_forbidden(t, who, paid, "forbidden_cost", "paid")
            or _cost(game, who, paid, Rule.RECYCLE, "recycle_cost", recycle_cost(game, who)))


def recycle_cost(game: GameState, who: int) -> int:
    """R10: the cards `who` pays to recycle."""
    return game.params[who].recycle_cost


def check_recycle_take(game: GameState, who: int, taken: Sequence[int],
                       paid: Sequence[int] = ()) -> TravelViolation | None:
    """R10's take: as many cards as the rule says (fewer when fewer may be taken), from the discard pile as it is
    once `paid` (if not yet paid) is on it, and never an event (R27)."""
    t = game.t
    pool = game.discard + list(paid)
    for i, c in enumerate(taken):
        if c < 0:
            return character_not_card(t, c, Part("taken", i))
        if t.family[c] == EVENT:
            return broke(t, Rule.EVENTS_NOT_RECYCLED, "event_from_discard", {"card": card(c)}, Part("taken", i))
        if c not in pool:
            return broke(t, Rule.RECYCLE, "not_in_discard", {"card": card(c)}, Part("taken", i))
        pool.remove(c)
    take = game.params[who].recycle_take
    if len(taken) != take:  # the pool held fewer cards than that, or the record shows too few or many
        take = min(take, len(pool) + len(taken) - sum(map(pool.count, t.by_family[EVENT])))
    if len(taken) != take:
        return miscount(game, who, Rule.RECYCLE, "recycle_take", take, len(taken), "recycle_take", Part("taken", take))
    return None


def check_offer(game: GameState, who: int, other: int, give: Sequence[int] = (),
                get: Sequence[int] = ()) -> TravelViolation | None:
    """An offer (accepted or not) is made to another player, while the turn still has an action to take: a
    trade begins with the offer (the source FAQ), so an offer after the turn's action starts a second one (R8).
    It may name cards nobody holds (a bluff), but never a character, which is never traded (R33)."""
    if other == who:
        return broke(game.t, Rule.TRADE, "trade_self", {"player": player(who)}, Part("other"))
    if game.actions_left <= 0:
        return broke(game.t, Rule.TRADE, "offer_after_action", {"player": player(who)})
    for name, offered in (("give", give), ("get", get)):
        for i, c in enumerate(offered):
            if c < 0:
                return character_not_card(game.t, c, Part(name, i))
    return None


def check_trade(game: GameState, who: int, action: Trade) -> TravelViolation | None:
    t = game.t
    v = check_turn_going(game, who) or check_offer(game, who, action.other)
    if v:
        return v
    if not action.give or not action.get:
        return broke(t, Rule.TRADE, "trade_side_empty", {"player": player(who), "other": player(action.other)},
                     Part("get") if not action.get else None)
    return from_hand(t, list(game.hands[who]), who, action.give, Rule.TRADE, "give") or check_asked(game, action)


def check_asked(game: GameState, action: Trade) -> TravelViolation | None:
    """The other player of a trade holds the cards asked of them (copies counted): what they may accept."""
    return from_hand(game.t, list(game.hands[action.other]), action.other, action.get, Rule.TRADE, "get")


def steal_target(game: GameState, who: int, target: int, target_field: str, paid: Sequence[int], rule: Rule,
                 param: RuleParam | None, cost: int, hand: list[int], played: int = -1) -> TravelViolation | None:
    """A steal's target and payment (a blind steal, or a special item's steal of a chosen card: `played`, which
    the cost is for)."""
    t = game.t
    if target == who:
        return broke(t, Rule.STEAL, "steal_self", {"player": player(who)}, Part(target_field))
    if not may_steal_from(game, target):
        return broke(t, Rule.CHARACTER_ABILITIES, "steal_protected", {"other": player(target)}, Part(target_field))
    if not game.hands[target]:
        return broke(t, Rule.STEAL, "steal_empty", {"other": player(target)}, Part(target_field))
    return (from_hand(t, hand, who, paid, rule, "paid")
            or no_forbidden(t, who, paid, "forbidden_cost", "paid")
            or _cost(game, who, paid, rule, param, cost, played))


def may_steal_from(game: GameState, target: int) -> bool:
    """Whether the other players may steal from `target` (a character's ability may say not)."""
    return game.params[target].others_may_steal


def check_steal(game: GameState, who: int, action: Steal) -> TravelViolation | None:
    return _an_action(game, who) or steal_target(game, who, action.target, "target", action.paid, Rule.STEAL,
                                                  "steal_cost", steal_cost(game, who, action.target),
                                                  list(game.hands[who]))


def steal_cost(game: GameState, who: int, target: int) -> int:
    """The cards `who` pays to steal from `target` (R13)."""
    return game.params[who].steal_cost


def check_stolen(game: GameState, target: int, taken: Sequence[int], rule: Rule = Rule.STEAL) -> TravelViolation | None:
    """The card a steal took (one, from the target's hand). Parts: Part("taken", i)."""
    t = game.t
    if len(taken) != 1:
        return broke(t, rule, "steal_one", {"player": player(game.active), "shown": len(taken)}, Part("taken", 1))
    c = taken[0]
    if c < 0:
        return character_not_card(t, c, Part("taken"))
    if c not in game.hands[target]:
        return broke(t, rule, "not_in_hand", {"player": player(target), "card": card(c)}, Part("taken"))
    return None


def travel_plan(game: GameState, who: int, standins: Sequence[StandIn] = ()) -> TravelPlan:
    """The cards a travel to `who`'s next country uses, and the needed items still missing.

    `standins` (StandIn records) the player names, checked by `check`; then real items are used, then any
    stand-in allowed here (a transit-only one only before the transit is done), the transit-only ones first."""
    t = game.t
    hand = list(game.hands[who])
    missing = list(t.side_needs[game.next_country(who)])
    used: list[int] = []
    for standin, item in standins:
        if item < 0:
            item = next((m for m in missing if m not in hand), missing[-1] if missing else -1)
        if item in missing and standin in hand:
            missing.remove(item)
            hand.remove(standin)
            used.append(standin)
    lacking = []
    for item in missing:
        if item in hand:
            hand.remove(item)
            used.append(item)
        else:
            lacking.append(item)
    if lacking:
        for scope in ("transit", "any") if not game.visited[who] else ("any",):
            for c in hand:
                if lacking and t.standin[c] == scope:
                    lacking.pop()
                    used.append(c)
    return TravelPlan(used, lacking)


def check_travel(game: GameState, who: int, action: Travel) -> TravelViolation | None:
    v = _an_action(game, who)
    if v is not None:
        return v
    t = game.t
    if game.travelled_this_turn:
        return broke(t, Rule.TRAVEL, "one_country_a_turn", {"player": player(who)})
    dest = game.next_country(who)
    side = action.country
    if side != dest:
        if side == game.centre and not game.visited[who]:
            return broke(t, Rule.TRANSIT_FIRST, "transit_first",
                         {"player": player(who), "country": country(game.transit[who])}, Part("country"))
        if side == game.transit[who]:
            return broke(t, Rule.TRANSIT_FIRST, "transit_done", {"player": player(who), "country": country(dest)},
                         Part("country"))
        return broke(t, Rule.ROUTE, "not_your_country", {"player": player(who), "country": country(side),
                                                         "expected": country(dest)}, Part("country"))
    hand = game.hands[who]
    if t.passports.isdisjoint(hand):
        standin = next((c for c in hand if t.standin[c]), -1)
        if standin >= 0:
            return broke(t, Rule.STANDIN_LIMITS, "standin_passport", {"player": player(who), "card": card(standin)})
        return broke(t, Rule.TRAVEL, "no_passport", {"player": player(who)})
    if game.forbidden_held[who] and not game.travels_with_forbidden[who]:
        forbidden = next(c for c in hand if t.forbidden[c])
        return broke(t, Rule.FORBIDDEN_NO_TRAVEL, "travel_forbidden", {"player": player(who),
                                                                       "card": card(forbidden)})
    needs = t.side_needs[dest]
    for i, (standin, item) in enumerate(action.standins):
        part = Part("standins", i)
        if standin < -1 or item < -1:
            return character_not_card(t, min(standin, item), part)
        if not t.standin[standin]:
            return broke(t, Rule.SPECIAL_ITEMS, "not_standin", {"card": card(standin)}, part)
        if standin not in hand:
            return broke(t, Rule.COUNTRY_NEEDS, "not_in_hand", {"player": player(who), "card": card(standin)}, part)
        if t.standin[standin] == "transit" and game.visited[who]:
            return broke(t, Rule.MESSY_MAP, "standin_centre", {"card": card(standin)}, part)
        if item >= 0 and t.family[item] in (PASSPORT, POSTCARD):
            return broke(t, Rule.STANDIN_LIMITS, "standin_not_item", {"card": card(standin), "item": card(item)},
                         part)
        if item >= 0 and item not in needs:
            return broke(t, Rule.COUNTRY_NEEDS, "standin_not_needed", {"item": card(item), "country": country(dest)},
                         part)
    missing = travel_plan(game, who, action.standins).missing
    if missing:
        transit_only = next((c for c in hand if t.standin[c] == "transit"), -1)
        if game.visited[who] and transit_only >= 0:
            return broke(t, Rule.MESSY_MAP, "standin_centre", {"card": card(transit_only)}, Part("country"))
        return broke(t, Rule.COUNTRY_NEEDS, "missing_items", {"player": player(who), "country": country(dest),
                                                              "items": cards(missing)}, Part("country"))
    return None


def check_drop(game: GameState, who: int, action: Drop) -> TravelViolation | None:
    """R29: the drop is the whole turn (source line 92), so it comes before any action (an Express Ticket, not an
    action, may come first); what may follow it, `check_turn_going` refuses."""
    v = _an_action(game, who)
    if v is not None:
        return v
    t = game.t
    if game.actions_taken:
        return broke(t, Rule.FORBIDDEN_DROP, "drop_whole_turn", {"player": player(who)})
    f = action.forbidden
    hand = list(game.hands[who])
    if f < 0 or t.family[f] != FORBIDDEN:
        return broke(t, Rule.FORBIDDEN_DROP, "drop_not_forbidden", {"card": card(f)}, Part("forbidden"))
    if f not in hand:
        return broke(t, Rule.FORBIDDEN_DROP, "not_in_hand", {"player": player(who), "card": card(f)},
                     Part("forbidden"))
    hand.remove(f)
    paired = action.paired
    if paired >= 0 and t.forbidden[paired]:
        return broke(t, Rule.FORBIDDEN_DROP, "drop_pair_forbidden", {"card": card(paired)}, Part("paired"))
    return from_hand(t, hand, who, (paired,), Rule.FORBIDDEN_DROP, "paired")


def check_play(game: GameState, who: int, action: Play, announced: bool = False) -> TravelViolation | None:
    """A special item played: what every one needs (held, its timing, the turn's action when it is one), then what
    its kind refuses. `announced`: only what is known when the card is announced (a card chosen later is not
    yet)."""
    v = check_turn_going(game, who)
    if v:
        return v
    t = game.t
    c = action.card
    if c < 0 or t.family[c] != SPECIAL:
        return broke(t, Rule.SPECIAL_ITEMS, "not_special", {"card": card(c)}, Part("card"))
    if c not in game.hands[who]:
        return broke(t, Rule.SPECIAL_ITEMS, "not_in_hand", {"player": player(who), "card": card(c)}, Part("card"))
    timing = t.timing[c]
    if timing == "action":
        v = action_left(game, who)
        if v:
            return v
    if timing not in ("action", "own_turn") or not t.kind[c].playable:
        return broke(t, Rule.SPECIAL_ITEMS, "cannot_play", {"card": card(c), "timing": timing}, Part("card"))
    return t.kind[c].check(game, who, action, announced)


def check_announced(game: GameState, who: int, action: Action) -> TravelViolation | None:
    """`who`'s action as announced, when another player answers it: it must be legal by what is known then (a
    card chosen only once the action is paid, as a recycle's take or a special item's pick, is not yet)."""
    match action:
        case Play():
            return check_play(game, who, action, announced=True)
        case Recycle():
            return check_recycle_cost(game, who, action)
        case _:
            return check(game, who, action)


def check_reaction(game: GameState, who: int, action: Reaction) -> TravelViolation | None:
    """A reaction by `who` to `action.answered`: a mousetrap cancels any other player's action, a padlock stops
    a steal aimed at its holder (each card's kind says which action it answers). The answered action must itself
    have been legal when announced."""
    t = game.t
    c = action.card
    answered = action.answered
    kind = t.kind[c] if c >= 0 else None
    if kind is None or kind.reaction is None:
        return broke(t, Rule.SPECIAL_ITEMS, "not_reaction", {"card": card(c)}, Part("card"))
    if answered is not None:
        v = check_announced(game, action.actor, answered)
        if v is not None:
            v.part = v.part._replace(answered=True) if v.part is not None else Part("action", answered=True)
            return v
    v = answer_problem(game, who, action)
    if v is not None:
        return v
    if c not in game.hands[who]:
        return broke(t, Rule.INTERRUPTED, "reaction_not_held", {"player": player(who), "card": card(c)},
                     Part("card"))
    return None


def answer_problem(game: GameState, who: int, action: Reaction) -> TravelViolation | None:
    """Why the reaction card cannot answer that action: a Padlock answers only a steal aimed at its holder, a
    Mousetrap only another player's action."""
    t = game.t
    c = action.card
    answered = action.answered
    if t.kind[c].reaction is Answer.BLOCK_STEAL:
        target = steal_target_of(t, answered)
        if target == NO_PLAYER:
            return broke(t, Rule.INTERRUPTED, "padlock_only_steal", {"card": card(c)})
        if who != target:
            return broke(t, Rule.INTERRUPTED, "padlock_not_target", {"player": player(who), "other": player(target)},
                         Part("reactor"))
        return None
    if answered is None:
        return broke(t, Rule.INTERRUPTED, "reaction_out_of_place", {"card": card(c)})
    if not _is_action(t, answered):
        return broke(t, Rule.INTERRUPTED, "cancel_not_action", {"card": card(c)})
    if who == action.actor:
        return broke(t, Rule.INTERRUPTED, "own_reaction", {"player": player(who), "card": card(c)}, Part("reactor"))
    return None


def steal_target_of(t: Tables, answered: Action | None) -> int:
    """The player a steal aims at (a blind steal, or a special item's steal of a chosen card), else NO_PLAYER."""
    match answered:
        case Steal():
            return answered.target
        case Play() if answered.card >= 0:
            return t.kind[answered.card].steal_target(answered)
        case _:
            return NO_PLAYER


def _is_action(t: Tables, action: Action) -> bool:
    """Whether `action` is a turn's action (a special item played outside its action is not)."""
    match action:
        case Play():
            return action.card >= 0 and t.timing[action.card] == "action"
        case EmptyHandDraw() | EndTurn() | Reaction():
            return False
        case _:
            return True


def check_turn_end(game: GameState, who: int) -> TravelViolation | None:
    """`who` ends their turn: they took an action (or one was stopped)."""
    if who == game.active and (game.turn_over or game.actions_taken):
        return None
    v = check_turn_going(game, who)
    if v:
        return v
    return broke(game.t, Rule.ONE_ACTION, "no_action", {"player": player(who)})


def check(game: GameState, who: int, action: Action) -> TravelViolation | None:
    """None if `who` may take `action` now, else the rule it breaks."""
    match action:
        case EmptyHandDraw():
            return check_empty_hand_draw(game, who)
        case Draw():
            return check_draw(game, who, action)
        case Recycle():
            return check_recycle(game, who, action)
        case Trade():
            return check_trade(game, who, action)
        case Steal():
            return check_steal(game, who, action)
        case Travel():
            return check_travel(game, who, action)
        case Drop():
            return check_drop(game, who, action)
        case Play():
            return check_play(game, who, action)
        case Reaction():
            return check_reaction(game, who, action)
        case EndTurn():
            return check_turn_end(game, who)
    raise TypeError(f"not an action: {action!r}")


# -- choices the rules ask for, and chance ---------------------------------------------------------------------

def check_choice(game: GameState, who: int, choice: Choice) -> TravelViolation | None:
    """A discard for the hand limit, or a player's cards for an event."""
    t = game.t
    match choice:
        case LimitDiscard(c):
            if c < 0:
                return character_not_card(t, c, Part("card"))
            if c not in game.hands[who]:
                return broke(t, Rule.HAND_LIMIT, "not_in_hand", {"player": player(who), "card": card(c)},
                             Part("card"))
            if t.forbidden[c]:
                return broke(t, Rule.FORBIDDEN_NEVER_PAID, "forbidden_limit", {"player": player(who),
                                                                               "card": card(c)}, Part("card"))
            return None
        case EventDiscard() | EventPass():
            count = event_share(game, who, choice.event)
            v = from_hand(t, list(game.hands[who]), who, choice.cards, Rule.EVENTS, "cards")
            if v:
                return v
            discard = isinstance(choice, EventDiscard)
            if discard:
                v = no_forbidden(t, who, choice.cards, "forbidden_event_discard", "cards")
                if v:
                    return v
            if len(choice.cards) != count:
                return broke(t, Rule.EVENTS, "event_discard_count" if discard else "event_pass_count",
                             {"player": player(who), "count": count, "shown": len(choice.cards)},
                             Part("cards", count))
            return None
    raise TypeError(f"not a choice: {choice!r}")


def check_drawn(game: GameState, c: int, pile_only: bool = False) -> TravelViolation | None:
    """A card recorded as drawn must be in the draw pile (the draw rule); a card of an extension not in play is
    not in the game at all (the extensions rule). `pile_only`: drawn by a Trading Post, whose card says "never
    from the discard pile" (R26, source FAQ lines 135-136), so a card that is there breaks that rule."""
    if c >= 0 and c in game.draw:
        return None
    t = game.t
    if c < 0:
        return character_not_card(t, c, Part("card"))
    fam = t.family[c]
    ext = next((name for name, f in DECK_EXTENSIONS.items() if f == fam), "")
    if ext and ext not in game.extensions:
        return broke(t, Rule.EXTENSIONS, "extension_not_chosen", {"card": card(c), "extension": ext}, Part("card"))
    if pile_only and c in game.discard:
        return broke(t, Rule.DRAW_PILE_ONLY, "swap_in_discard", {"card": card(c)}, Part("card"))
    places = card_places(game, c)
    if game.pile_renewed:
        reason = "not_in_pile_reshuffled"
    elif fam == PASSPORT and not places.places:  # a passport somebody took is in a hand or the discard pile
        reason = "passport_not_in_pile"
    else:
        reason = "not_in_pile"
    return broke(t, Rule.DRAW, reason, {"card": card(c), "places": places}, Part("card"))


# -- what a record writes that the rules did not make happen -------------------------------------------------
# The replay compares what a record writes after an action (cards drawn, discards, a reshuffle, event parts)
# with what the rules made happen; each mismatch is a broken rule, named here.

def reshuffle_not_due(game: GameState) -> TravelViolation:
    """A reshuffle written where none happens: the draw pile still held cards, or it ran out while the discard
    pile was empty (nothing to shuffle; what is discarded later is shuffled in at the next draw, before its card)."""
    if game.draw:
        return broke(game.t, Rule.RESHUFFLE, "no_reshuffle", {"pile": len(game.draw)})
    return broke(game.t, Rule.RESHUFFLE, "no_reshuffle_yet" if game.discard else "no_reshuffle_empty", {})


def limit_discard_missing(game: GameState, who: int) -> TravelViolation:
    """`who`'s hand went over the limit and the record writes no discard for it."""
    return broke(game.t, _limit_rule(game, who), "over_limit",
                 {"player": player(who), "size": len(game.hands[who]), "limit": game.hand_limit(who)})


def _limit_rule(game: GameState, who: int) -> Rule:
    """The hand-limit rule, or the character-ability rule when `who`'s own character changed the limit."""
    changed = who >= 0 and game.params[who].hand_limit != game.t.rules.hand_limit
    return Rule.CHARACTER_ABILITIES if changed else Rule.HAND_LIMIT


def limit_discard_not_due(game: GameState, who: int, c: int) -> TravelViolation:
    """A discard for the hand limit written where `who`'s hand was not over it."""
    return broke(game.t, _limit_rule(game, who), "no_discard_due", {"card": card(c)})


def event_part_not_due(t: Tables, who: int, event: int, drawer: int) -> TravelViolation:
    """An event's part written for a player the event does not come to (or out of the turn order); an event
    that asks no player for anything (Customs Check, Lost and Found: they happen by themselves) takes none."""
    reason = "event_entry" if t.kind[event].asks_players else "event_asks_nothing"
    return broke(t, Rule.EVENTS, reason, {"player": player(who), "event": card(event), "drawer": player(drawer)})


def draw_not_due(game: GameState, who: int, c: int, rule: Rule, param: RuleParam | None, expected: int, shown: int,
                 reason: str, events: Sequence[int] = ()) -> TravelViolation:
    """Card `c` written as drawn where the rules drew no more: two empty piles give nothing; an event among the
    cards drawn was one of them, and nothing replaces it (R21); else the rule that says how many are drawn
    (`miscount`)."""
    if not game.draw and not game.discard:
        return broke(game.t, Rule.RESHUFFLE, "piles_empty", {"card": card(c)})
    if rule == Rule.FORBIDDEN_DROP:  # a drop draws nothing: a card after its pair is a second one paired
        return broke(game.t, rule, "drop_pair_one", {"card": card(c)})
    if events and expected:
        return broke(game.t, Rule.EVENTS, "event_not_replaced", {"player": player(who), "event": card(events[0]),
                                                                 "count": expected, "card": card(c)})
    return miscount(game, who, rule, param, expected, shown, reason, card=card(c))


def winning_draws(game: GameState, who: int, cards_: list[int | None],
                  used: Sequence[int] = ()) -> tuple[int, TravelViolation | None]:
    """The cards a record shows drawn after `who`'s travel to the centre: a travel ends by drawing the travel
    bonus (R15), but that travel wins and ends the game first (R20), so they may be written or left out; each
    written must have been in the draw pile or, once that ran out, in the discard pile that renews it (R19), the
    cards the travel `used` discarded in it (R15). `cards_`: the words written, None for a `reshuffle` (written
    where the renewal happens, or left out). How many of `cards_` (from the first) are such draws, and the
    violation of the first that could not have been drawn."""
    t = game.t
    pile = list(game.draw)
    renewal = game.discard + list(used)
    renewed = game.pile_renewed
    left = game.params[who].travel_bonus_draw
    for i, c in enumerate(cards_):
        if c is None:
            if pile or not renewal:
                return i, broke(t, Rule.RESHUFFLE, "no_reshuffle" if pile else "no_reshuffle_empty",
                                {"pile": len(pile)})
            pile, renewal, renewed = renewal, [], True
            continue
        if not left:
            return i, None
        if not pile and renewal:
            pile, renewal, renewed = renewal, [], True
        if c < 0 or c not in pile:
            v = check_drawn(game, c)
            if v is None or v.rule == t.cite(Rule.DRAW) and renewed:
                v = broke(t, Rule.DRAW, "not_in_pile_reshuffled" if renewed else "not_in_pile", {
                    "card": card(c), "places": card_places(game, c)}, Part("card"))
            return i, v
        pile.remove(c)
        left -= 1
    return len(cards_), None


def outcome_after_cancel(t: Tables, reactor: int, trap: int) -> TravelViolation:
    """Something written as happening after a mousetrap cancelled the action."""
    return broke(t, Rule.INTERRUPTED, "cancelled_nothing_happens", {"player": player(reactor), "card": card(trap)})


def outcome_after_padlock(t: Tables, reactor: int) -> TravelViolation:
    """A card written as taken by a steal that a padlock stopped."""
    return broke(t, Rule.INTERRUPTED, "padlock_takes_nothing", {"player": player(reactor)})


def bonus_after_refusal(t: Tables, who: int) -> TravelViolation:
    """A trade bonus drawn after the offer was refused: no trade, no bonus."""
    return broke(t, Rule.TRADE_BONUS, "bonus_refused", {"player": player(who)})


def card_places(game: GameState, c: int) -> PlacesRef:
    """Where the copies of card `c` are (hands by seat, -1 the discard pile), for a message."""
    spots = [(p, hand.count(c)) for p, hand in enumerate(game.hands) if c in hand]
    if c in game.discard:
        spots.append((-1, game.discard.count(c)))
    return PlacesRef(spots)


# -- what may be done now ------------------------------------------------------------------------------------

def multisets(cards_: Iterable[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every distinct choice of `size` cards from `cards_` (copies of a card are alike), in sorted order.

    Made one at a time from the card counts: listing every combination and dropping the repeats took gigabytes
    for a big hand with many copies (a trade of 15 cards from 30), where the distinct choices are few."""
    counts = sorted(Counter(cards_).items())

    def from_index(start: int, left: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield ()
            return
        for k in range(start, len(counts)):
            card, copies = counts[k]
            if copies == 0:
                continue
            counts[k] = (card, copies - 1)
            for rest in from_index(k, left - 1):
                yield (card, *rest)
            counts[k] = (card, copies)

    if 0 <= size <= sum(copies for _, copies in counts):
        yield from from_index(0, size)


def sub_multisets(cards_: Sequence[int], low: int, high: int) -> Iterator[tuple[int, ...]]:
    for size in range(low, min(high, len(cards_)) + 1):
        yield from multisets(cards_, size)


def legal_actions(game: GameState, who: int) -> Iterator[Action]:
    """Every action `who` may take now (reactions to another player's action: `legal_reactions`).

    Lazy, like python-chess's `legal_moves`: trades alone multiply (any cards for any cards), so a caller takes
    what it needs. Each action yielded passes `check`."""
    if game.winner >= 0 or who != game.active:
        return
    if needs_empty_hand_draw(game, who):
        yield EmptyHandDraw()
        return
    if game.turn_over:
        yield EndTurn()
        return
    for action in _candidates(game, who):
        if check(game, who, action) is None:
            yield action


def _candidates(game: GameState, who: int) -> Iterator[Action]:
    t = game.t
    hand = game.hands[who]
    par = game.params[who]
    free = [c for c in hand if not t.forbidden[c]]
    others = [q for q in game.clockwise[who][1:] if game.hands[q]]
    if game.actions_taken:
        yield EndTurn()
    if game.actions_left > 0:
        yield Draw()
        for paid in multisets(free, recycle_cost(game, who)):
            pool = [c for c in game.discard + list(paid) if t.family[c] != EVENT]
            take = min(par.recycle_take, len(pool))
            for taken in multisets(pool, take):
                yield Recycle(paid, taken)
        for q in others:
            for paid in multisets(free, steal_cost(game, who, q)):
                yield Steal(q, paid)
        dest = game.next_country(who)
        yield Travel(dest)
        for standin in sorted({c for c in hand if t.standin[c]}):
            for item in sorted(set(t.side_needs[dest])):
                yield Travel(dest, (StandIn(standin, item),))
        for forbidden in sorted({c for c in hand if t.forbidden[c]}):
            for other in sorted(set(free)):
                yield Drop(forbidden, other)
    for c in sorted({c for c in hand if t.family[c] == SPECIAL and t.kind[c].playable}):
        yield from t.kind[c].plays(game, who, c)
    if game.actions_left > 0:
        for q in others:
            for give in sub_multisets(hand, 1, len(hand)):
                for get in sub_multisets(game.hands[q], 1, len(game.hands[q])):
                    yield Trade(q, give, get)


def free_cards(game: GameState, who: int, c: int) -> list[int]:
    """The cards of `who`'s hand besides special item `c` that may pay a cost (never a forbidden item)."""
    rest = list(game.hands[who])
    rest.remove(c)
    return [x for x in rest if not game.t.forbidden[x]]


def legal_reactions(game: GameState, who: int, answered: Action, actor: int) -> list[Reaction]:
    """The reactions `who` may play to the action `answered` that `actor` just announced."""
    t = game.t
    out = []
    for c in sorted(set(game.hands[who])):
        if t.kind[c].reaction is not None:
            reaction = Reaction(c, answered, actor)
            if check(game, who, reaction) is None:
                out.append(reaction)
    return out
