from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class NumInfernoOptions(_message.Message):
    __slots__ = ("rounds",)
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    rounds: int
    def __init__(self, rounds: _Optional[int] = ...) -> None: ...

class NumInfernoAction(_message.Message):
    __slots__ = ("play", "pass_turn")
    class Play(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class Pass(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    PLAY_FIELD_NUMBER: _ClassVar[int]
    PASS_TURN_FIELD_NUMBER: _ClassVar[int]
    play: NumInfernoAction.Play
    pass_turn: NumInfernoAction.Pass
    def __init__(self, play: _Optional[_Union[NumInfernoAction.Play, _Mapping]] = ..., pass_turn: _Optional[_Union[NumInfernoAction.Pass, _Mapping]] = ...) -> None: ...

class NumInfernoPlay(_message.Message):
    __slots__ = ("seat", "cards", "top")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    top: str
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., top: _Optional[str] = ...) -> None: ...

class NumInfernoTrick(_message.Message):
    __slots__ = ("plays", "winner")
    PLAYS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    plays: _containers.RepeatedCompositeFieldContainer[NumInfernoPlay]
    winner: int
    def __init__(self, plays: _Optional[_Iterable[_Union[NumInfernoPlay, _Mapping]]] = ..., winner: _Optional[int] = ...) -> None: ...

class NumInfernoRound(_message.Message):
    __slots__ = ("round", "points", "order", "blocked")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_FIELD_NUMBER: _ClassVar[int]
    round: int
    points: _containers.RepeatedScalarFieldContainer[int]
    order: _containers.RepeatedScalarFieldContainer[int]
    blocked: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, round: _Optional[int] = ..., points: _Optional[_Iterable[int]] = ..., order: _Optional[_Iterable[int]] = ..., blocked: _Optional[_Iterable[int]] = ...) -> None: ...

