"""Chinese counts without a unit: ``三个问题``, ``两阶段``, ``零回滚`` (a count of a noun), and
structured numerals that are amounts on their own (``二百五十``), told apart from idioms (``四舍五入``,
``十分``) and articles (``一个``)."""

from __future__ import annotations

import re

from ..numbers.chinese import DIGITS as CN_DIGITS
from ..numbers.chinese import scan_approximate

#: A Chinese (CJK unified) character.
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_NEAR_BEFORE = re.compile(r"(?:近|接近|趋近|趋于)\s*$")

#: Chinese counts of discourse things (三个问题, 两阶段, 零回滚): dimensionless, the noun kept as
#: ``Mention.counted``. A noun the registry does not know must not become a unit error in the draft.
_COUNT_MEASURE = re.compile(r"阶段|方面|[个条件类级档步层次节组道项种位名家篇款套行轮块张台部支份批所把]"
                            r"|[对對](?![0-9一二两三四五六七八九十零〇])")   # 三对夫妻 (三对五 is a score)
#: Characters that end a count's noun (particles, conjunctions, verbs of being).
COUNT_STOP = set("的了是在和与或及也都就还而但把被对从到让为着过这那其之很更最又再已所于以、，。；：！？"
                  "一二三四五六七八九十零两百千万亿")
_COUNT_IDIOMS = ("四舍五入", "三心二意", "七上八下", "五花八门", "千方百计", "三番五次", "九牛一毛", "五湖四海",
                 "四面八方", "一来一回", "独一无二", "万无一失", "一五一十", "乱七八糟", "十全十美", "三言两语",
                 "一清二楚", "接二连三", "举一反三", "一举两得", "两全其美", "说三道四", "不三不四", "丢三落四",
                 "七嘴八舌", "十字", "三角", "八卦", "四川", "三星", "五金", "十分", "十足", "两者", "两边", "两端",
                 "二进制", "十进制", "八进制", "十六进制", "零件", "零部件", "零售", "零星", "零散", "零碎", "零钱",
                 "零食", "零和", "零下", "零上", "零点", "零头", "零花", "零用", "一些", "一切", "一样", "一致", "一起",
                 "一般",
                 "伎俩", "技俩", "合二为一", "一分为二", "化整为零", "略知一二", "八九不离十", "十之八九", "乱七八糟",
                 "三五成群", "四分五裂", "九死一生", "一言九鼎", "三思", "七零八落", "五颜六色", "三长两短", "千辛万苦",
                 "一干二净", "三头六臂", "五体投地", "四通八达", "十拿九稳", "百里挑一", "三令五申", "半斤八两",
                 "五十步笑百步", "仨瓜俩枣", "双十一", "双十二", "七夕", "八仙", "九州",
                 # place names and drive types that start with a numeral (三峡水库, 四驱版: no count)
                 "四驱", "四驅", "两驱", "兩驅", "三峡", "三峽", "三亚", "三亞", "九寨沟", "九寨溝", "八达岭", "八達嶺",
                 "十堰", "十三陵", "七台河",
                 "十一五", "十二五", "十三五", "十四五", "十五五",
                 # idioms of time and chance, and names (一天到晚 all day long; 十有八九 most likely; 三国 the
                 # Three Kingdoms; 四季如春 spring all year)
                 "一天到晚", "十有八九", "三国", "三國", "四季如春", "一年四季", "一年一度",
                 # idioms of haste, frequency, distance and rank (十万火急 is urgent, no 100 000)
                 "十万火急", "三天两头", "九霄云外", "三顾茅庐", "不管三七二十一", "颠三倒四", "低三下四", "三教九流",
                 "三从四德", "六神无主", "七窍生烟", "一年半载", "三年五载", "十年树木", "百年树人", "十万八千里",
                 # holidays named by their date: 十一 is 1 October
                 "十一假期", "十一长假", "十一黄金周")
