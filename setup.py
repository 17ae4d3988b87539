"""The one packaging step pyproject.toml cannot say: the wheel carries the top-level `content/` and `examples/`.

They stay at the top of the checkout (DESIGN.md); a built wheel gets copies under `generator/shipped/`, where
`generator.content.folders` finds them, so `pip install .` and `pipx install .` give a `pnp` that works anywhere.
An editable install reads the checkout's folders instead, so it gets no copies.
"""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = ("content", "examples")


class BuildPyWithContent(build_py):
    def run(self):
        super().run()
        if self.editable_mode:
            return
        for folder in SHIPPED:
            target = Path(self.build_lib, "generator", "shipped", folder)
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(folder, target, ignore=shutil.ignore_patterns("__pycache__", ".*"))


setup(cmdclass={"build_py": BuildPyWithContent})
