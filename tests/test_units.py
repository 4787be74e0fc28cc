"""Unit resolution: exact factors, real dimensions for information and money, the traps.

The shared registry is built once per test session (the first resolve builds it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import SRC

from claimaudit.errors import UnitError
from claimaudit.units.quantity import Dims
from claimaudit.units.registry import (
    MAX_UNIT_LENGTH,
    IncompatibleUnitsError,
    UnitInfo,
    convert_factor,
    definitions_path,
    dims_from_pint,
    format_dims,
    registry,
    resolve_unit,
)

INFO = Dims.of({"[information]": 1})
RATE = Dims.of({"[information]": 1, "[time]": -1})
TIME = Dims.of({"[time]": 1})
GPU_TIME = Dims.of({"[gpu]": 1, "[time]": 1})
USD = Dims.of({"[currency_USD]": 1})
CNY = Dims.of({"[currency_CNY]": 1})
EUR = Dims.of({"[currency_EUR]": 1})
GBP = Dims.of({"[currency_GBP]": 1})
NONE = Dims()


def same(a: str, b: str) -> None:
    ua, ub = resolve_unit(a), resolve_unit(b)
    assert (ua.factor, ua.dims) == (ub.factor, ub.dims), (ua, ub)


def refused(text: str) -> UnitError:
    with pytest.raises(UnitError) as info:
        resolve_unit(text)
    return info.value


# ------------------------------------------------------------------------------------ information

def test_pib_to_pb_is_exact():
    assert resolve_unit("PiB").factor == 2**50 * 8          # base unit of information: bit
    assert resolve_unit("PB").factor == 10**15 * 8
    assert resolve_unit("B").factor == 8 and resolve_unit("bit").factor == 1
    assert 20 * convert_factor("PiB", "PB") == Fraction(137438953472, 6103515625)
    assert 20 * convert_factor("PiB", "PB") == Fraction(20 * 2**50, 10**15)
    assert type(resolve_unit("PiB").factor) is Fraction


def test_tib_per_s_to_gb_per_s():
    assert Fraction("6.6") * convert_factor("TiB/s", "GB/s") == Fraction("7256.7767433216")


def test_gbps_is_gigabit_per_second_not_gigabaud():
    info = resolve_unit("Gbps")
    assert info.factor == 10**9 and info.dims == RATE
    assert convert_factor("Gbps", "GB/s") == Fraction(1, 8)
    same("Mbps", "Mbit/s")
    same("bps", "bit/s")
    same("GBps", "GB/s")
    same("Gbit/s", "Gbps")


def test_gb_per_s_is_a_data_rate_not_a_frequency():
    info = resolve_unit("GB/s")
    assert info.dims == RATE
    assert format_dims(info.dims) == "information/time"
    assert format_dims(info.dims, named=True) == "information/time (data rate)"
    with pytest.raises(IncompatibleUnitsError) as err:
        convert_factor("GB/s", "Hz")
    assert "GB/s" in str(err.value) and "Hz" in str(err.value)
    assert "information/time" in str(err.value) and "1/time" in str(err.value)


def test_information_is_a_pint_dimension():
    reg = registry()
    assert dict(reg.get_dimensionality("bit")) == {"[information]": 1}
    assert str(reg.Quantity(1, "byte").to("bit")) == "8 bit"


def test_decimal_and_binary_byte_prefixes():
    for p, n in zip(["k", "M", "G", "T", "P", "E"], range(1, 7), strict=True):
        assert resolve_unit(p + "B").factor == 8 * 1000**n
    for p, n in zip(["Ki", "Mi", "Gi", "Ti", "Pi", "Ei"], range(1, 7), strict=True):
        assert resolve_unit(p + "B").factor == 8 * 1024**n
    for p, n in zip(["k", "M", "G", "T"], range(1, 5), strict=True):
        assert resolve_unit(p + "bit").factor == 1000**n
    assert resolve_unit("Kibit").factor == 1024
    assert resolve_unit("Gibit").canonical == "gibibit"


@pytest.mark.parametrize("text,name,factor,was", [
    ("Gb", "gigabit", 10**9, "gilbert"),
    ("Mb", "megabit", 10**6, "megabarn"),
    ("kb", "kilobit", 10**3, "kilobarn"),
    ("Kb", "kilobit", 10**3, "1000 bit"),
    ("Tb", "terabit", 10**12, "terabit"),
    ("b", "bit", 1, "barn"),
])
def test_lower_case_b_is_the_bit_with_a_note(text, name, factor, was):
    info = resolve_unit(text)
    assert (info.canonical, info.factor, info.dims) == (name, factor, INFO)
    assert info.note.startswith(f"{text} read as") and was in info.note


def test_gib_lower_b_is_gibibit_with_a_note():
    info = resolve_unit("Gib")
    assert info.factor == 2**30 and "GiB would be gibibyte" in info.note


def test_KB_is_kB_with_the_documented_note():
    info = resolve_unit("KB")
    assert info.factor == 8000 and info.canonical == "kilobyte"
    assert info.note == "KB read as kB (1000 B); KiB would be 1024 B"
    assert resolve_unit("kB").note == ""
    assert resolve_unit("KB/s").note == info.note
    assert resolve_unit("Kbps").factor == 1000 and resolve_unit("Kbps").note


def test_capital_B_is_the_byte():
    info = resolve_unit("B")
    assert (info.canonical, info.factor, info.dims, info.note) == ("byte", 8, INFO, "")


def test_bits_and_bytes_never_mix_silently():
    assert convert_factor("Gb", "GB") == Fraction(1, 8)
    assert resolve_unit("Gb").dims == resolve_unit("GB").dims


# ------------------------------------------------------------------------------------ money

@pytest.mark.parametrize("text", ["USD", "$", "US$", "美元", "dollar", "dollars", "usd"])
def test_usd_spellings(text):
    info = resolve_unit(text)
    assert (info.canonical, info.factor, info.dims) == ("USD", 1, USD)


@pytest.mark.parametrize("text", ["CNY", "¥", "￥", "元", "RMB", "人民币", "yuan"])
def test_cny_spellings(text):
    assert resolve_unit(text).dims == CNY


def test_yen_sign_note_and_other_currencies():
    assert "JPY" in resolve_unit("¥").note
    for text in ("EUR", "€", "欧元", "euro", "euros"):
        assert resolve_unit(text).dims == EUR
    for text in ("GBP", "£"):
        assert resolve_unit(text).dims == GBP
    assert resolve_unit("日元").canonical == "JPY"


def test_usd_and_cny_do_not_convert():
    with pytest.raises(IncompatibleUnitsError) as err:
        convert_factor("USD", "CNY")
    msg = str(err.value)
    assert "'USD'" in msg and "'CNY'" in msg and "currency_USD" in msg and "currency_CNY" in msg
    assert isinstance(err.value, UnitError)
    with pytest.raises(IncompatibleUnitsError):
        convert_factor("美元", "元")


# ------------------------------------------------------------------------------------ compute

@pytest.mark.parametrize("text", ["GPU-hours", "GPU-hour", "GPU hours", "GPU*hour", "GPU_hour", "GPU_hours",
                                  "GPUh", "卡时", "GPU·h", "gpu-hours", "GPUs*hours", "卡小时"])
def test_gpu_hour_spellings(text):
    info = resolve_unit(text)
    assert (info.canonical, info.factor, info.dims) == ("GPU * hour", 3600, GPU_TIME)


@pytest.mark.parametrize("text", ["USD/GPU-hour", "USD per GPU-hour", "$/GPU-hour", "USD/(GPU*hour)",
                                  "USD / GPU hour", "USD per GPU hour", "美元/卡时", "USD/GPU/hour"])
def test_price_per_gpu_hour(text):
    info = resolve_unit(text)
    assert info.canonical == "USD / GPU / hour"
    assert info.factor == Fraction(1, 3600)
    assert info.dims == USD / GPU_TIME


def test_div_then_mul_is_left_to_right_with_a_note():
    info = resolve_unit("USD/GPU*hour")
    assert info.dims == Dims.of({"[currency_USD]": 1, "[gpu]": -1, "[time]": 1})
    assert "(a/b)*c" in info.note


def test_tokens_per_second_per_node():
    info = resolve_unit("tokens/s/node")
    assert info.canonical == "token / second / node"
    assert info.dims == Dims.of({"[token]": 1, "[time]": -1, "[node]": -1})
    same("tokens/s/node", "tokens per second per node")
    same("tokens/s/node", "token/(s*node)")
    same("tokens/s", "tokens per second")
    same("tokens/s", "tokens/秒")
    same("tokens/s", "tok/s")


def test_kib_per_token_per_layer():
    info = resolve_unit("KiB/token/layer")
    assert info.factor == 8 * 1024
    assert info.dims == Dims.of({"[information]": 1, "[token]": -1, "[layer]": -1})


def test_prefixed_domain_units():
    assert resolve_unit("Ttoken").factor == 10**12
    assert resolve_unit("Ttoken").dims == Dims.of({"[token]": 1})
    assert resolve_unit("Mtokens").factor == 10**6
    assert resolve_unit("MTokens").factor == 10**6
    assert resolve_unit("ktoken/s").dims == Dims.of({"[token]": 1, "[time]": -1})
    assert resolve_unit("Gparameters").factor == 10**9
    assert resolve_unit("kGPU").factor == 1000


def test_flops():
    assert resolve_unit("FLOPS").dims == Dims.of({"[flop]": 1, "[time]": -1})
    same("FLOPS", "FLOP/s")
    assert resolve_unit("TFLOPS").factor == 10**12
    assert resolve_unit("PFLOPS").factor == 10**15
    same("TFLOPS", "TFLOP/s")
    count = resolve_unit("FLOPs")
    assert count.dims == Dims.of({"[flop]": 1}) and "per second" in count.note
    assert resolve_unit("TFLOPs").factor == 10**12 and resolve_unit("TFLOPs").note


@pytest.mark.parametrize("text", ["Tokens", "TOKENS", "Gpus", "GPUs", "Nodes", "Params", "parameters", "Steps",
                                  "requests", "sequences", "SSDs", "layers", "节点", "步", "张卡", "卡"])
def test_domain_words_case_insensitive_and_chinese(text):
    info = resolve_unit(text)
    assert info.factor == 1 and len(info.dims.items) == 1


def test_domain_dimensions():
    assert resolve_unit("GPU").dims == Dims.of({"[gpu]": 1})
    assert resolve_unit("卡").dims == resolve_unit("GPUs").dims
    assert resolve_unit("nodes").dims == Dims.of({"[node]": 1})
    assert resolve_unit("params").dims == Dims.of({"[parameter]": 1})
    assert resolve_unit("SSD").dims == Dims.of({"[ssd]": 1})
    assert resolve_unit("步").dims == Dims.of({"[step]": 1})
    # head and dim are plain dimensionless counts
    for text in ("head", "heads", "dim", "dims"):
        info = resolve_unit(text)
        assert (info.factor, info.dims) == (1, NONE)


# ------------------------------------------------------------------------------------ time

@pytest.mark.parametrize("text,seconds", [
    ("天", 86400), ("日", 86400), ("day", 86400), ("d", 86400), ("days", 86400),
    ("小时", 3600), ("时", 3600), ("h", 3600), ("hours", 3600), ("hr", 3600),
    ("分钟", 60), ("分", 60), ("min", 60),
    ("秒", 1), ("s", 1), ("sec", 1), ("ms", Fraction(1, 1000)), ("毫秒", Fraction(1, 1000)),
    ("周", 7 * 86400), ("week", 7 * 86400),
    ("月", Fraction(36525, 1200) * 86400), ("month", 2629800),
    ("年", Fraction(36525, 100) * 86400), ("year", 31557600),
])
def test_time_words(text, seconds):
    info = resolve_unit(text)
    assert (info.factor, info.dims) == (seconds, TIME)


def test_month_and_year_notes():
    assert "30.4375 days" in resolve_unit("月").note
    assert "30.4375 days" in resolve_unit("USD/month").note
    assert "365.25" in resolve_unit("年").note
    assert "fen" in resolve_unit("分").note


# ------------------------------------------------------------------------------------ ratios

def test_percent_permille_points():
    for text in ("%", "percent"):
        assert (resolve_unit(text).factor, resolve_unit(text).dims) == (Fraction(1, 100), NONE)
    for text in ("‰", "permille"):
        assert resolve_unit(text).factor == Fraction(1, 1000)
    for text in ("percentage_point", "pp", "percentage_points"):
        info = resolve_unit(text)
        assert (info.factor, info.dims) == (Fraction(1, 100), resolve_unit("%").dims)


@pytest.mark.parametrize("text", ["x", "×", "X", " x "])
def test_times_sign_is_dimensionless_one(text):
    info = resolve_unit(text)
    assert (info.canonical, info.factor, info.dims) == ("×", 1, NONE)


def test_empty_is_dimensionless():
    info = resolve_unit("")
    assert info == UnitInfo("", "", Fraction(1), Dims(), "")
    assert resolve_unit("  ").canonical == ""
    assert resolve_unit("GB/GB") == UnitInfo("GB/GB", "", Fraction(1), Dims(), "")


def test_exponents():
    same("m²", "m^2")
    same("m^2", "m**2")
    same("s^-1", "1/s")
    same("s^(-1)", "Hz")
    same("m³", "m*m*m")
    assert resolve_unit("s⁻¹").dims == Dims.of({"[time]": -1})


# ------------------------------------------------------------------------------------ refusals

@pytest.mark.parametrize("letter,hint", [("T", "tesla"), ("M", "molar"), ("G", "gauss"), ("K", "kelvin"),
                                         ("k", "Boltzmann"), ("P", "poise")])
def test_bare_magnitude_letters_are_refused(letter, hint):
    err = refused(letter)
    assert "ambiguous" in err.message and hint in err.message
    assert err.suggestions
    assert err.column == 0


def test_T_suggests_TB_and_tesla():
    assert refused("T").suggestions == ("TB", "tesla")
    assert refused("T/s").suggestions == ("TB/s", "tesla/s")


def test_unknown_unit_suggestions():
    err = refused("GPU-hourz")
    assert err.suggestions[0] == "GPU-hours"
    assert err.column == 4
    assert "hourz" in str(err) and "did you mean" in str(err)
    assert "tokens/s" in refused("Tokns/s").suggestions
    assert refused("PiBs").suggestions[0] == "PiB"
    assert refused("gigabites").suggestions[0] == "gigabytes"


def test_model_name_inside_a_unit():
    err = refused("H800 GPU hours")
    assert "model" in err.message and err.suggestions == ("GPU hours",)
    assert refused("H100-hours").suggestions == ("GPU-hours",)
    assert refused("m2").suggestions == ("m^2",)


def test_numbers_inside_a_unit():
    assert refused("USD/1M tokens").suggestions == ("USD/Mtoken",)
    assert refused("USD per 1000 tokens").suggestions == ("USD per ktoken",)
    refused("1 s")
    refused("s-1")          # a negative exponent must be written s^-1
    refused("s^0")
    refused("s^13")         # exponents are bounded


def test_chinese_number_words_refused():
    assert "number word" in refused("万卡").message
    refused("亿")


@pytest.mark.parametrize("text", [
    "__import__('os').system('true')", "eval(1)", "a;b", "GB/s\n;rm", "tokens.s", "1e9", "s**s",
    "s^^2", "()", "(s", "s)", "GPU-", "/", "per", "$$$x", "tokens/s}", "{GB}", "GB<s", "`GB`",
    "\\GB", "GB#", "s^(1", "٣s",
])
def test_garbage_rejected(text):
    refused(text)


def test_offset_and_log_units_refused():
    assert "offset or logarithmic" in refused("degC").message
    refused("dB")


def test_temperature_readings_are_explicit_units_that_never_convert():
    # "32 degrees Celsius" in a document: a reading on its own scale, no offset is ever applied.
    c = resolve_unit("Celsius_reading")
    f = resolve_unit("Fahrenheit_reading")
    assert c.factor == 1 and c.dims != f.dims and c.dims != resolve_unit("kelvin").dims
    with pytest.raises(UnitError):
        convert_factor("Celsius_reading", "Fahrenheit_reading")
    with pytest.raises(UnitError):
        convert_factor("Celsius_reading", "kelvin")
    assert convert_factor("Celsius_reading", "Celsius_reading") == 1


def test_overlong_strings_rejected():
    text = "GPU*" * 50 + "h"
    assert len(text) > MAX_UNIT_LENGTH
    err = refused(text)
    assert "too long" in err.message
    ok = "(" * 5 + "s" + ")" * 5
    assert resolve_unit(ok).dims == TIME
    assert "nested" in refused("(" * 20 + "s" + ")" * 20).message


def test_non_string_is_a_type_error():
    with pytest.raises(TypeError):
        resolve_unit(None)  # type: ignore[arg-type]


ALPHABET = st.sampled_from(list("sGBiMkKTbtokenUSD$¥%‰·×*/^()-_ 0123²³卡时天元美万eval'\";.") + ["per", "GPU", "hours"])


@settings(max_examples=300, deadline=None)
@given(st.lists(ALPHABET, max_size=12).map("".join))
def test_fuzz_only_unit_errors(text):
    try:
        info = resolve_unit(text)
    except UnitError as err:
        assert err.column is None or 0 <= err.column <= len(text)
    else:
        assert isinstance(info.factor, Fraction) and info.factor > 0
        assert isinstance(info.dims, Dims)


# ------------------------------------------------------------------------------------ API

def test_memoised_same_object():
    a = resolve_unit("USD/GPU-hour")
    assert resolve_unit("USD/GPU-hour") is a
    assert resolve_unit("PiB") is resolve_unit("PiB")
    assert resolve_unit("") is resolve_unit("")


def test_unit_info_text_kept_as_written():
    info = resolve_unit(" GPU-hours ")
    assert info.text == " GPU-hours " and info.canonical == "GPU * hour"


@pytest.mark.parametrize("a,b", [("PiB", "PB"), ("TiB/s", "GB/s"), ("USD/GPU-hour", "USD/GPU/s"),
                                 ("月", "day"), ("Gbps", "MB/s"), ("%", "‰"), ("Ttoken", "ktoken")])
def test_convert_factor_round_trip(a, b):
    assert convert_factor(a, b) * convert_factor(b, a) == 1


def test_format_dims_and_dims_from_pint():
    assert format_dims(Dims()) == "dimensionless"
    assert format_dims(resolve_unit("USD/GPU-hour").dims) == "currency_USD/(gpu*time)"
    assert format_dims(resolve_unit("卡时").dims, named=True) == "gpu*time (GPU time)"
    assert dims_from_pint({"[information]": Fraction(1), "[time]": -1}) == RATE
    with pytest.raises(UnitError):
        dims_from_pint({"[length]": Fraction(1, 2)})


def test_definitions_file_is_package_data_with_licence():
    text = definitions_path().read_text(encoding="utf-8")
    assert definitions_path().parent == SRC / "claimaudit" / "units"
    assert "Copyright (c) 2012 by Hernan E. Grecco" in text
    assert "modified for claimaudit" in text.lower()
    assert "bit = [information]" in text
    assert "@import" not in "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("#"))


CHILD = r"""
import json, sys
import claimaudit.units.registry as r
before = "pint" in sys.modules
empty = r.resolve_unit("")
after_empty = "pint" in sys.modules
info = r.resolve_unit("PiB")
reg = r.registry()
print(json.dumps({"before": before, "after_empty": after_empty, "after": "pint" in sys.modules,
                  "factor": str(info.factor), "type": type(reg.get_root_units("PB")[0]).__name__,
                  "cache": str(reg.cache_folder)}))
