"""Every checker code and every input-error code means one thing, and each has its help text."""

from __future__ import annotations

import importlib
import pkgutil
from collections import defaultdict

import claimaudit
from claimaudit.checkers.base import CODE_RE
from claimaudit.checkers.manager import available_checkers
from claimaudit.errors import InputError
from claimaudit.reporters.rules import CORE_RULES, rule_info

#: Modules that need an optional dependency (pypdf) or start a subprocess worker when imported.
OPTIONAL = {"claimaudit.sources.pdf_worker", "claimaudit.__main__"}


def error_classes() -> list[type[InputError]]:
    """Every InputError subclass of the package (all modules imported, so none is missed)."""
    for mod in pkgutil.walk_packages(claimaudit.__path__, "claimaudit."):
        if mod.name not in OPTIONAL:
            importlib.import_module(mod.name)
    out: list[type[InputError]] = []
    todo: list[type[InputError]] = [InputError]
    while todo:
        cls = todo.pop()
        out.append(cls)
        todo.extend(cls.__subclasses__())
    return [c for c in out if c.__module__.startswith("claimaudit.")]


def own_codes() -> dict[str, list[str]]:
    """code -> the error classes that set it themselves (a subclass inheriting a code shares its meaning)."""
    by_code: dict[str, list[str]] = defaultdict(list)
    for cls in error_classes():
        if "code" in vars(cls):
            by_code[cls.code].append(f"{cls.__module__}.{cls.__qualname__}")
    return by_code


def test_checker_codes_are_unique_and_well_formed() -> None:
    codes = [c.code for c in available_checkers()]
    assert len(codes) == len(set(codes)), sorted(c for c in codes if codes.count(c) > 1)
    assert all(CODE_RE.match(c) for c in codes)
    assert "CA301" in codes   # doc drift keeps the code docs/ci.md documents


def test_error_codes_are_unique() -> None:
    shared = {code: sorted(names) for code, names in own_codes().items() if len(names) > 1}
    # CA001 is the generic "this file cannot be read": the base class, a YAML file that does not
    # parse and a claimaudit block that does not parse are the one failure to the reader.
    assert shared == {"CA001": ["claimaudit.errors.InputError", "claimaudit.model.markdown_claims.MarkdownClaimsError",
                                "claimaudit.model.yamlmarks.YamlError"]}


def test_error_codes_and_checker_codes_do_not_overlap() -> None:
    errors = set(own_codes())
    checkers = {c.code for c in available_checkers()}
    assert errors & checkers == set()
    assert all(code.startswith("CA0") for code in errors)   # input errors are CA0xx


def test_every_error_code_has_help_and_every_checker_its_own_docstring() -> None:
    assert set(own_codes()) <= set(CORE_RULES)
    rules = rule_info(sorted(c.code for c in available_checkers()))
    for cls in available_checkers():
        if cls.code in CORE_RULES:
            continue
        assert rules[cls.code]["summary"] == cls.summary(), cls.code
        assert rules[cls.code]["help"] == cls.description(), cls.code
