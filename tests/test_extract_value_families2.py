"""More families of values read right (issue #11 §2), each with the edge cases around it, in the
styles of news, finance, science and tech reports: Chinese percent forms (成, 折, 个百分点), basis
points, pence and francs, currencies before the amount, compound yuan, ranges whose ends share the
scale and the unit, rates keeping their denominator, and numbers that are part of a name, a clock
time or a version pin (no quantities)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import Mention, extract_mentions
from claimaudit.units.registry import resolve_unit


def mentions(text: str) -> list[Mention]:
    return extract_mentions(analyse(text))


def the(text: str, printed: str) -> Mention:
    """The one mention whose printed text is ``printed``."""
    found = [m for m in mentions(text) if m.printed == printed]
    assert len(found) == 1, [m.printed for m in mentions(text)]
    return found[0]


def same_unit(m: Mention, unit: str) -> bool:
    want = resolve_unit(unit)
    return (m.unit.factor, m.unit.dims) == (want.factor, want.dims)


F = Fraction


# -- 成 and 折: tenths of a whole and of a price ----------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("该公司市场份额约三成五", "约三成五", 35),       # 三成五: 3.5 tenths
    ("受访者中有七成五的人表示支持。", "七成五", 75),
    ("占比7.2成", "7.2成", F(72)),
    ("约９成用户使用移动支付", "约９成", 90),           # full-width digit
    ("超过6成的企业", "超过6成", 60),
    ("有七成的受访者", "七成", 70),
])
def test_cheng_is_tenths(text: str, printed: str, value: Fraction) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.number.kind, m.unit.canonical) == (value, "percent", "percent")


@pytest.mark.parametrize("text", ["他们成立了公司", "3成员国", "这是五成本价"])
def test_cheng_in_words_is_no_share(text: str) -> None:
    assert all(m.number.kind != "percent" for m in mentions(text))


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("商品一律八五折出售", "八五折", 85), ("全场85折", "85折", 85), ("全场打八折", "八折", 80),
    ("会员价9.5折", "9.5折", F(95)),
])
def test_discount_is_the_share_of_the_price(text: str, printed: str, value: Fraction) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.unit.canonical) == (value, "percent")


# -- percentage points, per mille, basis points ----------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("利率下调了0.25个百分点", "0.25个百分点", F(1, 4)), ("失业率上升了2個百分點", "2個百分點", 2),
    ("毛利率提高3百分點", "3百分點", 3),
    ("The Fed raised rates by 25 basis points", "25 basis points", F(1, 4)),
    ("credit spreads widened 25bp on Tuesday", "25bp", F(1, 4)),
    ("Ten-year yields fell 15 bps", "15 bps", F(3, 20)),
    ("the central bank cut by one basis point", "one basis point", F(1, 100)),
])
def test_points_of_a_percentage(text: str, printed: str, value: Fraction) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.unit.canonical) == (value, "percentage_point")


def test_bps_in_a_data_rate_context_stays_bits_per_second() -> None:
    m = the("an old 9600 bps modem link", "9600 bps")
    assert same_unit(m, "bit/s")


def test_bp_in_a_dna_context_is_no_basis_point() -> None:
    assert all(m.unit.canonical != "percentage_point" for m in mentions("a 500 bp fragment of the gene"))


def test_basis_points_say_the_reading() -> None:
    assert any("basis points" in c for c in the("yields rose 10bp", "10bp").candidates)


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("不良率为千分之三", "千分之三", 3), ("万分之五的手续费", "万分之五", F(5, 100)),
])
def test_per_mille_and_per_ten_thousand(text: str, printed: str, value: Fraction) -> None:
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, "permille" if value == 3 else "percent")


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("inflation was 2.5 per cent in May", "2.5 per cent", F(5, 2)), ("shares were up 3 pct", "3 pct", 3),
    ("a rise of .001 per cent", ".001 per cent", F(1, 1000)),
])
def test_per_cent_spellings(text: str, printed: str, value: Fraction) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.unit.canonical) == (value, "percent")


def test_points_before_a_percentage_are_percentage_points() -> None:
    m = the("Support rose 3 points to 45%", "3 points")
    assert m.unit.canonical == "percentage_point"


@pytest.mark.parametrize(("text", "printed"), [
    ("the S&P 500 index rose 12 points", "12 points"), ("the Nikkei 225 added 300 points on Friday", "300 points"),
    ("The Dow fell 500 points", "500 points"),
])
def test_index_points_are_no_percentage_points(text: str, printed: str) -> None:
    m = the(text, printed)
    assert m.unit.canonical == "" and any("index points" in c for c in m.candidates)


# -- money: pence, francs, signs before the amount, yuan and their tenths -------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("It rose 20 pence a share", "20 pence", 20), ("The stamp costs 50p more", "50p", 50),
    ("shares fell 5p to 120p", "5p", 5),
])
def test_pence_are_hundredths_of_a_pound(text: str, printed: str, value: int) -> None:
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, "GBP") is False
    assert (m.unit.factor, m.unit.dims) == (F(1, 100), resolve_unit("GBP").dims)


@pytest.mark.parametrize("text", ["a 1080p video stream", "the 3p orbital", "streams at 720p"])
def test_a_glued_p_outside_money_is_no_penny(text: str) -> None:
    assert all(not m.unit.canonical.startswith("penny") for m in mentions(text))


@pytest.mark.parametrize(("text", "printed", "code", "value"), [
    ("a loss of $US50 million", "$US50 million", "USD", 50_000_000), ("costs $A20", "$A20", "AUD", 20),
    ("HK$5 per share", "HK$5", "HKD", 5), ("C$200 million", "C$200 million", "CAD", 200_000_000),
    ("NT$1,000 each", "NT$1,000", "TWD", 1000), ("S$40", "S$40", "SGD", 40),
    ("fined 20 francs", "20 francs", "CHF", 20), ("50 Swiss francs", "50 Swiss francs", "CHF", 50),
    ("costs 200 EUR", "200 EUR", "EUR", 200), ("500 rupees", "500 rupees", "INR", 500),
    ("100港元", "100港元", "HKD", 100), ("5000日元", "5000日元", "JPY", 5000),
])
def test_currencies_are_never_silently_usd(text: str, printed: str, code: str, value: int) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.unit.canonical) == (value, code)
    assert resolve_unit(m.unit.canonical).dims == resolve_unit(code).dims


def test_francs_say_which_francs() -> None:
    assert any("Swiss francs" in c for c in the("fined 20 francs", "20 francs").candidates)


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("他花了五元三毛", "五元三毛", F(53, 10)), ("售价三元五角", "三元五角", F(7, 2)),
    ("3元5角一个", "3元5角", F(7, 2)), ("三块五毛钱", "三块五毛钱", F(7, 2)),
])
def test_yuan_and_their_tenths(text: str, printed: str, value: Fraction) -> None:
    (m,) = mentions(text)
    assert (m.printed, m.number.nominal, m.unit.canonical) == (printed, value, "CNY")


def test_three_pieces_of_cake_stay_a_count() -> None:
    assert all(m.unit.canonical != "CNY" for m in mentions("买了三块蛋糕"))


# -- ranges: both ends carry the scale and the unit -----------------------------------------------------

@pytest.mark.parametrize(("text", "lo", "hi", "unit"), [
    ("growth of 5-10% a year", 5, 10, "percent"), ("5% to 10% growth", 5, 10, "percent"),
    ("增长10%-20%", 10, 20, "percent"), ("毛利率10%至20%", 10, 20, "percent"),
    ("sales of 3 to 5 million units", 3_000_000, 5_000_000, ""),
    ("between $2 and $3 billion", 2 * 10**9, 3 * 10**9, "USD"), ("$2bn-$3bn", 2 * 10**9, 3 * 10**9, "USD"),
    ("预计5至10万元", 50_000, 100_000, "CNY"), ("在5万至10万元之间", 50_000, 100_000, "CNY"),
    ("投资3～5亿", 3 * 10**8, 5 * 10**8, ""), ("weighs 10-20 kg", 10, 20, "kg"),
    ("between two and three million people", 2_000_000, 3_000_000, ""),
    ("two to three weeks", 2, 3, "week"),
])
def test_ranges_share_scale_and_unit(text: str, lo: int, hi: int, unit: str) -> None:
    rs = [m for m in mentions(text) if m.number.is_range]
    assert len(rs) == 1, [m.printed for m in mentions(text)]
    assert rs[0].number.ends == (lo, hi)
    assert same_unit(rs[0], unit) if unit else rs[0].unit.canonical == ""


@pytest.mark.parametrize("text", ["unemployment fell 0.2% to 4.5%", "revenue rose $2bn to $30bn",
                                  "the rate was cut 0.25% to 1.5%"])
def test_a_change_to_a_value_is_no_range(text: str) -> None:
    ms = mentions(text)
    assert len(ms) == 2 and not any(m.number.is_range for m in ms)
    assert all(m.number.nominal > 0 for m in ms)


@pytest.mark.parametrize(("text", "first", "value", "unit"), [
    ("prices rose from 5 to 10 percent", "5", 5, "percent"),
    ("sales rose from $2 to $3 billion", "$2", 2 * 10**9, "USD"),
    ("rose from 3 to 5 million", "3", 3_000_000, ""),
])
def test_from_to_first_end_shares_the_second_ends_scale(text: str, first: str, value: int, unit: str) -> None:
    ms = mentions(text)
    assert len(ms) == 2 and ms[0].printed == first
    assert ms[0].number.nominal == value and (same_unit(ms[0], unit) if unit else ms[0].unit.canonical == "")


def test_between_words_with_one_scale_is_no_wild_range() -> None:
    # "two hundred to three million" keeps its own scales: no million is shared with the first end
    (m,) = [m for m in mentions("from two hundred to three million") if m.number.nominal == 200] or [None]
    assert m is not None


# -- rates keep their denominator -------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("gold rose to $1,271.2 an ounce", "$1,271.2 an ounce", "USD/ounce"),
    ("winds of 188 miles an hour", "188 miles an hour", "mile/hour"),
    ("rents of $80 per sq m", "$80 per sq m", "USD/m^2"),
    ("office space at $12 per square foot", "$12 per square foot", "USD/ft^2"),
    ("每 GPU 小时 2 美元", "2 美元", "USD/GPU/hour"),
])
def test_rates_keep_their_denominator(text: str, printed: str, unit: str) -> None:
    assert same_unit(the(text, printed), unit)


# -- digits -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("the ratio was .03", ".03", F(3, 100)), ("downloaded .5 GB", ".5 GB", F(1, 2)),
    ("a rate of 3.2×10^−5 per hour", "3.2×10^−5 per hour", F(32, 10**6)),
    ("a learning rate of 1e-4", "1e-4", F(1, 10**4)), ("temperatures fell to −5 °C", "−5 °C", -5),
])
def test_digit_forms(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


# -- not quantities -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "at 10:27 PM", "the meeting began at 09:30:15", "requires numpy==1.26", "pip install torch>=2.0",
    "pin transformers~=4.40",
    "the iPhone 11 sold well", "a Boeing 787 landed", "order id 48213", "Phase 3 trials began",
    "ChatGLM2-6B outperforms", "version 3.11.2", "in 2019 sales rose", "On March 3, 2024 the board met",
])
def test_not_quantities(text: str) -> None:
    assert mentions(text) == []


@pytest.mark.parametrize(("text", "printed"), [
    ("the S&P 500 rose 1%", "1%"), ("the FTSE 100 fell 0.5%", "0.5%"),
    ("Phase 3 trials enrolled 3,000 people", "3,000"),
])
def test_a_name_keeps_its_number_but_the_amounts_stay(text: str, printed: str) -> None:
    assert [m.printed for m in mentions(text)] == [printed]


def test_an_approximation_sign_after_a_word_is_no_pin() -> None:
    assert [m.number.nominal for m in mentions("about 300B tokens ~= 1.5 epochs")][-1:] == [F(3, 2)]


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("该模型拥有700亿参数", "700亿", 7 * 10**10), ("370 亿参数", "370 亿", 37 * 10**9),
])
def test_a_parameter_count_in_chinese(text: str, printed: str, value: int) -> None:
    assert the(text, printed).number.nominal == value


def test_a_ratio_is_no_clock_time() -> None:
    assert [m.number.nominal for m in mentions("a 3:1 ratio")] == [3, 1]


# -- more scales, bounds after a counted noun, Chinese units, half ---------------------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("a $1.2tn economy", "$1.2tn", F(12 * 10**11), "USD"), ("target is US$ 1MM", "US$ 1MM", 10**6, "USD"),
    ("raised 5 mn dollars", "5 mn dollars", 5 * 10**6, "USD"),
    ("the 1mm gap", "1mm", 1, "mm"),                # mm stays millimetres without a currency
])
def test_scale_letters_and_words(text: str, printed: str, value: Fraction, unit: str) -> None:
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, unit)


@pytest.mark.parametrize(("text", "printed", "relation"), [
    ("会场有50人左右", "50人左右", "~"), ("需要3台以上的服务器", "3台以上", ">="),
])
def test_bounds_after_a_counted_noun(text: str, printed: str, relation: str) -> None:
    m = the(text, printed)
    assert (m.relation or m.number.relation) == relation


@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("全国粮食播种面积17.9亿亩", "17.9亿亩", F(179 * 10**7), "Chinese_mu"),
    ("种植了500亩", "500亩", 500, "Chinese_mu"),
    ("能量密度达到300瓦时/公斤", "300瓦时/公斤", 300, "Wh/kg"), ("5元/公斤", "5元/公斤", 5, "CNY/kg"),
    ("每公斤30元", "30元", 30, "CNY/kg"),
])
def test_chinese_units_and_rates(text: str, printed: str, value: Fraction, unit: str) -> None:
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, unit)


def test_a_mu_is_a_fifteenth_of_a_hectare() -> None:
    mu, ha = resolve_unit("Chinese_mu"), resolve_unit("hectare")
    assert (mu.factor * 15, mu.dims) == (ha.factor, ha.dims)


@pytest.mark.parametrize(("text", "printed"), [
    ("half of the users", "half"), ("more than half of the staff", "more than half"),
    ("nearly half the workforce", "nearly half"),
])
def test_half_of_a_whole(text: str, printed: str) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.number.kind) == (F(1, 2), "ratio")


@pytest.mark.parametrize("text", ["in the first half of 2024", "the second half of the year"])
def test_a_half_year_is_no_fraction(text: str) -> None:
    assert mentions(text) == []


def test_a_year_earlier_is_no_denominator() -> None:
    m = the("up from $980 million a year earlier", "$980 million")
    assert same_unit(m, "USD")


@pytest.mark.parametrize("text", ["see PEP 695.", "Released under Apache 2.0.", "Bluetooth 5.3 support",
                                  "USB 3.2 ports", "certified to ISO 9001"])
def test_standards_and_licences_are_no_quantities(text: str) -> None:
    assert mentions(text) == []


@pytest.mark.parametrize("text", ["下午3点30分开会", "晚上8点举行", "沪深300指数上涨", "华为Mate 60发布"])
def test_chinese_clock_times_and_names_are_no_quantities(text: str) -> None:
    assert mentions(text) == []


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("上证指数收于3050点", "3050", 3050), ("沪深300指数上涨1.2%", "1.2%", F(6, 5)), ("会议持续3小时", "3小时", 3),
])
def test_amounts_beside_clock_and_index_words_stay(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


@pytest.mark.parametrize(("text", "printed", "value"), [("十打苹果", "十打", 10), ("买了3打鸡蛋", "3打", 3)])
def test_da_after_a_numeral_is_a_dozen(text: str, printed: str, value: int) -> None:
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, "dozen")


def test_da_before_a_numeral_is_no_dozen() -> None:
    assert all(m.unit.canonical != "dozen" for m in mentions("他们三打一"))


# -- symbols prose means otherwise, the yen sign, lakh crore, idioms and scores ----------------------------

@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("The fund returned 8.5pc last year.", "8.5pc", "percent"), ("Sales rose 5 pc in the quarter.", "5 pc", "percent"),
    ("The star lies 1.3 pc away.", "1.3 pc", "parsec"),
    ("The engine delivers 150 PS.", "150 PS", "metric_horsepower"),
    ("The storm's central pressure fell to 950 mb.", "950 mb", "millibar"),
])
def test_symbols_read_as_prose_means_them(text: str, printed: str, unit: str) -> None:
    m = the(text, printed)
    assert m.unit.canonical == unit


def test_mb_outside_a_pressure_says_what_else_it_may_be() -> None:
    m = the("The file is 20 mb.", "20 mb")
    assert any("megabyte" in c for c in m.candidates)


@pytest.mark.parametrize(("text", "code"), [
    ("Japan's exports rose to ¥8.2 trillion.", "JPY"), ("日本的物价：一碗拉面¥800", "JPY"),
    ("售价¥99", "CNY"), ("Sony's profit was ¥1.2 trillion, while the yuan fell.", "CNY"),
])
def test_the_yen_sign_in_a_sentence_about_japan(text: str, code: str) -> None:
    (m,) = mentions(text)
    assert m.unit.canonical == code


@pytest.mark.parametrize(("text", "value"), [
    ("Turnover hit Rs. 1.5 lakh crore.", F(15 * 10**11)), ("an outlay of 2 lakh crore rupees", 2 * 10**12),
    ("The budget is Rs 2,000 crore.", 2 * 10**10), ("13 lakh people", 13 * 10**5),
])
def test_indian_scales(text: str, value: int) -> None:
    (m,) = mentions(text)
    assert m.number.nominal == value


@pytest.mark.parametrize("text", ["the 24/7 service", "a 3-2 win", "won 5-4 in extra time", "the 10-5 vote"])
def test_idioms_and_scores_are_no_quantities(text: str) -> None:
    assert mentions(text) == []


@pytest.mark.parametrize(("text", "ends"), [("ages 18-24", (18, 24)), ("2-3 weeks", (2, 3))])
def test_rising_ends_stay_ranges(text: str, ends: tuple[int, int]) -> None:
    (m,) = mentions(text)
    assert m.number.ends == ends


@pytest.mark.parametrize(("text", "printed"), [
    ("The government will spend £3.5bn over five years on hospitals.", "five years"),
    ("The loan is repaid over 10 years.", "10 years"),
])
def test_over_a_period_is_during(text: str, printed: str) -> None:
    m = the(text, printed)
    assert m.relation is None and m.number.relation == "="


@pytest.mark.parametrize("text", ["He has worked there for over 20 years.", "over 20 years of experience"])
def test_over_a_duration_alone_stays_more_than(text: str) -> None:
    (m,) = mentions(text)
    assert (m.relation or m.number.relation) == ">"


@pytest.mark.parametrize("text", ["| 项目 | 金额（万元） |\n|---|---|\n| 研发 | 1,200 |\n",
                                  "单位：亿元\n\n收入 56 亿元"])
def test_a_scale_in_a_unit_label_is_no_amount(text: str) -> None:
    assert all(m.number.nominal not in (10**4, 10**8) for m in mentions(text))
    assert mentions(text)          # the amounts themselves stay


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("Temperatures will reach 35C on Friday.", "35C", "Celsius_reading"),
    ("highs of 95F expected in Phoenix", "95F", "Fahrenheit_reading"),
])
def test_a_glued_scale_letter_in_weather_is_a_temperature(text: str, printed: str, unit: str) -> None:
    assert the(text, printed).unit.canonical == unit


@pytest.mark.parametrize("text", ["filed a 13F with the SEC", "the 800C engine"])
def test_a_glued_scale_letter_elsewhere_is_a_name(text: str) -> None:
    assert mentions(text) == []


@pytest.mark.parametrize(("text", "printed", "value", "code"), [
    ("raised $5 M in seed funding", "$5 M", 5 * 10**6, "USD"), ("revenue of €2.5 B", "€2.5 B", F(25 * 10**8), "EUR"),
    ("US$ 3 M", "US$ 3 M", 3 * 10**6, "USD"), ("costs $5 K per seat", "$5 K", 5000, "USD"),
])
def test_a_spaced_scale_letter_after_money(text: str, printed: str, value: Fraction, code: str) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.unit.canonical) == (value, code)


@pytest.mark.parametrize("text", ["a 2 M solution of NaCl", "cooled to 4 K in liquid helium, the coldest run"])
def test_a_spaced_letter_where_it_is_a_unit_is_no_scale(text: str) -> None:
    assert all(m.number.nominal < 10 for m in mentions(text))


def test_a_spaced_letter_elsewhere_is_the_scale_with_the_other_reading_noted() -> None:
    (m,) = mentions("with 5 M users")
    assert m.number.nominal == 5 * 10**6 and any("molar" in c for c in m.candidates)


def test_a_statistic_glued_to_its_bound_is_no_version_pin() -> None:
    (m,) = mentions("significant at p<0.05")
    assert (m.number.nominal, m.relation or m.number.relation) == (F(1, 20), "<")


@pytest.mark.parametrize(("text", "printed", "value", "relation"), [
    ("近万人参加", "近万", 10**4, "~"), ("超过百万用户", "超过百万", 10**6, ">"),
])
def test_a_bare_scale_with_a_bound_is_an_amount(text: str, printed: str, value: int, relation: str) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.number.relation) == (value, relation)


@pytest.mark.parametrize("text", ["千万不要", "万众一心"])
def test_a_bare_scale_in_an_idiom_is_no_amount(text: str) -> None:
    assert mentions(text) == []


@pytest.mark.parametrize(("text", "printed", "value", "code"), [
    ("a fine of 2mil SEK", "2mil SEK", 2 * 10**6, "SEK"), ("500 Swedish kronor", "500 Swedish kronor", 500, "SEK"),
    ("paid R$ 1,200.", "R$ 1,200", 1200, "BRL"), ("₽500 billion", "₽500 billion", 5 * 10**11, "RUB"),
    ("5 billion rand", "5 billion rand", 5 * 10**9, "ZAR"), ("兑换1000泰铢", "1000泰铢", 1000, "THB"),
    ("ZAR 50m", "ZAR 50m", 5 * 10**7, "ZAR"), ("100 dirhams", "100 dirhams", 100, "AED"),
])
def test_more_currencies_resolve(text: str, printed: str, value: int, code: str) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.unit.canonical) == (value, code)
    assert [d for d, _ in resolve_unit(code).dims.items] == [f"[currency_{code}]"]


def test_a_mil_outside_money_stays_the_thou() -> None:
    # The registry's bare "mil" is the angular mil (2π/6400 rad); a sheet's mil is 1/1000 inch.
    assert same_unit(the("a 2 mil plastic sheet", "2 mil"), "thou")
    assert not same_unit(the("a 2 mil plastic sheet", "2 mil"), "mil")


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("revenue of Rs 12,34,567.89", "Rs 12,34,567.89", F(123456789, 100)), ("1,23,456 voters", "1,23,456", 123456),
    ("population of 1 234 567 people", "1 234 567", 1234567),
])
def test_thousands_styles(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


@pytest.mark.parametrize("text", ["speed of 3,5 km", "€1.234,56 per item", "1,5 kg"])
def test_a_decimal_comma_is_never_read_as_its_integer_part(text: str) -> None:
    assert mentions(text) == []


@pytest.mark.parametrize(("text", "values"), [("items 1,2,3", [1, 2, 3]), ("the values 10,20,30", [10, 20, 30])])
def test_comma_lists_stay_lists(text: str, values: list[int]) -> None:
    assert [m.number.nominal for m in mentions(text)] == values


@pytest.mark.parametrize("text", ["how much is ninety - five hundred fifths?", "five-six people"])
def test_number_words_with_a_dash_make_no_wild_value(text: str) -> None:
    # never a range 90..100 (95) nor 5 + 6 = 11
    assert all(m.number.nominal not in (95, 11, 5) or m.printed == "five hundred fifths" for m in mentions(text))


@pytest.mark.parametrize(("text", "value"), [("twenty-one days", 21), ("one hundred five", 105), ("ninety nine", 99)])
def test_compound_number_words_stay_one_number(text: str, value: int) -> None:
    (m,) = mentions(text)
    assert m.number.nominal == value


def test_two_units_words_are_two_numbers() -> None:
    assert [m.number.nominal for m in mentions("nineteen ninety")] == [19, 90]


def test_a_decimal_comma_with_zero_decimals_keeps_its_value() -> None:
    assert [m.number.nominal for m in mentions("5,00")] == [5]


def test_a_measure_after_a_name_word_stays() -> None:
    assert same_unit(the("the water Level 3 metres above normal", "3 metres"), "m")


@pytest.mark.parametrize(("text", "value"), [
    ("The central bank raised its benchmark rate by half a percentage point.", F(1, 2)),
    ("rates were cut by a quarter of a percentage point", F(1, 4)),
    ("three quarters of a percentage point", F(3, 4)),
])
def test_a_fraction_of_a_percentage_point(text: str, value: Fraction) -> None:
    (m,) = mentions(text)
    assert (m.number.nominal, m.unit.canonical) == (value, "percentage_point")


def test_a_fraction_of_anything_else_stays_a_ratio() -> None:
    (m,) = mentions("a quarter of revenue")
    assert (m.number.nominal, m.number.kind) == (F(1, 4), "ratio")
