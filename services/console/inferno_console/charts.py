"""Small inline SVG charts (sparklines): no script, no CDN, readable at a glance."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup


def sparkline(values: Sequence[float | None], width: int = 240, height: int = 40) -> Markup:
    """The values as a line, the newest at the right; gaps (None) break the line."""
    known = [v for v in values if v is not None]
    if len(values) < 2 or not known:
        return Markup('<svg class="spark" width="{}" height="{}"></svg>').format(width, height)
    top = max(known) or 1.0
    step = width / (len(values) - 1)
    paths, current = [], []
    for i, v in enumerate(values):
        if v is None:
            if current:
                paths.append(current)
            current = []
            continue
        current.append(f"{i * step:.1f},{height - 2 - (v / top) * (height - 4):.1f}")
    if current:
        paths.append(current)
    lines = Markup("").join(
        Markup(
            '<polyline fill="none" stroke="currentColor" stroke-width="1.5" points="{}"/>'
        ).format(" ".join(p))
        for p in paths
    )
    return Markup(
        '<svg class="spark" width="{}" height="{}" viewBox="0 0 {} {}" role="img" '
        'aria-label="last hour, highest {:g}">{}</svg>'
    ).format(width, height, width, height, top, lines)