#: Who 俩 (and 仨) counts when it stands after them: a pronoun or kin (他们俩, 我俩, 兄弟俩, 夫妻俩, 他们仨).
_PAIR_OF_PEOPLE_BEFORE = re.compile(r"(?:[我你他她咱它][们們]?|兄弟|姐妹|姊妹|夫妻|夫妇|夫婦|母子|母女|父子|父女"
                                    r"|师徒|師徒|爷孙|爺孫|祖孙|祖孫|[哥姐弟妹爷奶])$")
#: A range between two numerals (三到五个, 十至二十名): the first end is no count of 到.
_RANGE_MARKS = frozenset("到至~～")
_RANGE_SECOND = frozenset("一二两兩三四五六七八九十百千")
#: What goes on 人 into a unit of its own (人次, 人天, 人月: person-visits, person-days, person-months).
_PERSON_UNITS = frozenset("次天月年时時日")
#: 一 counts only where the text insists on the number (只做一个，不止一个，一个数量级), not as an article.
_ONE_BEFORE = re.compile(r"(?:不止|只有|只做|只|仅有|仅|至少|超过)\s*$")


#: Every idiom starting at a position (longest first: the one that reaches furthest from there).
_IDIOM_AT = re.compile("(?=(" + "|".join(sorted(_COUNT_IDIOMS, key=len, reverse=True)) + "))")


#: Set phrases of four or more characters: idioms wherever they stand, also before a unit or a scale
#: (十万火急, 三天两头). The short ones are names only in some places (十四五 the plan, but 十四五岁 an age).
_LONG_IDIOM_AT = re.compile("(?=(" + "|".join(sorted((w for w in _COUNT_IDIOMS if len(w) >= 4), key=len, reverse=True))
                            + "))")


def in_set_phrase(f: str, start: int, end: int) -> bool:
    """The numeral at ``f[start:end]`` is part of a set phrase of four or more characters."""
    for m in _LONG_IDIOM_AT.finditer(f, max(0, start - 6), end + 6):
        if m.start() < end and start < m.start() + len(m.group(1)):
            return True
    return False


def _in_idiom(f: str, start: int, end: int) -> bool:
    """The numeral at ``f[start:end]`` is part of a set phrase (四舍五入, 十分, 一致): an idiom inside
    ``f[start - 4:end + 6]`` overlaps it. (One regex pass, not one search per idiom.)"""
    for m in _IDIOM_AT.finditer(f, max(0, start - 4), end + 6):
        if m.start() < end and start < m.start() + len(m.group(1)):
            return True
    return False


_CN_PLACE = re.compile(r"[十百千万亿拾佰仟萬億廿卅卌]")
_CN_DIGIT = re.compile(r"[一二两三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖兩]")
#: Words after a numeral that make it a date or an ordinal-like name (二十世纪 is the 20th century).
_CN_NOT_AMOUNT_AFTER = re.compile(r"\s*(?:世纪|世紀|周年|届|屆|号|號|楼|樓|路|期|年代)")
_CN_TIME_NAME_AFTER = re.compile(r"\s*(?:世纪|世紀|周年|年代|季度)")     # 三季度: the third quarter (Q3)


def standalone_numeral(f: str, start: int, end: int) -> bool:
    """A structured Chinese numeral (二百五十, 一千零五, 十五, 半百) or a decimal (二点五, 零点五) is an amount
    even without a unit or a count word: unlike 一 or 两 alone it is no article, and digit-by-digit
    runs (二〇二四) are left out because they are mostly years and codes. A decimal's digits after
    the point are single digits (clock times are written 两点五十, with a place word, and go on with 分)."""
    tok = f[start:end]
    point = max(tok.find("点"), tok.find("點"))
    if point > 0:
        decimals = tok[point + 1:]
        return bool(decimals) and all(c in CN_DIGITS for c in decimals) and not f.startswith(("分", "钟"), end) \
            and not _CN_NOT_AMOUNT_AFTER.match(f, end)
    return len(tok) >= 2 and bool(_CN_PLACE.search(tok)) and bool(_CN_DIGIT.search(tok) or tok[0] in "十拾半") \
        and not _in_idiom(f, start, end) and not _CN_NOT_AMOUNT_AFTER.match(f, end)


