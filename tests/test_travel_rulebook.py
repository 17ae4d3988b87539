"""The source rulebook (`../shared/rules/travel-rules-ko.txt`), read as a rules lawyer would: each checkable
statement, cited by its line in that file, with a record that keeps it (valid) and a record that breaks it (the
exact rule id and the word, marked `^`, the checker must point at).

The table is the one of test_travel_rules.py: Mina (transit FR: camera, map, swimsuit) and Joon (transit DE:
adapter, map, backpack), centre JP (camera, umbrella, backpack); Joon starts.
"""
from __future__ import annotations

import pytest

from test_travel_rules import EXT, MERCHANT, assert_breaks, assert_valid, content, table, turns  # noqa: F401

SUITCASE_HAND = ("Joon: draw big-suitcase", "Mina: draw coat", "Joon: draw camera", "Mina: draw swimsuit",
                 "Joon: draw swimsuit", "Mina: draw adapter", "Joon: draw sunglasses", "Mina: draw camera -coat",
                 "Joon: draw umbrella")
"""Joon ends with 9 cards under the suitcase's limit of 9; Mina with 7."""

BACKPACKER = ("{name: Joon, passport: passport-jp, transit: DE, character: backpacker, "
              "hand: adapter map backpack camera umbrella}")
PILOT = "{name: Mina, passport: passport-kr, transit: FR, character: pilot, hand: camera map coat}"
TWO_COUNTRIES = ("Joon: draw backpack", "Mina: draw swimsuit", "Joon: draw big-suitcase", "Mina: draw coat",
                 "Joon: draw express-ticket", "Mina: draw camera")
"""Joon (a backpacker, dealt 5 cards, then a second backpack; hand limit 9 with the suitcase) holds what both his
countries need, and an express ticket."""

TICKET_AND_KNIFE = ("Joon: draw express-ticket", "Mina: draw coat", "Joon: draw knife", "Mina: draw swimsuit")
"""Joon holds an Express Ticket and a knife (a forbidden item)."""

UK_FR = dict(mina="{name: Mina, passport: passport-kr, transit: GB, hand: camera map coat}",
             joon="{name: Joon, passport: passport-jp, transit: FR, hand: adapter map umbrella}", centre="DE")
MX_VN = dict(mina="{name: Mina, passport: passport-kr, transit: MX, hand: camera map coat}",
             joon="{name: Joon, passport: passport-jp, transit: VN, hand: adapter map umbrella}", centre="FR")

FR_IT_ES = dict(mina="{name: Mina, passport: passport-kr, transit: FR, hand: camera map coat}",
                joon="{name: Joon, passport: passport-jp, transit: IT, hand: adapter map umbrella}\n"
                     "  - {name: Sora, passport: passport-in, transit: ES, hand: camera backpack swimsuit}", centre="KR")
"""Paris and Rome, both 8966 km from Seoul in the distance table; Madrid is farther."""


SIX_PLAYERS = dict(
    mina="{name: Mina, passport: passport-kr, transit: FR, hand: camera map coat}",
    joon="{name: Joon, passport: passport-jp, transit: DE, hand: adapter map umbrella}\n"
         "  - {name: Sora, passport: passport-in, transit: IT, hand: camera backpack swimsuit}\n"
         "  - {name: Hana, passport: passport-fr, transit: ES, hand: sunglasses umbrella adapter}\n"
         "  - {name: Tae, passport: passport-de, transit: GB, hand: coat swimsuit camera}\n"
         "  - {name: Yuri, passport: passport-gb, transit: NO, hand: map backpack sunglasses}",
    extensions="[]")
"""Six players, base game, centre JP: Yuri (Oslo, 8405 km from Tokyo) starts. 18 of the 32 items are dealt."""
PILES_EMPTIED = tuple(f"{name}: draw {item}" for name, item in zip(
    ["Yuri", "Mina", "Joon", "Sora", "Hana", "Tae"] * 3,
    ["camera", "map", "coat", "coat", "adapter", "adapter", "umbrella", "umbrella", "backpack", "backpack",
     "swimsuit", "swimsuit", "sunglasses", "sunglasses"]))
"""The 14 items left are drawn, nobody over the limit: the draw pile is empty, and so is the discard pile."""
FORBIDDEN_DRAWN = ("Joon: draw knife", "Sora: draw parrot", "Hana: draw fireworks", "Tae: draw pills")
"""With the forbidden items in the game, the 4 of them are drawn after the items: six hands of 7 hold every card."""


PADLOCKED_THIEF = ("Joon: draw padlock", "Mina: draw big-suitcase", "Joon: draw coat", "Mina: draw camera",
                   "Joon: draw swimsuit", "Mina: draw swimsuit", "Joon: draw backpack -backpack",
                   "Mina: draw sunglasses", "Joon: draw umbrella -umbrella", "Mina: draw adapter",
                   "Joon: draw map -map")
"""Mina ends with 9 cards under the suitcase's limit of 9; Joon holds a padlock."""


GUIDE_TAKES_THE_LAST = (
    "Joon: draw local-guide", "Mina: recycle coat map -> coat", "Joon: draw mousetrap", "Mina: draw call-mom",
    "Joon: draw trading-post", "Mina: draw messy-map", "Joon: draw binoculars -binoculars",
    "Mina: draw express-ticket", "Joon: draw padlock -padlock", "Mina: draw big-suitcase",
    "Joon: draw lucky-coin -lucky-coin", "Mina: draw camera", "Joon: draw camera -camera", "Mina: draw camera",
    *(f"{name}: draw {item} -{item}" for name, item in zip(
        ["Joon", "Mina"] * 11,
        ["map", "map", "backpack", "backpack", "backpack", "backpack", "sunglasses", "sunglasses", "sunglasses",
         "sunglasses", "umbrella", "umbrella", "umbrella", "adapter", "adapter", "adapter", "coat", "coat", "coat",
         "swimsuit", "swimsuit", "swimsuit"])),
    "Joon: play local-guide -> swimsuit")
"""Special items only: every card but the last swimsuit is drawn (Mina ends with 9 under the suitcase's limit),
then Joon's Local Guide takes that swimsuit from the draw pile."""


LUCKY_COIN_AT_THE_LIMIT = ("Joon: draw coat", "Mina: draw camera", "Joon: draw backpack", "Mina: draw lucky-coin",
                           "Joon: draw sunglasses", "Mina: draw sunglasses", "Joon: draw umbrella -umbrella")
"""Mina holds 7 cards, a Lucky Coin among them: played, it leaves 6, and its two cards make 8."""


FOUR_WITH_MERCHANT = (
    "{name: Joon, passport: passport-jp, transit: DE, character: merchant, hand: adapter map umbrella}\n"
    "  - {name: Sora, passport: passport-in, transit: IT, character: smuggler, hand: camera backpack swimsuit}\n"
    "  - {name: Hana, passport: passport-fr, transit: ES, character: collector, hand: sunglasses umbrella adapter}")
"""Four players with every extension, centre JP: Joon (the Merchant; Berlin is nearest Tokyo) starts."""
PICKPOCKET = "{name: Mina, passport: passport-kr, transit: FR, character: pickpocket, hand: camera map coat}"
COLLECTOR_AND_SORA = ("{name: Joon, passport: passport-jp, transit: DE, character: collector, hand: adapter map "
                      "umbrella}\n  - {name: Sora, passport: passport-in, transit: IT, character: merchant, "
                      "hand: camera backpack swimsuit}")
"""Three players (the Collector is set aside with 2, R33): play goes Joon (the Collector), Sora, Mina."""
READY_FOR_THE_CENTRE = ("Joon: draw coat", "Mina: draw camera", "Joon: draw backpack", "Mina: draw swimsuit",
                        "Joon: travel DE +camera", "Mina: draw umbrella", "Joon: draw backpack",
                        "Mina: draw sunglasses -sunglasses")
"""Joon has travelled to Germany and holds what Japan needs."""


PILOT_FR = "{name: Mina, passport: passport-kr, transit: FR, character: pilot, hand: camera map swimsuit}"
DRAWN_DOWN = ("Joon: draw coat", "Mina: travel FR +camera +umbrella +backpack", *(
    f"{name}: draw {item}" + (f" -{item}" if k >= (10 if name == "Joon" else 7) else "")
    for k, (name, item) in enumerate(zip(
        ["Joon", "Mina"] * 11,
        ["camera", "camera", "map", "map", "backpack", "backpack", "backpack", "umbrella", "umbrella", "adapter",
         "adapter", "adapter", "coat", "coat", "swimsuit", "swimsuit", "swimsuit", "sunglasses", "sunglasses", "coat",
         "sunglasses"]))))
"""Mina, the Pilot (3 cards as the travel bonus), has travelled to France and holds what Japan needs; the draw
pile is drawn down to its last card (sunglasses), the rest of the items discarded for the limit (Joon, the
Merchant, holds 10)."""


THREE_POSTCARDS = ("Joon: draw postcard-city", "Mina: draw postcard-beach", "Joon: draw coat",
                   "Mina: draw postcard-temple", "Joon: draw camera", "Mina: draw postcard-volcano")
"""Mina holds 3 postcards (7 cards), Joon the 4th (7 cards)."""

SORA = ("{name: Joon, passport: passport-jp, transit: DE, hand: adapter map umbrella}\n"
        "  - {name: Sora, passport: passport-in, transit: IT, hand: camera backpack swimsuit}")
"""A third player, Sora (Rome), seated after Joon: play goes Joon, Sora, Mina."""
SWAP_TABLE = ("Joon: draw big-suitcase", "Sora: draw postcard-city", "Mina: draw postcard-beach", "Joon: draw coat",
              "Sora: draw coat", "Mina: draw postcard-temple", "Joon: draw camera", "Sora: draw coat",
              "Mina: draw postcard-volcano", "Joon: draw camera")
"""Mina holds 3 postcards, Sora the 4th, Joon 8 cards under the suitcase's limit of 9."""


def mousetrapped(drawn: str, action: str) -> str:
    """Joon draws a card, Mina a mousetrap, then Joon announces `action` and Mina springs the trap."""
    return table(turns(f"Joon: draw {drawn}", "Mina: draw mousetrap", f"Joon: {action}; Mina mousetrap"))


def tied(first: str) -> str:
    """Mexico City and Hanoi, both 9196 km from Paris in the distance table: the record says who started."""
    text = table(turns(f"{first}: draw coat"), **MX_VN)
    return text.replace("centre: FR\n", f"centre: FR\nfirst: {first}\n")


BACK_TO_GERMANY = ("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +coat", "Mina: draw coat",
                   "Joon: draw adapter", "Mina: draw camera", "Joon: draw map", "Mina: draw swimsuit -swimsuit",
                   "Joon: draw backpack", "Mina: draw umbrella -umbrella")
