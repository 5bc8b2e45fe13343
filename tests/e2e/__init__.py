"""End-to-end tests of the real process: tmux, a browser, signals, a terminal that goes away."""
