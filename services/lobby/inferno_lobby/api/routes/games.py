"""The games a table can be made for, with their options, straight from the rules registry."""

from __future__ import annotations

from fastapi import APIRouter

from inferno_rules import all_games

from ...schemas import GamePublic, OptionPublic
from ..deps import LobbyDep

router = APIRouter(tags=["games"])


@router.get("/games", summary="Games and their options (for the table form)")
async def list_games(lobby: LobbyDep) -> list[GamePublic]:
    address_for = getattr(lobby.engine, "address_for", None)
    return [
        GamePublic(
            name=name,
            display_name=game.info.display_name,
            min_players=game.info.min_players,
            max_players=game.info.max_players,
            engine_address=address_for(name) if address_for else None,
            options=[
                OptionPublic(
                    name=o.name,
                    kind=o.kind,
                    default=o.default,
                    allowed=o.allowed(),
                    description=o.description,
                    choices=list(o.choices),
                )
                for o in game.info.options
            ],
        )
        for name, game in all_games().items()
    ]
