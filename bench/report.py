"""Writing benchmark results: one Markdown section per benchmark, stitched into one page."""

from __future__ import annotations

import os
import platform
import subprocess
import time
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"
SECTIONS = DOCS / "benchmarks"


def machine() -> str:
    """A one-line description of where the figures were measured."""
    try:
        cpu = subprocess.run(
            ["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
    except OSError:
        cpu = "unknown CPU"

    return (
        f"{cpu or platform.processor()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )


def write_section(name: str, markdown: str) -> Path:
    """Save one benchmark's section (dated, with the machine) and restitch the page."""
    SECTIONS.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    path = SECTIONS / f"{name}.md"
    path.write_text(f"{markdown.rstrip()}\n\n_Measured {stamp} on {machine()}._\n")
    stitch()
    return path


def stitch() -> Path:
    """docs/benchmarks.md: the introduction and every section, in name order."""
    parts = [
        "# Benchmarks\n",
        "Every figure is measured beside a baseline in the same run on the same machine, and the",
        "ratio is what counts: these machines are shared and absolute times drift by ±30 %.",
        "`make bench` reruns everything and rewrites this page; each section also lives in",
        "`docs/benchmarks/<name>.md`.\n",
    ]
    for section in sorted(SECTIONS.glob("*.md")):
        parts.append(section.read_text().rstrip() + "\n")
    out = DOCS / "benchmarks.md"
    out.write_text("\n".join(parts))
    return out
