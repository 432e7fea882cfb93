"""Which implementation of the rules core is loaded: this pure-Python source, or its mypyc build.

The source is the reference. ``make install`` also compiles it with mypyc (the rules core is
mypy-strict) into ``build/rules-native/`` when a C compiler is present
(``tools/build_rules_native.py``); the build is the same code, only faster. The package's
``__init__`` asks :func:`choose` which one to load, and the environment variable
``INFERNO_RULES_IMPL`` decides:

- ``auto`` (the default): the compiled build if there is one, it was built from exactly the
  source beside this file (its manifest records the SHA-256 of every ``.py``) and for this
  Python; otherwise the source. Editing a rule therefore never runs stale compiled code.
- ``pure``: always the source.
- ``compiled``: the build, or :class:`ImportError` saying why it cannot be used.

``INFERNO_RULES_NATIVE_DIR`` points at another build directory. This module is never compiled
itself; it reads files only at import, never while a game is played.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

IMPL_ENV = "INFERNO_RULES_IMPL"
DIR_ENV = "INFERNO_RULES_NATIVE_DIR"
CHOICES = ("auto", "pure", "compiled")
MANIFEST = "manifest.json"

#: The source of the package (``libs/inferno_rules``).
PACKAGE_DIR = Path(__file__).resolve().parent
#: Modules that stay Python in every build: this one, and the package ``__init__`` that uses it.
NOT_COMPILED = ("__init__.py", "native.py")


def source_digest(package_dir: Path = PACKAGE_DIR) -> str:
    """SHA-256 over the path and bytes of every ``.py`` file of the package, in path order."""
    digest = hashlib.sha256()
    for path in sorted(package_dir.rglob("*.py")):
        digest.update(path.relative_to(package_dir).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def python_tag() -> str:
    """What a compiled build must match to load here (interpreter and extension ABI)."""
    return f"{sys.implementation.cache_tag} {EXTENSION_SUFFIXES[0]}"


def build_dir() -> Path:
    """Where the compiled build lives: ``$INFERNO_RULES_NATIVE_DIR`` or ``build/rules-native``
    at the root of the checkout this package sits in."""
    override = os.environ.get(DIR_ENV)
    return Path(override) if override else PACKAGE_DIR.parent.parent / "build" / "rules-native"


def unusable_because(directory: Path) -> str | None:
    """Why the compiled build in ``directory`` cannot be loaded, or ``None`` if it can."""
    try:
        manifest = json.loads((directory / MANIFEST).read_text())
    except FileNotFoundError:
        return f"there is no compiled build in {directory} (make install builds one)"
    except (OSError, ValueError) as exc:
        return f"the compiled build's manifest in {directory} cannot be read: {exc}"
    if manifest.get("python") != python_tag():
        return f"the compiled build is for {manifest.get('python')!r}, this is {python_tag()!r}"
    if manifest.get("source_sha256") != source_digest():
        return "the compiled build is stale: the source changed since (make install rebuilds it)"
    return None


def choose() -> tuple[str, Path | None]:
    """``("compiled", package dir of the build)`` or ``("pure", None)``, as the environment asks."""
    wanted = os.environ.get(IMPL_ENV, "auto").strip().lower() or "auto"
    if wanted not in CHOICES:
        raise ImportError(f"{IMPL_ENV}={wanted!r}: choose one of {', '.join(CHOICES)}")
    if wanted == "pure":
        return "pure", None
    directory = build_dir()
    reason = unusable_because(directory)
    if reason is None:
        return "compiled", directory / "inferno_rules"
    if wanted == "compiled":
        raise ImportError(f"{IMPL_ENV}=compiled, but {reason}")
    return "pure", None
