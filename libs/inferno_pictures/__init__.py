"""Pictures of game positions: pure functions from a view dict to SVG text (no I/O), for the
docs, tools and the operator console. One module per game: :mod:`.dantes_inferno`."""
