"""The 109 Num Inferno cards (rules spec §1), as string ids in the players' words.

Naturals ``0R`` … ``16J`` (families R, V, B, J), Rainbows ``0RB`` … ``16RB``, Shadows ``0SH`` …
``16SH``, ``INF1`` … ``INF4``, ``NUMX``, ``JOKER1`` and ``JOKER2``. :data:`DECK` lists them value
by value (R, V, B, J, Rainbow, Shadow for each value 0 … 16), then the Infinis, Num-X and the
Jokers: the order a round's deck is shuffled from, and the order hands are shown in.
"""

from __future__ import annotations

from typing import Final

FAMILIES: Final = ("R", "V", "B", "J")
MAX_VALUE: Final = 16
MAX_GROUP: Final = 6

NATURAL: Final = "natural"
RAINBOW: Final = "rainbow"
SHADOW: Final = "shadow"
INFINI: Final = "infini"
NUMX: Final = "numx"
JOKER: Final = "joker"

#: Card id suffix for the two special families.
RAINBOW_SUFFIX: Final = "RB"
SHADOW_SUFFIX: Final = "SH"
NUMX_ID: Final = "NUMX"


def _deck() -> tuple[tuple[str, str, int], ...]:
    cards: list[tuple[str, str, int]] = []
    for value in range(MAX_VALUE + 1):
        cards.extend((f"{value}{family}", NATURAL, value) for family in FAMILIES)
        cards.append((f"{value}{RAINBOW_SUFFIX}", RAINBOW, value))
        cards.append((f"{value}{SHADOW_SUFFIX}", SHADOW, value))
    cards.extend((f"INF{i}", INFINI, -1) for i in range(1, 5))
    cards.append((NUMX_ID, NUMX, -1))
    cards.extend((f"JOKER{i}", JOKER, -1) for i in (1, 2))
    return tuple(cards)


_CARDS: Final = _deck()
DECK: Final = tuple(card for card, _, _ in _CARDS)
#: The class of each card: natural, rainbow, shadow, infini, numx or joker.
KIND: Final = {card: kind for card, kind, _ in _CARDS}
#: The value of each classic card; -1 for Infini, Num-X and Jokers.
VALUE: Final = {card: value for card, _, value in _CARDS}
#: Position in :data:`DECK`, to keep hands in a stable order.
ORDER: Final = {card: i for i, card in enumerate(DECK)}
CLASSIC_KINDS: Final = frozenset((NATURAL, RAINBOW, SHADOW))


def is_classic(card: str) -> bool:
    """A card of the six families (natural, Rainbow or Shadow): it has a value."""
    return KIND[card] in CLASSIC_KINDS


def parse_card(name: object) -> str | None:
    """The card called ``name`` (``"7RB"``, case-insensitive), or ``None`` if it is not one."""
    if not isinstance(name, str):
        return None
    if name in KIND:
        return name
    upper = name.strip().upper()
    return upper if upper in KIND else None


def sort_hand(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """A hand in deck order (value by value, the specials last)."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


def card_info(card: str) -> dict[str, object]:
    """One card as JSON data, for clients and docs."""
    value = VALUE[card]
    return {"id": card, "kind": KIND[card], "value": None if value < 0 else value}


CATALOGUE: Final = tuple(card_info(card) for card in DECK)
