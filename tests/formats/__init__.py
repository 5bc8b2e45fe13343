"""File format tests: drills, houses and mistakes files, and the format toolkit under them
(trainer.drills, trainer.houses, trainer.mistakes, trainer.fileformat)."""
