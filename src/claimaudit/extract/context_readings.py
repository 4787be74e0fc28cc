"""Readings that depend on the neighbours or the sentence, applied to the mentions found: ranges
whose ends both carry the unit (and ``介于 … 之间``), ``points`` near a score, ``度`` as a temperature
or kWh, ages after ``age``, accounting negatives, a unit shared by ``640/410 TFLOPS`` or by the sides
of ``3 x 4 metres``, pounds sterling and oil barrels by the sentence, feet and inches, prices per
million tokens."""

from __future__ import annotations

import bisect
import itertools
import re
from fractions import Fraction

from ..numbers.interval import show
from ..units.spellings import NOTE_POINTS
from .change_words import CHANGE, UP, words
from .column_units import COLUMN_NOTE
from .mention import Mention, parse_value, read_value
from .number_affixes import CHANGE_BEFORE, RANGE_FROM, UNIT_RANGE_GAP, join_parts
from .unit_words import MEASURE_WORDS, TEMPERATURE_CONTEXT, unit_or_none

#: Notes a reading leaves that later readings and relation finders look for (one spelling each).
SPEED_NOTE = "时速: a speed, per hour"
DURATION_NOTE = "read as one duration in parts"

_BETWEEN_BEFORE = re.compile(r"\bbetween\s*$", re.I)
_FROM_BEFORE = re.compile(r"(?:\bfrom|从|由)\s*$", re.I)
_MONEY_SIGN = re.compile(r"(?:US\$|\$|€|£|¥)")

#: Where "points" are percentage points: near a percentage or a score.
_SCORE_CONTEXT = re.compile(r"%|percent|per cent|\bscor|accuracy|benchmark|\bpoll|approval|rating|\bF1\b|BLEU|MMLU|"
                            r"百分|分数|得分|准确率|评分", re.I)
#: Where "points" are a stock index's points: the index is named.
_INDEX_CONTEXT = re.compile(r"\bindex|\bindices|S&P|\bDow\b|Nasdaq|FTSE|Nikkei|Hang Seng|Stoxx|\bDAX\b|\bCAC\b|"
                            r"Sensex|Nifty|KOSPI|TOPIX|\bASX\b|Russell|恒指|指数|指數|大盘|沪指|深成指", re.I)
_PERCENT_NEAR = re.compile(r"%|percent|per cent|百分")
#: Points a player or a team scores: a game's points (a count), never percentage points.
_SPORTS_CONTEXT = re.compile(r"\brebounds?\b|\bassists?\b|\bgoals?\b|touchdowns?|free throws?|three-pointers?|"
                             r"\bgames?\b|\bmatch(?:es)?\b|\bseason\b|half-?time|\b(?:NBA|NFL|NHL|WNBA)\b|\bleague\b|"
                             r"playoffs?|tournament|championship|points per game|\bppg\b|\bvictory|\bdefeat|"
                             r"\b(?:the|a) win\b|"
                             r"\binnings\b|overtime|\bquarterback|\bstriker|\bguard\b|\bforward\b|\bcoach", re.I)
#: Where points stay percentage points even beside a game's words (a vote, a model's benchmark score).
_RATE_SCORE_CONTEXT = re.compile(r"%|percent|per cent|accuracy|benchmark|\bpoll|approval|rating|\bF1\b|BLEU|MMLU|"
                                 r"\bvote|\belection|survey|百分", re.I)
#: "fell 1.3%, or 98 points", "gained 350 points, or 1.1 percent": an index's move said both ways.
_OR_PERCENT_AFTER = re.compile(r"\s*(?:,\s*|\()?\s*(?:or\s+)?(?:about\s+|nearly\s+|almost\s+)?[\d.]+\s*"
                               r"(?:%|percent|per cent)", re.I)
_OR_PERCENT_BEFORE = re.compile(r"[\d.]+\s*(?:%|percent|per cent)\s*(?:,\s*|\()?\s*(?:or\s+)?"
                                r"(?:about\s+|nearly\s+)?$", re.I)
_TYPE_CONTEXT = re.compile(r"\bfont|typeface|\btype\b|字号|字体", re.I)
#: Symbols whose registry reading is rarely what prose means: the other reading, named.
_AMBIGUOUS_SYMBOLS = {"pc": "pc read as parsec; in prose 'pc' is often per cent",
                      "mb": "mb read as millibit; MB (megabyte) or Mb (megabit) is more likely meant",
                      "PS": "PS read as petasiemens; in specifications 'PS' is often horsepower (metric)",
                      "bps": "bps read as bits per second; in finance 'bps' is basis points (0.01%)"}

# -- "a salary of 60,000 pounds": pounds sterling where the sentence speaks of money ----------------
#: Money said in words around the amount (a price, a wage, a deal); a sign elsewhere in the sentence is not
#: enough ("the $500 scale reads 300 pounds").
_POUND_MONEY = re.compile(r"\bworth\b|\bsalar|\bwages?\b|\bpaid\b|\bpay(?:s|ing)?\b|\bcosts?\b|\bcosting\b|\bpric|"
                          r"\bfined\b|\ba fine of\b|\bbonus|\brais(?:ed|es|ing)\b|\bspen[dt]|\bbudget|\brevenue|"
                          r"\bprofits?\b|"
                          r"\bdeal\b|\bfunding|\binvest|\bdonat|\bcompensation|\bdebts?\b|\bloans?\b|\bfees?\b|"
                          r"\bsterling|\bbank|\bbillionaire|\bmillionaire|\btax", re.I)
#: A weight said around it: the registry's pound (lb) stays.
_POUND_WEIGHT = re.compile(r"\bweigh|\bheav|\blight(?:er|est)?\b|\bbody|\bkg\b|\bkilo|\blbs?\b|\bounces?\b|\bton|"
                           r"\bfat\b|\bdiet|\bobes|\bbaby|\bload|\bpayload|\bcarr(?:y|ies|ied)|\blift|\btow|\bhaul|"
                           r"\bcargo|\bcatch|\bharvest|\bpressure|\bthrust|"
                           r"\bfoot-pounds?|\bpounds? of\b|\bpounds? per square", re.I)
_POUND_WORD = re.compile(r"\bpounds?\b")
_GBP = unit_or_none("GBP")


def pounds_sterling(f: str, text: str, kilo: int, ms: list[Mention]) -> None:
    """``a salary of 60,000 pounds``, ``a stake worth 1.2 billion pounds``: pounds spelt out are
    sterling where the sentence speaks of money in words and of no weight; elsewhere the pound of mass."""
    for m in ms:
        if not (m.unit.canonical == "pound" or m.unit.canonical.startswith("pound / ")) or m.unit_start < 0 \
                or _GBP is None:
            continue
        word = f[m.unit_start:m.end]
        if not _POUND_WORD.match(word) or f.startswith(" of", m.unit_start + len(word.split()[0])) \
                or f[m.unit_start - 1:m.unit_start] == "-":
            continue      # "500 pounds of beef", "a 50-pound bag": a weight
        # the words around the amount, not its own ("2,000 pounds an ounce" names no weight of its own)
        sentence = _sentence(f, m, ".!?\n").replace(f[m.start:m.end], " ")
        if not _POUND_MONEY.search(sentence) or _POUND_WEIGHT.search(sentence):
            continue
        reading = read_value(kilo, _POUND_WORD.sub("GBP", m.value, count=1))
        if reading is None or _GBP.dims.items[0] not in reading.unit.dims.items:
            continue
        m.value, m.number, m.unit = reading.value, reading.number, reading.unit
        m.candidates.append("pounds read as pounds sterling (the sentence speaks of money); a weight would be lb")


# -- "3.5 million barrels per day" of crude: the oil barrel (42 US gallons) ----------------------------
#: The registry's barrel is the US fluid barrel (31.5 gallons); the oil trade's is 42 gallons.
_OIL_CONTEXT = re.compile(r"\boil\b|\bcrude|\bBrent\b|\bWTI\b|\bOPEC|petroleum|\bbpd\b|\brefiner|\bdrill|"
                          r"\bbarrels? (?:a|per) day\b|\boilfield|\bpipeline|\bshale", re.I)
_BARREL_WORD = re.compile(r"\bbarrels?\b")


def oil_barrels(f: str, kilo: int, ms: list[Mention]) -> None:
    """Barrels in a sentence about oil are oil barrels (the other reading named)."""
    for m in ms:
        if "barrel" not in m.unit.canonical or "oil_barrel" in m.unit.canonical or m.unit_start < 0 \
                or not _BARREL_WORD.search(m.value):
            continue
        if not _OIL_CONTEXT.search(_sentence(f, m, ".!?\n")):
            continue
        reading = read_value(kilo, _BARREL_WORD.sub("oil_barrel", m.value, count=1))
        if reading is None or "oil_barrel" not in reading.unit.canonical:
            continue
        m.value, m.number, m.unit = reading.value, reading.number, reading.unit
        m.candidates.append("barrel read as the oil barrel (42 US gallons: the sentence speaks of oil); "
                            "the US fluid barrel is 31.5 gallons")


# -- "$0.50 per million tokens": a price per a scaled count --------------------------------------------
#: "per million tokens", "per 1M output tokens", "per 1,000 tokens": the scale goes into the unit (Mtoken).
_PER_SCALED_TOKENS = re.compile(r"\s+per\s+(?:(?:a|one)\s+)?(?:1\s*)?(million|thousand|M|K|k|,000,000|,000|000000|000)"
                                r"\s*(?:(?:input|output|prompt|completion|generated|cached)\s+)?tokens?(?![A-Za-z])")
_SCALE_PREFIX = {"million": "M", "M": "M", ",000,000": "M", "000000": "M", "thousand": "k", "K": "k", "k": "k",
                 ",000": "k", "000": "k"}


