"""The teacher key as data (``key.yaml``): everything grading needs, nothing it must recompute.

Grading reads only this file, so a class can be graded without the claim corpus and without
re-running the audit. Numbers are exact (decimal text, or ``p/q``); dimensions are written as
``{"[information]": 1}``. The file is written by ``claimaudit exercise make`` and read back with
claimaudit's safe YAML loader.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import InputError, Location
from ..units.quantity import Dims
from .lang import frac_text

KEY_FILE = "key.yaml"
SCHEMA = "claimaudit.exercise-key"
VERSION = 1


@dataclass
class KeyInput:
    """One input a student may name: a printed value (or a recomputed one that is not expanded)."""

    name: str
    printed: str | None
    unit: str
    factor: Fraction
    dims: Dims
    lo: Fraction
    hi: Fraction
    nominal: Fraction
    ref: str | None = None
    source: str | None = None
    at: str | None = None
    quote: str | None = None
    kilo: int = 1000


@dataclass
class KeyExercise:
    id: str                      # "E01"
    claim: str                   # module.id
    file: str
    line: int
    value: str                   # as printed
    unit: str                    # the claim's unit as shown
    factor: Fraction
    dims: Dims
    claimed_lo: Fraction
    claimed_hi: Fraction
    nominal: Fraction
    step: Fraction
    relation: str
    formula: str                 # the key, as the claim file writes it
    expanded: str                # the key over printed inputs only (recomputed inputs substituted)
    inputs: list[KeyInput]
    recomputed_lo: Fraction      # in the claim's unit
    recomputed_hi: Fraction
    verdict: str
    derived: dict[str, str] = field(default_factory=dict)   # name -> expanded formula
    kilo: int = 1000
    approx: str = "5%"
    title: str | None = None
    quote: str | None = None
    source: str | None = None
    at: str | None = None
    expected: str | None = None
    because: str | None = None
    difficulty: int = 1
    factors: list[str] = field(default_factory=list)
    hints: dict[str, list[str]] = field(default_factory=dict)
    scope: str | None = None
    as_of: str | None = None
    template: str = ""           # the answer template's file name under answers/

    def input(self, name: str) -> KeyInput | None:
        return next((i for i in self.inputs if i.name == name), None)


@dataclass
class Key:
    exercises: list[KeyExercise]
    title: str = ""
    path: str = ""

    def find(self, ident: str) -> KeyExercise | None:
        ident = ident.strip()
        for e in self.exercises:
            if ident in (e.id, e.claim, e.claim.rsplit(".", 1)[-1]):
                return e
        return None


# -- writing ------------------------------------------------------------------------------------

def _dims(d: Dims) -> dict[str, int]:
    return {k: v for k, v in d.items}


def _input_dict(i: KeyInput) -> dict[str, Any]:
    out: dict[str, Any] = {"name": i.name, "printed": i.printed, "unit": i.unit, "factor": frac_text(i.factor),
                           "dims": _dims(i.dims), "lo": frac_text(i.lo), "hi": frac_text(i.hi),
                           "nominal": frac_text(i.nominal)}
    for k in ("ref", "source", "at", "quote"):
        if getattr(i, k):
            out[k] = getattr(i, k)
    if i.kilo != 1000:
        out["kilo"] = i.kilo
    return out


def exercise_dict(e: KeyExercise) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": e.id, "claim": e.claim, "file": e.file, "line": e.line, "template": e.template,
        "title": e.title, "quote": e.quote, "source": e.source, "at": e.at,
        "value": e.value, "unit": e.unit, "factor": frac_text(e.factor), "dims": _dims(e.dims),
        "claimed": {"lo": frac_text(e.claimed_lo), "hi": frac_text(e.claimed_hi),
                    "nominal": frac_text(e.nominal), "step": frac_text(e.step)},
        "relation": e.relation, "kilo": e.kilo, "approx": e.approx,
        "formula": e.formula, "expanded": e.expanded, "derived": dict(e.derived),
        "inputs": [_input_dict(i) for i in e.inputs],
        "recomputed": {"lo": frac_text(e.recomputed_lo), "hi": frac_text(e.recomputed_hi)},
        "verdict": e.verdict, "expected": e.expected, "because": e.because,
        "difficulty": e.difficulty, "factors": list(e.factors), "hints": dict(e.hints),
        "scope": e.scope, "as_of": e.as_of,
    }
    return {k: v for k, v in out.items() if v is not None and v != {} and v != []}


def key_dict(key: Key) -> dict[str, Any]:
    return {"schema": SCHEMA, "version": VERSION, "title": key.title,
            "exercises": [exercise_dict(e) for e in key.exercises]}


def plain(data: Any) -> Any:
    """Plain Python values (claim text arrives as located str subclasses, which YAML cannot dump)."""
    if isinstance(data, str):
        return str(data)
    if isinstance(data, dict):
        return {str(k): plain(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [plain(v) for v in data]
    return data


def dump_yaml(data: Any) -> str:
    import yaml

    return yaml.safe_dump(plain(data), allow_unicode=True, sort_keys=False, width=100)


# -- reading ------------------------------------------------------------------------------------

class KeyFileError(InputError):
    code = "CA011"   # was CA301, which is the doc-drift checker's


def _loc(node: Any, path: str) -> Location:
    return getattr(node, "location", None) or Location(path)


def _frac(node: Any, key: str, path: str) -> Fraction:
    v = node.get(key) if isinstance(node, dict) else None
    try:
        return Fraction(str(v))
    except (TypeError, ValueError, ZeroDivisionError):
        loc = node.loc_of(key) if hasattr(node, "loc_of") else _loc(node, path)
        raise KeyFileError(f"key file: {key!r} should be an exact number, not {v!r}", location=loc) from None


def _str(node: Any, key: str, path: str, *, required: bool = True) -> str | None:
    v = node.get(key)
    if v is None:
        if required:
            raise KeyFileError(f"key file: missing {key!r}", location=_loc(node, path))
        return None
    return str(v)


def _read_dims(node: Any, key: str, path: str) -> Dims:
    v = node.get(key) or {}
    if not isinstance(v, dict):
        raise KeyFileError(f"key file: {key!r} should be a mapping", location=_loc(node, path))
    try:
        return Dims.of({str(k): int(x) for k, x in v.items()})
    except (TypeError, ValueError):
        raise KeyFileError(f"key file: bad dimensions {dict(v)!r}", location=_loc(node, path)) from None


def _read_input(node: Any, path: str) -> KeyInput:
    if not isinstance(node, dict):
        raise KeyFileError("key file: an input should be a mapping", location=_loc(node, path))
    return KeyInput(
        name=_str(node, "name", path) or "", printed=_str(node, "printed", path, required=False),
        unit=_str(node, "unit", path, required=False) or "", factor=_frac(node, "factor", path),
        dims=_read_dims(node, "dims", path), lo=_frac(node, "lo", path), hi=_frac(node, "hi", path),
        nominal=_frac(node, "nominal", path), ref=_str(node, "ref", path, required=False),
        source=_str(node, "source", path, required=False), at=_str(node, "at", path, required=False),
        quote=_str(node, "quote", path, required=False), kilo=int(str(node.get("kilo") or 1000)))


def _read_exercise(node: Any, path: str) -> KeyExercise:
    if not isinstance(node, dict):
        raise KeyFileError("key file: an exercise should be a mapping", location=_loc(node, path))
    claimed, rec = node.get("claimed") or {}, node.get("recomputed") or {}
    hints = node.get("hints") or {}
    return KeyExercise(
        id=_str(node, "id", path) or "", claim=_str(node, "claim", path) or "",
        file=_str(node, "file", path, required=False) or "", line=int(str(node.get("line") or 0)),
        template=_str(node, "template", path, required=False) or "",
        value=_str(node, "value", path) or "", unit=_str(node, "unit", path, required=False) or "",
        factor=_frac(node, "factor", path), dims=_read_dims(node, "dims", path),
        claimed_lo=_frac(claimed, "lo", path), claimed_hi=_frac(claimed, "hi", path),
        nominal=_frac(claimed, "nominal", path), step=_frac(claimed, "step", path),
        relation=_str(node, "relation", path) or "=", formula=_str(node, "formula", path) or "",
        expanded=_str(node, "expanded", path) or "",
        derived={str(k): str(v) for k, v in (node.get("derived") or {}).items()},
        inputs=[_read_input(i, path) for i in node.get("inputs") or []],
        recomputed_lo=_frac(rec, "lo", path), recomputed_hi=_frac(rec, "hi", path),
        verdict=_str(node, "verdict", path) or "", kilo=int(str(node.get("kilo") or 1000)),
        approx=_str(node, "approx", path, required=False) or "5%",
        title=_str(node, "title", path, required=False), quote=_str(node, "quote", path, required=False),
        source=_str(node, "source", path, required=False), at=_str(node, "at", path, required=False),
        expected=_str(node, "expected", path, required=False), because=_str(node, "because", path, required=False),
        difficulty=int(str(node.get("difficulty") or 1)), factors=[str(f) for f in node.get("factors") or []],
        hints={str(k): [str(x) for x in v] for k, v in hints.items()} if isinstance(hints, dict) else {},
        scope=_str(node, "scope", path, required=False), as_of=_str(node, "as_of", path, required=False))


def load_key(folder: str | Path) -> Key:
    """Read ``key.yaml`` from an exercise set folder; errors are located ``file:line:col``."""
    from ..errors import UsageError
    from ..model.yamlmarks import load_yaml

    folder = Path(folder)
    path = folder / KEY_FILE if folder.is_dir() else folder
    if not path.is_file():
        raise UsageError(f"no exercise key at {path} (make one with `claimaudit exercise make -o DIR`)")
    text = path.read_text("utf-8")
    doc = load_yaml(text, str(path))
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
        raise KeyFileError(f"not a claimaudit exercise key (schema should be {SCHEMA!r})", location=Location(str(path)))
    exercises = [_read_exercise(e, str(path)) for e in doc.get("exercises") or []]
    return Key(exercises, str(doc.get("title") or ""), str(path))