class NumInfernoHand(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class NumInfernoView(_message.Message):
    __slots__ = ("phase", "round", "rounds", "starter", "hand_sizes", "direction", "req_count", "ref_value", "status", "trick", "passed", "last_player", "last_trick", "finished", "blocked", "totals", "round_wins", "history", "hand", "classic_in_hand", "hands")
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    STARTER_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    REQ_COUNT_FIELD_NUMBER: _ClassVar[int]
    REF_VALUE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    LAST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    LAST_TRICK_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    ROUND_WINS_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    CLASSIC_IN_HAND_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    phase: str
    round: int
    rounds: int
    starter: int
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    direction: str
    req_count: int
    ref_value: int
    status: str
    trick: _containers.RepeatedCompositeFieldContainer[NumInfernoPlay]
    passed: _containers.RepeatedScalarFieldContainer[int]
    last_player: int
    last_trick: NumInfernoTrick
    finished: _containers.RepeatedScalarFieldContainer[int]
    blocked: _containers.RepeatedScalarFieldContainer[int]
    totals: _containers.RepeatedScalarFieldContainer[int]
    round_wins: _containers.RepeatedScalarFieldContainer[int]
    history: _containers.RepeatedCompositeFieldContainer[NumInfernoRound]
    hand: _containers.RepeatedScalarFieldContainer[str]
    classic_in_hand: int
    hands: _containers.RepeatedCompositeFieldContainer[NumInfernoHand]
    def __init__(self, phase: _Optional[str] = ..., round: _Optional[int] = ..., rounds: _Optional[int] = ..., starter: _Optional[int] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., direction: _Optional[str] = ..., req_count: _Optional[int] = ..., ref_value: _Optional[int] = ..., status: _Optional[str] = ..., trick: _Optional[_Iterable[_Union[NumInfernoPlay, _Mapping]]] = ..., passed: _Optional[_Iterable[int]] = ..., last_player: _Optional[int] = ..., last_trick: _Optional[_Union[NumInfernoTrick, _Mapping]] = ..., finished: _Optional[_Iterable[int]] = ..., blocked: _Optional[_Iterable[int]] = ..., totals: _Optional[_Iterable[int]] = ..., round_wins: _Optional[_Iterable[int]] = ..., history: _Optional[_Iterable[_Union[NumInfernoRound, _Mapping]]] = ..., hand: _Optional[_Iterable[str]] = ..., classic_in_hand: _Optional[int] = ..., hands: _Optional[_Iterable[_Union[NumInfernoHand, _Mapping]]] = ...) -> None: ...

class NumInfernoEvent(_message.Message):
    __slots__ = ("deal", "hand", "play", "passed", "trick_won", "lead_passed", "finish", "blocked", "round_end", "game_over")
    class Deal(_message.Message):
        __slots__ = ("round", "rounds", "starter", "hand_sizes")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        ROUNDS_FIELD_NUMBER: _ClassVar[int]
        STARTER_FIELD_NUMBER: _ClassVar[int]
        HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
        round: int
        rounds: int
        starter: int
        hand_sizes: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, round: _Optional[int] = ..., rounds: _Optional[int] = ..., starter: _Optional[int] = ..., hand_sizes: _Optional[_Iterable[int]] = ...) -> None: ...
    class Hand(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class Played(_message.Message):
        __slots__ = ("seat", "cards", "top", "effects", "left")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        TOP_FIELD_NUMBER: _ClassVar[int]
        EFFECTS_FIELD_NUMBER: _ClassVar[int]
        LEFT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        top: str
        effects: _containers.RepeatedScalarFieldContainer[str]
        left: int
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., top: _Optional[str] = ..., effects: _Optional[_Iterable[str]] = ..., left: _Optional[int] = ...) -> None: ...
    class Passed(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class TrickWon(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class LeadPassed(_message.Message):
        __slots__ = ("skipped", "to_seat")
        SKIPPED_FIELD_NUMBER: _ClassVar[int]
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        skipped: _containers.RepeatedScalarFieldContainer[int]
        to_seat: int
        def __init__(self, skipped: _Optional[_Iterable[int]] = ..., to_seat: _Optional[int] = ...) -> None: ...
    class Finish(_message.Message):
        __slots__ = ("seat", "rank")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        RANK_FIELD_NUMBER: _ClassVar[int]
        seat: int
        rank: int
        def __init__(self, seat: _Optional[int] = ..., rank: _Optional[int] = ...) -> None: ...
    class Blocked(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class RoundEnd(_message.Message):
        __slots__ = ("round", "winner", "order", "blocked", "ranks", "points", "totals")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        WINNER_FIELD_NUMBER: _ClassVar[int]
        ORDER_FIELD_NUMBER: _ClassVar[int]
        BLOCKED_FIELD_NUMBER: _ClassVar[int]
        RANKS_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        TOTALS_FIELD_NUMBER: _ClassVar[int]
        round: int
        winner: int
        order: _containers.RepeatedScalarFieldContainer[int]
        blocked: _containers.RepeatedScalarFieldContainer[int]
        ranks: _containers.RepeatedScalarFieldContainer[int]
        points: _containers.RepeatedScalarFieldContainer[int]
        totals: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, round: _Optional[int] = ..., winner: _Optional[int] = ..., order: _Optional[_Iterable[int]] = ..., blocked: _Optional[_Iterable[int]] = ..., ranks: _Optional[_Iterable[int]] = ..., points: _Optional[_Iterable[int]] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...
    class GameOver(_message.Message):
        __slots__ = ("totals", "round_wins", "ranking", "winners")
        TOTALS_FIELD_NUMBER: _ClassVar[int]
        ROUND_WINS_FIELD_NUMBER: _ClassVar[int]
        RANKING_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        totals: _containers.RepeatedScalarFieldContainer[int]
        round_wins: _containers.RepeatedScalarFieldContainer[int]
        ranking: _containers.RepeatedScalarFieldContainer[int]
        winners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, totals: _Optional[_Iterable[int]] = ..., round_wins: _Optional[_Iterable[int]] = ..., ranking: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...
    DEAL_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    TRICK_WON_FIELD_NUMBER: _ClassVar[int]
    LEAD_PASSED_FIELD_NUMBER: _ClassVar[int]
    FINISH_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_FIELD_NUMBER: _ClassVar[int]
    ROUND_END_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    deal: NumInfernoEvent.Deal
    hand: NumInfernoEvent.Hand
    play: NumInfernoEvent.Played
    passed: NumInfernoEvent.Passed
    trick_won: NumInfernoEvent.TrickWon
    lead_passed: NumInfernoEvent.LeadPassed
    finish: NumInfernoEvent.Finish
    blocked: NumInfernoEvent.Blocked
    round_end: NumInfernoEvent.RoundEnd
    game_over: NumInfernoEvent.GameOver
    def __init__(self, deal: _Optional[_Union[NumInfernoEvent.Deal, _Mapping]] = ..., hand: _Optional[_Union[NumInfernoEvent.Hand, _Mapping]] = ..., play: _Optional[_Union[NumInfernoEvent.Played, _Mapping]] = ..., passed: _Optional[_Union[NumInfernoEvent.Passed, _Mapping]] = ..., trick_won: _Optional[_Union[NumInfernoEvent.TrickWon, _Mapping]] = ..., lead_passed: _Optional[_Union[NumInfernoEvent.LeadPassed, _Mapping]] = ..., finish: _Optional[_Union[NumInfernoEvent.Finish, _Mapping]] = ..., blocked: _Optional[_Union[NumInfernoEvent.Blocked, _Mapping]] = ..., round_end: _Optional[_Union[NumInfernoEvent.RoundEnd, _Mapping]] = ..., game_over: _Optional[_Union[NumInfernoEvent.GameOver, _Mapping]] = ...) -> None: ...
