"""``python -m tools.chaos``: see :mod:`tools.chaos.run` and ``--help``."""

from .run import main

raise SystemExit(main())
