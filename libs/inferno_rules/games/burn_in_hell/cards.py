"""The 108 Burn in Hell cards: 84 souls and 24 Specials, as designed in the rules spec (§2).

Card ids are strings (``P1``, ``D07``, ``STEAL-WRATH``…). :data:`CARD_IDS` lists them in
catalogue order (souls P, G, L, E, U, W, S, D01…D21, then the Specials), which is the order a
round's deck is shuffled from.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

SINS: Final = ("PRIDE", "GREED", "LUST", "ENVY", "GLUTTONY", "WRATH", "SLOTH")


class Soul(NamedTuple):
    """A soul card: its sins (one or two), value and description tags."""

    id: str
    name: str
    sins: tuple[str, ...]
    value: int
    descriptions: tuple[str, ...]


class Special(NamedTuple):
    """A Special card. ``kind`` is STOP, STEAL, STEAL_SPECIAL, DIG, LAKE or SOLITARY; a STEAL's
    ``wants`` is the sin or description tag its target must carry."""

    id: str
    name: str
    kind: str
    wants: str


STOP: Final = "STOP"
STEAL: Final = "STEAL"
STEAL_SPECIAL: Final = "STEAL_SPECIAL"
DIG: Final = "DIG"
LAKE: Final = "LAKE"
SOLITARY: Final = "SOLITARY"

_SOULS: Final[tuple[tuple[str, str, tuple[str, ...], int, tuple[str, ...]], ...]] = (
    ("P1", "Louis XIV, the Sun King", ("PRIDE",), 5, ("Ruler",)),
    ("P2", "Xerxes I of Persia", ("PRIDE",), 4, ("Ruler", "Warrior")),
    ("P3", "Qin Shi Huang", ("PRIDE",), 3, ("Ruler",)),
    ("P4", "Ramesses II", ("PRIDE",), 2, ("Ruler",)),
    ("P5", "Charles I of England", ("PRIDE",), 2, ("Ruler",)),
    ("P6", "Beau Brummell", ("PRIDE",), 1, ("Courtier",)),
    ("P7", "Tycho Brahe", ("PRIDE",), 1, ("Scholar",)),
    ("P8", "Tarquin the Proud", ("PRIDE",), 1, ("Ruler",)),
    ("P9", "Jean-Baptiste Lully", ("PRIDE",), 1, ("Artist",)),
    ("G1", "Pope Alexander VI (Rodrigo Borgia)", ("GREED",), 5, ("Cleric",)),
    ("G2", "Marcus Licinius Crassus", ("GREED",), 4, ("Financier", "Warrior")),
    ("G3", "Jakob Fugger", ("GREED",), 3, ("Financier",)),
    ("G4", "Hernan Cortes", ("GREED",), 2, ("Warrior", "Explorer")),
    ("G5", "Johann Tetzel", ("GREED",), 2, ("Cleric",)),
    ("G6", "Daniel Dancer, the Miser", ("GREED",), 1, ("Commoner",)),
    ("G7", "John Law", ("GREED",), 1, ("Financier",)),
    ("G8", "Cornelius Vanderbilt", ("GREED",), 1, ("Financier",)),
    ("G9", "Jay Gould", ("GREED",), 1, ("Financier",)),
    ("L1", "Giacomo Casanova", ("LUST",), 5, ("Courtier", "Artist")),
    ("L2", "Charles II of England", ("LUST",), 4, ("Ruler",)),
    ("L3", "Marquis de Sade", ("LUST",), 3, ("Noble", "Artist")),
    ("L4", "Lord Byron", ("LUST",), 2, ("Noble", "Artist")),
    ("L5", "Lola Montez", ("LUST",), 2, ("Artist",)),
    ("L6", "Augustus the Strong", ("LUST",), 1, ("Ruler",)),
    ("L7", "Madame du Barry", ("LUST",), 1, ("Courtier",)),
    ("L8", "Ninon de l'Enclos", ("LUST",), 1, ("Courtier",)),
    ("L9", "Pope John XII", ("LUST",), 1, ("Cleric",)),
    ("E1", "Gaius Cassius Longinus", ("ENVY",), 5, ("Noble", "Warrior")),
    ("E2", "Richard III of England", ("ENVY",), 4, ("Ruler",)),
    ("E3", "Catherine de' Medici", ("ENVY",), 3, ("Royal",)),
    ("E4", "Fredegund", ("ENVY",), 2, ("Royal",)),
    ("E5", "Livia Drusilla", ("ENVY",), 2, ("Royal",)),
    ("E6", "Herostratus", ("ENVY",), 1, ("Criminal",)),
    ("E7", "Zoilus", ("ENVY",), 1, ("Scholar",)),
    ("E8", "Antonio Salieri", ("ENVY",), 1, ("Artist",)),
    ("E9", "Robert Greene", ("ENVY",), 1, ("Artist",)),
    ("U1", "Emperor Vitellius", ("GLUTTONY",), 5, ("Ruler",)),
    ("U2", "Elagabalus", ("GLUTTONY",), 4, ("Ruler",)),
    ("U3", "Marcus Gavius Apicius", ("GLUTTONY",), 3, ("Gourmet",)),
    ("U4", "Adolf Frederick of Sweden", ("GLUTTONY",), 2, ("Ruler",)),
    ("U5", "Grimod de La Reyniere", ("GLUTTONY",), 2, ("Gourmet",)),
    ("U6", "Gioachino Rossini", ("GLUTTONY",), 1, ("Artist",)),
    ("U7", "Brillat-Savarin", ("GLUTTONY",), 1, ("Gourmet", "Scholar")),
    ("U8", "Louis XVIII", ("GLUTTONY",), 1, ("Ruler",)),
    ("U9", "Henry I of England", ("GLUTTONY",), 1, ("Ruler",)),
    ("W1", "Attila the Hun", ("WRATH",), 5, ("Ruler", "Warrior")),
    ("W2", "Genghis Khan", ("WRATH",), 4, ("Ruler", "Warrior")),
    ("W3", "Timur (Tamerlane)", ("WRATH",), 3, ("Ruler", "Warrior")),
    ("W4", "Vlad III the Impaler", ("WRATH",), 2, ("Ruler", "Warrior")),
    ("W5", "Ivan IV the Terrible", ("WRATH",), 1, ("Ruler",)),
    ("W6", "Blackbeard (Edward Teach)", ("WRATH",), 1, ("Criminal",)),
    ("W7", "Caracalla", ("WRATH",), 1, ("Ruler",)),
    ("W8", "Tomas de Torquemada", ("WRATH",), 1, ("Cleric",)),
    ("W9", "Gilles de Rais", ("WRATH",), 2, ("Noble", "Warrior")),
    ("S1", "Louis XV", ("SLOTH",), 5, ("Ruler",)),
    ("S2", "Childeric III, last do-nothing king", ("SLOTH",), 4, ("Ruler",)),
    ("S3", "Emperor Honorius", ("SLOTH",), 3, ("Ruler",)),
    ("S4", "Ethelred the Unready", ("SLOTH",), 2, ("Ruler",)),
    ("S5", "Charles the Fat", ("SLOTH",), 2, ("Ruler",)),
    ("S6", "Diogenes of Sinope", ("SLOTH",), 1, ("Scholar",)),
    ("S7", "Thomas De Quincey", ("SLOTH",), 1, ("Artist",)),
    ("S8", "Louis V the Do-Nothing", ("SLOTH",), 1, ("Ruler",)),
    ("S9", "Charles IV of Spain", ("SLOTH",), 1, ("Ruler",)),
    ("D01", "Croesus", ("PRIDE", "GREED"), 2, ("Ruler",)),
    ("D02", "Messalina", ("GREED", "LUST"), 2, ("Royal",)),
    ("D03", "Lucrezia Borgia", ("LUST", "ENVY"), 2, ("Noble",)),
    ("D04", "Ptolemy VIII Physcon", ("ENVY", "GLUTTONY"), 2, ("Ruler",)),
    ("D05", "Maximinus Thrax", ("GLUTTONY", "WRATH"), 2, ("Ruler", "Warrior")),
    ("D06", "Lucius Cornelius Sulla", ("WRATH", "SLOTH"), 2, ("Ruler", "Warrior")),
    ("D07", "Commodus", ("SLOTH", "PRIDE"), 2, ("Ruler",)),
    ("D08", "Cleopatra VII", ("PRIDE", "LUST"), 3, ("Ruler",)),
    ("D09", "Benedict Arnold", ("GREED", "ENVY"), 3, ("Warrior",)),
    ("D10", "Henry VIII", ("LUST", "GLUTTONY"), 3, ("Ruler",)),
    ("D11", "Marcus Junius Brutus", ("ENVY", "WRATH"), 3, ("Noble",)),
    ("D12", "Pope Leo X", ("GLUTTONY", "SLOTH"), 3, ("Cleric",)),
    ("D13", "Nero", ("WRATH", "PRIDE"), 3, ("Ruler",)),
    ("D14", "Marie Antoinette", ("SLOTH", "GREED"), 3, ("Royal",)),
    ("D15", "Elizabeth Bathory", ("PRIDE", "ENVY"), 4, ("Noble",)),
    ("D16", "Cardinal Thomas Wolsey", ("GREED", "GLUTTONY"), 4, ("Cleric",)),
    ("D17", "Caligula", ("LUST", "WRATH"), 4, ("Ruler",)),
    ("D18", "John Lackland, King of England", ("ENVY", "SLOTH"), 4, ("Ruler",)),
    ("D19", "Lucius Licinius Lucullus", ("GLUTTONY", "PRIDE"), 4, ("Noble",)),
    ("D20", "Cesare Borgia", ("WRATH", "GREED"), 4, ("Noble", "Warrior")),
    ("D21", "Tiberius", ("SLOTH", "LUST"), 4, ("Ruler",)),
)
SOULS: Final = tuple(Soul(*row) for row in _SOULS)

#: The five combination Circles (rule (e)): name and exactly three members.
COMBINATIONS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("Mad Emperors", ("D17", "D13", "D07")),
    ("The Borgias", ("G1", "D20", "D03")),
    ("Scourges of God", ("W1", "W2", "W3")),
    ("The Betrayers", ("E1", "D11", "D09")),
    ("Monsters of Legend", ("D15", "W4", "W9")),
)


def _specials() -> tuple[Special, ...]:
    made = [Special(f"STOP-{i}", "Stop", STOP, "") for i in range(1, 5)]
    for sin in SINS:
        made.append(Special(f"STEAL-{sin}", f"Steal a Soul: {sin.title()}", STEAL, sin))
    for tag in ("Cleric", "Warrior"):
        made.append(Special(f"STEAL-{tag.upper()}", f"Steal a Soul: {tag}", STEAL, tag))
    made += [Special(f"STEAL-SPECIAL-{i}", "Steal a Special", STEAL_SPECIAL, "") for i in (1, 2, 3)]
    made += [Special(f"DIG-{i}", "Dig Up the Bones", DIG, "") for i in (1, 2, 3)]
    made += [Special(f"LAKE-{i}", "Lake of Fire", LAKE, "") for i in (1, 2, 3)]
    made += [Special(f"SOLITARY-{i}", "Solitary Confinement", SOLITARY, "") for i in (1, 2)]
    return tuple(made)


SPECIALS: Final = _specials()
SOUL_BY_ID: Final = {soul.id: soul for soul in SOULS}
SPECIAL_BY_ID: Final = {special.id: special for special in SPECIALS}
CARD_IDS: Final = tuple(soul.id for soul in SOULS) + tuple(s.id for s in SPECIALS)
COMBINATION_OF: Final = {member: name for name, members in COMBINATIONS for member in members}


def is_card(card: object) -> bool:
    return isinstance(card, str) and (card in SOUL_BY_ID or card in SPECIAL_BY_ID)


def steal_matches(special: Special, soul: Soul) -> bool:
    """Whether a STEAL A SOUL card may take ``soul`` (its sin or description)."""
    return special.wants in soul.sins or special.wants in soul.descriptions


def card_info(card: str) -> dict[str, Any]:
    """One card as JSON data, for clients and docs."""
    soul = SOUL_BY_ID.get(card)
    if soul is not None:
        combo = COMBINATION_OF.get(card)
        return {
            "id": soul.id,
            "type": "soul",
            "name": soul.name,
            "sins": list(soul.sins),
            "value": soul.value,
            "descriptions": list(soul.descriptions),
            "combination": combo,
        }
    special = SPECIAL_BY_ID[card]
    return {"id": special.id, "type": "special", "name": special.name, "kind": special.kind}


CATALOGUE: Final = tuple(card_info(card) for card in CARD_IDS)
