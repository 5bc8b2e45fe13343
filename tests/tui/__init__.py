"""Screen tests: Textual's Pilot and the SVG snapshots in __snapshots__ (trainer.tui)."""
