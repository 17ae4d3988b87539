"""The packaging steps pyproject.toml cannot say.

- The wheel carries the top-level `content/` and `examples/`. They stay at the top of the checkout (DESIGN.md); a
  built wheel gets copies under `generator/shipped/`, where `generator.content.folders` finds them, so
  `pip install .` and `pipx install .` give a `pnp` that works anywhere. An editable install reads the checkout's
  folders instead, so it gets no copies.
- The wheel carries the modules each game's spec names `compiled` (the travel check path and simulator)
  compiled with Cython (generator/compiled.py says why). An editable install compiles nothing, and a wheel whose
  compile fails (no C compiler, no Cython) is plain Python, with a warning: compiled, a module is only faster.
"""
import os
import shutil
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

SHIPPED = ("content", "examples")
sys.path.insert(0, str(Path(__file__).parent))  # the registry and the games' specs import only the standard library
from generator.compiled import compiled_names  # noqa: E402

COMPILED_MODULES = compiled_names()
CYTHON_DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,  # annotations stay documentation: the compiled code accepts what Python accepts
    "binding": True,  # functions stay real Python functions (functools.wraps, introspection, pickling)
}


class BuildPyWithContent(build_py):
    def run(self):
        super().run()
        if self.editable_mode:
            return
        for folder in SHIPPED:
            target = Path(self.build_lib, "generator", "shipped", folder)
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(folder, target, ignore=shutil.ignore_patterns("__pycache__", ".*"))


class OptionalCompile(build_ext):
    """Compile COMPILED_MODULES for a wheel; compile nothing for an editable install; fall back to plain Python
    when Cython or the C compiler fails."""

    def finalize_options(self):
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def build_extensions(self):
        if self.compiler.compiler_type == "unix":
            for ext in self.extensions:
                ext.extra_compile_args.append("-g0")  # no debug information: a fifth of the size
        super().build_extensions()

    def run(self):
        if self.editable_mode or not self.extensions:
            self.extensions = []
            return
        try:
            from Cython.Build import cythonize

            translated = cythonize(self.extensions, compiler_directives=CYTHON_DIRECTIVES, quiet=True,
                                   build_dir=os.path.join(self.build_temp, "cython"), nthreads=self.parallel)
            c_sources = {ext.name: ext.sources for ext in translated}
            for ext in self.extensions:  # the same Extension objects, which setuptools has prepared
                ext.sources = c_sources[ext.name]
            super().run()
        except Exception as exc:  # noqa: BLE001 (any failure to compile leaves the plain Python modules)
            self.extensions = []
            print(f"warning: pnp's check path is not compiled ({type(exc).__name__}: {exc}); "
                  "the plain Python modules are installed instead (slower `pnp check`, same answers)",
                  file=sys.stderr)
        self._remove_other_builds()

    def _remove_other_builds(self):
        """A compiled module in the build folder that this build did not make (half-built, or left by an earlier
        build of another module list) would hide its Python source in the wheel: it goes."""
        made = {Path(self.get_ext_fullpath(ext.name)) for ext in self.extensions}
        for path in Path(self.build_lib, "generator").rglob("*"):
            if path.name.endswith(tuple(EXTENSION_SUFFIXES)) and path not in made:
                path.unlink()


setup(
    cmdclass={"build_py": BuildPyWithContent, "build_ext": OptionalCompile},
    ext_modules=[Extension(name, [name.replace(".", "/") + ".py"]) for name in COMPILED_MODULES],
)
