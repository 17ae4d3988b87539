"""Property tests: games played by the strategies always pass; a one-token change fails exactly where it should."""
from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from generator.content.load import load_content
from generator.errors import InputError
from generator.games.threesixteen.caller import deal
from generator.games.threesixteen.notation import ROW, notation_for
from generator.games.threesixteen.record import parse_record
from generator.games.threesixteen.record_text import record_text
from generator.games.threesixteen.rules import Rules
from generator.games.threesixteen.simulate import play
from generator.games.threesixteen.strategies import Naive, Strong
from generator.games.threesixteen.verdict import judge

CONTENT = load_content()
GAME = CONTENT.games["threesixteen"]
EN = CONTENT.texts("threesixteen", "en")
NOTATION = notation_for("ABCDE")
NAMES = ("Mina", "준호", "Sora", "Hana")
SETTINGS = settings(max_examples=40)


@st.composite
def games(draw, max_players: int = 4):
    """A (possibly stopped) game: calls, columns, and each player's tokens from an online strategy."""
    columns = draw(st.sampled_from([3, 4, 5]))
    rules = Rules(columns=columns)
    calls = deal(draw(st.integers(0, 10**6)), rules)[: draw(st.one_of(st.just(48), st.integers(1, 48)))]
    kinds = draw(st.lists(st.sampled_from([Naive, Strong]), min_size=1, max_size=max_players))
    tokens = {NAMES[i]: play(kind(rules), rules, calls, NOTATION)[0] for i, kind in enumerate(kinds)}
    return columns, calls, tokens


def parse(columns, calls, tokens):
    source = record_text(list(tokens), calls, tokens, columns)
    return source, parse_record(source, "game.yaml", GAME, EN)


@SETTINGS
@given(games())
def test_games_played_by_the_strategies_pass(game):
    columns, calls, tokens = game
    source, record = parse(columns, calls, tokens)
    verdict = judge(record)
    assert verdict.ok
    lines = source.splitlines()
    for player in record.players:
        assert player.written == tokens[player.name]
        for i, word in enumerate(player.written):  # every token is where the record says
            position = player.positions[i]
            assert lines[position.line - 1][position.col - 1:].startswith(word)


def oracle(columns: int, calls: list[int], tokens: list[str], k: int) -> bool:
    """An independent little replayer: is token k legal after tokens 0..k-1 (which are legal)?"""
    rows: list[list[int]] = [[], [], []]
    stacks = {letter: [] for letter in "ABCDE"[:columns]}

    def apply(number: int, token: str) -> bool:
        written, place, moves = re.fullmatch(r"(\d*)([RA-E])(?:>(.*))?", token).groups()
        if written and int(written) != number:
            return False
        if place == "R":
            free = [row for row in rows if not row]
            if number != 1 or not free:
                return False
            free[0].append(1)
        else:
            if place not in stacks or number == 1:
                return False
            stacks[place].append(number)
        for letter, said in re.findall(r"([A-E])(\d*)", moves or ""):
            stack = stacks.get(letter)
            if not stack or (said and int(said) != stack[-1]):
                return False
            target = [row for row in rows if row and row[-1] == stack[-1] - 1]
            if not target:
                return False
            target[0].append(stack.pop())
        return True

    for i in range(k):
        assert apply(calls[i], tokens[i])
    return apply(calls[k], tokens[k])


mutations = st.builds(
    lambda written, place, moves: f"{written}{place}" + (">" + "".join(moves) if moves else ""),
    st.sampled_from(["", "1", "2", "5", "16"]),
    st.sampled_from("RABCDE"),
    st.lists(st.sampled_from(["A", "B", "C", "D", "E", "A2", "B3", "C16"]), max_size=4),
)


@settings(max_examples=50)
@given(games(max_players=3), st.data())
def test_a_one_token_change_passes_or_fails_exactly_at_it(game, data):
    columns, calls, tokens = game
    name = data.draw(st.sampled_from(sorted(tokens)))
    k = data.draw(st.integers(0, len(calls) - 1))
    mutated = dict(tokens)
    original = tokens[name][k]
    moved_elsewhere = st.sampled_from("ABCDE").map(lambda letter: re.sub(r"^\d*[RA-E]", letter, original))
    mutated[name] = tokens[name][:k] + [data.draw(st.one_of(mutations, moved_elsewhere))] + tokens[name][k + 1:]
    _, record = parse(columns, calls, mutated)
    verdict = judge(record)
    legal = oracle(columns, calls, mutated[name], k)
    event(f"legal change, {'passes' if verdict.ok else 'breaks later'}" if legal else "illegal change")
    if not legal:
        broken = verdict.broken
        player = next(p for p in record.players if p.name == name)
        assert (broken.player, broken.number, player.written[broken.number]) == (name, k, mutated[name][k])
        assert broken.position == player.positions[k]
    else:  # a legal change can only break a later token of the same player
        assert verdict.ok or (verdict.broken.player == name and verdict.broken.number > k)


@given(st.sampled_from([ROW, 0, 1, 2, 3, 4]), st.lists(st.integers(0, 4), max_size=6))
def test_written_tokens_parse_back(place, moves):
    token = NOTATION.write(place, moves)
    assert NOTATION.parse(token) == (None, place, tuple((m, None) for m in moves))
    assert NOTATION.parse(token.lower()) == NOTATION.parse(token)


#: a name a person can read: no character that does not show (generator/content/matching.py), in NFC
_SHOWN_TEXT = st.text(alphabet=st.characters(exclude_categories=("Cc", "Cf", "Zl", "Zp", "Co", "Cn", "Cs")),
                      min_size=1, max_size=12).map(lambda text: unicodedata.normalize("NFC", text))


@settings(max_examples=200)
@given(st.lists(_SHOWN_TEXT.filter(str.strip), min_size=1, max_size=4, unique=True))
@example(["0", "a: b", "null", "- x"])  # YAML would read these as a number, a mapping, nothing and a list
def test_any_player_names_survive_writing_and_reading(names):
    tokens = {name: ["R", "A>A"] for name in names}
    _, record = parse(5, [1, 2], tokens)
    assert [p.name for p in record.players] == names
    assert judge(record).ok


@settings(max_examples=100)
@given(_SHOWN_TEXT.filter(str.strip), st.sampled_from("\u2028\x85\u202e\u200b\u2066\ufeff\x1b\x00\u00ad"), st.data())
@example("Mina", "\u2028", None)  # YAML reads LS and NEL as line breaks, even inside quotes
def test_a_name_with_a_character_that_does_not_show_is_refused_on_its_line(name, hidden, data):
    at = data.draw(st.integers(0, len(name))) if data is not None else 2
    written = name[:at] + hidden + name[at:]
    with pytest.raises(InputError) as caught:
        parse(5, [1, 2], {written: ["R", "A>A"]})
    [finding] = caught.value.diagnostics
    assert finding.position.line == 3 and f"U+{ord(hidden):04X}" in finding.message
    assert "\\u" in str(finding) and hidden not in str(finding)
