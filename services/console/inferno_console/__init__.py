"""The operator console: the web page operators keep open all day.

A service of its own (FastAPI, port 8002) so operator traffic and its wider rights stay apart
from the player-facing lobby. It follows the bus for the live table list, asks the engine's
operator API for boards and actions, signs operators in through the lobby, and writes every
action to its audit log. It never reads another service's storage. See ``docs/console.md``.
"""
