"""Benchmark for `make bench`: checking is linear in a record's size, and its memory a small multiple of it.

For each game, a record of about 1 MB and one of about 10 MB (the largest file `pnp check` reads) are made from a
simulated game: the travel record repeats the game's turn lines (all are read, then the replay stops at the first
turn after the game ended), once as the simulator writes it (the quick reader's shape) and once with a comment on
top, as a person may write it (read through libyaml's events); the 3x16 record has one player's token line grown
past the calls (read whole, then refused at the first token too many), once in one text and once as a YAML list
(refused at the first of more than yamlsrc.MAX_VALUES values, before libyaml composes the file). Each is checked
in a fresh process, which reports the seconds `check_record` took (the best of a few runs: the machine is
shared) and how much its peak memory grew. Targets: the 10x larger record takes at most 12x the time, and needs at most 10 bytes of memory per
byte of record (travel keeps each turn line's text and a small Turn, parsing its clauses only when replayed:
about 4-7; 3x16 keeps only the tokens it can use and counts the rest: about 1).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from .games import registry

SIZES_MB = (1, 10)
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
print(json.dumps({"seconds": min(seconds), "grown": grown}))
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


def _measure(path: Path, warm: Path) -> dict:
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", _CHILD, str(path), str(warm), str(RUNS)], capture_output=True,
                          text=True, cwd=root, check=True)
    return json.loads(done.stdout)


def _load() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"


def _records() -> list[tuple[str, str, list[str]]]:
    """Each game's records (its spec's `size_records`): a label, a head and the pieces repeated after it."""
    specs = [registry.spec(name) for name in registry.SHIPPED]
    return [record for spec in specs if spec.size_records for record in spec.part("size_records")()]


def run() -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for game, head, pieces in _records():
            slug = game.split()[0] + str(len(rows))
            warm = Path(tmp) / f"{slug}-warm.yaml"
            warm.write_text(_grow(head, pieces, 10_000), encoding="utf-8")
            measured = {}
            for mb in SIZES_MB:
                path = Path(tmp) / f"{slug}-{mb}mb.yaml"
                path.write_text(_grow(head, pieces, mb * 1_000_000 - 1_000), encoding="utf-8")
                measured[mb] = (_measure(path, warm), path.stat().st_size)
            (small, _), (large, size) = measured[SIZES_MB[0]], measured[SIZES_MB[-1]]
            ratio = large["seconds"] / max(small["seconds"], 1e-9)
            per_byte = large["grown"] / size
            detail = (f"{small['seconds']:.2f} s for {SIZES_MB[0]} MB, {large['seconds']:.2f} s for {SIZES_MB[-1]} MB; "
                      f"{_load()}")
            rows.append({"name": f"{game} check: time for a 10x larger record", "value": round(ratio, 1),
                         "unit": "x", "target": f"<= {TIME_RATIO_TARGET:g}", "ok": ratio <= TIME_RATIO_TARGET,
                         "detail": detail})
            rows.append({"name": f"{game} check: peak memory per byte of a {SIZES_MB[-1]} MB record",
                         "value": round(per_byte, 1), "unit": "bytes/byte", "target": f"<= {MEMORY_PER_BYTE_TARGET:g}",
                         "ok": per_byte <= MEMORY_PER_BYTE_TARGET,
                         "detail": f"peak resident memory grew {large['grown'] / 1e6:.0f} MB"})
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
