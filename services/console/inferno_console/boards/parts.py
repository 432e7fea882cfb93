"""The pieces every board is drawn with: cards, piles, a seats-by-columns score table, and the
readable table of whatever a board does not draw itself. Everything is escaped here."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

SUITS = {"H": ("♥", "red"), "D": ("♦", "red"), "C": ("♣", "black"), "S": ("♠", "black")}
_PLAYING_CARD = re.compile(r"^(10|[2-9JQKA])([HDCS])$")


def card(card_id: Any) -> Markup:
    """One face-up card; a French card (``10D``) gets its suit sign, any other id (``BLUE-5-c2``,
    ``15SH``, ``G2``) is shown as it is, coloured by its first word."""
    text = str(card_id)
    found = _PLAYING_CARD.match(text)
    if found:
        sign, colour = SUITS[found.group(2)]
        face = f"{found.group(1)}{sign}"
    else:
        face, colour = text, text.split("-")[0].lower()
    return Markup('<span class="card c-{}" data-card="{}" title="{}">{}</span>').format(
        colour, text, text, face
    )


def cards(ids: Iterable[Any] | None) -> Markup:
    items = list(ids or [])
    if not items:
        return Markup('<span class="empty">none</span>')
    return Markup(" ").join(card(i) for i in items)


def backs(count: Any, what: str = "cards") -> Markup:
    """A pile seen from the back: only its size."""
    if count == 1 and what == "cards":
        what = "card"
    return Markup('<span class="back" title="face down">{} {}</span>').format(count, what)


def section(title: str, body: Markup) -> Markup:
    return Markup('<section class="part"><h3>{}</h3>{}</section>').format(title, body)


def per_seat(
    names: Sequence[str], columns: Mapping[str, Sequence[Any]], to_act: Sequence[int] = ()
) -> Markup:
    """One row per seat, one column per name: the usual scoreboard."""
    head = Markup("").join(Markup("<th>{}</th>").format(c) for c in columns)
    rows = []
    for seat, name in enumerate(names):
        cells = Markup("").join(
            Markup("<td>{}</td>").format(_cell(values[seat] if seat < len(values) else ""))
            for values in columns.values()
        )
        turn = Markup(' class="to-act"') if seat in to_act else Markup("")
        rows.append(Markup("<tr{}><th>{}</th>{}</tr>").format(turn, name, cells))
    return Markup('<table class="seats"><tr><th>seat</th>{}</tr>{}</table>').format(
        head, Markup("").join(rows)
    )


def _cell(value: Any) -> Markup:
    if isinstance(value, Markup):
        return value
    if value is None:
        return Markup('<span class="empty">—</span>')
    if isinstance(value, bool):
        return Markup("yes" if value else "")
    return escape(value)


def readable(value: Any, depth: int = 0) -> Markup:
    """Any view value as nested HTML: the fallback for what no board draws."""
    if isinstance(value, Mapping):
        if not value:
            return Markup('<span class="empty">{}</span>')
        rows = Markup("").join(
            Markup("<tr><th>{}</th><td>{}</td></tr>").format(k, readable(v, depth + 1))
            for k, v in value.items()
        )
        return Markup('<table class="readable">{}</table>').format(rows)
    if isinstance(value, list | tuple):
        if not value:
            return Markup('<span class="empty">[]</span>')
        if all(not isinstance(v, Mapping | list | tuple) for v in value):
            return Markup(", ").join(escape(v) for v in value)
        return Markup("<ol start=0>{}</ol>").format(
            Markup("").join(Markup("<li>{}</li>").format(readable(v, depth + 1)) for v in value)
        )
    return _cell(value)


def the_rest(view: Mapping[str, Any], drawn: Iterable[str]) -> Markup:
    """What a board left out, as a readable table (in the full view: the hidden parts)."""
    rest = {k: v for k, v in view.items() if k not in set(drawn)}
    if not rest:
        return Markup("")
    return section("more of the view", readable(rest))
