# What the compiled build (setup.py) knows of state.py: GameState as a C type, so the engine's `self.hands` is a
# field read, not a dictionary look-up. The names are GameState.__slots__ (tests/test_compiled.py keeps them
# equal); a `list` field holds only lists.
cdef class GameState:
    cdef public object t, n, names, extensions, params, clockwise, centre, start, active, turn
    cdef public list hands, draw, discard, visited, transit, characters, base_limit, limit_bonus, forbidden_held
    cdef public list postcards_held, travels_with_forbidden, to_win
    cdef public object actions_left, actions_taken, actions, started_empty, refilled, travelled_this_turn
    cdef public object dropped_this_turn, turn_over, winner, win_how, win_card, reshuffles, pile_renewed
