"""The engine service: the authoritative state of every table, served over gRPC.

Each table lives in Redis (state, event log, idempotency answers, bus outbox), so any engine
process can serve any table and a process that dies loses nothing. The rules come from
:mod:`inferno_rules`; the contract is ``proto/inferno/engine/v1``; ``docs/engine.md`` says how
the pieces fit.
"""
