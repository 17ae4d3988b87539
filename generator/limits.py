"""Numbers beyond these are no one's intent (a typo, a fuzzer): usage errors, before any work starts. The Typer
options (generator/cli_options.py) and the quick start (generator/launch.py) both hold values to them."""
from __future__ import annotations

MOST_GAMES = 1_000_000
MOST_WORKERS = 64
MOST_SECONDS = 24 * 3600.0
MOST_NODES = 10_000_000_000
