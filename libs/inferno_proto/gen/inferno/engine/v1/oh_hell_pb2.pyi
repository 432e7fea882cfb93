from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class OhHellOrder(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OH_HELL_ORDER_UNSPECIFIED: _ClassVar[OhHellOrder]
    OH_HELL_ORDER_ASC: _ClassVar[OhHellOrder]
    OH_HELL_ORDER_DESC: _ClassVar[OhHellOrder]
    OH_HELL_ORDER_UP_DOWN: _ClassVar[OhHellOrder]
    OH_HELL_ORDER_DOWN_UP: _ClassVar[OhHellOrder]
OH_HELL_ORDER_UNSPECIFIED: OhHellOrder
OH_HELL_ORDER_ASC: OhHellOrder
OH_HELL_ORDER_DESC: OhHellOrder
OH_HELL_ORDER_UP_DOWN: OhHellOrder
OH_HELL_ORDER_DOWN_UP: OhHellOrder

class OhHellOptions(_message.Message):
    __slots__ = ("order", "hook", "simultaneous_bids", "la_podrida", "miss_scores_tricks", "zero_bid_alt")
    ORDER_FIELD_NUMBER: _ClassVar[int]
    HOOK_FIELD_NUMBER: _ClassVar[int]
    SIMULTANEOUS_BIDS_FIELD_NUMBER: _ClassVar[int]
    LA_PODRIDA_FIELD_NUMBER: _ClassVar[int]
    MISS_SCORES_TRICKS_FIELD_NUMBER: _ClassVar[int]
    ZERO_BID_ALT_FIELD_NUMBER: _ClassVar[int]
    order: OhHellOrder
    hook: bool
    simultaneous_bids: bool
    la_podrida: bool
    miss_scores_tricks: bool
    zero_bid_alt: bool
    def __init__(self, order: _Optional[_Union[OhHellOrder, str]] = ..., hook: _Optional[bool] = ..., simultaneous_bids: _Optional[bool] = ..., la_podrida: _Optional[bool] = ..., miss_scores_tricks: _Optional[bool] = ..., zero_bid_alt: _Optional[bool] = ...) -> None: ...

class OhHellAction(_message.Message):
    __slots__ = ("bid", "play")
    class Bid(_message.Message):
        __slots__ = ("count",)
        COUNT_FIELD_NUMBER: _ClassVar[int]
        count: int
        def __init__(self, count: _Optional[int] = ...) -> None: ...
    class Play(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: str
        def __init__(self, card: _Optional[str] = ...) -> None: ...
    BID_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    bid: OhHellAction.Bid
    play: OhHellAction.Play
    def __init__(self, bid: _Optional[_Union[OhHellAction.Bid, _Mapping]] = ..., play: _Optional[_Union[OhHellAction.Play, _Mapping]] = ...) -> None: ...

class OhHellSeat(_message.Message):
    __slots__ = ("seat", "has_bid", "bid", "tricks_won", "hand_size", "score")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAS_BID_FIELD_NUMBER: _ClassVar[int]
    BID_FIELD_NUMBER: _ClassVar[int]
    TRICKS_WON_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    has_bid: bool
    bid: int
    tricks_won: int
    hand_size: int
    score: int
    def __init__(self, seat: _Optional[int] = ..., has_bid: _Optional[bool] = ..., bid: _Optional[int] = ..., tricks_won: _Optional[int] = ..., hand_size: _Optional[int] = ..., score: _Optional[int] = ...) -> None: ...

class OhHellPlayedCard(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class OhHellTrick(_message.Message):
    __slots__ = ("leader", "cards", "winner")
    LEADER_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    leader: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    winner: int
    def __init__(self, leader: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., winner: _Optional[int] = ...) -> None: ...

class OhHellHandRecord(_message.Message):
    __slots__ = ("cards", "dealer", "trump_suit", "bids", "won", "points")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    TRUMP_SUIT_FIELD_NUMBER: _ClassVar[int]
    BIDS_FIELD_NUMBER: _ClassVar[int]
    WON_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    cards: int
    dealer: int
    trump_suit: str
    bids: _containers.RepeatedScalarFieldContainer[int]
    won: _containers.RepeatedScalarFieldContainer[int]
    points: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, cards: _Optional[int] = ..., dealer: _Optional[int] = ..., trump_suit: _Optional[str] = ..., bids: _Optional[_Iterable[int]] = ..., won: _Optional[_Iterable[int]] = ..., points: _Optional[_Iterable[int]] = ...) -> None: ...

class OhHellView(_message.Message):
    __slots__ = ("phase", "hand_number", "hands_total", "cards_this_hand", "dealer", "trump_card", "seats", "trick_leader", "current_trick", "last_trick", "history", "hand", "options", "all_hands")
    PHASE_FIELD_NUMBER: _ClassVar[int]
    HAND_NUMBER_FIELD_NUMBER: _ClassVar[int]
    HANDS_TOTAL_FIELD_NUMBER: _ClassVar[int]
    CARDS_THIS_HAND_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    TRUMP_CARD_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TRICK_LEADER_FIELD_NUMBER: _ClassVar[int]
    CURRENT_TRICK_FIELD_NUMBER: _ClassVar[int]
    LAST_TRICK_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    ALL_HANDS_FIELD_NUMBER: _ClassVar[int]
    phase: str
    hand_number: int
    hands_total: int
    cards_this_hand: int
    dealer: int
    trump_card: str
    seats: _containers.RepeatedCompositeFieldContainer[OhHellSeat]
    trick_leader: int
    current_trick: _containers.RepeatedCompositeFieldContainer[OhHellPlayedCard]
    last_trick: OhHellTrick
    history: _containers.RepeatedCompositeFieldContainer[OhHellHandRecord]
    hand: _containers.RepeatedScalarFieldContainer[str]
    options: OhHellOptions
    all_hands: _containers.RepeatedCompositeFieldContainer[OhHellHand]
    def __init__(self, phase: _Optional[str] = ..., hand_number: _Optional[int] = ..., hands_total: _Optional[int] = ..., cards_this_hand: _Optional[int] = ..., dealer: _Optional[int] = ..., trump_card: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[OhHellSeat, _Mapping]]] = ..., trick_leader: _Optional[int] = ..., current_trick: _Optional[_Iterable[_Union[OhHellPlayedCard, _Mapping]]] = ..., last_trick: _Optional[_Union[OhHellTrick, _Mapping]] = ..., history: _Optional[_Iterable[_Union[OhHellHandRecord, _Mapping]]] = ..., hand: _Optional[_Iterable[str]] = ..., options: _Optional[_Union[OhHellOptions, _Mapping]] = ..., all_hands: _Optional[_Iterable[_Union[OhHellHand, _Mapping]]] = ...) -> None: ...