_QUOTES = {"“": "”", "‘": "’", "「": "」", "『": "』", '"': '"', "'": "'", "《": "》", "(": ")", "（": "）"}
_COPULA_BEFORE = re.compile(r"(?:是|为|為|等于|等於)\s*$")
_CLAUSE_END = frozenset("，。！？；：,.!?;:、")
#: A second clause with its own 是 glued after the numeral: 不是五这是八, 是三也是四, 不是一却是五.
_NEXT_COPULA = re.compile(r"[这那不也还而却更但這還卻]?是")
#: Arithmetic between numerals (一加一等于二, 八除以二, 十减三) and a ratio or a score (三比二, 一比一, 二比零):
#: each operand is a number. Both sides must be numerals or digits (一加手机 is a brand, 加 a verb elsewhere;
#: 一比较 compares, 统一比例 is no ratio).
_OPERATOR = r"(?:加上?|[减減]去?|乘以?|除以|等于|等於|比)"
_NUMERAL_CHAR = r"[0-9一二两兩三四五六七八九十零〇百千万萬亿億壹贰貳叁肆伍陆陸柒捌玖拾佰仟]"
_OPERAND_AFTER = re.compile(r"\s*" + _OPERATOR + r"\s*" + _NUMERAL_CHAR)
_OPERAND_BEFORE = re.compile(_NUMERAL_CHAR + r"\s*" + _OPERATOR + r"\s*$")


def lone_numeral(f: str, start: int, end: int) -> bool:
    """The numeral at ``f[start:end]`` stands for itself, even 一 or 两: alone in its line or table cell
    (``| 两 |``), between quotes (``“一”和“五”``), an operand of arithmetic (``一加一等于二``), or last in a
    clause after 是/为 (``答案是五。``).
    Set phrases (合二为一, 一分为二) are not."""
    i, j, n = start, end, len(f)
    while i > 0 and f[i - 1] in " \t":
        i -= 1
    while j < n and f[j] in " \t":
        j += 1
    prev, nxt = f[i - 1:i], f[j:j + 1]
    if (not prev or prev in "\n|") and (not nxt or nxt in "\n|" or (
            nxt in "。.!！?？" and (j + 1 == n or f[j + 1] in "\n|"))):
        return True
    if prev in _QUOTES and i == start and nxt == _QUOTES[prev] and j == end:
        return True
    if _OPERAND_AFTER.match(f, end) or _OPERAND_BEFORE.search(f, max(0, start - 5), start):
        return True
    return (not nxt or nxt in _CLAUSE_END or (j == end and _NEXT_COPULA.match(f, j) is not None)) \
        and bool(_COPULA_BEFORE.search(f, max(0, start - 3), start)) and not _in_idiom(f, start, end)


def signed_numeral(f: str, start: int, end: int) -> bool:
    """The numeral at ``f[start:end]`` has a minus before it (负五, 温度是负 三) and nothing after it that it
    counts: a value, even a single digit. (正负五 is plus or minus; 负五场 a count of lost games, 负一层 a
    floor: a measure word or a noun follows.)"""
    i = start - 1 if start > 0 and f[start - 1] != " " else start - 2
    if i < 0 or f[i] not in "负負" or (i > 0 and f[i - 1] == "正"):
        return False
    j = end
    while j < len(f) and f[j] in " \t":
        j += 1
    nxt = f[j:j + 1]
    return not nxt or nxt in _CLAUSE_END or nxt in "\n|)）" or (nxt.isascii() and not nxt.isalnum())


#: What may follow 一度 when it is one degree or one kWh (一度电, 升高一度左右), not the adverb "once".
_AFTER_ONE_DEGREE = frozenset("电電的左多以")


