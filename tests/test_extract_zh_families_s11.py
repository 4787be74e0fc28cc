"""Chinese quantities of news, finance, spec sheets and sports read right (session 11): currencies
named before the amount, indefinite and bare scales, ranges of shares and of measures, measures in
parts (1米8, 9秒58, 3分28秒), spoken prices (两块五, 八毛钱), basis points, more unit words; with the
near-misses that must stay as they were."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_extract_value_families2 import mentions, same_unit, the

from claimaudit.errors import NumberSyntaxError
from claimaudit.numbers.printed import parse_printed

F = Fraction



# -- a currency's Chinese name before the amount: the 元 after it is that currency's ---------------------

@pytest.mark.parametrize(("text", "printed", "value", "code"), [
    ("门票售价为港币150元。", "港币150元", 150, "HKD"),
    ("项目获得港币3000万元的资助。", "港币3000万元", 30_000_000, "HKD"),
    ("台积电营收新台币6253亿元。", "新台币6253亿元", 625_300_000_000, "TWD"),
    ("該公司去年營收達新臺幣一千億元。", "新臺幣一千億元", 100_000_000_000, "TWD"),
    ("台積電第三季營收新臺幣5,467億元，年增36%。", "新臺幣5,467億元", 546_700_000_000, "TWD"),
    ("该公司以新台币120元发行新股。", "新台币120元", 120, "TWD"),
    ("他用人民币5000元购买了设备。", "人民币5000元", 5000, "CNY"),
    ("拨款港币20亿，用于房屋建设。", "港币20亿", 2_000_000_000, "HKD"),
    ("入场费为美元20元。", "美元20元", 20, "USD"),
])
def test_currency_named_before_the_amount(text: str, printed: str, value: int, code: str) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.unit.canonical) == (value, code)


@pytest.mark.parametrize(("text", "printed", "code"), [
    ("他向慈善机构捐赠了100万港币。", "100万港币", "HKD"), ("這項工程耗資約三億港元。", "約三億港元", "HKD"),
    ("罚款500歐元", "500歐元", "EUR"), ("投入12億英鎊", "12億英鎊", "GBP"), ("售价15萬日圓", "15萬日圓", "JPY"),
    ("冻结3000亿盧布", "3000亿盧布", "RUB"), ("5台币", "5台币", "TWD"),
])
def test_currency_names_after_the_amount_simplified_and_traditional(text: str, printed: str, code: str) -> None:
    assert the(text, printed).unit.canonical == code


@pytest.mark.parametrize("text", ["美元兑人民币7.1", "人民币对美元6.9", "人民币兌美元7.2"])
def test_an_exchange_rate_is_no_amount_of_the_second_currency(text: str) -> None:
    (m,) = mentions(text)
    assert not m.unit.dims.items


def test_a_name_printed_after_the_amount_needs_yuan_to_go_before_it() -> None:
    # 美元 then a count: 199 dollars and 500 machines, no 500 dollars
    assert [(m.number.nominal, m.unit.canonical) for m in mentions("价格为199美元500台")] == [(199, "USD"), (500, "")]


def test_the_grammar_reads_the_yuan_after_a_chinese_name_but_refuses_two_currencies() -> None:
    assert parse_printed("港币3000万元").unit == "HKD"
    assert parse_printed("5元").unit == "CNY"
    with pytest.raises(NumberSyntaxError, match="two currencies"):
        parse_printed("HKD 3000万元")
    with pytest.raises(NumberSyntaxError, match="two currencies"):
        parse_printed("港币5美元")


# -- indefinite and bare scales ------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["这个项目耗资数百万美元。", "他们筹集了数十亿美元。", "损失数十万元。",
                                  "有数千名员工。", "这个项目需要几百万元。"])
def test_several_hundreds_is_no_amount(text: str) -> None:
    assert mentions(text) == []


def test_a_noun_ending_in_shu_keeps_the_count_after_it() -> None:
    assert [m.number.nominal for m in mentions("参会人数十万。")] == [100_000]


@pytest.mark.parametrize(("text", "printed", "value", "relation"), [
    ("全年营收近百亿元。", "近百亿元", 10**10, "~"), ("公司营收逾千亿元。", "逾千亿元", 10**11, ">"),
    ("营收超过千亿元。", "超过千亿元", 10**11, ">"), ("市值達千億港元。", "千億港元", 10**11, "="),
])
def test_bare_hundreds_and_thousands_of_yi(text: str, printed: str, value: int, relation: str) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.number.relation) == (value, relation)


def test_a_programme_named_by_a_bare_scale_stays_unread() -> None:
    assert mentions("百亿补贴活动开始了。") == []


# -- ranges -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "lo", "hi", "unit"), [
    ("货物重量在两到三吨之间。", "两到三吨", 2, 3, "t"),
    ("每人两至三公斤。", "两至三公斤", 2, 3, "kg"),
    ("这次涨价幅度为一成到两成。", "一成到两成", 10, 20, "percent"),
    ("利率在百分之二到百分之三之间。", "百分之二到百分之三", 2, 3, "percent"),
    ("增长百分之五至百分之十。", "百分之五至百分之十", 5, 10, "percent"),
    ("湿度为百分之六十至七十。", "百分之六十至七十", 60, 70, "percent"),
    ("增幅为百分之十五到二十。", "百分之十五到二十", 15, 20, "percent"),
    ("死亡率为千分之一至千分之三。", "千分之一至千分之三", 1, 3, "permille"),
    ("身高在一米六到一米七之间。", "一米六到一米七", F(16, 10), F(17, 10), "m"),
    ("需要一到两个月。", "一到两个月", 1, 2, "month"),
])
def test_chinese_ranges(text: str, printed: str, lo: Fraction, hi: Fraction, unit: str) -> None:
    m = the(text, printed)
    assert m.number.is_range and m.number.ends == (lo, hi) and same_unit(m, unit)


@pytest.mark.parametrize("text", ["一至三月份销售额增长。", "一到周末就下雨。"])
def test_months_and_as_soon_as_are_no_ranges(text: str) -> None:
    assert mentions(text) == []


def test_percent_then_another_count_is_no_range() -> None:
    ms = mentions("占百分之五，十五人参加。")
    assert [m.number.is_range for m in ms] == [False, False]
    assert ms[0].unit.canonical == "percent" and not ms[1].unit.dims.items


def test_from_a_share_to_another_stays_a_change() -> None:
    assert [m.printed for m in mentions("利率从百分之五到百分之十不等")] == ["百分之五", "百分之十"]


# -- measures in parts ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("他身高1米8。", "1米8", F(18, 10), "m"), ("他身高1米75，体重80公斤。", "1米75", F(175, 100), "m"),
    ("她以2米09的成绩打破纪录。", "2米09", F(209, 100), "m"), ("跳远成绩为8米95。", "8米95", F(895, 100), "m"),
    ("他在百米赛跑中跑出9秒58。", "9秒58", F(958, 100), "s"), ("用时10秒5", "10秒5", F(105, 10), "s"),
    ("冠军成绩为3分28秒。", "3分28秒", 208, "s"), ("全程用时2小时1分9秒。", "2小时1分9秒", 7269, "s"),
    ("比赛进行了1分钟30秒。", "1分钟30秒", 90, "s"), ("他以1分45秒12夺冠", "1分45秒12", F(10512, 100), "s"),
])
def test_measures_in_parts(text: str, printed: str, value: Fraction, unit: str) -> None:
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, unit)


@pytest.mark.parametrize(("text", "printed"), [
    ("他跑了15米12次", ["15米", "12"]), ("距离3米5公里", ["3米", "5公里"]), ("房间长5米3米宽。", ["5米", "3米"]),
    ("比赛进行了90分钟。", ["90分钟"]), ("他得了3分", ["3"]),
])
def test_numbers_after_a_unit_that_are_no_decimals(text: str, printed: list[str]) -> None:
    assert [m.printed for m in mentions(text)] == printed


# -- spoken prices ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("一瓶矿泉水两块五。", "两块五", F(5, 2)), ("一斤苹果五块八。", "五块八", F(29, 5)),
    ("西瓜两块五一斤。", "两块五", F(5, 2)), ("每斤白菜八毛钱。", "八毛钱", F(4, 5)),
    ("一根冰棍一毛钱。", "一毛钱", F(1, 10)),
])
def test_spoken_prices(text: str, printed: str, value: Fraction) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.unit.canonical) == (value, "CNY")


@pytest.mark.parametrize("text", ["买了三块五花肉。", "他吃了两块五香豆腐", "一毛不拔。", "九牛一毛。"])
def test_pieces_and_idioms_are_no_prices(text: str) -> None:
    assert all(m.unit.canonical != "CNY" for m in mentions(text))


# -- finance, news and spec-sheet words ---------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("贷款利率下调了25个基点。", "25个基点", F(1, 4)), ("美联储加息75個基點。", "75個基點", F(3, 4)),
    ("降息二十五个基点。", "二十五个基点", F(1, 4)),
])
def test_basis_points(text: str, printed: str, value: Fraction) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.unit.canonical) == (value, "percentage_point")


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("芯片面积为600平方毫米。", "600平方毫米", "mm^2"), ("农场面积为两千英亩。", "两千英亩", "acre"),
    ("存储容量为500吉字节。", "500吉字节", "GB"), ("这台電視為65英吋。", "65英吋", "inch"),
    ("屏幕6.7吋", "6.7吋", "inch"), ("钻石重3克拉", "3克拉", "carat"), ("延迟为20纳秒", "20纳秒", "ns"),
    ("這間公寓面積約800平方呎。", "約800平方呎", "ft^2"),
    ("风速为30米/秒。", "30米/秒", "m/s"), ("时速为120千米/小时。", "120千米/小时", "km/h"),
    ("这辆车时速达到200公里。", "200公里", "km/h"),
    ("黄金价格上涨至每盎司2000美元。", "2000美元", "USD/oz"),
])
def test_unit_words(text: str, printed: str, unit: str) -> None:
    assert same_unit(the(text, printed), unit)


@pytest.mark.parametrize("text", ["2019元旦期间", "2020年营收"])
def test_years_before_new_year_and_year_stay_dates(text: str) -> None:
    assert mentions(text) == []


def test_at_one_point_is_no_degree() -> None:
    assert [m.printed for m in mentions("该公司股价一度暴涨200%。")] == ["200%"]
    assert same_unit(the("一度电0.5元", "一度"), "kWh")


def test_a_resolution_is_no_quantity() -> None:
    assert mentions("分辨率为2800×1260。") == []
    assert [m.printed for m in mentions("使用2×8块GPU")] == ["8块GPU"]


def test_a_place_name_is_no_count() -> None:
    assert [m.printed for m in mentions("三峡水库总库容393亿立方米。")] == ["393亿立方米"]


# -- tenths on a range, points with 多, specs -----------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "lo", "hi"), [
    ("约有三至五成的人。", "三至五成", 30, 50), ("只有三四成的把握。", "三四成", 30, 40), ("3至5成", "3至5成", 30, 50),
])
def test_tenths_shared_by_both_ends(text: str, printed: str, lo: int, hi: int) -> None:
    m = the(text, printed)
    assert m.number.ends == (lo, hi) and m.unit.canonical == "percent"


def test_the_grammar_shares_tenths_like_percent_signs() -> None:
    assert parse_printed("3-4成").ends == (30, 40)
    assert parse_printed("7-8折").ends == (70, 80)
    assert parse_printed("3-4%").ends == (3, 4)


def test_cheng_starting_a_word_after_a_range_is_no_share() -> None:
    assert all(m.unit.canonical != "percent" for m in mentions("三至五成员国"))


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("CPI涨幅扩大1个多百分点。", "1个多百分点", 1), ("下降两个多百分点", "两个多百分点", 2),
])
def test_more_than_n_points(text: str, printed: str, value: int) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.number.relation, m.unit.canonical) == (value, ">", "percentage_point")


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("输电电压为220千伏。", "220千伏", "kV"), ("峰值扭矩为300牛·米。", "300牛·米", "N*m"),
    ("扭矩为400牛米", "400牛米", "N*m"),
    ("水压达到10兆帕", "10兆帕", "MPa"), ("血压高于140/90毫米汞柱。", "90毫米汞柱", "mmHg"),
])
def test_engineering_units(text: str, printed: str, unit: str) -> None:
    assert same_unit(the(text, printed), unit)


def test_a_pair_shares_a_chinese_unit() -> None:
    assert same_unit(the("血压高于140/90毫米汞柱。", "高于140"), "mmHg")
    assert same_unit(the("体重分别为5、10公斤", "5"), "kg")


@pytest.mark.parametrize(("text", "sizes"), [
    ("起售价为4999元，12GB+256GB版本售价5499元。", ["12GB", "256GB"]), ("配备8GB+128GB存储。", ["8GB", "128GB"]),
])
def test_memory_and_storage(text: str, sizes: list[str]) -> None:
    assert [m.printed for m in mentions(text) if same_unit(m, "GB")] == sizes
    assert all(m.number.nominal > 0 for m in mentions(text))


@pytest.mark.parametrize("text", ["排量为2.0T。", "搭载1.5T发动机", "支持4K分辨率。", "拍摄8K视频", "a 4K display"])
def test_engine_and_video_names_are_no_amounts(text: str) -> None:
    assert mentions(text) == []


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("训练了14.8T tokens", "14.8T tokens", F(148, 10) * 10**12), ("上下文为4K", "4K", 4000),
])
def test_scale_letters_elsewhere_stay(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


def test_a_drive_type_is_no_count() -> None:
    assert [m.printed for m in mentions("2.0T四驱版售价20万元")] == ["20万元"]


# -- 多/余 between the digits and the unit -------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("他的月薪5万多元。", "5万多元", 50_000, "CNY"), ("花了3000多元。", "3000多元", 3000, "CNY"),
    ("获赔5万余元。", "5万余元", 50_000, "CNY"), ("营收达1.5亿余元。", "1.5亿余元", 150_000_000, "CNY"),
    ("面积达3000多平方米。", "3000多平方米", 3000, "m^2"), ("重达200多公斤。", "200多公斤", 200, "kg"),
    ("耗时3个多小时。", "3个多小时", 3, "hour"),
])
def test_more_than_before_the_unit(text: str, printed: str, value: int, unit: str) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.number.relation) == (value, ">") and same_unit(m, unit)


@pytest.mark.parametrize(("text", "printed", "relation"), [
    ("全市3000多家企业", "3000多", ">"), ("他有100多个朋友", "100多", ">"), ("账户有5000余额", "5000", "="),
])
def test_more_than_before_a_count_and_a_balance(text: str, printed: str, relation: str) -> None:
    m = the(text, printed)
    assert not m.unit.dims.items and (m.relation or m.number.relation) == relation


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("达到了两倍半。", "两倍半", F(5, 2)), ("是去年的3倍半。", "3倍半", F(7, 2)), ("增长两倍。", "两倍", 2),
])
def test_times_and_a_half(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


def test_half_a_year_after_times_stays_its_own() -> None:
    assert [m.printed for m in mentions("增长两倍半年后")] == ["两倍", "半年"]


@pytest.mark.parametrize("text", ["今年1至8月，全国工业增加值增长4.5%。", "1-6月销售额增长4.5%"])
def test_a_range_of_months_is_a_date(text: str) -> None:
    assert [m.printed for m in mentions(text)] == ["4.5%"]


def test_a_range_of_months_of_time_stays() -> None:
    m = the("需要1至3个月", "1至3个月")
    assert m.number.ends == (1, 3) and same_unit(m, "month")


def test_hours_then_minutes_end_a_duration() -> None:
    m = the("他在马拉松比赛中跑出了2小时06分的成绩。", "2小时06分")
    assert m.number.nominal * m.unit.factor == 126 * 60


def test_from_to_varying_is_a_range_and_a_change_is_not() -> None:
    m = the("门票价格从500元到3000元不等。", "500元到3000元")
    assert m.number.ends == (500, 3000) and m.unit.canonical == "CNY"
    assert [m.printed for m in mentions("价格从500元涨到3000元。")] == ["500元", "3000元"]


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("大约百分之十几的人。", "百分之十几", 10), ("增长了百分之二十多。", "百分之二十多", 20),
])
def test_more_than_a_round_share(text: str, printed: str, value: int) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.number.relation, m.unit.canonical) == (value, ">", "percent")


@pytest.mark.parametrize(("text", "printed", "qualifier", "relation"), [
    ("至少三个，至多五个。", "至多五个", "至多", "<="), ("顶多十人", "顶多十人", "顶多", "<="),
    ("起码3天", "起码3天", "起码", ">="),
])
def test_at_most_and_at_least_words(text: str, printed: str, qualifier: str, relation: str) -> None:
    m = the(text, printed)
    assert (m.qualifier, m.number.relation) == (qualifier, relation)


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("三两天就能完成。", "三两天", "day"), ("三两个人", "三两个人", ""),
])
def test_two_or_three(text: str, printed: str, unit: str) -> None:
    m = the(text, printed)
    assert m.number.ends == (2, 3) and (same_unit(m, unit) if unit else not m.unit.dims.items)


@pytest.mark.parametrize("text", ["喝了三两酒", "他三两下就修好了"])
def test_three_liang_and_a_few_strokes_are_no_range(text: str) -> None:
    assert all(not m.number.is_range for m in mentions(text))


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("这台电脑配备16G内存和1T硬盘。", "16G", "GB"), ("这台电脑配备16G内存和1T硬盘。", "1T", "TB"),
    ("手机有128G存储空间。", "128G", "GB"), ("显卡为RTX 4090，显存24G。", "24G", "GB"), ("存储扩展至2T。", "2T", "TB"),
])
def test_glued_g_and_t_in_words_of_storage(text: str, printed: str, unit: str) -> None:
    m = the(text, printed)
    assert same_unit(m, unit) and m.number.nominal == int(printed[:-1])


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("训练了14.8T tokens", "14.8T tokens", F(148, 10) * 10**12), ("内存带宽3.35TB/s", "3.35TB/s", F(335, 100)),
])
def test_t_elsewhere_stays_a_scale_or_a_unit(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


def test_5g_is_a_network_name() -> None:
    assert mentions("采用5G网络。") == []


@pytest.mark.parametrize(("text", "printed"), [
    ("支持4K 120fps录制", "120fps"), ("游戏帧率稳定在60 fps", "60 fps"), ("It supports 4K video at 60fps.", "60fps"),
])
def test_fps_is_frames_per_second(text: str, printed: str) -> None:
    m = the(text, printed)
    assert m.unit.canonical == "frames_per_second" and any("frames per second" in c for c in m.candidates)


def test_fps_of_a_projectile_stays_feet_per_second() -> None:
    assert same_unit(the("muzzle velocity of 2800 fps", "2800 fps"), "ft/s")


# -- numbers that name a day, a clock time or a line ------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed"), [
    ('在"双11"期间，销售额增长30%。', ["30%"]), ("今年618购物节成交额增长20%。", ["20%"]),
    ("3·15晚会曝光了多家企业。", []), ("从上午9时至下午5时。", []), ("下午5时30分开会", []),
    ("电话号码为13800138000。", []), ("邮编100000。", []),
])
def test_named_days_clock_times_and_numbers_that_name(text: str, printed: list[str]) -> None:
    assert [m.printed for m in mentions(text)] == printed


@pytest.mark.parametrize(("text", "printed"), [
    ("每天工作8小时", ["8小时"]), ("全年售出618台", ["618"]), ("共有100000人", ["100000"]),
])
def test_hours_and_counts_near_those_stay(text: str, printed: list[str]) -> None:
    assert [m.printed for m in mentions(text)] == printed


def test_a_plan_named_in_quotes_is_no_range() -> None:
    assert [m.printed for m in mentions('"十四五"期间投资将超过10万亿元。')] == ["超过10万亿元"]
    assert mentions("“十四五”时期") == []
    assert the("十四五岁的少年", "十四五岁").number.ends == (14, 15)


@pytest.mark.parametrize(("text", "printed", "relation"), [
    ("超7成受访者表示满意。", "超7成", ">"), ("营收超3000万元。", "超3000万元", ">"),
    ("净利润超10亿美元。", "超10亿美元", ">"), ("耗资上亿元。", "上亿元", ">="),
])
def test_chao_and_shang_are_bounds(text: str, printed: str, relation: str) -> None:
    m = the(text, printed)
    assert (m.relation or m.number.relation) == relation


@pytest.mark.parametrize(("text", "printed"), [("赶超3家", "3"), ("加上百万元奖金", "百万元")])
def test_verbs_ending_in_chao_or_shang_give_no_bound(text: str, printed: str) -> None:
    m = the(text, printed)
    assert m.relation is None and m.number.relation == "="


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("國際金價每盎司升至2,050美元。", "2,050美元", "USD/oz"), ("每吨为500元", "500元", "CNY/t"),
    ("鸡蛋每斤4.5元。", "4.5元", "CNY/Chinese_jin"),
])
def test_a_price_per_unit_across_its_verb(text: str, printed: str, unit: str) -> None:
    assert same_unit(the(text, printed), unit)


def test_a_per_word_that_is_no_unit_gives_no_rate() -> None:
    assert the("每股收于45.6元", "45.6元").unit.canonical == "CNY"
    assert the("每公斤猪肉价格上涨了3元。", "3元").unit.canonical == "CNY"
