"""Print-and-play kit for 3x16 and a travel card race, with a checker for recorded games."""

__version__ = "0.1.0"  # the package's version (pyproject.toml reads it from here)
