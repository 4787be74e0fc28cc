"""Relations a document shows in code: a one-liner that prints a computed value and, on the next code
line, what it printed ("NHIDDEN=14336; … print(f'Model size: {(l*(12*h**2 + 13*h) + v*h + 4*h) / 10**9 :.0f}B')"
then "Model size: 176B"). The expression is translated to the formula language (never run): its
names resolve to the literals the same code block assigns, and the printed number is the claim.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .relation_model import FinderBase, Relation

_NUMBER = r"[\d_]+(?:\.\d+)?(?:[eE][+-]?\d+)?"
# NAME=value (shell `NHIDDEN=14336;`, python `h=$NHIDDEN;`), a literal or another name
_ASSIGN = re.compile(r"(?:^|(?<=[\s;'\"(]))(?:export\s+)?([A-Za-z_]\w*)\s*=\s*(\$\{?[A-Za-z_]\w*\}?|" + _NUMBER
                     + r")(?=\s*(?:;|$|\s|['\"]))")
_F_PRINT = re.compile(r"\bprint\(\s*f(['\"])(.*?)\1\s*\)")
_PLAIN_PRINT = re.compile(r"\bprint\(\s*([^'\"]+?)\s*\)\s*(?:['\"]|$)")
_PERL = re.compile(r"\bperl\s+-\w*e\s+'\s*print\s+([^';]+?)\s*;?\s*'((?:\s+" + _NUMBER + r")*)\s*$")
_FIELD = re.compile(r"\{([^{}]+)\}")
_TOKEN = re.compile(r"\s*(" + _NUMBER + r"|[A-Za-z_]\w*|\*\*|[-+*/(),])")
_SPEC = re.compile(r",?(?:\.(\d+)f)?")
_OUT_NUMBER = r"\s*(-?\d[\d,_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*"
#: Python calls that have a formula twin (int() truncates: the values here are never negative).
_CALLS = {"int": "floor", "abs": "abs", "float": "", "min": "min", "max": "max"}


class CodeRelations(FinderBase):
    def code_prints(self, found: list[Relation]) -> list[Relation]:
        """A code line that prints computed values and the code line after it showing them: each
        printed number is its expression over the literals the block assigns (0.8). Not drafted for a
        line another code rule already reads."""
        out: list[Relation] = []
        raw = self.doc.unblanked
        if raw is None:
            return out
        taken = {self.doc.position(r.at)[0] for r in found if r.target is None}
        lines = raw.split("\n")
        starts = [0]
        for ln in lines:
            starts.append(starts[-1] + len(ln) + 1)
        env: dict[str, str] = {}
        for n in range(len(lines) - 1):
            code = self._is_code(lines, starts, n)
            if not code:
                env = {}                 # a new block: its names are its own
                continue
            env.update(_assignments(lines[n], env))
            if not self._is_code(lines, starts, n + 1) or self.doc.position(starts[n])[0] in taken:
                continue
            for rel in self._prints(lines[n], lines[n + 1], starts[n], env):
                out.append(rel)
        return out

    def _is_code(self, lines: list[str], starts: list[int], n: int) -> bool:
        """A line of code: blanked in the prose, not empty in the original."""
        return bool(lines[n].strip()) and not self.text[starts[n]:starts[n + 1] - 1].strip()

    def _prints(self, code: str, shown: str, at: int, env: dict[str, str]) -> list[Relation]:
        fields: list[tuple[str, str]] = []       # (expression, format spec)
        pattern = ""
        if (mo := _F_PRINT.search(code)) is not None:
            body, last = mo.group(2), 0
            for fo in _FIELD.finditer(body):
                pattern += re.escape(body[last:fo.start()]) + _OUT_NUMBER
                expr, _colon, spec = fo.group(1).rpartition(":") if ":" in fo.group(1) else (fo.group(1), "", "")
                fields.append((expr, spec.strip()))
                last = fo.end()
            pattern += re.escape(body[last:])
        elif (mo := _PERL.search(code)) is not None:
            args = mo.group(2).split()
            expr = re.sub(r"\bshift\b", lambda _m: args.pop(0) if args else "shift", mo.group(1))
            fields, pattern = [(expr, "")], _OUT_NUMBER
        elif (mo := _PLAIN_PRINT.search(code)) is not None:
            fields, pattern = [(mo.group(1), "")], _OUT_NUMBER
        if not fields:
            return []
        got = re.fullmatch(pattern.replace(r"\ ", r"\s*"), shown.strip())
        if got is None:
            return []
        out = []
        for k, (expr, spec) in enumerate(fields):
            tr = _formula(expr, env)
            sm = _SPEC.fullmatch(spec)
            if tr is None or sm is None:
                continue
            formula, given = tr
            if not _evaluates(formula, given):
                continue            # beyond the formula language's limits (2**5000, a division by zero)
            printed = got.group(k + 1).replace(",", "").replace("_", "")
            places = sm.group(1)
            if places == "0":
                formula = f"floor({formula} + 1/2)"      # printed to no decimals: the rounded whole number
            elif places is None and "." not in printed and "floor" not in formula and re.search(r"\.|/", formula):
                continue          # a whole number printed from a fraction, by a format not read here
            offset = at + max(0, code.find(expr.strip()))     # findings point at the code that computes it
            line = self.doc.position(offset)[0] + 1
            out.append(Relation(
                "equation", None, formula, [], value=printed, quote=f"{code.strip()[:160]} -> {shown.strip()[:80]}",
                note="the code prints this value: its expression on the literals the code assigns"
                     + (" (rounded to a whole number)" if places == "0" else ""),
                at=offset, confidence=0.8, given=given,
                evidence=f"the code {expr.strip()[:80]!r} and its output {printed!r} on the next line (line {line})"
                         + ("; " + ", ".join(f"{k}={v}" for k, v in given.items()) if given else "")))
        return out


def _assignments(code: str, env: dict[str, str]) -> dict[str, str]:
    """NAME=literal (or NAME=$OTHER) assignments of one code line, resolved in order."""
    out: dict[str, str] = {}
    for mo in _ASSIGN.finditer(code):
        name, val = mo.group(1), mo.group(2)
        if val.startswith("$"):
            ref = val.strip("${}")
            val = out.get(ref) or env.get(ref) or ""
        if val:
            out[name] = val.replace("_", "")
    return out


def _formula(expr: str, env: dict[str, str]) -> tuple[str, dict[str, str]] | None:
    """``expr`` (Python or Perl arithmetic) in the formula language, with the names it uses and
    their literals; None when it names anything not assigned or calls anything without a twin."""
    pos, parts, given = 0, [], {}
    text = expr.strip()
    while pos < len(text):
        mo = _TOKEN.match(text, pos)
        if mo is None:
            return None
        tok = mo.group(1)
        pos = mo.end()
        if tok[0].isdigit():
            parts.append(tok.replace("_", ""))
        elif tok[0].isalpha() or tok[0] == "_":
            if text[pos:pos + 1] == "(":
                if tok not in _CALLS:
                    return None
                parts.append(_CALLS[tok])
            elif tok in env:
                given[tok] = env[tok]
                parts.append(tok)
            else:
                return None
        else:
            parts.append(tok)
    formula = re.sub(r"(\w) \(", r"\1(", " ".join(parts).replace("( ", "(").replace(" )", ")"))
    if not re.search(r"[-+*/]", formula):
        return None        # a bare name or literal printed back is no calculation
    return formula, given


def _evaluates(formula: str, given: dict[str, str]) -> bool:
    """Whether the claim's formula parses and evaluates on its literals (so the draft always runs)."""
    from ..formulas.parse import parse_formula
    from ..numbers.interval import Interval
    from ..units.quantity import Dims, Quantity

    try:
        env = {k: Quantity(Interval(Fraction(v)), Dims()) for k, v in given.items()}
        parse_formula(formula).evaluate(env)
    except Exception:  # noqa: BLE001 - any refusal of the formula language means: no relation drafted
        return False
    return True