"""Joon has travelled to Germany and holds its three items again."""

KNIFE_DRAWN = ("Joon: draw knife", "Mina: draw coat")
SMUGGLER = "{name: Joon, passport: passport-jp, transit: DE, character: smuggler, hand: adapter map umbrella}"
SMUGGLER_AND_SORA = SMUGGLER + ("\n  - {name: Sora, passport: passport-in, transit: IT, character: merchant, "
                                "hand: camera backpack swimsuit}")
"""Three players (the Smuggler is set aside with 2, R33): play goes Joon (the Smuggler), Sora, Mina."""


def with_sora(*lines: str) -> tuple[str, ...]:
    """A two-player record's turns with Sora (the Merchant, hand limit 10), seated after Joon, drawing a special
    item after each of Joon's turns but a last one."""
    draws = iter(("padlock", "binoculars", "lucky-coin", "trading-post", "local-guide"))
    turns = []
    for line in lines:
        if turns and turns[-1].startswith("Joon:"):
            turns.append(f"Sora: draw {next(draws)}")
        turns.append(line)
    return tuple(turns)


STOLEN_KNIFE = ("Joon: draw knife", "Mina: draw swimsuit", "Joon: draw coat", "Mina: steal Joon pay coat -> knife")
"""Mina holds what France needs, and the knife she stole."""
KNIFE_AND_GERMANY = ("Joon: draw knife", "Mina: draw coat", "Joon: draw backpack", "Mina: draw camera")
"""Joon holds a knife and what Germany needs."""

MOM_AND_THREE_POSTCARDS = ("Joon: draw coat", "Mina: draw postcard-beach", "Joon: draw coat",
                           "Mina: draw postcard-temple", "Joon: draw coat", "Mina: draw postcard-volcano",
                           "Joon: draw camera -camera", "Mina: draw call-mom -coat")
"""Mina holds 3 postcards and Call Mum (7 cards)."""

ITEMS_LEFT = (["camera"] * 3 + ["map"] * 2 + ["coat"] * 3 + ["adapter"] * 3 + ["umbrella"] * 3 + ["backpack"] * 4
              + ["sunglasses"] * 4 + ["swimsuit"] * 4)
"""The 26 item cards in the draw pile after dealing."""
FORBIDDEN_RESHUFFLED = (
    "Joon: draw knife", "Mina: draw parrot", "Joon: drop knife with umbrella", "Mina: drop parrot with coat",
    "Joon: draw fireworks", "Mina: draw pills", "Joon: drop fireworks with adapter", "Mina: drop pills with camera",
    *(f"{('Joon', 'Mina')[k % 2]}: draw {item}" + (f" -{item}" if k >= 10 else "")
      for k, item in enumerate(ITEMS_LEFT[:-1])), "Mina: draw swimsuit reshuffle -swimsuit")
"""Forbidden items only: the 4 of them are drawn and dropped, then every item left; the last one drawn empties
the draw pile and the discard pile, the forbidden items in it, becomes the new one. Joon holds 7 cards, an
adapter last drawn among them."""


POSTCARDS_AT_SEVEN = ("Joon: draw coat", "Mina: draw postcard-beach", "Joon: draw coat", "Mina: draw postcard-temple",
                      "Joon: draw camera", "Mina: draw postcard-volcano", "Joon: draw camera -camera")
"""Mina holds 3 postcards (7 cards), Joon 7 cards; Mina plays next."""


TRAPPED_CENTRE = ("Joon: draw coat", "Mina: draw camera", "Joon: draw backpack", "Mina: draw swimsuit",
                  "Joon: travel DE +camera", "Mina: draw mousetrap", "Joon: draw backpack",
                  "Mina: draw sunglasses -sunglasses")
"""Joon has travelled to Germany and holds what Japan needs; Mina holds a mousetrap."""


EVENTS_SPENT = ("Joon: draw lost-and-found[]", "Mina: draw customs-check[]",
                "Joon: draw lost-luggage[Joon umbrella, Mina coat]",
                "Mina: draw souvenir-swap[Mina camera, Joon adapter]",
                *(f"{('Joon', 'Mina')[k % 2]}: draw {item}" + (f" -{item}" if k >= 8 else "")
                  for k, item in enumerate(ITEMS_LEFT)))
"""Events only: four of them are drawn, then every item: the Duty-Free Spree is the last card of the draw pile."""


ALL_PILOT = dict(extensions="all", mina=PILOT, joon=SMUGGLER_AND_SORA)


MINA_EMPTIED = ("Joon: draw coat", "Mina: trade Joon passport-kr camera map for coat +knife",
                "Joon: steal Mina pay adapter -> coat", "Mina: drop knife with coat")
"""Mina's hand is empty (the records of line 57)."""


PADLOCKED_RICHER = ("Joon: draw padlock", "Mina: recycle camera map -> camera", "Joon: draw coat")
"""Joon holds 6 cards, a padlock among them; Mina (a Pickpocket) 3."""


