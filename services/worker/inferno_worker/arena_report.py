"""Showing an arena's results: a console table, a matplotlib PNG and a Markdown summary.

The plot has up to three panels: each bot's mean score with its 95 % interval; the spread of
the per-deal score difference of the first pair of bots (what the t-test is about); and, for
games that score bids (Oh Hell), how often each bot made its bid exactly by cards in hand.
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure

from .arena_run import ArenaReport

COLOURS = ("tab:red", "tab:blue", "tab:green", "tab:orange", "tab:purple", "tab:brown")


def p_text(p: float) -> str:
    """A p-value in print: small ones in scientific notation, zero as a bound."""
    if p == 0.0:
        return "< 1e-300"
    return f"{p:.3f}" if p >= 0.001 else f"{p:.1e}"


def p_phrase(p: float) -> str:
    """``p = 0.012`` or ``p < 1e-300``."""
    text = p_text(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def ahead(report: ArenaReport, a: str, b: str) -> int:
    """On how many deals ``a`` did better than ``b`` (a sign test's count)."""
    sign = -1 if report.lower_score_wins else 1
    pairs = zip(report.per_deal[a], report.per_deal[b], strict=True)
    return sum(1 for x, y in pairs if sign * (x - y) > 0)


def _better(report: ArenaReport) -> str:
    return "lower is better" if report.lower_score_wins else "higher is better"


def _setup_line(report: ArenaReport) -> str:
    spec = report.spec
    options = ", ".join(f"{k}={v}" for k, v in spec.options) or "defaults"
    return (
        f"{spec.game}, {spec.players} players, options {options}; lineup {' '.join(spec.lineup)} "
        f"rotated over every seat; {spec.deals} deals x {spec.players} seatings = "
        f"{spec.games} games; seed {spec.seed!r}"
    )


def console_table(report: ArenaReport) -> str:
    """What the arena prints: setup, each bot's mean with its interval, each pairwise test."""
    rate = report.decisions / report.seconds if report.seconds else 0.0
    lines = [
        _setup_line(report),
        f"{report.decisions} bot decisions in {report.seconds:.1f} s ({rate:,.0f} per s)",
        "",
        f"{'bot':<12} {'mean score':>10}   95 % CI ({_better(report)})",
    ]
    for bot, m in report.means.items():
        lines.append(f"{bot:<12} {m.mean:>10.2f}   [{m.low:.2f}, {m.high:.2f}]")
    for a, b, test in report.comparisons:
        d = test.difference
        lines.append(
            f"{a} - {b}: {d.mean:+.2f} per game, 95 % CI [{d.low:+.2f}, {d.high:+.2f}], "
            f"paired t({test.df}) = {test.t:.2f}, {p_phrase(test.p)}; "
            f"{a} ahead on {ahead(report, a, b)} of {d.n} deals"
        )
    return "\n".join(lines)


def write_plot(report: ArenaReport, path: Path) -> Path:
    """The PNG described in the module doc."""
    bots = list(report.means)
    has_bids = bool(report.made)
    panels = 1 + bool(report.comparisons) + has_bids
    fig = Figure(figsize=(5.2 * panels, 4.4), layout="constrained")
    axes = fig.subplots(1, panels, squeeze=False)[0]
    colour = {bot: COLOURS[i % len(COLOURS)] for i, bot in enumerate(bots)}

    ax = axes[0]
    means = [report.means[b] for b in bots]
    ax.bar(
        bots,
        [m.mean for m in means],
        yerr=[[m.mean - m.low for m in means], [m.high - m.mean for m in means]],
        capsize=8,
        color=[colour[b] for b in bots],
    )
    ax.set_ylabel(f"mean final score per seat ({_better(report)})")
    ax.set_title(f"{report.spec.game}: mean score, 95 % CI\n{report.spec.deals} deals")

    panel = 1
    if report.comparisons:
        a, b, test = report.comparisons[0]
        diffs = [x - y for x, y in zip(report.per_deal[a], report.per_deal[b], strict=True)]
        ax = axes[panel]
        panel += 1
        ax.hist(diffs, bins=30, color="tab:gray")
        ax.axvline(0, color="black", linewidth=1)
        ax.axvline(test.difference.mean, color=colour[a], linewidth=2, label="mean")
        ax.set_xlabel(f"{a} − {b}, score per deal")
        ax.set_ylabel("deals")
        ax.set_title(f"paired t({test.df}) = {test.t:.1f}, {p_phrase(test.p)}")
        ax.legend()

    if has_bids:
        ax = axes[panel]
        for bot in bots:
            sizes = sorted(cards for name, cards in report.made if name == bot)
            rates = [report.made[(bot, k)][0] / report.made[(bot, k)][1] for k in sizes]
            ax.plot(sizes, rates, marker="o", color=colour[bot], label=bot)
        ax.set_xlabel("cards in the hand")
        ax.set_ylabel("share of bids made exactly")
        ax.set_ylim(0, 1)
        ax.set_title("exact bids by hand size")
        ax.legend()

    fig.savefig(path, dpi=110)
    return path


def write_markdown(report: ArenaReport, path: Path, plot_name: str, command: str) -> Path:
    """A Markdown summary with the command that reproduces it."""
    rate = report.decisions / report.seconds if report.seconds else 0.0
    out = [
        f"# Arena: {' vs '.join(report.means)} at {report.spec.game}",
        "",
        f"Reproduce with `{command}`.",
        "",
        f"Setup: {_setup_line(report)}.",
        f"Scores are final game totals per seat, {_better(report)}; a bot's score on a deal is",
        "the mean over the seats it held in that deal's seatings.",
        "",
        "| bot | mean score | 95 % CI | deals |",
        "|---|---:|---|---:|",
    ]
    for bot, m in report.means.items():
        out.append(f"| {bot} | {m.mean:.2f} | [{m.low:.2f}, {m.high:.2f}] | {m.n} |")
    if report.comparisons:
        out += [
            "",
            "Paired t-test on the per-deal score difference (two-sided):",
            "",
            "| difference | mean per game | 95 % CI | t | df | p | deals ahead |",
            "|---|---:|---|---:|---:|---:|---:|",
        ]
        for a, b, test in report.comparisons:
            d = test.difference
            out.append(
                f"| {a} − {b} | {d.mean:+.2f} | [{d.low:+.2f}, {d.high:+.2f}] | {test.t:.2f} "
                f"| {test.df} | {p_text(test.p)} | {ahead(report, a, b)} of {d.n} |"
            )
    if report.made:
        out += ["", "Share of bids made exactly, over all hands:", ""]
        for bot in report.means:
            hit = sum(v[0] for (name, _), v in report.made.items() if name == bot)
            total = sum(v[1] for (name, _), v in report.made.items() if name == bot)
            out.append(f"- {bot}: {hit / total:.1%} of {total} hands")
    out += [
        "",
        f"{report.decisions:,} bot decisions in {report.seconds:.1f} s ({rate:,.0f} per s).",
        "",
        f"![{report.spec.game} arena]({plot_name})",
        "",
    ]
    path.write_text("\n".join(out))
    return path