def price_per_scaled_tokens(f: str, text: str, kilo: int, ms: list[Mention]) -> list[Mention]:
    """``$0.50 per million tokens``, ``$15 per 1M output tokens``: a price per a million (or thousand)
    tokens, read as USD/Mtoken (USD/ktoken); the scaled count after "per" is no quantity of its own."""
    gone: list[tuple[int, int]] = []
    for m in ms:
        if m.unit_start >= 0 or m.number.is_range or len(m.unit.dims.items) != 1 \
                or not m.unit.dims.items[0][0].startswith("[currency"):
            continue
        g = _PER_SCALED_TOKENS.match(f, m.end)
        if g is None:
            continue
        reading = read_value(kilo, f"{m.value}/{_SCALE_PREFIX[g.group(1)]}token")
        if reading is None:
            continue
        m.value, m.number, m.unit, m.unit_start, m.end = reading.value, reading.number, reading.unit, m.end, g.end()
        m.printed = text[m.start:m.end]
        m.candidates.append(f"{m.printed!r} read as {reading.value} (a price per "
                            f"{'million' if _SCALE_PREFIX[g.group(1)] == 'M' else 'thousand'} tokens)")
        gone.append((g.start(), g.end()))
    if not gone:
        return ms
    return [m for m in ms if not any(a <= m.start < b and m.unit_start != a for a, b in gone)]


# -- ranges whose ends both carry the unit: "44 mg to 50 mg" ---------------------------------------
def unit_ranges(f: str, text: str, kilo: int, ms: list[Mention]) -> list[Mention]:
    out: list[Mention] = []
    i = 0
    while i < len(ms):
        a = ms[i]
        b = ms[i + 1] if i + 1 < len(ms) else None
        merged = None
        # "300km-400km": the scanner read the dash as the second end's sign (falsepos lets it through
        # only there); it is the range's dash, and the end is dropped where no range is read
        dash_end = b is not None and b.start == a.end and b.value.startswith("-") and f.startswith("-", b.start) \
            and b.number.nominal < 0
        # Both ends with their unit words ("44 mg to 50 mg"), or money with its sign on both
        # ("between $2 and $3 billion", "$2bn-$3bn").
        if b is not None and a.unit == b.unit and a.unit.canonical \
                and ((a.unit_start >= 0 and b.unit_start >= 0) or (_money_sign(f, a) and _money_sign(f, b))) \
                and not a.number.is_range and not b.number.is_range and not b.qualifier:
            gap = UNIT_RANGE_GAP.fullmatch(f, a.end, b.start + 1 if dash_end else b.start)
            before = f[max(0, a.start - 24):a.start]
            between = _BETWEEN_BEFORE.search(before)
            from_ = _FROM_BEFORE.search(before)
            varies = _VARIES_AFTER.match(f, b.end) is not None      # 从500元到3000元不等: a range
            if gap and (between or "and" not in gap.group(0)) \
                    and (between or not from_ or varies or RANGE_FROM.search(before)) \
                    and (between or "to" not in gap.group(0)
                         or not CHANGE_BEFORE.search(f, max(0, a.start - 40), a.start)):
                first = text[a.start:a.unit_start].strip() if a.unit_start >= 0 else a.value
                v = join_parts(first, "to", b.value[1:] if dash_end else b.value)
                p = parse_value(v, kilo)
                if a.kind == "chinese" and p is not None and p.ends and p.ends[0] != a.number.nominal:
                    v = join_parts(a.value, "to", b.value)     # 一米六到一米七: the first end grew past its unit
                    p = parse_value(v, kilo)
                    p = p if p is not None and p.ends and p.ends[0] == a.number.nominal else None
                if p is not None and p.is_range and unit_or_none(p.unit) == a.unit:
                    merged = Mention(start=a.start, end=b.end, printed=text[a.start:b.end], value=v,
                                     number=p, unit=a.unit, qualifier=a.qualifier, relation=a.relation,
                                     candidates=a.candidates + [c for c in b.candidates if c not in a.candidates],
                                     kind=a.kind, number_start=a.number_start, number_end=b.number_end,
                                     unit_start=b.unit_start, cell=a.cell)
        if merged is None and b is not None:
            merged = _chinese_between(f, text, kilo, a, b)
        if merged is not None:
            out.append(merged)
            i += 2
        else:
            out.append(a)
            i += 2 if dash_end else 1
    return out


_VARIES_AFTER = re.compile(r"\s*(?:不等|不一)")


def _money_sign(f: str, m: Mention) -> bool:
    """A currency sign or code printed before the number ("$2", "US$3 billion")."""
    return m.unit_start < 0 and m.number_start > m.start and bool(_MONEY_SIGN_BEFORE.search(f, m.start, m.number_start))


_MONEY_SIGN_BEFORE = re.compile(r"[$€£¥]\s?$|[A-Z]{3}\s?$")


# -- "from 5 to 10 percent": the first end shares the second's scale and unit ---------------------------
_TO_GAP = re.compile(r"\s+to\s+")


_SCALE_WORDS_EN = frozenset({"thousand", "million", "billion", "trillion"})


def from_to_shared(f: str, text: str, kilo: int, ms: list[Mention]) -> None:
    """In ``from 5 to 10 percent`` and ``from $2 to $3 billion`` English prints the unit and the
    scale once, after the second end: the first end takes them (the pair stays two values, a change).
    Only where the first end has neither and the grammar reads it with the same unit."""
    for a, b in itertools.pairwise(ms):
        if a.number.is_range or b.number.is_range or a.number.multiplier or a.counted or b.qualifier \
                or a.unit_start >= 0 or a.number.kind != "number" or not _TO_GAP.fullmatch(f, a.end, b.start) \
                or not _FROM_BEFORE.search(f, max(0, a.start - 8), a.start) or b.number_end >= b.end:
            continue
        suffix = text[b.number_end:b.end]
        # "from three to five million dollars": a number spelt out ends in its scale word, which the
        # first end shares too (three million, not three dollars)
        b_words = text[b.number_start:b.number_end].lower().replace("-", " ").split() if b.kind == "words" else []
        scale = " " + b_words[-1] if len(b_words) > 1 and b_words[-1] in _SCALE_WORDS_EN \
            and not any(w in _SCALE_WORDS_EN for w in text[a.number_start:a.number_end].lower().split()) else ""
        if a.unit.canonical:
            if a.unit != b.unit or not (b.number.multiplier or scale):
                continue
            v = a.value + scale + suffix          # "$2" + " billion"
        else:
            v = join_parts(text[b.start:b.number_start].strip(), text[a.number_start:a.number_end]) + scale + suffix
        p = parse_value(v, kilo)
        info = unit_or_none(p.unit) if p is not None else None
        if p is None or info != b.unit or p.kind != b.number.kind or p.multiplier != b.number.multiplier \
                or p.is_range:
            continue
        a.value, a.number, a.unit = v, p, info
        a.candidates.append(f"unit and scale of the second end ({b.printed}) shared by the first (from … to …)")


# "由每平方米 1.50 万元涨至 1.56 万元", "from $2 per kg to $2.40": the value a change goes to keeps the rate's
# denominator the first value printed (每平方米, per kg)
_CHANGE_TO_GAP = re.compile(r"\s*(?:[\u4e00-\u9fff]{0,6}?(?:到|至|(?:调整|变|升|降|提高|增加|减少|下调|上调)为)了?"
                            r"|to)\s*", re.I)


def change_keeps_per(f: str, text: str, kilo: int, ms: list[Mention]) -> None:
    """The second value of a change from a rate reads in the rate's unit: 1.56 万元 after "由每平方米 1.50
    万元涨至" is 1.56 万元 per m². Only where the second value has the rate's numerator unit, no rate of its
    own, and the change's words join the two."""
    for a, b in itertools.pairwise(ms):
        if a.unit.dims == b.unit.dims or not b.unit.dims.items or b.number.is_range or a.number.is_range \
                or not _CHANGE_TO_GAP.fullmatch(f, a.end, b.start):
            continue
        per = a.value.rsplit("/", 1)[1] if "/" in a.value else a.value.rsplit(" per ", 1)[1] if " per " in a.value \
            else ""
        if not per or "/" in b.value or " per " in b.value:
            continue
        got = read_value(kilo, f"{b.value}/{per}") or read_value(kilo, f"{b.value} per {per}")
        if got is None or got.unit.dims != a.unit.dims or got.unit.factor != a.unit.factor:
            continue
        b.value, b.number, b.unit = got.value, got.number, got.unit
        b.candidates.append(f"per {per} taken from the value the change starts from ({a.printed})")


_CN_BETWEEN_BEFORE = re.compile(r"(?:介于|介於|在)\s*$")
_CN_BETWEEN_GAP = re.compile(r"\s*(?:和|与|與|及)\s*")
_CN_BETWEEN_AFTER = re.compile(r"\s*(?:之间|之間)")


def _chinese_between(f: str, text: str, kilo: int, a: Mention, b: Mention) -> Mention | None:
    """``介于10和20之间``, ``在 5 公斤与 8 公斤之间``: one range (English "between … and" is read by
    the extractor). Both ends must have the same unit, or the first none (the second's is shared)."""
    if a.number.is_range or b.number.is_range or a.qualifier or b.qualifier \
            or not _CN_BETWEEN_BEFORE.search(f, max(0, a.start - 4), a.start) \
            or not _CN_BETWEEN_GAP.fullmatch(f, a.end, b.start) or not _CN_BETWEEN_AFTER.match(f, b.end) \
            or (a.unit != b.unit and a.unit_start >= 0):
        return None
    first = text[a.start:a.unit_start].strip() if a.unit_start >= 0 else a.value
    v = join_parts(first, "to", b.value)
    p = parse_value(v, kilo)
    if p is None or not p.is_range or unit_or_none(p.unit) != b.unit:
        return None
    return Mention(start=a.start, end=b.end, printed=text[a.start:b.end], value=v, number=p, unit=b.unit,
                   candidates=a.candidates + [c for c in b.candidates if c not in a.candidates] + [
                       "介于/在 … 之间 read as one range"],
                   kind=a.kind, number_start=a.number_start, number_end=b.number_end,
                   unit_start=b.unit_start, cell=a.cell)


