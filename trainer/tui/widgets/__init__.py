"""The trainer's widgets."""
