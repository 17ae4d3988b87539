"""`pnp build`: plan what is out of date, render it on every core, name what to print, and its benchmark."""