# Each entry: the rulebook line it checks, a valid record, and a breaking record with its rule id and reason.
STATEMENTS = {
    "lines 35-36: the closest transit country starts (France, 877 km from Berlin, before the UK, 932 km)": (
        table(turns("Joon: draw coat"), **UK_FR),
        table(turns("^Mina: draw coat"), **UK_FR),
        "R7", "not_your_turn"),
    "lines 35-36: only the same printed distance is a tie, and then the record says who started": (
        tied("Mina"),
        table(turns("Mina: draw coat"), **MX_VN).replace("centre: FR", "centre: ^FR"),
        "R7", "start_tie_unsaid"),
    "lines 35-36: a record that names a starting player who is not the nearest": (
        tied("Joon"),
        table(turns("Mina: draw coat"), **UK_FR).replace("centre: DE\n", "centre: DE\nfirst: ^Mina\n"),
        "R7", "start_not_nearest"),
    "lines 17-18, 28: the passport taken into the hand is written under passport:, the 3 cards dealt under hand:": (
        table(turns("Joon: draw coat")),
        table(turns("Joon: draw coat"), joon="{name: Joon, passport: passport-jp, transit: DE, "
                                             "hand: ^passport-jp adapter map umbrella}"),
        "R5", "hand_own_passport"),
    "lines 21-24: each player is dealt a country card of their own, and the centre is one more": (
        table(turns("Joon: draw coat")),
        table(turns("Joon: draw coat"), mina="{name: Mina, passport: passport-kr, transit: JP, hand: camera map coat}",
              centre="^JP"),
        "R4", "country_twice"),
    "lines 35-36: with a tie for the nearest, one of the tied players starts, not a third": (
        table(turns("Mina: draw coat"), **FR_IT_ES).replace("centre: KR\n", "centre: KR\nfirst: Mina\n"),
        table(turns("Sora: draw coat"), **FR_IT_ES).replace("centre: KR\n", "centre: KR\nfirst: ^Sora\n"),
        "R7", "start_not_tied"),
    "line 65: on your turn you may travel to one country (an extra action does not give a second)": (
        table(turns(*TWO_COUNTRIES, "Joon: play express-ticket; travel DE +sunglasses; draw umbrella"),
              extensions="all", mina=PILOT, joon=BACKPACKER),
        table(turns(*TWO_COUNTRIES, "Joon: play express-ticket; travel DE +sunglasses; ^travel JP"),
              extensions="all", mina=PILOT, joon=BACKPACKER),
        "R14", "one_country_a_turn"),
    "line 55: the hand limit holds at any moment (a limit that falls is met at once)": (
        table(turns(*SUITCASE_HAND, "Mina: steal Joon pay coat -> big-suitcase -umbrella", "Joon: draw map -map")),
        table(turns(*SUITCASE_HAND, "Mina: steal Joon pay coat -> ^big-suitcase")),
        "R17", "over_limit"),
    "line 55: a thief who paid the Big Suitcase discards down at once, even when a padlock stops the steal": (
        table(turns(*PADLOCKED_THIEF, "Mina: steal Joon pay big-suitcase; Joon padlock -coat")),
        table(turns(*PADLOCKED_THIEF, "Mina: ^steal Joon pay big-suitcase; Joon padlock")),
        "R17", "over_limit"),
    "line 55: a thief who pays the Big Suitcase discards down before the card is taken, so not that card first": (
        table(turns(*PADLOCKED_THIEF, "Mina: steal Joon pay big-suitcase -> umbrella -camera -umbrella")),
        table(turns(*PADLOCKED_THIEF, "Mina: steal Joon pay big-suitcase -> umbrella ^-umbrella -camera")),
        "R17", "not_in_hand"),
    "line 38, FAQ lines 117 and 123: a trade begins with the offer, so none is made once the action is taken": (
        table(turns("Joon: draw express-ticket", "Mina: draw coat",
                    "Joon: play express-ticket; draw coat; trade Mina adapter for camera refused; draw camera")),
        table(turns("Joon: draw coat; ^trade Mina adapter for camera refused")),
        "R11", "offer_after_action"),
    "FAQ lines 132-133: a steal stopped by a padlock takes nothing, whatever is written after the padlock": (
        table(turns(*PADLOCKED_THIEF, "Mina: steal Joon pay big-suitcase -coat; Joon padlock")),
        table(turns("Joon: draw coat", "Mina: draw padlock", "Joon: steal Mina pay coat; Mina padlock ^camera")),
        "R24", "padlock_takes_nothing"),
    "FAQ lines 132-133: an action stopped by a mousetrap draws nothing, whatever is written after the trap": (
        mousetrapped("coat", "draw"),
        table(turns("Joon: draw coat", "Mina: draw mousetrap", "Joon: draw; Mina mousetrap ^+camera")),
        "R24", "cancelled_nothing_happens"),
    "lines 59-61: the moment the last card leaves the draw pile (to a Local Guide too), the discards are shuffled": (
        table(turns(*GUIDE_TAKES_THE_LAST[:-1], GUIDE_TAKES_THE_LAST[-1] + " reshuffle", "Mina: draw coat -coat"),
              extensions="[special]"),
        table(turns(*GUIDE_TAKES_THE_LAST, "Mina: draw ^local-guide -local-guide"), extensions="[special]"),
        "R9", "not_in_pile_reshuffled"),
    "line 80 (ours, README: clockwise from the drawer): each player's part of an event, in that order": (
        table(turns("Joon: draw lost-luggage[Joon map, Mina coat]", "Mina: draw coat")),
        table(turns("Joon: draw lost-luggage[^Mina coat, Joon map]")),
        "R21", "event_entry"),
    "lines 106-107: a lost passport is in the discard pile (to recycle), not in the draw pile": (
        table(turns("Joon: steal Mina pay passport-jp -> passport-kr", "Mina: recycle camera map -> passport-jp")),
        table(turns("Joon: steal Mina pay passport-jp -> passport-kr", "Mina: draw ^passport-jp")),
        "R9", "not_in_pile"),
    "lines 109-110: a card is discarded for the limit only once the hand is over it (Lucky Coin's two cards)": (
        table(turns(*LUCKY_COIN_AT_THE_LIMIT, "Mina: play lucky-coin swimsuit umbrella -umbrella")),
        table(turns(*LUCKY_COIN_AT_THE_LIMIT, "Mina: play lucky-coin swimsuit ^-swimsuit umbrella")),
        "R17", "no_discard_due"),
    "lines 96-97: the 4th postcard wins at once, before the other player of the trade discards for the limit": (
        table(turns(*THREE_POSTCARDS, "Joon: trade Mina postcard-city for camera map")),
        table(turns(*THREE_POSTCARDS, "Joon: trade Mina postcard-city for camera map ^-coat")),
        "R32", "game_over"),
    "lines 96-97 (ours, README and R32): the 4th postcard drawn at the limit wins, and no discard follows it": (
        table(turns(*THREE_POSTCARDS, "Joon: draw umbrella -umbrella", "Mina: draw postcard-mountains")),
        table(turns(*THREE_POSTCARDS, "Joon: draw umbrella -umbrella", "Mina: draw postcard-mountains ^-coat")),
        "R32", "game_over"),
    "lines 96-97: so in a Souvenir Swap: the 4th postcard passed wins before a falling limit is met": (
        table(turns(*SWAP_TABLE, "Sora: draw souvenir-swap[Sora postcard-city, Mina coat, Joon big-suitcase]"),
              joon=SORA),
        table(turns(*SWAP_TABLE, "Sora: draw souvenir-swap[Sora postcard-city, Mina coat, Joon big-suitcase ^-coat]"),
              joon=SORA),
        "R32", "game_over"),
    "line 55 (our notation): after a Souvenir Swap each player's discards for the limit are written in their part": (
        table(turns(*SWAP_TABLE, "Sora: draw umbrella -umbrella", "Mina: draw umbrella -umbrella",
                    "Joon: draw souvenir-swap[Joon big-suitcase -coat, Sora coat, Mina coat]"), joon=SORA),
        table(turns(*SWAP_TABLE, "Sora: draw umbrella -umbrella", "Mina: draw umbrella -umbrella",
                    "Joon: draw souvenir-swap[Joon ^big-suitcase, Sora coat, Mina coat -coat]"), joon=SORA),
        "R17", "over_limit"),
    "line 55: a Souvenir Swap that takes a Big Suitcase away: its former holder discards down in the same moment": (
        table(turns(*SWAP_TABLE, "Sora: draw souvenir-swap[Sora coat, Mina coat, Joon big-suitcase -coat]"),
              joon=SORA),
        table(turns(*SWAP_TABLE, "Sora: draw souvenir-swap[Sora coat, Mina coat, Joon ^big-suitcase]"), joon=SORA),
        "R17", "over_limit"),
    "lines 64-76: the travel that wins may still show the card its last step draws, and no more": (
        table(turns(*READY_FOR_THE_CENTRE, "Joon: travel JP +coat")),
        table(turns(*READY_FOR_THE_CENTRE, "Joon: travel JP +coat ^+map")),
        "R20", "game_over"),
    "lines 64-76: a card shown drawn by the travel that wins must be in the draw pile": (
        table(turns(*READY_FOR_THE_CENTRE, "Joon: travel JP")),
        table(turns(*READY_FOR_THE_CENTRE, "Joon: travel JP ^passport-fr")),
        "R9", "passport_not_in_pile"),
    "lines 60-62, 72: the Pilot's winning travel may show its 3 cards, on from the discards once the pile is out": (
        table(turns(*DRAWN_DOWN, "Mina: travel JP +sunglasses reshuffle +camera +map"),
              extensions="[characters]", mina=PILOT_FR, joon=MERCHANT),
        table(turns(*DRAWN_DOWN, "Mina: travel JP +sunglasses ^+passport-jp"),
              extensions="[characters]", mina=PILOT_FR, joon=MERCHANT),
        "R9", "not_in_pile_reshuffled"),
    "lines 79-80: an event is played when drawn, and nothing replaces it": (
        table(turns("Joon: draw lost-and-found[]", "Mina: draw coat")),
        table(turns("Joon: draw lost-and-found[] ^coat")),
        "R21", "event_not_replaced"),
    "lines 46-48: a steal stopped by a mousetrap must still have been a steal the player could make": (
        mousetrapped("coat", "steal Mina pay coat"),
        mousetrapped("coat", "steal Mina pay ^swimsuit"),
        "R13", "not_in_hand"),
    "lines 65-66: a travel stopped by a mousetrap must still have been a travel the player could make": (
        mousetrapped("backpack", "travel DE"),
        mousetrapped("coat", "travel ^DE"),
        "R2", "missing_items"),
    "lines 90-91: a forbidden item is discarded together with one other card, not two": (
        table(turns("Joon: draw knife", "Mina: draw coat", "Joon: drop knife with adapter")),
        table(turns("Joon: draw knife", "Mina: draw coat", "Joon: drop knife with adapter ^map")),
        "R29", "drop_pair_one"),
    "line 92: getting rid of a forbidden item counts as the turn: nothing comes after it": (
        table(turns("Joon: draw knife", "Mina: draw coat", "Joon: drop knife with adapter")),
        table(turns("Joon: draw knife", "Mina: draw coat", "Joon: drop knife with adapter; ^draw coat")),
        "R29", "drop_ended_turn"),
    "line 92: a drop counts as the whole turn, so an Express Ticket's extra action does not follow it": (
        table(turns(*TICKET_AND_KNIFE, "Joon: play express-ticket; drop knife with adapter")),
        table(turns(*TICKET_AND_KNIFE, "Joon: play express-ticket; drop knife with adapter; ^draw coat")),
        "R29", "drop_ended_turn"),
    "line 92: a drop is the whole turn, so it never follows an action, even with an Express Ticket": (
        table(turns(*TICKET_AND_KNIFE, "Joon: play express-ticket; draw coat; draw camera")),
        table(turns(*TICKET_AND_KNIFE, "Joon: play express-ticket; draw coat; ^drop knife with adapter")),
        "R29", "drop_whole_turn"),
    "lines 69-70: a travel discards the items used and keeps the passport and the rest": (
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +coat", "Mina: draw swimsuit",
                    "Joon: trade Mina umbrella passport-jp for camera +sunglasses")),
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +coat", "Mina: draw swimsuit",
                    "Joon: trade Mina ^adapter for camera +sunglasses")),
        "R11", "not_in_hand"),
    "line 40: a draw takes a card from the draw pile (a card not in it is a draw-rule problem)": (
        table(turns("Joon: draw map")),
        table(turns("Joon: draw map", "Mina: draw map", "Joon: draw ^map")),
        "R9", "not_in_pile"),
    "lines 59-62 (silent on both piles empty; ours, README): with both piles empty a draw gives nothing": (
        table(turns(*PILES_EMPTIED, "Joon: draw", "Sora: trade Hana camera for sunglasses"),
              **SIX_PLAYERS),
        table(turns(*PILES_EMPTIED, "Joon: draw ^coat"), **SIX_PLAYERS),
        "R19", "piles_empty"),
    "lines 59-62 (ours, README): so with the forbidden items too, 42 cards that six hands of 7 can hold": (
        table(turns(*PILES_EMPTIED, *FORBIDDEN_DRAWN, "Yuri: draw", "Mina: draw"),
              **dict(SIX_PLAYERS, extensions="[forbidden]")),
        table(turns(*PILES_EMPTIED, *FORBIDDEN_DRAWN, "Yuri: draw ^coat"),
              **dict(SIX_PLAYERS, extensions="[forbidden]")),
        "R19", "piles_empty"),
    "lines 59-62 (ours, README and R19): a pile that ran out with no discards is renewed at the next draw": (
        table(turns(*PILES_EMPTIED, "Joon: draw", "Sora: recycle camera backpack -> camera",
                    "Hana: draw reshuffle backpack"), **SIX_PLAYERS),
        table(turns(*PILES_EMPTIED, "Joon: draw", "Sora: recycle camera backpack -> camera",
                    "Hana: draw backpack ^reshuffle"), **SIX_PLAYERS),
        "R19", "no_reshuffle_empty"),
    "lines 59-62 (ours): so no reshuffle is written before that draw, where the discards are not yet shuffled in": (
        table(turns(*PILES_EMPTIED, "Joon: draw", "Sora: recycle camera backpack -> camera", "Hana: draw backpack"),
              **SIX_PLAYERS),
        table(turns(*PILES_EMPTIED, "Joon: draw", "Sora: recycle camera backpack -> camera ^reshuffle"),
              **SIX_PLAYERS),
        "R19", "no_reshuffle_yet"),
    "line 80 (our Customs Check): an event that asks nothing of anyone takes no parts, not even its discards": (
        table(turns("Joon: draw knife", "Mina: draw customs-check[]", "Joon: draw coat")),
        table(turns("Joon: draw knife", "Mina: draw customs-check[^Joon knife]")),
        "R21", "event_asks_nothing"),
    "line 84 (our Local Guide card): the card taken may be written without the arrow, as after a Lucky Coin": (
        table(turns("Joon: draw local-guide", "Mina: draw coat", "Joon: play local-guide backpack",
                    "Mina: draw camera", "Joon: travel DE +coat")),
        table(turns("Joon: draw local-guide", "Mina: draw coat", "Joon: play local-guide backpack ^coat")),
        "R23", "search_take"),
    "FAQ lines 132-133: a recycle stopped by a mousetrap takes nothing, so no card taken is written (nor '->')": (
        mousetrapped("coat", "recycle coat map"),
        mousetrapped("coat", "recycle coat ^knife"),
        "R10", "not_in_hand"),
    "FAQ lines 132-133 (README): the card a stopped recycle would take is never written, even one it could take": (
        mousetrapped("coat", "recycle coat map"),
        mousetrapped("coat", "recycle coat map -> ^coat"),
        "R24", "cancelled_nothing_happens"),
    "FAQ lines 132-133: so is a Trading Post (our card): nothing is paid, nothing drawn, so no '->' is written": (
        mousetrapped("trading-post", "play trading-post map"),
        mousetrapped("trading-post", "play trading-post ^coat"),
        "R23", "not_in_hand"),
    "line 84 (our Trading Post and Binoculars cards): the card played is not among the cards it pays with": (
        table(turns("Joon: draw trading-post", "Mina: draw coat", "Joon: play trading-post umbrella -> coat")),
        table(turns("Joon: draw trading-post", "Mina: draw coat", "Joon: play trading-post ^trading-post -> coat")),
        "R23", "pays_itself"),
    "line 102: a character is never traded, so never offered either (an offer may bluff with cards, FAQ 118-119)": (
        table(turns("Joon: trade Mina swimsuit for camera refused; draw coat"), extensions="all", mina=PILOT,
              joon=MERCHANT),
        table(turns("Joon: trade Mina adapter for ^pilot refused; draw coat"), extensions="all", mina=PILOT,
              joon=MERCHANT),
        "R33", "character_not_card"),
    "lines 98-102 (our characters, README): a count the owner's character changed is R34, not the printed base": (
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +coat", "Mina: draw swimsuit",
                    "Joon: draw camera", "Mina: travel FR +umbrella +coat +backpack"),
              extensions="all", mina=PILOT, joon=MERCHANT),
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +coat", "Mina: draw swimsuit",
                    "Joon: draw camera", "Mina: ^travel FR +umbrella +coat"),
              extensions="all", mina=PILOT, joon=MERCHANT),
        "R34", "missing_draw"),
    "lines 98-102 (ours, README and R13): the Binoculars cost their card, for her too": (
        table(turns("Joon: draw coat", "Sora: draw coat", "Mina: draw binoculars", "Joon: draw coat",
                    "Sora: draw umbrella", "Mina: play binoculars Joon pay camera -> coat"),
              extensions="all", mina=PICKPOCKET, joon=COLLECTOR_AND_SORA),
        table(turns("Joon: draw coat", "Sora: draw coat", "Mina: draw binoculars", "Joon: draw coat",
                    "Sora: draw umbrella", "Mina: play binoculars Joon ^-> coat"),
              extensions="all", mina=PICKPOCKET, joon=COLLECTOR_AND_SORA),
        "R23", "card_cost"),
    "lines 98-102 (our characters): the Backpacker's hand of 5 at setup is R34, not R5's 3": (
        table(turns("Joon: draw coat"), extensions="all", mina=PILOT, joon=BACKPACKER),
        table(turns("Joon: draw coat"), extensions="all", mina=PILOT,
              joon=BACKPACKER.replace(" umbrella}", " umbrella backpack}").replace("hand: ", "hand: ^")),
        "R34", "hand_size"),
    "ours (README, R33 and the Smuggler's card): with 2 players the Smuggler is set aside before the deal": (
        table(turns("Joon: draw coat"), extensions="all", mina=PILOT, joon=SMUGGLER_AND_SORA),
        table(turns("Joon: draw coat"), extensions="all", mina=PILOT,
              joon=SMUGGLER.replace("smuggler", "^smuggler")),
        "R33", "character_players"),
    "line 2 and 74: the first to travel to the centre country wins, so nobody plays after": (
        table(turns(*READY_FOR_THE_CENTRE, "Joon: travel JP")),
        table(turns(*READY_FOR_THE_CENTRE, "Joon: travel JP", "^Mina: draw coat")),
        "R20", "game_over"),
    "lines 3 and 11: your transit country before the centre country": (
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +coat")),
        table(turns("Joon: travel ^JP")),
        "R16", "transit_first"),
    "lines 4-5 and 66: a country needs its three items in the hand": (
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +coat")),
        table(turns("Joon: draw camera", "Mina: draw coat", "Joon: travel ^DE")),
        "R2", "missing_items"),
    "lines 5, 15 and 66: and a passport": (
        table(turns("Joon: trade Mina umbrella for coat +backpack", "Mina: draw coat", "Joon: travel DE +camera")),
        table(turns("Joon: trade Mina passport-jp for coat +backpack", "Mina: draw coat", "Joon: ^travel DE")),
        "R14", "no_passport"),
    "lines 18-19: one passport each; the rest are set aside, never drawn": (
        table(turns("Joon: draw coat")),
        table(turns("Joon: draw ^passport-fr")),
        "R9", "passport_not_in_pile"),
    "line 18: each player takes a passport of their own": (
        table(turns("Joon: draw coat")),
        table(turns("Joon: draw coat"), joon="{name: Joon, passport: ^passport-kr, transit: DE, "
                                             "hand: adapter map umbrella}"),
        "R3", "passport_twice"),
    "line 25: the country cards nobody was dealt are set aside: nobody travels there": (
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +coat")),
        table(turns("Joon: travel ^US")),
        "R1", "not_your_country"),
    "lines 21-24 (README notes: a country card is double-sided): one card cannot be a transit and the centre": (
        table(turns("Joon: draw coat")),
        table(turns("Joon: draw coat"), mina="{name: Mina, passport: passport-kr, transit: PE, hand: camera map coat}",
              centre="^JP"),
        "R4", "country_card_twice"),
    "line 27: the starting hands are dealt from the item cards alone": (
        table(turns("Joon: draw coat")),
        table(turns("Joon: draw coat"), mina="{name: Mina, passport: passport-kr, transit: FR, "
                                             "hand: camera map ^knife}"),
        "R5", "hand_not_item"),
    "line 28: 3 cards each": (
        table(turns("Joon: draw coat")),
        table(turns("Joon: draw coat"), mina="{name: Mina, passport: passport-kr, transit: FR, "
                                             "hand: ^camera map coat coat}"),
        "R5", "hand_size"),
    "line 30: only the extensions chosen are shuffled in": (
        table(turns("Joon: draw knife"), extensions="[forbidden]"),
        table(turns("Joon: draw ^duty-free"), extensions="[forbidden]"),
        "R6", "extension_not_chosen"),
    "line 36: play goes clockwise, down the list of seats": (
        table(turns("Joon: draw coat", "Sora: draw coat", "Mina: draw coat"), joon=SORA),
        table(turns("Joon: draw coat", "^Mina: draw coat"), joon=SORA),
        "R7", "not_your_turn"),
    "line 38: one of the actions must be taken (a refused offer is none, FAQ line 123)": (
        table(turns("Joon: trade Mina adapter for camera refused; draw coat")),
        table(turns("Joon: trade Mina adapter for camera ^refused")),
        "R8", "no_action"),
    "line 42: a recycle costs 2 cards": (
        table(turns("Joon: recycle adapter map -> map")),
        table(turns("Joon: recycle adapter ^-> adapter")),
        "R10", "cost"),
    "line 42: from your own hand": (
        table(turns("Joon: recycle adapter map -> map")),
        table(turns("Joon: recycle adapter ^camera -> adapter")),
        "R10", "not_in_hand"),
    "line 43 (FAQ 112-113): the card taken is one in the discard pile, the ones just paid too": (
        table(turns("Joon: recycle adapter map -> map")),
        table(turns("Joon: recycle adapter map -> ^camera")),
        "R10", "not_in_discard"),
    "line 45: a trade gives 1 card or more": (
        table(turns("Joon: trade Mina adapter for camera +coat")),
        table(turns("Joon: ^trade Mina for camera +coat")),
        "R11", "trade_side_empty"),
    "line 45: for cards the other player holds (an exchange: something comes back)": (
        table(turns("Joon: trade Mina adapter for camera +coat")),
        table(turns("Joon: trade Mina adapter ^for +coat")),
        "R11", "trade_side_empty"),
    "line 45: with another player": (
        table(turns("Joon: trade Mina adapter for camera +coat")),
        table(turns("Joon: trade ^Joon adapter for map +coat")),
        "R11", "trade_self"),
    "line 47: a steal costs 1 card": (
        table(turns("Joon: steal Mina pay adapter -> camera")),
        table(turns("Joon: steal Mina ^-> camera")),
        "R13", "cost"),
    "line 47: from your own hand": (
        table(turns("Joon: steal Mina pay adapter -> camera")),
        table(turns("Joon: steal Mina pay ^camera -> coat")),
        "R13", "not_in_hand"),
    "line 48: the card taken is one in the other player's hand": (
        table(turns("Joon: steal Mina pay adapter -> camera")),
        table(turns("Joon: steal Mina pay adapter -> ^umbrella")),
        "R13", "not_in_hand"),
    "line 48: another player's": (
        table(turns("Joon: steal Mina pay adapter -> camera")),
        table(turns("Joon: steal ^Joon pay adapter -> map")),
        "R13", "steal_self"),
    "lines 53-54: at most 7 cards, the passport and special items counted": (
        table(turns("Joon: draw padlock", "Mina: draw coat", "Joon: draw camera", "Mina: draw coat",
                    "Joon: draw coat", "Mina: draw camera", "Joon: draw swimsuit -padlock")),
        table(turns("Joon: draw padlock", "Mina: draw coat", "Joon: draw camera", "Mina: draw coat",
                    "Joon: draw coat", "Mina: draw camera", "Joon: draw ^swimsuit")),
        "R17", "over_limit"),
    "line 57: an empty hand at the start of the turn draws 3 first": (
        table(turns("Joon: draw coat", "Mina: trade Joon passport-kr camera map for coat +knife",
                    "Joon: steal Mina pay adapter -> coat", "Mina: drop knife with coat", "Joon: draw camera -map",
                    "Mina: empty umbrella swimsuit coat; draw sunglasses")),
        table(turns("Joon: draw coat", "Mina: trade Joon passport-kr camera map for coat +knife",
                    "Joon: steal Mina pay adapter -> coat", "Mina: drop knife with coat", "Joon: draw camera -map",
                    "Mina: ^draw umbrella")),
        "R18", "empty_hand_missing"),
    "line 58: and that is not the turn's action": (
        table(turns("Joon: draw coat", "Mina: trade Joon passport-kr camera map for coat +knife",
                    "Joon: steal Mina pay adapter -> coat", "Mina: drop knife with coat", "Joon: draw camera -map",
                    "Mina: empty umbrella swimsuit coat; draw sunglasses")),
        table(turns("Joon: draw coat", "Mina: trade Joon passport-kr camera map for coat +knife",
                    "Joon: steal Mina pay adapter -> coat", "Mina: drop knife with coat", "Joon: draw camera -map",
                    "Mina: empty umbrella swimsuit ^coat")),
        "R8", "no_action"),
    "lines 60-62: the new draw pile is the whole discard pile, forbidden items too, and only it": (
        table(turns(*FORBIDDEN_RESHUFFLED, "Joon: draw knife -adapter"), extensions="[forbidden]"),
        table(turns(*FORBIDDEN_RESHUFFLED, "Joon: draw ^passport-kr -adapter"), extensions="[forbidden]"),
        "R9", "not_in_pile_reshuffled"),
    "line 71: a country travelled to is set aside: the transit country is not travelled to twice": (
        table(turns(*BACK_TO_GERMANY, "Joon: draw camera")),
        table(turns(*BACK_TO_GERMANY, "Joon: travel ^DE")),
        "R16", "transit_done"),
    "line 72: a travel ends with a free card drawn": (
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +coat")),
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: ^travel DE")),
        "R15", "missing_draw"),
    "lines 79-80: an event drawn as a trade bonus is played at once, and is that bonus": (
        table(turns("Joon: trade Mina adapter for camera +duty-free[Joon coat, Mina coat]")),
        table(turns("Joon: trade Mina adapter for camera +duty-free[Joon coat, Mina coat] ^coat")),
        "R21", "event_not_replaced"),
    "lines 79-80: so is an event drawn as the travel's free card": (
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +duty-free[Joon coat, Mina coat]")),
        table(turns("Joon: draw backpack", "Mina: draw coat",
                    "Joon: travel DE +duty-free[Joon coat, Mina coat] ^+coat")),
        "R21", "event_not_replaced"),
    "line 80: an event affects every player (our Lost Luggage: each discards a card)": (
        table(turns("Joon: draw lost-luggage[Joon map, Mina coat]")),
        table(turns("Joon: draw ^lost-luggage[Joon map]")),
        "R21", "event_discard_count"),
    "line 81: an event is never taken back from the discard pile": (
        table(turns("Joon: draw duty-free[Joon coat, Mina camera]", "Mina: recycle camera map -> camera")),
        table(turns("Joon: draw duty-free[Joon coat, Mina camera]", "Mina: recycle camera map -> ^duty-free")),
        "R22", "event_from_discard"),
    "line 85: some special items are the turn's action (our Lucky Coin)": (
        table(turns("Joon: draw lucky-coin", "Mina: draw coat", "Joon: play lucky-coin coat camera")),
        table(turns("Joon: draw lucky-coin", "Mina: draw coat", "Joon: play lucky-coin coat camera; ^draw swimsuit")),
        "R8", "one_action"),
    "line 89: no travel while holding a forbidden item": (
        table(turns(*KNIFE_AND_GERMANY, "Joon: drop knife with umbrella", "Mina: draw coat", "Joon: travel DE +coat")),
        table(turns(*KNIFE_AND_GERMANY, "Joon: ^travel DE +coat")),
        "R28", "travel_forbidden"),
    "line 90: a forbidden item is dropped with any one other card, a passport too": (
        table(turns(*KNIFE_DRAWN, "Joon: drop knife with passport-jp")),
        table(turns(*KNIFE_DRAWN, "Joon: drop knife with ^camera")),
        "R29", "not_in_hand"),
    "line 91: both cards go to the discard pile": (
        table(turns(*KNIFE_DRAWN, "Joon: drop knife with adapter", "Mina: recycle camera map -> adapter")),
        table(turns(*KNIFE_DRAWN, "Joon: drop knife with adapter", "Mina: recycle camera map -> ^umbrella")),
        "R10", "not_in_discard"),
    "lines 99-100: with the characters, every player has one": (
        table(turns("Joon: draw coat"), extensions="all", mina=PILOT, joon=MERCHANT),
        table(turns("Joon: draw coat"), extensions="all", mina=PILOT,
              joon="{name: ^Joon, passport: passport-jp, transit: DE, hand: adapter map umbrella}"),
        "R33", "character_missing"),
    "lines 99-101: one character card each, so no two players have the same": (
        table(turns("Joon: draw coat"), extensions="all", mina=PILOT, joon=MERCHANT),
        table(turns("Joon: draw coat"), extensions="all", mina=PILOT, joon=MERCHANT.replace("merchant", "^pilot")),
        "R33", "character_twice"),
    "FAQ line 105: any passport will do, another player's too": (
        table(turns("Joon: trade Mina passport-jp for passport-kr +backpack", "Mina: draw coat",
                    "Joon: travel DE +coat")),
        table(turns("Joon: trade Mina passport-jp for coat +backpack", "Mina: draw coat", "Joon: ^travel DE")),
        "R14", "no_passport"),
    "FAQ line 106: a lost passport may be stolen back, if the other player holds it": (
        table(turns("Joon: trade Mina passport-jp for coat +backpack", "Mina: draw coat",
                    "Joon: steal Mina pay umbrella -> passport-jp", "Mina: draw coat", "Joon: travel DE +camera")),
        table(turns("Joon: trade Mina passport-jp for coat +backpack", "Mina: draw coat",
                    "Joon: steal Mina pay umbrella -> ^passport-fr")),
        "R13", "not_in_hand"),
    "FAQ lines 109-110: a draw at the limit is allowed, then the hand goes back to 7": (
        table(turns("Joon: draw coat", "Mina: draw coat", "Joon: draw camera", "Mina: draw camera",
                    "Joon: draw swimsuit", "Mina: draw swimsuit", "Joon: draw sunglasses -coat")),
        table(turns("Joon: draw coat", "Mina: draw coat", "Joon: draw camera", "Mina: draw camera",
                    "Joon: draw swimsuit", "Mina: draw swimsuit", "Joon: draw ^sunglasses")),
        "R17", "over_limit"),
    "FAQ lines 109-110: the discard comes after the draw, not before": (
        table(turns("Joon: draw coat", "Mina: draw coat", "Joon: draw camera", "Mina: draw camera",
                    "Joon: draw swimsuit", "Mina: draw swimsuit", "Joon: draw sunglasses -coat")),
        table(turns("Joon: draw coat", "Mina: draw coat", "Joon: draw camera", "Mina: draw camera",
                    "Joon: draw swimsuit", "Mina: draw swimsuit", "Joon: draw ^-coat sunglasses")),
        "R17", "no_discard_due"),
    "FAQ line 115: the Smuggler travels holding a forbidden item, nobody else does": (
        table(turns(*with_sora(*KNIFE_AND_GERMANY, "Joon: travel DE +swimsuit")), extensions="all", mina=PILOT,
              joon=SMUGGLER_AND_SORA),
        table(turns(*KNIFE_AND_GERMANY, "Joon: ^travel DE +swimsuit"), extensions="all", mina=PILOT,
              joon=MERCHANT),
        "R28", "travel_forbidden"),
    "FAQ lines 118-120: an offer may bluff, but a trade made moves the cards agreed, which must be held": (
        table(turns("Joon: trade Mina swimsuit for sunglasses refused; draw coat")),
        table(turns("Joon: trade Mina ^swimsuit for camera +coat")),
        "R11", "not_in_hand"),
    "FAQ lines 118-120: on both sides": (
        table(turns("Joon: trade Mina adapter for camera +coat")),
        table(turns("Joon: trade Mina adapter for ^swimsuit +coat")),
        "R11", "not_in_hand"),
    "FAQ lines 121-122: the counts may differ (3 for 2), each card held": (
        table(turns("Joon: trade Mina adapter map umbrella for camera coat +coat")),
        table(turns("Joon: trade Mina adapter map umbrella for camera ^swimsuit +coat")),
        "R11", "not_in_hand"),
    "FAQ line 124 (and line 45): the bonus card only when the trade is made": (
        table(turns("Joon: trade Mina adapter for camera +coat")),
        table(turns("Joon: trade Mina adapter for camera refused ^+coat; draw coat")),
        "R12", "bonus_refused"),
    "FAQ line 126: a forbidden item is never paid to recycle": (
        table(turns(*KNIFE_DRAWN, "Joon: recycle adapter map -> map")),
        table(turns(*KNIFE_DRAWN, "Joon: recycle ^knife map -> map")),
        "R30", "forbidden_cost"),
    "FAQ line 126: nor to steal": (
        table(turns(*KNIFE_DRAWN, "Joon: steal Mina pay map -> coat")),
        table(turns(*KNIFE_DRAWN, "Joon: steal Mina pay ^knife -> coat")),
        "R30", "forbidden_cost"),
    "FAQ line 127: nor discarded for the hand limit": (
        table(turns(*KNIFE_DRAWN, "Joon: draw camera", "Mina: draw coat", "Joon: draw swimsuit", "Mina: draw camera",
                    "Joon: draw sunglasses -camera")),
        table(turns(*KNIFE_DRAWN, "Joon: draw camera", "Mina: draw coat", "Joon: draw swimsuit", "Mina: draw camera",
                    "Joon: draw sunglasses ^-knife")),
        "R30", "forbidden_limit"),
    "FAQ line 128: a forbidden item is not dropped with another forbidden item": (
        table(turns(*KNIFE_DRAWN, "Joon: draw parrot", "Mina: draw coat", "Joon: drop knife with map")),
        table(turns(*KNIFE_DRAWN, "Joon: draw parrot", "Mina: draw coat", "Joon: drop knife with ^parrot")),
        "R29", "drop_pair_forbidden"),
    "FAQ line 129: a forbidden item may be stolen, and then it keeps the thief from travelling": (
        table(turns(*STOLEN_KNIFE)),
        table(turns(*STOLEN_KNIFE, "Joon: draw coat", "Mina: ^travel FR")),
        "R28", "travel_forbidden"),
    "FAQ line 130: a forbidden item may be traded, and then it keeps the new holder from travelling": (
        table(turns("Joon: draw knife", "Mina: draw swimsuit", "Joon: trade Mina knife for coat +coat")),
        table(turns("Joon: draw knife", "Mina: draw swimsuit", "Joon: trade Mina knife for coat +coat",
                    "Mina: ^travel FR")),
        "R28", "travel_forbidden"),
    "FAQ line 134: the mom card never stands in for a passport": (
        table(turns("Joon: trade Mina umbrella for coat +call-mom", "Mina: draw coat", "Joon: travel DE +coat")),
        table(turns("Joon: trade Mina passport-jp for coat +call-mom", "Mina: draw coat", "Joon: ^travel DE")),
        "R25", "standin_passport"),
    "FAQ line 134: nor for a postcard: 3 postcards and the mom card do not win, the 4th postcard does": (
        table(turns(*MOM_AND_THREE_POSTCARDS, "Joon: draw map -map")),
        table(turns(*MOM_AND_THREE_POSTCARDS[:-1], "Mina: draw postcard-city", "^Joon: draw map -map")),
        "R32", "game_over"),
    "FAQ line 134: nor is it written standing in for a postcard": (
        table(turns("Joon: draw call-mom", "Mina: draw coat", "Joon: travel DE with call-mom for backpack +coat")),
        table(turns("Joon: draw call-mom", "Mina: draw coat", "Joon: travel DE with ^call-mom for postcard-city")),
        "R25", "standin_not_item"),
    "FAQ lines 135-136: the Local Guide searches the draw pile, not the discard pile": (
        table(turns("Joon: draw local-guide", "Mina: draw coat", "Joon: play local-guide -> backpack")),
        table(turns("Joon: draw local-guide", "Mina: draw map", "Joon: draw map", "Mina: recycle map coat -> coat",
                    "Joon: play local-guide -> ^map")),
        "R26", "search_in_discard"),
    "FAQ lines 135-136: the Trading Post draws from the draw pile, not the discard pile (R26, as the Local Guide)": (
        table(turns("Joon: draw trading-post", "Mina: draw coat", "Joon: play trading-post umbrella -> coat")),
        table(turns("Joon: draw trading-post", "Mina: draw map", "Joon: draw map", "Mina: recycle map coat -> coat",
                    "Joon: play trading-post umbrella -> ^map")),
        "R26", "swap_in_discard"),
    "FAQ lines 135-136: so is the card it draws after an event it drew (the card just paid, the last map)": (
        table(turns("Joon: draw trading-post", "Mina: draw map", "Joon: draw map", "Mina: draw coat",
                    "Joon: play trading-post umbrella map -> duty-free[Joon coat, Mina camera] backpack")),
        table(turns("Joon: draw trading-post", "Mina: draw map", "Joon: draw map", "Mina: draw coat",
                    "Joon: play trading-post umbrella map -> duty-free[Joon coat, Mina camera] ^map")),
        "R26", "swap_in_discard"),
    "FAQ line 137: the Messy Map stands in for the transit country's item, never the centre's": (
        table(turns("Joon: draw messy-map", "Mina: draw coat", "Joon: travel DE +coat")),
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +messy-map", "Mina: draw coat",
                    "Joon: draw camera", "Mina: draw coat", "Joon: travel ^JP")),
        "R27", "standin_centre"),
    "lines 96-97 and 80: the 4th postcard drawn in another player's Duty-Free Spree wins, on that player's turn": (
        table(turns(*THREE_POSTCARDS, "Joon: draw duty-free[Joon coat -coat, Mina postcard-mountains]")),
        table(turns(*THREE_POSTCARDS, "Joon: draw duty-free[Joon coat -coat, Mina postcard-mountains]",
                    "^Mina: draw coat")),
        "R32", "game_over"),
    "lines 96-97 and 55: so the Duty-Free Spree's 4th postcard at the limit is kept, no discard follows it": (
        table(turns(*THREE_POSTCARDS, "Joon: draw duty-free[Joon coat -coat, Mina postcard-mountains]")),
        table(turns(*THREE_POSTCARDS, "Joon: draw duty-free[Joon coat -coat, Mina postcard-mountains ^-coat]")),
        "R32", "game_over"),
    "lines 80 and 55: a player at the limit who draws in another player's Duty-Free Spree discards in their part": (
        table(turns(*THREE_POSTCARDS, "Joon: draw duty-free[Joon coat -coat, Mina coat -coat]")),
        table(turns(*THREE_POSTCARDS, "Joon: draw duty-free[Joon coat -coat, Mina ^coat]")),
        "R17", "over_limit"),
    "lines 96-97: a Lucky Coin's first card, the 4th postcard, wins: its second card is never drawn": (
        table(turns(*POSTCARDS_AT_SEVEN, "Mina: draw lucky-coin -coat", "Joon: draw map -map",
                    "Mina: play lucky-coin postcard-mountains")),
        table(turns(*POSTCARDS_AT_SEVEN, "Mina: draw lucky-coin -coat", "Joon: draw map -map",
                    "Mina: play lucky-coin postcard-mountains ^coat")),
        "R32", "game_over"),
    "lines 96-97 and 43: a postcard recycled from the discard pile counts, and the 4th wins at once": (
        table(turns("Joon: draw postcard-city", "Mina: draw postcard-beach", "Joon: draw postcard-mountains",
                    "Mina: draw postcard-temple", "Joon: draw camera", "Mina: draw postcard-volcano",
                    "Joon: recycle postcard-mountains adapter -> adapter",
                    "Mina: recycle camera coat -> postcard-mountains")),
        table(turns("Joon: draw postcard-city", "Mina: draw postcard-beach", "Joon: draw postcard-mountains",
                    "Mina: draw postcard-temple", "Joon: draw camera", "Mina: draw postcard-volcano",
                    "Joon: recycle postcard-mountains adapter -> adapter",
                    "Mina: recycle camera coat -> postcard-mountains", "^Joon: draw coat")),
        "R32", "game_over"),
    "lines 96-97 and 48: a 4th postcard stolen wins at once": (
        table(turns(*THREE_POSTCARDS, "Joon: draw umbrella -umbrella", "Mina: steal Joon pay coat -> postcard-city")),
        table(turns(*THREE_POSTCARDS, "Joon: draw umbrella -umbrella", "Mina: steal Joon pay coat -> postcard-city",
                    "^Joon: draw coat")),
        "R32", "game_over"),
    "lines 96-97 and 45: a 4th postcard got in your own trade wins before its bonus card is drawn": (
        table(turns(*THREE_POSTCARDS, "Joon: draw umbrella -umbrella", "Mina: trade Joon coat for postcard-city")),
        table(turns(*THREE_POSTCARDS, "Joon: draw umbrella -umbrella",
                    "Mina: trade Joon coat for postcard-city ^+coat")),
        "R32", "game_over"),
    "lines 96-97 and 72 (our Pilot): a 4th postcard among the Pilot's 3 travel cards wins, the rest are not drawn": (
        table(turns("Joon: draw postcard-city", "Mina: draw postcard-beach", "Joon: draw coat",
                    "Mina: draw postcard-temple", "Joon: draw coat", "Mina: draw postcard-volcano",
                    "Joon: draw coat", "Mina: travel FR +umbrella +postcard-mountains"),
              extensions="all", mina=PILOT_FR, joon=MERCHANT),
        table(turns("Joon: draw postcard-city", "Mina: draw postcard-beach", "Joon: draw coat",
                    "Mina: draw postcard-temple", "Joon: draw coat", "Mina: draw postcard-volcano",
                    "Joon: draw coat", "Mina: travel FR +umbrella +postcard-mountains ^+backpack"),
              extensions="all", mina=PILOT_FR, joon=MERCHANT),
        "R32", "game_over"),
    "line 55 and 80: Lost Luggage that takes a Big Suitcase away: its holder discards down in the same part": (
        table(turns(*SUITCASE_HAND, "Mina: draw lost-luggage[Mina coat, Joon big-suitcase -umbrella]")),
        table(turns(*SUITCASE_HAND, "Mina: draw lost-luggage[Mina coat, Joon ^big-suitcase]")),
        "R17", "over_limit"),
    "line 55 (our Binoculars): a Big Suitcase taken with the Binoculars: the player who held it discards down": (
        table(turns(*SUITCASE_HAND, "Mina: draw binoculars -camera", "Joon: draw map -map",
                    "Mina: play binoculars Joon pay coat -> big-suitcase -umbrella")),
        table(turns(*SUITCASE_HAND, "Mina: draw binoculars -camera", "Joon: draw map -map",
                    "Mina: play binoculars Joon pay coat -> ^big-suitcase")),
        "R17", "over_limit"),
    "FAQ lines 132-133: a mousetrap on the first action after an Express Ticket ends the turn: no second action": (
        table(turns("Joon: draw express-ticket", "Mina: draw mousetrap",
                    "Joon: play express-ticket; draw coat; draw; Mina mousetrap")),
        table(turns("Joon: draw express-ticket", "Mina: draw mousetrap",
                    "Joon: play express-ticket; draw; Mina mousetrap; ^draw coat")),
        "R24", "turn_ended"),
    "line 86 (our Express Ticket and Mousetrap): the ticket is no action, so a mousetrap does not answer it": (
        table(turns("Joon: draw express-ticket", "Mina: draw mousetrap",
                    "Joon: play express-ticket; draw; Mina mousetrap")),
        table(turns("Joon: draw express-ticket", "Mina: draw mousetrap",
                    "Joon: play express-ticket; ^Mina mousetrap; draw coat")),
        "R24", "cancel_not_action"),
    "FAQ lines 132-133: the other player of a trade may stop it with a mousetrap: no card changes hands": (
        table(turns("Joon: draw coat", "Mina: draw mousetrap", "Joon: trade Mina adapter for camera; Mina mousetrap",
                    "Mina: trade Joon camera for adapter +coat")),
        table(turns("Joon: draw coat", "Mina: draw mousetrap", "Joon: trade Mina adapter for camera; Mina mousetrap",
                    "Mina: trade Joon ^adapter for camera +coat")),
        "R11", "not_in_hand"),
    "FAQ lines 132-133 and line 89: a drop stopped by a mousetrap leaves the forbidden item in the hand": (
        table(turns("Joon: draw knife", "Mina: draw mousetrap", "Joon: drop knife with adapter; Mina mousetrap",
                    "Mina: draw coat", "Joon: draw backpack", "Mina: draw coat", "Joon: drop knife with umbrella")),
        table(turns("Joon: draw knife", "Mina: draw mousetrap", "Joon: drop knife with adapter; Mina mousetrap",
                    "Mina: draw coat", "Joon: draw backpack", "Mina: draw coat", "Joon: ^travel DE")),
        "R28", "travel_forbidden"),
    "FAQ lines 132-133 and line 74: a travel to the centre stopped by a mousetrap wins nothing; the game goes on": (
        table(turns(*TRAPPED_CENTRE, "Joon: travel JP; Mina mousetrap", "Mina: draw coat", "Joon: travel JP")),
        table(turns(*TRAPPED_CENTRE, "Joon: travel JP ^+coat; Mina mousetrap")),
        "R24", "cancelled_nothing_happens"),
    "FAQ lines 132-133: a special item stops another player's action, never the player's own": (
        table(turns("Joon: draw coat", "Mina: draw mousetrap", "Joon: draw; Mina mousetrap")),
        table(turns("Joon: draw mousetrap", "Mina: draw coat", "Joon: draw coat; ^Joon mousetrap")),
        "R24", "own_reaction"),
    "FAQ lines 132-133 (our Padlock): only the player stolen from stops the steal with a padlock": (
        table(turns("Joon: draw coat", "Sora: draw coat", "Mina: draw padlock",
                    "Joon: steal Mina pay coat; Mina padlock"), joon=SORA),
        table(turns("Joon: draw coat", "Sora: draw padlock", "Mina: draw coat",
                    "Joon: steal Mina pay coat; ^Sora padlock"), joon=SORA),
        "R24", "padlock_not_target"),
    "lines 60-61 and 79: an event that is the last card renews the pile when drawn, before it is played": (
        table(turns(*EVENTS_SPENT, "Joon: draw duty-free[Joon coat -coat, Mina umbrella -umbrella]"),
              extensions="[events]"),
        table(turns(*EVENTS_SPENT, "Joon: draw duty-free[Joon ^reshuffle coat -coat, Mina umbrella -umbrella]"),
              extensions="[events]"),
        "R19", "no_reshuffle"),
    "lines 60-61 (ours, R19 and R21): that event goes to the discard pile once played, not into the pile it renewed": (
        table(turns(*EVENTS_SPENT, "Joon: draw duty-free[Joon coat -coat, Mina umbrella -umbrella]",
                    "Mina: draw backpack -backpack"), extensions="[events]"),
        table(turns(*EVENTS_SPENT, "Joon: draw duty-free[Joon coat -coat, Mina umbrella -umbrella]",
                    "Mina: draw ^duty-free"), extensions="[events]"),
        "R9", "not_in_pile_reshuffled"),
    "FAQ lines 135-136 and lines 60-61: a Trading Post that draws the last card draws on from the renewed pile": (
        table(turns(*GUIDE_TAKES_THE_LAST[:-1], "Joon: play trading-post umbrella map -> swimsuit reshuffle map"),
              extensions="[special]"),
        table(turns(*GUIDE_TAKES_THE_LAST[:-1], "Joon: play trading-post umbrella map -> swimsuit ^local-guide"),
              extensions="[special]"),
        "R9", "not_in_pile_reshuffled"),
    "lines 60-62: after the reshuffle the discard pile holds only what was discarded since": (
        table(turns(*FORBIDDEN_RESHUFFLED, "Joon: recycle adapter passport-jp -> swimsuit"), extensions="[forbidden]"),
        table(turns(*FORBIDDEN_RESHUFFLED, "Joon: recycle adapter passport-jp -> ^knife"), extensions="[forbidden]"),
        "R10", "not_in_discard"),
    "lines 55 and 60-61 (ours, README): the reshuffle comes right after the last card, before its limit discard": (
        table(turns(*FORBIDDEN_RESHUFFLED), extensions="[forbidden]"),
        table(turns(*FORBIDDEN_RESHUFFLED[:-1], "Mina: draw swimsuit -swimsuit ^reshuffle"), extensions="[forbidden]"),
        "R19", "no_reshuffle"),
    "lines 72-74 (README: customs-check[] is the card alone): the winning travel may show an event as its card, "
    "but nobody plays it, the game is over": (
        table(turns(*READY_FOR_THE_CENTRE, "Joon: travel JP +customs-check[]")),
        table(turns(*READY_FOR_THE_CENTRE, "Joon: travel JP ^+duty-free[Joon coat, Mina coat]")),
        "R20", "game_over"),
    "lines 79-80 and 45: a Souvenir Swap drawn as the trade bonus comes after the exchange: a card just got may be "
    "passed on": (
        table(turns("Joon: trade Mina adapter for camera +souvenir-swap[Joon camera, Mina adapter]")),
        table(turns("Joon: trade Mina adapter for camera +souvenir-swap[Joon ^adapter, Mina coat]")),
        "R21", "not_in_hand"),
    "lines 79-80 and FAQ line 130 (our Customs Check): a Customs Check drawn as the trade bonus takes the forbidden "
    "item the other player just got": (
        table(turns("Joon: draw knife", "Mina: draw coat", "Joon: trade Mina knife for coat +customs-check",
                    "Mina: draw swimsuit", "Joon: draw backpack")),
        table(turns("Joon: draw knife", "Mina: draw coat", "Joon: trade Mina knife for coat +customs-check",
                    "Mina: drop ^knife with coat")),
        "R29", "not_in_hand"),
    "FAQ lines 115 and 126 (our Smuggler): the Smuggler travels with a forbidden item, but never pays with one": (
        table(turns(*with_sora(*KNIFE_DRAWN, "Joon: steal Mina pay adapter -> coat")), **ALL_PILOT),
        table(turns(*with_sora(*KNIFE_DRAWN, "Joon: steal Mina pay ^knife -> coat")), **ALL_PILOT),
        "R30", "forbidden_cost"),
    "FAQ lines 115 and 127: nor discards one for the hand limit": (
        table(turns(*with_sora(*KNIFE_DRAWN, "Joon: draw camera", "Mina: draw coat", "Joon: draw swimsuit",
                               "Mina: draw camera", "Joon: draw sunglasses -camera")), **ALL_PILOT),
        table(turns(*with_sora(*KNIFE_DRAWN, "Joon: draw camera", "Mina: draw coat", "Joon: draw swimsuit",
                               "Mina: draw camera", "Joon: draw sunglasses ^-knife")), **ALL_PILOT),
        "R30", "forbidden_limit"),
    "FAQ line 115 and lines 90-92: the Smuggler may still get rid of a forbidden item, as the whole turn": (
        table(turns(*with_sora(*KNIFE_DRAWN, "Joon: drop knife with adapter")), **ALL_PILOT),
        table(turns(*with_sora(*KNIFE_DRAWN, "Joon: drop knife with adapter; ^draw coat")), **ALL_PILOT),
        "R29", "drop_ended_turn"),
    "FAQ line 115 and line 80 (our Lost Luggage): Lost Luggage never takes a forbidden item, the Smuggler's either": (
        table(turns(*with_sora(*KNIFE_DRAWN, "Joon: draw lost-luggage[Joon adapter, Sora swimsuit, Mina coat]")),
              **ALL_PILOT),
        table(turns(*with_sora(*KNIFE_DRAWN, "Joon: draw lost-luggage[Joon ^knife, Sora swimsuit, Mina coat]")),
              **ALL_PILOT),
        "R30", "forbidden_event_discard"),
    "lines 79-80 and 72 (our Pilot): an event among the Pilot's 3 travel cards is one of them": (
        table(turns("Joon: draw coat", "Mina: travel FR +duty-free[Mina coat, Joon camera] +umbrella +backpack"),
              extensions="all", mina=PILOT_FR, joon=MERCHANT),
        table(turns("Joon: draw coat",
                    "Mina: travel FR +duty-free[Mina coat, Joon camera] +umbrella +backpack ^+coat"),
              extensions="all", mina=PILOT_FR, joon=MERCHANT),
        "R21", "event_not_replaced"),
    "line 102 (R33: not part of the hand): a character is never stolen": (
        table(turns("Joon: steal Mina pay adapter -> camera"), extensions="all", mina=PILOT, joon=MERCHANT),
        table(turns("Joon: steal Mina pay adapter -> ^pilot"), extensions="all", mina=PILOT, joon=MERCHANT),
        "R33", "character_not_card"),
    "line 102 (R33) and line 80: nor passed in a Souvenir Swap": (
        table(turns("Joon: draw souvenir-swap[Joon adapter, Mina coat]"), extensions="all", mina=PILOT,
              joon=MERCHANT),
        table(turns("Joon: draw souvenir-swap[Joon ^collector, Mina coat]"), extensions="all", mina=PILOT,
              joon=MERCHANT),
        "R33", "character_not_card"),
    "lines 53 and 98-102 (our Backpacker): 5 cards dealt, but the hand limit stays 7": (
        table(turns("Joon: draw coat", "Mina: draw swimsuit", "Joon: draw camera -coat"), extensions="all",
              mina=PILOT, joon=BACKPACKER),
        table(turns("Joon: draw coat", "Mina: draw swimsuit", "Joon: draw ^camera"), extensions="all",
              mina=PILOT, joon=BACKPACKER),
        "R17", "over_limit"),
    "line 48: a steal takes from another player's hand, so that player must hold a card": (
        table(turns(*MINA_EMPTIED, "Joon: draw camera -map")),
        table(turns(*MINA_EMPTIED, "Joon: steal ^Mina pay adapter -> coat")),
        "R13", "steal_empty"),
    "line 48: a steal takes one card": (
        table(turns("Joon: steal Mina pay adapter -> camera")),
        table(turns("Joon: steal Mina pay adapter -> camera ^camera")),
        "R13", "steal_one"),
    "lines 47-48: a steal draws nothing from the draw pile": (
        table(turns("Joon: steal Mina pay adapter -> camera")),
        table(turns("Joon: steal Mina pay adapter -> camera ^+coat")),
        "R13", "no_draw_here"),
    "line 57: the empty-hand draw comes at the start of the turn, not after its action": (
        table(turns(*MINA_EMPTIED, "Joon: draw camera -map", "Mina: empty umbrella swimsuit coat; draw sunglasses")),
        table(turns("Joon: draw coat", "Mina: draw coat; ^empty umbrella swimsuit coat")),
        "R18", "empty_not_first"),
    "lines 12 and 27 (our deck: 4 copies of each item): the starting hands hold no more copies than the deck": (
        table(turns("Joon: draw coat"), joon="{name: Joon, passport: passport-jp, transit: DE, "
                                             "hand: camera camera camera}"),
        table(turns("Joon: draw coat"), mina="{name: Mina, passport: passport-kr, transit: FR, "
                                             "hand: camera camera coat}",
              joon="{name: Joon, passport: passport-jp, transit: DE, hand: camera camera ^camera}"),
        "R5", "too_many_copies"),
    "lines 17-18: the card under passport: is a passport card": (
        table(turns("Joon: draw coat")),
        table(turns("Joon: draw coat"), joon="{name: Joon, passport: ^camera, transit: DE, "
                                             "hand: adapter map umbrella}"),
        "R3", "not_passport"),
    "FAQ lines 132-133 (our Padlock): a padlock stops a steal only, not another action": (
        table(turns("Joon: draw coat", "Mina: draw padlock", "Joon: steal Mina pay coat; Mina padlock")),
        table(turns("Joon: draw coat", "Mina: draw padlock", "Joon: draw coat; ^Mina padlock")),
        "R24", "padlock_only_steal"),
    "FAQ lines 132-133: the special item that stops an action is one its player holds": (
        table(turns("Joon: draw coat", "Mina: draw mousetrap", "Joon: draw; Mina mousetrap")),
        table(turns("Joon: draw coat", "Mina: draw coat", "Joon: draw; Mina ^mousetrap")),
        "R24", "reaction_not_held"),
    "FAQ lines 135-136 (our Local Guide): it takes an item card, not another kind": (
        table(turns("Joon: draw local-guide", "Mina: draw coat", "Joon: play local-guide -> backpack")),
        table(turns("Joon: draw local-guide", "Mina: draw coat", "Joon: play local-guide -> ^postcard-city")),
        "R23", "search_items_only"),
    "line 84 (our Trading Post): it swaps 1 or 2 cards": (
        table(turns("Joon: draw trading-post", "Mina: draw coat", "Joon: play trading-post umbrella map -> coat "
                    "camera")),
        table(turns("Joon: draw trading-post", "Mina: draw coat", "Joon: play trading-post umbrella map adapter "
                    "^-> coat camera camera")),
        "R23", "swap_count"),
    "line 80 (our Souvenir Swap): every player passes one card, not two": (
        table(turns("Joon: draw souvenir-swap[Joon adapter, Mina coat]")),
        table(turns("Joon: draw souvenir-swap[Joon adapter ^map, Mina coat]")),
        "R21", "event_pass_count"),
    "lines 66 and 134: a stand-in counts as an item the country needs, not another": (
        table(turns("Joon: draw call-mom", "Mina: draw coat", "Joon: travel DE with call-mom for backpack +coat")),
        table(turns("Joon: draw call-mom", "Mina: draw coat", "Joon: travel DE with ^call-mom for camera")),
        "R2", "standin_not_needed"),
    "line 134 and 137: only the stand-in cards stand in; an item is itself": (
        table(turns("Joon: draw call-mom", "Mina: draw coat", "Joon: travel DE with call-mom for backpack +coat")),
        table(turns("Joon: draw call-mom", "Mina: draw coat", "Joon: travel DE with ^map for backpack")),
        "R23", "not_standin"),
    "FAQ line 123 and line 92: a refused offer is no action, so a drop may follow it as the whole turn": (
        table(turns(*KNIFE_DRAWN, "Joon: trade Mina adapter for coat refused; drop knife with adapter")),
        table(turns(*KNIFE_DRAWN, "Joon: drop knife with adapter; ^trade Mina map for coat refused")),
        "R29", "drop_ended_turn"),
    "lines 36 and 80 (ours, README): an event drawn by a middle seat goes clockwise from there, round the table": (
        table(turns("Joon: draw coat", "Sora: draw duty-free[Sora coat, Mina coat, Joon camera]"), joon=SORA),
        table(turns("Joon: draw coat", "Sora: draw duty-free[Sora coat, ^Joon camera, Mina coat]"), joon=SORA),
        "R21", "event_entry"),
    "line 36 (our Souvenir Swap: to the left, the next seat): the last seat passes to the first": (
        table(turns("Joon: draw coat", "Sora: draw souvenir-swap[Sora camera, Mina coat, Joon adapter]",
                    "Mina: trade Joon camera for coat +coat"), joon=SORA),
        table(turns("Joon: draw coat", "Sora: draw souvenir-swap[Sora camera, Mina coat, Joon adapter]",
                    "Mina: trade Joon camera for ^adapter +coat"), joon=SORA),
        "R11", "not_in_hand"),
    "FAQ line 126 (only as a cost): a forbidden item dropped may be recycled, and then it keeps its new holder home": (
        table(turns("Joon: draw knife", "Mina: draw swimsuit", "Joon: drop knife with adapter",
                    "Mina: recycle coat map -> knife")),
        table(turns("Joon: draw knife", "Mina: draw swimsuit", "Joon: drop knife with adapter", "Mina: draw umbrella",
                    "Joon: draw coat", "Mina: recycle coat umbrella -> knife", "Joon: draw coat",
                    "Mina: ^travel FR")),
        "R28", "travel_forbidden"),
    "lines 57 and 79-80: an event among the 3 cards of the empty-hand draw is one of them": (
        table(turns(*MINA_EMPTIED, "Joon: draw camera -map",
                    "Mina: empty umbrella lost-luggage[Mina umbrella, Joon passport-kr] swimsuit; draw coat")),
        table(turns(*MINA_EMPTIED, "Joon: draw camera -map",
                    "Mina: empty umbrella lost-luggage[Mina umbrella, Joon passport-kr] swimsuit ^coat; draw coat")),
        "R21", "event_not_replaced"),
    "line 86 (our Express Ticket: on your own turn): a ticket stolen as the turn's action may be played at once": (
        table(turns("Joon: draw coat", "Mina: draw express-ticket",
                    "Joon: steal Mina pay coat -> express-ticket; play express-ticket; draw camera")),
        table(turns("Joon: draw coat", "Mina: draw express-ticket",
                    "Joon: steal Mina pay coat -> express-ticket; play express-ticket; draw camera; ^draw map")),
        "R8", "one_action"),
    "FAQ lines 132-133: a third player may stop a trade with a mousetrap: no bonus card follows": (
        table(turns("Joon: draw coat", "Sora: draw mousetrap", "Mina: trade Joon camera for adapter; Sora mousetrap",
                    "Joon: draw coat"), joon=SORA),
        table(turns("Joon: draw coat", "Sora: draw mousetrap",
                    "Mina: trade Joon camera for adapter ^+coat; Sora mousetrap"), joon=SORA),
        "R24", "cancelled_nothing_happens"),
    "FAQ lines 129-130 and line 89 (our Souvenir Swap: forbidden items too): a forbidden item passed keeps its new "
    "holder home": (
        table(turns("Joon: draw knife", "Mina: draw souvenir-swap[Mina coat, Joon knife]", "Joon: draw backpack",
                    "Mina: drop knife with map")),
        table(turns("Joon: draw knife", "Mina: draw souvenir-swap[Mina coat, Joon knife]", "Joon: draw backpack",
                    "Mina: draw swimsuit", "Joon: draw coat", "Mina: ^travel FR")),
        "R28", "travel_forbidden"),
    "lines 60-61 and 80: a pile that runs out in a Duty-Free Spree is renewed in that part, and the next player "
    "draws from the new one": (
        table(turns(*EVENTS_SPENT[:-1], "Mina: draw duty-free[Mina swimsuit reshuffle -swimsuit, Joon coat -coat]"),
              extensions="[events]"),
        table(turns(*EVENTS_SPENT[:-1],
                    "Mina: draw duty-free[Mina swimsuit -swimsuit, Joon ^reshuffle coat -coat]"),
              extensions="[events]"),
        "R19", "no_reshuffle"),
    "line 55: a Big Suitcase discarded for the limit lowers it at once, so the discard goes on to 7": (
        table(turns(*SUITCASE_HAND, "Mina: draw map -map", "Joon: draw coat -big-suitcase -coat -umbrella")),
        table(turns(*SUITCASE_HAND, "Mina: draw map -map", "Joon: draw coat -big-suitcase ^-coat")),
        "R17", "over_limit"),
    "line 55 and lines 90-92: a Big Suitcase dropped with a forbidden item: the hand left is within the limit": (
        table(turns(*SUITCASE_HAND, "Mina: draw map -map", "Joon: draw knife -camera", "Mina: draw map -map",
                    "Joon: drop knife with big-suitcase")),
        table(turns(*SUITCASE_HAND, "Mina: draw map -map", "Joon: draw knife -camera", "Mina: draw map -map",
                    "Joon: drop knife with big-suitcase ^-umbrella")),
        "R17", "no_discard_due"),
    "FAQ line 137: nor may a record name it standing in at the centre": (
        table(turns("Joon: draw messy-map", "Mina: draw coat", "Joon: travel DE with messy-map for backpack +coat")),
        table(turns("Joon: draw messy-map", "Mina: draw coat", "Joon: draw backpack", "Mina: draw coat",
                    "Joon: travel DE +camera", "Mina: draw swimsuit", "Joon: draw backpack",
                    "Mina: draw sunglasses -coat", "Joon: travel JP with ^messy-map for umbrella")),
        "R27", "standin_centre"),
    "lines 21-22: the transit country is the player's own, not another player's": (
        table(turns("Joon: draw backpack", "Mina: draw coat", "Joon: travel DE +coat")),
        table(turns("Joon: draw camera", "Mina: draw coat", "Joon: travel ^FR")),
        "R1", "not_your_country"),
    "line 45: a trade that is made draws its bonus card": (
        table(turns("Joon: trade Mina adapter for camera +coat")),
        table(turns("Joon: ^trade Mina adapter for camera")),
        "R12", "missing_draw"),
    "lines 57 and 80 (our Souvenir Swap): an empty hand passes nothing but gets a card, so no empty-hand draw "
    "follows": (
        table(turns(*MINA_EMPTIED, "Joon: draw souvenir-swap[Joon camera]", "Mina: trade Joon camera for coat +coat")),
        table(turns(*MINA_EMPTIED, "Joon: draw souvenir-swap[Joon camera]", "Mina: ^empty umbrella swimsuit coat")),
        "R18", "empty_hand_not_empty"),
    "line 80 (our Lost Luggage: a card if they have one): an empty hand discards nothing": (
        table(turns(*MINA_EMPTIED, "Joon: draw lost-luggage[Joon camera, Mina]")),
        table(turns(*MINA_EMPTIED, "Joon: draw lost-luggage[Joon camera, Mina ^coat]")),
        "R21", "not_in_hand"),
    "lines 96-97 and 80: a player who wins in a Duty-Free Spree ends it: the players after draw nothing": (
        table(turns(*SWAP_TABLE, "Sora: draw duty-free[Sora umbrella -umbrella, Mina postcard-mountains]"),
              joon=SORA),
        table(turns(*SWAP_TABLE, "Sora: draw duty-free[Sora umbrella -umbrella, Mina postcard-mountains, ^Joon coat]"),
              joon=SORA),
        "R32", "game_over"),
    "FAQ lines 132-133 (our Mousetrap: no card moves): a special item whose action is stopped stays in the hand": (
        table(turns("Joon: draw lucky-coin", "Mina: draw mousetrap", "Joon: play lucky-coin; Mina mousetrap",
                    "Mina: draw coat", "Joon: play lucky-coin coat camera")),
        table(turns("Joon: draw lucky-coin", "Mina: draw mousetrap", "Joon: play lucky-coin; Mina mousetrap",
                    "Mina: recycle coat map -> ^lucky-coin")),
        "R10", "not_in_discard"),
}


