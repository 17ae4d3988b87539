# What the compiled build (setup.py) knows of replay.py: the replay and its oracle as C types, their names their
# __slots__ (tests/test_compiled.py); the oracle's read index is a C integer.
cdef class CheckOracle:
    cdef public object t, els, rule, param, count, who, anchor, pile_only, last_drawn
    cdef public list frames
    cdef public Py_ssize_t i


cdef class Replay:
    cdef public object t, record
    cdef public CheckOracle oracle