def count_span(f: str, start: int, end: int) -> tuple[int, str] | None:
    """(end, noun) of a Chinese count at ``f[start:end]`` (a numeral token), or None.

    ``三个问题`` -> (…, "问题"), ``两阶段`` -> (…, "阶段"), ``零回滚`` -> (…, "回滚"). Headings (``三、``),
    idioms (``四舍五入``, ``十分``), articles (``一个 micro-batch``) and pronouns (``两者``) are no counts.
    """
    tok = f[start:end]
    if _in_idiom(f, start, end) or _CN_TIME_NAME_AFTER.match(f, end):
        return None                      # 八十年代, 二十世纪, 三周年: names of a time, no count
    if tok in ("两", "兩") and start > 0 and f[start - 1] in CN_DIGITS:
        return None                      # 一两黄金, 三两酒: 两 after a digit is the weight liang
    if tok in ("俩", "倆", "仨") and _PAIR_OF_PEOPLE_BEFORE.search(f, max(0, start - 3), start):
        return end, ""                   # 他们俩, 我俩, 兄弟俩: the two of them (the people are named before it)
    if _OPERAND_AFTER.match(f, end):
        return None                      # 三乘以五: an operand (lone_numeral), the operator no counted noun
    if len(tok) >= 2 and all(c in CN_DIGITS for c in tok) and scan_approximate(f, start) is None:
        return None                      # 五四运动, 九一八事变, 六一儿童节: a digit-by-digit name, no count
    pos = end
    while pos < len(f) and f[pos] == " " and pos - end < 1:
        pos += 1
    if f.startswith("度", pos) and f[end:end + 1] == "度":
        if tok == "一" and CJK.match(f[end + 1:end + 2]) and f[end + 1] not in _AFTER_ONE_DEGREE:
            return None                  # 股价一度暴涨, 一度跌破: 一度 is "at one point", no degree
        return end, ""                   # 五度: a degree or a kWh where the sentence says so (context_readings)
    if f.startswith(("成", "半", "番"), pos):
        return None                      # 三成本 / 一半径 (percent readings); 翻两番 is ×4, not 2 of anything
    if f[pos:pos + 1] in _RANGE_MARKS and f[pos + 1:pos + 2] in _RANGE_SECOND:
        return None                      # 十至二十名: the first end of a range (the count follows the second)
    m = _COUNT_MEASURE.match(f, pos)
    measure_end = m.end() if m else pos
    j = measure_end
    # The noun: two characters (问题, 阶段), four after 不 (零不可恢复); only kept for the reader.
    cap = 4 if f.startswith("不", measure_end) else 3 if f.startswith("数量级", measure_end) else 2
    while j < len(f) and j - measure_end < cap and CJK.match(f[j]) and f[j] not in COUNT_STOP \
            and not (f[j] == "不" and tok != "零"):
        j += 1
    noun = f[measure_end:j]
    if not m and noun[:1] == "人" and noun[1:2] not in _PERSON_UNITS:
        # 三十人参加, 五人受伤: 人 right after the numeral, then a verb (人参 is no noun here); after a
        # measure word 人 starts a noun (四类人才, 两名人员)
        noun, j = "人", measure_end + 1
    if tok == "一":
        # Only where the text insists on the number: 不止一个, 只做一个, 一个数量级 (otherwise an article).
        if not m or not (_ONE_BEFORE.search(f[max(0, start - 4):start]) or f.startswith("数量级", measure_end)):
            return None
        return (j, m.group(0) + noun) if f.startswith("数量级", measure_end) else (measure_end, m.group(0))
    if tok == "零" and _NEAR_BEFORE.search(f[max(0, start - 3):start]):
        return end, ""                   # 气泡近零: a value (about zero), not a count
    if tok in ("二",) and not m:
        return None                      # 二 is 二进制, 不二; only "二个/二级" counts
    if noun:
        return j, noun
    if not m:
        return None                      # 三、 (a heading), 三。
    return j, m.group(0)