#: Symbols whose registry reading prose never means, read as prose means them unless the sentence
#: speaks of the registry's field: (prose unit, note, context that keeps the registry's reading).
_PROSE_READINGS = {
    "pc": ("percent", "pc read as per cent (news and finance); a parsec is read where the sentence is astronomy",
           re.compile(r"\bstars?\b|galax|light-?years?|parsec|astronom|telescope|nebula|cluster|kpc|Mpc|cosmic", re.I)),
    "PS": ("metric_horsepower", "PS read as metric horsepower (Pferdestärke); petasiemens is never meant in prose",
           re.compile(r"siemens|conductance", re.I)),
    "mb": ("millibar", "mb read as millibars (a pressure context); MB (megabyte) or Mb (megabit) elsewhere",
           None),
    # the registry reads fps as frames per second (60fps, 4K 120fps录制); feet per second only where the
    # sentence speaks of a projectile or the wind (_FPS_AS_FEET below)
    "fps": ("ft/s", "fps read as feet per second (a projectile's or the wind's speed); frames per second elsewhere",
            None),
}
_FPS_AS_FEET = re.compile(r"muzzle|velocit|bullet|projectile|arrow|\bwind|feet|\bft\b|\bm/s\b|\bmph\b|\bflow|\bfluid"
                          r"|枪口|初速|风速", re.I)
_PRESSURE_CONTEXT = re.compile(r"pressure|hurricane|typhoon|cyclone|storm|barometr|atmospher|气压", re.I)


def _reread_symbol(f: str, text: str, kilo: int, m: Mention, word: str) -> bool:
    """Re-read ``pc``, ``PS`` or ``mb`` after ``m``'s number as prose means it (True when done)."""
    unit, note, keep = _PROSE_READINGS[word]
    sentence = _sentence(f, m, ".!?\n。！？")
    if word == "mb" and not _PRESSURE_CONTEXT.search(sentence):
        return False            # a file size or a bit rate: the note says so, no reading is chosen
    if keep is not None and keep.search(sentence):
        return False
    if word == "fps" and not _FPS_AS_FEET.search(sentence):
        return False            # frames per second, the registry's reading
    v = m.value[:len(m.value) - len(word)].rstrip()
    reading = read_value(kilo, f"{v} {unit}") if m.value.endswith(word) else None
    if reading is None:
        return False
    if m.unit.note in m.candidates:
        m.candidates.remove(m.unit.note)     # the registry's reading, taken back
    m.value, m.number, m.unit = reading.value, reading.number, reading.unit
    m.candidates.append(note)
    return True


#: A bare C or F after a number: coulomb, the speed of light or farad in the registry; where the sentence
#: speaks of the weather or heat ("the temperature is 20 c") the temperature scale.
_TEMPERATURE_LETTERS = {"C": "Celsius_reading", "c": "Celsius_reading", "F": "Fahrenheit_reading"}


def _temperature_letter(f: str, kilo: int, m: Mention, word: str) -> bool:
    if not TEMPERATURE_CONTEXT.search(_sentence(f, m, ".!?\n。！？")) or not m.value.endswith(word):
        return False
    reading = read_value(kilo, f"{m.value[:len(m.value) - len(word)].rstrip()} {_TEMPERATURE_LETTERS[word]}")
    if reading is None:
        return False
    m.value, m.number, m.unit = reading.value, reading.number, reading.unit
    m.candidates.append(f"{word} read as degrees {'Fahrenheit' if word == 'F' else 'Celsius'} (a sentence about "
                        "temperature)")
    return True


#: "40 degrees below zero", "15 below zero": a temperature below (or above) the scale's zero.
_ZERO_AFTER = re.compile(r"[ \t]+(below|above) zero(?![A-Za-z])", re.I)
_DEGREE_UNITS = {"", "degree", "Celsius_reading", "Fahrenheit_reading"}


def below_zero(f: str, text: str, kilo: int, ms: list[Mention]) -> list[Mention]:
    """``N degrees below zero`` is -N degrees (the "below zero" is no mention of its own); ``above zero``
    keeps the sign and joins the value."""
    gone: list[tuple[int, int]] = []
    for m in ms:
        z = _ZERO_AFTER.match(f, m.end) if "zero" in f[m.end:m.end + 12].lower() else None
        if z is None or m.number.kind != "number" or m.number.is_range or m.number.nominal <= 0 \
                or m.unit.canonical not in _DEGREE_UNITS:
            continue
        below = z.group(1).lower() == "below"
        p = parse_value("-" + m.value, kilo) if below else m.number
        if p is None:
            continue
        if below:
            m.value, m.number = "-" + m.value, p
        gone.append((z.start(), z.end()))
        m.end, m.printed = z.end(), text[m.start:z.end()]
        m.candidates.append(f"'{z.group(0).strip()}' read as the value's sign")
    if not gone:
        return ms
    return [m for m in ms if not any(a <= m.start < b for a, b in gone)]


#: Where "quarters" are the mass unit (28 lb) and "mil" an angle: the sentence speaks of them.
_WEIGHT_CONTEXT = re.compile(r"\bweigh|\bpounds?\b|\blbs?\b|hundredweight|\bcwt\b|\bstones?\b|\bton", re.I)
_ANGLE_CONTEXT = re.compile(r"\bangle|\bazimuth|\bbearing|artillery|\bsight|\bradian|\bdegrees?\b", re.I)
_MONEY_CONTEXT = re.compile(r"[$€£¥]|dollar|\beuros?\b|pounds? sterling|\bfund|\brais|\bbudget|revenue|"
                            r"\bsalar|\bcost|\bpaid\b|\bpay|\bdeal\b|\bworth\b|\bsold\b|\bprice", re.I)


def _reread_word(f: str, kilo: int, m: Mention, word: str, low: str) -> bool:
    """``quarters`` and ``mil`` as prose means them (True when re-read). The registry's quarter is a
    mass (28 lb) and its mil an angle; prose counts fiscal quarters ("3 quarters of 2023"), writes mil
    for a thousandth of an inch ("2 mil film") or, about money, a million ("raised 2 mil")."""
    sentence = _sentence(f, m, ".!?\n。！？")
    if low.startswith("quarter") and _WEIGHT_CONTEXT.search(sentence):
        m.candidates.append(f"{word!r} read as the mass unit quarter (28 lb: the sentence speaks of weight); "
                            "elsewhere it would be a count of quarters")
        return True
    if low.startswith("mil") and _ANGLE_CONTEXT.search(sentence):
        m.candidates.append(f"{word!r} read as the angular mil (the sentence speaks of angles); elsewhere "
                            "a thousandth of an inch, or a million about money")
        return True
    v = m.value[:len(m.value) - len(word)].rstrip() if m.value.endswith(word) else ""
    if not v:
        return False
    if low.startswith("quarter"):
        p = parse_value(v, kilo)
        plain = unit_or_none("")
        if p is None or p.unit or plain is None:
            return False
        m.value, m.number, m.unit, m.unit_start = p.text, p, plain, -1
        m.counted = word
        m.candidates.append(f"{word!r} read as a count (quarters of a year or of a thing); the mass unit "
                            "quarter (28 lb) is read where the sentence speaks of weight")
        return True
    money = bool(_MONEY_CONTEXT.search(sentence))
    reading = read_value(kilo, f"{v} million" if money else f"{v} thou")
    if reading is None:
        return False
    m.value, m.number, m.unit = reading.value, reading.number, reading.unit
    if money:
        m.unit_start = -1
    taken = "a million (a sentence about money)" if money else "a thousandth of an inch"
    m.candidates.append(f"{word!r} read as {taken}; the angular mil is read where the sentence speaks of angles")
    return True


# -- "a quarter of a percentage point": a share of the unit after it ----------------------------------
_OF_A_POINT = re.compile(r"\s+(?:of\s+)?an?\s+(percentage\s+point|basis\s+point|point|per\s?cent)(?![A-Za-z])", re.I)


def fraction_of_a_point(f: str, text: str, kilo: int, ms: list[Mention]) -> None:
    """``half a percentage point``, ``a quarter of a percentage point``: the fraction is of the unit
    after it (0.25 percentage points), not a ratio standing alone."""
    for m in ms:
        if m.number.kind != "ratio" or m.number.is_range or m.unit.canonical or m.number.nominal >= 1:
            continue
        g = _OF_A_POINT.match(f, m.end)
        if g is None:
            continue
        unit = g.group(1).lower().split()[0]
        if g.group(1).lower().replace(" ", "") == "percent":
            unit = "percent"      # "half a percent", "a fifth of a per cent"
        v = f"{float(m.number.nominal):g} " + {"basis": "basis points", "percent": "percent"}.get(
            unit, "percentage points")
        p = parse_value(v, kilo)
        info = unit_or_none(p.unit) if p is not None else None
        if p is None or info is None or p.nominal != m.number.nominal / (100 if unit == "basis" else 1):
            continue
        if unit == "point" and not _SCORE_CONTEXT.search(f[max(0, m.start - 80):g.end() + 80]):
            continue      # "half a point" is percentage points only beside a rate or a score
        m.value, m.number, m.unit, m.unit_start, m.end = v, p, info, g.start(1), g.end()
        m.printed = text[m.start:m.end]
        m.candidates.append(f"{m.printed!r}: the fraction is of the {g.group(1)} after it")


