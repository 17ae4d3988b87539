"""Countdown as the registry knows it; the tests declare it in the entry-point group `pnp.games`."""
from __future__ import annotations

from generator.games.registry import GameSpec

SPEC = GameSpec(
    name="countdown",
    title="Countdown",
    model="countdown.model:CountdownGame",
    rule_values="countdown.model:rule_values",
    components="countdown.faces:components",
    checker="countdown.check",  # check_file -> a generator.checking.Report
    benchmarks=(("countdown", "countdown.bench"),),
    sources=("countdown",),
)
