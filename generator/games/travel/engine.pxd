# What the compiled build (setup.py) knows of engine.py: Game as a C type, as GameState is (state.pxd).
from generator.games.travel.state cimport GameState


cdef class Game(GameState):
    cdef public object oracle
