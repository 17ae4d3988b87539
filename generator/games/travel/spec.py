"""The travel card race, as the registry (generator/games/registry.py) knows it."""
from __future__ import annotations

from ..registry import GameSpec

SPEC = GameSpec(
    name="travel",
    title="travel",
    model="generator.games.travel.model:TravelGame",
    crosscheck="generator.games.travel.crosscheck:check",
    text_keys="generator.games.travel.text_keys:text_keys",
    rule_values="generator.games.travel.text_keys:rule_values",
    placeholders="generator.games.travel.text_keys:placeholders",
    lint_texts="generator.games.travel.lint:notation_words",
    components="generator.render.travel.cards:travel_components",
    accent="generator.render.travel.rulebook:accent",
    component_counts="generator.render.travel.rulebook:component_counts",
    rulebook_pages="generator.render.travel.rulebook:distance_pages",
    rulebook_cover="generator.render.travel.rulebook:cover",
    rulebook_figure="generator.render.travel.rulebook:figure",
    warm="generator.render.travel.cards:warm_icons",
    icons="generator.render.travel.cards:content_icons",
    checker="generator.games.travel.check",
    cli="generator.games.travel.cli",
    cli_help="Travel game: simulate games with bots, and measure the balance.",
    benchmarks=(("travel", "generator.games.travel.bench"),),
    size_records="generator.games.travel.bench:size_records",
    steps="generator.games.travel.studio:steps",
    table_setup="generator.games.travel.studio:deal",
    build_cost={"pdf": 3, "png": 4, "pod": 2},
    sources=("generator.games.travel.spec", "generator.games.travel.model", "generator.games.travel.kinds",
             "generator.games.travel.distances", "generator.games.travel.text_keys"),
)
