from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BurnInHellMatch(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BURN_IN_HELL_MATCH_UNSPECIFIED: _ClassVar[BurnInHellMatch]
    BURN_IN_HELL_MATCH_SERIES: _ClassVar[BurnInHellMatch]
    BURN_IN_HELL_MATCH_OPEN: _ClassVar[BurnInHellMatch]
BURN_IN_HELL_MATCH_UNSPECIFIED: BurnInHellMatch
BURN_IN_HELL_MATCH_SERIES: BurnInHellMatch
BURN_IN_HELL_MATCH_OPEN: BurnInHellMatch

class BurnInHellOptions(_message.Message):
    __slots__ = ("deal_interval_ms", "match")
    DEAL_INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
    MATCH_FIELD_NUMBER: _ClassVar[int]
    deal_interval_ms: int
    match: BurnInHellMatch
    def __init__(self, deal_interval_ms: _Optional[int] = ..., match: _Optional[_Union[BurnInHellMatch, str]] = ...) -> None: ...

class BurnInHellAction(_message.Message):
    __slots__ = ("grab", "release", "form_circle", "offer", "accept", "reject", "withdraw", "play_special", "dig_pick", "discard_special", "finished")
    class Grab(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class Release(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class FormCircle(_message.Message):
        __slots__ = ("cards",)
        CARDS_FIELD_NUMBER: _ClassVar[int]
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class Offer(_message.Message):
        __slots__ = ("to_seat", "give", "want")
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        WANT_FIELD_NUMBER: _ClassVar[int]
        to_seat: int
        give: _containers.RepeatedScalarFieldContainer[str]
        want: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, to_seat: _Optional[int] = ..., give: _Optional[_Iterable[str]] = ..., want: _Optional[_Iterable[str]] = ...) -> None: ...
    class Accept(_message.Message):
        __slots__ = ("offer_id",)
        OFFER_ID_FIELD_NUMBER: _ClassVar[int]
        offer_id: int
        def __init__(self, offer_id: _Optional[int] = ...) -> None: ...
    class Reject(_message.Message):
        __slots__ = ("offer_id",)
        OFFER_ID_FIELD_NUMBER: _ClassVar[int]
        offer_id: int
        def __init__(self, offer_id: _Optional[int] = ...) -> None: ...
    class Withdraw(_message.Message):
        __slots__ = ("offer_id",)
        OFFER_ID_FIELD_NUMBER: _ClassVar[int]
        offer_id: int
        def __init__(self, offer_id: _Optional[int] = ...) -> None: ...
    class PlaySpecial(_message.Message):
        __slots__ = ("card", "victim", "target")
        CARD_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        card: str
        victim: int
        target: str
        def __init__(self, card: _Optional[str] = ..., victim: _Optional[int] = ..., target: _Optional[str] = ...) -> None: ...
    class DigPick(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: str
        def __init__(self, card: _Optional[str] = ...) -> None: ...
    class DiscardSpecial(_message.Message):
        __slots__ = ("card",)
        CARD_FIELD_NUMBER: _ClassVar[int]
        card: str
        def __init__(self, card: _Optional[str] = ...) -> None: ...
    class Finished(_message.Message):
        __slots__ = ("on",)
        ON_FIELD_NUMBER: _ClassVar[int]
        on: bool
        def __init__(self, on: _Optional[bool] = ...) -> None: ...
    GRAB_FIELD_NUMBER: _ClassVar[int]
    RELEASE_FIELD_NUMBER: _ClassVar[int]
    FORM_CIRCLE_FIELD_NUMBER: _ClassVar[int]
    OFFER_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    REJECT_FIELD_NUMBER: _ClassVar[int]
    WITHDRAW_FIELD_NUMBER: _ClassVar[int]
    PLAY_SPECIAL_FIELD_NUMBER: _ClassVar[int]
    DIG_PICK_FIELD_NUMBER: _ClassVar[int]
    DISCARD_SPECIAL_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    grab: BurnInHellAction.Grab
    release: BurnInHellAction.Release
    form_circle: BurnInHellAction.FormCircle
    offer: BurnInHellAction.Offer
    accept: BurnInHellAction.Accept
    reject: BurnInHellAction.Reject
    withdraw: BurnInHellAction.Withdraw
    play_special: BurnInHellAction.PlaySpecial
    dig_pick: BurnInHellAction.DigPick
    discard_special: BurnInHellAction.DiscardSpecial
    finished: BurnInHellAction.Finished
    def __init__(self, grab: _Optional[_Union[BurnInHellAction.Grab, _Mapping]] = ..., release: _Optional[_Union[BurnInHellAction.Release, _Mapping]] = ..., form_circle: _Optional[_Union[BurnInHellAction.FormCircle, _Mapping]] = ..., offer: _Optional[_Union[BurnInHellAction.Offer, _Mapping]] = ..., accept: _Optional[_Union[BurnInHellAction.Accept, _Mapping]] = ..., reject: _Optional[_Union[BurnInHellAction.Reject, _Mapping]] = ..., withdraw: _Optional[_Union[BurnInHellAction.Withdraw, _Mapping]] = ..., play_special: _Optional[_Union[BurnInHellAction.PlaySpecial, _Mapping]] = ..., dig_pick: _Optional[_Union[BurnInHellAction.DigPick, _Mapping]] = ..., discard_special: _Optional[_Union[BurnInHellAction.DiscardSpecial, _Mapping]] = ..., finished: _Optional[_Union[BurnInHellAction.Finished, _Mapping]] = ...) -> None: ...

class BurnInHellSeat(_message.Message):
    __slots__ = ("seat", "table", "held", "holding", "hold_until", "grab_cooldown_until", "finished", "circles")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    HELD_FIELD_NUMBER: _ClassVar[int]
    HOLDING_FIELD_NUMBER: _ClassVar[int]
    HOLD_UNTIL_FIELD_NUMBER: _ClassVar[int]
    GRAB_COOLDOWN_UNTIL_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    CIRCLES_FIELD_NUMBER: _ClassVar[int]
    seat: int
    table: _containers.RepeatedScalarFieldContainer[str]
    held: _containers.RepeatedScalarFieldContainer[str]
    holding: bool
    hold_until: int
    grab_cooldown_until: int
    finished: bool
    circles: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., table: _Optional[_Iterable[str]] = ..., held: _Optional[_Iterable[str]] = ..., holding: _Optional[bool] = ..., hold_until: _Optional[int] = ..., grab_cooldown_until: _Optional[int] = ..., finished: _Optional[bool] = ..., circles: _Optional[_Iterable[int]] = ...) -> None: ...

class BurnInHellOffer(_message.Message):
    __slots__ = ("id", "from_seat", "to_seat", "give", "want", "expires_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_SEAT_FIELD_NUMBER: _ClassVar[int]
    GIVE_FIELD_NUMBER: _ClassVar[int]
    WANT_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    id: int
    from_seat: int
    to_seat: int
    give: _containers.RepeatedScalarFieldContainer[str]
    want: _containers.RepeatedScalarFieldContainer[str]
    expires_at: int
    def __init__(self, id: _Optional[int] = ..., from_seat: _Optional[int] = ..., to_seat: _Optional[int] = ..., give: _Optional[_Iterable[str]] = ..., want: _Optional[_Iterable[str]] = ..., expires_at: _Optional[int] = ...) -> None: ...

class BurnInHellDig(_message.Message):
    __slots__ = ("seat", "until")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    UNTIL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    until: int
    def __init__(self, seat: _Optional[int] = ..., until: _Optional[int] = ...) -> None: ...

class BurnInHellCircle(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class BurnInHellCircles(_message.Message):
    __slots__ = ("circles",)
    CIRCLES_FIELD_NUMBER: _ClassVar[int]
    circles: _containers.RepeatedCompositeFieldContainer[BurnInHellCircle]
    def __init__(self, circles: _Optional[_Iterable[_Union[BurnInHellCircle, _Mapping]]] = ...) -> None: ...

class BurnInHellRoundRecord(_message.Message):
    __slots__ = ("round", "reason", "points")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    round: int
    reason: str
    points: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, round: _Optional[int] = ..., reason: _Optional[str] = ..., points: _Optional[_Iterable[int]] = ...) -> None: ...

class BurnInHellView(_message.Message):
    __slots__ = ("phase", "round", "rounds", "match", "now", "deal_interval_ms", "round_starts_at", "first_seat", "next_deal_at", "paused_until", "deck_count", "discard_count", "discard_top", "ends_by_e1_at", "seats", "offers", "digs", "totals", "history", "winners", "my_circles", "digging", "dig_pile", "all_circles", "discard", "deck")
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    MATCH_FIELD_NUMBER: _ClassVar[int]
    NOW_FIELD_NUMBER: _ClassVar[int]
    DEAL_INTERVAL_MS_FIELD_NUMBER: _ClassVar[int]
    ROUND_STARTS_AT_FIELD_NUMBER: _ClassVar[int]
    FIRST_SEAT_FIELD_NUMBER: _ClassVar[int]
    NEXT_DEAL_AT_FIELD_NUMBER: _ClassVar[int]
    PAUSED_UNTIL_FIELD_NUMBER: _ClassVar[int]
    DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_TOP_FIELD_NUMBER: _ClassVar[int]
    ENDS_BY_E1_AT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    OFFERS_FIELD_NUMBER: _ClassVar[int]
    DIGS_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    MY_CIRCLES_FIELD_NUMBER: _ClassVar[int]
    DIGGING_FIELD_NUMBER: _ClassVar[int]
    DIG_PILE_FIELD_NUMBER: _ClassVar[int]
    ALL_CIRCLES_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    phase: str
    round: int
    rounds: int
    match: BurnInHellMatch
    now: int
    deal_interval_ms: int
    round_starts_at: int
    first_seat: int
    next_deal_at: int
    paused_until: int
    deck_count: int
    discard_count: int
    discard_top: str
    ends_by_e1_at: int
    seats: _containers.RepeatedCompositeFieldContainer[BurnInHellSeat]
    offers: _containers.RepeatedCompositeFieldContainer[BurnInHellOffer]
    digs: _containers.RepeatedCompositeFieldContainer[BurnInHellDig]
    totals: _containers.RepeatedScalarFieldContainer[int]
    history: _containers.RepeatedCompositeFieldContainer[BurnInHellRoundRecord]
    winners: _containers.RepeatedScalarFieldContainer[int]
    my_circles: _containers.RepeatedCompositeFieldContainer[BurnInHellCircle]
    digging: bool
    dig_pile: _containers.RepeatedScalarFieldContainer[str]
    all_circles: _containers.RepeatedCompositeFieldContainer[BurnInHellCircles]
    discard: _containers.RepeatedScalarFieldContainer[str]
    deck: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, phase: _Optional[str] = ..., round: _Optional[int] = ..., rounds: _Optional[int] = ..., match: _Optional[_Union[BurnInHellMatch, str]] = ..., now: _Optional[int] = ..., deal_interval_ms: _Optional[int] = ..., round_starts_at: _Optional[int] = ..., first_seat: _Optional[int] = ..., next_deal_at: _Optional[int] = ..., paused_until: _Optional[int] = ..., deck_count: _Optional[int] = ..., discard_count: _Optional[int] = ..., discard_top: _Optional[str] = ..., ends_by_e1_at: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[BurnInHellSeat, _Mapping]]] = ..., offers: _Optional[_Iterable[_Union[BurnInHellOffer, _Mapping]]] = ..., digs: _Optional[_Iterable[_Union[BurnInHellDig, _Mapping]]] = ..., totals: _Optional[_Iterable[int]] = ..., history: _Optional[_Iterable[_Union[BurnInHellRoundRecord, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ..., my_circles: _Optional[_Iterable[_Union[BurnInHellCircle, _Mapping]]] = ..., digging: _Optional[bool] = ..., dig_pile: _Optional[_Iterable[str]] = ..., all_circles: _Optional[_Iterable[_Union[BurnInHellCircles, _Mapping]]] = ..., discard: _Optional[_Iterable[str]] = ..., deck: _Optional[_Iterable[str]] = ...) -> None: ...

class BurnInHellEvent(_message.Message):
    __slots__ = ("at", "round_countdown", "round_started", "dealt", "deal_skipped", "deck_empty", "grabbed", "released", "hold_ended", "circle_formed", "circle_contents", "offer_made", "offer_accepted", "offer_rejected", "offer_withdrawn", "offer_expired", "offer_voided", "special_played", "deal_paused", "deal_resumed", "soul_stolen", "special_stolen", "lake_of_fire", "dig_opened", "dig_pile", "dig_picked", "dig_expired", "special_discarded", "finished_flag", "round_scored", "game_over")
    class RoundCountdown(_message.Message):
        __slots__ = ("round", "rounds", "starts_at", "first_seat")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        ROUNDS_FIELD_NUMBER: _ClassVar[int]
        STARTS_AT_FIELD_NUMBER: _ClassVar[int]
        FIRST_SEAT_FIELD_NUMBER: _ClassVar[int]
        round: int
        rounds: int
        starts_at: int
        first_seat: int
        def __init__(self, round: _Optional[int] = ..., rounds: _Optional[int] = ..., starts_at: _Optional[int] = ..., first_seat: _Optional[int] = ...) -> None: ...
    class RoundStarted(_message.Message):
        __slots__ = ("round", "deck", "first_seat")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        DECK_FIELD_NUMBER: _ClassVar[int]
        FIRST_SEAT_FIELD_NUMBER: _ClassVar[int]
        round: int
        deck: int
        first_seat: int
        def __init__(self, round: _Optional[int] = ..., deck: _Optional[int] = ..., first_seat: _Optional[int] = ...) -> None: ...
    class Dealt(_message.Message):
        __slots__ = ("seat", "card", "skipped", "deck")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        SKIPPED_FIELD_NUMBER: _ClassVar[int]
        DECK_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        skipped: _containers.RepeatedScalarFieldContainer[int]
        deck: int
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., skipped: _Optional[_Iterable[int]] = ..., deck: _Optional[int] = ...) -> None: ...
    class DealSkipped(_message.Message):
        __slots__ = ("skipped", "deck")
        SKIPPED_FIELD_NUMBER: _ClassVar[int]
        DECK_FIELD_NUMBER: _ClassVar[int]
        skipped: _containers.RepeatedScalarFieldContainer[int]
        deck: int
        def __init__(self, skipped: _Optional[_Iterable[int]] = ..., deck: _Optional[int] = ...) -> None: ...
    class DeckEmpty(_message.Message):
        __slots__ = ("ends_by_e1_at",)
        ENDS_BY_E1_AT_FIELD_NUMBER: _ClassVar[int]
        ends_by_e1_at: int
        def __init__(self, ends_by_e1_at: _Optional[int] = ...) -> None: ...
    class Grabbed(_message.Message):
        __slots__ = ("seat", "cards", "hold_until")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        HOLD_UNTIL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        hold_until: int
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., hold_until: _Optional[int] = ...) -> None: ...
    class Released(_message.Message):
        __slots__ = ("seat", "cards", "auto")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        AUTO_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        auto: bool
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., auto: _Optional[bool] = ...) -> None: ...
    class HoldEnded(_message.Message):
        __slots__ = ("seat", "cooldown_until")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        COOLDOWN_UNTIL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cooldown_until: int
        def __init__(self, seat: _Optional[int] = ..., cooldown_until: _Optional[int] = ...) -> None: ...
    class CircleFormed(_message.Message):
        __slots__ = ("seat", "size", "circles")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        SIZE_FIELD_NUMBER: _ClassVar[int]
        CIRCLES_FIELD_NUMBER: _ClassVar[int]
        seat: int
        size: int
        circles: int
        def __init__(self, seat: _Optional[int] = ..., size: _Optional[int] = ..., circles: _Optional[int] = ...) -> None: ...
    class CircleContents(_message.Message):
        __slots__ = ("seat", "index", "cards", "type")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        INDEX_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        TYPE_FIELD_NUMBER: _ClassVar[int]
        seat: int
        index: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        type: str
        def __init__(self, seat: _Optional[int] = ..., index: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., type: _Optional[str] = ...) -> None: ...
    class OfferMade(_message.Message):
        __slots__ = ("offer", "from_seat", "to_seat", "give", "want", "expires_at")
        OFFER_FIELD_NUMBER: _ClassVar[int]
        FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        WANT_FIELD_NUMBER: _ClassVar[int]
        EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
        offer: int
        from_seat: int
        to_seat: int
        give: _containers.RepeatedScalarFieldContainer[str]
        want: _containers.RepeatedScalarFieldContainer[str]
        expires_at: int
        def __init__(self, offer: _Optional[int] = ..., from_seat: _Optional[int] = ..., to_seat: _Optional[int] = ..., give: _Optional[_Iterable[str]] = ..., want: _Optional[_Iterable[str]] = ..., expires_at: _Optional[int] = ...) -> None: ...
    class OfferAccepted(_message.Message):
        __slots__ = ("offer", "from_seat", "to_seat", "give", "want")
        OFFER_FIELD_NUMBER: _ClassVar[int]
        FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        GIVE_FIELD_NUMBER: _ClassVar[int]
        WANT_FIELD_NUMBER: _ClassVar[int]
        offer: int
        from_seat: int
        to_seat: int
        give: _containers.RepeatedScalarFieldContainer[str]
        want: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, offer: _Optional[int] = ..., from_seat: _Optional[int] = ..., to_seat: _Optional[int] = ..., give: _Optional[_Iterable[str]] = ..., want: _Optional[_Iterable[str]] = ...) -> None: ...
    class OfferClosed(_message.Message):
        __slots__ = ("offer", "from_seat", "to_seat")
        OFFER_FIELD_NUMBER: _ClassVar[int]
        FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        offer: int
        from_seat: int
        to_seat: int
        def __init__(self, offer: _Optional[int] = ..., from_seat: _Optional[int] = ..., to_seat: _Optional[int] = ...) -> None: ...
    class OfferVoided(_message.Message):
        __slots__ = ("offer", "from_seat", "to_seat", "card")
        OFFER_FIELD_NUMBER: _ClassVar[int]
        FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
        TO_SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        offer: int
        from_seat: int
        to_seat: int
        card: str
        def __init__(self, offer: _Optional[int] = ..., from_seat: _Optional[int] = ..., to_seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class SpecialPlayed(_message.Message):
        __slots__ = ("seat", "card", "victim", "target")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        TARGET_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        victim: int
        target: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., victim: _Optional[int] = ..., target: _Optional[str] = ...) -> None: ...
    class DealPaused(_message.Message):
        __slots__ = ("seat", "until")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        UNTIL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        until: int
        def __init__(self, seat: _Optional[int] = ..., until: _Optional[int] = ...) -> None: ...
    class DealResumed(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class CardTaken(_message.Message):
        __slots__ = ("thief", "victim", "card")
        THIEF_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        thief: int
        victim: int
        card: str
        def __init__(self, thief: _Optional[int] = ..., victim: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class LakeOfFire(_message.Message):
        __slots__ = ("seat", "victim", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        VICTIM_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        victim: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., victim: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class DigOpened(_message.Message):
        __slots__ = ("seat", "until")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        UNTIL_FIELD_NUMBER: _ClassVar[int]
        seat: int
        until: int
        def __init__(self, seat: _Optional[int] = ..., until: _Optional[int] = ...) -> None: ...
    class DigPile(_message.Message):
        __slots__ = ("seat", "cards")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARDS_FIELD_NUMBER: _ClassVar[int]
        seat: int
        cards: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...
    class SeatCard(_message.Message):
        __slots__ = ("seat", "card")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        CARD_FIELD_NUMBER: _ClassVar[int]
        seat: int
        card: str
        def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...
    class FinishedFlag(_message.Message):
        __slots__ = ("seat", "on")
        SEAT_FIELD_NUMBER: _ClassVar[int]
        ON_FIELD_NUMBER: _ClassVar[int]
        seat: int
        on: bool
        def __init__(self, seat: _Optional[int] = ..., on: _Optional[bool] = ...) -> None: ...
    class RoundScored(_message.Message):
        __slots__ = ("round", "reason", "points", "totals", "circles", "discard")
        ROUND_FIELD_NUMBER: _ClassVar[int]
        REASON_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        TOTALS_FIELD_NUMBER: _ClassVar[int]
        CIRCLES_FIELD_NUMBER: _ClassVar[int]
        DISCARD_FIELD_NUMBER: _ClassVar[int]
        round: int
        reason: str
        points: _containers.RepeatedScalarFieldContainer[int]
        totals: _containers.RepeatedScalarFieldContainer[int]
        circles: _containers.RepeatedCompositeFieldContainer[BurnInHellCircles]
        discard: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, round: _Optional[int] = ..., reason: _Optional[str] = ..., points: _Optional[_Iterable[int]] = ..., totals: _Optional[_Iterable[int]] = ..., circles: _Optional[_Iterable[_Union[BurnInHellCircles, _Mapping]]] = ..., discard: _Optional[_Iterable[str]] = ...) -> None: ...
    class GameOver(_message.Message):
        __slots__ = ("totals", "ranking", "winners")
        TOTALS_FIELD_NUMBER: _ClassVar[int]
        RANKING_FIELD_NUMBER: _ClassVar[int]
        WINNERS_FIELD_NUMBER: _ClassVar[int]
        totals: _containers.RepeatedScalarFieldContainer[int]
        ranking: _containers.RepeatedScalarFieldContainer[int]
        winners: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, totals: _Optional[_Iterable[int]] = ..., ranking: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...
    AT_FIELD_NUMBER: _ClassVar[int]
    ROUND_COUNTDOWN_FIELD_NUMBER: _ClassVar[int]
    ROUND_STARTED_FIELD_NUMBER: _ClassVar[int]
    DEALT_FIELD_NUMBER: _ClassVar[int]
    DEAL_SKIPPED_FIELD_NUMBER: _ClassVar[int]
    DECK_EMPTY_FIELD_NUMBER: _ClassVar[int]
    GRABBED_FIELD_NUMBER: _ClassVar[int]
    RELEASED_FIELD_NUMBER: _ClassVar[int]
    HOLD_ENDED_FIELD_NUMBER: _ClassVar[int]
    CIRCLE_FORMED_FIELD_NUMBER: _ClassVar[int]
    CIRCLE_CONTENTS_FIELD_NUMBER: _ClassVar[int]
    OFFER_MADE_FIELD_NUMBER: _ClassVar[int]
    OFFER_ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    OFFER_REJECTED_FIELD_NUMBER: _ClassVar[int]
    OFFER_WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    OFFER_EXPIRED_FIELD_NUMBER: _ClassVar[int]
    OFFER_VOIDED_FIELD_NUMBER: _ClassVar[int]
    SPECIAL_PLAYED_FIELD_NUMBER: _ClassVar[int]
    DEAL_PAUSED_FIELD_NUMBER: _ClassVar[int]
    DEAL_RESUMED_FIELD_NUMBER: _ClassVar[int]
    SOUL_STOLEN_FIELD_NUMBER: _ClassVar[int]
    SPECIAL_STOLEN_FIELD_NUMBER: _ClassVar[int]
    LAKE_OF_FIRE_FIELD_NUMBER: _ClassVar[int]
    DIG_OPENED_FIELD_NUMBER: _ClassVar[int]
    DIG_PILE_FIELD_NUMBER: _ClassVar[int]
    DIG_PICKED_FIELD_NUMBER: _ClassVar[int]
    DIG_EXPIRED_FIELD_NUMBER: _ClassVar[int]
    SPECIAL_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FLAG_FIELD_NUMBER: _ClassVar[int]
    ROUND_SCORED_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    at: int
    round_countdown: BurnInHellEvent.RoundCountdown
    round_started: BurnInHellEvent.RoundStarted
    dealt: BurnInHellEvent.Dealt
    deal_skipped: BurnInHellEvent.DealSkipped
    deck_empty: BurnInHellEvent.DeckEmpty
    grabbed: BurnInHellEvent.Grabbed
    released: BurnInHellEvent.Released
    hold_ended: BurnInHellEvent.HoldEnded
    circle_formed: BurnInHellEvent.CircleFormed
    circle_contents: BurnInHellEvent.CircleContents
    offer_made: BurnInHellEvent.OfferMade
    offer_accepted: BurnInHellEvent.OfferAccepted
    offer_rejected: BurnInHellEvent.OfferClosed
    offer_withdrawn: BurnInHellEvent.OfferClosed
    offer_expired: BurnInHellEvent.OfferClosed
    offer_voided: BurnInHellEvent.OfferVoided
    special_played: BurnInHellEvent.SpecialPlayed
    deal_paused: BurnInHellEvent.DealPaused
    deal_resumed: BurnInHellEvent.DealResumed
    soul_stolen: BurnInHellEvent.CardTaken
    special_stolen: BurnInHellEvent.CardTaken
    lake_of_fire: BurnInHellEvent.LakeOfFire
    dig_opened: BurnInHellEvent.DigOpened
    dig_pile: BurnInHellEvent.DigPile
    dig_picked: BurnInHellEvent.SeatCard
    dig_expired: BurnInHellEvent.SeatCard
    special_discarded: BurnInHellEvent.SeatCard
    finished_flag: BurnInHellEvent.FinishedFlag
    round_scored: BurnInHellEvent.RoundScored
    game_over: BurnInHellEvent.GameOver
    def __init__(self, at: _Optional[int] = ..., round_countdown: _Optional[_Union[BurnInHellEvent.RoundCountdown, _Mapping]] = ..., round_started: _Optional[_Union[BurnInHellEvent.RoundStarted, _Mapping]] = ..., dealt: _Optional[_Union[BurnInHellEvent.Dealt, _Mapping]] = ..., deal_skipped: _Optional[_Union[BurnInHellEvent.DealSkipped, _Mapping]] = ..., deck_empty: _Optional[_Union[BurnInHellEvent.DeckEmpty, _Mapping]] = ..., grabbed: _Optional[_Union[BurnInHellEvent.Grabbed, _Mapping]] = ..., released: _Optional[_Union[BurnInHellEvent.Released, _Mapping]] = ..., hold_ended: _Optional[_Union[BurnInHellEvent.HoldEnded, _Mapping]] = ..., circle_formed: _Optional[_Union[BurnInHellEvent.CircleFormed, _Mapping]] = ..., circle_contents: _Optional[_Union[BurnInHellEvent.CircleContents, _Mapping]] = ..., offer_made: _Optional[_Union[BurnInHellEvent.OfferMade, _Mapping]] = ..., offer_accepted: _Optional[_Union[BurnInHellEvent.OfferAccepted, _Mapping]] = ..., offer_rejected: _Optional[_Union[BurnInHellEvent.OfferClosed, _Mapping]] = ..., offer_withdrawn: _Optional[_Union[BurnInHellEvent.OfferClosed, _Mapping]] = ..., offer_expired: _Optional[_Union[BurnInHellEvent.OfferClosed, _Mapping]] = ..., offer_voided: _Optional[_Union[BurnInHellEvent.OfferVoided, _Mapping]] = ..., special_played: _Optional[_Union[BurnInHellEvent.SpecialPlayed, _Mapping]] = ..., deal_paused: _Optional[_Union[BurnInHellEvent.DealPaused, _Mapping]] = ..., deal_resumed: _Optional[_Union[BurnInHellEvent.DealResumed, _Mapping]] = ..., soul_stolen: _Optional[_Union[BurnInHellEvent.CardTaken, _Mapping]] = ..., special_stolen: _Optional[_Union[BurnInHellEvent.CardTaken, _Mapping]] = ..., lake_of_fire: _Optional[_Union[BurnInHellEvent.LakeOfFire, _Mapping]] = ..., dig_opened: _Optional[_Union[BurnInHellEvent.DigOpened, _Mapping]] = ..., dig_pile: _Optional[_Union[BurnInHellEvent.DigPile, _Mapping]] = ..., dig_picked: _Optional[_Union[BurnInHellEvent.SeatCard, _Mapping]] = ..., dig_expired: _Optional[_Union[BurnInHellEvent.SeatCard, _Mapping]] = ..., special_discarded: _Optional[_Union[BurnInHellEvent.SeatCard, _Mapping]] = ..., finished_flag: _Optional[_Union[BurnInHellEvent.FinishedFlag, _Mapping]] = ..., round_scored: _Optional[_Union[BurnInHellEvent.RoundScored, _Mapping]] = ..., game_over: _Optional[_Union[BurnInHellEvent.GameOver, _Mapping]] = ...) -> None: ...