@pytest.mark.parametrize("name", list(STATEMENTS))
def test_a_record_keeps_the_statement(content, name):
    assert_valid(content, STATEMENTS[name][0])


@pytest.mark.parametrize("name", list(STATEMENTS))
def test_a_record_breaks_the_statement(content, name):
    _, broken, rule, reason = STATEMENTS[name]
    assert_breaks(content, broken, rule, reason)


def test_a_second_action_is_refused_without_naming_a_card_the_game_may_not_have(content):
    """Source line 38 (one action a turn): the message names no Express Ticket, which a game without the special
    items does not have; with them, a player who played one and took two actions has none left either."""
    base = assert_breaks(content, table(turns("Joon: draw coat; ^draw camera"), extensions="[]"), "R8", "one_action")
    assert base["reason"] == "Joon has no action left this turn."
    ticket = assert_breaks(content, table(turns("Joon: draw express-ticket", "Mina: draw coat",
                                                "Joon: play express-ticket; draw coat; draw camera; ^draw map")),
                           "R8", "one_action")
    assert ticket["reason"] == "Joon has no action left this turn."


def test_after_a_trade_the_other_players_limit_discard_comes_before_the_bonus_card(content):
    """R11, R12 and R17: the exchange is done, the hands are settled (Joon's limit fell with the suitcase he gave
    away), and only then does the active player draw the trade bonus."""
    assert_valid(content, table(turns(*SUITCASE_HAND, "Mina: trade Joon coat for big-suitcase -umbrella -adapter "
                                                      "+map")))
    assert_breaks(content, table(turns(*SUITCASE_HAND, "Mina: trade Joon coat for big-suitcase ^+map -umbrella "
                                                       "-adapter")), "R17", "over_limit")


