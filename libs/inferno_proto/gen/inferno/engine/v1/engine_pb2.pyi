from inferno.engine.v1 import burn_in_hell_pb2 as _burn_in_hell_pb2
from inferno.engine.v1 import dantes_inferno_pb2 as _dantes_inferno_pb2
from inferno.engine.v1 import inferno_pb2 as _inferno_pb2
from inferno.engine.v1 import num_inferno_pb2 as _num_inferno_pb2
from inferno.engine.v1 import oh_hell_pb2 as _oh_hell_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TableStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TABLE_STATUS_UNSPECIFIED: _ClassVar[TableStatus]
    TABLE_STATUS_LIVE: _ClassVar[TableStatus]
    TABLE_STATUS_PAUSED: _ClassVar[TableStatus]
    TABLE_STATUS_FINISHED: _ClassVar[TableStatus]
    TABLE_STATUS_ABORTED: _ClassVar[TableStatus]
TABLE_STATUS_UNSPECIFIED: TableStatus
TABLE_STATUS_LIVE: TableStatus
TABLE_STATUS_PAUSED: TableStatus
TABLE_STATUS_FINISHED: TableStatus
TABLE_STATUS_ABORTED: TableStatus

class GameOptions(_message.Message):
    __slots__ = ("oh_hell", "inferno", "burn_in_hell", "num_inferno", "dantes_inferno")
    OH_HELL_FIELD_NUMBER: _ClassVar[int]
    INFERNO_FIELD_NUMBER: _ClassVar[int]
    BURN_IN_HELL_FIELD_NUMBER: _ClassVar[int]
    NUM_INFERNO_FIELD_NUMBER: _ClassVar[int]
    DANTES_INFERNO_FIELD_NUMBER: _ClassVar[int]
    oh_hell: _oh_hell_pb2.OhHellOptions
    inferno: _inferno_pb2.InfernoOptions
    burn_in_hell: _burn_in_hell_pb2.BurnInHellOptions
    num_inferno: _num_inferno_pb2.NumInfernoOptions
    dantes_inferno: _dantes_inferno_pb2.DantesInfernoOptions
    def __init__(self, oh_hell: _Optional[_Union[_oh_hell_pb2.OhHellOptions, _Mapping]] = ..., inferno: _Optional[_Union[_inferno_pb2.InfernoOptions, _Mapping]] = ..., burn_in_hell: _Optional[_Union[_burn_in_hell_pb2.BurnInHellOptions, _Mapping]] = ..., num_inferno: _Optional[_Union[_num_inferno_pb2.NumInfernoOptions, _Mapping]] = ..., dantes_inferno: _Optional[_Union[_dantes_inferno_pb2.DantesInfernoOptions, _Mapping]] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("oh_hell", "inferno", "burn_in_hell", "num_inferno", "dantes_inferno")
    OH_HELL_FIELD_NUMBER: _ClassVar[int]
    INFERNO_FIELD_NUMBER: _ClassVar[int]
    BURN_IN_HELL_FIELD_NUMBER: _ClassVar[int]
    NUM_INFERNO_FIELD_NUMBER: _ClassVar[int]
    DANTES_INFERNO_FIELD_NUMBER: _ClassVar[int]
    oh_hell: _oh_hell_pb2.OhHellAction
    inferno: _inferno_pb2.InfernoAction
    burn_in_hell: _burn_in_hell_pb2.BurnInHellAction
    num_inferno: _num_inferno_pb2.NumInfernoAction
    dantes_inferno: _dantes_inferno_pb2.DantesInfernoAction
    def __init__(self, oh_hell: _Optional[_Union[_oh_hell_pb2.OhHellAction, _Mapping]] = ..., inferno: _Optional[_Union[_inferno_pb2.InfernoAction, _Mapping]] = ..., burn_in_hell: _Optional[_Union[_burn_in_hell_pb2.BurnInHellAction, _Mapping]] = ..., num_inferno: _Optional[_Union[_num_inferno_pb2.NumInfernoAction, _Mapping]] = ..., dantes_inferno: _Optional[_Union[_dantes_inferno_pb2.DantesInfernoAction, _Mapping]] = ...) -> None: ...

class Seat(_message.Message):
    __slots__ = ("seat", "player_id", "name", "bot", "abandoned")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    ABANDONED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    player_id: str
    name: str
    bot: bool
    abandoned: bool
    def __init__(self, seat: _Optional[int] = ..., player_id: _Optional[str] = ..., name: _Optional[str] = ..., bot: _Optional[bool] = ..., abandoned: _Optional[bool] = ...) -> None: ...

class Decision(_message.Message):
    __slots__ = ("seats", "simultaneous", "waiting_on")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SIMULTANEOUS_FIELD_NUMBER: _ClassVar[int]
    WAITING_ON_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    simultaneous: bool
    waiting_on: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ..., simultaneous: _Optional[bool] = ..., waiting_on: _Optional[_Iterable[int]] = ...) -> None: ...

