"""Rules engines, notations and tools of each game."""