# -- "over five years": a period, not "more than" -----------------------------------------------------
_TIME_DIMS = unit_or_none("year")
#: Before "over N years": what is spread over the period (an amount, a change), or "for/of/than" (a bound).
_PERIOD_BEFORE = re.compile(r"(?:[%$€£¥]|\d\s?(?:bn|m|mn|million|billion|trillion|per cent|percent)"
                            r"|\b(?:spread|spen[dt]|"
                            r"invest\w*|repa\w*|paid|pay\w*|phased|allocat\w*|sav\w*|rais\w*|borrow\w*|amorti[sz]\w*|"
                            r"doubl\w*|tripl\w*|" + words(None, (CHANGE,), lang="en") + "))"
                            r"[^.;:!?]{0,25}?$", re.I)
_BOUND_BEFORE = re.compile(r"\b(?:for|of|than|in|within|after|aged?)\s*$", re.I)


def over_a_period(f: str, text: str, kilo: int, ms: list[Mention]) -> None:
    """``£3.5bn over five years``, ``rose 20% over a decade``: ``over`` before a duration that
    something is spread across is "during", not "more than" (``for over 20 years`` stays a bound)."""
    for m in ms:
        if m.qualifier.lower() != "over" or _TIME_DIMS is None or m.unit.dims != _TIME_DIMS.dims:
            continue
        head = f[max(0, m.start - 40):m.start]
        if _BOUND_BEFORE.search(head) or not _PERIOD_BEFORE.search(head):
            continue
        v = m.value[len(m.qualifier):].lstrip() if m.value.lower().startswith("over") else ""
        p = parse_value(v, kilo) if v else None
        if p is None or unit_or_none(p.unit) != m.unit:
            continue
        m.value, m.number, m.qualifier, m.relation = v, p, "", None
        m.start = m.number_start
        m.printed = text[m.start:m.end]
        m.candidates.append("'over' read as 'during' (a period something is spread across), not 'more than'")


# -- ¥ in a sentence about Japan: the yen ------------------------------------------------------------
_JAPAN = re.compile(r"Japan|Tokyo|\byen\b|Nikkei|\bBOJ\b|Toyota|Sony|Nintendo|SoftBank|日本|日元|东京|東京|日经|日經")
_CHINA = re.compile(r"China|Chinese|\byuan\b|renminbi|\bRMB\b|Beijing|Shanghai|中国|中國|人民币|人民幣|元")
_JPY = unit_or_none("JPY")


def yen_signs(f: str, text: str, kilo: int, ms: list[Mention]) -> None:
    """``¥`` is read as the yuan (CNY); in a sentence about Japan that names nothing Chinese it is
    the yen: ``Japan's exports rose to ¥8.2 trillion`` is JPY."""
    for m in ms:
        sign = f[m.start:m.number_start]
        if m.unit.canonical != "CNY" or ("¥" not in sign and "￥" not in sign):
            continue
        sentence = _sentence(f, m, "!?\n。！？")
        if not _JAPAN.search(sentence) or _CHINA.search(sentence):
            continue
        reading = read_value(kilo, m.value.replace("￥", "JPY ").replace("¥", "JPY "))
        if reading is None or reading.unit != _JPY:
            continue
        m.value, m.number, m.unit = reading.value, reading.number, reading.unit
        m.candidates = [c for c in m.candidates if "¥ read as CNY" not in c] + [
            "¥ read as JPY (the sentence is about Japan); elsewhere ¥ is read as CNY"]


# -- units that real text means otherwise: points, pc, mb ------------------------------------------
def ambiguous_units(f: str, text: str, kilo: int, ms: list[Mention]) -> None:
    """``points`` in a percentage or score context are percentage points (never printer's points);
    ``pc``, ``mb``, ``pts`` keep the registry's reading with the other one named as a candidate."""
    for m in ms:
        if m.unit_start < 0:
            continue
        word = f[m.unit_start:m.end].strip()
        low = word.lower()
        if low in ("point", "points", "pts", "pt"):
            line_start = f.rfind("\n", 0, m.start) + 1
            line_end = f.find("\n", m.end)
            around = f[max(line_start, m.start - 60):m.end + 60 if line_end < 0 else min(line_end, m.end + 60)]
            index_move = _INDEX_CONTEXT.search(around) is not None and (
                not _PERCENT_NEAR.search(around) or m.number.nominal > 100
                or _OR_PERCENT_AFTER.match(f, m.end) is not None
                or _OR_PERCENT_BEFORE.search(f, max(line_start, m.start - 30), m.start) is not None)
            sports = not index_move and _SPORTS_CONTEXT.search(around) is not None \
                and not _RATE_SCORE_CONTEXT.search(around)
            # "2,153 points were 23.0% of the team's total": a whole number of points beyond a hundred is a
            # count (no score or percentage moves by that many points), a game's or a tally's
            sports = sports or (not index_move and m.number.nominal > 100 and m.number.nominal.denominator == 1
                                and not m.number.is_range)
            if index_move or sports:
                p = parse_value(m.value[:len(m.value) - len(word)].rstrip(), kilo) if m.value.endswith(word) else None
                info = unit_or_none("") if p is not None else None
                if p is not None and info is not None:
                    # "the Dow fell 300 points": index points are no percentage points
                    m.value, m.number, m.unit, m.unit_start = p.text, p, info, -1
                    m.candidates = [c for c in m.candidates if c != NOTE_POINTS]
                    m.candidates.append(f"{word!r} read as index points (a plain number: a stock index "
                                        "context); after a percentage they would be percentage points" if index_move
                                        else f"{word!r} read as a game's points (a plain number: a sports "
                                        "context); beside a rate or a score they would be percentage points")
                    continue
            if _SCORE_CONTEXT.search(around) and not _TYPE_CONTEXT.search(around):
                v = m.value[:len(m.value) - len(word)].rstrip() + " pp" if m.value.endswith(word) else ""
                p = parse_value(v, kilo) if v else None
                info = unit_or_none(p.unit) if p is not None else None
                if p is not None and info is not None:
                    m.value, m.number, m.unit = v, p, info
                    # this note says what the registry's own note on "points" says, for this context
                    m.candidates = [c for c in m.candidates if c != NOTE_POINTS]
                    m.candidates.append(f"{word!r} read as percentage points (a percentage or score "
                                        "context); printer's points would be 'pt'")
                    continue
            if _TYPE_CONTEXT.search(around):
                # Type sizes: the registry reads bare points as percentage points (claims mean
                # scores); next to a font they are printer's points.
                info = unit_or_none("printers_point")
                if info is not None:
                    m.unit = info
                m.candidates.append(f"{word!r} read as printer's points (a type-size context); after a "
                                    "percentage or a score it would be percentage points")
                continue
            m.candidates.append(f"{word!r} read as {m.unit.canonical}; in a type-size context it would be "
                                "printer's points, after a percentage or a score percentage points")
        elif word in _PROSE_READINGS and _reread_symbol(f, text, kilo, m, word):
            continue
        elif word in _TEMPERATURE_LETTERS and _temperature_letter(f, kilo, m, word):
            continue
        elif low in ("quarter", "quarters", "mil", "mils") and _reread_word(f, kilo, m, word, low):
            continue
        elif word in _AMBIGUOUS_SYMBOLS:
            m.candidates.append(_AMBIGUOUS_SYMBOLS[word])
    for m in ms:
        if m.unit_start < 0 and m.number.kind == "number" and not m.number.unit and f.startswith("度", m.end):
            _du(f, text, kilo, m)

def _sentence(f: str, m: Mention, starts: str = "。！？\n") -> str:
    """The sentence around ``m``: from the last of ``starts`` before it to the next stop after it
    (a full stop is no end after it: "3.5 pc" holds one)."""
    a = max(f.rfind(stop, 0, m.start) for stop in starts)
    b = min((i for i in (f.find(stop, m.end) for stop in "!?\n。！？") if i >= 0), default=len(f))
    return f[a + 1:b]


def _du(f: str, text: str, kilo: int, m: Mention) -> None:
    """``85度``: a degree Celsius where the sentence speaks of temperature, a kilowatt-hour where
    it speaks of electricity (1 度电 = 1 kWh); elsewhere (angles, 程度) it stays unread."""
    a = max(f.rfind(stop, 0, m.start) for stop in "。！？\n")
    b = min((i for i in (f.find(stop, m.end) for stop in "。！？\n") if i >= 0), default=len(f))
    sentence = f[a + 1:b]
    if "华氏" in sentence or "華氏" in sentence:
        unit, note = "Fahrenheit_reading", "度 read as degrees Fahrenheit (华氏 in the sentence)"
    elif re.search(r"温|溫|摄氏|攝氏|发烧|發燒|烧到|零下|零上", sentence):
        unit, note = "Celsius_reading", "度 read as degrees Celsius (a temperature context)"
    elif re.search(r"电|電", sentence):
        unit, note = "kWh", "度 read as kilowatt-hours (1 度电 = 1 kWh)"
    else:
        return
    reading = read_value(kilo, f"{m.value} {unit}")
    if reading is None:
        return
    m.value, m.number, m.unit = reading.value, reading.number, reading.unit
    m.unit_start, m.end = m.end, m.end + 1
    m.printed = text[m.start:m.end]
    m.candidates.append(note)

# -- compound money: "3 dollars 50 cents", "2 dollars and 50 cents" -------------------------------------
_COMPOUND_GAP = re.compile(r"\s+(?:(?:and|&)\s+)?")
_CENT_WORDS = {"cent", "penny"}


