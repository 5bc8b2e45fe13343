"""History tests: both backends, the spool, progress, the report and the review schedule
(trainer.history)."""
