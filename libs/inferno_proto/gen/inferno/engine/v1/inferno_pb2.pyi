from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class InfernoOptions(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class InfernoAction(_message.Message):
    __slots__ = ("play", "take")
    class Play(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: str
        def __init__(self, card: _Optional[str] = ...) -> None: ...
    class Take(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    PLAY_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    play: InfernoAction.Play
    take: InfernoAction.Take
    def __init__(self, play: _Optional[_Union[InfernoAction.Play, _Mapping]] = ..., take: _Optional[_Union[InfernoAction.Take, _Mapping]] = ...) -> None: ...

class InfernoSeat(_message.Message):
    __slots__ = ("seat", "hand_size", "taken_size", "out", "total", "decisive_total")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    TAKEN_SIZE_FIELD_NUMBER: _ClassVar[int]
    OUT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    DECISIVE_TOTAL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hand_size: int
    taken_size: int
    out: bool
    total: int
    decisive_total: int
    def __init__(self, seat: _Optional[int] = ..., hand_size: _Optional[int] = ..., taken_size: _Optional[int] = ..., out: _Optional[bool] = ..., total: _Optional[int] = ..., decisive_total: _Optional[int] = ...) -> None: ...

class InfernoRoundRecord(_message.Message):
    __slots__ = ("round", "decisive", "points")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    DECISIVE_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    round: int
    decisive: bool
    points: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, round: _Optional[int] = ..., decisive: _Optional[bool] = ..., points: _Optional[_Iterable[int]] = ...) -> None: ...

class InfernoView(_message.Message):
    __slots__ = ("phase", "round", "regular_rounds", "decisive", "contenders", "starter", "pile", "lead_colour", "lead_value", "draw_pile", "seats", "history", "winners", "hand", "taken", "taken_points", "all_hands", "all_taken", "draw_order")
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    REGULAR_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    DECISIVE_FIELD_NUMBER: _ClassVar[int]
    CONTENDERS_FIELD_NUMBER: _ClassVar[int]
    STARTER_FIELD_NUMBER: _ClassVar[int]
    PILE_FIELD_NUMBER: _ClassVar[int]
    LEAD_COLOUR_FIELD_NUMBER: _ClassVar[int]
    LEAD_VALUE_FIELD_NUMBER: _ClassVar[int]
    DRAW_PILE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    TAKEN_FIELD_NUMBER: _ClassVar[int]
    TAKEN_POINTS_FIELD_NUMBER: _ClassVar[int]
    ALL_HANDS_FIELD_NUMBER: _ClassVar[int]
    ALL_TAKEN_FIELD_NUMBER: _ClassVar[int]
    DRAW_ORDER_FIELD_NUMBER: _ClassVar[int]
    phase: str
    round: int
    regular_rounds: int
    decisive: bool
    contenders: _containers.RepeatedScalarFieldContainer[int]
    starter: int
    pile: _containers.RepeatedScalarFieldContainer[str]
    lead_colour: str
    lead_value: int
    draw_pile: int
    seats: _containers.RepeatedCompositeFieldContainer[InfernoSeat]
    history: _containers.RepeatedCompositeFieldContainer[InfernoRoundRecord]
    winners: _containers.RepeatedScalarFieldContainer[int]
    hand: _containers.RepeatedScalarFieldContainer[str]
    taken: _containers.RepeatedScalarFieldContainer[str]
    taken_points: int
    all_hands: _containers.RepeatedCompositeFieldContainer[InfernoCards]
    all_taken: _containers.RepeatedCompositeFieldContainer[InfernoCards]
    draw_order: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, phase: _Optional[str] = ..., round: _Optional[int] = ..., regular_rounds: _Optional[int] = ..., decisive: _Optional[bool] = ..., contenders: _Optional[_Iterable[int]] = ..., starter: _Optional[int] = ..., pile: _Optional[_Iterable[str]] = ..., lead_colour: _Optional[str] = ..., lead_value: _Optional[int] = ..., draw_pile: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[InfernoSeat, _Mapping]]] = ..., history: _Optional[_Iterable[_Union[InfernoRoundRecord, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ..., hand: _Optional[_Iterable[str]] = ..., taken: _Optional[_Iterable[str]] = ..., taken_points: _Optional[int] = ..., all_hands: _Optional[_Iterable[_Union[InfernoCards, _Mapping]]] = ..., all_taken: _Optional[_Iterable[_Union[InfernoCards, _Mapping]]] = ..., draw_order: _Optional[_Iterable[str]] = ...) -> None: ...

class InfernoCards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class InfernoEvent(_message.Message):
    __slots__ = ("round_start", "hand_dealt", "lead", "add", "out", "take", "round_end", "match_end")
    class RoundStart(_message.Message):
        __slots__ = ("round", "decisive", "contenders", "starter", "draw_pile")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        DECISIVE_FIELD_NUMBER: _ClassVar[int]
        CONTENDERS_FIELD_NUMBER: _ClassVar[int]
        STARTER_FIELD_NUMBER: _ClassVar[int]
        DRAW_PILE_FIELD_NUMBER: _ClassVar[int]
        round: int
        decisive: bool
        contenders: _containers.RepeatedScalarFieldContainer[int]
        starter: int
        draw_pile: int
        def __init__(self, round: _Optional[int] = ..., decisive: _Optional[bool] = ..., contenders: _Optional[_Iterable[int]] = ..., starter: _Optional[int] = ..., draw_pile: _Optional[int] = ...) -> None: ...
    class HandDealt(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class CardPlayed(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class Out(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class PileTaken(_message.Message):
        __slots__ = ("seat", "cards", "drawn", "stack_size")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        DRAWN_FIELD_NUMBER: _ClassVar[int]
        STACK_SIZE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        drawn: _containers.RepeatedScalarFieldContainer[str]
        stack_size: int
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., drawn: _Optional[_Iterable[str]] = ..., stack_size: _Optional[int] = ...) -> None: ...
    class RoundEnd(_message.Message):
        __slots__ = ("round", "decisive", "points", "stacks", "totals")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        DECISIVE_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        STACKS_FIELD_NUMBER: _ClassVar[int]
        TOTALS_FIELD_NUMBER: _ClassVar[int]
        round: int
        decisive: bool
        points: _containers.RepeatedScalarFieldContainer[int]
        stacks: _containers.RepeatedCompositeFieldContainer[InfernoCards]
        totals: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, round: _Optional[int] = ..., decisive: _Optional[bool] = ..., points: _Optional[_Iterable[int]] = ..., stacks: _Optional[_Iterable[_Union[InfernoCards, _Mapping]]] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...
    class MatchEnd(_message.Message):
        __slots__ = ("totals", "ranking", "winners")
        TOTALS_FIELD_NUMBER: _ClassVar[int]
        RANKING_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        totals: _containers.RepeatedScalarFieldContainer[int]
        ranking: _containers.RepeatedScalarFieldContainer[int]
        winners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, totals: _Optional[_Iterable[int]] = ..., ranking: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...
    ROUND_START_FIELD_NUMBER: _ClassVar[int]
    HAND_DEALT_FIELD_NUMBER: _ClassVar[int]
    LEAD_FIELD_NUMBER: _ClassVar[int]
    ADD_FIELD_NUMBER: _ClassVar[int]
    OUT_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    ROUND_END_FIELD_NUMBER: _ClassVar[int]
    MATCH_END_FIELD_NUMBER: _ClassVar[int]
    round_start: InfernoEvent.RoundStart
    hand_dealt: InfernoEvent.HandDealt
    lead: InfernoEvent.CardPlayed
    add: InfernoEvent.CardPlayed
    out: InfernoEvent.Out
    take: InfernoEvent.PileTaken
    round_end: InfernoEvent.RoundEnd
    match_end: InfernoEvent.MatchEnd
    def __init__(self, round_start: _Optional[_Union[InfernoEvent.RoundStart, _Mapping]] = ..., hand_dealt: _Optional[_Union[InfernoEvent.HandDealt, _Mapping]] = ..., lead: _Optional[_Union[InfernoEvent.CardPlayed, _Mapping]] = ..., add: _Optional[_Union[InfernoEvent.CardPlayed, _Mapping]] = ..., out: _Optional[_Union[InfernoEvent.Out, _Mapping]] = ..., take: _Optional[_Union[InfernoEvent.PileTaken, _Mapping]] = ..., round_end: _Optional[_Union[InfernoEvent.RoundEnd, _Mapping]] = ..., match_end: _Optional[_Union[InfernoEvent.MatchEnd, _Mapping]] = ...) -> None: ...
