"""PostgreSQL array literals built by hand, for whole-batch ``unnest(%s::text[], ...)`` writes.

psycopg dumps a Python list element by element in Python; for a batch of a few thousand rows
that cost more than the database's own work. One literal string per column is built with
``str.join`` instead and cast on the server (``%s::int[]``). Text is always double-quoted with
backslash escapes, so any player name survives; floats use ``repr``, which PostgreSQL reads
back to the very same double.
"""

from __future__ import annotations

from collections.abc import Iterable


def texts(values: Iterable[str]) -> str:
    return (
        "{"
        + ",".join('"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"' for v in values)
        + "}"
    )


def ints(values: Iterable[int]) -> str:
    return "{" + ",".join(map(str, values)) + "}"


def bools(values: Iterable[bool]) -> str:
    return "{" + ",".join("t" if v else "f" for v in values) + "}"


def floats(values: Iterable[float | None]) -> str:
    return "{" + ",".join("NULL" if v is None else repr(float(v)) for v in values) + "}"
