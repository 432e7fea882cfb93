"""Benchmarks: each module runs with ``python -m bench.NAME`` and measures against a baseline
taken in the same run, printing ratios and writing ``docs/benchmarks/NAME.md``."""