class Clocks(_message.Message):
    __slots__ = ("server_time_ms", "decision_since_ms", "deadline_ms", "turn_seconds", "bank_seconds", "increment_seconds", "grace_seconds", "game_time_ms", "next_tick_at_ms", "seats", "hand_over_after")
    SERVER_TIME_MS_FIELD_NUMBER: _ClassVar[int]
    DECISION_SINCE_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    TURN_SECONDS_FIELD_NUMBER: _ClassVar[int]
    BANK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    GRACE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    GAME_TIME_MS_FIELD_NUMBER: _ClassVar[int]
    NEXT_TICK_AT_MS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    HAND_OVER_AFTER_FIELD_NUMBER: _ClassVar[int]
    server_time_ms: int
    decision_since_ms: int
    deadline_ms: int
    turn_seconds: int
    bank_seconds: int
    increment_seconds: int
    grace_seconds: int
    game_time_ms: int
    next_tick_at_ms: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatClock]
    hand_over_after: int
    def __init__(self, server_time_ms: _Optional[int] = ..., decision_since_ms: _Optional[int] = ..., deadline_ms: _Optional[int] = ..., turn_seconds: _Optional[int] = ..., bank_seconds: _Optional[int] = ..., increment_seconds: _Optional[int] = ..., grace_seconds: _Optional[int] = ..., game_time_ms: _Optional[int] = ..., next_tick_at_ms: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatClock, _Mapping]]] = ..., hand_over_after: _Optional[int] = ...) -> None: ...

class SeatClock(_message.Message):
    __slots__ = ("seat", "bank_ms", "deciding", "since_ms", "turn_deadline_ms", "deadline_ms", "timeouts_in_row")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BANK_MS_FIELD_NUMBER: _ClassVar[int]
    DECIDING_FIELD_NUMBER: _ClassVar[int]
    SINCE_MS_FIELD_NUMBER: _ClassVar[int]
    TURN_DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    TIMEOUTS_IN_ROW_FIELD_NUMBER: _ClassVar[int]
    seat: int
    bank_ms: int
    deciding: bool
    since_ms: int
    turn_deadline_ms: int
    deadline_ms: int
    timeouts_in_row: int
    def __init__(self, seat: _Optional[int] = ..., bank_ms: _Optional[int] = ..., deciding: _Optional[bool] = ..., since_ms: _Optional[int] = ..., turn_deadline_ms: _Optional[int] = ..., deadline_ms: _Optional[int] = ..., timeouts_in_row: _Optional[int] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("table_id", "seat")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    seat: int
    def __init__(self, table_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("table_id", "version", "game", "status", "seats", "your_seat", "decision", "legal_actions", "clocks", "seed_commitment", "seed", "last_event_id", "spectator_delay_seconds", "oh_hell", "inferno", "burn_in_hell", "num_inferno", "dantes_inferno")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    YOUR_SEAT_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    CLOCKS_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    LAST_EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_DELAY_SECONDS_FIELD_NUMBER: _ClassVar[int]
    OH_HELL_FIELD_NUMBER: _ClassVar[int]
    INFERNO_FIELD_NUMBER: _ClassVar[int]
    BURN_IN_HELL_FIELD_NUMBER: _ClassVar[int]
    NUM_INFERNO_FIELD_NUMBER: _ClassVar[int]
    DANTES_INFERNO_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    version: int
    game: str
    status: TableStatus
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    your_seat: int
    decision: Decision
    legal_actions: _containers.RepeatedCompositeFieldContainer[Action]
    clocks: Clocks
    seed_commitment: str
    seed: str
    last_event_id: str
    spectator_delay_seconds: int
    oh_hell: _oh_hell_pb2.OhHellView
    inferno: _inferno_pb2.InfernoView
    burn_in_hell: _burn_in_hell_pb2.BurnInHellView
    num_inferno: _num_inferno_pb2.NumInfernoView
    dantes_inferno: _dantes_inferno_pb2.DantesInfernoView
    def __init__(self, table_id: _Optional[str] = ..., version: _Optional[int] = ..., game: _Optional[str] = ..., status: _Optional[_Union[TableStatus, str]] = ..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]] = ..., your_seat: _Optional[int] = ..., decision: _Optional[_Union[Decision, _Mapping]] = ..., legal_actions: _Optional[_Iterable[_Union[Action, _Mapping]]] = ..., clocks: _Optional[_Union[Clocks, _Mapping]] = ..., seed_commitment: _Optional[str] = ..., seed: _Optional[str] = ..., last_event_id: _Optional[str] = ..., spectator_delay_seconds: _Optional[int] = ..., oh_hell: _Optional[_Union[_oh_hell_pb2.OhHellView, _Mapping]] = ..., inferno: _Optional[_Union[_inferno_pb2.InfernoView, _Mapping]] = ..., burn_in_hell: _Optional[_Union[_burn_in_hell_pb2.BurnInHellView, _Mapping]] = ..., num_inferno: _Optional[_Union[_num_inferno_pb2.NumInfernoView, _Mapping]] = ..., dantes_inferno: _Optional[_Union[_dantes_inferno_pb2.DantesInfernoView, _Mapping]] = ...) -> None: ...

