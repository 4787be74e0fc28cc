"""The unit conversions students forget: hours and days, PB and PiB, K = 1000 or 1024, % and ×.

A conversion is a pair of units of one family whose factors differ. :func:`find_conversion`
names the pair behind a constant factor between a student's number and the key's, so feedback
can say "your number is in hours where the claim needs days". Factors are exact and in the unit
registry's base units (seconds, bits, plain numbers), so no registry is needed to use them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..units.quantity import Dims


@dataclass(frozen=True)
class Unit:
    symbol: str          # how the unit is written ("hour", "PiB", "K", "%")
    factor: Fraction     # in base units of its family
    en: str              # what it is, in words
    zh: str
    define: str = ""     # its definition, for "1 PiB = 2^50 B"

    def name(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True)
class Family:
    key: str
    dims: Dims | None    # None: a multiplier family that applies to any dimension
    units: tuple[Unit, ...]


F = Fraction
_TIME = Dims.of({"[time]": 1})
_INFO = Dims.of({"[information]": 1})


def _info(symbol: str, base: int, power: int, en: str, zh: str) -> Unit:
    return Unit(symbol, F(8) * F(base) ** power, en, zh, f"{base}^{power} B")


FAMILIES: tuple[Family, ...] = (
    Family("time", _TIME, (
        Unit("s", F(1), "seconds", "秒", "1 s"),
        Unit("min", F(60), "minutes", "分钟", "60 s"),
        Unit("hour", F(3600), "hours", "小时", "60 min"),
        Unit("day", F(86400), "days", "天", "24 hours"),
        Unit("week", F(604800), "weeks", "周", "7 days"),
        Unit("year", F(31557600), "years", "年", "365.25 days"),
    )),
    Family("information", _INFO, (
        Unit("bit", F(1), "bits", "比特", "1/8 B"),
        Unit("B", F(8), "bytes", "字节", "8 bit"),
        _info("kB", 10, 3, "kB (10^3 B)", "kB（10^3 字节）"),
        _info("MB", 10, 6, "MB (10^6 B)", "MB（10^6 字节）"),
        _info("GB", 10, 9, "GB (10^9 B)", "GB（10^9 字节）"),
        _info("TB", 10, 12, "TB (10^12 B)", "TB（10^12 字节）"),
        _info("PB", 10, 15, "PB (10^15 B)", "PB（10^15 字节）"),
        _info("KiB", 2, 10, "KiB (2^10 B)", "KiB（2^10 字节）"),
        _info("MiB", 2, 20, "MiB (2^20 B)", "MiB（2^20 字节）"),
        _info("GiB", 2, 30, "GiB (2^30 B)", "GiB（2^30 字节）"),
        _info("TiB", 2, 40, "TiB (2^40 B)", "TiB（2^40 字节）"),
        _info("PiB", 2, 50, "PiB (2^50 B)", "PiB（2^50 字节）"),
    )),
    Family("percent", Dims(), (
        Unit("1", F(1), "a plain ratio", "纯比值"),
        Unit("%", F(1, 100), "percent", "百分数", "1/100"),
        Unit("‰", F(1, 1000), "per mille", "千分数", "1/1000"),
    )),
    Family("multiplier", None, (
        Unit("1", F(1), "ones (no multiplier)", "个位（不带倍数）"),
        Unit("K", F(1000), "thousands (K = 1000)", "千（K = 1000）", "1000"),
        Unit("Ki", F(1024), "K = 1024", "K = 1024", "1024"),
        Unit("万", F(10**4), "万 (10^4)", "万（10^4）", "10^4"),
        Unit("M", F(10**6), "millions (M = 10^6)", "百万（M = 10^6）", "10^6"),
        Unit("Mi", F(2**20), "Mi = 2^20", "Mi = 2^20", "2^20"),
        Unit("亿", F(10**8), "亿 (10^8)", "亿（10^8）", "10^8"),
        Unit("B", F(10**9), "billions (B = 10^9)", "十亿（B = 10^9）", "10^9"),
        Unit("T", F(10**12), "trillions (T = 10^12)", "万亿（T = 10^12）", "10^12"),
    )),
)


@dataclass(frozen=True)
class Conversion:
    """The student's number is in ``have`` where the claim needs ``need``: their number is
    ``need.factor / have.factor`` times the key's."""

    family: str
    have: Unit
    need: Unit

    @property
    def ratio(self) -> Fraction:
        return self.need.factor / self.have.factor

    def describe(self, lang: str) -> str:
        """One sentence naming the conversion and how to fix the number."""
        from .lang import num

        have, need, r = self.have, self.need, self.ratio   # student's number = r × the right one
        zh = lang == "zh"
        fix = (f"应除以 {num(r)}" if r > 1 else f"应乘以 {num(1 / r)}") if zh else \
            (f"divide by {num(r)}" if r > 1 else f"multiply by {num(1 / r)}")
        if self.family == "multiplier" and {have.symbol, need.symbol} == {"K", "Ki"}:
            n = 1000 if have.symbol == "K" else 1024
            m = 1024 if n == 1000 else 1000
            return (f"K 按 {n} 算了，这里 K = {m}（{'二进制' if m == 1024 else '十进制'}）：每个 K 要乘 {m}" if zh else
                    f"K was read as {n} where it means {m} here ({'binary' if m == 1024 else 'decimal'}): "
                    f"each K is {m}")
        if self.family == "percent":
            if have.symbol == "1" and need.symbol == "%":
                return ("你的数是纯比值，题目要的是百分数（1% = 0.01）：应乘以 100" if zh else
                        "your number is a plain ratio where the claim is a percentage (1% = 0.01): multiply by 100")
            if have.symbol == "%" and need.symbol == "1":
                return ("你的数是百分数，题目要的是纯比值（1% = 0.01）：应除以 100" if zh else
                        "your number is a percentage where the claim is a plain ratio (1% = 0.01): divide by 100")
            return (f"你的数是{have.zh}，题目要的是{need.zh}：{fix}" if zh else
                    f"your number is {have.en} where the claim is {need.en}: {fix}")
        if self.family == "multiplier":
            factor = num(max(r, 1 / r))
            return (f"你的数差了 {factor} 倍（按{have.zh}计，题目按{need.zh}计）：{fix}" if zh else
                    f"your number is off by a factor of {factor} (counted in {have.en} where the claim counts "
                    f"in {need.en}): {fix}")
        if self.family == "time":
            rel = f"1 {need.zh if zh else need.symbol} = {num(need.factor / have.factor)} {have.zh if zh else have.en}"
        elif {need.symbol, have.symbol} & {"B", "bit"}:
            rel = f"1 {need.symbol} = {num(need.factor / have.factor)} {have.symbol}"
        else:
            rel = f"1 {need.symbol} = {need.define}, 1 {have.symbol} = {have.define}"
        return (f"你的数是以{have.zh}为单位的，题目要的是{need.zh}（{rel}）：{fix}" if zh else
                f"your number is in {have.en} where the claim needs {need.en} ({rel}): {fix}")


