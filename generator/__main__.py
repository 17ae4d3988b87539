"""`python -m generator` is `pnp`."""
from .launch import main

main()
