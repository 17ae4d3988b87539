"""A new kind of special item is one module, one card in game.yaml and the card's texts: the kind `give_and_draw`
exists only in the tests (tests/giftkind/), and the content lints, the engine plays it, the rules refuse its misuse,
the notation reads it, the checker replays it, the simulator writes it into records, and both the greedy and the
strong bot play it, with no change to the travel game's code."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.content.load import load_content
from generator.games.travel import kinds
from generator.games.travel.cards import EXTENSIONS, tables_for
from generator.games.travel.check import check_text
from generator.games.travel.engine import Game
from generator.games.travel.notation import ClauseKind
from generator.games.travel.rules import Play, check, legal_actions
from generator.games.travel.simulate import simulate_one
from generator.games.travel.state import Setup
from generator.games.travel.writer import Recorder

from conftest import replace_in
from giftkind import CARD, KIND, TEXTS

runner = CliRunner()
HEAD = """game: travel
players:
  - {name: Mina, passport: passport-kr, transit: FR, hand: camera map coat}
  - {name: Joon, passport: passport-jp, transit: DE, hand: adapter map umbrella}
centre: JP
extensions: [special]
turns:
"""


def with_gift_box(root: Path) -> None:
    """The content at `root` with the Gift Box among the special items, and its words in every language."""
    replace_in(root / "travel" / "game.yaml", "\n# Extension: 4 forbidden items", CARD + "\n# Extension: 4 forbidden items")
    for lang, words in TEXTS.items():
        path = root / "travel" / f"{lang}.yaml"
        replace_in(path, "\nspecial:\n", f"\nspecial:\n  gift-box:\n    name: \"{words['name']}\"\n"
                                         f"    text: \"{words['text']}\"\n")
        replace_in(path, "\n  reason:\n", f"\n  reason:\n    gift_self: \"{words['gift_self']}\"\n"
                                          f"    gift_count: \"{words['gift_count']}\"\n")


@pytest.fixture(scope="module")
def content(tmp_path_factory):
    import shutil

    from conftest import CONTENT

    root = tmp_path_factory.mktemp("gift") / "content"
    shutil.copytree(CONTENT, root)
    with_gift_box(root)
    kinds.register(KIND)
    yield load_content(root)
    kinds.unregister(KIND.name)


@pytest.fixture(scope="module")
def t(content):
    return tables_for(content.games["travel"])


def test_the_content_with_the_new_card_lints_clean(content):
    result = runner.invoke(app, ["lint", "--content", str(content.root)])
    assert result.exit_code == 0, result.output


def test_the_engine_plays_it_as_the_rules_allow(t):
    ids = t.card_index
    gift = ids["gift-box"]
    setup = Setup(["Mina", "Joon"], [ids["passport-kr"], ids["passport-jp"]], [t.side_index["FR"],
                  t.side_index["DE"]], [-1, -1], t.side_index["JP"], frozenset({"special"}),
                  [[ids["camera"], ids["map"], ids["coat"]], [ids["adapter"], ids["map"], ids["umbrella"]]], first=0)
    game = Game(t, setup, Oracle())
    game.hands[0].append(gift)
    game.begin_turn()
    assert Play(gift, 1, (ids["coat"],)) in set(legal_actions(game, 0))
    assert check(game, 0, Play(gift, 0, (ids["coat"],))).reason == "gift_self"
    assert check(game, 0, Play(gift, 1, (ids["coat"], ids["map"]))).reason == "gift_count"
    assert check(game, 0, Play(gift, 1, (ids["swimsuit"],))).reason == "not_in_hand"
    game.act_play(0, Play(gift, 1, (ids["coat"],)))
    assert sorted(game.hands[0]) == sorted([ids["passport-kr"], ids["camera"], ids["map"]] + Oracle.drawn)
    assert ids["coat"] in game.hands[1] and game.discard == [gift] and game.actions_left == 0


class Oracle:
    """Draws the first card of the pile."""

    drawn: list[int] = []

    def draw(self, game, player):
        card = game.draw.pop(0)
        Oracle.drawn.append(card)
        return card


def test_the_notation_reads_it_as_its_kind_says(content, t):
    report = check_text(HEAD + "  - Joon: draw gift-box\n  - Mina: draw coat\n  - Joon: play gift-box Mina map +umbrella"
                                " +swimsuit\n", "r.yaml", content, "en")
    assert report.ok, report.to_text()
    clause = report.record.clauses(2)[0]
    assert (clause.kind, clause.card, clause.who, clause.a) == (ClauseKind.PLAY, t.card_index["gift-box"], 0,
                                                                (t.card_index["map"],))
    standing = {p["player"]: sorted(p["hand"]) for p in report.to_json()["result"]["standing"]}
    assert standing["Joon"] == sorted(["passport-jp", "adapter", "umbrella", "umbrella", "swimsuit"])
    assert standing["Mina"] == sorted(["passport-kr", "camera", "map", "coat", "coat", "map"])


@pytest.mark.parametrize("turn, reason, lang, words", [
    ("play gift-box Joon map +umbrella +swimsuit", "gift_self", "en", "Joon gives the Gift Box's cards"),
    ("play gift-box Mina map adapter +umbrella +swimsuit", "gift_count", "ko", "선물 상자로는 카드를 정확히 1장"),
    ("play gift-box Mina map +umbrella", "missing_draw", "ja", None),
])
def test_the_checker_refuses_its_misuse_with_its_own_words(content, turn, reason, lang, words):
    report = check_text(HEAD + f"  - Joon: draw gift-box\n  - Mina: draw coat\n  - Joon: {turn}\n", "r.yaml", content,
                        lang)
    violation = report.to_json()["violation"]
    assert (violation["rule"], violation["code"], violation["turn"]) == ("R23", reason, 3)
    if words:
        assert words in violation["reason"]


def test_the_simulator_and_both_bots_play_it_and_its_records_check(content, t):
    """Greedy and strong bots, every extension: each plays the Gift Box in some games, and every record written
    checks valid."""
    played = {}
    for bot in ("greedy", "strong"):
        records = [simulate_one(t, 3, frozenset(EXTENSIONS), seed, bot, Recorder)[1] for seed in range(30)]
        played[bot] = sum("play gift-box" in text for text in records)
        for text in records:
            report = check_text(text, "r.yaml", content, "en")
            assert report.ok, report.to_text()
    assert played["greedy"] > 0 and played["strong"] > 0, played


def test_an_installed_package_declares_it_for_the_command_line(tmp_path, content):
    """As a package would ship it: an entry point in the group `pnp.travel_kinds`; `pnp check` then reads it."""
    site = tmp_path / "site"
    info = site / "pnp_gift-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pnp-gift\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[pnp.travel_kinds]\ngive_and_draw = giftkind:KIND\n", encoding="utf-8")
    record = tmp_path / "r.yaml"
    record.write_text(HEAD + "  - Joon: draw gift-box\n  - Mina: draw coat\n  - Joon: play gift-box Mina map"
                             " +umbrella +swimsuit\n", encoding="utf-8")
    tests = Path(__file__).resolve().parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(tests)])}
    done = subprocess.run([sys.executable, "-m", "generator.cli", "check", str(record), "--content",
                           str(content.root)], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "valid" in done.stdout
