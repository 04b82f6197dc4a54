"""Benchmarks (speed is measured here, never asserted in tests): ``python -m bench``."""
