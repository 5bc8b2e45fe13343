"""Tests of the code base itself: lint, the lock file, the README's commands, import costs and
purity."""
