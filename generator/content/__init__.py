"""Content: YAML with source positions, typed models, language lookup and lint."""
