"""Benchmarks, each a module runnable as ``python -m bench.NAME``; each measures against a
baseline taken in the same run and writes its section to ``docs/benchmarks/NAME.md``."""
