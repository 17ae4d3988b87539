"""`make bench` (build): our full clean build against a plain ReportLab script, side by side in one run.

The baseline draws the same faces (every front and back of every PDF, in each of the three editions) with the same
words, in the same font (of our font stack, the face that draws most of a game's words in that language), on the
same grid of pieces per page, but with plain `drawString` calls only: no icons, no fitting, no art. The words are recorded by drawing our own faces once on a recording canvas. Both sides run as
fresh Python processes, so interpreter start and imports count for both; ours runs as `pnp build`, the command
`make pdf` runs.

Our build keeps parsed fonts, converted icons and fitted texts in output/.cache (generator/render/core/font_cache.py,
icons.py, fit_cache.py), so a clean build is measured twice: warm, after deleting the PDFs and the manifest as
`make clean` does (the cache stays), and cold, into an empty output folder, where fonts are parsed, icons converted
and texts fitted again (the first build after a clone).
"""
from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from .. import files
from ..bench import Row
from ..content.folders import shipped

if TYPE_CHECKING:
    from ..render.core.context import RenderContext

ROUNDS = 5
TARGET_SECONDS = 5.0
TARGET_RATIO = 3.0
TARGET_NOOP = 1.0
#: the clean build's CPU (every process) against the plain script's, and the no-op build's CPU (issue 33)
TARGET_CPU_RATIO = 4.0
TARGET_NOOP_CPU = 0.2


class RecordedFace(TypedDict):
    """One piece: its size (points) and the strings its front and back draw."""

    w: float
    h: float
    front: list[str]
    back: list[str]


class Job(TypedDict):
    """One PDF of the baseline, as the jobs file (JSON) holds it."""

    name: str
    page: tuple[float, float]
    margin: float
    font: str
    font_path: str
    faces: list[RecordedFace]


