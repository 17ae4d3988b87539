"""The hindsight solver against a plain exhaustive search, its plans replayed by an independent replayer and by
the record checker, its bounds, and the `solve` command's input handling."""
from __future__ import annotations

import functools
import json
import random
import re
from datetime import timedelta

import pytest
import typer
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from conftest import replace_in, use_columns_v_to_z
from generator.content.load import load_content
from generator.errors import InputError, Position
from generator.games.threesixteen.solve_cli import parse_calls, solve_cmd
from generator.games.threesixteen.solver import deal, solve
from generator.games.threesixteen.solver_budget import Budget
from generator.games.threesixteen.solver_cp import cp_solve
from generator.games.threesixteen.solver_exact import ExactSearch
from generator.games.threesixteen.solver_hindsight import hindsight_bound

EXAMPLE = [1, 2, 3, 2, 3, 1, 1, 3, 2]


# ---- a plain exhaustive search and a tiny replayer, written independently of the solver

def brute_force(calls: list[int], columns: int, rows: int, t: int = 0, ends: tuple | None = None,
                cols: tuple | None = None) -> int:
    """Fewest tiles left: every placement, every sequence of moves, memoised on sorted rows and columns.

    From the start, or from the board (sorted row ends, sorted columns) reached after the first `t` calls.
    """
    n = len(calls)

    def moves_from(ends: tuple, cols: tuple) -> set:
        seen = {(ends, cols)}
        todo = [(ends, cols)]
        while todo:
            e, c = todo.pop()
            for i, column in enumerate(c):
                if column and column[-1] > 1 and column[-1] - 1 in e:
                    tile = column[-1]
                    ne = list(e)
                    ne[ne.index(tile - 1)] = tile
                    state = (tuple(sorted(ne)), tuple(sorted(c[:i] + (column[:-1],) + c[i + 1:])))
                    if state not in seen:
                        seen.add(state)
                        todo.append(state)
        return seen

    @functools.lru_cache(maxsize=None)
    def best(t: int, ends: tuple, cols: tuple) -> int:
        if t == n:
            return sum(map(len, cols))
        number = calls[t]
        if number == 1:
            ne = list(ends)
            ne[ne.index(0)] = 1
            placed = [(tuple(sorted(ne)), cols)]
        else:
            placed = [(ends, tuple(sorted(cols[:i] + (cols[i] + (number,),) + cols[i + 1:])))
                      for i in range(columns)]
        return min(best(t + 1, e, c) for start in placed for e, c in moves_from(*start))

    if ends is None:
        return best(0, (0,) * rows, ((),) * columns)
    return best(t, ends, cols)


TOKEN = re.compile(r"(R|[A-Z])(?:>([A-Z]+))?")


def replay_tokens(calls: list[int], plan: list[str], columns: int, rows: int) -> int:
    """Play the tokens by the rules; every token must be legal. Returns the tiles left."""
    assert len(plan) == len(calls)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:columns]
    ends = [0] * rows
    cols = {letter: [] for letter in letters}
    for number, text in zip(calls, plan):
        match = TOKEN.fullmatch(text)
        assert match, f"not a token: {text}"
        place, moves = match.groups()
        if place == "R":
            assert number == 1 and 0 in ends, f"{number} cannot start a row"
            ends[ends.index(0)] = 1
        else:
            assert number != 1 and place in letters, f"{number} cannot go to column {place}"
            cols[place].append(number)
        for letter in moves or "":
            assert letter in letters and cols[letter], f"no tile in column {letter}"
            tile = cols[letter][-1]
            assert tile - 1 in ends, f"{tile} fits no row ending {ends}"
            ends[ends.index(tile - 1)] = tile
            cols[letter].pop()
    return sum(map(len, cols.values()))


def assert_consistent(result, calls, columns, rows) -> None:
    assert replay_tokens(calls, result.plan, columns, rows) == result.min_tiles_left
    assert 0 <= result.lower_bound <= result.min_tiles_left
    if result.proven:
        assert result.lower_bound == result.min_tiles_left


# ---- small games, every size of the rules

