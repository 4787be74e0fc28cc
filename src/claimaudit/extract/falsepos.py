"""Numbers that are not quantities: section and list numbers, dates, years, versions, model names,
identifiers, arXiv ids, citations. Each rule returns a short reason (kept for debugging and tests).

Rules look at the *folded* text (full-width forms as ASCII, same offsets) around a number token.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from ..numbers import vocabulary
from .chinese_counts import in_set_phrase
from .number_affixes import CURRENCY_BEFORE, storage_letter
from .unit_words import CELSIUS_NAMES, CENT_CONTEXT, FAHRENHEIT_NAMES, TEMPERATURE_CONTEXT, unit_or_none

_LETTER = re.compile(r"[A-Za-z]")
#: A currency code or sign in letters glued before the digits ("USD115", "RM120,000", "HK$5" is a sign).
_CURRENCY_CODE_BEFORE = re.compile(r"(?<![A-Za-z0-9])(?:" + vocabulary.alternation(
    k for k in vocabulary.CURRENCY_PREFIXES
    if (k.rstrip(".").isalpha() and k[0].isupper()) or (k[0] == "$" and k[-1].isalpha()))
    + r")$")
_YEAR = re.compile(r"(?:19[5-9]\d|20[0-3]\d)$")
#: A dash and a digit or letter right after a signed number glued to a word: the parts of a name (玄鸟-2-13B)
_NAME_CHAIN = re.compile(r"[-‐][\dA-Za-z]")
#: Words after which a number names a thing (Table 2, §5.3, 第 3 章, 场景 3/5) rather than counts it.
_LABEL_WORDS = ("Table", "Tab.", "Figure", "Fig.", "Section", "Sec.", "Chapter", "Appendix", "Eq.", "Equation",
                "Algorithm", "Step", "Lemma", "Theorem", "Example", "Exercise", "Question", "Version", "version",
                "Release", "release", "arXiv", "arXiv:", "No.", "no.", "page", "Page", "p.", "pp.", "Ascend", "Llama",
                "Python", "CUDA", "iOS", "Android", "Windows",
                # names with a number in them: "World War Two", "Number 10" (Downing Street), "Apollo 11"
                "World War", "Number", "Apollo")
_LABEL_SIGNS = ("§", "表", "图", "附录", "第", "场景", "章节", "篇", "题号", "版本", "步骤", "步驟")
_LABEL_BEFORE = re.compile(r"(?:\b(?:" + "|".join(map(re.escape, _LABEL_WORDS)) + ")|"
                           + "|".join(map(re.escape, _LABEL_SIGNS)) + r")\s*$")
#: The last character of every label: a search anchored at the end tries every position of the
#: window, so it runs only where the last visible character can end a label.
_LABEL_LAST = frozenset(w[-1] for w in _LABEL_WORDS + _LABEL_SIGNS)
#: A rating printed where a year could stand: "Codeforces 评分 2029", "Elo 2029".
_SCORE_BEFORE = re.compile(r"(?:评分|分数|得分|积分|\b(?:rating|score|Elo|rated))\s*(?:of\s*|为\s*|:\s*|：\s*)?$", re.I)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December", "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov",
                "Dec")
_MONTH_BEFORE = re.compile(r"\b(?:" + "|".join(_MONTH_NAMES) + r")\.?\s*$")
_MONTH_LAST = frozenset(m[-1] for m in _MONTH_NAMES) | {"."}
_MONTH_DAY_BEFORE = re.compile(r"\b(?:January|February|March|April|May|June|July|August|September|October|"
                               r"November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?\s+\d{1,2},\s*$")
#: A day before its month ("12 March 2024", "3 Sept."); "May" only before a year ("5 may help" is the verb).
_MONTH_AFTER_DAY = re.compile(r"\s(?:(?:January|February|March|April|June|July|August|September|October|November|"
                              r"December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\b(?!-)"
                              r"|May,?\s+(?:1[89]|20)\d\d\b)")
_DAY = re.compile(r"0?[1-9]|[12]\d|3[01]")
_AT_ONE_BEFORE = re.compile(r"\b[Aa]t\s$")
_AT_ONE_AFTER = re.compile(r"\s(?:point|time|stage)\b")
#: "thirty-something", "forty-odd", "twenty-ish": a vague number, no amount to check.
_VAGUE_AFTER = re.compile(r"-(?:something|odd|ish)(?![A-Za-z])|-somethings\b", re.I)
#: "half-hearted", "half-life": half as part of a word (unless the word is a unit: "a half-day").
#: "point five" with no whole part before it (the scanner reads "three point five" as one number);
#: after a determiner "point" is the noun ("at that point five people left").
_POINT_BEFORE = re.compile(r"(?<![A-Za-z])(?<!that )(?<!this )(?<!the )(?<!a )(?<!which )(?<!what )(?<!one )"
                           r"(?<!any )(?<!some )(?<!each )(?<!every )point $", re.I)
#: A weekday's name: 星期/礼拜 or 周 (not after 每 or a numeral: 每周三次, 一周三天) before 一 … 六.
_CN_WEEKDAYS = frozenset("一二三四五六")
_CN_WEEKDAY_BEFORE = re.compile(r"(?:星期|礼拜|禮拜|(?<![每〇零一二三四五六七八九十两几個个])[周週])$")
_CN_COUNT_AFTER_WEEK = frozenset("次天日个個小分倍遍回趟")
_CN_NUMERAL_CHARS = frozenset("〇零一二三四五六七八九十百千万亿两")
_HYPHEN_WORD = re.compile(r"-([A-Za-z]+)")
#: A number word in a compound adjective that counts nothing to check: "two-way", "three-dimensional",
#: "one-sided", "left-handed", "zero-shot" (a prompting setting), "a six-figure salary", "a three-digit
#: number" (a size in digits, no amount of them) ("a three-day event" keeps its unit: 3 days).
_ADJECTIVE_COMPOUND = re.compile(r"-(?:way|dimensional|sided|faced|handed|shot|figure|digit)(?![A-Za-z])", re.I)
#: 三年级, 3 年级: a school grade (a year of school), not three years.
_GRADE_AFTER = re.compile(r"\s?年[级級]")
_CN_DATE_AFTER = re.compile(r"\s*(?:年(?!代|薪|均|化|度)|月(?!\d*[日号])?\d*[日号]|月份|号|日(?![元本]))")
_TIME_AFTER = re.compile(r"\s*(?:[ap]\.?m\.?)(?![A-Za-z])", re.I)
_LIST_START = re.compile(r"(?:^|\n|。|[!?！？])[ \t]*(?:[-*+][ \t]+|#{1,6}[ \t]+)?(?:\(|（)?$")
_LIST_AFTER = re.compile(r"(?:\.(?!\d)|、|\)|）)(?=[ \t\u4e00-\u9fff\"'“「《A-Za-z])")


#: Where a glued "p" is pence ("shares fell 5p", "a 50p stamp"), not a name or a video format.
_PENCE_CONTEXT = re.compile(r"£|pence|penny|pound|sterling|GBP|\bshares?\b|price|\bcosts?\b|stamp|\bfares?\b|"
                            r"\bpaid\b|\bpay|\btax|litre|\bcoin", re.I)
_PENCE_BEFORE = re.compile(r"\dp\b")      # "rose 4p to 310p": another amount in pence just before
_VIDEO_LINES = {"144", "240", "360", "480", "576", "720", "1080", "1440", "2160", "4320"}
_GLUED_OK = {"K", "k", "M", "B", "T", "bn", "Ki", "Mi", "Gi", "Ti", "x", "X", "bp", "bps", "mn", "tn", "mln", "bln",
             "tln"}


_DIV_ZERO = re.compile(r"/0+(?![\d.])")
_ZEROS = re.compile(r"0+")
_LETTERS = re.compile(r"[A-Za-z]+")
_GLUED_WORD_DIGIT = re.compile(r"[A-Za-z]+\d")
_EXP_OR_TIMES10 = re.compile(r"(?:[eE]\d|[xX×]\s?10)")
_EXP = re.compile(r"[eE][+\-]?\d")
_ORDINAL_SUFFIX = re.compile(r"(?:st|nd|rd|th)\b")
_GLUED_CF = re.compile(r"[CFc](?![A-Za-z°])")
_COEFFICIENT = re.compile(r"\s*[×*]\s*([\u4e00-\u9fff]{2})")
_SMALL_INT = re.compile(r"\d{1,2}")
_DOT_DIGIT = re.compile(r"\.\d")
_SHAPE = re.compile(r"[xX×]\d")
#: 4K, 8K before the words of screens and video ("4K分辨率", "a 4K TV", "8K video", "4K 120fps"): the
#: format's name (3840 pixels wide), no 4,000. ("4K context", "4K tokens" stay amounts.)
_VIDEO_K = frozenset({"2", "4", "5", "6", "8", "10", "12", "16"})
_VIDEO_K_AFTER = re.compile(r"K\s?(?:\(|-)?(?:分辨率|分辨|屏|显示|顯示|电视|電視|视频|視頻|影片|超?高清"
                            r"|录制|錄製|拍摄|拍攝|画质|畫質"
                            r"|video|TVs?|television|display|monitor|resolution|screen|camera|stream|streaming"
                            r"|content|HDR|UHD|Ultra HD|Blu-ray|footage|recording|gaming|panel|projector|OLED|QLED"
                            r"|LCD|LED|movies?|films?|upscal\w*"
                            r"|@|/\d|\s?\d+\s?Hz|\s?\d+\s?fps|at\s+\d+\s?(?:fps|FPS|Hz|p\b))", re.I)
#: A turbo engine named by its displacement in litres: 排量2.0T, 1.5T发动机, 2.0T四驱.
_DISPLACEMENT = re.compile(r"[1-6]\.\d")
_ENGINE_BEFORE = re.compile(r"(?:排量|发动机|發動機|引擎|涡轮|渦輪|动力|動力|搭载|搭載|engine|turbo)"
                            r"[^。\n]{0,8}$", re.I)
_ENGINE_AFTER = re.compile(r"\s?(?:发动机|發動機|引擎|涡轮|渦輪|四驱|四驅|两驱|兩驅|车型|車型|版|engine|turbo)", re.I)
_SHOPPING_AFTER = re.compile(r"\s?(?:购物节|購物節|大促|年中大促|当天|當天|期间|期間|活动|活動)")
#: 3·15, 5·1: month and day joined by a middle dot (a named day: 3·15晚会, the consumer-rights day).
_MIDDLE_DOT_DATE_AFTER = re.compile(r"[·・•]\d{1,2}(?!\d)")
_MIDDLE_DOT_DATE_BEFORE = re.compile(r"(?<!\d)\d{1,2}[·・•]$")
#: 下午5时, 上午9时30分: 时 after the hour of a clock (时间, 时代, 时期 are words).
_CN_SHI_AFTER = re.compile(r"\s?[时時](?![间間代期候刻])")
#: Words before a number that names (a telephone number, a post code, an account).
_CN_NUMBER_NAME_BEFORE = re.compile(r"(?:电话|電話|手机|手機|号码|號碼|热线|熱線|邮编|郵編|邮政编码|郵政編碼|编号|編號"
                                    r"|代码|代碼|账号|帳號|帐号|卡号|卡號|证号|證號|工号|學號|学号|QQ|微信)(?:号|號)?"
                                    r"\s?(?:为|為|是|：|:)?\s*$")
_CN_MONTH_RANGE_AFTER = re.compile(r"\s?[至到~～\-–—]\s?(?:0?[1-9]|1[0-2])\s?月")
_SHAPE_FIRST = re.compile(r"(?<![\d.])\d{3,}[xX×]$")
_MONTH_AFTER_YEAR = re.compile(r"[-/.](?:0?[1-9]|1[0-2])(?!\d)")
_YEAR_RANGE_END = re.compile(r"[-–]\d\d(?!\d)")
#: After a year-like number, what makes it an amount ("2048 GPUs", "2000 tokens", "2025 万").
_AMOUNT_AFTER_YEAR = re.compile(r"\s*(?:[%‰×倍]|[A-Za-z]*[Bb]ytes?|[KMGTP]i?B\b|tokens?|GPUs?"
                                r"|张|卡|个|条|台|节点|万|亿|兆(?=[^\s，。]{0,4}?(?:元|圆|圓|币|幣|镑|鎊|郎))"
                                # money, measures and counts of people after it ("每盎司2000美元", "2000公里",
                                # "2024 人"): an amount; 年, 届, 版, 款 after it stay a year (2019元旦 is New
                                # Year's Day)
                                r"|元(?![旦年月宵])|" + vocabulary.alternation(vocabulary.CHINESE_CURRENCY_NAMES)
                                + r"|块钱|公里|千米|米|公斤|千克|克|吨|噸|平方米|平方公里|立方米|毫升|亩"
                                r"|千瓦|兆瓦|千瓦时|人次|人|名|位|家|件|只|头|辆|輛|套|份|项|篇|户|座|间|颗|枚|千|百)")
_CN_YEAR_MONTH = re.compile(r"\s*年\s*(?:0?[1-9]|1[0-2])\s*月")
#: The word after a year-like number: a unit the registry holds ("2000 hours", "a 2000 km trip",
#: "2000 steps") or a count of training ("2000 iterations", "2048 experts") makes it an amount; a
#: letter alone (2020 s, 2000 m), year words (the 2019 year-end) and, before a count noun, a
#: preposition (in 2019 words …) do not.
_WORD_AFTER_YEAR = re.compile(r"[ \t]+([A-Za-z][A-Za-z/]+)")
_COUNT_AFTER_YEAR = frozenset(("iterations", "epochs", "experts", "samples", "examples", "images", "documents",
                               "queries", "requests", "updates", "rollouts", "prompts", "sentences", "words"))
_CN_YEAR = re.compile(r"\s*年")
_CN_DIGIT_RUN = re.compile(r"[〇零一二三四五六七八九]{2,4}")
_CN_YEAR_MONTH = re.compile(r"\s*年\s*(?:[一二三四五六七八九十]{1,2}|\d{1,2})\s*月")
#: "22,24,26": numbers listed with commas and no spaces (more than one comma), not a decimal comma.
_LIST_COMMA_BEFORE = re.compile(r",\d+,$")
_COMMA_DIGIT = re.compile(r",\d")
#: "3月", "2024 年 3 月": a month's name. A count of months takes 个 (3个月) or, for an age, 龄/大 (6月龄).
_CN_MONTH_NAME = re.compile(r"\s*月(?![龄齡大])")
_MONTH_NUMBER = re.compile(r"0?[1-9]|1[0-2]")
_CN_MONTHS = frozenset("一二三四五六七八九十") | {"十一", "十二"}
_CLOCK = re.compile(r"\d{1,2}(?:\.[0-5]\d)?")
_HOUR = re.compile(r"(?:[01]?\d|2[0-4])")
_MINUTES = re.compile(r"[0-5]\d")
_MINUTES_AFTER = re.compile(r":[0-5]\d(?!\d)(?!:\d(?!\d))|:[0-5]\d:[0-5]\d(?!\d)")
_HOUR_BEFORE = re.compile(r"(?<![\d:])(?:[01]?\d|2[0-4]):$|(?<![\d:])(?:[01]?\d|2[0-4]):[0-5]\d:$")
#: A requirement's pin: a package name glued to ==, ~=, >=, <=, !=, <, >.
#: (glued: "tokens ~= 1.5" is a value; a one- or two-letter name before < or > is a statistic: p<0.05, df>10)
_PIN_BEFORE = re.compile(r"(?<![\w.\-])(?:[A-Za-z_][\w.\-\]\[]+(?:===?|~=|!=)|[A-Za-z_][\w.\-\]\[]{2,}(?:>=|<=|<|>))$")
#: Names whose number is part of the name: stock indices, product lines, aircraft; an i/e-word
#: (iPhone, iPad, eBay) or a word with an ampersand (S&P) before a whole number names a thing too
#: (not any mixed-case word: mAP 45 and mIoU 52 are scores).
_NAME_WORDS = ("S&P", "FTSE", "Nikkei", "Nasdaq", "NASDAQ", "Stoxx", "STOXX", "Russell", "DAX", "CAC", "ASX", "CSI",
               "Sensex", "Nifty", "KOSPI", "TOPIX", "Fortune", "Dow", "Boeing", "Airbus", "iPhone", "iPad", "Galaxy",
               "Pixel", "PlayStation", "Xbox", "Model", "Formula", "Falcon", "Apollo", "Mate", "Redmi", "Note",
               "RTX", "GTX", "Quadro", "Radeon", "Ryzen", "Xeon", "EPYC", "Snapdragon", "Exynos", "Kirin", "Dimensity",
               "Series", "Route", "Interstate", "Highway", "Flight", "Room", "Gate", "Platform", "ID", "id",
               "Level", "Phase", "Stage", "Tier", "Article", "Clause", "Rule", "Item", "Category")
_NAME_BEFORE = re.compile(r"(?:(?<![A-Za-z0-9_&])(?:" + "|".join(map(re.escape, _NAME_WORDS)) + r")"
                          r"|(?<![A-Za-z])[ie][A-Z][a-z]+|\b[A-Za-z]+&[A-Za-z]+)\s?$")
#: Standards, licences and platforms whose number (2.0, 5.3, 695) is a version or a document number.
_VERSIONED_BEFORE = re.compile(r"(?<![A-Za-z0-9_\-])(?:PEP|RFC|ISO|IEC|CVE|Apache|GPL|GPLv|LGPL|AGPL|MPL|Bluetooth|"
                               r"USB|PCIe|Licen[cs]e|PyTorch|TensorFlow|Node|CC[ -]BY(?:-(?:SA|NC|ND))*|"
                               r"Wi-?Fi|HTTP/?|DDR|LPDDR|Ubuntu|Debian|macOS|Java|Node\.js|Rust|Go|Unicode|IPv|Web|Industry)\s?$")
#: What makes the number after a name an amount after all ("Model 3 sold 5%" is not; "Phase 3 of 5" is).
_AMOUNT_AFTER_NAME = re.compile(r"\s*(?:[%‰×]|[A-Za-z]*(?:bytes?|B)\b|(?:million|billion|thousand|bn|mn|m|k|K)\b"
                                r"|\s?(?:points?|pts|per cent|percent))")
#: A model's version between its name and its tier: "Claude 3.5 Sonnet", "Gemini 1.5 Pro", "GPT 3.5 Turbo".
_TIER_NAME_BEFORE = re.compile(r"(?<![A-Za-z0-9])[A-Z][A-Za-z]+[ -]$")
_TIER_AFTER = re.compile(r"[ -](?:Pro|Sonnet|Opus|Haiku|Flash|Ultra|Turbo|Mini|Max|Plus|Lite|Nano|Omni)\b")
#: "5-shot", "(8-shot, CoT)": the evaluation's setting, not a count to audit.
_SHOT_AFTER = re.compile(r"-shot\b", re.I)
_FIGURES_AFTER = re.compile(r"-(?:figure|digit)(?![A-Za-z])", re.I)
_ROUND_THE_CLOCK = re.compile(r"[/xX×]7(?!\d|\.\d)")
_ROUND_THE_CLOCK_BEFORE = re.compile(r"(?<![\d.])24[/xX×]$")
_SCORE_AFTER = re.compile(r"[-–](\d{1,3})(?![\d%‰]|[.,]\d|\s?[A-Za-z]*[/%]|[A-Za-z])"
                          r"(?!\s?(?:[A-Za-z]+)?(?:bytes?|[KMGT]?B)\b)")
# the first number of a score, right before the second ("51–31"), not part of a longer number or a date
_SCORE_FIRST = re.compile(r"(?<![\d.,:/\-–])(\d{1,3})[-–]$")
# a four-digit year and a dash right before two digits: "2025–26", "FY2024-25"
_YEAR_SPAN_BEFORE = re.compile(r"(?<![\d.,])(?:19|20)\d\d[-–/]$")
_BARE_SCALES = frozenset({"万", "萬", "亿", "億", "千", "百", "百万", "千万", "百萬", "千萬", "万亿", "萬億"})
_UNIT_LABEL_BEFORE = re.compile(r"(?:[(（]|(?:单位|單位)\s*[:：为為]?)\s*$")
#: A bare 万 or 千 in a word of its own: 万岁 (long live), 千岁 (a prince's title), 万年青 (a plant),
#: 万年历 (a perpetual calendar). (百岁 is an age: 百岁老人 is a centenarian.)
_LONG_LIFE_AFTER = re.compile(r"[岁歲]|年[青历曆]")
#: (",00" keeps the integer part's value: 5,00 is 5)
_DASH_NUMBER_WORD = re.compile(r"-(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
                               r"forty|fifty|hundred)\b", re.I)
#: (a full stop after it ends the sentence: "costs € 2,50." is no €2)
_DECIMAL_COMMA_AFTER = re.compile(r",(?!0+(?!\d))\d{1,2}(?![\d,]|\.\d)(?!\s?(?:and|or|&|和|或)\b)")
_DIGIT_COMMA_BEFORE = re.compile(r"\d,\s?$")
_DOT_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")
_CN_HOUR = re.compile(r"(?:[01]?\d|2[0-4])")
_CN_CLOCK_AFTER = re.compile(r"\s?[点點](\s?\d{1,2}\s?分|[半钟鐘整])?")
_INDEX_AFTER = re.compile(r"\s?(?:指数|指數)")
CJK_BEFORE = re.compile(r"[\u4e00-\u9fff]\s?$")
_ARXIV_NUMBER = re.compile(r"\d{4}\.\d{4,5}")
_ARXIV_BEFORE = re.compile(r"arXiv:?\s*$", re.I)
_ARXIV_TOKEN = re.compile(r"\d{4}\.\d{5}")
_SECTION_AFTER = re.compile(r"\s?[节章篇](?![点省约])")
_DOTTED = re.compile(r"\d+(?:\.\d+)*")
_SPACE_WORD = re.compile(r"\s+\S")
_DOT_SPACE = re.compile(r"\.\s")
#: "1.2 million people" at the start of a line: a decimal before a lower-case word is an amount
#: (a section number's title starts with a capital or is Chinese: "3.2 Methods", "3.2 数据集").
_LOWER_WORD_AFTER = re.compile(r" [a-z]")
_DECADE = re.compile(r"[1-9]0")
_DECADE_S = re.compile(r"['’]?s(?![A-Za-z0-9])")
#: A day, month and year with slashes ("12/03/2021", "3/14/2020", "2021/03/05"): every part is a date's
#: (a two-digit year is left out: "8/16/32" is as often a list of sizes).
_SLASH_DATE = re.compile(r"(?:\d{1,2}/\d{1,2}/\d{4}|\d{4}/\d{1,2}/\d{1,2})")
_SLASH_DATE_PARTS = re.compile(r"[\d/]{0,10}")
#: A year and a slash before a month ("[2023/12] released", "2024/03 版本"): the month of a date.
_YEAR_SLASH_BEFORE = re.compile(r"(?<![\d/.])(?:19[5-9]\d|20[0-3]\d)/$")
#: Number words inside English idioms, by the words before them: "on cloud nine", "the whole nine
#: yards", "one in a million", "thanks a million".
_WORD_IDIOM_BEFORE = {"nine": re.compile(r"\b(?:cloud|whole)\s$", re.I),
                      "a million": re.compile(r"\b(?:one in|thanks|thank you)\s$", re.I)}
_DECADE_BEFORE = re.compile(r"(?:\b(?:the|their|his|her|my|our|your|early|late|mid)[\s-]|['’]|mid-)$", re.I)
#: (a scale after the number, "2.5 万", "1.5 K", makes it an amount too: no section's title is a scale)
_LIST_AMOUNT_AFTER = re.compile(r"\s*[%‰×倍]|\s*[KMBTkm]?\s*(?:[A-Za-z]*/|GPU|token|张|卡)"
                                r"|\s*(?:[万萬亿億]|[KMBk](?![\w\-]|\.\s*\w))")
_DI_BEFORE = re.compile(r"第\s*$")
_CENTURY_AFTER = re.compile(r"\s*(?:世纪|世紀)")
#: A month and a day with a slash ("9/11", "7/4", "12/25") after a word of time is a date (elsewhere a
#: fraction or a score: "solved 9/14 problems").
_MONTH_DAY = re.compile(r"(0?[1-9]|1[0-2])/(0?[1-9]|[12]\d|3[01])")
#: "trained on 1/4 of the data": a share, whatever word stands before it.
_OF_AFTER = re.compile(r"\s+of\b")
_SLASH_DAY = re.compile(r"/\d{1,2}(?![\d/]|\.\d)")
_DAY_AFTER_MONTH = re.compile(r"(?<![\d/.])(\d{1,2})/$")
_DATE_WORD_BEFORE = re.compile(r"\b(?:on|since|after|before|until|till|dated?|due|ended|ending)\s+$", re.I)
_CN_DATE_WORD = re.compile(r"(?:[月日号]|年(?:代|级)?)")
_CN_DAY_OF_MONTH = re.compile(r"[日号號]")
#: A month's name before the day: a numeral or digits and 月 (一月, 十二月, 3月), not 个月 (三个月五日 is no date).
_CN_MONTH_BEFORE = re.compile(r"(?<![个個])(?:[一二三四五六七八九十]{1,3}|\d{1,2})月$")
#: What makes 一/两/二 an amount rather than an article: a multiple, a share, a scale or a unit of time.
_ONE_AS_AMOUNT = re.compile(r"\s*(?:倍|半(?!径)|成(?![本功为立果员熟长都就绩品型交年人形分语像效败真群批不])"
                            r"|[个個][多余]?[亿億]|个?百分点|%|万|亿|千|百|个?月|年|天|周|小时|分钟|秒|[周週]?[岁歲](?![月一])|张卡|卡时|节点"
                            r"|米|公里|千米|厘米|毫米|公斤|千克|克(?!服|隆)|吨|升(?!级|值|温|高)|毫升|平方米|千瓦|兆瓦"
                            # 一打 is a dozen; 一打开 "as soon as it opens", 一打听 "on asking" (verbs)
                            r"|打(?![开開听聽扮算印击擊破工电電球架造量折扰擾败敗倒包卡分通进進车車字针針扫掃断斷赢贏响響入出下上到过過了着就起])"
                            # 两到三吨, 一至两成: a range's first end (not 一到周末, nor the months 一至三月)
                            r"|[到至~～](?=[二两三四五六七八九十百千])(?![二两三四五六七八九十]*[月日号號])"
                            r"|成[到至~～](?=[二两三四五六七八九十]成)|[毛角][钱錢])")
#: Chinese clock times: a place word after the point (两点五十), 分/钟 after it, 点半, or a part of the day before.
_CN_PLACE_WORD = re.compile(r"[十百千]")
_CN_MINUTES_AFTER = re.compile(r"\s*(?:分|钟)")
_CN_HALF_HOUR_AFTER = re.compile(r"[点點](?:半|钟|鐘|整)")
_CN_HOUR_AFTER = re.compile(r"[点點]")
_CN_TIME_OF_DAY_BEFORE = re.compile(r"(?:上午|下午|晚上|凌晨|早上|早晨|中午|傍晚|夜里|夜裡|晚间)\s*$")
#: Capital (financial) numerals. Alone they are mostly words (陆地 land, 肆意 wilful); in an amount
#: a place or a currency follows them (伍拾, 陆万, 叁元).
_CAPITAL_DIGITS = frozenset("壹贰貳叁參肆伍陆陸柒捌玖")
#: A capital place alone (拾 "pick up" in 收拾, 拾起; 佰, 仟 in names) is a word too; inside a numeral it is a place.
_CAPITAL_PLACES = ("拾", "佰", "仟")
_CAPITAL_AMOUNT_AFTER = re.compile(r"\s*[拾佰仟万萬亿億元圆圓角]")
_LOWER_WORD = re.compile(r"\s([a-z]+)(?![A-Za-z])")
_UNIT_SYMBOL = re.compile(r"\s([A-Za-z][A-Za-z]{1,3})(?![A-Za-z0-9])(?!\s+[A-Z])")
_TEMPERATURE_WORD = re.compile(r"(?:" + "|".join(CELSIUS_NAMES + FAHRENHEIT_NAMES) + ")$")
#: Letters glued to a number, with "/letters" runs ("8tokens/s").
_LETTER_RUN = re.compile(r"[A-Za-z]+(?:/[A-Za-z]+)*")


_FUNCTION_WORDS = frozenset("in at a an to of on for and or is was are were by as".split())


def _slash_date(folded: str, start: int, end: int) -> bool:
    """The digits and slashes around ``folded[start:end]`` are a date (day, month, year)."""
    i = start
    while i > 0 and start - i < 10 and (folded[i - 1].isdigit() or folded[i - 1] == "/"):
        i -= 1
    m = _SLASH_DATE_PARTS.match(folded, end)
    j = m.end() if m else end
    if (i > 0 and folded[i - 1] in ".-") or (j < len(folded) and folded[j] in ".-" and folded[j + 1:j + 2].isdigit()):
        return False
    run = folded[i:j].strip("/")
    if _SLASH_DATE.fullmatch(run) is None:
        return False
    a, b, c = (int(x) for x in run.split("/"))
    if a > 31:                              # 2021/03/05: year, month, day
        return 1 <= b <= 12 and 1 <= c <= 31
    return 1 <= a <= 31 and 1 <= b <= 31 and (a <= 12 or b <= 12)   # 12/03/2021 or 3/14/2020


def _measure_after(after: str, is_unit: Callable[[str], bool] | None) -> bool:
    """A unit word follows ("water level 3 metres above"): a measurement, whatever word stands before."""
    m = _LOWER_WORD.match(after)
    return m is not None and m.group(1) not in _FUNCTION_WORDS and is_unit is not None and is_unit(m.group(1))


def _unit_word_after(after: str, is_unit: Callable[[str], bool] | None) -> bool:
    """A lower-case unit word follows ("10.5 celsius", "2.5 hours"): a measurement, not a heading
    (headings go on with a capital: "3.2 Methods")."""
    m = _LOWER_WORD.match(after)
    if m is None:
        # a unit's symbol of two to four letters ("13.5 GB, 48% less" at the start of a wrapped line; a
        # heading's word is no unit: "3.2 Methods", "3.2 MoE")
        m = _UNIT_SYMBOL.match(after)
        return m is not None and is_unit is not None and is_unit(m.group(1))
    return bool(_TEMPERATURE_WORD.match(m.group(1))) or (is_unit is not None and is_unit(m.group(1)))


#: What :func:`false_positive` reads around a token: 24 characters before it (one more for the
#: currency pattern's look-behind) and 16 after. Equal windows give equal answers, so the answer is
#: cached per window (a table repeats its cells, a long document its phrases).
_BEFORE_WINDOW = 25
_AFTER_WINDOW = 16


_YEAR_PREPOSITION = re.compile(r"\b(?:since|by|until|till|during|circa|early|late|mid)[ \t]*$", re.I)
#: Before a count noun (not a unit), these ask for a year too: "in 2019 words like …", "from 2020 prompts".
_YEAR_BEFORE_COUNT = re.compile(r"\b(?:in|from|to|of|after|before)[ \t]*$", re.I)


def _amount_word_after(after: str, before: str) -> bool:
    """Whether the word after a year-like number makes it an amount (see _WORD_AFTER_YEAR), unless a
    word that asks for a year stands before it ("since 2010 hours grew")."""
    w = _WORD_AFTER_YEAR.match(after)
    if w is None or _YEAR_PREPOSITION.search(before):
        return False
    word = w.group(1)
    if word.lower() in _COUNT_AFTER_YEAR:
        return not _YEAR_BEFORE_COUNT.search(before)
    return word.lower() not in ("year", "years") and unit_or_none(word) is not None


#: A Chinese numeral that starts with a place (十, 百, 千, 万, 亿): after 数 it is "several" of them.
_CN_PLACE_FIRST = frozenset("十拾百佰千仟万萬亿億")
#: Characters that make a noun with 数 (人数, 总数, 次数, 倍数): 数 is then no "several".
_SHU_NOUN_BEFORE = frozenset("人总總次户戶件个個岁歲倍位分票台参參系变變常基复複整奇偶小多少无無半点點字页頁步层層"
                             "行列轮輪场場指函级級度天日年月周週张張条條名家股额額量份单單双雙处處例对對本期届屆"
                             "局盘盤口手套根粒颗顆只隻架辆輛艘篇章部项項款类類笔筆回遍码碼比因算术術代质質素尾首末"
                             "实實虚虛正负負然约約公")


def false_positive(folded: str, start: int, end: int, kind: str = "digits",
                   is_unit: Callable[[str], bool] | None = None) -> str | None:
    """Why the number at ``folded[start:end]`` is not a quantity, or None when it may be one
    (see :func:`_false_positive`; the answer depends only on the window around the token)."""
    w0 = max(0, start - _BEFORE_WINDOW)
    return _windowed(folded[w0:end + _AFTER_WINDOW], start - w0, end - w0, kind, is_unit)


@lru_cache(maxsize=1 << 16)
def _windowed(window: str, start: int, end: int, kind: str, is_unit: Callable[[str], bool] | None) -> str | None:
    return _false_positive(window, start, end, kind, is_unit)


#: "300km-400km", "10 lbs-12 lbs": a number and its unit before the dash, the same unit after the number.
_UNIT_BEFORE_DASH = re.compile(r"(?<![A-Za-z\d.])\d[\d,.]*\s?([A-Za-z]{1,5})-$")


#: What follows an amount of cents ("50c each", "99c a litre", "up 5c to 99c."), not a name's noun ("the 11c model").
_CENTS_AFTER = re.compile(r"(?=\s*(?:[,;:)!?]|\.(?!\d)|$|(?:each|a|an|per|to|and|or|off|for|coins?|apiece|from|"
                          r"higher|lower|more|less|cheaper)\b))")


#: A house number: one to three capitalised words and the kind of street after it (within the window
#: false_positive reads: "10 Downing Street", "221B Baker Street").
_ADDRESS_AFTER = re.compile(r"[A-Za-z]?(?: [A-Z][a-z]+){1,3} (?:Street|St\.|Road|Rd\.|Avenue|Ave\.|Lane|Drive|"
                            r"Boulevard|Blvd\.|Place|Square|Terrace|Crescent|Parkway)(?![A-Za-z])"
                            r"(?! [a-z]+s\b)")   # not "3 Oxford Street shops"
#: A telephone number: three digits, a dash and four ("555-1234"), after a word that asks to call, or an area code.
_PHONE_AFTER = re.compile(r"[-.]\d{4}(?![\d,.%])|\)\s?\d{3}[-.]\d{4}(?!\d)|[-.]\d{3}[-.]\d{4}(?!\d)")
_PHONE_BEFORE = re.compile(r"(?:\bcall|\bphone|\btel\b|\btel\.|\bdial|hotline|\bfax|\bcontact|\btext|"
                           r"\bnumber|\bring)\w*\W{0,4}(?:on\s|at\s)?$", re.I)
_AREA_CODE_BEFORE = re.compile(r"\(\d{3}\)\s?$|(?<![\d,.])\d{3}[-.]$|\+1[-\s]?$")
_PHONE_BEFORE_TOKEN = re.compile(r"(?<![\d,.])(?:\(\d{3}\)\s?|\d{3}[-.])(?:\d{3}[-.])?$")


def _small_cents(tok: str) -> bool:
    """An amount of cents as printed: a whole number under 1000 ("50c", "99c")."""
    return tok.isdigit() and len(tok) <= 3


def _unit_range_end(before: str, after: str, is_unit: Callable[[str], bool] | None) -> bool:
    """The number after the dash ends a range whose both ends print the same unit."""
    m = _UNIT_BEFORE_DASH.search(before)
    if m is None or is_unit is None or not is_unit(m.group(1)):
        return False
    unit = m.group(1)
    rest = after[1:] if after.startswith(" ") else after
    return rest.startswith(unit) and not rest[len(unit):len(unit) + 1].isalnum()


def _after_label(before: str, last: str) -> bool:
    """A label (Table, Version, 第 …) ends ``before``, whose last visible character is ``last``: the
    anchored search runs only where that character can end one."""
    return bool(last) and last in _LABEL_LAST and _LABEL_BEFORE.search(before) is not None


def _false_positive(folded: str, start: int, end: int, kind: str = "digits",
                    is_unit: Callable[[str], bool] | None = None) -> str | None:
    """Why the number at ``folded[start:end]`` is not a quantity, or None when it may be one.

    ``is_unit`` tells whether a word glued to the number (``8GB``) is a unit; without it any glued
    word other than a multiplier makes the number an identifier (``3FS``, ``1F1B``).
    """
    tok = folded[start:end]
    before = folded[max(0, start - 24):start]
    after = folded[end:end + 16]
    prev = before[-1:] if before else ""
    prev2 = before[-2:-1] if len(before) >= 2 else ""
    nxt = after[:1]

    if "年" in after[:2] and _GRADE_AFTER.match(after):
        return "school grade"
    if kind == "digits" or kind == "fraction":
        # Glued to a word on the left: H800, V3.2, EP64, PP16, A100, R1, pass@1, SC'24, x128.
        if tok[:1] == "-" and prev and _LETTER.match(prev) and _unit_range_end(before + "-", after, is_unit):
            return None               # "300km-400km": the second end of a range (the scanner read a sign)
        if prev and (_LETTER.match(prev) or prev in "@#'’_") \
                and not (_LETTER.match(prev) and _CURRENCY_CODE_BEFORE.search(before)):
            return "identifier"       # (a currency code glued before the amount, USD115 or RM120, is money)
        if prev in ".-/" and prev2 and (_LETTER.match(prev2) or prev2 in "@#") and not (
                prev == "/" and prev2 in "KMBTk" and before[-3:-2].isdigit()) \
                and not (prev == "." and _CURRENCY_CODE_BEFORE.search(before)):   # 73.7K/14.8K is a pair; Rs.500
            return "identifier"
        if _DIV_ZERO.match(after) or (prev == "/" and _ZEROS.fullmatch(tok) and prev2.isdigit()):
            return "division by zero"         # "1/0 is not a valid value": neither end is a quantity
        if tok[0] in "+-−" and prev2 + prev and (prev in ")]" or (prev.isalnum() and (
                prev.isascii() or _LETTER.match(nxt) is not None or prev2.isdigit() or prev2 in _CN_NUMERAL_CHARS
                or _NAME_CHAIN.match(after) is not None))):     # 玄鸟-2-13B: a name's dash-joined parts
            # A Chinese word before the sign is no operand (亏损-2.5万元, 同比增长-3% are negative), but a
            # model's name may end in one (百川-13B), and a date or a count before it opens a range
            # (2023年-2024年, 3月-5月, 10点-12点)
            return "formula or range piece"
        if prev in "-." and prev2.isdigit():
            return "part of a date, version or range"
        if _DECIMAL_COMMA_AFTER.match(after) and not _DIGIT_COMMA_BEFORE.search(before) \
                and ((tok.isdigit() and len(tok) <= 3) or _DOT_THOUSANDS.fullmatch(tok)):
            return "number with a decimal comma"   # "3,5 km", "€1.234,56": never 3 km or 1.234 EUR
        if prev == "," and prev2.isdigit() and tok.isdigit() and len(tok) != 3 \
                and not _LIST_COMMA_BEFORE.search(before) and not _COMMA_DIGIT.match(after):
            return "part of a number with a decimal comma"     # "5,00", "1,5 kg": never 00 or 5 kg
        # Glued to a word on the right that is no unit: 3FS, 1F1B, 06F6, 21st, 1x128.
        g = _LETTERS.match(after)     # every rule of this group starts with a glued letter
        if g:
            if _GLUED_WORD_DIGIT.match(after) and not _EXP_OR_TIMES10.match(after):
                return "identifier"
            if _ORDINAL_SUFFIX.match(after):
                return "ordinal"
            if after[:1] == "c" and _CENTS_AFTER.match(after, 1) and _small_cents(tok) \
                    and CENT_CONTEXT.search(before + after) and not TEMPERATURE_CONTEXT.search(before + after):
                return None                       # "stamps cost 50c": cents, in a sentence about money
            if _GLUED_CF.match(after) and not (after[:1] in "CF" and TEMPERATURE_CONTEXT.search(before + after)):
                return "identifier"               # 13F (a form), 800C: a bare glued C or F is no unit
            if g.group(0) == "D" and tok in ("2", "3", "4") and not after[1:2].isalnum():
                return "compound word"            # a 3D model, 2D images: dimensions, no 3 debye or days
            if g.group(0) == "p" and not after[1:2].isalnum() and tok not in _VIDEO_LINES \
                    and (_PENCE_CONTEXT.search(before + after) or _PENCE_BEFORE.search(before)):
                return None                       # "50p": pence, in a sentence about money
            if g.group(0) == "G" and storage_letter(folded, start, end):
                return None                       # 16G内存: gigabytes
            if g.group(0) not in _GLUED_OK and not _EXP.match(after) and not (
                    is_unit is not None and (run := _LETTER_RUN.match(after)) is not None and is_unit(run.group(0))):
                return "identifier"
        coef = _COEFFICIENT.match(after)
        if coef and _SMALL_INT.fullmatch(tok) and is_unit is not None and not is_unit(coef.group(1)) \
                and not is_unit(coef.group(1)[:1]) and coef.group(1) not in ("以上", "以内", "以下", "左右"):
            return "formula coefficient"      # "2 × 头数 × 头维度": a factor of a formula, not an amount
        if nxt == "-" and _VAGUE_AFTER.match(after):
            return "vague number"             # "20-something", "30-odd people": somewhere in the twenties
        if _DOT_DIGIT.match(after):
            return "version string"           # 1.2.3: the scanner stops at the second dot
        if ("/" in tok or prev == "/" or nxt == "/") and _slash_date(folded, start, end):
            return "date"                     # 12/03/2021: not 12 and 3, nor the fraction 3/14 of 3/14/2020
        if kind == "fraction" and _MONTH_DAY.fullmatch(tok) and not _OF_AFTER.match(after) \
                and _DATE_WORD_BEFORE.search(before):
            return "date"                     # "after 9/11", "due 5/17": a month and day, no fraction
        if kind == "digits" and nxt == "/" and (day := _SLASH_DAY.match(after)) is not None \
                and _MONTH_DAY.fullmatch(tok + day.group(0)) and _DATE_WORD_BEFORE.search(before):
            return "date"                     # "on 7/4", "since 12/3": no 7 and 4 (nor 7/4 = 1.75)
        if kind == "digits" and prev == "/" and (md := _DAY_AFTER_MONTH.search(before)) is not None \
                and _MONTH_DAY.fullmatch(md.group(1) + "/" + tok) and _DATE_WORD_BEFORE.search(before[:md.start()]):
            return "date"
        if prev == "/" and _MONTH_NUMBER.fullmatch(tok) and nxt != "/" and _YEAR_SLASH_BEFORE.search(before):
            return "date"                     # [2023/12]: the year's month (the year is a date already)
        if _DECADE.fullmatch(tok) and _DECADE_S.match(after) and _DECADE_BEFORE.search(before):
            return "decade"                   # "the 80s", "in their 30s", "the mid-90s", "her late 30's": no seconds
        if _SHAPE.match(after) and "." not in tok:
            return "shape"
        if prev in "xX×" and len(tok) >= 3 and tok.isdigit() and _SHAPE_FIRST.search(before):
            return "shape"                    # the 1260 of 2800×1260: the second side of a resolution
        if after[:1] == "K" and tok in _VIDEO_K and _VIDEO_K_AFTER.match(after):
            return "display resolution"       # 4K分辨率, an 8K TV: a video format's name, no 4000
        if after[:1] == "T" and _DISPLACEMENT.fullmatch(tok) and not (after[1:2].isascii() and after[1:2].isalnum()) \
                and (_ENGINE_BEFORE.search(before) or _ENGINE_AFTER.match(after, 1)):
            return "engine designation"       # 排量2.0T, 1.5T发动机: a turbo engine's litres, no 2 trillion
        # Dates and years.
        plain = tok.replace(",", "")
        if _YEAR.match(plain) and "," not in tok and not _SCORE_BEFORE.search(before) \
                and not CURRENCY_BEFORE.search(folded, max(0, start - 7), start):     # "$2000" is money
            if _MONTH_AFTER_YEAR.match(after) or _YEAR_RANGE_END.match(after):
                return "date"
            if not _AMOUNT_AFTER_YEAR.match(after) and not _amount_word_after(after, before):
                return "year"
        if len(plain) <= 4 and "." not in tok and _CN_YEAR_MONTH.match(after):
            return "date"             # 1945年5月8号: a year that a month follows, whatever the year
        if _MONTH_NUMBER.fullmatch(tok) and _CN_MONTH_NAME.match(after):
            return "date"             # 2024年3月, 3月发布: March, not three months
        if _MONTH_NUMBER.fullmatch(tok) and _CN_MONTH_RANGE_AFTER.match(after):
            return "date"             # 1至8月, 1-6月: January to August (1至3个月 is a duration)
        if (tok in ("11", "12") and prev == "双") or (tok == "618" and _SHOPPING_AFTER.match(after)) \
                or (_DAY.fullmatch(tok) and (_MIDDLE_DOT_DATE_AFTER.match(after)
                                             or _MIDDLE_DOT_DATE_BEFORE.search(before))):
            return "date"             # 双11, 618购物节, 3·15晚会: days named by their date
        if _CN_HOUR.fullmatch(tok) and _CN_TIME_OF_DAY_BEFORE.search(before) and _CN_SHI_AFTER.match(after):
            return "time of day"      # 下午5时, 上午9时: a clock time, no five of anything
        if tok.isdigit() and len(tok) >= 5 and _CN_NUMBER_NAME_BEFORE.search(before):
            return "identifier"       # 电话13800138000, 邮编100000: a number that names, no amount
        if _CN_DATE_AFTER.match(after) and "." not in tok and len(plain) <= 4:
            if _CN_YEAR.match(after) and not _YEAR.match(plain):
                pass   # "3 年" is a duration
            else:
                return "date"
        last = before.rstrip()[-1:]
        if len(plain) <= 4 and last in _MONTH_LAST and last and _MONTH_BEFORE.search(before):
            return "date"
        if len(plain) == 4 and plain.isdecimal() and _MONTH_DAY_BEFORE.search(before):
            return "date"             # "May 8, 1945"
        if _DAY.fullmatch(tok) and _MONTH_AFTER_DAY.match(after):
            return "date"             # "12 March 2024": the day, not twelve of something
        if _CLOCK.fullmatch(tok) and _TIME_AFTER.match(after):
            return "time of day"
        if (_HOUR.fullmatch(tok) and _MINUTES_AFTER.match(after) and not before[-1:].isdigit()) \
                or (prev == ":" and _HOUR_BEFORE.search(before) and _MINUTES.fullmatch(tok)):
            return "time of day"              # 10:27, 10:27 PM, 09:30:15: a clock time, not 10 and 27
        if _CN_HOUR.fullmatch(tok) and (m := _CN_CLOCK_AFTER.match(after)) is not None \
                and (m.group(1) or _CN_TIME_OF_DAY_BEFORE.search(before)):
            return "time of day"              # 下午3点, 3点30分, 8点半: a clock time
        if prev in "点點时時" and prev2.isdigit() and _MINUTES.fullmatch(tok) and _CN_MINUTES_AFTER.match(after) \
                and (prev in "点點" or _CN_TIME_OF_DAY_BEFORE.search(before[:-1].rstrip("0123456789"))):
            return "time of day"              # the 30 of 3点30分, of 下午5时30分
        if _INDEX_AFTER.match(after) and CJK_BEFORE.search(before):
            return "name"                     # 沪深300指数, 中证500指数: an index's name
        if (tok == "24" and _ROUND_THE_CLOCK.match(after)) or (tok == "7" and _ROUND_THE_CLOCK_BEFORE.search(before)):
            return "idiom"                    # 24/7, 24x7: all the time
        if (sc := _SCORE_AFTER.match(after)) is not None and tok.isdigit() and len(tok) <= 3 \
                and int(sc.group(1)) < int(tok) and before[-1:] not in "-–.":
            return "score or vote"            # "a 3-2 win", "won 5-4": a score, no range (ranges rise)
        if tok.isdigit() and len(tok) <= 3 and (sb := _SCORE_FIRST.search(before)) is not None \
                and int(sb.group(1)) > int(tok) and _SCORE_AFTER.match(before[-1] + tok + after) is not None:
            return "score or vote"            # the 31 of "finished 51–31" (its 51 is the score's first number)
        if tok.isdigit() and len(tok) == 2 and _YEAR_SPAN_BEFORE.search(before):
            return "date"                     # the 26 of "the 2025–26 season", "FY2024-25": a span of years
        if tok.isdigit() and len(tok) == 3 and (pa := _PHONE_AFTER.match(after)) is not None \
                and (_PHONE_BEFORE.search(before) or _AREA_CODE_BEFORE.search(before) or len(pa.group(0)) > 6):
            return "phone number"             # "call 555-1234", "(212) 555-1234": no range of 555 to 1234
        if _PHONE_BEFORE_TOKEN.search(before) and tok.isdigit() and len(tok) in (3, 4):
            return "phone number"             # the 555 and the 1234 of "212-555-1234"
        if tok.isdigit() and len(tok) <= 5 and _ADDRESS_AFTER.match(folded, end):
            return "street address"           # "10 Downing Street", "221B Baker Street": a house number
        if _PIN_BEFORE.search(before):
            return "version pin"              # numpy==1.26, torch>=2.0
        if _DOTTED.fullmatch(tok) and _TIER_AFTER.match(after) and _TIER_NAME_BEFORE.search(before):
            return "name"                     # Claude 3.5 Sonnet, Gemini 1.5 Pro: a model's version
        if tok.isdigit() and len(tok) <= 2 and _SHOT_AFTER.match(after):
            return "setting"                  # MMLU (5-shot): how the benchmark was run
        if tok.isdigit() and len(tok) <= 2 and _FIGURES_AFTER.match(after):
            return "compound word"            # "a 6-figure salary", "a 4-digit PIN": a size in digits
        if ((tok.isdigit() and _NAME_BEFORE.search(before))
                or (_DOTTED.fullmatch(tok) and _VERSIONED_BEFORE.search(before))) \
                and not _AMOUNT_AFTER_NAME.match(after) and not _measure_after(after, is_unit) \
                and not CURRENCY_BEFORE.search(folded, max(0, start - 7), start):
            return "name"                     # S&P 500, iPhone 11, Boeing 787: part of a name
        if _ARXIV_NUMBER.match(folded, start, start + 11) and _ARXIV_BEFORE.search(before):
            return "arXiv id"
        if _ARXIV_TOKEN.fullmatch(tok):
            return "arXiv id"
        # Section, list and footnote numbers.
        if _after_label(before, last):
            return "label"
        if _SECTION_AFTER.match(after) and _DOTTED.fullmatch(tok):
            return "label"          # "3.6 节" is a section, "第 8 章" a chapter
        if prev == "[" and nxt == "]":
            return "citation"
        # The cheap tests on what follows first: the search anchored at the window's end is costly.
        if (_LIST_AFTER.match(after) or (_DOTTED.fullmatch(tok) and _SPACE_WORD.match(after)
                                         and ("." in tok or _DOT_SPACE.match(after))
                                         and not _LIST_AMOUNT_AFTER.match(after)
                                         and not ("." in tok and _LOWER_WORD_AFTER.match(after))
                                         and not _unit_word_after(after, is_unit))) \
                and _LIST_START.search(before):
            return "section or list number"
    if kind == "words" and _DASH_NUMBER_WORD.match(after):
        return "one end of a dashed pair"   # "five-six people": 5 to 6, never 5 (nor 11)
    if kind == "words" and (idiom := _WORD_IDIOM_BEFORE.get(tok.lower())) is not None and idiom.search(before):
        return "idiom"                      # "on cloud nine", "one in a million": no count
    if kind == "words" and tok.lower() == "one" and _AT_ONE_BEFORE.search(before) and _AT_ONE_AFTER.match(after):
        return "idiom"                      # "at one point", "at one time": once, no amount
    if kind == "words":
        if prev == " " and _POINT_BEFORE.search(before):
            return "decimal digits without their whole part"   # "point five percent" is 0.5%, never 5%
        if _ADJECTIVE_COMPOUND.match(after):
            return "compound word"          # "a two-way street": no amount
        if _VAGUE_AFTER.match(after):
            return "vague number"           # "thirty-something": somewhere in the thirties
        if tok.lower().endswith("half") and (h := _HYPHEN_WORD.match(after)) is not None \
                and not (is_unit is not None and is_unit(h.group(1))):
            return "compound word"          # "half-hearted", "half-life"; "a half-day" is half a day
        if _after_label(before, before.rstrip()[-1:]):
            return "label"                  # "version two point one", "Chapter three"
    if kind == "chinese":
        if tok in _BARE_SCALES and _UNIT_LABEL_BEFORE.search(before):
            return "unit label"       # 金额（万元）, 单位：亿元: the scale of a table's numbers, no amount
        if tok in ("万", "萬", "千") and _LONG_LIFE_AFTER.match(after):
            return "word"             # 人民万岁, 千岁爷, 万年青: no ten thousand years (a word, no count)
        point = max(tok.find("点"), tok.find("點"))
        if (point > 0 and (_CN_PLACE_WORD.search(tok, point) or _CN_MINUTES_AFTER.match(after))) \
                or _CN_HALF_HOUR_AFTER.match(after) \
                or ((point > 0 or _CN_HOUR_AFTER.match(after)) and _CN_TIME_OF_DAY_BEFORE.search(before)):
            return "time of day"      # 两点五十, 三点一五分, 两点半, 下午三点: a clock time, not 2.50
        if (all(c in _CAPITAL_DIGITS for c in tok) or tok in _CAPITAL_PLACES) \
                and not _CAPITAL_AMOUNT_AFTER.match(after):
            return "word"             # 陆地, 肆意, 伍仁, 海陆空, 收拾, 拾起: a capital numeral alone is a word
        if (tok == "零" or tok.startswith("零")) and point < 0:
            return "zero word"
        if prev == "第" or _DI_BEFORE.search(before):
            return "ordinal"
        if prev and prev in "几幾":
            return "indefinite"       # 几十个, 几百万: "some tens", no amount
        if prev and prev in "数數" and tok[0] in _CN_PLACE_FIRST and not (prev2 and prev2 in _SHU_NOUN_BEFORE):
            return "indefinite"       # 数百万美元, 数十亿: "several millions", not one million (人数十万 is a count)
        if _CENTURY_AFTER.match(after):
            return "date"             # 二十世纪: the 20th century
        if _CN_DIGIT_RUN.fullmatch(tok) and ((len(tok) == 4 and _CN_YEAR.match(after)) or _CN_YEAR_MONTH.match(after)):
            return "year"             # 二〇二三年, 一九八九年, 九八年五月: a year written digit by digit
        if tok in _CN_MONTHS and _CN_MONTH_NAME.match(after):
            return "date"             # 三月, 十月一日: a month's name (three months is 三个月)
        if prev and prev in "0123456789年" and _CN_DATE_WORD.match(after):
            return "date"
        if prev and prev in "月" and _CN_DAY_OF_MONTH.match(after) and _CN_MONTH_BEFORE.search(before):
            return "date"             # 三月五日, 十二月二十五号: the day of a month (no five days: 五天)
        # 一 as an article (一个, 一次, 一种 …) and set phrases (一致, 统一, 唯一) are no quantities.
        if tok in ("一", "两", "二") and not _ONE_AS_AMOUNT.match(after):
            return "article or idiom"
        if (prev and prev in "统唯之万哪每这那某") or (nxt != "" and nxt in "致样起些般定直切体侧道同律"):
            return "idiom"
        if tok in _CN_WEEKDAYS and _CN_WEEKDAY_BEFORE.search(before) and not (nxt and nxt in _CN_COUNT_AFTER_WEEK):
            return "date"             # 周三, 星期三, 上周五: a weekday (每周三次 and 一周三天 are counts)
        if in_set_phrase(folded, start, end):
            return "idiom"            # 十万火急, 三天两头: a set phrase, also where a scale or unit follows
    return None
