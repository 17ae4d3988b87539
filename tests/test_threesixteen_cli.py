"""`pnp threesixteen call` and `simulate`: the caller's output and skeleton, simulated records that pass check."""
from __future__ import annotations

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from generator.content.load import load_content
from generator.errors import InputError
from generator.games.threesixteen.caller import deal
from generator.games.threesixteen.check import check_file
from generator.games.threesixteen.cli import app
from generator.games.threesixteen.rules import Rules
from generator.games.threesixteen.record import load_record

CONTENT = load_content()
EN = CONTENT.texts("threesixteen", "en")
runner = CliRunner()


pytestmark = pytest.mark.usefixtures("solver_reports_nothing")


def test_deals_are_fixed_by_the_seed():
    assert deal(7) == deal(7) != deal(8)
    assert sorted(deal(7)) == sorted(list(range(1, 17)) * 3)
    assert deal(0, Rules(high=4, copies=2)) != deal(0) and len(deal(0, Rules(high=4, copies=2))) == 8


def test_without_a_terminal_the_skeleton_holds_all_calls(tmp_path):
    result = runner.invoke(app, ["call", "--seed", "7", "--players", "Mina, 준호"])
    assert result.exit_code == 0
    assert result.output.startswith("# 3x16 record. Under moves, write one token per call for each player")
    assert "# Calls shuffled with seed 7.\n" in result.output
    path = tmp_path / "game.yaml"
    path.write_text(result.output, encoding="utf-8")
    with pytest.raises(InputError) as caught:  # a skeleton: calls and players, no tokens yet
        load_record(path, CONTENT.games["threesixteen"], EN)
    assert caught.value.diagnostics[0].message == ("Mina: 0 tokens for 48 calls; write one token per call. "
                                                   "Still to write: Mina 48, 준호 48")
    assert runner.invoke(app, ["call", "--seed", "7", "--players", "Mina, 준호"]).output == result.output


def test_the_skeleton_file_is_filled_in_to_a_valid_record(tmp_path):
    out = tmp_path / "game.yaml"
    result = runner.invoke(app, ["call", "--seed", "3", "--out", str(out), "--lang", "ko"])
    assert result.exit_code == 0
    calls = deal(3)
    assert result.output.splitlines() == [
        f"부른 숫자 48개: {' '.join(map(str, calls))}",
        f"기록 틀을 {out}에 저장했습니다. "
        "moves 아래에 각 플레이어의 기호를 적은 뒤 pnp check를 실행하십시오.",
    ]
    text = out.read_text(encoding="utf-8")
    assert "players: [플레이어 1, 플레이어 2]" in text
    tokens = " ".join("R" if number == 1 else "A" for number in calls)
    for name in ("플레이어 1", "플레이어 2"):
        text = text.replace(f'{name}: ""', f"{name}: {tokens}")
    out.write_text(text, encoding="utf-8")
    report = check_file(out, CONTENT, "en")
    assert report.ok and report.to_json()["result"]["results"][0]["tiles_left"] == 45


@pytest.mark.parametrize("args, message", [
    (["call", "--players", "A,B,C,D,E"], "give 1 to 4 different names"),
    (["call", "--players", "A,A"], "give 1 to 4 different names"),
    (["call", "--columns", "6"], "--columns"),
    (["simulate", "--strategy", "lucky"],
     "'lucky' is not one of 'naive', 'strong', 'lookahead', 'sampling', 'solving'"),
    (["simulate", "--format", "xml"], "'xml' is not one of 'text', 'json'"),
    (["simulate", "--lang", "xx"], "Invalid value for '--lang': 'xx' is not one of 'en', 'ja', 'ko'."),
])
def test_usage_errors_exit_2(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.replace("│", " ").split())


