"""Checks of a deployment that need no platform library (`quizbot doctor`, `--version`)."""
