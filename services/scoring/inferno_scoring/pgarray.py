"""PostgreSQL array literals built by hand, for whole-batch ``unnest(%s::text[], ...)`` writes.

psycopg dumps a Python list element by element in Python; for a batch of a few thousand rows
that cost more than the database's own work. One literal string per column is built with
``str.join`` instead and cast on the server (``%s::int[]``). Text is always double-quoted with
backslash escapes, so any player name survives; floats use ``repr``, which PostgreSQL reads
back to the very same double.

The ``*_element`` helpers give one element of such a literal, so a caller can build the
elements of some rows ahead of time and join only those it needs (:func:`joined`).
"""

from __future__ import annotations

from collections.abc import Iterable


def text_element(value: str) -> str:
    """One text element, quoted and escaped."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def int_array_element(values: Iterable[int]) -> str:
    """An ``int[]`` as one element of a ``text[]`` literal (cast per row: ``col::int[]``).
    Digits, signs and commas need no escaping, only the quotes around the braces."""
    return '"{' + ",".join(map(str, values)) + '}"'


def joined(elements: Iterable[str]) -> str:
    """The array literal of ready-made elements."""
    return "{" + ",".join(elements) + "}"


def texts(values: Iterable[str]) -> str:
    return joined(map(text_element, values))


def ints(values: Iterable[int]) -> str:
    return "{" + ",".join(map(str, values)) + "}"


def bools(values: Iterable[bool]) -> str:
    return "{" + ",".join("t" if v else "f" for v in values) + "}"


def floats(values: Iterable[float | None]) -> str:
    return "{" + ",".join("NULL" if v is None else repr(float(v)) for v in values) + "}"
