"""A small inline SVG number line: the claimed interval against the recomputed one.

A reader should see at a glance whether they meet and by how much they miss. Both intervals are
in the claim's unit (records give the recomputed amount in that unit when the dimensions agree).
The SVG is built as text from numbers and fixed words only, so it needs no escaping beyond the
label, which goes through markupsafe.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from markupsafe import Markup, escape

#: Drawing geometry (SVG user units): labels on the left, bars on the right.
WIDTH, LEFT, RIGHT = 360, 74, 352
ROW_CLAIMED, ROW_RECOMPUTED, BAR_H, AXIS_Y = 6, 22, 10, 40
MIN_BAR = 2.0   # a point or a very narrow interval is still drawn this wide


def _f(text: Any) -> float | None:
    # Decimal strings from the records; a float is precise enough to draw (exactness is the engine's).
    try:
        v = float(text)
    except (TypeError, ValueError):
        try:
            v = float(Fraction(str(text)))   # "1/3"-style text, should a record ever carry it
        except (TypeError, ValueError, ZeroDivisionError):
            return None
    return v if math.isfinite(v) else None


def short(v: float) -> str:
    """Four significant digits, no exponent for everyday magnitudes."""
    if v == 0:
        return "0"
    a = abs(v)
    if 1e-3 <= a < 1e7:
        s = f"{v:.4g}"
        return s if "e" not in s else f"{v:.0f}"
    m, e = f"{v:.3e}".split("e")
    return f"{m.rstrip('0').rstrip('.')}e{int(e)}"


def tick_labels(lo: float, hi: float) -> list[str]:
    """Labels for the two ends, with just enough digits to tell them apart (one label if equal)."""
    if lo == hi:
        return [short(lo)]
    for sig in range(4, 10):
        a, b = f"{lo:.{sig}g}", f"{hi:.{sig}g}"
        if a != b:
            return [a if "e" not in a or sig > 4 else short(lo), b if "e" not in b or sig > 4 else short(hi)]
    return [short(lo)]


def approx_fraction(approx: str | None) -> float:
    text = (approx or "5%").strip()
    try:
        return float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        return 0.05


def target(claimed: tuple[float, float], relation: str, approx: str | None) -> tuple[float | None, float | None]:
    """The region the recomputed value has to meet; ``None`` for an open end (over …, less than …)."""
    lo, hi = claimed
    if relation == "~":
        mid = (lo + hi) / 2
        tol = approx_fraction(approx) * abs(mid)
        return min(lo, mid - tol), max(hi, mid + tol)
    if relation in (">", ">="):
        return lo, None
    if relation in ("<", "<="):
        return None, hi
    return lo, hi


def number_line(claimed: dict[str, Any] | None, recomputed: dict[str, Any] | None, relation: str = "=",
                *, approx: str | None = None, consistent: bool = True, note: str = "") -> Markup | None:
    """The SVG, or None when there is nothing comparable to draw (no value, other dimensions)."""
    if not claimed or not recomputed or claimed.get("dims") != recomputed.get("dims"):
        return None
    vals = [_f(claimed.get("lo")), _f(claimed.get("hi")), _f(recomputed.get("lo")), _f(recomputed.get("hi"))]
    if any(v is None for v in vals):
        return None
    c_lo, c_hi, r_lo, r_hi = (float(v) for v in vals)  # type: ignore[arg-type]
    t_lo, t_hi = target((c_lo, c_hi), relation or "=", approx)
    finite = [c_lo, c_hi, r_lo, r_hi] + [v for v in (t_lo, t_hi) if v is not None]
    d_lo, d_hi = min(finite), max(finite)
    span = d_hi - d_lo
    if span <= 0:
        span = abs(d_lo) * 0.02 or 1.0
        d_lo, d_hi = d_lo - span / 2, d_hi + span / 2
    pad = span * 0.08
    # Room for the arrow of an open-ended claim ("over 20 PiB").
    d_lo -= pad + (span * 0.2 if t_lo is None else 0)
    d_hi += pad + (span * 0.2 if t_hi is None else 0)
    scale = (RIGHT - LEFT) / (d_hi - d_lo)

    def x(v: float) -> float:
        return LEFT + (v - d_lo) * scale

    def bar(lo: float, hi: float, y: int, cls: str) -> str:
        x0, x1 = x(lo), x(hi)
        if x1 - x0 < MIN_BAR:
            mid = (x0 + x1) / 2
            x0, x1 = mid - MIN_BAR / 2, mid + MIN_BAR / 2
        return f'<rect class="{cls}" x="{x0:.1f}" y="{y}" width="{x1 - x0:.1f}" height="{BAR_H}"/>'

    # The row labels and the axis are one <symbol> in the page (#nl-frame), drawn here by reference:
    # ten thousand cards would otherwise repeat them ten thousand times.
    # Decorative for screen readers: the working table right above says the same in words.
    parts = [f'<svg class="nl" viewBox="0 0 {WIDTH} 52" aria-hidden="true"><use href="#nl-frame"/>']
    meets = not (r_hi < (t_lo if t_lo is not None else -math.inf) or r_lo > (t_hi if t_hi is not None else math.inf))
    if not meets:
        # Shade the gap across both rows: the distance the claim misses by.
        g0 = r_hi if t_lo is not None and r_hi < t_lo else (t_hi if t_hi is not None else r_lo)
        g1 = t_lo if t_lo is not None and r_hi < t_lo else r_lo
        parts.append(f'<rect class="gap" x="{x(g0):.1f}" y="{ROW_CLAIMED}" width="{max(x(g1) - x(g0), 0.5):.1f}" '
                     f'height="{ROW_RECOMPUTED + BAR_H - ROW_CLAIMED}"/>')
        if note and x(g1) - x(g0) > 8 * len(note):
            parts.append(f'<text class="miss m" x="{(x(g0) + x(g1)) / 2:.1f}" y="{ROW_RECOMPUTED - 2}"'
                         f'>{escape(note)}</text>')
    if (t_lo, t_hi) != (c_lo, c_hi):
        lo = t_lo if t_lo is not None else d_lo
        hi = t_hi if t_hi is not None else d_hi
        parts.append(bar(lo, hi, ROW_CLAIMED, "t"))
        if t_hi is None:
            parts.append(_arrow(RIGHT, ROW_CLAIMED, +1))
        if t_lo is None:
            parts.append(_arrow(LEFT, ROW_CLAIMED, -1))
    parts.append(bar(c_lo, c_hi, ROW_CLAIMED, "c"))
    parts.append(bar(r_lo, r_hi, ROW_RECOMPUTED, "r" if consistent else "r bad"))
    lo_v, hi_v = min(c_lo, r_lo), max(c_hi, r_hi)
    labels = tick_labels(lo_v, hi_v)
    ticks = [lo_v] if len(labels) == 1 else [lo_v, hi_v]
    parts.append('<path class="tk" d="' + "".join(f"M{x(v):.1f} {AXIS_Y - 3}v6" for v in ticks) + '"/>')
    for i, (v, label) in enumerate(zip(ticks, labels, strict=True)):
        anchor = "s" if i == 0 and len(ticks) > 1 else ("e" if i else "m")
        parts.append(f'<text class="{anchor}" x="{x(v):.1f}" y="{AXIS_Y + 11}">{escape(label)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))  # noqa: S704 - every label was escaped as it was built


def _arrow(xe: float, y: int, direction: int) -> str:
    tip = xe + 4 * direction
    return f'<path class="t" d="M{xe:.1f} {y - 2}L{tip:.1f} {y + BAR_H / 2:.0f}L{xe:.1f} {y + BAR_H + 2}Z"/>'

