"""Mistake files: an instructor's own mistakes for the spot-the-error drills, in YAML, on top
of the engine's bundled catalogue (``trainer.engine.catalogue``)."""
