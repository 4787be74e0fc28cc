"""The JSON reporter writes exactly what ``json.dump(report, ensure_ascii=False, indent=2)`` writes."""

from __future__ import annotations

import io
import json
import math

import pytest

from claimaudit.reporters import jsonfmt


class Text(str):
    pass


def _written(value: object) -> str:
    out = io.StringIO()
    jsonfmt.render(value, out)  # type: ignore[arg-type]
    return out.getvalue()


@pytest.mark.parametrize("value", [
    {},
    {"a": [], "b": {}, "c": [[], [{}]], "d": None, "e": True, "f": False},
    {"ints": [0, -1, 10**30], "floats": [0.1, -2.5e-300, 1e308, math.inf, -math.inf], "nan": math.nan},
    {"text": "naïve “quotes” \"\\ \n\t\x1b\u2028 万美元 😀", Text("sub"): Text("class of str")},
    {3: "int key", 2.5: "float key", True: "bool key", None: "none key"},
    {"tuple": (1, (2, 3)), "nested": {"deep": {"er": [{"x": [1, {"y": []}]}]}}},
    {"many": list(range(20000))},
])
def test_same_text_as_the_standard_library(value: object) -> None:
    assert _written(value) == json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def test_refuses_what_json_refuses() -> None:
    with pytest.raises(TypeError):
        _written({"x": object()})
    with pytest.raises(TypeError):
        _written({(1, 2): "tuple key"})


def test_a_real_report() -> None:
    from test_reporters_golden import fixture_report

    report = fixture_report()
    assert _written(report) == json.dumps(report, ensure_ascii=False, indent=2) + "\n"
