"""Draft a claim file from a document's mentions and relations.

The draft loads and runs without edits: every mention is a stated claim with its quote and
locator; every relation the document states becomes a formula (on the mention it checks, or on a
claim of its own). Ids are readable and stable: they come from the table row or the words before
the number, the unit and the value, numbered in document order when they repeat, so re-running on
the same document gives the same ids.

YAML is written by hand with JSON-style double-quoted scalars (valid YAML), so that no document
text can change the structure.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from ..numbers.interval import show
from ..numbers.printed import parse_printed
from .document import Document
from .mentions import Mention
from .relations import CONFIDENT, Relation, reaches
from .statistics import StatisticMention

#: Which relations a draft audits: those at or above CONFIDENT, or every one.
RELATION_CHOICES = ("confident", "all")

_UNIT_WORD = {"percent": "pct", "percentage_point": "pp", "permille": "permille"}
_KIND_WORD = {"ratio": "x", "percent": "pct", "points": "pp", "permille": "permille"}


@dataclass
class Draft:
    doc: Document
    mentions: list[Mention]
    relations: list[Relation]
    ids: list[str] = field(default_factory=list)
    source: str | None = None
    lang: str = "auto"
    #: Filled by :func:`render`: each relation's claim id (audited ones only), by relation index.
    relation_ids: dict[int, str] = field(default_factory=dict)
    #: APA test results (extract.statistics), drafted as ``statistic:`` claims for CA110.
    statistics: list[StatisticMention] = field(default_factory=list)

    def audited(self, relations: str = "confident") -> list[int]:
        """Indices of the relations a run audits (``relations``: "confident" or "all")."""
        return [k for k, r in enumerate(self.relations) if relations == "all" or r.confidence >= CONFIDENT]


def _slug(text: str, limit: int = 24) -> str:
    """ASCII words of ``text`` (three letters or more, or an upper-case pair); else its Chinese
    characters, so a Chinese label still names the claim (``训练成本``)."""
    folded = unicodedata.normalize("NFKD", text)
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z0-9]*", folded) if len(w) >= 3 or (w.isupper() and len(w) == 2)]
    out = "_".join(w.lower() for w in words)
    if not out:
        out = _cjk_word(text, limit=8)
    return out[:limit].strip("_")


_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
#: Function words trimmed from a Chinese context word (they name nothing).
_CJK_FILLER = "的了是为约和与及或在将把被从到每个近逾"


def _cjk_word(text: str, limit: int = 6) -> str:
    runs = _CJK_RUN.findall(text)
    if not runs:
        return ""
    word = runs[-1].strip(_CJK_FILLER) or runs[-1]
    return word[-limit:]


def _value_slug(m: Mention) -> str:
    """The number as written, multiplier included: 2,788K -> 2788k, 557.6万 -> 557_6w."""
    p = m.number
    digits = (m.printed_number or show(p.nominal)).replace(",", "").replace(" ", "")
    mult = {"万": "w", "亿": "yi", "万亿": "wyi", "千万": "qw", "百万": "bw"}.get(p.multiplier, p.multiplier)
    s = re.sub(r"[^0-9A-Za-z_]", "", digits.replace(".", "_").replace("-", "m") + (mult or "")).lower()
    if not re.search(r"\d", s):
        s = re.sub(r"[^0-9a-z_]", "", show(p.nominal).replace(".", "_").replace("-", "m").lower())
    return s[:20] or "n"


def _unit_slug(m: Mention) -> str:
    p = m.number
    if p.kind in _KIND_WORD:
        return _KIND_WORD[p.kind]
    canon = m.unit.canonical
    if not canon:
        return "n"
    canon = canon.replace(" * ", "_").replace(" / ", "_per_").replace(" ** ", "")
    return _slug(canon, 20) or "q"


def _label(doc: Document, m: Mention) -> str:
    if m.cell is not None:
        t = doc.tables[m.cell[0]]
        lab = _slug(t.label(m.cell[1]), 18)
        if lab and not lab[0].isdigit():
            return lab
    before = doc.text[max(0, m.start - 40):m.start]
    before = re.split(r"[。！？!?；;\n:：,，、(（)）|=]", before)[-1]
    words = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z]+", before)
             if w.lower() not in ("the", "of", "a", "an", "and", "to", "in", "is", "was", "from", "at", "by", "for",
                                  "with", "on", "about", "over", "than", "more", "less", "up")]
    if words and (not _CJK_RUN.search(before) or before.rstrip()[-1:].isascii()):
        return "_".join(words[-2:])[:18]
    # Chinese: the context word right before the number (训练成本 557.6 万美元 -> 训练成本)
    return _cjk_word(before) or "_".join(words[-2:])[:18]


def make_ids(doc: Document, mentions: list[Mention]) -> list[str]:
    ids: list[str] = []
    maker = Ids()
    bases = []
    for m in mentions:
        label = _label(doc, m)
        base = "_".join(x for x in (label, _unit_slug(m), _value_slug(m)) if x)
        base = re.sub(r"_+", "_", base).strip("_")
        if not base or not (base[0].isalpha() or base[0] == "_"):
            base = "v_" + base
        bases.append(base)
    # Bare bases first, so a value's own id ("n_2_5" for 2.5) is never taken by a repeat's number.
    for b in bases:
        maker.used.add(b)
    first: set[str] = set()
    for b in bases:
        if b not in first:
            first.add(b)
            maker.counts[b] = 1
            ids.append(b)
        else:
            ids.append(maker.make(b))
    return ids


class Ids:
    """Unique ids: ``base``, else ``base_2``, ``base_3`` … skipping any id already given (the fifth
    ``n_2`` would be ``n_2_5``, the value 2.5's own id: it becomes ``n_2_6``)."""

    def __init__(self) -> None:
        self.used: set[str] = set()
        self.counts: dict[str, int] = {}

    def make(self, base: str) -> str:
        n = self.counts.get(base, 0)
        while True:
            n += 1
            rid = base if n == 1 else f"{base}_{n}"
            if rid not in self.used:
                break
        self.counts[base] = n
        self.used.add(rid)
        return rid


def _s(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def _clip(text: str, around: str = "", limit: int = 240) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    i = text.find(around) if around else -1
    if i < 0:
        return text[:limit - 1] + "…"
    lo = max(0, i - limit // 2)
    return ("…" if lo else "") + text[lo:lo + limit - 2] + "…"


def _quote(doc: Document, m: Mention) -> str:
    if m.cell is not None:
        return _clip(doc.line_text(m.start).strip(), m.printed)
    return _clip(doc.sentence(m.start), m.printed)


def _at(doc: Document, m: Mention) -> str:
    where = f"line {m.line}, column {m.col}"
    if m.cell is not None:
        t = doc.tables[m.cell[0]]
        head = t.header[m.cell[2]] if m.cell[2] < len(t.header) else f"column {m.cell[2] + 1}"
        where += f"; table {t.index + 1}, row {t.label(m.cell[1])!r}, column {head!r}"
    heading = doc.heading_at(m.start)
    if heading:
        where += f"; under {_clip(heading, limit=60)!r}"
    return where


def _fill(formula: str, names: list[str]) -> str:
    return re.sub(r"\{(\d+)\}", lambda mo: names[int(mo.group(1))], formula)


def _bare(m: Mention) -> str:
    """The value without its unit (for relations checked on magnitudes only): as printed, scale
    word and rounding kept ("2.1M", "1.35 亿"), when that text reads back to the same number."""
    printed = m.printed[:m.unit_start - m.start] if m.unit_start > m.start else m.printed if m.unit_start < 0 else ""
    if printed.strip():
        try:
            again = parse_printed(printed.strip())
        except Exception:   # noqa: BLE001 - any unreadable text falls back to the digits below
            again = None
        if again is not None and not again.unit and again.nominal == m.number.nominal \
                and again.step == m.number.step and again.kind == m.number.kind:
            return printed.strip()
    p = m.number
    q = f"{p.qualifier} " if p.qualifier else ""
    suffix = {"percent": "%", "permille": "‰", "points": "pp", "ratio": "×"}.get(p.kind, "")
    return f"{q}{show(p.nominal) if p.exact else _digits(p)}{suffix}".strip()


def _digits(p) -> str:
    # Keep the written precision: nominal at the step's place.
    from decimal import Decimal

    step = p.step
    if not step:
        return show(p.nominal)
    places = 0
    s = step
    while s.denominator != 1 and places < 12:
        s *= 10
        places += 1
    scale = {"percent": 1, "permille": 1, "points": 1}.get(p.kind, 1)
    value = Decimal(p.nominal.numerator) / Decimal(p.nominal.denominator) * scale
    return f"{value:.{places}f}"


def _where_in_doc(doc: Document, offset: int) -> list[str]:
    """meta.extracted lines naming the document position (findings of `claimaudit run DOC` point here)."""
    line, col = doc.position(offset)
    out = [f"        doc: {_s(doc.path)}", f"        line: {line}", f"        col: {col}"]
    hit = doc.cell_at(offset)
    if hit is not None:
        table, cell = hit
        out.append(f"        cell: {{table: {table.index + 1}, row: {_s(cell.label)}, column: {_s(cell.header)}}}")
    return out


def _relation_meta(r: Relation) -> list[str]:
    return [f"        relation: {_s(r.kind)}", f"        evidence: {_s(_clip(r.evidence or r.note))}",
            f"        confidence: {r.confidence:g}"]


def render(draft: Draft, relations: str = "confident") -> str:
    """The claim file text. Relations below CONFIDENT are written as commented suggestions unless
    ``relations`` is "all"."""
    doc, ms = draft.doc, draft.mentions
    ids = draft.ids or make_ids(doc, ms)
    chosen = set(draft.audited(relations))
    rels = [r for k, r in enumerate(draft.relations) if k in chosen]
    index_of = {id(r): k for k, r in enumerate(draft.relations)}
    suggestions = [r for k, r in enumerate(draft.relations) if k not in chosen]
    draft.relation_ids = {}
    formula_of: dict[int, Relation] = {}
    extra: list[Relation] = []
    uses: dict[int, list[int]] = {}
    for r in rels:
        # On the mention's own claim unless that makes a reference cycle (then a claim of its own).
        if r.target is not None and r.target not in formula_of and not r.unitless \
                and not any(reaches(uses, p, r.target) for p in r.parts):
            formula_of[r.target] = r
            uses[r.target] = list(r.parts)
            draft.relation_ids[index_of[id(r)]] = ids[r.target]
        else:
            extra.append(r)
    counts: dict[str, int] = {}
    for rel in rels:
        counts[rel.kind] = counts.get(rel.kind, 0) + 1
    out: list[str] = []
    out.append(f"# Drafted by `claimaudit extract` from {doc.path}: {len(ms)} numeric mentions, "
               f"{len(rels)} relations the document states itself (confidence >= {CONFIDENT:g}"
               f"{'' if relations != 'all' else ', or any with --relations all'}), "
               f"{len(suggestions)} suggested.")
    if counts:
        out.append("# relations: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    if draft.statistics:
        out.append(f"# {len(draft.statistics)} test results (t, F, r, z, χ²) as `statistic:` claims: "
                   "CA110 recomputes their p.")
    out.append("# Review before relying on it: `meta.extracted.candidates` lists readings to decide.")
    if draft.source:
        out.append(f"source: {draft.source}")
    out.append("title: " + _s(f"Claims drafted from {Path(doc.path).name}"))
    out.append("tags: [extracted]")
    out.append("claims:")
    for i, m in enumerate(ms):
        out.append(f"  - id: {ids[i]}")
        out.append(f"    quote: {_s(_quote(doc, m))}")
        out.append(f"    at: {_s(_at(doc, m))}")
        out.append(f"    value: {_s(m.value)}")
        own = formula_of.get(i)
        if m.relation:
            out.append(f"    relation: {_s(m.relation)}")
        elif own is not None and own.approx:
            out.append(f"    relation: {_s('~')}")
        if own is not None:
            out.append(f"    formula: {_s(_fill(own.formula, ids))}")
            if own.given:
                out.append("    given:")
                out += [f"      {name}: {_s(text)}" for name, text in own.given.items()]
            if own.rounding:
                out.append(f"    rounding: {_s(own.rounding)}")
            if own.kilo != 1000:
                out.append(f"    kilo: {own.kilo}")
            out.append(f"    title: {_s(own.note)}")
            out.append(f"    tags: [{own.kind}]")
        out.append("    meta:")
        out.append("      extracted:")
        out.append(f"        printed: {_s(m.printed)}")
        iv = m.number.interval
        out.append(f"        interval: [{_s(show(iv.lo))}, {_s(show(iv.hi))}]")
        kind = m.number.kind
        bare_unit = "×" if kind == "ratio" else kind if kind != "number" else ""
        out.append(f"        unit: {_s(m.unit.canonical or bare_unit)}")
        if m.qualifier:
            out.append(f"        qualifier: {_s(m.qualifier)}")
        out += _where_in_doc(doc, m.start)
        if own is not None:
            out += _relation_meta(own)
        if m.candidates:
            out.append("        candidates:")
            for c in m.candidates:
                out.append(f"          - {_s(c)}")
    maker = Ids()
    maker.used.update(ids)
    for r in extra:
        target = ms[r.target] if r.target is not None else None
        base = (ids[r.target] if r.target is not None else "total") + "_" + r.kind.replace("-", "_")
        rid = maker.make(base)
        draft.relation_ids[index_of[id(r)]] = rid
        out += _relation_claim(doc, ms, ids, r, rid, target)
    for st in draft.statistics:
        out += _statistic_claim(doc, st, maker.make(_statistic_id(st)))
    if suggestions:
        out.append("# Suggested relations, not audited (confidence below "
                   f"{CONFIDENT:g}; `claimaudit run DOC --relations all` audits them). Uncomment to keep one.")
        for r in suggestions:
            target = ms[r.target] if r.target is not None else None
            base = (ids[r.target] if r.target is not None else "total") + "_" + r.kind.replace("-", "_")
            out += ["# " + line for line in _relation_claim(doc, ms, ids, r, maker.make(base), target)]
    if not ms and not extra and not draft.statistics:
        out[out.index("claims:")] = "claims: []"
    return "\n".join(out) + "\n"


def _statistic_id(st: StatisticMention) -> str:
    """``t(28) = 2.20`` -> ``t_28_2_20``; ``z = -1.5`` -> ``z_m1_5``."""
    text = f"{st.test} {st.df or ''} {st.value}".replace("-", "m")
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower()


def _statistic_claim(doc: Document, st: StatisticMention, sid: str) -> list[str]:
    """A test result as a ``statistic:`` claim (CA110 recomputes its p)."""
    spec = ", ".join(f"{k}: {_s(str(v))}" for k, v in st.spec().items())
    out = [f"  - id: {sid}", f"    title: {_s('test result ' + ' '.join(st.text.split()))}",
           f"    quote: {_s(_clip(doc.sentence(st.start), st.text))}",
           f"    at: {_s(f'line {st.line}, column {st.col}')}",
           f"    statistic: {{{spec}}}", "    tags: [statistic]", "    meta:", "      extracted:",
           f"        printed: {_s(' '.join(st.text.split()))}"]
    out += _where_in_doc(doc, st.start)
    if st.notes:
        out.append("        notes:")
        out += [f"          - {_s(n)}" for n in st.notes]
    return out


def _relation_claim(doc: Document, ms: list[Mention], ids: list[str], r: Relation, rid: str,
                    target: Mention | None) -> list[str]:
    out = [f"  - id: {rid}", f"    title: {_s(r.note)}"]
    if r.quote:
        out.append(f"    quote: {_s(_clip(r.quote))}")
    line, col = doc.position(r.at)
    out.append(f"    at: {_s(f'line {line}, column {col}')}")
    if r.rounding:
        out.append(f"    rounding: {_s(r.rounding)}")
    if r.kilo != 1000:
        out.append(f"    kilo: {r.kilo}")
    if r.unitless:
        names = [f"x{k + 1}" for k in range(len(r.parts))]
        mapping = {p: nm for p, nm in zip(r.parts, names, strict=True)}
        formula = re.sub(r"\{(\d+)\}", lambda mo: mapping[int(mo.group(1))], r.formula)
        value = r.value or (_bare(target) if target is not None else "")
        out.append(f"    value: {_s(value)}")
        if r.approx and not value.startswith(("~", "约", "about")):
            out.append(f"    relation: {_s('~')}")
        out.append(f"    formula: {_s(formula)}")
        out.append("    given:" if r.parts else "    given: {}")     # "76894 (`9_765_625/127`)": literals only
        for p, nm in zip(r.parts, names, strict=True):
            out.append(f"      {nm}: {_s(_bare(ms[p]))}")
        out.append(f"    tags: [{r.kind}, magnitudes-only]")
        out.append("    meta:")
        out.append("      extracted:")
        out.append(f"        note: {_s('the units printed do not compose; the magnitudes are compared')}")
    else:
        value = target.value if target is not None else (r.value or "")
        out.append(f"    value: {_s(value)}")
        if target is not None and target.relation:
            out.append(f"    relation: {_s(target.relation)}")
        elif r.approx:
            out.append(f"    relation: {_s('~')}")
        out.append(f"    formula: {_s(_fill(r.formula, ids))}")
        if r.given:
            out.append("    given:")
            out += [f"      {name}: {_s(text)}" for name, text in r.given.items()]
        out.append(f"    tags: [{r.kind}]")
        out.append("    meta:")
        out.append("      extracted:")
    out += _where_in_doc(doc, r.at)
    out += _relation_meta(r)
    return out