def compound_money(f: str, text: str, kilo: int, ms: list[Mention]) -> list[Mention]:
    """An amount in a currency's main unit followed by its hundredths (``3 dollars 50 cents``) is one
    amount (3.50 USD). Only where the cents are fewer than 100 and are the same currency's."""
    out: list[Mention] = []
    i = 0
    while i < len(ms):
        a, b = ms[i], ms[i + 1] if i + 1 < len(ms) else None
        merged = None
        if b is not None and b.unit_start >= 0 and b.unit.canonical in _CENT_WORDS \
                and a.unit.dims == b.unit.dims and a.unit.factor == 1 and not a.number.is_range \
                and not b.number.is_range and not b.qualifier and a.number.nominal.denominator == 1 \
                and 0 < b.number.nominal < 100 and b.number.nominal.denominator == 1 \
                and _COMPOUND_GAP.fullmatch(f, a.end, b.start):
            v = f"{a.number.nominal}.{int(b.number.nominal):02d} {a.unit.canonical}"
            p = parse_value(v, kilo)
            if p is not None and unit_or_none(p.unit) == a.unit:
                merged = Mention(start=a.start, end=b.end, printed=text[a.start:b.end], value=v, number=p,
                                 unit=a.unit, qualifier=a.qualifier, relation=a.relation,
                                 candidates=a.candidates + [f"{b.printed!r} read as the hundredths of {a.printed!r}"],
                                 kind=a.kind, number_start=a.number_start, number_end=b.number_end,
                                 unit_start=a.unit_start, cell=a.cell)
        if merged is not None:
            out.append(merged)
            i += 2
            continue
        jiao = _yuan_jiao(f, text, kilo, a)
        out.append(jiao or a)
        i += 1
        while jiao is not None and i < len(ms) and ms[i].start < jiao.end:
            i += 1       # the 三 of 三毛, read into the amount
    return out


#: 五元三毛, 3元5角, 三元五角二分: the tenths of a yuan (毛 in speech, 角 in writing) after the yuan, and the
#: hundredths (分, the fen) after them (the grammar reads 分 after 角 as the fen: numbers.compound).
_JIAO_AFTER = re.compile(r"\s?([一二三四五六七八九1-9壹贰貳叁參肆伍陆陸柒捌玖])\s?[毛角](?P<qian>[钱錢])?"
                         r"(?:(?<=[角毛])\s?[一二三四五六七八九1-9壹贰貳叁參肆伍陆陸柒捌玖]\s?分(?![钟鐘之])"
                         # 四毛五: a digit alone after 毛 ending the amount is the fen, as 两块五 is the tenths
                         r"|(?<=毛)(?P<fen>[一二三四五六七八九])(?=$|[\s，。、；：,.;:!?！？)）的钱錢]|一[斤个個件只瓶杯碗份]))?")
_CNY = unit_or_none("CNY")
_YUAN_WORDS = ("元", "圆", "圓", "块", "塊")


#: 两块五, 五块八一斤: one digit after 块 is the tenths of a yuan (spoken prices), where it ends the
#: amount (三块五花肉 is three pieces of pork belly).
_KUAI_TENTHS = re.compile(r"([一二三四五六七八九1-9])(?=$|[\s，。、；：,.;:!?！？)）的钱錢]|一[斤个個件只瓶杯碗份])")
#: 八毛钱, 一毛錢: tenths of a yuan alone (毛 needs 钱 after it: 一毛不拔 is an idiom).
_MAO_QIAN = re.compile(r"[毛角][钱錢]")


def _yuan_jiao(f: str, text: str, kilo: int, a: Mention) -> Mention | None:
    """``五元三毛`` = 5.3 CNY: an amount in yuan (元, 块) and its tenths, one amount; ``两块五`` = 2.5 CNY
    and ``八毛钱`` = 0.8 CNY as spoken prices."""
    if _CNY is None or a.number.is_range or a.number.nominal.denominator != 1:
        return None
    if a.kind == "chinese" and not a.unit.dims.items and not a.number.unit and a.number.relation == "=" \
            and 0 < a.number.nominal < 10 and _MAO_QIAN.match(f, a.number_end):
        end, v = a.number_end + 2, f"0元{a.number.nominal}毛"      # exact tenths, as 五元三毛 reads
        p = parse_value(v, kilo)
        if p is None:
            return None
        return Mention(start=a.start, end=end, printed=text[a.start:end], value=v, number=p,
                       unit=_CNY, candidates=[f"{text[a.number_end:end]!r} read as tenths of a yuan"], kind=a.kind,
                       number_start=a.number_start, number_end=a.number_end, unit_start=a.number_end, cell=a.cell)
    if f[a.end - 1:a.end] not in _YUAN_WORDS \
            or ((a.unit != _CNY or a.unit_start < 0) and (a.unit.canonical or a.number.unit)):
        return None      # 三块 alone is a measure word (三块蛋糕); before 五毛 it is the yuan
    j = _JIAO_AFTER.match(f, a.end)
    if j is None and f[a.end - 1] in "块塊" and (k := _KUAI_TENTHS.match(f, a.end)) is not None:
        v = text[a.start:k.end()] + "毛"     # 两块五 is 两块五毛 (the grammar reads the tenths so)
        p = parse_value(v, kilo)
        if p is None or unit_or_none(p.unit) != _CNY or p.is_range:
            return None
        return Mention(start=a.start, end=k.end(), printed=text[a.start:k.end()], value=v, number=p, unit=_CNY,
                       qualifier=a.qualifier, relation=a.relation,
                       candidates=[f"{k.group(1)!r} after 块 read as tenths of a yuan"], kind=a.kind,
                       number_start=a.number_start, number_end=a.number_end, unit_start=a.end - 1, cell=a.cell)
    if j is None:
        return None
    v = text[a.start:j.start("qian") if j.group("qian") else j.end()] + ("分" if j.group("fen") else "")
    p = parse_value(v, kilo)
    if p is None or unit_or_none(p.unit) != _CNY or p.is_range or p.nominal * (100 if v.endswith("分") else 10) % 1:
        return None
    return Mention(start=a.start, end=j.end(), printed=text[a.start:j.end()], value=v, number=p, unit=_CNY,
                   qualifier=a.qualifier,
                   relation=a.relation, candidates=[c for c in a.candidates if not c.startswith("a count of")] + [
                       f"{text[j.start():j.end()].strip()!r} read as "
                                                                    "tenths of a yuan (毛/角; 分 the hundredths)"],
                   kind=a.kind, number_start=a.number_start, number_end=a.number_end, unit_start=a.end - 1,
                   cell=a.cell)


# -- units the words around give: "age 87", "时速120公里", "一年半", "一米八" ------------------------------
_AGE_BEFORE = re.compile(r"\b(?:ages?|aged)\s+(?:of\s+|between\s+)?$"
                         # 享年九十, 虚岁八十, 时年35: the words of an age before a bare number (岁 left out)
                         r"|(?:享年|终年|終年|虚岁|虛歲|周岁|週歲|时年|時年|现年|現年|年方|年满|年滿)\s*$", re.I)
#: "she turned 18.", "he turns 40,": a birthday, when the number ends the clause (not "turned 3 pages")
_TURNED_BEFORE = re.compile(r"\b(?:turned|turns|turning)\s+$", re.I)
_CLAUSE_END = re.compile(r"\s*(?:$|[,.;:!?)]|\s(?:and|but|in|on|last|this|when|after|before|next|today|tomorrow"
                         r"|yesterday|soon)\b)")
_OPEN_CONVERSION = re.compile(r"\s*[(（]\s*(?:约|大约|约合|約)?\s*")
_PER_HOUR_BEFORE = re.compile(r"(?:时速|時速)\s*(?:为|為|达到|達到|可达|可達|最高|达|達|是)?\s*$")
#: 一年半, 三公里半: a half after the unit, where no word starts with that 半 (半夜, 半径, 半岛 …).
_HALF_AFTER = re.compile(r"半(?=$|[\s的后後前内內以左多来來里裡，。、；：,.;:!?！？)）])")
#: 一米八, 一米七五: metres and the tenths (and hundredths) after 米, colloquial heights.
_METRE_DIGITS = re.compile("([一二三四五六七八九])([〇零一二三四五六七八九])?(?![十百千万萬亿億米厘分毫点點])")
#: 1米8, 2米09, 9秒58: digits glued after 米 or 秒 are its decimals (a height, a jump, a sprint time),
#: where nothing that could start a unit, a count or another number follows them.
_DECIMAL_DIGITS = re.compile(r"(\d{1,2})(?![\d.．%A-Za-z])"
                             r"(?=$|[\s，。、；：,.;:!?！？)）的和与及或高长宽左以多成夺摘获打破])")
_DECIMALS_AFTER = {"米": 10, "秒": 60}     # the unit, and the wholes below which it takes decimals so
_CN_DIGIT_VALUE = {c: i for i, c in enumerate("〇一二三四五六七八九")} | {"零": 0}
_LENGTH_DIMS = unit_or_none("m")


#: A decade of life after a possessive: "in her thirties", "a man in his 40s", "in their early twenties",
#: "in his late 30's". An age, read as the whole decade (30-39 years; "early" and "late" only say where in it).
#: Without the possessive it is no age ("in the 90s" is a decade or a temperature).
_DECADE_OF_LIFE = re.compile(
    r"\b(?:in|into|reach(?:ed|ing)?)\s+(?:his|her|their|my|your|our)\s+(?P<span>(?:(?:early|mid|late)[- ]?)?"
    r"(?P<d>[2-9]0['’]?s|teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties))(?![A-Za-z0-9])",
    re.I)