@st.composite
def small_games(draw):
    high = draw(st.integers(3, 7))
    copies = draw(st.integers(1, 3))
    rows = draw(st.integers(1, 3))
    columns = draw(st.integers(1, 3))
    tiles = draw(st.permutations(list(range(1, high + 1)) * copies))
    calls = tiles[: draw(st.integers(1, 12))]   # the exhaustive search stays within its deadline
    while calls.count(1) > rows:           # a 1 must start a row: no more 1s than rows
        calls.remove(1)
    return calls, high, copies, rows, columns


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(small_games())
def test_solver_matches_exhaustive_search(game):
    calls, high, copies, rows, columns = game
    result = solve(calls, columns=columns, high=high, copies=copies, rows=rows)
    assert result.proven
    optimum = brute_force(calls, columns, rows)
    event("optimum above 0" if optimum else "optimum 0")
    assert result.min_tiles_left == optimum
    assert_consistent(result, calls, columns, rows)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(small_games())
def test_the_constraint_model_matches_exhaustive_search(game):
    """CP-SAT alone (no local or exact search first): its optimum, its proof and its plan, replayed by the rules."""
    calls, high, copies, rows, columns = game
    outcome = cp_solve(calls, columns, rows, high, work=10.0, deadline=None)
    optimum = brute_force(calls, columns, rows)
    assert (outcome.left, outcome.bound) == (optimum, optimum)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:columns]
    plan = [("R" if place < 0 else letters[place]) + (">" + "".join(letters[m] for m in moves) if moves else "")
            for place, moves in outcome.steps]
    assert replay_tokens(calls, plan, columns, rows) == optimum


def test_a_four_column_deal_that_cannot_be_won_is_proven_so():
    """Deal 183 leaves at least 6 with 4 columns: with the chain levels the model proves it in 0.7 deterministic
    seconds; without them it has not even proven a win impossible after 2 (bound 0)."""
    outcome = cp_solve(deal(183), 4, 3, 16, work=2.0, deadline=None)
    assert (outcome.left, outcome.bound) == (6, 6)


# reduced deals (fewer numbers, copies, rows or columns) whose optimum is above 0, with the exhaustive search's
# optimum: every claimed proof of a loss is confirmed by the independent search
REDUCED = [((0, 8, 2, 2, 1), 14), ((1, 8, 2, 2, 1), 12), ((2, 8, 2, 2, 1), 11), ((0, 6, 3, 3, 1), 11),
           ((2, 6, 3, 3, 1), 6), ((3, 6, 3, 3, 1), 7), ((0, 7, 2, 2, 2), 4), ((0, 6, 2, 3, 2), 4),
           ((1, 8, 2, 1, 2), 12), ((2, 8, 2, 1, 2), 7), ((4, 8, 2, 1, 2), 7)]    # more columns than rows


@pytest.mark.parametrize("game, optimum", REDUCED)
def test_proven_losses_on_reduced_deals_match_the_exhaustive_search(game, optimum):
    seed, high, copies, rows, columns = game
    calls = deal(seed, high, copies)
    while calls.count(1) > rows:
        calls.remove(1)
    assert brute_force(calls, columns, rows) == optimum
    result = solve(calls, columns=columns, high=high, copies=copies, rows=rows)
    assert (result.min_tiles_left, result.proven) == (optimum, True)
    assert_consistent(result, calls, columns, rows)
    alone = cp_solve(calls, columns, rows, high, work=30.0, deadline=None)     # the constraint model's own proof
    assert (alone.left, alone.bound) == (optimum, optimum)


def random_board(calls: list[int], t: int, columns: int, rows: int, rng: random.Random) -> tuple:
    """The sorted board after playing the first `t` calls with random legal placements and random moves."""
    ends = [0] * rows
    cols: list[list[int]] = [[] for _ in range(columns)]
    for number in calls[:t]:
        if number == 1:
            ends[ends.index(0)] = 1
        else:
            rng.choice(cols).append(number)
        while rng.random() < 0.7:
            fitting = [c for c in cols if c and c[-1] - 1 in ends]
            if not fitting:
                break
            tile = rng.choice(fitting).pop()
            ends[ends.index(tile - 1)] = tile
    return tuple(sorted(ends)), tuple(sorted(map(tuple, cols)))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(small_games(), st.integers(0, 15), st.randoms(use_true_random=False))
