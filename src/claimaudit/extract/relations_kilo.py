"""A relation that fails with K read as 1000 and holds with K read as 1024: "15,000 steps × 480 sequences
× 128K tokens = 943.7B tokens" counts a context of 128K = 131,072 tokens. Context lengths, sequence lengths
and binary sizes print K for 1024, and the mention's candidates already say so; a relation that holds
only that way is drafted with ``kilo: 1024`` (its inputs given as printed, so that they are read so) and
a note, not reported as an error of the document. Only K / k (``uses_kilo``) the mention's reading marks
as maybe 1024 (its candidates: a context length, a sequence length): M and G have no setting, and "2,788K
GPU hours" counts thousands."""

from __future__ import annotations

import dataclasses
import functools
import re

from ..numbers.printed import parse_printed
from .mentions import Mention
from .relation_model import FinderBase, Relation, _evaluate, _recomputes

_REF = re.compile(r"\{(\d+)\}")


class KiloReadings(FinderBase):
    def binary_kilo(self, found: list[Relation]) -> None:
        """Each relation of ``found`` that holds only with K = 1024 is rewritten so (in place)."""
        ms = self.ms
        for r in found:
            if r.target is None or not r.parts or r.given or r.kilo != 1000:
                continue
            refs = [int(k) for k in _REF.findall(r.formula)]
            if not any(_maybe_binary(ms[k]) for k in refs) or _holds(r, ms[r.target], ms):
                continue
            binary = list(ms)
            for k in {*refs, r.target}:
                if ms[k].number.uses_kilo:
                    binary[k] = _at_1024(ms[k])
            if not _holds(r, binary[r.target], binary):
                continue
            r.kilo = 1024
            r.note += "; it holds with K read as 1024 (as context lengths and binary sizes count), not as 1000"
            if r.unitless:
                continue        # its inputs are given as printed already (magnitudes-only claims)
            names = {k: f"x{n + 1}" for n, k in enumerate(dict.fromkeys(refs))}
            r.formula = _REF.sub(functools.partial(_name, names), r.formula)
            r.given = {name: ms[k].value for k, name in names.items()}


def _maybe_binary(m: Mention) -> bool:
    """A K the reading itself says may mean 1024 (a context or sequence length: its candidates say so)."""
    return m.number.uses_kilo and any("1024" in c for c in m.candidates)


def _name(names: dict[int, str], mo: re.Match[str]) -> str:
    return names[int(mo.group(1))]


def _holds(r: Relation, target: Mention, ms: list[Mention]) -> bool:
    """Whether ``r`` recomputes ``target``: with units, or on magnitudes for a magnitudes-only relation."""
    if not r.unitless:
        return _recomputes(target, r.formula, ms)
    q = _evaluate(r.formula, ms, True)
    if q is None:
        return False
    iv, step = target.number.interval, target.number.step
    return q.mag.lo <= iv.hi + step and iv.lo - step <= q.mag.hi


def _at_1024(m: Mention) -> Mention:
    """``m`` read with K = 1024."""
    try:
        number = parse_printed(m.value, kilo=1024)
    except Exception:   # noqa: BLE001 - an unreadable value keeps its reading
        return m
    return dataclasses.replace(m, number=number)