class SubmitActionRequest(_message.Message):
    __slots__ = ("table_id", "expected_version", "action_id", "action", "seat", "forced")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    ACTION_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    FORCED_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    expected_version: int
    action_id: str
    action: Action
    seat: int
    forced: bool
    def __init__(self, table_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., action_id: _Optional[str] = ..., action: _Optional[_Union[Action, _Mapping]] = ..., seat: _Optional[int] = ..., forced: _Optional[bool] = ...) -> None: ...

class SubmitActionResponse(_message.Message):
    __slots__ = ("version", "events", "replayed", "decision")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    REPLAYED_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    version: int
    events: _containers.RepeatedCompositeFieldContainer[Event]
    replayed: bool
    decision: Decision
    def __init__(self, version: _Optional[int] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., replayed: _Optional[bool] = ..., decision: _Optional[_Union[Decision, _Mapping]] = ...) -> None: ...

class StreamEventsRequest(_message.Message):
    __slots__ = ("table_id", "after_event_id", "seat")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    after_event_id: str
    seat: int
    def __init__(self, table_id: _Optional[str] = ..., after_event_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class EventBatch(_message.Message):
    __slots__ = ("events",)
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[Event]
    def __init__(self, events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ...) -> None: ...

class TableStatusChanged(_message.Message):
    __slots__ = ("status", "reason")
    STATUS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    status: TableStatus
    reason: str
    def __init__(self, status: _Optional[_Union[TableStatus, str]] = ..., reason: _Optional[str] = ...) -> None: ...

class SeatHandedOver(_message.Message):
    __slots__ = ("seat", "reason")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    reason: str
    def __init__(self, seat: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("id", "version", "at_ms", "seat_handed_over", "table_status", "oh_hell", "inferno", "burn_in_hell", "num_inferno", "dantes_inferno")
    ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    SEAT_HANDED_OVER_FIELD_NUMBER: _ClassVar[int]
    TABLE_STATUS_FIELD_NUMBER: _ClassVar[int]
    OH_HELL_FIELD_NUMBER: _ClassVar[int]
    INFERNO_FIELD_NUMBER: _ClassVar[int]
    BURN_IN_HELL_FIELD_NUMBER: _ClassVar[int]
    NUM_INFERNO_FIELD_NUMBER: _ClassVar[int]
    DANTES_INFERNO_FIELD_NUMBER: _ClassVar[int]
    id: str
    version: int
    at_ms: int
    seat_handed_over: SeatHandedOver
    table_status: TableStatusChanged
    oh_hell: _oh_hell_pb2.OhHellEvent
    inferno: _inferno_pb2.InfernoEvent
    burn_in_hell: _burn_in_hell_pb2.BurnInHellEvent
    num_inferno: _num_inferno_pb2.NumInfernoEvent
    dantes_inferno: _dantes_inferno_pb2.DantesInfernoEvent
    def __init__(self, id: _Optional[str] = ..., version: _Optional[int] = ..., at_ms: _Optional[int] = ..., seat_handed_over: _Optional[_Union[SeatHandedOver, _Mapping]] = ..., table_status: _Optional[_Union[TableStatusChanged, _Mapping]] = ..., oh_hell: _Optional[_Union[_oh_hell_pb2.OhHellEvent, _Mapping]] = ..., inferno: _Optional[_Union[_inferno_pb2.InfernoEvent, _Mapping]] = ..., burn_in_hell: _Optional[_Union[_burn_in_hell_pb2.BurnInHellEvent, _Mapping]] = ..., num_inferno: _Optional[_Union[_num_inferno_pb2.NumInfernoEvent, _Mapping]] = ..., dantes_inferno: _Optional[_Union[_dantes_inferno_pb2.DantesInfernoEvent, _Mapping]] = ...) -> None: ...

class SeatAssignment(_message.Message):
    __slots__ = ("player_id", "name", "bot")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    name: str
    bot: bool
    def __init__(self, player_id: _Optional[str] = ..., name: _Optional[str] = ..., bot: _Optional[bool] = ...) -> None: ...

class CreateTableRequest(_message.Message):
    __slots__ = ("table_id", "game", "options", "seats", "turn_seconds", "bank_seconds", "increment_seconds", "grace_seconds", "spectator_delay_seconds", "private", "hand_over_after")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TURN_SECONDS_FIELD_NUMBER: _ClassVar[int]
    BANK_SECONDS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    GRACE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_DELAY_SECONDS_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    HAND_OVER_AFTER_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    game: str
    options: GameOptions
    seats: _containers.RepeatedCompositeFieldContainer[SeatAssignment]
    turn_seconds: int
    bank_seconds: int
    increment_seconds: int
    grace_seconds: int
    spectator_delay_seconds: int
    private: bool
    hand_over_after: int
    def __init__(self, table_id: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Union[GameOptions, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatAssignment, _Mapping]]] = ..., turn_seconds: _Optional[int] = ..., bank_seconds: _Optional[int] = ..., increment_seconds: _Optional[int] = ..., grace_seconds: _Optional[int] = ..., spectator_delay_seconds: _Optional[int] = ..., private: _Optional[bool] = ..., hand_over_after: _Optional[int] = ...) -> None: ...

