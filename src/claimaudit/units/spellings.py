"""The unit grammar's own words, read before pint: symbols, Chinese words, domain words, count
words, refused ambiguous strings and the notes that say which reading was taken.

Data only; :mod:`.lexer`, :mod:`.words` and :mod:`.registry` hold the logic that reads it (and
pint's definitions live in ``definitions.txt``).
"""

from __future__ import annotations

import re
from typing import Any

Parts = tuple[tuple[str, int], ...]   # pint unit names (with prefix) and exponents


def p(*names: str) -> Parts:
    return tuple((n, 1) for n in names)


NOTE_YEN = "¥ read as CNY (yuan); JPY also writes ¥"
NOTE_MONTH = "month read as 1/12 Julian year = 30.4375 days (730.5 hours)"
NOTE_YEAR = "year read as a Julian year = 365.25 days"
NOTE_PENNY = "penny read as the US cent (USD/100); a British penny would be GBP/100"
NOTE_TPD = "tpd read as short tons (2000 lb) per day; tonnes per day would be t/d"
NOTE_DIV_MUL = ("a/b*c read as (a/b)*c, as in pint and Python; "
                 "a/(b*c) or a/b-c divides by both")

# Notes attached whenever a pint unit appears (any spelling).
NOTE_JIN = "斤 read as the mainland jin (500 g); the catty of Hong Kong and Taiwan is 600 g or 604.79 g"
NOTE_FPS = "fps read as frames per second; feet per second is ft/s"
UNIT_NOTES = {"month": NOTE_MONTH, "year": NOTE_YEAR, "penny": NOTE_PENNY, "Chinese_jin": NOTE_JIN,
               "short_ton_per_day": NOTE_TPD, "frames_per_second": NOTE_FPS}

# Symbols that are atoms of their own.
SYMBOLS: dict[str, tuple[Parts, str]] = {
    "$": (p("USD"), ""),
    "¥": (p("CNY"), NOTE_YEN),
    "￥": (p("CNY"), NOTE_YEN),
    "€": (p("EUR"), ""),
    "£": (p("GBP"), ""),
    "%": (p("percent"), ""),
    "‰": (p("permille"), ""),
}

DIV_WORD = object()   # marker: a word that is the division operator

def plain(words: dict[str, str]) -> dict[str, tuple[Parts, str]]:
    """Words read as pint units with no note: ``{"卡时": "GPU hour"}`` is GPU·hour."""
    return {word: (p(*names.split()), "") for word, names in words.items()}


# Chinese words, matched greedily (longest first) inside a run of CJK characters.
CJK: dict[str, Any] = {
    **plain({"美元": "USD", "元": "CNY", "人民币": "CNY", "欧元": "EUR", "英镑": "GBP", "日元": "JPY",
             "卡时": "GPU hour", "张卡": "GPU", "卡": "GPU", "节点": "node", "步": "step",
             "天": "day", "日": "day", "小时": "hour", "时": "hour", "分钟": "minute", "秒": "second",
             "毫秒": "millisecond", "微秒": "microsecond", "周": "week", "星期": "week", "月": "month",
             "个月": "month", "年": "year", "字节": "byte", "比特": "bit"}),
    "分": (p("minute"), "分 read as minute (not the fen, 0.01 元)"),
    "每": DIV_WORD,
}
CJK_NUMBER_WORDS = {"十": "10", "百": "100", "千": "1000", "万": "10^4", "亿": "10^8", "兆": "10^12"}
CJK_MAXLEN = max(len(k) for k in CJK)

# Exact-case words read before pint, each with its documented note.
WORDS: dict[str, tuple[Parts, str]] = {
    "b": (p("bit"), "b read as bit (not barn); B is the byte"),
    "KB": (p("kilobyte"), "KB read as kB (1000 B); KiB would be 1024 B"),
    "Kbit": (p("kilobit"), "Kbit read as kbit (1000 bit); Kibit would be 1024 bit"),
    "Kbps": (p("kilobit_per_second"), "Kbps read as kbps (1000 bit/s)"),
    "KBps": (p("kilobyte_per_second"), "KBps read as kB/s (1000 B/s); KiB/s would be 1024 B/s"),
    **plain({"US$": "USD", "FLOPS": "FLOPS", "GPU_hour": "GPU hour", "GPU_hours": "GPU hour", "GPUh": "GPU hour"}),
    # Compact products pint does not read (it would take "cds" for candelas).
    "Js": (p("joule", "second"), "Js read as joule-second (J*s)"),
    "cds": (p("candela", "second"), "cds read as candela-second (cd*s), not candelas"),
    # An engine's torque and power as car specifications print them (pint's Nm is a textile count).
    "Nm": (p("newton", "meter"), "Nm read as newton-metre (torque); pint's Nm is the number metre of yarn"),
    "bhp": (p("horsepower"), "bhp read as brake horsepower, the mechanical horsepower (745.7 W)"),
}
BIT_PREFIX = {"k": "kilo", "K": "kilo", "M": "mega", "G": "giga", "T": "tera", "P": "peta", "E": "exa"}
BIT_WAS = {"k": "not kilobarn", "K": "1000 bit", "M": "not megabarn", "G": "not gilbert",
            "T": "not terabarn", "P": "not petabarn", "E": "not exabarn"}
for _x, _name in BIT_PREFIX.items():
    _byte = ("kB" if _x in "kK" else _x + "B")
    WORDS[_x + "b"] = (p(_name + "bit"),
                        f"{_x}b read as {_name}bit ({BIT_WAS[_x]}); {_byte} would be {_name}byte")
