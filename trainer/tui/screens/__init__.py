"""The trainer's screens."""
