"""Benchmark for `make bench`: checking is linear in a record's size, and its memory a small multiple of it.

For each game, a record of about 1 MB and one of about 10 MB (the largest file `pnp check` reads) are made from a
simulated game: the travel record repeats the game's turn lines (all are read, then the replay stops at the first
turn after the game ended), once as the simulator writes it (the quick reader's shape) and once with a comment on
top, as a person may write it (read through libyaml's events); the 3x16 record has one player's token line grown
past the calls (read whole, then refused at the first token too many), once in one text and once as a YAML list
(refused at the first of more than yamlsrc.MAX_VALUES values, before libyaml composes the file). Each is checked
in a fresh process, which reports the seconds `check_record` took (the best of a few runs: the machine is
shared) and how much its peak memory grew. Targets: the 10x larger record takes at most 12x the time, and needs at
most 10 bytes of memory per byte of record (travel keeps each turn line's text and a small Turn, parsing its clauses
only when replayed: about 4-7; 3x16 keeps only the tokens it can use and counts the rest: about 1).

Memory for what people share (issue 30): checking a 5 MB record of each game, and linting the shipped content, take
at most 50 bytes per byte of input beyond a fixed base: for a check, the peak after checking a small record (the
interpreter, the imports, the content); for lint, the peak of a process that has only imported what lint runs. The
input of lint is every file it reads: the content's YAML and the font files print.yaml names.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TypedDict

from . import files
from .bench import Row
from .games import registry

SIZES_MB = (1, 5, 10)
#: issue 30's cap: memory beyond the base, per byte of input
MEMORY_CAP_PER_BYTE = 50
TIME_RATIO_TARGET = 12.0
MEMORY_PER_BYTE_TARGET = 10.0
RUNS = 3

#: run in a fresh process: check one record, print seconds and the growth of the peak resident memory (bytes)
_CHILD = """
import json, resource, sys, time
from generator.check import check_record
from generator.content.load import load_content
from generator.errors import InputError
content = load_content()
path, warm, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def check(target):
    start = time.perf_counter()
    try:
        check_record(target, content, "en", nodes=0)
    except InputError:
        pass
    return time.perf_counter() - start
check(warm)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
seconds = [check(path)]
grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024
seconds += [check(path) for _ in range(runs - 1)]
print(json.dumps({"seconds": min(seconds), "grown": grown, "base": before * 1024}))
"""


def _grow(head: str, pieces: list[str], size: int) -> str:
    """`head` then `pieces` over and over until the text is about `size` bytes, ending with one line break."""
    out, total = [head], len(head.encode())
    while total < size:
        for piece in pieces:
            out.append(piece)
            total += len(piece.encode())
            if total >= size:
                break
    return "".join(out).rstrip(" \n") + "\n"


class Measured(TypedDict):
    """What _CHILD prints: the best seconds of a check, and the peak memory (bytes) before it and its growth."""

    seconds: float
    grown: int
    base: int


def _measure(path: Path, warm: Path) -> Measured:
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", _CHILD, str(path), str(warm), str(RUNS)], capture_output=True,
                          text=True, cwd=root, check=True)
    measured: Measured = json.loads(done.stdout)
    return measured


def _load() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"


def _records() -> list[tuple[str, str, list[str]]]:
    """Each game's records (its spec's `size_records`): a label, a head and the pieces repeated after it."""
    specs = [registry.spec(name) for name in registry.SHIPPED]
    return [record for spec in specs if (records := spec.part("size_records")) is not None for record in records()]


def run() -> list[Row]:
    rows: list[Row] = []
    with files.scratch() as tmp:
        for game, head, pieces in _records():
            slug = game.split()[0] + str(len(rows))
            warm = tmp / f"{slug}-warm.yaml"
            tmp.write(warm, _grow(head, pieces, 10_000).encode("utf-8"))
            measured: dict[int, tuple[Measured, int]] = {}
            for mb in SIZES_MB:
                path = tmp / f"{slug}-{mb}mb.yaml"
                data = _grow(head, pieces, mb * 1_000_000 - 1_000).encode("utf-8")
                tmp.write(path, data)
                measured[mb] = (_measure(path, warm), len(data))
            (small, _), (large, size) = measured[SIZES_MB[0]], measured[SIZES_MB[-1]]
            ratio = large["seconds"] / max(small["seconds"], 1e-9)
            per_byte = large["grown"] / size
            detail = (f"{small['seconds']:.2f} s for {SIZES_MB[0]} MB, {large['seconds']:.2f} s for {SIZES_MB[-1]} MB; "
                      f"{_load()}")
            rows.append({"name": f"{game} check: time for a 10x larger record", "value": round(ratio, 1),
                         "unit": "x", "target": f"<= {TIME_RATIO_TARGET:g}", "ok": ratio <= TIME_RATIO_TARGET,
                         "detail": detail})
            five, five_size = measured[5]
            cap = five["base"] + MEMORY_CAP_PER_BYTE * five_size
            rows.append({"name": f"{game} check: peak memory for a 5 MB record", "unit": "MB",
                         "value": round((five["base"] + five["grown"]) / 1e6), "target": f"<= {cap / 1e6:.0f}",
                         "ok": five["base"] + five["grown"] <= cap,
                         "detail": f"base {five['base'] / 1e6:.0f} MB (a small record checked) + "
                                   f"{MEMORY_CAP_PER_BYTE} x {five_size / 1e6:.1f} MB"})
            rows.append({"name": f"{game} check: peak memory per byte of a {SIZES_MB[-1]} MB record",
                         "value": round(per_byte, 1), "unit": "bytes/byte", "target": f"<= {MEMORY_PER_BYTE_TARGET:g}",
                         "ok": per_byte <= MEMORY_PER_BYTE_TARGET,
                         "detail": f"peak resident memory grew {large['grown'] / 1e6:.0f} MB"})
    return rows + [_lint_memory()]


#: the imports `pnp lint` runs, without reading any content: the base of its memory
_LINT_IMPORTS = "import generator.content.lint, generator.render.core.fitcheck, generator.render.core.fonts"


def _peak_mb(command: list[str]) -> float:
    """The peak resident memory (MB) of a command run to its end."""
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_maxrss * 1024 / 1e6


def _lint_memory() -> Row:
    from .content.folders import shipped
    from .content.load import load_content

    content = load_content(shipped("content"))
    root = files.content(content.root)
    sizes = [root.size(f"{folder}/{name}") or 0 for folder in ("", *[f for f in root.folders() if f != "schemas"])
             for name in root.names(folder, ".yaml")]
    fonts = {(family.folder, path) for family in content.fonts.values() for path in (family.regular, family.bold)
             if path is not None}
    size = sum(sizes) + sum(folder.size(path) or 0 for folder, path in fonts)
    base = _peak_mb([sys.executable, "-c", _LINT_IMPORTS])
    peak = _peak_mb([sys.executable, "-m", "generator.cli", "lint", "--content", str(content.root)])
    cap = base + MEMORY_CAP_PER_BYTE * size / 1e6
    return {"name": "lint of the shipped content: peak memory", "value": round(peak), "unit": "MB",
            "target": f"<= {cap:.0f}", "ok": peak <= cap,
            "detail": f"base {base:.0f} MB (lint's imports) + {MEMORY_CAP_PER_BYTE} x {size / 1e6:.1f} MB of content "
                      "files and the fonts they name"}


if __name__ == "__main__":
    for row in run():
        print(row)
