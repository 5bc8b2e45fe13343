"""Session tests: questions, grading, timing and records of a run, drill by drill kind
(trainer.session, trainer.skills)."""