class CreateTableResponse(_message.Message):
    __slots__ = ("table_id", "version", "seed_commitment")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    version: int
    seed_commitment: str
    def __init__(self, table_id: _Optional[str] = ..., version: _Optional[int] = ..., seed_commitment: _Optional[str] = ...) -> None: ...

class PauseTableRequest(_message.Message):
    __slots__ = ("table_id", "reason")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    reason: str
    def __init__(self, table_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class ResumeTableRequest(_message.Message):
    __slots__ = ("table_id", "reason")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    reason: str
    def __init__(self, table_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class AbortTableRequest(_message.Message):
    __slots__ = ("table_id", "reason")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    reason: str
    def __init__(self, table_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class TableStatusResponse(_message.Message):
    __slots__ = ("table_id", "version", "status")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    version: int
    status: TableStatus
    def __init__(self, table_id: _Optional[str] = ..., version: _Optional[int] = ..., status: _Optional[_Union[TableStatus, str]] = ...) -> None: ...

class HandOverSeatRequest(_message.Message):
    __slots__ = ("table_id", "seat", "reason")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    seat: int
    reason: str
    def __init__(self, table_id: _Optional[str] = ..., seat: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class AdvanceClockRequest(_message.Message):
    __slots__ = ("table_id",)
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    def __init__(self, table_id: _Optional[str] = ...) -> None: ...

class AdvanceClockResponse(_message.Message):
    __slots__ = ("table_id", "version", "advanced", "game_time_ms", "next_tick_at_ms")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ADVANCED_FIELD_NUMBER: _ClassVar[int]
    GAME_TIME_MS_FIELD_NUMBER: _ClassVar[int]
    NEXT_TICK_AT_MS_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    version: int
    advanced: bool
    game_time_ms: int
    next_tick_at_ms: int
    def __init__(self, table_id: _Optional[str] = ..., version: _Optional[int] = ..., advanced: _Optional[bool] = ..., game_time_ms: _Optional[int] = ..., next_tick_at_ms: _Optional[int] = ...) -> None: ...

class HandOverSeatResponse(_message.Message):
    __slots__ = ("table_id", "version", "handed_over")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    HANDED_OVER_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    version: int
    handed_over: bool
    def __init__(self, table_id: _Optional[str] = ..., version: _Optional[int] = ..., handed_over: _Optional[bool] = ...) -> None: ...

class GetFullViewRequest(_message.Message):
    __slots__ = ("table_id", "reason")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    reason: str
    def __init__(self, table_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...