_DECADE_WORDS = {"teens": 13, "twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60,
                 "seventies": 70, "eighties": 80, "nineties": 90}


def decades_of_life(f: str, text: str, kilo: int, ms: list[Mention]) -> list[Mention]:
    """Ages printed as a decade of life (see _DECADE_OF_LIFE), where no other mention stands."""
    found: list[Mention] = []
    for m in _DECADE_OF_LIFE.finditer(f):
        d = m.group("d").lower()
        lo = _DECADE_WORDS[d] if d in _DECADE_WORDS else int(d[:2])
        hi = 19 if lo == 13 else lo + 9
        start, end = m.start("span"), m.end("span")
        if any(x.start < end and start < x.end for x in ms):
            continue
        reading = read_value(kilo, f"{lo}-{hi} years")
        if reading is None:
            continue
        found.append(Mention(start=start, end=end, printed=text[start:end], value=reading.value,
                             number=reading.number, unit=reading.unit,
                             candidates=[f"an age: a decade of life, read as {lo} to {hi} years"],
                             kind="words" if d[0].isalpha() else "digits",
                             number_start=m.start("d"), number_end=m.end("d"), unit_start=-1))
    return sorted(ms + found, key=lambda x: x.start) if found else ms


#: 六旬, 七旬, 八旬, 九旬: an age in tens of years (八旬老人 is a man of eighty), where the words say it is an
#: age: 年 before it (年逾八旬, 年过七旬, 年近九旬) or an old person after it (八旬老人, 九旬高龄). (A 旬 is also ten
#: days: 上旬, 三旬, 四旬斋 are no ages.)
_XUN_AGE_BEFORE = re.compile(r"年(?:逾|过|過|近|届|屆|已|满|滿)?$")
_XUN_AGE_AFTER = re.compile(r"旬(?:[的之])?(?:老|高龄|高齡|长者|長者|阿婆|阿公)")
_XUN_TENS = {"六": 6, "七": 7, "八": 8, "九": 9}


def _xun_age(f: str, text: str, kilo: int, m: Mention) -> None:
    """Reread ``m`` as an age when it is the numeral of 八旬 (see _XUN_AGE_AFTER)."""
    tens = _XUN_TENS.get(f[m.number_start:m.number_end])
    if tens is None or not f.startswith("旬", m.number_end) or m.number.is_range:
        return
    before = f[max(0, m.number_start - 3):m.number_start]
    if not (_XUN_AGE_BEFORE.search(f[max(0, m.start - 3):m.start] + f[m.start:m.number_start])
            or _XUN_AGE_AFTER.match(f, m.number_end)):
        return
    last = before[-1:]
    qualifier = text[m.start:m.number_start] or ("逾" if last and last in "过過" else "近" if last == "近" else "")
    # 年届六旬 (turned sixty) is the decade's start; 八旬老人 alone is in the eighties (80-89)
    value = f"{qualifier}{tens * 10} years" if qualifier or (last and last in "届屆满滿") \
        else f"{tens * 10}-{tens * 10 + 9} years"
    reading = read_value(kilo, value)
    if reading is None:
        return
    m.value, m.number, m.unit, m.counted = reading.value, reading.number, reading.unit, ""
    m.end, m.unit_start = m.number_end + 1, m.number_end
    m.printed = text[m.start:m.end]
    m.candidates.append(f"an age: {tens}旬 read as {value}")


def words_around(f: str, text: str, kilo: int, ms: list[Mention]) -> None:
    """Units the words around a number give it: a bare whole number right after ``age``/``aged`` is
    an age in years (``aged 18-24``, ``aged 5 to 12``, ``aged between 18 and 65`` too); a length
    after 时速 is per hour; a half after the unit (``一年半``) or tenths after 米 (``一米八`` = 1.8 m)
    belong to the value. Each reading is named."""
    grown, speed_end = [], -1
    for m in ms:
        # "时速 250 公里（约 155 英里）": the value converted in the parenthesis is a speed too
        converted = speed_end >= 0 and _OPEN_CONVERSION.fullmatch(f, speed_end, m.start) is not None
        if _chinese_unit_words(f, text, kilo, m, converted):
            grown.append(m)
        speed_end = m.end if SPEED_NOTE in m.candidates[-1:] else -1
    if grown:      # a numeral the reading took in (the 八 of 一米八) is no mention of its own
        starts = [g.start for g in grown]       # in text order: one bisect per mention
        ms[:] = [x for x in ms if not ((k := bisect.bisect_right(starts, x.start) - 1) >= 0
                                       and grown[k] is not x and x.start < grown[k].end)]
    for m in ms:
        if m.kind == "chinese" and f.startswith("旬", m.number_end):
            _xun_age(f, text, kilo, m)
            continue
        if m.unit_start >= 0 or m.number.unit or m.number.kind != "number" or m.qualifier \
                or (m.number.nominal.denominator != 1 and not m.number.is_range) or m.number.nominal <= 0 \
                or m.number.nominal > 130:
            continue
        age = _AGE_BEFORE.search(f, max(0, m.start - 20), m.start)
        turned = age is None and m.number.nominal.denominator == 1 and not m.number.is_range \
            and _TURNED_BEFORE.search(f, max(0, m.start - 12), m.start) and _CLAUSE_END.match(f, m.end)
        if age is None and not turned:
            continue
        reading = read_value(kilo, f"{m.value} years")
        if reading is None:
            continue
        m.value, m.number, m.unit = reading.value, reading.number, reading.unit
        m.candidates.append("an age: read in years (after 'age')" if age else "an age: read in years (after 'turned')")


def _chinese_unit_words(f: str, text: str, kilo: int, m: Mention, converted: bool = False) -> bool:
    """Apply 时速, a half after the unit or the tenths after 米 to ``m``; True when its span grew.
    ``converted``: ``m`` opens the parenthesis right after a speed 时速 gave."""
    if m.unit_start < 0 or m.number.is_range or m.number.kind != "number" or not m.unit.dims.items:
        return False
    if _LENGTH_DIMS is not None and m.unit.dims == _LENGTH_DIMS.dims \
            and (converted or _PER_HOUR_BEFORE.search(f, max(0, m.start - 5), m.start)):
        reading = read_value(kilo, f"{m.value}/hour")
        if reading is not None:
            m.value, m.number, m.unit = reading.value, reading.number, reading.unit
            m.candidates.append(SPEED_NOTE)
        return False
    whole = m.number.nominal
    if whole.denominator != 1 or whole <= 0 or m.number.relation != "=" or not CJK_CHAR.match(f[m.end - 1:m.end]):
        return False
    unit = f[m.unit_start:m.end]
    extra, end, note = None, m.end, ""
    if (h := _HALF_AFTER.match(f, m.end)) is not None:
        extra, end, note = "5", h.end(), "半 after the unit read as a half"
    elif unit == "米" and whole < 10 and m.kind == "chinese" and (d := _METRE_DIGITS.match(f, m.end)) is not None:
        extra = str(_CN_DIGIT_VALUE[d.group(1)]) + (str(_CN_DIGIT_VALUE[d.group(2)]) if d.group(2) else "")
        end, note = d.end(), "the digits after 米 read as its decimals (一米八 = 1.8 m)"
    elif m.kind == "digits" and whole < _DECIMALS_AFTER.get(unit, 0) and m.printed_number.isdigit() \
            and (d := _DECIMAL_DIGITS.match(f, m.end)) is not None:
        extra, end = d.group(1), d.end()
        note = f"the digits after {unit} read as its decimals (1米8 = 1.8 m, 9秒58 = 9.58 s)"
    if extra is None:
        return False
    reading = read_value(kilo, f"{whole}.{extra} {unit}") or read_value(kilo, f"{whole}.{extra} {m.unit.canonical}")
    if reading is None or (reading.unit.factor, reading.unit.dims) != (m.unit.factor, m.unit.dims):
        return False
    m.value, m.number, m.unit, m.end = reading.value, reading.number, reading.unit, end
    m.printed = text[m.start:end]
    m.candidates.append(note)
    return True


CJK_CHAR = re.compile(r"[\u4e00-\u9fff]")


# -- a time in parts: 3分28秒, 2小时1分9秒, 1分钟30秒 --------------------------------------------------
_TIME = unit_or_none("s")
#: 分 right after a bare number, before the seconds (3分28秒): minutes (alone, 分 stays unread).
_MINUTE_MARK = re.compile(r"分(?!钟|鐘)")


def time_in_parts(f: str, text: str, kilo: int, ms: list[Mention]) -> list[Mention]:
    """Hours, minutes and seconds printed one after the other with no gap (``3分28秒``, ``2小时1分9秒``)
    are one duration (208 s, 7269 s), as the grammar reads them; 分 alone stays unread elsewhere."""
    if _TIME is None:
        return ms
    out: list[Mention] = []
    i = 0
    while i < len(ms):
        j = i
        while j + 1 < len(ms) and _next_time_part(f, ms[j], ms[j + 1]):
            j += 1
        merged = None
        last_minutes = j > i and ms[j].unit_start < 0 and _MINUTE_MARK.match(f, ms[j].end) is not None
        if j > i and ((ms[j].unit.dims == _TIME.dims and ms[j].unit_start >= 0) or last_minutes):
            a, b = ms[i], ms[j]
            # (1分45秒12: the last part's decimals, as read; 2小时06分: the minutes end it)
            v = text[a.start:b.end + 1] if last_minutes else text[a.start:b.start] + b.value
            p = parse_value(v, kilo)
            info = unit_or_none(p.unit) if p is not None else None
            if p is not None and info is not None and info.dims == _TIME.dims and not p.is_range:
                end = b.end + 1 if last_minutes else b.end
                merged = Mention(start=a.start, end=end, printed=text[a.start:end], value=v,
                                 number=p, unit=info, qualifier=a.qualifier, relation=a.relation,
                                 candidates=[f"{text[a.start:end]!r} {DURATION_NOTE}",
                                             *(c for x in ms[i:j + 1] for c in x.candidates)],
                                 kind=a.kind, number_start=a.number_start, number_end=b.number_end,
                                 unit_start=b.end if last_minutes else b.unit_start, cell=a.cell)
        if merged is not None:
            out.append(merged)
            i = j + 1
        else:
            out.append(ms[i])
            i += 1
    return out


