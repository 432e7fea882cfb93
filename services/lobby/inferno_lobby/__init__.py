"""The lobby service: accounts and tokens, tables and seats, quick play, the live lobby feed.

A player arrives here: they sign up or play as a guest, find or make a table, take a seat and
start; the lobby then asks the engine to hold the table (through :mod:`.engine`) and hands out
the tokens the engine accepts. ``main.create_app`` builds the FastAPI application;
``python -m inferno_lobby`` serves it with uvicorn on port 8000.
"""
