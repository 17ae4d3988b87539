"""A progress bar for the commands that run more than a second: games done, rate and time left, on the terminal's
error stream; nothing when that is not a terminal (a pipe, a file, a test), so output stays as it was."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn


@contextmanager
def progress_bar(total: int, label: str, unit: str = "games") -> Iterator[Callable[[int], None]]:
    """A function to call with each number of `unit` done, of `total`; a bar on a terminal, silence elsewhere."""
    console = Console(stderr=True)
    if not console.is_terminal:
        yield lambda done: None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
               TextColumn("{task.fields[rate]}"), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(label, total=total, rate="")

        def advance(done: int) -> None:
            bar.advance(task, done)
            speed = bar.tasks[0].speed
            bar.update(task, rate=f"{speed:.0f} {unit}/s" if speed else "")
        yield advance