#: The next part of a Chinese duration after its first unit (两年零三个月, 一岁零三个月, 三小时零五分钟, 1年3个月):
#: 零 or 又 may join them; 月 alone is a month's name (2024年3月), so months need 个月. The grammar reads
#: the whole (numbers.compound) and refuses a year number (2020年三个月内).
_CN_NEXT_PART = re.compile(r"\s?[零又]?\s?(?:\d{1,3}|[一二两兩三四五六七八九十〇零]{1,4})\s?"
                           r"(?:个月|個月|个小时|個小時|小时|小時|分钟|分鐘|天)")
_CN_FIRST_PART_UNITS = frozenset({"年", "岁", "歲", "天", "小时", "小時", "个小时", "個小時"})


def chinese_parts_with_ling(f: str, text: str, kilo: int, ms: list[Mention]) -> list[Mention]:
    """A Chinese duration printed in parts, the second often after 零 (两年零三个月 is 27 months, not
    two years and a stray 三个月): one mention of the whole, in the smaller unit, where the grammar
    reads it so (the parts must fall: 三个月零两年 is not read)."""
    out: list[Mention] = []
    drop_until = -1
    for a in ms:
        if a.start < drop_until:
            continue
        drop_until = -1
        p = None
        if a.unit_start >= 0 and not a.qualifier and not a.relation and a.start == a.number_start \
                and not a.number.is_range and f[a.unit_start:a.end] in _CN_FIRST_PART_UNITS \
                and _TIME is not None and a.unit.dims == _TIME.dims \
                and (m := _CN_NEXT_PART.match(f, a.end)) is not None \
                and _CN_NEXT_PART.match(f, m.end()) is None:      # 两年零三个月零五天: a third part not read
            v = text[a.start:m.end()]
            p = parse_value(v, kilo)
            info = unit_or_none(p.unit) if p is not None else None
            if p is not None and info is not None and info.dims == _TIME.dims and not p.is_range \
                    and p.relation == "=" and p.nominal != a.number.nominal:
                out.append(Mention(start=a.start, end=m.end(), printed=v, value=v, number=p, unit=info,
                                   candidates=[f"{v!r} {DURATION_NOTE}"], kind=a.kind,
                                   number_start=a.number_start, number_end=a.number_end,
                                   unit_start=a.unit_start, cell=a.cell))
                drop_until = m.end()
                continue
        out.append(a)
    return out


def _next_time_part(f: str, a: Mention, b: Mention) -> bool:
    """Whether ``b`` goes on the duration ``a`` starts: glued to it, after a time unit or a bare 分."""
    if a.number.is_range or b.number.is_range or b.qualifier or b.kind != "digits" or a.kind != "digits" \
            or (not b.unit.dims.items and not _MINUTE_MARK.match(f, b.end)):
        return False
    if a.unit_start >= 0:
        if _TIME is None or a.unit.dims != _TIME.dims:
            return False
        # "1 hour 30 minutes", "2 h 15 min", "1 hour and 30 minutes": a smaller unit after a space or "and"
        return a.end == b.start or (_PARTS_GAP.fullmatch(f, a.end, b.start) is not None and b.unit.dims == _TIME.dims
                                    and b.unit.factor < a.unit.factor and a.number.nominal.denominator == 1)
    return not a.unit.dims.items and _MINUTE_MARK.match(f, a.end) is not None and a.end + 1 == b.start


_PARTS_GAP = re.compile(r" (?:and )?")


# -- accounting negatives: "($99.99)" --------------------------------------------------------------
_AFTER_A_NAME = re.compile(r"[\w\u4e00-\u9fff]$")
_NEGATIVE_LEAD = re.compile(r"(?:\b(?:is|was|were|are|be|been|of|at|to|by|totall?ed|reported|posted|recorded|net|"
                            r"loss(?:es)?|deficit|shortfall|income|result)|亏损|净亏损|为|是)$", re.I)
def accounting_negatives(f: str, text: str, kilo: int, ms: list[Mention]) -> None:
    """An amount of money wrapped in parentheses is negative in accounts: ``($99.99)`` = -$99.99.

    Only an amount of money alone in its parentheses, sign first: ``(3)`` is a list number, ``(3 GB)``
    and ``($5 per kg)`` are asides. Right after another quantity the parentheses are an aside too —
    its cost or its conversion (``4.1 hours ($132)``, ``€6.5 million ($7.5 million)``) — and keep
    the sign, noting the other reading.
    """
    ends = {m.end for m in ms}
    for m in ms:
        if m.start < 1 or m.end >= len(f) or f[m.start - 1] != "(" or f[m.end] != ")":
            continue      # (the cheap test of the ones below first: few values stand in parentheses)
        money = len(m.unit.dims.items) == 1 and m.unit.dims.items[0][0].startswith("[currency")
        # the sign printed, or a bare cell of a money column ("| (298) |" under "Operating income (US$ M)")
        signed = _MONEY_SIGN.match(f[m.start:m.number_start]) is not None \
            or (m.start == m.number_start and any(c.endswith(COLUMN_NOTE)
                                                  for c in m.candidates))
        if m.start < 1 or m.end >= len(f) or f[m.start - 1] != "(" or f[m.end] != ")" or not money or not signed \
                or m.number.is_range or m.number.nominal <= 0:
            continue
        before = m.start - 1
        while before > 0 and f[before - 1] in " \t\u00a0":
            before -= 1
        if before in ends:
            m.candidates.append("parentheses after another quantity read as an aside, not as an accounting negative")
            continue
        if m.cell is None and _AFTER_A_NAME.search(f, max(0, before - 40), before) \
                and not _NEGATIVE_LEAD.search(f, max(0, before - 40), before):
            # prose: after a name the parentheses give its price ("the Tern-1 ($999)"); after a verb or
            # "of" ("revenue is ($99.99)", "a loss of (€1.2 million)") they are the accounts' negative
            m.candidates.append("parentheses after a name read as an aside, not as an accounting negative")
            continue
        p = parse_value("-" + m.value, kilo)
        if p is None or p.nominal >= 0:
            continue
        m.value, m.number = "-" + m.value, p
        m.start, m.end = m.start - 1, m.end + 1
        m.printed = text[m.start:m.end]
        m.candidates.append("parentheses read as an accounting negative")

# -- a measure word whose noun was named before: "每买 10 张卡，有 3 张在干等" ---------------------------
#: What may follow the measure word when its noun is left out: the end, punctuation or a function
#: character (在, 是, 用 …), never a noun of its own.
_AFTER_ELIDED = re.compile(r"$|[\s，。、；：,.;:!?！？)）]"
                           r"|[的了是在和与或及也都就还而但被对从到让为着过用已将会要可能]")
_SENTENCE_STOPS = "。！？!?\n"


def elided_nouns(f: str, text: str, kilo: int, ms: list[Mention]) -> None:
    """A count with a measure word and no noun (``有 3 张在干等``) counts the noun the same measure word
    took earlier in the sentence (``10 张卡``): it takes that unit, the choice noted."""
    for i, b in enumerate(ms):
        if b.unit_start >= 0 or b.unit.dims.items or b.counted or b.number.kind != "number" or b.number.unit:
            continue
        pos = b.end + 1 if f.startswith(" ", b.end) else b.end
        word = f[pos:pos + 1]
        if word not in MEASURE_WORDS or _AFTER_ELIDED.match(f, pos + 1) is None:
            continue
        for a in reversed(ms[max(0, i - 4):i]):
            if b.start - a.end > 60 or any(c in f[a.end:b.start] for c in _SENTENCE_STOPS):
                break
            if a.unit_start < 0 or not f[a.number_end:a.end].lstrip().startswith(word) or not a.unit.dims.items \
                    or a.number.is_range:
                continue
            reading = read_value(kilo, join_parts(b.value, f[a.unit_start:a.end]))
            if reading is not None and reading.unit.dims == a.unit.dims:
                b.value, b.number, b.unit = reading.value, reading.number, reading.unit
                b.unit_start, b.end = pos, pos + 1
                b.printed = text[b.start:b.end]
                b.candidates.append(f"{word} counts the noun named before it ({a.printed})")
            break


# -- "2h 10m", "3 hours 20m": an m right after an hour value is minutes ---------------------------
def minutes_after_hours(f: str, kilo: int, ms: list[Mention]) -> None:
    """A duration written in parts (``2h 10m``, ``3 hours 20m``): the ``m`` right after an hour value is
    minutes, not metres (the other reading kept as a candidate)."""
    for a, b in itertools.pairwise(ms):
        if a.unit.canonical != "hour" or b.unit.canonical != "meter" or b.unit_start < 0 \
                or f[b.unit_start:b.end].strip() != "m" or f[a.end:b.start] not in ("", " ") \
                or not b.value.endswith("m"):
            continue
        reading = read_value(kilo, b.value[:-1].rstrip() + " min")
        if reading is None:
            continue
        b.value, b.number, b.unit = reading.value, reading.number, reading.unit
        b.candidates.append(f"m read as minutes after {a.printed!r} (a duration in parts); it could be metres")


