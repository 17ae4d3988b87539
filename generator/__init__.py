"""Print-and-play kit for 3x16 and a travel card race, with a checker for recorded games."""
