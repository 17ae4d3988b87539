"""Countdown: a third game that lives only in the tests, to prove a game needs nothing outside its own package,
its own content and the registry (README, "Adding a game"). Two players take 1 to `most` from a counter in turn;
whoever takes it to 0 wins."""
