"""Drill sets: the YAML format, its validation against the engine, and coup generation."""
