"""The travel card race: card tables, rules engine, record notation and checker, bots and simulation."""
