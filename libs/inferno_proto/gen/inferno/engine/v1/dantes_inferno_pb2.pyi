from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DantesInfernoOptions(_message.Message):
    __slots__ = ("round_cap",)
    ROUND_CAP_FIELD_NUMBER: _ClassVar[int]
    round_cap: int
    def __init__(self, round_cap: _Optional[int] = ...) -> None: ...

class DantesInfernoResources(_message.Message):
    __slots__ = ("y", "r", "b", "g")
    Y_FIELD_NUMBER: _ClassVar[int]
    R_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    G_FIELD_NUMBER: _ClassVar[int]
    y: int
    r: int
    b: int
    g: int
    def __init__(self, y: _Optional[int] = ..., r: _Optional[int] = ..., b: _Optional[int] = ..., g: _Optional[int] = ...) -> None: ...

class DantesInfernoAction(_message.Message):
    __slots__ = ("place", "fight", "reroll", "accept_roll", "demon", "bonus", "token", "retreat", "end_turn", "place_tile", "flip_tile", "new_token", "move", "push", "next_circle", "move_demon", "offer", "accept_offer", "reject_offer", "withdraw_offer", "gift", "pact", "pass_turn")
    class Place(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: str
        def __init__(self, space: _Optional[str] = ...) -> None: ...
    class Fight(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: str
        def __init__(self, space: _Optional[str] = ...) -> None: ...
    class Reroll(_message.Message):
        __slots__ = ("die",)
        DIE_FIELD_NUMBER: _ClassVar[int]
        die: int
        def __init__(self, die: _Optional[int] = ...) -> None: ...
    class AcceptRoll(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class Demon(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: str
        def __init__(self, space: _Optional[str] = ...) -> None: ...
    class Bonus(_message.Message):
        __slots__ = ("resource",)
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        resource: str
        def __init__(self, resource: _Optional[str] = ...) -> None: ...
    class GoodBad(_message.Message):
        __slots__ = ("which", "position")
        WHICH_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        which: str
        position: str
        def __init__(self, which: _Optional[str] = ..., position: _Optional[str] = ...) -> None: ...
    class Retreat(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: str
        def __init__(self, space: _Optional[str] = ...) -> None: ...
    class EndTurn(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class PlaceTile(_message.Message):
        __slots__ = ("stack", "position")
        STACK_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        stack: str
        position: str
        def __init__(self, stack: _Optional[str] = ..., position: _Optional[str] = ...) -> None: ...
    class FlipTile(_message.Message):
        __slots__ = ("position",)
        POSITION_FIELD_NUMBER: _ClassVar[int]
        position: str
        def __init__(self, position: _Optional[str] = ...) -> None: ...
    class NewToken(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: str
        def __init__(self, space: _Optional[str] = ...) -> None: ...
    class Move(_message.Message):
        __slots__ = ("path", "pay")
        PATH_FIELD_NUMBER: _ClassVar[int]
        PAY_FIELD_NUMBER: _ClassVar[int]
        path: _containers.RepeatedScalarFieldContainer[str]
        pay: DantesInfernoResources
        def __init__(self, path: _Optional[_Iterable[str]] = ..., pay: _Optional[_Union[DantesInfernoResources, _Mapping]] = ...) -> None: ...
    class Push(_message.Message):
        __slots__ = ("from_space", "to_space")
        FROM_SPACE_FIELD_NUMBER: _ClassVar[int]
        TO_SPACE_FIELD_NUMBER: _ClassVar[int]
        from_space: str
        to_space: str
        def __init__(self, from_space: _Optional[str] = ..., to_space: _Optional[str] = ...) -> None: ...
    class NextCircle(_message.Message):
        __slots__ = ("space",)
        SPACE_FIELD_NUMBER: _ClassVar[int]
        space: str
        def __init__(self, space: _Optional[str] = ...) -> None: ...
    class MoveDemon(_message.Message):
        __slots__ = ("from_space", "to_space")
        FROM_SPACE_FIELD_NUMBER: _ClassVar[int]
        TO_SPACE_FIELD_NUMBER: _ClassVar[int]
        from_space: str
        to_space: str
        def __init__(self, from_space: _Optional[str] = ..., to_space: _Optional[str] = ...) -> None: ...
    class Offer(_message.Message):
        __slots__ = ("to_seat", "give", "get", "note")
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        GET_FIELD_NUMBER: _ClassVar[int]
        NOTE_FIELD_NUMBER: _ClassVar[int]
        to_seat: int
        give: DantesInfernoResources
        get: DantesInfernoResources
        note: str
        def __init__(self, to_seat: _Optional[int] = ..., give: _Optional[_Union[DantesInfernoResources, _Mapping]] = ..., get: _Optional[_Union[DantesInfernoResources, _Mapping]] = ..., note: _Optional[str] = ...) -> None: ...
    class AcceptOffer(_message.Message):
        __slots__ = ("offer_id",)
        OFFER_ID_FIELD_NUMBER: _ClassVar[int]
        offer_id: int
        def __init__(self, offer_id: _Optional[int] = ...) -> None: ...
    class RejectOffer(_message.Message):
        __slots__ = ("offer_id",)
        OFFER_ID_FIELD_NUMBER: _ClassVar[int]
        offer_id: int
        def __init__(self, offer_id: _Optional[int] = ...) -> None: ...
    class WithdrawOffer(_message.Message):
        __slots__ = ("offer_id",)
        OFFER_ID_FIELD_NUMBER: _ClassVar[int]
        offer_id: int
        def __init__(self, offer_id: _Optional[int] = ...) -> None: ...
    class Gift(_message.Message):
        __slots__ = ("to_seat", "give")
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        to_seat: int
        give: DantesInfernoResources
        def __init__(self, to_seat: _Optional[int] = ..., give: _Optional[_Union[DantesInfernoResources, _Mapping]] = ...) -> None: ...
    class Pact(_message.Message):
        __slots__ = ("to_seat", "text")
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        TEXT_FIELD_NUMBER: _ClassVar[int]
        to_seat: int
        text: str
        def __init__(self, to_seat: _Optional[int] = ..., text: _Optional[str] = ...) -> None: ...
    class Pass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    PLACE_FIELD_NUMBER: _ClassVar[int]
    FIGHT_FIELD_NUMBER: _ClassVar[int]
    REROLL_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_ROLL_FIELD_NUMBER: _ClassVar[int]
    DEMON_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    RETREAT_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    PLACE_TILE_FIELD_NUMBER: _ClassVar[int]
    FLIP_TILE_FIELD_NUMBER: _ClassVar[int]
    NEW_TOKEN_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    PUSH_FIELD_NUMBER: _ClassVar[int]
    NEXT_CIRCLE_FIELD_NUMBER: _ClassVar[int]
    MOVE_DEMON_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_OFFER_FIELD_NUMBER: _ClassVar[int]
    REJECT_OFFER_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_OFFER_FIELD_NUMBER: _ClassVar[int]
    GIFT_FIELD_NUMBER: _ClassVar[int]
    PACT_FIELD_NUMBER: _ClassVar[int]
    PASS_TURN_FIELD_NUMBER: _ClassVar[int]
    place: DantesInfernoAction.Place
    fight: DantesInfernoAction.Fight
    reroll: DantesInfernoAction.Reroll
    accept_roll: DantesInfernoAction.AcceptRoll
    demon: DantesInfernoAction.Demon
    bonus: DantesInfernoAction.Bonus
    token: DantesInfernoAction.GoodBad
    retreat: DantesInfernoAction.Retreat
    end_turn: DantesInfernoAction.EndTurn
    place_tile: DantesInfernoAction.PlaceTile
    flip_tile: DantesInfernoAction.FlipTile
    new_token: DantesInfernoAction.NewToken
    move: DantesInfernoAction.Move
    push: DantesInfernoAction.Push
    next_circle: DantesInfernoAction.NextCircle
    move_demon: DantesInfernoAction.MoveDemon
    offer: DantesInfernoAction.Offer
    accept_offer: DantesInfernoAction.AcceptOffer
    reject_offer: DantesInfernoAction.RejectOffer
    withdraw_offer: DantesInfernoAction.WithdrawOffer
    gift: DantesInfernoAction.Gift
    pact: DantesInfernoAction.Pact
    pass_turn: DantesInfernoAction.Pass
    def __init__(self, place: _Optional[_Union[DantesInfernoAction.Place, _Mapping]] = ..., fight: _Optional[_Union[DantesInfernoAction.Fight, _Mapping]] = ..., reroll: _Optional[_Union[DantesInfernoAction.Reroll, _Mapping]] = ..., accept_roll: _Optional[_Union[DantesInfernoAction.AcceptRoll, _Mapping]] = ..., demon: _Optional[_Union[DantesInfernoAction.Demon, _Mapping]] = ..., bonus: _Optional[_Union[DantesInfernoAction.Bonus, _Mapping]] = ..., token: _Optional[_Union[DantesInfernoAction.GoodBad, _Mapping]] = ..., retreat: _Optional[_Union[DantesInfernoAction.Retreat, _Mapping]] = ..., end_turn: _Optional[_Union[DantesInfernoAction.EndTurn, _Mapping]] = ..., place_tile: _Optional[_Union[DantesInfernoAction.PlaceTile, _Mapping]] = ..., flip_tile: _Optional[_Union[DantesInfernoAction.FlipTile, _Mapping]] = ..., new_token: _Optional[_Union[DantesInfernoAction.NewToken, _Mapping]] = ..., move: _Optional[_Union[DantesInfernoAction.Move, _Mapping]] = ..., push: _Optional[_Union[DantesInfernoAction.Push, _Mapping]] = ..., next_circle: _Optional[_Union[DantesInfernoAction.NextCircle, _Mapping]] = ..., move_demon: _Optional[_Union[DantesInfernoAction.MoveDemon, _Mapping]] = ..., offer: _Optional[_Union[DantesInfernoAction.Offer, _Mapping]] = ..., accept_offer: _Optional[_Union[DantesInfernoAction.AcceptOffer, _Mapping]] = ..., reject_offer: _Optional[_Union[DantesInfernoAction.RejectOffer, _Mapping]] = ..., withdraw_offer: _Optional[_Union[DantesInfernoAction.WithdrawOffer, _Mapping]] = ..., gift: _Optional[_Union[DantesInfernoAction.Gift, _Mapping]] = ..., pact: _Optional[_Union[DantesInfernoAction.Pact, _Mapping]] = ..., pass_turn: _Optional[_Union[DantesInfernoAction.Pass, _Mapping]] = ...) -> None: ...

class DantesInfernoTile(_message.Message):
    __slots__ = ("position", "tile", "face_up")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    TILE_FIELD_NUMBER: _ClassVar[int]
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    position: str
    tile: str
    face_up: bool
    def __init__(self, position: _Optional[str] = ..., tile: _Optional[str] = ..., face_up: _Optional[bool] = ...) -> None: ...

class DantesInfernoStack(_message.Message):
    __slots__ = ("stack", "size", "tiles")
    STACK_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    stack: str
    size: int
    tiles: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, stack: _Optional[str] = ..., size: _Optional[int] = ..., tiles: _Optional[_Iterable[str]] = ...) -> None: ...

class DantesInfernoTokens(_message.Message):
    __slots__ = ("spaces",)
    SPACES_FIELD_NUMBER: _ClassVar[int]
    spaces: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, spaces: _Optional[_Iterable[str]] = ...) -> None: ...

class DantesInfernoRoll(_message.Message):
    __slots__ = ("kind", "space", "dice", "rerolls")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    REROLLS_FIELD_NUMBER: _ClassVar[int]
    kind: str
    space: str
    dice: _containers.RepeatedScalarFieldContainer[int]
    rerolls: int
    def __init__(self, kind: _Optional[str] = ..., space: _Optional[str] = ..., dice: _Optional[_Iterable[int]] = ..., rerolls: _Optional[int] = ...) -> None: ...

class DantesInfernoOffer(_message.Message):
    __slots__ = ("id", "from_seat", "to_seat", "give", "get", "note")
    ID_FIELD_NUMBER: _ClassVar[int]
    FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_SEAT_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    GET_FIELD_NUMBER: _ClassVar[int]
    NOTE_FIELD_NUMBER: _ClassVar[int]
    id: int
    from_seat: int
    to_seat: int
    give: DantesInfernoResources
    get: DantesInfernoResources
    note: str
    def __init__(self, id: _Optional[int] = ..., from_seat: _Optional[int] = ..., to_seat: _Optional[int] = ..., give: _Optional[_Union[DantesInfernoResources, _Mapping]] = ..., get: _Optional[_Union[DantesInfernoResources, _Mapping]] = ..., note: _Optional[str] = ...) -> None: ...

class DantesInfernoView(_message.Message):
    __slots__ = ("phase", "active", "round", "round_cap", "token_limit", "to_place", "tiles", "stacks", "tokens", "demons", "demon_supply", "good", "bad", "resources", "fights", "roll", "choice", "retreat_options", "free_step_used", "free_demon_move_used", "pushed", "offers", "winner", "players", "stacks_shown")
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUND_CAP_FIELD_NUMBER: _ClassVar[int]
    TOKEN_LIMIT_FIELD_NUMBER: _ClassVar[int]
    TO_PLACE_FIELD_NUMBER: _ClassVar[int]
    TILES_FIELD_NUMBER: _ClassVar[int]
    STACKS_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    DEMONS_FIELD_NUMBER: _ClassVar[int]
    DEMON_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    GOOD_FIELD_NUMBER: _ClassVar[int]
    BAD_FIELD_NUMBER: _ClassVar[int]
    RESOURCES_FIELD_NUMBER: _ClassVar[int]
    FIGHTS_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    CHOICE_FIELD_NUMBER: _ClassVar[int]
    RETREAT_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    FREE_STEP_USED_FIELD_NUMBER: _ClassVar[int]
    FREE_DEMON_MOVE_USED_FIELD_NUMBER: _ClassVar[int]
    PUSHED_FIELD_NUMBER: _ClassVar[int]
    OFFERS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    STACKS_SHOWN_FIELD_NUMBER: _ClassVar[int]
    phase: str
    active: int
    round: int
    round_cap: int
    token_limit: int
    to_place: _containers.RepeatedScalarFieldContainer[int]
    tiles: _containers.RepeatedCompositeFieldContainer[DantesInfernoTile]
    stacks: _containers.RepeatedCompositeFieldContainer[DantesInfernoStack]
    tokens: _containers.RepeatedCompositeFieldContainer[DantesInfernoTokens]
    demons: _containers.RepeatedScalarFieldContainer[str]
    demon_supply: int
    good: str
    bad: str
    resources: _containers.RepeatedCompositeFieldContainer[DantesInfernoResources]
    fights: _containers.RepeatedScalarFieldContainer[str]
    roll: DantesInfernoRoll
    choice: str
    retreat_options: _containers.RepeatedScalarFieldContainer[str]
    free_step_used: bool
    free_demon_move_used: bool
    pushed: _containers.RepeatedScalarFieldContainer[str]
    offers: _containers.RepeatedCompositeFieldContainer[DantesInfernoOffer]
    winner: int
    players: int
    stacks_shown: bool
    def __init__(self, phase: _Optional[str] = ..., active: _Optional[int] = ..., round: _Optional[int] = ..., round_cap: _Optional[int] = ..., token_limit: _Optional[int] = ..., to_place: _Optional[_Iterable[int]] = ..., tiles: _Optional[_Iterable[_Union[DantesInfernoTile, _Mapping]]] = ..., stacks: _Optional[_Iterable[_Union[DantesInfernoStack, _Mapping]]] = ..., tokens: _Optional[_Iterable[_Union[DantesInfernoTokens, _Mapping]]] = ..., demons: _Optional[_Iterable[str]] = ..., demon_supply: _Optional[int] = ..., good: _Optional[str] = ..., bad: _Optional[str] = ..., resources: _Optional[_Iterable[_Union[DantesInfernoResources, _Mapping]]] = ..., fights: _Optional[_Iterable[str]] = ..., roll: _Optional[_Union[DantesInfernoRoll, _Mapping]] = ..., choice: _Optional[str] = ..., retreat_options: _Optional[_Iterable[str]] = ..., free_step_used: _Optional[bool] = ..., free_demon_move_used: _Optional[bool] = ..., pushed: _Optional[_Iterable[str]] = ..., offers: _Optional[_Iterable[_Union[DantesInfernoOffer, _Mapping]]] = ..., winner: _Optional[int] = ..., players: _Optional[int] = ..., stacks_shown: _Optional[bool] = ...) -> None: ...

class DantesInfernoEvent(_message.Message):
    __slots__ = ("setup", "token_entered", "turn_start", "dice", "fight", "retreat", "roll", "collect", "demon_placed", "bonus", "token_placed", "tile_placed", "tile_flipped", "token_moved", "token_pushed", "next_circle", "demon_moved", "offer", "accept", "reject", "withdraw", "gift", "pact", "offers_expired", "turn_end", "game_won", "game_over", "passed")
    class Setup(_message.Message):
        __slots__ = ("first_placer", "order")
        FIRST_PLACER_FIELD_NUMBER: _ClassVar[int]
        ORDER_FIELD_NUMBER: _ClassVar[int]
        first_placer: int
        order: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, first_placer: _Optional[int] = ..., order: _Optional[_Iterable[int]] = ...) -> None: ...
    class TokenEntered(_message.Message):
        __slots__ = ("seat", "space", "setup")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        SETUP_FIELD_NUMBER: _ClassVar[int]
        seat: int
        space: str
        setup: bool
        def __init__(self, seat: _Optional[int] = ..., space: _Optional[str] = ..., setup: _Optional[bool] = ...) -> None: ...
    class TurnStart(_message.Message):
        __slots__ = ("seat", "round", "fights")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ROUND_FIELD_NUMBER: _ClassVar[int]
        FIGHTS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        round: int
        fights: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., round: _Optional[int] = ..., fights: _Optional[_Iterable[str]] = ...) -> None: ...
    class Dice(_message.Message):
        __slots__ = ("kind", "dice", "rerolls", "rerolled", "seat", "space")
        KIND_FIELD_NUMBER: _ClassVar[int]
        DICE_FIELD_NUMBER: _ClassVar[int]
        REROLLS_FIELD_NUMBER: _ClassVar[int]
        REROLLED_FIELD_NUMBER: _ClassVar[int]
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        kind: str
        dice: _containers.RepeatedScalarFieldContainer[int]
        rerolls: int
        rerolled: int
        seat: int
        space: str
        def __init__(self, kind: _Optional[str] = ..., dice: _Optional[_Iterable[int]] = ..., rerolls: _Optional[int] = ..., rerolled: _Optional[int] = ..., seat: _Optional[int] = ..., space: _Optional[str] = ...) -> None: ...
    class FightResult(_message.Message):
        __slots__ = ("demon", "lucifer", "token", "seat", "roll", "rerolls", "result", "retreat_to")
        DEMON_FIELD_NUMBER: _ClassVar[int]
        LUCIFER_FIELD_NUMBER: _ClassVar[int]
        TOKEN_FIELD_NUMBER: _ClassVar[int]
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ROLL_FIELD_NUMBER: _ClassVar[int]
        REROLLS_FIELD_NUMBER: _ClassVar[int]
        RESULT_FIELD_NUMBER: _ClassVar[int]
        RETREAT_TO_FIELD_NUMBER: _ClassVar[int]
        demon: str
        lucifer: str
        token: str
        seat: int
        roll: _containers.RepeatedScalarFieldContainer[int]
        rerolls: int
        result: str
        retreat_to: str
        def __init__(self, demon: _Optional[str] = ..., lucifer: _Optional[str] = ..., token: _Optional[str] = ..., seat: _Optional[int] = ..., roll: _Optional[_Iterable[int]] = ..., rerolls: _Optional[int] = ..., result: _Optional[str] = ..., retreat_to: _Optional[str] = ...) -> None: ...
    class RetreatDone(_message.Message):
        __slots__ = ("seat", "from_space", "to_space", "removed")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        FROM_SPACE_FIELD_NUMBER: _ClassVar[int]
        TO_SPACE_FIELD_NUMBER: _ClassVar[int]
        REMOVED_FIELD_NUMBER: _ClassVar[int]
        seat: int
        from_space: str
        to_space: str
        removed: bool
        def __init__(self, seat: _Optional[int] = ..., from_space: _Optional[str] = ..., to_space: _Optional[str] = ..., removed: _Optional[bool] = ...) -> None: ...
    class RollAccepted(_message.Message):
        __slots__ = ("seat", "dice", "rerolls", "total")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        DICE_FIELD_NUMBER: _ClassVar[int]
        REROLLS_FIELD_NUMBER: _ClassVar[int]
        TOTAL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        dice: _containers.RepeatedScalarFieldContainer[int]
        rerolls: int
        total: int
        def __init__(self, seat: _Optional[int] = ..., dice: _Optional[_Iterable[int]] = ..., rerolls: _Optional[int] = ..., total: _Optional[int] = ...) -> None: ...
    class Collect(_message.Message):
        __slots__ = ("total", "players")
        TOTAL_FIELD_NUMBER: _ClassVar[int]
        PLAYERS_FIELD_NUMBER: _ClassVar[int]
        total: int
        players: _containers.RepeatedCompositeFieldContainer[DantesInfernoResources]
        def __init__(self, total: _Optional[int] = ..., players: _Optional[_Iterable[_Union[DantesInfernoResources, _Mapping]]] = ...) -> None: ...
    class DemonPlaced(_message.Message):
        __slots__ = ("seat", "space", "reason")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SPACE_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        seat: int
        space: str
        reason: str
        def __init__(self, seat: _Optional[int] = ..., space: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...
    class BonusTaken(_message.Message):
        __slots__ = ("seat", "resource")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RESOURCE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        resource: str
        def __init__(self, seat: _Optional[int] = ..., resource: _Optional[str] = ...) -> None: ...
    class TokenPlaced(_message.Message):
        __slots__ = ("seat", "token", "tile")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        TOKEN_FIELD_NUMBER: _ClassVar[int]
        TILE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        token: str
        tile: str
        def __init__(self, seat: _Optional[int] = ..., token: _Optional[str] = ..., tile: _Optional[str] = ...) -> None: ...
    class TilePlaced(_message.Message):
        __slots__ = ("seat", "stack", "position", "tile")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        STACK_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        TILE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        stack: str
        position: str
        tile: str
        def __init__(self, seat: _Optional[int] = ..., stack: _Optional[str] = ..., position: _Optional[str] = ..., tile: _Optional[str] = ...) -> None: ...
    class TileFlipped(_message.Message):
        __slots__ = ("seat", "position", "face")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        POSITION_FIELD_NUMBER: _ClassVar[int]
        FACE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        position: str
        face: str
        def __init__(self, seat: _Optional[int] = ..., position: _Optional[str] = ..., face: _Optional[str] = ...) -> None: ...
    class TokenMoved(_message.Message):
        __slots__ = ("seat", "path", "free_steps", "paid")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        PATH_FIELD_NUMBER: _ClassVar[int]
        FREE_STEPS_FIELD_NUMBER: _ClassVar[int]
        PAID_FIELD_NUMBER: _ClassVar[int]
        seat: int
        path: _containers.RepeatedScalarFieldContainer[str]
        free_steps: int
        paid: DantesInfernoResources
        def __init__(self, seat: _Optional[int] = ..., path: _Optional[_Iterable[str]] = ..., free_steps: _Optional[int] = ..., paid: _Optional[_Union[DantesInfernoResources, _Mapping]] = ...) -> None: ...
    class TokenPushed(_message.Message):
        __slots__ = ("seat", "owner", "from_space", "to_space")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        OWNER_FIELD_NUMBER: _ClassVar[int]
        FROM_SPACE_FIELD_NUMBER: _ClassVar[int]
        TO_SPACE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        owner: int
        from_space: str
        to_space: str
        def __init__(self, seat: _Optional[int] = ..., owner: _Optional[int] = ..., from_space: _Optional[str] = ..., to_space: _Optional[str] = ...) -> None: ...
    class WentIn(_message.Message):
        __slots__ = ("seat", "from_space", "to_space", "circle")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        FROM_SPACE_FIELD_NUMBER: _ClassVar[int]
        TO_SPACE_FIELD_NUMBER: _ClassVar[int]
        CIRCLE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        from_space: str
        to_space: str
        circle: int
        def __init__(self, seat: _Optional[int] = ..., from_space: _Optional[str] = ..., to_space: _Optional[str] = ..., circle: _Optional[int] = ...) -> None: ...
    class DemonMoved(_message.Message):
        __slots__ = ("seat", "from_space", "to_space")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        FROM_SPACE_FIELD_NUMBER: _ClassVar[int]
        TO_SPACE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        from_space: str
        to_space: str
        def __init__(self, seat: _Optional[int] = ..., from_space: _Optional[str] = ..., to_space: _Optional[str] = ...) -> None: ...
    class Answered(_message.Message):
        __slots__ = ("id", "by")
        ID_FIELD_NUMBER: _ClassVar[int]
        BY_FIELD_NUMBER: _ClassVar[int]
        id: int
        by: int
        def __init__(self, id: _Optional[int] = ..., by: _Optional[int] = ...) -> None: ...
    class GiftGiven(_message.Message):
        __slots__ = ("from_seat", "to_seat", "give")
        FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        from_seat: int
        to_seat: int
        give: DantesInfernoResources
        def __init__(self, from_seat: _Optional[int] = ..., to_seat: _Optional[int] = ..., give: _Optional[_Union[DantesInfernoResources, _Mapping]] = ...) -> None: ...
    class PactMade(_message.Message):
        __slots__ = ("from_seat", "to_seat", "text", "binding")
        FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        TEXT_FIELD_NUMBER: _ClassVar[int]
        BINDING_FIELD_NUMBER: _ClassVar[int]
        from_seat: int
        to_seat: int
        text: str
        binding: bool
        def __init__(self, from_seat: _Optional[int] = ..., to_seat: _Optional[int] = ..., text: _Optional[str] = ..., binding: _Optional[bool] = ...) -> None: ...
    class OffersExpired(_message.Message):
        __slots__ = ("ids",)
        IDS_FIELD_NUMBER: _ClassVar[int]
        ids: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, ids: _Optional[_Iterable[int]] = ...) -> None: ...
    class TurnEnd(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class GameWon(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class Passed(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class GameOver(_message.Message):
        __slots__ = ("reason", "scores", "ranking", "winners")
        REASON_FIELD_NUMBER: _ClassVar[int]
        SCORES_FIELD_NUMBER: _ClassVar[int]
        RANKING_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        reason: str
        scores: _containers.RepeatedScalarFieldContainer[int]
        ranking: _containers.RepeatedScalarFieldContainer[int]
        winners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, reason: _Optional[str] = ..., scores: _Optional[_Iterable[int]] = ..., ranking: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...
    SETUP_FIELD_NUMBER: _ClassVar[int]
    TOKEN_ENTERED_FIELD_NUMBER: _ClassVar[int]
    TURN_START_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    FIGHT_FIELD_NUMBER: _ClassVar[int]
    RETREAT_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    COLLECT_FIELD_NUMBER: _ClassVar[int]
    DEMON_PLACED_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    TOKEN_PLACED_FIELD_NUMBER: _ClassVar[int]
    TILE_PLACED_FIELD_NUMBER: _ClassVar[int]
    TILE_FLIPPED_FIELD_NUMBER: _ClassVar[int]
    TOKEN_MOVED_FIELD_NUMBER: _ClassVar[int]
    TOKEN_PUSHED_FIELD_NUMBER: _ClassVar[int]
    NEXT_CIRCLE_FIELD_NUMBER: _ClassVar[int]
    DEMON_MOVED_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    REJECT_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_FIELD_NUMBER: _ClassVar[int]
    GIFT_FIELD_NUMBER: _ClassVar[int]
    PACT_FIELD_NUMBER: _ClassVar[int]
    OFFERS_EXPIRED_FIELD_NUMBER: _ClassVar[int]
    TURN_END_FIELD_NUMBER: _ClassVar[int]
    GAME_WON_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    setup: DantesInfernoEvent.Setup
    token_entered: DantesInfernoEvent.TokenEntered
    turn_start: DantesInfernoEvent.TurnStart
    dice: DantesInfernoEvent.Dice
    fight: DantesInfernoEvent.FightResult
    retreat: DantesInfernoEvent.RetreatDone
    roll: DantesInfernoEvent.RollAccepted
    collect: DantesInfernoEvent.Collect
    demon_placed: DantesInfernoEvent.DemonPlaced
    bonus: DantesInfernoEvent.BonusTaken
    token_placed: DantesInfernoEvent.TokenPlaced
    tile_placed: DantesInfernoEvent.TilePlaced
    tile_flipped: DantesInfernoEvent.TileFlipped
    token_moved: DantesInfernoEvent.TokenMoved
    token_pushed: DantesInfernoEvent.TokenPushed
    next_circle: DantesInfernoEvent.WentIn
    demon_moved: DantesInfernoEvent.DemonMoved
    offer: DantesInfernoOffer
    accept: DantesInfernoOffer
    reject: DantesInfernoEvent.Answered
    withdraw: DantesInfernoEvent.Answered
    gift: DantesInfernoEvent.GiftGiven
    pact: DantesInfernoEvent.PactMade
    offers_expired: DantesInfernoEvent.OffersExpired
    turn_end: DantesInfernoEvent.TurnEnd
    game_won: DantesInfernoEvent.GameWon
    game_over: DantesInfernoEvent.GameOver
    passed: DantesInfernoEvent.Passed
    def __init__(self, setup: _Optional[_Union[DantesInfernoEvent.Setup, _Mapping]] = ..., token_entered: _Optional[_Union[DantesInfernoEvent.TokenEntered, _Mapping]] = ..., turn_start: _Optional[_Union[DantesInfernoEvent.TurnStart, _Mapping]] = ..., dice: _Optional[_Union[DantesInfernoEvent.Dice, _Mapping]] = ..., fight: _Optional[_Union[DantesInfernoEvent.FightResult, _Mapping]] = ..., retreat: _Optional[_Union[DantesInfernoEvent.RetreatDone, _Mapping]] = ..., roll: _Optional[_Union[DantesInfernoEvent.RollAccepted, _Mapping]] = ..., collect: _Optional[_Union[DantesInfernoEvent.Collect, _Mapping]] = ..., demon_placed: _Optional[_Union[DantesInfernoEvent.DemonPlaced, _Mapping]] = ..., bonus: _Optional[_Union[DantesInfernoEvent.BonusTaken, _Mapping]] = ..., token_placed: _Optional[_Union[DantesInfernoEvent.TokenPlaced, _Mapping]] = ..., tile_placed: _Optional[_Union[DantesInfernoEvent.TilePlaced, _Mapping]] = ..., tile_flipped: _Optional[_Union[DantesInfernoEvent.TileFlipped, _Mapping]] = ..., token_moved: _Optional[_Union[DantesInfernoEvent.TokenMoved, _Mapping]] = ..., token_pushed: _Optional[_Union[DantesInfernoEvent.TokenPushed, _Mapping]] = ..., next_circle: _Optional[_Union[DantesInfernoEvent.WentIn, _Mapping]] = ..., demon_moved: _Optional[_Union[DantesInfernoEvent.DemonMoved, _Mapping]] = ..., offer: _Optional[_Union[DantesInfernoOffer, _Mapping]] = ..., accept: _Optional[_Union[DantesInfernoOffer, _Mapping]] = ..., reject: _Optional[_Union[DantesInfernoEvent.Answered, _Mapping]] = ..., withdraw: _Optional[_Union[DantesInfernoEvent.Answered, _Mapping]] = ..., gift: _Optional[_Union[DantesInfernoEvent.GiftGiven, _Mapping]] = ..., pact: _Optional[_Union[DantesInfernoEvent.PactMade, _Mapping]] = ..., offers_expired: _Optional[_Union[DantesInfernoEvent.OffersExpired, _Mapping]] = ..., turn_end: _Optional[_Union[DantesInfernoEvent.TurnEnd, _Mapping]] = ..., game_won: _Optional[_Union[DantesInfernoEvent.GameWon, _Mapping]] = ..., game_over: _Optional[_Union[DantesInfernoEvent.GameOver, _Mapping]] = ..., passed: _Optional[_Union[DantesInfernoEvent.Passed, _Mapping]] = ...) -> None: ...
