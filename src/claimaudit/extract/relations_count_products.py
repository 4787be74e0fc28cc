"""A total a sentence prints after the two values it is the product (or quotient) of, when its rounding says so:
"12 epochs at 41.6 s per epoch, 8.3 min in total", "With 128 samples of 2,048 tokens, the calibration set is 262K
tokens", "集群共 128 个计算节点，每节点 8 张卡，合计 1,024 张卡", "… 2,923 MWh of IT energy. With a PUE of 1.18 the
facility drew 3,449 MWh", "320 hours … 21,333 episodes, so an episode lasts 54 s".

:meth:`.ProseRelations.sentence_products` reads a product from the units alone (of values that all have
one), so a bare count ("12 epochs", "128 samples", a PUE) is no factor there, nor are two factors that
both stand in the sentence before the total ("Over the 58 days the cluster averaged 2.1 MW. That is 2,923
MWh"). Here the numbers are the evidence: a value is the product (or the quotient) of a pair of values
printed before it (in its sentence, or one or both in the sentence before it in the same paragraph) whose
units multiply (divide) to its unit (a bare number leaves a unit as it is), when the result lies within
the value's rounding and no other pair's does. Counts of different things ("600K steps at batch size
2,048, i.e. 1.23B samples") compare by magnitude, only for whole-number factors and when a total word or
a restatement (合计, 共, in total, a total of, i.e., 即) stands before the total or it names a factor's unit
("38 steps … 91.2M environment steps"). Such a relation holds by construction, so it never raises an
alarm; it is audited (0.7) because a reader checking the paragraph would check it, and it stays checked
when the document changes. Where no pair comes near, the words may still state the product: a count "of"
an amount each and a result after "means" / "gives" / "i.e." ("2,048 sequences of 4,096 tokens means each
step processes about 6.4 million tokens", :meth:`CountProductRelations._count_of`), checked off or not.
A whole number the result only rounds is read as rounded ("about 140 hours" for 140.3), and one printed
approximate as rounded to its last non-zero digit ("about 3,060").

Precision first: the total's rounding must be fine (to 2.5% of it at most: "0.12 s" is too coarse for the
numbers alone to say), factors are values read as equal (no bounds, ranges, percentages or multiples), a
bare factor or divisor is more than 1, and the pair must be the only one.
"""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction

from ..units.quantity import Dims
from .mention import Mention
from .relation_model import FinderBase, Relation, _ref, _usable, _whole

# a total word right before a bare total ("合计 1,024 张卡", "a total of 512 GPUs", "共 1,024 张")
_TOTAL_BEFORE = re.compile(r"(?:合计|共计|总计|总共|一共|共有|共|总数为|in total|a total of|totall?ing|altogether"
                           r"|\bi\.\s?e\.,?|\bthat is,?|即|也就是|折合)"
                           r"\s*(?:约|about\s+|~)?\s*$", re.I)
_TOTAL_AFTER = re.compile(r"\s*(?:[A-Za-z-]+\s+){0,2}?(?:in total|in all|altogether)\b", re.I)
# "2,048 sequences of 4,096 tokens", "12 epochs at 41.6 s", "64 nodes with 8 GPUs": a count, its noun, an amount each
_COUNT_OF = re.compile(r"\s+(?:[A-Za-z][\w-]*\s+){0,2}(?:of|at|with)\s+(?:about\s+|~)?", re.I)
# the words that state a result before it: "means each step processes about", "for a total of", "i.e."
# ("so" / "for" alone are left out: "4 nodes with 8 GPUs, so 24 GPUs are free" states a part, not the product)
_RESULT_BEFORE = re.compile(r"(?:\bmeans?\b|\bgives?\b|\bgiving\b|\bprocess(?:es)?\b|\btotal(?:l?ing|s)?\b"
                            r"|\bcomes? to\b|\bi\.\s?e\.|\bthat is\b|\bwhich is\b|\bin all\b|即|共|合计)"
                            r"[^\d;:.]{0,30}$", re.I)
