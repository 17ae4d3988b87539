"""Properties of the travel checker over simulated games.

- Every simulated game, written as a record, passes the check with the same winner (any seed, 2-6 players,
  either bot, any set of extensions).
- Mutating one word of one turn (turn k) of a valid record: the record cut after turn k either stays valid or
  fails at exactly turn k; the whole record never fails before turn k, and fails at turn k exactly when the cut
  record does. (A mutation that keeps turn k legal may change what later turns can do, so the whole record may
  then fail later: that is the checker being right, not wrong.)
"""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.content.load import load_content
from generator.errors import InputError
from generator.games.travel.cards import EXTENSIONS, tables_for
from generator.games.travel.check import check_text
from generator.games.travel.simulate import simulate_one
from generator.games.travel.writer import Recorder


CONTENT = load_content()
T = tables_for(CONTENT.games["travel"])
KEYWORDS = ["draw", "recycle", "trade", "for", "refused", "steal", "pay", "travel", "with", "drop", "play",
            "empty", "reshuffle", "->", ";"]
CARD_WORDS = T.ids + ["+" + c for c in T.ids] + ["-" + c for c in T.ids] + T.side_codes + ["Mina", "Joon", "Sora"]

extensions = st.sets(st.sampled_from(EXTENSIONS)).map(frozenset)


def record_of(seed: int, players: int, bot: str, chosen: frozenset[str]):
    result, text = simulate_one(T, players, chosen, seed, bot, Recorder)
    return result, text


def outcome(text: str) -> tuple[str, int, str]:
    """('ok', 0, '') or ('rule', turn, rule id) or ('input', line, message) for a record text."""
    try:
        report = check_text(text, "r.yaml", CONTENT, "en")
    except InputError as exc:
        diagnostic = exc.diagnostics[0]
        return "input", diagnostic.position.line, diagnostic.message
    if report.ok:
        return "ok", 0, ""
    v = report.to_json()["violation"]
    return "rule", v["turn"] or 0, v["rule"]


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), players=st.integers(2, 6), bot=st.sampled_from(["greedy", "random"]),
       chosen=extensions)
def test_every_simulated_game_passes_the_check(seed, players, bot, chosen):
    result, text = record_of(seed, players, bot, chosen)
    report = check_text(text, "sim.yaml", CONTENT, "en")
    assert report.ok, report.to_text() + "\n" + text
    g = report.outcome.game
    assert (g.winner, g.win_how, report.outcome.turns) == (result.winner, result.how, result.turns)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_simulated_games_of_every_size_pass(players):
    for seed in range(15):
        for bot in ("greedy", "random"):
            text = record_of(seed, players, bot, frozenset(EXTENSIONS))[1]
            assert check_text(text, "sim.yaml", CONTENT, "en").ok, text


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4), bot=st.sampled_from(["greedy", "random"]),
       chosen=extensions, data=st.data())
def test_one_mutated_word_fails_at_its_turn_or_keeps_the_turn_legal(seed, players, bot, chosen, data):
    _, text = record_of(seed, players, bot, chosen)
    head, _, body = text.partition("turns:\n")
    lines = body.splitlines()
    if not lines:
        return
    k = data.draw(st.integers(0, min(len(lines), 60) - 1), label="turn")
    first_line = head.count("\n") + 2  # 1-based file line of turn 0
    player, _, clauses = lines[k][len('  - "'):-1].partition(": ")
    words = re.findall(r"\S+", clauses)
    i = data.draw(st.integers(0, len(words) - 1), label="word")
    words[i] = data.draw(st.sampled_from(KEYWORDS + CARD_WORDS), label="new word")
    mutated = f'  - "{player}: {" ".join(words)}"'
    cut = head + "turns:\n" + "\n".join(lines[:k] + [mutated]) + "\n"
    whole = head + "turns:\n" + "\n".join(lines[:k] + [mutated] + lines[k + 1:]) + "\n"

    kind, where, what = outcome(cut)
    if kind == "rule":
        assert where == k + 1, (what, cut)
    elif kind == "input":
        assert where == first_line + k, (what, cut)
    kind_all, where_all, what_all = outcome(whole)
    if kind == "ok":
        if kind_all == "rule":
            assert where_all > k + 1
        elif kind_all == "input":
            assert where_all > first_line + k
    else:
        assert (kind_all, where_all, what_all) == (kind, where, what)
