"""Helpers that tests and bench/ import; fixtures stay in conftest.py.

Test modules import nothing from each other or from a conftest: what two of them share
lives here (or, for the end-to-end tests, in a helper module of tests/e2e/).
"""
