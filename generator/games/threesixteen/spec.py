"""3x16, as the registry (generator/games/registry.py) knows it."""
from __future__ import annotations

from ..registry import CheckOption, GameSpec

SPEC = GameSpec(
    name="threesixteen",
    title="3x16",
    model="generator.games.threesixteen.model:ThreeSixteenGame",
    crosscheck="generator.games.threesixteen.crosscheck:check",
    text_keys="generator.games.threesixteen.text_keys:text_keys",
    rule_values="generator.games.threesixteen.text_keys:rule_values",
    components="generator.render.threesixteen.components:threesixteen_components",
    full_pages="generator.render.threesixteen.components:threesixteen_pages",
    accent="generator.render.threesixteen.rulebook:accent",
    component_counts="generator.render.threesixteen.rulebook:component_counts",
    rulebook_cover="generator.render.threesixteen.rulebook:cover",
    rulebook_figure="generator.render.threesixteen.rulebook:figure",
    checker="generator.games.threesixteen.check",
    check_options=(
        CheckOption("nodes", "3x16: the solver's budget in search nodes for the best result the calls allowed (same "
                    "answer on any machine; 0 skips it)."),
        CheckOption("time_limit", "3x16: the solver's safety stop in seconds."),
    ),
    cli="generator.games.threesixteen.cli",
    cli_help="3x16: be the caller, solve a deal, simulate games.",
    benchmarks=(("3x16 check", "generator.games.threesixteen.bench:run_check"),
                ("3x16 solve", "generator.games.threesixteen.bench:run_solve"),
                ("3x16 play", "generator.games.threesixteen.bench:run_play")),
    size_records="generator.games.threesixteen.bench:size_records",
    steps="generator.games.threesixteen.studio:steps",
    caller="generator.games.threesixteen.studio:caller",
    build_cost={"png": 3},
    sources=("generator.games.threesixteen.spec", "generator.games.threesixteen.model",
             "generator.games.threesixteen.text_keys"),
)
