"""Benchmarks: each module measures a figure beside a baseline run in the same process and
writes its section to ``docs/benchmarks/<name>.md``; ``python -m bench`` runs them all and
stitches ``docs/benchmarks.md``."""
