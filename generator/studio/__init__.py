"""`pnp studio`: a local web app over the same library calls the CLI makes (see app.py)."""