# -- heights in feet and inches: "6 ft 2", "6ft 5in", "5'11\"" ---------------------------------------
#: Feet and inches in prime marks: 5'11", 6′2″, 5’ 9” (inches under 12; a quote after the feet alone is
#: no unit: "the '90s", 'a 6' table' are left as they are).
_PRIMES = re.compile(r"(?<![\w.,'’′])(\d{1,2})['’′] ?((?:1[01]|\d)(?:\.\d{1,2})?)(?:\"|″|”|''|’’)")
_INCH_REST = re.compile(r"(?:in\b\.?|\"|″|”)|(?=\s*(?:[,.;:)!?]|$|tall\b|and\b|high\b|long\b))")


def feet_and_inches(f: str, text: str, kilo: int, ms: list[Mention]) -> list[Mention]:
    """A height in two parts: the bare number after a value in feet is inches ("he is 6 foot 2",
    "a 6ft 5in centre"); prime marks are feet and inches ("5'11\"", two values as "5 ft 11 in" is)."""
    for a, b in itertools.pairwise(ms):
        if a.unit.canonical != "foot" or b.unit.canonical or b.number.kind != "number" or b.qualifier \
                or f[a.end:b.start] != " " or not 0 <= b.number.nominal < 12 or not _INCH_REST.match(f, b.end):
            continue
        rest = _INCH_REST.match(f, b.end)
        end = rest.end() if rest is not None else b.end
        reading = read_value(kilo, b.value + " inch")
        if reading is None:
            continue
        b.value, b.number, b.unit, b.unit_start, b.end = reading.value, reading.number, reading.unit, b.end, end
        b.printed = text[b.start:b.end]
        b.candidates.append(f"read as inches after {a.printed!r} (a height in feet and inches)")
    if "'" in f or "’" in f or "′" in f:
        ms = _primes(f, text, kilo, ms)
    if '"' in f or "″" in f:
        _inch_marks(f, text, kilo, ms)
    return ms


def _primes(f: str, text: str, kilo: int, ms: list[Mention]) -> list[Mention]:
    """5'11", 6′2″: feet and inches in prime marks, two values (as "5 ft 11 in" is)."""
    added: list[Mention] = []
    for pm in _PRIMES.finditer(f):
        if any(m.start < pm.end() and pm.start() < m.end and (m.unit.canonical or m.number.kind != "number")
               for m in ms):
            continue
        feet, inches = read_value(kilo, pm.group(1) + " ft"), read_value(kilo, pm.group(2) + " in")
        if feet is None or inches is None:
            continue
        note = f"{text[pm.start():pm.end()]} read as feet and inches (prime marks)"
        added.append(Mention(start=pm.start(), end=pm.end(1) + 1, printed=text[pm.start():pm.end(1) + 1],
                             value=feet.value, number=feet.number, unit=feet.unit, candidates=[note],
                             number_start=pm.start(), number_end=pm.end(1), unit_start=pm.end(1)))
        added.append(Mention(start=pm.start(2), end=pm.end(), printed=text[pm.start(2):pm.end()],
                             value=inches.value, number=inches.number, unit=inches.unit, candidates=[note],
                             number_start=pm.start(2), number_end=pm.end(2), unit_start=pm.end(2)))
    if not added:
        return ms
    ms = [m for m in ms if not any(a.start < m.end and m.start < a.end for a in added)]
    return sorted(ms + added, key=lambda m: m.start)


def _inch_marks(f: str, text: str, kilo: int, ms: list[Mention]) -> None:
    """``a 14" screen``, ``the TV is 65″``: a double prime after a bare number is inches, unless the
    mark closes a quotation (an odd number of straight quotes before it on the line)."""
    for m in ms:
        if m.unit.canonical or m.number.kind != "number" or m.qualifier or m.end >= len(f) \
                or f[m.end] not in '"″' or f[m.end + 1:m.end + 2].isalnum() or m.number.nominal <= 0:
            continue
        line_start = f.rfind("\n", 0, m.start) + 1
        if f[m.end] == '"' and (f.count('"', line_start, m.start) % 2 or f[m.start - 1:m.start] in ("'", "’")):
            continue      # 'he wrote "14"': the quotation's end
        reading = read_value(kilo, m.value + " inch")
        if reading is None:
            continue
        m.value, m.number, m.unit, m.unit_start, m.end = reading.value, reading.number, reading.unit, m.end, m.end + 1
        m.printed = text[m.start:m.end]
        m.candidates.append(f"{m.printed} read as inches (a double prime after the number)")


# -- 增长了两倍: "grew by two times" -----------------------------------------------------------------
_GREW_BY = re.compile(r"(?:" + words(UP, (CHANGE,), lang="zh") + r")(?:了)?\s*$")     # (change_words)


def grew_by_multiples(f: str, ms: list[Mention]) -> None:
    """``增长了两倍``: by the standard reading an increase of 200%, three times the base; it is also
    written for "twice the base". The value stays as printed (两倍); the note names both readings."""
    for m in ms:
        if m.number.kind == "ratio" and f[m.end - 1:m.end] == "倍" and _GREW_BY.search(f, max(0, m.start - 6), m.start):
            n = m.number.nominal
            m.candidates.append(f"{m.printed} after a verb of growth: an increase of {show(n)} times the base "
                                f"({show(n + 1)} times it), or {show(n)} times the base as often written")


# -- units shared by "73.7K/14.8K tokens/s", "640/410 TFLOPS" -------------------------------------
_LOWER_BOUND = re.compile(r"(?:more|greater|higher|longer|at least|over|above)\b", re.I)
_UPPER_BOUND = re.compile(r"(?:less|fewer|lower|shorter|at most|under|below|no more)\b", re.I)
_SIDE_DIMS = {(("[length]", 1),), (("[printing_unit]", 1),)}


def _comparable(x: Fraction, y: Fraction) -> bool:
    """Two sides of one size, not a count of a distance: "4 x 100 m" (a relay) and "10 x 400 m"
    (repeats) are a small whole number times ten or more of it ("10.2 x 0.3 in" are sides)."""
    return x > 0 and y > 0 and not (x.denominator == 1 and x <= 20 and y >= 10 * x)


#: 强 / 弱 right after a share: a little more / a little less than it (三分之一强, 百分之十弱, 三成强). Only where
#: the phrase ends there (not 三分之一强调, "a third stressed"; 三成强国 is no share of anything).
_STRONG_WEAK_END = re.compile(r"[强強弱](?=$|[\s的，。、；：,.;:!?！？)）左])")


def strong_weak_shares(f: str, ms: list[Mention]) -> None:
    for m in ms:
        if m.relation or m.number.relation != "=" or m.number.is_range or m.end >= len(f) \
                or not (m.number.kind in ("percent", "ratio") or "分之" in m.printed):
            continue
        sw = _STRONG_WEAK_END.match(f, m.end)
        if sw is None:
            continue
        m.relation = "<" if f[m.end] == "弱" else ">"
        m.end += 1
        m.printed += f[m.end - 1]
        m.candidates.append(f"{f[m.end - 1]} after the share read as "
                            f"{'a little less' if m.relation == '<' else 'a little more'} than it")


def share_units(f: str, ms: list[Mention], kilo: int) -> None:
    # from the last pair back, so that a list shares its last unit: "4, 8 and 16 GPUs"
    for a, b in reversed(list(itertools.pairwise(ms))):
        if a.unit.canonical or not b.unit.canonical or a.number.kind != "number" or b.number.kind != "number" \
                or a.counted:
            continue
        gap = f[a.end:b.start]
        bounds = a.qualifier and b.qualifier and gap.strip() in ("but", "and", ", but") and b.start - a.end <= 7 \
            and _LOWER_BOUND.match(a.qualifier) is not None and _UPPER_BOUND.match(b.qualifier) is not None
        if b.qualifier and b.start < b.number_start and not bounds:
            continue    # "roughly 2 million, a maximum of 8 GPUs": a phrase of its own, not "2, 8 GPUs"
        if bounds and b.unit_start >= 0:
            # "more than 3 but less than 7 miles": the two bounds of one quantity, its unit printed once
            v = join_parts(a.value, f[b.unit_start:b.end])
            p = parse_value(v, kilo)
            info = unit_or_none(p.unit) if p else None
            if p is not None and info is not None and info.dims == b.unit.dims:
                a.value, a.number, a.unit = v, p, info
                a.candidates.append(f"unit shared with the other bound ({b.printed})")
            continue
        # "3 x 4 metres", "210 × 297 mm", "1920 x 1080 pixels": the sides of one size share its unit
        # (lengths and pixels only: "2 x 2TB drives" counts two drives)
        side = gap.strip() in ("x", "×", "X", "by") and b.start - a.end <= 4 and gap[:1].isspace() \
            and b.unit.dims.items in _SIDE_DIMS and _comparable(a.number.nominal, b.number.nominal)
        if side or (gap.strip() in ("/", "、", "，", ",", "and", "or", "和", "与", "或") and b.start - a.end <= 5):
            v = join_parts(a.value, f[b.unit_start:b.end] if b.unit_start >= 0 else b.unit.text)
            p = parse_value(v, kilo)
            info = unit_or_none(p.unit) if p else None
            if info is None and b.unit_start >= 0 and CJK_CHAR.match(f[b.unit_start]):
                v = join_parts(a.value, b.unit.text)     # 140/90毫米汞柱: the registry's spelling of a Chinese unit
                p = parse_value(v, kilo)
                info = unit_or_none(p.unit) if p else None
            if p is not None and info is not None and info.dims == b.unit.dims:
                a.value, a.number, a.unit = v, p, info
                a.candidates.append(f"unit shared with the next value ({b.printed})")


