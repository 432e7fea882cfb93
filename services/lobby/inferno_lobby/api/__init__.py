"""The HTTP and WebSocket interface of the lobby: dependencies and routes."""
