"""The jobs a build is made of and what each one gives back: shared by the planner (plan.py) and the workers
(work.py), which therefore do not import each other's modules."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import Diagnostic
from ..games import registry

#: one part of an output's path: a slug-like name, never `.`, `..` or empty
_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


@dataclass(frozen=True, order=True)
class Unit:
    """One job of the build: a printable PDF (per paper), the print-on-demand decks, or the PNG/TTS images."""

    kind: str  # "pdf", "pod", "png"
    game: str
    lang: str
    paper: str = ""

    @property
    def name(self) -> str:
        return f"{self.kind}:{self.game}-{self.lang}" + (f"-{self.paper}" if self.paper else "")

    @property
    def pdf_file(self) -> str:
        """The printable PDF a `pdf` job writes, relative to the output folder (DESIGN.md's output names)."""
        return f"{self.game}-{self.lang}-{self.paper}.pdf"

    @property
    def pdf_files(self) -> tuple[str, str, str]:
        """Every edition a `pdf` job writes: the standard PDF, then its ink-saver and gutterfold editions."""
        stem = self.pdf_file.removesuffix(".pdf")
        return self.pdf_file, f"{stem}-ink-saver.pdf", f"{stem}-gutterfold.pdf"

    @property
    def cost(self) -> int:
        """Rough relative cost, so the longest jobs start first and workers get similar shares."""
        return registry.spec(self.game).build_cost.get(self.kind, 1)

    def owns(self, name: str) -> bool:
        """Whether `name` (relative to the output folder) is a file this job writes: its PDF, its decks under
        `pod/`, its images under `png/<game>/<lang>/` and `tts/`. A manifest naming anything else (a path out of
        the folder, another job's file) is not believed."""
        parts = name.split("/")
        if not all(_PART.fullmatch(part) for part in parts):
            return False
        stem = f"{self.game}-{self.lang}"
        if self.kind == "pdf":
            return name in self.pdf_files
        if self.kind == "pod":
            return len(parts) == 2 and parts[0] == "pod" and parts[1].startswith(stem + "-") and name.endswith(".pdf")
        return name.endswith(".png") and (parts[:3] == ["png", self.game, self.lang] and len(parts) == 5
                                          or len(parts) == 2 and parts[0] == "tts" and parts[1].startswith(stem + "-"))

    def inputs(self) -> tuple[str, ...]:
        """Content files (relative to content/) this job reads."""
        return ("print.yaml", f"{self.game}/game.yaml", f"common/{self.lang}.yaml", f"{self.game}/{self.lang}.yaml")


@dataclass(frozen=True)
class UnitResult:
    """What a job wrote (paths relative to the output folder), or why it failed (diagnostics)."""

    unit: Unit
    files: tuple[str, ...] = ()
    pages: int = 0
    failure: tuple[Diagnostic, ...] = ()  # when the job failed on bad content
