"""The move prompt of ``play`` at a terminal, live: the table is redrawn as it changes while
the prompt waits, and the prompt stays usable.

A real-time table (Burn in Hell) deals on while the player thinks, and a turn-based one changes
when the others move or a clock runs out. Instead of blocking in ``input()`` (the screen froze
until Enter), :class:`LineReader` waits for a typed line with ``select()`` for at most the poll
interval; between two looks the caller fetches the view and, when its version changed, draws
it again and prints the prompt anew. The terminal stays in its ordinary line mode: what was
typed before a redraw is kept by the terminal and sent with the rest of the line at Enter.
Standard library only (POSIX ``select`` on the terminal); without a terminal ``play`` reads its
script from standard input as before.
"""

from __future__ import annotations

import os
import select
from typing import TextIO


class LineReader:
    """Lines typed at a terminal, read without blocking for longer than asked."""

    def __init__(self, stream: TextIO) -> None:
        self.fd = stream.fileno()
        self.pending = b""

    def _line(self) -> str:
        line, _, self.pending = self.pending.partition(b"\n")
        return line.decode(errors="replace").rstrip("\r")

    def wait(self, timeout: float) -> str | None:
        """The next typed line, or None if none was finished within ``timeout`` seconds.
        Raises EOFError at the end of input (Ctrl-D on an empty line)."""
        if b"\n" in self.pending:
            return self._line()
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return None
        chunk = os.read(self.fd, 4096)
        if not chunk:
            if self.pending:
                line, self.pending = self.pending, b""
                return line.decode(errors="replace")
            raise EOFError
        self.pending += chunk
        return self._line() if b"\n" in self.pending else None
