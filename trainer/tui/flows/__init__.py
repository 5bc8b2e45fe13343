"""What the trainer app composes besides its screens: who is at the trainer (sign-in,
the instructor's PIN), the idle lock-out and the audition being sat, each one object that
keeps its own state and knows the app only through ``host.Host``."""