def test_the_exact_bound_never_exceeds_the_optimum(game, t, rng):
    """The lower bound prunes the exact search; above the optimum it would make the checker claim too much."""
    calls, high, copies, rows, columns = game
    t = min(t, len(calls))
    ends, cols = random_board(calls, t, columns, rows, rng)
    search = ExactSearch(calls, columns, high, rows, Budget(0, None))
    assert search.bound(t, ends, cols) <= brute_force(calls, columns, rows, t, ends, cols)


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(small_games(), st.integers(0, 15), st.integers(0, 3), st.randoms(use_true_random=False))
def test_a_proof_from_a_board_mid_game_matches_the_exhaustive_search(game, t, target, rng):
    """The online `solving` player asks the exact search about boards mid-game (ExactSearch.prove_from)."""
    calls, high, copies, rows, columns = game
    t = min(t, len(calls))
    ends, cols = random_board(calls, t, columns, rows, rng)
    search = ExactSearch(calls, columns, high, rows, Budget(10**9, None))
    assert search.prove_from(t, ends, cols, target) == (brute_force(calls, columns, rows, t, ends, cols) <= target)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(small_games())
def test_the_hindsight_bound_never_exceeds_the_optimum(game):
    """The bound from the whole call order starts the proofs; above the optimum it would prove a false loss."""
    calls, high, copies, rows, columns = game
    bound = hindsight_bound(calls, columns, high, rows)
    event("hindsight bound above 0" if bound else "hindsight bound 0")
    assert bound <= brute_force(calls, columns, rows)


@pytest.mark.parametrize("calls, columns, rows, bound, optimum", [
    ([2, 3, 3, 2, 1], 1, 1, 2, 2),          # one row, one column: of 2 3 3 2 only the run 3 2 can leave
    ([2, 3, 2, 3, 1, 1], 1, 2, 1, 4),       # two rows: two decreasing runs hold three of the four
    ([3, 3, 2, 2, 1, 1], 1, 2, 0, 0),       # 3 2 and 3 2: two rows take them
    ([2, 2, 3], 3, 3, 3, 3),                # no 1: no row ever starts
])
def test_the_hindsight_bound_on_small_cases(calls, columns, rows, bound, optimum):
    assert (hindsight_bound(calls, columns, 3, rows), brute_force(calls, columns, rows)) == (bound, optimum)


def test_the_hindsight_bound_proves_losses_of_full_deals_with_three_columns():
    bounds = [hindsight_bound(deal(seed), 3, 16, 3) for seed in range(20)]
    assert bounds == [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 1, 0, 0, 0, 0, 2, 0, 1]
    assert solve(deal(10), columns=3, nodes=0, time_limit=None).lower_bound == 3


def test_known_example_keeps_the_first_three_in_the_column():
    result = solve(EXAMPLE, columns=1, high=3)
    assert (result.min_tiles_left, result.proven, result.lower_bound) == (0, True, 0)
    assert result.plan[2] == "A"                 # the first 3 stays in the column
    assert replay_tokens(EXAMPLE, result.plan, 1, 3) == 0


def test_moving_every_fitting_tile_at_once_leaves_two():
    greedy = ["R", "A>A", "A>A", "A", "A", "R", "R", "A", "A>AA"]
    assert replay_tokens(EXAMPLE, greedy, 1, 3) == 2
    assert brute_force(EXAMPLE, 1, 3) == 0


@pytest.mark.parametrize("seed", [4, 7])
def test_full_deals_with_five_columns_are_won(seed):
    calls = deal(seed)
    result = solve(calls, columns=5)
    assert (result.min_tiles_left, result.proven, result.stopped) == (0, True, "done")
    assert_consistent(result, calls, 5, 3)


@pytest.mark.parametrize("nodes, time_limit, stopped", [(0, None, "nodes"), (10**9, 0, "time")])
def test_without_budget_there_is_still_a_legal_plan_and_honest_bounds(nodes, time_limit, stopped):
    calls = deal(3)
    result = solve(calls, columns=3, nodes=nodes, time_limit=time_limit)
    assert len(result.plan) == len(calls)
    assert_consistent(result, calls, 3, 3)
    assert (result.proven, result.stopped, result.node_budget) == (False, stopped, nodes)