class OhHellHand(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class OhHellEvent(_message.Message):
    __slots__ = ("hand_start", "hand_dealt", "bid", "bid_sealed", "bids_revealed", "play", "trick_won", "hand_scored", "game_end")
    class HandStart(_message.Message):
        __slots__ = ("hand", "hands", "dealer", "cards", "trump")
        HAND_FIELD_NUMBER: _ClassVar[int]
        HANDS_FIELD_NUMBER: _ClassVar[int]
        DEALER_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        TRUMP_FIELD_NUMBER: _ClassVar[int]
        hand: int
        hands: int
        dealer: int
        cards: int
        trump: str
        def __init__(self, hand: _Optional[int] = ..., hands: _Optional[int] = ..., dealer: _Optional[int] = ..., cards: _Optional[int] = ..., trump: _Optional[str] = ...) -> None: ...
    class HandDealt(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class BidMade(_message.Message):
        __slots__ = ("seat", "bid")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        BID_FIELD_NUMBER: _ClassVar[int]
        seat: int
        bid: int
        def __init__(self, seat: _Optional[int] = ..., bid: _Optional[int] = ...) -> None: ...
    class BidSealed(_message.Message):
        __slots__ = ("seat",)
        SEAT_FIELD_NUMBER: _ClassVar[int]
        seat: int
        def __init__(self, seat: _Optional[int] = ...) -> None: ...
    class BidsRevealed(_message.Message):
        __slots__ = ("bids",)
        BIDS_FIELD_NUMBER: _ClassVar[int]
        bids: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, bids: _Optional[_Iterable[int]] = ...) -> None: ...
    class CardPlayed(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class TrickWon(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class HandScored(_message.Message):
        __slots__ = ("hand", "bids", "won", "points", "scores")
        HAND_FIELD_NUMBER: _ClassVar[int]
        BIDS_FIELD_NUMBER: _ClassVar[int]
        WON_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        SCORES_FIELD_NUMBER: _ClassVar[int]
        hand: int
        bids: _containers.RepeatedScalarFieldContainer[int]
        won: _containers.RepeatedScalarFieldContainer[int]
        points: _containers.RepeatedScalarFieldContainer[int]
        scores: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, hand: _Optional[int] = ..., bids: _Optional[_Iterable[int]] = ..., won: _Optional[_Iterable[int]] = ..., points: _Optional[_Iterable[int]] = ..., scores: _Optional[_Iterable[int]] = ...) -> None: ...
    class GameEnd(_message.Message):
        __slots__ = ("scores", "ranking", "winners")
        SCORES_FIELD_NUMBER: _ClassVar[int]
        RANKING_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        scores: _containers.RepeatedScalarFieldContainer[int]
        ranking: _containers.RepeatedScalarFieldContainer[int]
        winners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, scores: _Optional[_Iterable[int]] = ..., ranking: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...
    HAND_START_FIELD_NUMBER: _ClassVar[int]
    HAND_DEALT_FIELD_NUMBER: _ClassVar[int]
    BID_FIELD_NUMBER: _ClassVar[int]
    BID_SEALED_FIELD_NUMBER: _ClassVar[int]
    BIDS_REVEALED_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    TRICK_WON_FIELD_NUMBER: _ClassVar[int]
    HAND_SCORED_FIELD_NUMBER: _ClassVar[int]
    GAME_END_FIELD_NUMBER: _ClassVar[int]
    hand_start: OhHellEvent.HandStart
    hand_dealt: OhHellEvent.HandDealt
    bid: OhHellEvent.BidMade
    bid_sealed: OhHellEvent.BidSealed
    bids_revealed: OhHellEvent.BidsRevealed
    play: OhHellEvent.CardPlayed
    trick_won: OhHellEvent.TrickWon
    hand_scored: OhHellEvent.HandScored
    game_end: OhHellEvent.GameEnd
    def __init__(self, hand_start: _Optional[_Union[OhHellEvent.HandStart, _Mapping]] = ..., hand_dealt: _Optional[_Union[OhHellEvent.HandDealt, _Mapping]] = ..., bid: _Optional[_Union[OhHellEvent.BidMade, _Mapping]] = ..., bid_sealed: _Optional[_Union[OhHellEvent.BidSealed, _Mapping]] = ..., bids_revealed: _Optional[_Union[OhHellEvent.BidsRevealed, _Mapping]] = ..., play: _Optional[_Union[OhHellEvent.CardPlayed, _Mapping]] = ..., trick_won: _Optional[_Union[OhHellEvent.TrickWon, _Mapping]] = ..., hand_scored: _Optional[_Union[OhHellEvent.HandScored, _Mapping]] = ..., game_end: _Optional[_Union[OhHellEvent.GameEnd, _Mapping]] = ...) -> None: ...