def test_simulated_records_pass_check_and_the_plot_is_written(tmp_path):
    records, plots = tmp_path / "records", tmp_path / "plots"
    plot = plots / "threesixteen-tiles-left.png"
    result = runner.invoke(app, ["simulate", "--games", "4", "--strategy", "strong", "--columns", "4", "--seed", "11",
                                 "--records", str(records), "--out", str(plots)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "4 games, strategy strong, 4 columns, seed 11"
    assert lines[1].startswith("  Wins (all three rows complete): ") and lines[2].startswith("  Mean tiles left: ")
    assert lines[3:] == [f"  Records written to {records}: 4", f"  Histogram written to {plot}"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    files = sorted(records.glob("*.yaml"))
    assert [f.name for f in files] == [f"threesixteen-strong-{seed:05d}.yaml" for seed in range(11, 15)]
    reports = [check_file(f, CONTENT, "en").to_json() for f in files]
    assert all(r["valid"] and r["result"]["columns"] == 4 for r in reports)
    as_json = json.loads(runner.invoke(app, ["simulate", "--games", "4", "--strategy", "strong", "--columns", "4",
                                             "--seed", "11", "--format", "json"]).output)
    [summary] = as_json["strategies"]
    assert summary["mean_tiles_left"] == sum(r["result"]["results"][0]["tiles_left"] for r in reports) / 4
    assert summary["wins"] == sum(r["result"]["results"][0]["finished_at"] is not None for r in reports)
    assert sum(summary["tiles_left"].values()) == 4 and as_json["head_to_head"] == []


def test_strategies_meet_on_the_same_deals_and_share_one_chart(tmp_path):
    from PIL import Image

    from generator.games.threesixteen.plots import COLOURS

    args = ["simulate", "--games", "4", "--seed", "7", "--strategy", "naive", "--strategy", "strong",
            "--strategy", "lookahead"]
    result = runner.invoke(app, args + ["--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "4 games, strategy naive, strong, lookahead, 5 columns, seed 7",
        "  naive", "    Wins (all three rows complete): 0 of 4 (0.0%)", "    Mean tiles left: 38.00",
        "  strong", "    Wins (all three rows complete): 1 of 4 (25.0%)", "    Mean tiles left: 11.75",
        "  lookahead", "    Wins (all three rows complete): 2 of 4 (50.0%)", "    Mean tiles left: 9.25",
        "  Same deals, naive against strong: fewer tiles left in 0, as many in 0, more in 4",
        "  Same deals, naive against lookahead: fewer tiles left in 0, as many in 0, more in 4",
        "  Same deals, strong against lookahead: fewer tiles left in 2, as many in 1, more in 1",
        f"  Histogram written to {tmp_path / 'threesixteen-tiles-left.png'}",
    ]
    data = json.loads(runner.invoke(app, args + ["--format", "json"]).output)
    assert [(s["strategy"], s["tiles_left"]) for s in data["strategies"]] == [
        ("naive", {"34": 1, "36": 1, "41": 2}),
        ("strong", {"0": 1, "9": 1, "18": 1, "20": 1}),
        ("lookahead", {"0": 2, "15": 1, "22": 1}),
    ]
    assert [tuple(d.values()) for d in data["head_to_head"]] == [
        ("naive", "strong", 0, 0, 4), ("naive", "lookahead", 0, 0, 4), ("strong", "lookahead", 2, 1, 1)]
    # one chart: each strategy's bars in its own colour
    image = Image.open(tmp_path / "threesixteen-tiles-left.png").convert("RGB")
    pixels = Counter({colour: count for count, colour in image.getcolors(image.width * image.height)})
    for colour in COLOURS[:3]:
        assert pixels[tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))] > 100, colour
    assert pixels[tuple(int(COLOURS[3][i:i + 2], 16) for i in (1, 3, 5))] == 0


def test_sampling_meets_strong_on_the_same_deals_in_one_chart(tmp_path):
    from PIL import Image

    from generator.games.threesixteen.plots import COLOURS

    result = runner.invoke(app, ["simulate", "--games", "2", "--seed", "3", "--strategy", "strong", "--strategy",
                                 "sampling", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "2 games, strategy strong, sampling, 5 columns, seed 3",
        "  strong", "    Wins (all three rows complete): 1 of 2 (50.0%)", "    Mean tiles left: 6.50",
        "  sampling", "    Wins (all three rows complete): 2 of 2 (100.0%)", "    Mean tiles left: 0.00",
        "  Same deals, strong against sampling: fewer tiles left in 0, as many in 1, more in 1",
        f"  Histogram written to {tmp_path / 'threesixteen-tiles-left.png'}",
    ]
    image = Image.open(tmp_path / "threesixteen-tiles-left.png").convert("RGB")
    pixels = Counter({colour: count for count, colour in image.getcolors(image.width * image.height)})
    for colour in COLOURS[:2]:
        assert pixels[tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))] > 100, colour


def test_the_naive_strategy_in_korean():
    result = runner.invoke(app, ["simulate", "--games", "2", "--strategy", "naive", "--lang", "ko"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "게임 2판, 전략 naive, 세로줄 5개, 시드 0"