def test_a_known_plan_is_an_upper_bound_and_a_win_needs_no_search():
    calls = deal(3)
    lost = solve(calls, columns=3, nodes=0, time_limit=None)
    steps = [(-1 if token[0] == "R" else ord(token[0]) - 65, tuple(ord(c) - 65 for c in token.partition(">")[2]))
             for token in lost.plan]
    again = solve(calls, columns=3, nodes=0, time_limit=None, known=steps)
    assert again.min_tiles_left <= lost.min_tiles_left
    won = solve(deal(4), columns=5)
    steps = [(-1 if token[0] == "R" else ord(token[0]) - 65, tuple(ord(c) - 65 for c in token.partition(">")[2]))
             for token in won.plan]
    known = solve(deal(4), columns=5, nodes=0, known=steps)
    assert (known.min_tiles_left, known.proven, known.lower_bound, known.nodes) == (0, True, 0, 0)


def _busy(stop) -> None:
    while not stop.is_set():
        pass


def test_the_same_budget_gives_the_same_json_under_full_load():
    """Nodes, not seconds, end the search: a run while both cores are kept busy gives the same JSON."""
    import multiprocessing

    args = ["solve", "--seed", "0", "--columns", "4", "--nodes", "20000", "--format", "json"]
    quiet = CliRunner().invoke(_app(), args)
    stop = multiprocessing.Event()
    hogs = [multiprocessing.Process(target=_busy, args=(stop,)) for _ in range(2)]
    for hog in hogs:
        hog.start()
    try:
        loaded = CliRunner().invoke(_app(), args)
    finally:
        stop.set()
        for hog in hogs:
            hog.join()
    assert quiet.exit_code == loaded.exit_code == 0
    assert json.loads(quiet.output)["stopped"] == "nodes"
    assert quiet.output == loaded.output


def test_the_constraint_model_gives_the_same_answer_under_full_load():
    """CP-SAT runs on one worker with a deterministic-time limit: the same work gives the same plan and bounds. The
    loaded run shares the machine with a process that keeps another core busy (one is enough for the two cores the
    suite is held to; each burns a core for as long as the loaded run takes)."""
    import multiprocessing

    calls = deal(0)
    quiet = cp_solve(calls, 4, 3, 16, work=0.5, deadline=None)
    stop = multiprocessing.Event()
    hogs = [multiprocessing.Process(target=_busy, args=(stop,))]
    for hog in hogs:
        hog.start()
    try:
        loaded = cp_solve(calls, 4, 3, 16, work=0.5, deadline=None)
    finally:
        stop.set()
        for hog in hogs:
            hog.join()
    assert quiet == loaded and quiet.left is not None


def test_deal_is_the_seeded_shuffle():
    tiles = list(range(1, 17)) * 3
    random.Random(12).shuffle(tiles)
    assert deal(12) == tiles


@pytest.mark.parametrize("calls, message", [
    ([1, 1, 1], "3 ones are called but only 2 rows can start"),
    ([2, 2, 2, 2], "2 is called more than 3 times"),
    ([0], "0 is not a tile number 1-16"),
])
def test_impossible_calls_are_refused(calls, message):
    with pytest.raises(ValueError, match=message):
        solve(calls, rows=2)


# ---- plans the record checker accepts

def test_plans_pass_the_record_checker(tmp_path):
    from generator.games.threesixteen.check import check_file
    from generator.games.threesixteen.record_text import record_text

    content = load_content()
    for seed, columns, nodes in ((5, 5, 10**6), (2, 3, 10_000)):
        calls = deal(seed)
        result = solve(calls, columns=columns, nodes=nodes)
        path = tmp_path / f"deal{seed}.yaml"
        path.write_text(record_text(["solver"], calls, {"solver": result.plan}, columns), encoding="utf-8")
        report = check_file(path, content, "en", nodes=0)
        assert report.ok, report.to_text()
        assert report.verdict.results[0].tiles_left == result.min_tiles_left


# ---- the command

@pytest.fixture(scope="module")
def texts():
    return load_content().texts("threesixteen", "en")


