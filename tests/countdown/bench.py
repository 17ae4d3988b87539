"""Countdown's benchmark, as an installed game declares one: `make bench` runs it through the registry."""
from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from generator.content.load import load_content

from .check import check_file

HERE = Path(__file__).resolve().parent
SHIPPED = HERE.parent.parent / "content"
RECORDS = 300
TARGET = 1000  # records checked per CPU-second


def content_folder(root: Path) -> Path:
    """print.yaml and the fonts it names under fonts/, the shared English words as shipped, and countdown's own
    folder: nothing else."""
    folder = root / "content"
    (folder / "common").mkdir(parents=True)
    shutil.copy(SHIPPED / "print.yaml", folder)
    shutil.copytree(SHIPPED / "fonts", folder / "fonts")
    shutil.copy(SHIPPED / "common" / "en.yaml", folder / "common")
    shutil.copytree(HERE / "content", folder / "countdown")
    return folder


def run() -> list[dict]:
    """Check one won game over and over, parsing included."""
    with tempfile.TemporaryDirectory() as tmp:
        content = load_content(content_folder(Path(tmp)))
        record = Path(tmp) / "game.yaml"
        record.write_text("game: countdown\nplayers: [Ann, Ben]\nmoves: 2 1 2 2 1 2\n", encoding="utf-8")
        start = time.process_time()
        for _ in range(RECORDS):
            assert check_file(str(record), content, "en").left == 0
        rate = RECORDS / max(time.process_time() - start, 1e-9)
    return [{"name": "countdown check: records per CPU-second, parsing included", "value": round(rate),
             "unit": "records/s", "target": f">= {TARGET}", "ok": rate >= TARGET}]
