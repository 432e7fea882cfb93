"""Compile the rules core (``libs/inferno_rules``) with mypyc into ``build/rules-native/``.

``make install`` runs this when a C compiler is present; without one the platform runs the
pure-Python source, which stays the reference (:mod:`inferno_rules.native` chooses at import).
The build is one extension module per source module plus mypyc's shared library, all inside
``build/rules-native/inferno_rules/``, and a manifest recording the SHA-256 of the source and
the Python it was built for, so a changed source or another interpreter never loads it.

Run: ``python tools/build_rules_native.py [--out DIR]``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "libs" / "inferno_rules"
# The shared library's module name; a dotted name keeps it inside the package.
GROUP = "inferno_rules.mypyc_build"


def build(out: Path) -> None:
    sys.path.insert(0, str(ROOT / "libs"))
    from mypyc.build import mypycify
    from setuptools import setup

    from inferno_rules import native

    sources = sorted(
        str(path.relative_to(ROOT))
        for path in PACKAGE.rglob("*.py")
        if path.relative_to(PACKAGE).as_posix() not in native.NOT_COMPILED
    )
    digest = native.source_digest(PACKAGE)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out.parent, prefix=".rules-native-") as work:
        staged = Path(work) / "lib"
        cwd = os.getcwd()
        try:
            os.chdir(ROOT)  # mypyc reads pyproject.toml's [tool.mypy] (strict) from here
            extensions = mypycify(
                sources, opt_level="3", group_name=GROUP, target_dir=str(Path(work) / "c")
            )
            os.chdir(work)  # and setuptools must not read the platform's pyproject.toml
            setup(
                name="inferno-rules-native",
                ext_modules=extensions,
                script_args=["--quiet", "build_ext", f"--build-lib={staged}", "--build-temp=tmp"],
            )
        finally:
            os.chdir(cwd)
        if native.source_digest(PACKAGE) != digest:
            raise SystemExit("the source changed during the build; run it again")
        manifest = {"source_sha256": digest, "python": native.python_tag(), "modules": sources}
        (staged / native.MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
        if out.exists():
            shutil.rmtree(out)
        staged.rename(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "rules-native")
    args = parser.parse_args()
    build(args.out.resolve())
    print(f"compiled the rules core into {args.out}")


if __name__ == "__main__":
    main()