@pytest.mark.parametrize("text, col, message", [
    ("1 2 x 4", 5, "'x' is not a number"),
    ("1, 2,17", 6, "17 is not a tile number; the tiles run from 1 to 16."),
    ("5 5 5 5", 7, "5 has now been called 4 times, but the caller set holds only 3."),
    ("  ", 1, "no calls: write the called numbers in order"),
])
def test_bad_calls_point_at_the_bad_number(texts, text, col, message):
    with pytest.raises(InputError) as caught:
        parse_calls(text, texts, 16, 3)
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.position == Position("--calls", 1, col)
    assert diagnostic.message == message
    assert str(diagnostic) == f"--calls:1:{col}: error: {message} [calls]"


def test_calls_may_be_separated_by_commas_or_spaces(texts):
    assert parse_calls("1,2 3\t16", texts, 16, 3) == [1, 2, 3, 16]


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("solve")(solve_cmd)
    app.command("unused")(lambda: None)          # two commands, so `solve` is a sub-command as under pnp
    return app


def test_solve_command_json():
    result = CliRunner().invoke(_app(), ["solve", "--calls", " ".join(map(str, EXAMPLE)), "--columns", "1",
                                         "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["min_tiles_left"], data["proven"], data["lower_bound"]) == (0, True, 0)
    assert replay_tokens(EXAMPLE, data["plan"].split(), 1, 3) == 0
    assert data["nodes"] >= 1 and data["stopped"] == "done" and "seconds" not in data


def test_solve_command_text_with_a_seed():
    result = CliRunner().invoke(_app(), ["solve", "--seed", "4"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == [f"Calls (seed 4): {' '.join(map(str, deal(4)))}",
                         "Fewest tiles left possible with these calls: 0", "Proven optimal."]
    assert replay_tokens(deal(4), lines[3].removeprefix("Plan: ").split(), 5, 3) == 0


def test_solve_command_bad_calls_raise_input_error():
    result = CliRunner().invoke(_app(), ["solve", "--calls", "1 2 99"])
    assert isinstance(result.exception, InputError)
    assert str(result.exception) == "--calls:1:5: error: 99 is not a tile number; the tiles run from 1 to 16. [calls]"


@pytest.mark.parametrize("args", [["solve"], ["solve", "--seed", "1", "--calls", "1"],
                                  ["solve", "--seed", "1", "--format", "xml"], ["solve", "--seed", "1",
                                                                                  "--columns", "6"]])
def test_solve_command_usage_errors_exit_2(args):
    assert CliRunner().invoke(_app(), args).exit_code == 2


def test_solve_command_speaks_from_the_content_it_is_given(content_copy):
    """`--content DIR` is a translator's own copy: its words are the ones printed."""
    replace_in(content_copy / "threesixteen" / "en.yaml", 'proven: "Proven optimal."', 'proven: "Proven best, own words."')
    result = CliRunner().invoke(_app(), ["solve", "--seed", "4", "--content", str(content_copy)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[2] == "Proven best, own words."


def test_solve_command_with_broken_content_is_one_message_and_exit_1(content_copy):
    (content_copy / "threesixteen" / "en.yaml").write_text("check: [\n", encoding="utf-8")
    result = CliRunner().invoke(_app(), ["solve", "--seed", "4", "--content", str(content_copy)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "en.yaml:" in result.output


# ---- the budget: nodes decide; a time limit is only a safety stop that says so

def _answer(result) -> tuple:
    """Everything a solve reports but the seconds it took."""
    return (result.min_tiles_left, result.proven, result.lower_bound, result.plan, result.nodes, result.stopped)


def test_the_default_budget_is_nodes_alone():
    """A default run stops on nothing but its node budget: no wall-clock limit that a loaded machine would hit first
    (60 s by default once: reference deals gave "5, not proven" under load where the nodes prove 0)."""
    import inspect

    assert inspect.signature(solve).parameters["time_limit"].default is None
    data = json.loads(CliRunner().invoke(_app(), ["solve", "--seed", "0", "--columns", "4", "--nodes", "20000",
                                                  "--format", "json"]).output)
    assert (data["time_limit"], data["stopped"]) == (None, "nodes")


@pytest.mark.parametrize("seed, columns, nodes", [(0, 4, 20_000), (4, 5, 1_000_000), (2, 3, 150_000)])
def test_a_time_limit_the_node_budget_finishes_within_changes_nothing(seed, columns, nodes):
    """A safety stop that does not fire leaves the answer exactly as the node budget alone gives it (CP-SAT with a
    wall-clock limit it never reaches searches as without one)."""
    alone = solve(deal(seed), columns=columns, nodes=nodes, time_limit=None)
    guarded = solve(deal(seed), columns=columns, nodes=nodes, time_limit=3600.0)
    assert _answer(guarded) == _answer(alone) and alone.stopped != "time"


@pytest.mark.parametrize("seed, seconds", [(0, 0.3), (1, 0.3), (2, 0.3), (3, 3.0)])
def test_a_search_the_time_limit_ends_says_so(seed, seconds):
    """With a budget no machine spends in these seconds, the search ends on the clock and says "time": deal 3 with
    3 s came back labelled "nodes" (CP-SAT stopped a hair before the limit by our own clock)."""
    result = solve(deal(seed), columns=3, nodes=10**9, time_limit=seconds)
    assert (result.proven, result.stopped) == (False, "time")
    assert_consistent(result, deal(seed), 3, 3)


def test_the_safety_stop_spends_no_more_than_its_limit_and_a_second():
    """The time limit is kept within a second: counted in this process's CPU time, which a loaded machine does not
    stretch (a phase that never looked at the clock would spend its whole work past the limit)."""
    import time

    before = time.process_time()
    result = solve(deal(10), columns=3, nodes=10**9, time_limit=1.0)
    assert result.stopped == "time" and time.process_time() - before < 2.0


def test_a_deadline_passed_while_the_model_was_built_stops_before_cp_sat_searches(monkeypatch):
    """CP-SAT gets what is left of the time limit after its model is built; none left, it does not start."""
    from generator.games.threesixteen import solver_cp

    clock = iter([100.0])
    monkeypatch.setattr(solver_cp.time, "monotonic", lambda: next(clock))
    outcome = cp_solve(deal(0), 3, 3, 16, work=1000.0, deadline=99.5, at_least=2)
    assert (outcome.steps, outcome.left, outcome.bound, outcome.work, outcome.timed_out) == (None, None, 2, 0.0, True)


# ---- the content's column letters

def test_a_plan_names_the_columns_by_the_contents_letters(content_copy):
    """With `columns: [V, W, X, Y, Z]` the solver's plan is written in V-Z (it printed `R>AAB`)."""
    use_columns_v_to_z(content_copy)
    result = CliRunner().invoke(_app(), ["solve", "--seed", "4", "--content", str(content_copy), "--format", "json"])
    assert result.exit_code == 0, result.output
    plan = json.loads(result.output)["plan"].split()
    assert set("".join(plan)) <= set("RVWXYZ>") and {"V", "W", "X", "Y", "Z"} <= set("".join(plan))
    letters = {c: chr(ord("A") + "VWXYZ".index(c)) if c in "VWXYZ" else c for c in "RVWXYZ>"}
    assert replay_tokens(deal(4), ["".join(letters[c] for c in token) for token in plan], 5, 3) == 0


def test_the_checkers_best_plan_names_the_columns_by_the_contents_letters(content_copy, tmp_path):
    from generator.games.threesixteen.check import check_file

    use_columns_v_to_z(content_copy)
    path = tmp_path / "game.yaml"
    path.write_text("game: threesixteen\ncolumns: 3\nplayers: [Mina]\ncalls: " + " ".join(map(str, deal(3)))
                    + "\nmoves:\n  Mina: " + " ".join("R" if n == 1 else "V" for n in deal(3)) + "\n",
                    encoding="utf-8")
    best = check_file(path, load_content(content_copy), "en", nodes=2000).to_json()["result"]["best"]
    assert set(best["plan"]) <= set("RVWX> ")


def test_a_plan_with_letters_that_cannot_name_the_columns_is_refused():
    with pytest.raises(ValueError, match="need as many different letters"):
        solve(EXAMPLE, columns=2, nodes=0, letters="AR")
