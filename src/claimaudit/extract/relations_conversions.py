"""Conversions a sentence prints beside a value: "winds of 100 km/h (62 mph)", "5 miles (8 km)", "它重 5 公斤
（11 磅）", "$15 a month, or $180 a year": the second value is the first in another unit of the same kind.
The engine converts with the registry and compares within both values' rounding (whole numbers read as
rounded too: a converted "62 mph" is no exact count).

Precision first. The second value is the whole of a parenthesis right after the first (an "about" / 约 /
~ may open it), or follows it after ", or" / ", i.e." / ", that is"; both carry units of one dimension, in
different units (currencies are different dimensions: an exchange rate is no conversion). Audited (0.75)
when the conversion holds within 30% (a larger gap is another quantity of that kind, not this one
converted), else a suggestion.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from fractions import Fraction

from .context_readings import DURATION_NOTE
from .mention import Mention, read_value
from .relation_model import FinderBase, Relation, _ref, _usable

# the one-sided bounds a conversion repeats unsaid: "up to 40 km (25 miles)" is at most 25 miles too
_BOUNDS = ("<=", "<", ">=", ">")

_OPEN = re.compile(r"\s*(?:[(（]\s*(?:about\s+|approximately\s+|roughly\s+|around\s+|~\s*|≈\s*|约\s*|大约\s*)?"
                   r"|,\s*(?:or|i\.e\.|that is)\s+(?:about\s+|roughly\s+|around\s+)?"
                   r"|[,，]\s*(?:即|也就是|约合|合)\s*(?:约\s*)?"      # "2.4立方米，即2400升"
                   # "3 ml per second adds up to 259.2 litres a day", "works out to", "is equivalent to"
                   r"|\s+(?:adds?\s+up\s+to|added\s+up\s+to|works?\s+out\s+(?:to|at)|(?:is\s+)?equivalent\s+to)\s+)",
                   re.I)
_CLOSE = re.compile(r"\s*[)）]")
# one word between the value and the parenthesis: the noun it measures ("80GB card (", "80GB 显卡（约 ")
_NOUN_OPEN = re.compile(r"(?:\s+[A-Za-z][A-Za-z-]{1,15}|\s*[\u4e00-\u9fff]{1,4})\s*[(（]\s*"
                        r"(?:about\s+|approximately\s+|roughly\s+|around\s+|~\s*|≈\s*|约\s*|大约\s*)?", re.I)


# the registry's temperature readings never convert (no offset units): "46 °C (115 °F)" is F = C × 9/5 + 32
_SCALES = {("Celsius_reading", "Fahrenheit_reading"): "x * 9 / 5 + 32",
           ("Fahrenheit_reading", "Celsius_reading"): "(x - 32) * 5 / 9"}


def _bound_number(m: Mention) -> Mention | None:
    """The number of a one-sided bound ("up to 40 km", "more than 40 °C") as a plain value, or None."""
    if m.number.relation not in _BOUNDS or m.number.is_range or m.relation is not None or not m.qualifier \
            or not m.value.startswith(m.qualifier):
        return None
    got = read_value(1000, m.value[len(m.qualifier):].strip())
    if got is None or got.number.relation != "=" or got.unit.dims != m.unit.dims:
        return None
    return replace(m, value=got.value, number=got.number, unit=got.unit, qualifier="")


# "128K，即 131,072", "128K, i.e. 131,072", "1.2M (1,200,000": the scale letter's number restated in full
_SCALE_LETTERS = frozenset({"K", "k", "M", "B", "T"})
_RESTATE = re.compile(r"\s*(?:[,，]\s*(?:即|也就是|i\.e\.,?|that is,?)|[(（]\s*(?:即|i\.e\.,?)?)\s*", re.I)


class ConversionRelations(FinderBase):
    def conversions(self, found: list[Relation]) -> list[Relation]:
        """"A (B)" / "A, or B" with A and B of one dimension in two units: B is A converted."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            for a, b in itertools.pairwise(idx):
                ma, mb = ms[a], ms[b]
                bound = _bound_number(ma)
                if bound is not None:
                    ma = bound          # "up to 40 km (25 miles)": the bound's number, converted
                scales = (ma.unit.canonical, mb.unit.canonical)
                if scales in _SCALES and b not in stated and bound is None and _usable(ma) and _usable(mb) \
                        and _OPEN.fullmatch(text, ma.end, mb.start) and _CLOSE.match(text, mb.end):
                    out.append(self._temperature(a, b, _SCALES[scales]))
                    continue
                # (a duration in parts restated in one unit converts too: "2小时15分（135分钟）")
                in_parts = any(c.endswith(DURATION_NOTE) for c in ma.candidates)
                if b in stated or not (_usable(ma) and _usable(mb)) or not ma.unit.dims.items \
                        or ma.unit.dims != mb.unit.dims or (ma.unit.canonical == mb.unit.canonical and not in_parts) \
                        or ma.number.kind != "number" or mb.number.kind != "number":
                    continue
                # (else "a single 80GB card (about 74.5 GiB)", "80GB 显卡（约 74.5 GiB）": the noun the value
                # measures may stand before the parenthesis)
                opened = _OPEN.fullmatch(text, ma.end, mb.start)
                after_noun = opened is None
                opened = opened or _NOUN_OPEN.fullmatch(text, ma.end, mb.start)
                if opened is None:
                    continue
                if "(" in opened.group(0) or "（" in opened.group(0):
                    if not _CLOSE.match(text, mb.end):
                        continue        # "(8 km uphill)": the parenthesis says more than the conversion
                va, vb = (self.base(a) if bound is None else ma.number.nominal * ma.unit.factor), self.base(b)
                if va <= 0 or vb <= 0:
                    continue
                near = abs(va - vb) <= vb * 3 / 10
                if after_noun and not near:
                    continue            # "16 GB GPU (4 GB)": after a noun, another quantity of its kind
                rel = self._stated(
                    "conversion", b, _ref(a), [a], confidence=0.75 if near else 0.4,
                    note=f"{mb.printed} is {ma.printed} in {mb.unit.text or mb.unit.canonical}",
                    evidence="a value and, right after it" + (" and the noun it measures" if after_noun else "")
                             + ", the same kind of value in another unit: ")
                # both read as rounded, whole numbers too: a converted "62 mph" is no count of 62, and the
                # "100 km/h" it converts is 100 to its last digit (given as printed, in the claim's rounding)
                rel.rounding = "digits"
                rel.formula, rel.given = "original", {"original": ma.value}
                rel.approx = True       # "1,500,000 kilometres (930,000 mi)": converted and rounded, approximately
                out.append(rel)
        return out

    def restated_scales(self, found: list[Relation]) -> list[Relation]:
        """"上下文长度 128K，即 131,072 tokens", "a context of 128K, i.e. 131,072 tokens", "1.2M (1,200,000)
        samples": a number printed with its scale letter, restated in full right after it: the same
        magnitude (a K read as 1024 where the reading allows it, as context lengths count). Audited (0.75)
        when the two are within 5% of each other (1024 against 1000 is 2.4%, squared 4.9%). One count
        in two scale words ("874B token（即 8,740 亿 token）", ``_rescaled``) is read here too."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            for a, b in itertools.pairwise(idx):
                ma, mb = ms[a], ms[b]
                if self._rescaled(a, b, stated):
                    # (audited when the words say it is the same, 即 / i.e.; a bare parenthesis is a suggestion)
                    said = re.search(r"即|也就是|i\.e\.|that is", self.text[ma.end:mb.start], re.I) is not None
                    out.append(self._stated(
                        "conversion", b, _ref(a), [a], confidence=0.75 if said else 0.5,
                        note=f"{mb.printed} is {ma.printed} in another scale word",
                        evidence="a number with its scale word, then 'i.e.' / 即 and the same in another: "))
                    stated.add(b)
                    continue
                if b in stated or not (_usable(ma) and _usable(mb)) or ma.unit.dims.items \
                        or ma.number.multiplier not in _SCALE_LETTERS or mb.number.multiplier \
                        or ma.number.kind != "number" or mb.number.kind != "number" \
                        or not _RESTATE.fullmatch(text, ma.end, mb.start):
                    continue
                va, vb = ma.number.nominal, mb.number.nominal * mb.unit.factor
                if va <= 0 or vb <= 0:
                    continue
                rel = self._stated(
                    "conversion", b, _ref(a), [a], unitless=True,
                    # (near the decimal reading, or for a K the binary one)
                    confidence=0.75 if min(abs(va - vb), abs(va * Fraction(1024, 1000) - vb)
                                           if ma.number.multiplier in ("K", "k") else abs(va - vb)) <= vb / 20
                    else 0.4,
                    note=f"{mb.printed} is {ma.printed} written out",
                    evidence="a number with its scale letter, then 'i.e.' / 即 and the number in full: ")
                if ma.number.multiplier in ("K", "k") and vb == va * Fraction(1024, 1000):
                    # "128K, i.e. 131,072": the restatement itself says K counts 1024 here
                    rel.kilo = 1024
                    rel.note += "; K read as 1024, as the number written out says"
                out.append(rel)
                stated.add(b)
        return out

    def _rescaled(self, a: int, b: int, stated: set[int | None]) -> bool:
        """"874B token（即 8,740 亿 token）", "1.2M, i.e. 120 万 samples": one count in two scale words, of one unit,
        the second restating the first (within 30%: a misprinted restatement is the finding)."""
        ma, mb = self.ms[a], self.ms[b]
        if b in stated or not (_usable(ma) and _usable(mb)) or not ma.number.multiplier or not mb.number.multiplier \
                or ma.number.multiplier == mb.number.multiplier or ma.unit.canonical != mb.unit.canonical \
                or ma.number.kind != "number" or mb.number.kind != "number" \
                or not _RESTATE.fullmatch(self.text, ma.end, mb.start):
            return False
        va, vb = self.base(a), self.base(b)
        return va > 0 and vb > 0 and abs(va - vb) <= vb * 3 / 10     # (a larger gap: another count)

    def _temperature(self, a: int, b: int, formula: str) -> Relation:
        """``b`` is the reading ``a`` in the other scale (on magnitudes, both read as rounded)."""
        ms = self.ms
        va, vb = ms[a].number.nominal, ms[b].number.nominal
        got = va * 9 / 5 + 32 if "9 / 5" in formula else (va - 32) * 5 / 9
        rel = self._stated("conversion", b, formula.replace("x", _ref(a)), [a], unitless=True,
                           confidence=0.75 if abs(got - vb) <= max(abs(vb) * 3 / 10, Fraction(5)) else 0.4,
                           note=f"{ms[b].printed} is {ms[a].printed} in the other temperature scale",
                           evidence="a temperature and, in a parenthesis right after it, the other scale's: ")
        rel.rounding, rel.approx = "digits", True
        return rel
