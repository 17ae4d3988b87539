"""The travel game's faces: every card front and back, grouped into decks, and the rulebook's distance page."""