for _x, _name in {"Ki": "kibi", "Mi": "mebi", "Gi": "gibi", "Ti": "tebi", "Pi": "pebi", "Ei": "exbi"}.items():
    WORDS[_x + "b"] = (p(_name + "bit"), f"{_x}b read as {_name}bit; {_x}B would be {_name}byte")
del _x, _name, _byte

# FLOPs (capitals, then a lower-case s) is the plural of FLOP, a count (training compute); FLOPS,
# Flops and flops are per second, as vendors print peak throughput ("989 TFlops"). Either way the
# reading is noted, and CA103 tries the other one when the claim does not hold.
FLOPS_WORD = re.compile(r"^(k|M|G|T|P|E)?(FLOPs|flops|Flops)$")

# Count nouns pint would read as something else in a claim: a surveying chain or link, a shot
# (a volume), micro-nits ("units"), a turn of 2π radians ("cycle"); and nouns of news and prose that
# pint names an old or obscure measure (a bag of cement is 94 lb, a section a square mile, a pond a
# gram-force, a pole or perch a rod, a jig a shot, a blob a slinch, a toe a tonne of oil equivalent,
# a den a denier): "sold 1,000 bags", "5 sections", "2 ponds", "5 toes" count things.
COUNT_WORDS = {"chain": "chain", "chains": "chain", "link": "link", "links": "link", "shot": "shot",
                "shots": "shot", "unit": "unit", "units": "unit", "cycle": "cycle", "cycles": "cycle",
                **{form: w for w in ("bag", "section", "pond", "circle", "slug", "jig", "blob", "pole", "shake",
                                     "toe", "den", "quad") for form in (w, w + "s")},
                "perch": "perch", "perches": "perch"}
# "points" after a percentage or a score: percentage points (the engine reads score points, which
# are the score's own unit, when no input is a percentage). Printer's points are printers_point.
POINTS = {"point", "points", "pts"}
NOTE_POINTS = "points read as percentage points (after a percentage or a score); printer's points are printers_point"
# Words that are never a counting unit of their own (they are grammar, not things).
NOT_COUNT_NOUNS = frozenset(
    "of in on at to and or the a an for with by from each total about over under than more less per times "
    "as is are was were be it its this that these those".split())
BYTE_WORDS = {"byte": "byte", "bytes": "byte", "bit": "bit", "bits": "bit"}

# Single letters that are magnitudes in claims and something else in pint.
REFUSED: dict[str, tuple[str, tuple[str, ...]]] = {
    "T": ("tera/trillion (a magnitude, which belongs to the number) or tesla", ("TB", "tesla")),
    "M": ("mega/million (a magnitude, which belongs to the number) or molar", ("MB", "molar")),
    "G": ("giga/billion (a magnitude, which belongs to the number) or gauss", ("GB", "gauss")),
    "K": ("thousand (a magnitude, which belongs to the number) or kelvin", ("kB", "kelvin")),
    "k": ("kilo/thousand (a magnitude, which belongs to the number) or the Boltzmann constant",
          ("kB", "k_B")),
    "P": ("peta (a magnitude, which belongs to the number) or poise", ("PB", "poise")),
}

# Domain words, accepted case-insensitively (also after a metric prefix).
DOMAIN: dict[str, str] = {}
for _canon, _forms in {
    "token": "token tokens tok toks",
    "GPU": "gpu gpus",
    "node": "node nodes",
    "parameter": "parameter parameters param params",
    "FLOP": "flop",
    "step": "step steps",
    "request": "request requests req reqs",
    "sequence": "sequence sequences seq seqs",
    "SSD": "ssd ssds",
    "head": "head heads",
    "dim": "dim dims",
    "layer": "layer layers",
    "USD": "usd dollar dollars",
    "CNY": "cny rmb yuan",
    "EUR": "eur euro euros",
    "GBP": "gbp",
    "JPY": "jpy yen",
}.items():
    for _f in _forms.split():
        DOMAIN[_f] = _canon
del _canon, _forms, _f
DOMAIN_COMPOUND = {"gpu_hour": p("GPU", "hour"), "gpu_hours": p("GPU", "hour"),
                    "gpuh": p("GPU", "hour")}
METRIC = {"k": "kilo", "K": "kilo", "M": "mega", "G": "giga", "T": "tera", "P": "peta", "E": "exa",
           "Ki": "kibi", "Mi": "mebi", "Gi": "gibi", "Ti": "tebi", "Pi": "pebi", "Ei": "exbi"}
NUMBER_PREFIX = {10**3: "k", 10**6: "M", 10**9: "G", 10**12: "T"}
NUMBER_SCALE = {"k": 10**3, "K": 10**3, "M": 10**6, "G": 10**9, "B": 10**9, "T": 10**12}

# Extra spellings offered as suggestions besides pint's own names.
SUGGESTABLE = (
    "kB MB GB TB PB EB KiB MiB GiB TiB PiB EiB kbit Mbit Gbit Tbit Kibit Mibit Gibit Tibit "
    "bps kbps Mbps Gbps Tbps GFLOPS TFLOPS PFLOPS EFLOPS GFLOP TFLOP PFLOP EFLOP ktoken Mtoken "
    "Gtoken Ttoken ms us ns GPU-hour GPU-hours tokens seconds hours days cents dimes dozens"
).split()
