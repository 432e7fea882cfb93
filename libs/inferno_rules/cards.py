"""The standard 52-card deck, as small integers for speed and as names in players' words.

A card is ``suit * 13 + rank`` with suits C, D, H, S (0–3) and ranks 2 … A (0–12). Its name is
rank then suit: ``"10H"``, ``"AS"``. Games keep integers in their state and show names to people.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

SUITS: Final = ("C", "D", "H", "S")
RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
DECK: Final = tuple(range(52))

#: ``SUIT_OF[card]`` and ``RANK_OF[card]``, precomputed because they sit on the hot path.
SUIT_OF: Final = tuple(card // 13 for card in DECK)
RANK_OF: Final = tuple(card % 13 for card in DECK)
NAME: Final = tuple(RANKS[card % 13] + SUITS[card // 13] for card in DECK)
BY_NAME: Final = {name: card for card, name in enumerate(NAME)}

#: A set of cards can be held as a 52-bit mask: bit ``card`` is set when the card is in it.
BIT: Final = tuple(1 << card for card in DECK)
SUIT_MASK: Final = tuple(0x1FFF << (13 * suit) for suit in range(4))


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: int) -> list[int]:
    """The cards of a bit mask, in deck order (clubs 2 … spades A)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def card_name(card: int) -> str:
    """``"10H"`` for the ten of hearts."""
    return NAME[card]


def parse_card(name: object) -> int | None:
    """The card called ``name`` (``"10H"``, case-insensitive), or ``None`` if it is not one."""
    if not isinstance(name, str):
        return None
    card = BY_NAME.get(name)
    return card if card is not None else BY_NAME.get(name.strip().upper())
