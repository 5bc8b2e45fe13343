"""Command tests: every ezbac command's output, exit status and usage errors (trainer.cli)."""
