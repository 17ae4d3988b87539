"""`pnp travel balance --cluster`: a real Dask scheduler and two workers on 127.0.0.1 (free ports) play the same
games as local processes, so the figures are the same; a worker killed mid-run has its jobs played again and
the figures still match; a wrong address is one message and exit 2."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.content.load import load_content
from generator.games.travel.balance import run_balance
from generator.games.travel.balancereport import balance_json
from generator.games.travel.model import travel_game
from generator.games.travel.stats import DaskCluster, LocalProcesses

distributed = pytest.importorskip("distributed", reason="the cluster extra (pnp[cluster]) is not installed")

DASK = str(Path(sys.executable).parent / "dask")
EVERYTHING = frozenset({"events", "special", "forbidden", "postcards", "characters"})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_workers(address: str, count: int, seconds: float = 60.0) -> None:
    with distributed.Client(address, timeout=seconds) as client:
        client.wait_for_workers(count, timeout=seconds)


@pytest.fixture()
def cluster(tmp_path):
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    logs = [open(tmp_path / name, "w") for name in ("scheduler.log", "worker-1.log", "worker-2.log")]
    procs = [subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
                              stdout=logs[0], stderr=subprocess.STDOUT)]
    try:
        time.sleep(1.0)
        for log in logs[1:]:
            procs.append(subprocess.Popen([DASK, "worker", address, "--nthreads", "1", "--no-nanny",
                                           "--no-dashboard", "--host", "127.0.0.1"],
                                          stdout=log, stderr=subprocess.STDOUT))
        wait_for_workers(address, 2)
        yield address, procs
    finally:
        for proc in reversed(procs):
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        for log in logs:
            log.close()


def figures(result) -> dict:
    data = balance_json(result)
    data.pop("inputs", None)
    return data


def test_a_cluster_gives_the_figures_of_one_and_two_local_workers(cluster):
    address, _ = cluster
    game = travel_game(load_content())
    args = (game, [3], [EVERYTHING], 40, 7, "greedy")
    one = figures(run_balance(*args, workers=1, executor=LocalProcesses(1)))
    two = figures(run_balance(*args, workers=2, executor=LocalProcesses(2)))
    on_cluster = figures(run_balance(*args, workers=2, executor=DaskCluster(address)))
    assert one == two == on_cluster


def test_a_worker_killed_mid_run_is_retried_and_the_figures_still_match(cluster):
    address, procs = cluster
    game = travel_game(load_content())
    args = (game, [3], [EVERYTHING], 80, 11, "greedy")
    local = figures(run_balance(*args, workers=2, executor=LocalProcesses(1)))
    killed: list[int] = []

    def progress(games: int) -> None:
        if not killed:  # the first job has ended: kill one worker while the others are still to play
            os.kill(procs[1].pid, signal.SIGKILL)
            killed.append(procs[1].pid)

    on_cluster = figures(run_balance(*args, workers=2, progress=progress, executor=DaskCluster(address)))
    assert killed and procs[1].wait(timeout=20) != 0
    assert on_cluster == local


def test_a_wrong_address_is_one_message_and_exit_2():
    port = free_port()  # nobody listens there
    result = CliRunner().invoke(app, ["travel", "balance", "--games", "5", "--players", "3",
                                      "--cluster", f"tcp://127.0.0.1:{port}"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and f"127.0.0.1:{port}" in lines[0] and "Traceback" not in result.output