# a count named an average: "平均每场 165 人", "an average of 4.3 people per team", "人均"
_AVERAGE_EACH = re.compile(r"(?:平均每[\u4e00-\u9fff]{0,3}|人均|\ban average of|\bon average|\baveraging)"
                           r"\s*(?:约\s*|about\s+)?$", re.I)
#: The coarsest rounding of a total the numbers alone may match (half its last digit over its value).
_FINEST = Fraction(1, 40)
_MOST = 12          # values a sentence may print (a run of numbers states no product)
#: The base dimensions of measures; any other one dimension is a count of things (GPUs, tokens, nodes).
_MEASURES = frozenset({"length", "mass", "time", "current", "temperature", "substance", "luminosity", "information"})


class CountProductRelations(FinderBase):
    def count_products(self, found: list[Relation]) -> list[Relation]:
        """Each prose value (not yet a relation's target) that is the product of exactly one pair of values
        printed before it in its sentence or the one before, within its rounding (see the module)."""
        out: list[Relation] = []
        ms = self.ms
        stated = {r.target for r in found}
        spans = list(self.sentences().items())
        for j, (_span, ids) in enumerate(spans):
            if len(ids) > _MOST:
                continue
            # the sentence before, in the same paragraph (no blank line between their values: a list item is
            # a paragraph of its own)
            prev = spans[j - 1][1] if j and "\n\n" not in self.text[ms[spans[j - 1][1][-1]].end:ms[ids[0]].start] \
                else []
            if len(prev) > _MOST:
                prev = []
            pool = [k for k in (*prev, *ids) if self._factor(k)]
            if len(pool) < 3:
                continue
            # the values as floats first: of the pairs a sentence holds, nearly none comes near; only those that
            # do are checked exactly (Fraction products of every pair cost 80 ms on the 1 MB document)
            fv = {k: _magnitude(ms[k]) for k in pool}
            for t in ids:
                if t in stated or t not in fv:
                    continue
                want = self.base(t)
                before = [k for k in pool if ms[k].end <= ms[t].start]
                # (nearly no value is within 2.5% of a product or quotient of two others: its rounding, the
                # Fractions, are only asked for those that are)
                wf = fv[t]
                near = abs(wf) * (float(_FINEST) + 1e-9)
                prods = [(a, b) for x, a in enumerate(before) for b in before[x + 1:]
                         if abs(fv[a] * fv[b] - wf) <= near]
                quots = [(a, b) for a in before for b in before
                         if a != b and fv[b] and abs(fv[a] / fv[b] - wf) <= near] if ms[t].unit.dims.items else []
                slack = self._slack(t) if prods or quots else None
                pairs: list[tuple[int, int, str]] = []
                if slack is not None:
                    pairs = [(a, b, "*") for a, b in prods
                             if self._composes(a, b, t) and abs(self.base(a) * self.base(b) - want) <= slack]
                    # a measure over a count or a rate: "1.2T tokens at 766K tokens/s, about 18.1 days"
                    pairs += [(a, b, "/") for a, b in quots
                              if self._divides(a, b, t) and abs(self.base(a) / self.base(b) - want) <= slack]
                if not pairs:
                    rel = self._count_of(t, [k for k in ids if k in before]) or self._average_of(t, before, fv)
                    if rel is not None:
                        out.append(rel)
                        stated.add(t)
                    continue
                if len(pairs) != 1:
                    continue
                a, b, op = pairs[0]
                # counts of other things ("2.4M episodes × 38 steps: 91.2M environment steps"), compared by magnitude
                bare = op == "*" and ms[a].unit.dims * ms[b].unit.dims != ms[t].unit.dims
                if bare and not (ms[a].number.nominal.denominator == ms[b].number.nominal.denominator == 1
                                 and (self._named_total(t) or self._names_factor(t, (a, b)))):
                    continue
                if any({t, a, b} <= {r.target, *r.parts} for r in found):
                    continue
                formula = f"{_ref(a)} {op} {_ref(b)}"
                fit = self._formula_fits(t, formula)
                if fit is None or (fit[1] and not bare):     # magnitudes only for counts of things
                    continue
                where = "its sentence" if a in ids and b in ids else "its sentence and the one before"
                how = ("whose units multiply to its unit and whose product" if op == "*" else
                       "whose units divide to its unit and whose quotient")
                rel = self._stated(
                    "product" if op == "*" else "rate", t, formula, [a, b], confidence=0.7, unitless=fit[1],
                    note=f"{ms[t].printed} is {ms[a].printed} {'×' if op == '*' else '/'} {ms[b].printed}",
                    evidence=f"the one pair of values before it in {where} {how} is it within its rounding: ")
                iv = ms[t].number.interval
                if iv.lo == iv.hi and (self.base(a) * self.base(b) if op == "*" else self.base(a) / self.base(b)) \
                        != want:
                    rel.rounding = "digits"     # "about 140 hours" for 140.3: a whole number rounded, not exact
                out.append(rel)
                stated.add(t)
        return out

    def _count_of(self, t: int, before: list[int]) -> Relation | None:
        """"A batch of 2,048 sequences of 4,096 tokens means each step processes about 6.4 million tokens": a
        count, its noun and "of" (at, with) an amount, then a value of the amount's unit after a word that
        states the result — the product, off or not (0.75 within a factor of 2.5: farther off, another
        value)."""
        ms, text = self.ms, self.text
        for a, b in itertools.pairwise(before):
            ma, mb = ms[a], ms[b]
            if not _counted(ma.unit.dims) or ma.unit.dims == mb.unit.dims or ma.unit.factor != 1 \
                    or ma.number.nominal.denominator != 1 or ma.number.nominal <= 1 \
                    or mb.unit.dims != ms[t].unit.dims or not mb.unit.dims.items:
                continue
            if not _COUNT_OF.fullmatch(text, ma.end, mb.start) or not _RESULT_BEFORE.search(
                    text, max(mb.end, ms[t].start - 40), ms[t].start) \
                    or any(ms[k].unit.dims == mb.unit.dims for k in before if k > b):
                continue
            got, want = self.base(a) * self.base(b), self.base(t)
            if want <= 0 or not Fraction(2, 5) <= got / want <= Fraction(5, 2):
                continue
            formula = f"{_ref(a)} * {_ref(b)}"
            fit = self._formula_fits(t, formula)
            if fit is None or (fit[1] and not ma.unit.dims.items):     # (a count of things: by magnitude)
                continue
            return self._stated("product", t, formula, [a, b], confidence=0.75, unitless=fit[1],
                                note=f"{ms[t].printed} is {ms[a].printed} × {ms[b].printed}",
                                evidence="a count, 'of' an amount each, and a result of the amount's unit after them: ")
        return None

    def _average_of(self, t: int, before: list[int], fv: dict[int, float]) -> Relation | None:
        """"线下 Meetup 12 场，共 1,860 人次参加，平均每场 165 人", "96 支队伍、412 人参赛，平均每队 4.3 人": a count
        named an average (平均每, 人均, an average of) is the one quotient of two counts before it within a
        factor of 2, off or not (0.75)."""
        ms = self.ms
        if ms[t].unit.dims.items or not _AVERAGE_EACH.search(self.text, max(0, ms[t].start - 20), ms[t].start):
            return None
        counts = [k for k in before if not ms[k].unit.dims.items and ms[k].unit.factor == 1
                  and ms[k].number.nominal.denominator == 1]
        wf = fv[t]
        pairs = [(a, b) for a in counts for b in counts if a != b and fv[b] > 1 and wf > 0
                 and 0.5 <= fv[a] / fv[b] / wf <= 2]
        if len(pairs) != 1:
            return None
        a, b = pairs[0]
        formula = f"{_ref(a)} / {_ref(b)}"
        fit = self._formula_fits(t, formula)
        if fit is None:
            return None
        rel = self._stated("average", t, formula, [a, b], confidence=0.75, unitless=fit[1],
                           note=f"{ms[t].printed} is {ms[a].printed} / {ms[b].printed}",
                           evidence="a count named an average and the one quotient of two counts before it: ")
        if _whole(ms[t]):
            rel.rounding = "digits"         # ("平均每场 165 人" for 155.0: a whole number read as rounded)
        return rel

    def _factor(self, k: int) -> bool:
        """A value that may be a product's factor or total: read as equal, a plain number (no percentage,
        multiple or points), positive."""
        m = self.ms[k]
        return _usable(m) and m.number.kind == "number" and m.number.nominal.numerator > 0

    def _composes(self, a: int, b: int, t: int) -> bool:
        """The units of ``a`` and ``b`` multiply to ``t``'s, and a bare factor is a count or factor above 1."""
        ms = self.ms
        dims = ms[a].unit.dims * ms[b].unit.dims
        if dims != ms[t].unit.dims and not (_counted(dims) and _counted(ms[t].unit.dims)):
            return False
        return all(ms[k].unit.dims.items or (ms[k].unit.factor == 1 and ms[k].number.nominal > 1) for k in (a, b))

    def _divides(self, a: int, b: int, t: int) -> bool:
        """The unit of ``a`` over that of ``b`` is ``t``'s, and a bare divisor is a count above 1."""
        ms = self.ms
        return ms[a].unit.dims / ms[b].unit.dims == ms[t].unit.dims and (
            ms[b].unit.dims.items != () or (ms[b].unit.factor == 1 and ms[b].number.nominal > 1))

    def _slack(self, t: int) -> Fraction | None:
        """Half the last printed digit of ``t``, in base units (a plain integer: half a unit), or None when
        that is coarser than :data:`_FINEST` of it."""
        m = self.ms[t]
        iv = m.number.interval
        half = (iv.hi - iv.lo) / 2 if iv.hi != iv.lo else Fraction(1, 2)
        if iv.hi == iv.lo and m.number.relation == "~" and m.number.nominal.denominator == 1:
            # "about 3,060": a whole number printed approximate is rounded to its last non-zero digit
            n, unit = m.number.nominal.numerator, 1
            while n % 10 == 0 and n:
                n, unit = n // 10, unit * 10
            half = Fraction(unit, 2) if unit > 1 else half
        if half > m.number.nominal * _FINEST:
            return None
        return half * m.unit.factor

    def _named_total(self, t: int) -> bool:
        """A total word or a restatement right before ``t`` (合计, "a total of", "i.e.", 即), or "in total" after."""
        m = self.ms[t]
        return bool(_TOTAL_BEFORE.search(self.text, max(0, m.start - 16), m.start)
                    or _TOTAL_AFTER.match(self.text, m.end))

    def _names_factor(self, t: int, parts: tuple[int, int]) -> bool:
        """``t`` counts what a factor's unit names: "38 steps … 91.2M environment steps"."""
        after = self.text[self.ms[t].end:self.ms[t].end + 32].casefold()
        nouns = {self.ms[k].unit.text.casefold().rstrip("s") for k in parts if self.ms[k].unit.text}
        return any(len(n) >= 3 and re.search(rf"\b{re.escape(n)}", after) for n in nouns)


def _magnitude(m: Mention) -> float:
    """A mention's value in base units as a float (nominal × unit factor, from their integers: no Fraction
    arithmetic), infinite past the float range."""
    n, f = m.number.nominal, m.unit.factor
    try:
        return n.numerator * f.numerator / (n.denominator * f.denominator)
    except OverflowError:
        return math.inf if n > 0 else -math.inf


def _counted(dims: Dims) -> bool:
    """Dimensionless, or a count of things ("1,024 张卡", "512 GPUs"): no measure."""
    items = dims.items
    name = items[0][0].strip("[]") if items else ""
    return not items or (len(items) == 1 and items[0][1] == 1 and name not in _MEASURES
                         and not name.startswith("currency"))
