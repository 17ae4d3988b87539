"""`pnp build`: plan what is out of date, render it on every core, name what to print, and its benchmark.

Named `builder`, not `build`: tools and .gitignore templates take a `build/` folder for build output and skip it.
"""
