"""The one vocabulary of printed quantities: qualifiers, scale words, currencies.

Every module that reads a number as printed takes its words from here: the claim-file grammar
(:mod:`claimaudit.numbers.printed`), extraction (:mod:`claimaudit.extract.mentions`) and the
source-passage reader (:mod:`claimaudit.sources`). Before this module they kept four multiplier
grammars that disagreed and a qualifier table whose comment did not match its entries.

Tables are plain data (text -> meaning); :func:`alternation` turns a table's keys into a regular
expression alternation, longest first, for the modules that scan running text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# -- qualifiers -------------------------------------------------------------------------------------
#: Words printed *before* a number, and the relation they state between the true value and the
#: printed one. "~" approximately, ">" more than, ">=" at least, "<" less than, "<=" at most.
#: "nearly", "almost", 近, 将近 and 接近 give "~" (the words are kept, so a checker can be stricter).
#: The negated forms are entries of their own so that no reader can mistake them for the word they
#: contain: 不超过 is "<=" (not 超过's ">"), "no less than" is ">=" (not "less than"'s "<").
PREFIX_QUALIFIERS: dict[str, str] = {
    # approximately
    "≈": "~", "~": "~", "≃": "~",
    "about": "~", "approximately": "~", "approx.": "~", "approx": "~", "around": "~",
    "roughly": "~", "nearly": "~", "almost": "~", "circa": "~", "ca.": "~", "some": "~",
    "an estimated": "~", "estimated": "~", "close to": "~",
    "约": "~", "約": "~", "约为": "~", "約為": "~", "大约": "~", "大約": "~", "大概": "~", "大致": "~",
    "约需": "~", "約需": "~",        # "约需 18.1 天": about (it takes)
    "近": "~", "将近": "~", "將近": "~", "接近": "~", "几乎": "~", "幾乎": "~",
    # more than
    ">": ">", "over": ">", "more than": ">", "above": ">", "exceeding": ">", "greater than": ">",
    "in excess of": ">", "just over": ">", "well over": ">", "upwards of": ">", "just above": ">",
    "north of": ">", "a little over": ">", "a little more than": ">", "slightly more than": ">",
    "slightly over": ">", "slightly above": ">",
    "超过": ">", "超過": ">", "超": ">", "逾": ">", "多于": ">", "多於": ">", "大于": ">", "大於": ">",
    "高于": ">", "高於": ">", "不止": ">", "超出": ">",
    # at least
    ">=": ">=", "≥": ">=", "at least": ">=", "no less than": ">=", "not less than": ">=",
    "no fewer than": ">=", "not fewer than": ">=", "a minimum of": ">=", "minimum of": ">=",
    # the least the value goes down to: "prices as low as $5", "in as little as 3 days"
    "as low as": ">=", "as little as": ">=", "as few as": ">=",
    "不少于": ">=", "不少於": ">=", "不低于": ">=", "不低於": ">=", "至少": ">=", "最少": ">=",
    "起码": ">=", "起碼": ">=",
    "不小于": ">=", "不小於": ">=", "大于等于": ">=", "大於等於": ">=", "大于或等于": ">=", "大於或等於": ">=",
    "greater than or equal to": ">=", "more than or equal to": ">=", "equal to or greater than": ">=",
    "equal to or more than": ">=",
    # less than
    "<": "<", "under": "<", "less than": "<", "below": "<", "fewer than": "<", "just under": "<",
    "just shy of": "<", "shy of": "<", "just below": "<", "a little under": "<", "a little less than": "<",
    "slightly less than": "<", "slightly under": "<", "slightly below": "<",
    "不到": "<", "不足": "<", "少于": "<", "少於": "<", "低于": "<", "低於": "<", "小于": "<", "小於": "<",
    # at most
    "<=": "<=", "≤": "<=", "up to": "<=", "at most": "<=", "no more than": "<=",
    "不大于": "<=", "不大於": "<=", "小于等于": "<=", "小於等於": "<=", "小于或等于": "<=", "小於或等於": "<=",
    "less than or equal to": "<=", "fewer than or equal to": "<=", "equal to or less than": "<=",
    "not more than": "<=", "a maximum of": "<=", "maximum of": "<=", "as many as": "<=",
    "as much as": "<=", "as high as": "<=",
    "不超过": "<=", "不超過": "<=", "不多于": "<=", "不多於": "<=", "不高于": "<=", "不高於": "<=",
    "最多": "<=", "至多": "<=", "顶多": "<=", "頂多": "<=",
    "最高": "<=", "最高达": "<=", "高达": "<=", "高達": "<=", "多达": "<=", "多達": "<=",
}

#: Words printed *after* a number (and its unit).
SUFFIX_QUALIFIERS: dict[str, str] = {
    "左右": "~", "上下": "~", "or so": "~",
    "以上": ">=", "or more": ">=", "or above": ">=", "and above": ">=", "or greater": ">=", "and up": ">=",
    "以内": "<=", "以下": "<=", "之内": "<=", "or less": "<=", "or fewer": "<=", "or below": "<=",
    "and below": "<=", "at most": "<=", "max": "<=", "maximum": "<=",
    # ages and sizes of groups ("aged 18 or over", "children 12 and under", "65 and older")
    "or over": ">=", "and over": ">=", "or older": ">=", "and older": ">=",
    "or under": "<=", "and under": "<=", "or younger": "<=", "and younger": "<=",
}

#: Glued to the number: 20多 / 1000余 mean "more than", an attached ``+`` (``1350+``) "at least".
MORE_THAN_MARKS = "多余餘"
AT_LEAST_MARK = "+"

#: Every relation a qualifier can give.
RELATIONS = ("=", "~", ">", ">=", "<", "<=")

# -- scale words (multipliers) ------------------------------------------------------------------------
#: Letters glued to the digits (``2,664K``, ``$5.576M``, ``14.8T tokens``, ``671B params``). ``K``/``k``
#: follow the ``kilo`` setting (1000 or 1024); these values are the decimal reading.
LETTER_MULTIPLIERS: dict[str, int] = {"K": 10**3, "k": 10**3, "M": 10**6, "B": 10**9, "T": 10**12}
#: Lower-case letters that are scale words only after a currency (``£35m``, ``$4.2b``, ``$1.2t``):
#: elsewhere ``35m`` is 35 metres and ``5 b`` five bits. ``MM`` (``US$ 1MM``) is the finance trade's million.
MONEY_LETTER_MULTIPLIERS: dict[str, int] = {"m": 10**6, "b": 10**9, "t": 10**12, "mm": 10**6, "MM": 10**6}
#: Binary multipliers (always powers of 1024).
BINARY_MULTIPLIERS: dict[str, int] = {"Ki": 1024, "Mi": 1024**2, "Gi": 1024**3, "Ti": 1024**4,
                                      "Pi": 1024**5, "Ei": 1024**6}
#: Words, any case, after a space or glued (``3.5 million``, ``4bn``, ``£2mn``).
WORD_MULTIPLIERS: dict[str, int] = {
    "hundred": 10**2, "thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12,
    "quadrillion": 10**15,
    # the plural after digits ("5 thousands", "2 millions"), as non-native English prints it
    "thousands": 10**3, "millions": 10**6, "billions": 10**9, "trillions": 10**12,
    "bn": 10**9, "mn": 10**6, "mln": 10**6, "bln": 10**9, "tn": 10**12, "tln": 10**12,
    "trn": 10**12, "trln": 10**12,      # the wire services' trillion ("$1.2 trn", "7 trln yen")
    # South Asian scales (Indian, Pakistani, Bangladeshi reports): ``13 lakh``, ``6 crore``.
    "lakh": 10**5, "lakhs": 10**5, "crore": 10**7, "crores": 10**7,
}
#: Chinese scale characters (after Arabic digits they may combine, increasing: 百万, 千万, 万亿).
CHINESE_MULTIPLIERS: dict[str, int] = {"十": 10, "百": 100, "千": 1000, "万": 10**4, "萬": 10**4,
                                       "亿": 10**8, "億": 10**8}

# -- currencies -----------------------------------------------------------------------------------------
#: Every ISO code the grammar can emit. Each must resolve in the unit registry
#: (tests/test_vocabulary.py checks it).
CURRENCY_CODES: tuple[str, ...] = ("USD", "CNY", "EUR", "GBP", "JPY", "HKD", "CAD", "AUD", "TWD",
                                   "SGD", "NZD", "CHF", "INR", "KRW", "MYR",
                                   # (not PHP, TRY, PEN: words and a language name in prose)
                                   "SEK", "NOK", "DKK", "ZAR", "BRL", "MXN", "RUB", "THB", "IDR", "PLN", "VND",
                                   "AED", "SAR", "ILS", "CZK", "HUF", "NGN", "EGP", "PKR", "BDT", "KES", "ARS")
#: Signs and codes printed before the amount (``US$5``, ``HK$ 3``, ``$US 12``, ``USD115``, ``RM120``).
#: A bare ``$`` is read as USD (the convention of the documents audited); ``¥`` as CNY.
#: Chinese names of currencies (simplified and traditional). Printed after the amount (30美元, 5港元),
#: and before it (港币3000万元, 新臺幣120元, 人民币5000元), where the 元 after the amount is then that
#: currency's unit word (元 is the dollar of Hong Kong and Taiwan too), not the yuan.
CHINESE_CURRENCY_NAMES: dict[str, str] = {
    "美元": "USD", "美金": "USD", "美刀": "USD", "人民币": "CNY", "人民幣": "CNY",
    "欧元": "EUR", "歐元": "EUR", "英镑": "GBP", "英鎊": "GBP", "港元": "HKD", "港币": "HKD", "港幣": "HKD",
    "日元": "JPY", "日圆": "JPY", "日圓": "JPY", "日币": "JPY", "日幣": "JPY",
    "加元": "CAD", "加币": "CAD", "加幣": "CAD", "澳元": "AUD", "澳币": "AUD", "澳幣": "AUD",
    "新台币": "TWD", "新台幣": "TWD", "新臺幣": "TWD", "台币": "TWD", "台幣": "TWD", "臺幣": "TWD",
    "新加坡元": "SGD", "新元": "SGD", "新加坡币": "SGD", "新加坡幣": "SGD",
    "韩元": "KRW", "韓元": "KRW", "瑞士法郎": "CHF", "瑞郎": "CHF", "卢比": "INR", "盧比": "INR", "令吉": "MYR",
    "瑞典克朗": "SEK", "挪威克朗": "NOK", "丹麦克朗": "DKK", "南非兰特": "ZAR", "兰特": "ZAR", "雷亚尔": "BRL",
    "巴西雷亚尔": "BRL", "墨西哥比索": "MXN", "卢布": "RUB", "盧布": "RUB", "泰铢": "THB", "泰銖": "THB",
    "印尼盾": "IDR", "越南盾": "VND", "迪拉姆": "AED", "里亚尔": "SAR", "新谢克尔": "ILS", "兹罗提": "PLN",
}
#: The unit word of money after an amount: the yuan alone, or the currency named before the amount.
YUAN_WORDS = ("元", "圆", "圓")
#: Chinese currency names that news prints before a bare amount too (港币3000万, 人民币500): the
#: others (美元, 欧元 …) are read before an amount only when 元 follows it.
NAMES_BEFORE_BARE_AMOUNT = frozenset({"人民币", "人民幣", "港币", "港幣", "新台币", "新台幣", "新臺幣",
                                      "台币", "台幣", "臺幣"})
CURRENCY_PREFIXES: dict[str, str] = {
    "US$": "USD", "U.S.$": "USD", "$US": "USD", "HK$": "HKD", "C$": "CAD", "CA$": "CAD", "Can$": "CAD",
    "A$": "AUD", "AU$": "AUD", "$A": "AUD", "NT$": "TWD", "S$": "SGD", "NZ$": "NZD",
    "$": "USD", "¥": "CNY", "€": "EUR", "£": "GBP", "₹": "INR", "₩": "KRW", "Rs.": "INR", "Rs": "INR",
    "RM": "MYR", "R$": "BRL", "₽": "RUB", "₦": "NGN", "₫": "VND", "฿": "THB", "₪": "ILS", "Mex$": "MXN",
    **{c: c for c in CURRENCY_CODES},
    "RMB": "CNY",
    **CHINESE_CURRENCY_NAMES,
}
#: Words and codes printed after the amount (``200 EUR``, ``5 US dollars``, ``30 美元``).
#: ``pounds`` alone stays with the unit registry (it is also the pound of mass; extraction reads it as
#: sterling where the sentence speaks of money: context_readings.pounds_sterling); ``pounds sterling``
#: is money.
CURRENCY_SUFFIXES: dict[str, str] = {
    "元人民币": "CNY", "元人民幣": "CNY", "元": "CNY",
    "圆": "CNY", "圓": "CNY",      # 圆 is the yuan as written on cheques and notes (壹佰圆)
    **CHINESE_CURRENCY_NAMES,
    **{c: c for c in CURRENCY_CODES},
    "RMB": "CNY",
    "US dollars": "USD", "US dollar": "USD", "U.S. dollars": "USD", "dollars": "USD", "dollar": "USD",
    "Hong Kong dollars": "HKD", "Hong Kong dollar": "HKD", "Canadian dollars": "CAD",
    "Canadian dollar": "CAD", "Australian dollars": "AUD", "Australian dollar": "AUD",
    "Singapore dollars": "SGD", "New Zealand dollars": "NZD", "Taiwan dollars": "TWD",
    "yuan": "CNY", "renminbi": "CNY", "euros": "EUR", "euro": "EUR", "pounds sterling": "GBP",
    "pound sterling": "GBP", "yen": "JPY", "rupees": "INR", "rupee": "INR", "Swiss francs": "CHF",
    "francs": "CHF", "franc": "CHF", "won": "KRW", "ringgit": "MYR",
    "Swedish kronor": "SEK", "Norwegian kroner": "NOK", "Danish kroner": "DKK", "kronor": "SEK",
    "rand": "ZAR", "reais": "BRL", "Mexican pesos": "MXN", "roubles": "RUB", "rubles": "RUB", "rouble": "RUB",
    "ruble": "RUB", "baht": "THB", "rupiah": "IDR", "zlotys": "PLN", "zloty": "PLN", "dirhams": "AED",
    "dirham": "AED", "riyals": "SAR", "riyal": "SAR", "shekels": "ILS", "shekel": "ILS", "naira": "NGN",
    "Pakistani rupees": "PKR", "Egyptian pounds": "EGP",
    "$": "USD", "€": "EUR", "£": "GBP",
}
def alternation(words: Iterable[str]) -> str:
    """A regex alternation of ``words``, longest first, each escaped (spaces match any spaces)."""
    parts = sorted(set(words), key=len, reverse=True)
    return "|".join(r"\s+".join(re.escape(p) for p in w.split(" ")) for w in parts)


def is_word(text: str) -> bool:
    """True for an ASCII word phrase (needs word boundaries), False for signs and CJK."""
    return text[:1].isascii() and text[:1].isalpha()