def _record_faces(content_root: Path) -> list[Job]:
    """For every PDF: page size, margin and, per component, its size and the strings each face draws."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from .plan import paper_names
    from ..content.load import load_content
    from ..render.core.context import Box, RenderContext
    from ..render.core.document import EDITIONS, game_components

    class Recorder(Canvas):  # type: ignore[misc]  # ReportLab ships no types: Canvas is Any to mypy
        def __init__(self) -> None:
            super().__init__(io.BytesIO())
            self.strings: list[str] = []

        def drawString(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
            self.strings.append(text)
            super().drawString(x, y, text, *args, **kw)

        def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
            self.strings.append(text)
            super().drawCentredString(x, y, text, *args, **kw)

        def drawRightString(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
            self.strings.append(text)
            super().drawRightString(x, y, text, *args, **kw)

    content = load_content(content_root)
    jobs: list[Job] = []
    for game in content.games:
        for lang in content.languages:
            ctx = RenderContext(content, game, lang, paper_names(content_root)[0])
            faces: list[RecordedFace] = []
            for component in game_components(ctx):
                texts: list[list[str]] = []
                for face in (component.front, component.back):
                    recorder = Recorder()
                    if face is not None:
                        face.draw(recorder, Box(0, 0, component.width, component.height, 0))
                    texts.append(recorder.strings)
                faces.append({"w": component.width, "h": component.height, "front": texts[0], "back": texts[1]})
            font_path = _font_path(ctx, [text for face in faces for text in face["front"] + face["back"]])
            for paper in paper_names(content_root):
                ctx = RenderContext(content, game, lang, paper)
                for edition in EDITIONS:  # each edition draws every face once, as our build does
                    suffix = "" if edition == "standard" else f"-{edition}"
                    jobs.append({"name": f"{game}-{lang}-{paper}{suffix}", "page": ctx.page_size,
                                 "margin": content.print.papers[paper].margin_mm * 72 / 25.4,
                                 "font": Path(font_path).stem, "font_path": font_path, "faces": faces})
    return jobs


def _font_path(ctx: RenderContext, strings: list[str]) -> str:
    """The file of the face that draws most of `strings`' characters in our build: the language's own (NanumGothic
    for Korean, BIZ UD Gothic for Japanese, Noto Sans for English), so the plain script sets the same words in a
    font that has their glyphs (the stack's Latin face has no Hangul or kana)."""
    from collections import Counter

    from reportlab.pdfbase import pdfmetrics

    stack = pdfmetrics.getFont(ctx.fonts.regular)
    drawn = Counter(stack.face_for(ord(ch)) for text in strings for ch in text if not ch.isspace())
    most = max((n for n in drawn if n is not None), key=lambda n: drawn[n], default=0)
    path: str = stack.faces[most].face.filename
    return path


def baseline_main(jobs_file: str, out_dir: str) -> None:
    """The plain script: one PDF per job, pieces on a grid, a frame and each face's strings, fronts then backs."""
    import io

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    jobs: list[Job] = json.loads(files.text_of(jobs_file))  # what _record_faces wrote
    for job in jobs:
        if job["font"] not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(job["font"], job["font_path"]))
        page_w, page_h = job["page"]
        margin = job["margin"]
        pdf = io.BytesIO()
        canvas = Canvas(pdf, pagesize=(page_w, page_h), invariant=1)
        faces = job["faces"]
        start = 0
        while start < len(faces):
            w, h = faces[start]["w"], faces[start]["h"]
            cols, rows = int((page_w - 2 * margin) // w), int((page_h - 2 * margin) // h)
            chunk: list[RecordedFace] = []
            while start < len(faces) and len(chunk) < cols * rows and (faces[start]["w"], faces[start]["h"]) == (w, h):
                chunk.append(faces[start])
                start += 1
            for side in ("front", "back"):
                for i, face in enumerate(chunk):
                    x = margin + (i % cols) * w
                    y = page_h - margin - (i // cols + 1) * h
                    canvas.rect(x, y, w, h)
                    canvas.setFont(job["font"], 8)
                    for n, text in enumerate(face[side]):
                        canvas.drawString(x + 6, y + h - 12 - n * 10, text)
                canvas.showPage()
        canvas.save()
        files.write_file(Path(out_dir) / f"{job['name']}.pdf", pdf.getvalue())


def _environment() -> dict[str, str]:
    """Both sides run as a default Python would: compiled modules are cached (`__pycache__`), even where the
    calling shell turned that off (PYTHONDONTWRITEBYTECODE), so neither side pays for compiling its source."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (the process and everything it started) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=_environment())
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _median(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def _clean(out: Path) -> None:
    """What `make clean` deletes: the PDFs, the print-on-demand decks and the manifest; output/.cache stays."""
    folder = files.output(out)
    for name in [*folder.names("", ".pdf"), *(f"pod/{deck}" for deck in folder.names("pod", ".pdf")),
                 ".build-manifest.json"]:
        folder.delete(name)


def run() -> list[Row]:
    root = shipped("content")  # the checkout's, or the one a wheel carries
    load = os.getloadavg()[0]
    jobs = _record_faces(root)
    faces = sum(len(job["faces"]) for job in jobs)
    cold: list[tuple[float, float]] = []
    warm: list[tuple[float, float]] = []
    full: list[tuple[float, float]] = []
    noop: list[tuple[float, float]] = []
    baseline: list[tuple[float, float]] = []
    def ours(out: Path, pod: bool) -> tuple[float, float]:
        """`pnp build` as `make pdf` runs it (the CLI included), into `out`."""
        return _timed([sys.executable, "-m", "generator.cli", "build", "--content", str(root), "--output", str(out),
                       "--pod" if pod else "--no-pod"])

    with files.scratch() as scratch:
        tmp = scratch.real
        jobs_file = tmp / "jobs.json"
        scratch.write("jobs.json", json.dumps(jobs, ensure_ascii=False).encode("utf-8"))
        plain_command = [sys.executable, "-c", "import sys; from generator.builder.bench import baseline_main; "
                         "baseline_main(sys.argv[1], sys.argv[2])", str(jobs_file)]
        warm_up = tmp / "warm-up"
        scratch.make_folder("warm-up")
        ours(warm_up, pod=True)  # untimed: both sides' modules are compiled and cached once
        _timed(plain_command + [str(warm_up)])
        for n in range(ROUNDS):
            out = tmp / f"out-{n}"
            cold.append(ours(out, pod=False))
            _clean(out)
            warm.append(ours(out, pod=False))
            _clean(out)
            full.append(ours(out, pod=True))
            noop.append(ours(out, pod=True))
            plain = tmp / f"plain-{n}"
            scratch.make_folder(plain.name)
            baseline.append(_timed(plain_command + [str(plain)]))
    (warm_s, warm_cpu), (cold_s, cold_cpu), (full_s, full_cpu) = _median(warm), _median(cold), _median(full)
    (base_s, base_cpu), (noop_s, noop_cpu) = _median(baseline), _median(noop)
    how = f"median of {ROUNDS} runs, each a fresh Python process (start and imports included)"
    return [
        {"name": "clean build of every printable PDF (cache warm, as after `make clean`)",
         "value": round(warm_s, 2), "unit": "s", "target": f"< {TARGET_SECONDS:g} s", "ok": warm_s < TARGET_SECONDS,
         "detail": f"{len(jobs)} PDFs, {faces} pieces; CPU {warm_cpu:.2f} s on {os.cpu_count()} cores; {how}; "
                   f"load average {load:.2f} before the runs"},
        {"name": "clean build of every printable PDF (cache cold, empty output folder)",
         "value": round(cold_s, 2), "unit": "s", "target": f"< {TARGET_SECONDS:g} s", "ok": cold_s < TARGET_SECONDS,
         "detail": f"CPU {cold_cpu:.2f} s; fonts parsed, icons converted and texts fitted again"},
        {"name": "plain ReportLab baseline (same pieces, same words, no icons, 9-up)", "value": round(base_s, 2),
         "unit": "s", "target": "-", "ok": True, "detail": f"CPU {base_cpu:.2f} s, one process"},
        {"name": "printable PDFs / baseline (cache warm)", "value": round(warm_s / base_s, 2), "unit": "x",
         "target": f"<= {TARGET_RATIO:g}", "ok": warm_s / base_s <= TARGET_RATIO,
         "detail": f"CPU {warm_cpu / base_cpu:.2f}x"},
        {"name": "printable PDFs / baseline (cache cold)", "value": round(cold_s / base_s, 2), "unit": "x",
         "target": f"<= {TARGET_RATIO:g}", "ok": cold_s / base_s <= TARGET_RATIO,
         "detail": f"CPU {cold_cpu / base_cpu:.2f}x"},
        {"name": "make pdf from clean (PDFs + print-on-demand decks, cache warm)", "value": round(full_s, 2),
         "unit": "s", "target": f"< {TARGET_SECONDS:g} s", "ok": full_s < TARGET_SECONDS,
         "detail": f"CPU {full_cpu:.2f} s"},
        {"name": "make pdf with nothing changed", "value": round(noop_s, 3), "unit": "s",
         "target": f"< {TARGET_NOOP:g} s", "ok": noop_s < TARGET_NOOP},
        {"name": "clean build CPU / baseline CPU (cache warm)", "value": round(warm_cpu / base_cpu, 2), "unit": "x",
         "target": f"<= {TARGET_CPU_RATIO:g}", "ok": warm_cpu / base_cpu <= TARGET_CPU_RATIO,
         "detail": f"CPU {warm_cpu:.2f} s against {base_cpu:.2f} s, every process of each"},
        {"name": "make pdf with nothing changed (CPU)", "value": round(noop_cpu, 3), "unit": "s CPU",
         "target": f"<= {TARGET_NOOP_CPU:g} s", "ok": noop_cpu <= TARGET_NOOP_CPU},
    ]


if __name__ == "__main__":
    for row in run():
        print(row)
