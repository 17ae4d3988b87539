"""3x16: rules engine, record notation and checker, caller, and online strategies for simulation."""
