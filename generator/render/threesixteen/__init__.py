"""3x16's faces: the tiles, the player boards and the log sheet."""
