# What the compiled build (setup.py) knows of notation.py: the turn parser as a C type, its names its __slots__
# (tests/test_compiled.py).
cdef class TurnParser:
    cdef public object t, names, vocabulary, players
    cdef public dict common, kinds