def family_of(dims: Dims) -> Family | None:
    for fam in FAMILIES:
        if fam.dims is not None and fam.dims == dims and fam.key != "percent":
            return fam
    return None


def unit_in(family: Family, factor: Fraction) -> Unit | None:
    """The unit of ``family`` that is ``factor`` times the family's base unit, if it has one."""
    for u in family.units:
        if u.factor == factor:
            return u
    return None


def find_conversion(ratio: Fraction, *, claim_dims: Dims, claim_factor: Fraction,
                    input_dims: Iterable[Dims] = ()) -> Conversion | None:
    """The conversion that explains ``ratio`` = student's number / key's number, or None.

    Families are tried in order of relevance: the claim's own family (time, information), the
    percent family for a dimensionless claim, the families of the inputs, then the multipliers.
    Within a family, a pair whose ``need`` is the claim's own unit wins.
    """
    if ratio <= 0 or ratio == 1:
        return None
    families: list[Family] = []
    own = family_of(claim_dims)
    if own is not None:
        families.append(own)
    if claim_dims == Dims():
        families.append(next(f for f in FAMILIES if f.key == "percent"))
    for d in input_dims:
        fam = family_of(d)
        if fam is not None and fam not in families:
            families.append(fam)
    families.append(next(f for f in FAMILIES if f.key == "multiplier"))
    for fam in families:
        best: Conversion | None = None
        for need in fam.units:
            for have in fam.units:
                if have is need or need.factor / have.factor != ratio:
                    continue
                conv = Conversion(fam.key, have, need)
                is_claim_unit = fam.dims is not None and need.factor == claim_factor
                if is_claim_unit:
                    return conv
                if best is None:
                    best = conv
        if best is not None:
            return best
    return None


def value_conversions(*, claim_dims: Dims, claim_factor: Fraction, input_dims: Iterable[Dims] = (),
                      near_one: bool = False) -> list[Conversion]:
    """Conversions that may explain a student's value being the key's times their ratio, most
    telling first: pairs of the claim's own family (time, information; percent for a plain
    number) whose ``need`` is the claim's unit, pairs of the inputs' families likewise, then the
    multipliers (K, 万, M …). Multiplier pairs within 10% of 1 (K = 1000 vs 1024) only with
    ``near_one``: a number a few percent off is named a K mistake only when the figures use K or M.
    """
    out: list[Conversion] = []
    families: list[Family] = []
    for d in (claim_dims, *input_dims):
        fam = family_of(d)
        if fam is not None and fam not in families:
            families.append(fam)
    if claim_dims == Dims():
        families.insert(0, next(f for f in FAMILIES if f.key == "percent"))
    for fam in families:
        need = unit_in(fam, claim_factor) if fam.dims is None or fam.dims == claim_dims else None
        if need is None:
            continue
        out += [Conversion(fam.key, have, need) for have in fam.units if have is not need]
    multipliers = next(f for f in FAMILIES if f.key == "multiplier")
    for need in multipliers.units:
        for have in multipliers.units:
            if have is need:
                continue
            conv = Conversion("multiplier", have, need)
            if near_one or not (Fraction(9, 10) <= conv.ratio <= Fraction(11, 10)):
                out.append(conv)
    return out


_DECIMAL_INFO = re.compile(r"(?<![A-Za-z])[kKMGTPE]B(?![A-Za-z])")
_BINARY_INFO = re.compile(r"(?<![A-Za-z])[KMGTPE]iB(?![A-Za-z])")


def binary_decimal_mix(units: Sequence[str]) -> bool:
    """True when information units of both kinds (TB and PiB) meet in one computation."""
    return any(_DECIMAL_INFO.search(u) for u in units) and any(_BINARY_INFO.search(u) for u in units)
