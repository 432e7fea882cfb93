"""Run every benchmark in turn (``make bench``); each writes its section of docs/benchmarks.md.

``python -m bench --list`` names them; ``python -m bench NAME…`` runs only those.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from pathlib import Path


def available() -> list[str]:
    """Benchmark modules: those that define ``main``. Helpers (a locustfile, a bare app) do not,
    and are not imported here: a locustfile patches the standard library when imported."""
    here = Path(__file__).parent
    return sorted(
        m.name
        for m in pkgutil.iter_modules([str(here)])
        if m.name != "__main__" and "\ndef main(" in (here / f"{m.name}.py").read_text()
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Run the benchmarks and rewrite docs/benchmarks.md."
    )
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all)")
    parser.add_argument("--list", action="store_true", help="list the benchmarks and exit")
    args = parser.parse_args()
    names = args.names or available()
    if args.list:
        print("\n".join(available()))
        return
    unknown = sorted(set(names) - set(available()))
    if unknown:
        parser.error(f"no benchmark called {', '.join(unknown)}; try --list")
    for name in names:
        print(f"== {name}", flush=True)
        module = importlib.import_module(f"bench.{name}")
        sys.argv = [name]
        module.main()


if __name__ == "__main__":
    main()
