"""Session logic: the question sequence, grading against the engine, scoring and timing.

Plain Python, testable without a terminal; the TUI only displays it.
"""