"""


def test_import_is_lazy_and_registry_keeps_no_disk_cache(tmp_path):
    # Known units come from the shipped table (tests/test_unit_table.py); pint loads when asked for,
    # and writes no pickle cache under the home folder.
    env = dict(os.environ, PYTHONPATH=str(SRC), HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / "cache"))
    run = json.loads(subprocess.run([sys.executable, "-c", CHILD], env=env, check=True, text=True,
                                    capture_output=True).stdout)
    assert run["before"] is False and run["after_empty"] is False and run["after"] is True
    assert run["factor"] == str(2**53) and run["type"] == "Fraction"
    assert run["cache"] == "None"
    assert not any(tmp_path.rglob("*"))


# -- coins, counts, annum, tpd, Js, cds (issue #7, strict-score round) ------------------------------

@pytest.mark.parametrize("text, factor, dims", [
    ("cent", Fraction(1, 100), {"[currency_USD]": 1}),
    ("cents", Fraction(1, 100), {"[currency_USD]": 1}),
    ("penny", Fraction(1, 100), {"[currency_USD]": 1}),
    ("pennies", Fraction(1, 100), {"[currency_USD]": 1}),
    ("dime", Fraction(1, 10), {"[currency_USD]": 1}),
    ("dimes", Fraction(1, 10), {"[currency_USD]": 1}),
    ("dozen", 12, {}),
    ("dozen^2", 144, {}),
    ("gross", 144, {}),
    ("bakers_dozen", 13, {}),
    ("baker's dozen", 13, {}),
    ("Baker’s dozens", 13, {}),
    ("annum", 31557600, {"[time]": 1}),
    ("gigaannum", 31557600 * 10**9, {"[time]": 1}),
    ("tpd", Fraction(2000 * 45359237, 10**5 * 86400), {"[mass]": 1, "[time]": -1}),   # g/s
    ("Js", 1000, {"[length]": 2, "[mass]": 1, "[time]": -1}),
    ("cds", 1, {"[luminosity]": 1, "[time]": 1}),
])
def test_coin_count_and_compact_units_are_exact(text, factor, dims):
    u = resolve_unit(text)
    assert (u.factor, u.dims) == (Fraction(factor), Dims.of(dims))


def test_coin_and_count_units_keep_their_dimensions_apart():
    assert convert_factor("dollar", "cents") == 100
    assert convert_factor("gross", "dozen") == 12
    assert convert_factor("tpd", "ton/day") == 1
    assert resolve_unit("gigaannum").factor == resolve_unit("Ga").factor
    with pytest.raises(IncompatibleUnitsError):
        convert_factor("penny", "GBP")          # the US cent: a British penny is a different dimension
    with pytest.raises(IncompatibleUnitsError):
        convert_factor("cent", "CNY")


def test_coin_and_compact_readings_are_noted():
    assert "US cent" in resolve_unit("penny").note and "GBP" in resolve_unit("penny").note
    assert resolve_unit("cent").note == ""
    assert "short tons" in resolve_unit("tpd").note
    assert "joule-second" in resolve_unit("Js").note
    assert "candela-second" in resolve_unit("cds").note
    assert resolve_unit("cd").dims == Dims.of({"[luminosity]": 1})     # the candela itself unchanged


def test_apostrophe_is_still_refused_outside_bakers_dozen():
    with pytest.raises(UnitError) as e:
        resolve_unit("baker's")
    assert e.value.column == 5
    with pytest.raises(UnitError):
        resolve_unit("o'clock")


def test_suggestions_know_the_new_words():
    with pytest.raises(UnitError) as e:
        resolve_unit("dimez")
    assert e.value.suggestions == ("dimes", "dime")


def test_per_cent_is_percent_not_per_us_cent():
    # "5 per cent" (British spelling): with cent a unit, "per cent" must not become 100/USD
    for text in ("per cent", "Per Cent", "per_cent"):
        u = resolve_unit(text)
        assert (u.factor, u.dims) == (Fraction(1, 100), Dims())
    assert resolve_unit("USD/cent").factor == 100 and resolve_unit("USD/cent").dims == Dims()
    assert resolve_unit("tokens per centimeter").dims == Dims.of({"[token]": 1, "[length]": -1})
