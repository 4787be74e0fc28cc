"""Read claim files: safe YAML with locations → schema validation → :class:`ClaimFile`.

Every problem found becomes an :class:`InputError` located at ``file:line:col``; a file with
errors still yields the claims that are valid, so the rest of the run completes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import InputError, Location
from ..suggest import did_you_mean
from .claims import Citation, Claim, ClaimFile, Given, Ignore, Settings
from .yamlmarks import MarkedDict, MarkedList, YamlError, load_yaml


class SchemaError(InputError):
    code = "CA002"


#: The shipped schema beside the package's modules (where it is installed as files, as it nearly always is).
_SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schemas" / "claims.schema.json"


@cache
def claim_schema() -> dict:
    """The JSON Schema of claim files, as shipped in the package (``claimaudit schema`` prints it).

    Read as a file where the package is files; through importlib.resources only where it is not (a
    zipped package): its readers and zipfile are 0.7 MB of a run's memory."""
    if _SCHEMA_FILE.is_file():
        return json.loads(_SCHEMA_FILE.read_text("utf-8"))
    return json.loads(resources.files("claimaudit").joinpath("schemas/claims.schema.json").read_text("utf-8"))


@cache
def _validator():  # -> jsonschema validator
    import jsonschema

    return jsonschema.Draft202012Validator(claim_schema())


def _known_keys(schema_fragment: dict) -> list[str]:
    return list(schema_fragment.get("properties", {}))


def _node_at(doc: Any, path: Iterable[Any]) -> tuple[Any, Location | None]:
    """Walk ``path`` through the marked tree; return the deepest node and its best location."""
    node, loc = doc, getattr(doc, "location", None)
    for part in path:
        if isinstance(node, MarkedDict) and part in node:
            loc = node.loc_of(part)
            node = node[part]
        elif isinstance(node, MarkedList) and isinstance(part, int) and part < len(node):
            loc = node.item_loc(part)
            node = node[part]
        else:
            break
        if getattr(node, "location", None) is not None:
            loc = node.location
    return node, loc


# -- fast path: a structural check compiled from the same schema ---------------------------------
#
# jsonschema costs ~40 µs per claim. Most claims are valid, so each is first checked by a plain
# predicate compiled from the shipped schema; only claims (and a top level) that fail it go through
# jsonschema, whose errors keep their wording and file:line:col. A keyword the compiler does not know
# compiles to "fails", so a schema change can only send more claims to jsonschema, never fewer.

_Check = Callable[[Any], bool]
_IGNORED_KEYWORDS = frozenset({"$schema", "$id", "$comment", "title", "description", "examples", "default",
                               "$defs"})
_TYPES: dict[str, _Check] = {
    "string": lambda v: isinstance(v, str),
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
}


def _never(_v: Any) -> bool:
    return False


class _Compiler:
    def __init__(self, root: dict) -> None:
        self.root = root
        self.refs: dict[str, _Check] = {}

    def ref(self, target: str) -> _Check:
        if target not in self.refs:
            if not target.startswith("#/$defs/"):
                return _never
            holder: list[_Check] = []
            self.refs[target] = lambda v: holder[0](v)    # recursive definitions resolve late
            holder.append(self.compile(self.root["$defs"][target.rsplit("/", 1)[-1]]))
        return self.refs[target]

    def compile(self, schema: Any) -> _Check:
        if schema is True:
            return lambda v: True
        if not isinstance(schema, dict) or set(schema) - _IGNORED_KEYWORDS - _COMPILERS.keys():
            return _never
        compiled = [_COMPILERS[k](self, schema[k], schema) for k in schema if k in _COMPILERS]
        checks: list[_Check] = [c for c in compiled if c is not None]
        if len(checks) == 1:
            return checks[0]
        return lambda v: all(c(v) for c in checks)


def _c_type(comp: _Compiler, value: Any, _s: dict) -> _Check:
    kinds = [value] if isinstance(value, str) else list(value)
    if any(k not in _TYPES for k in kinds):
        return _never
    tests = [_TYPES[k] for k in kinds]
    return tests[0] if len(tests) == 1 else (lambda v: any(t(v) for t in tests))


def _c_enum(comp: _Compiler, value: Any, _s: dict) -> _Check:
    allowed = list(value)
    # jsonschema compares by JSON equality, where 1 == True: booleans and other kinds go to jsonschema.
    if not all(isinstance(a, (str, int)) and not isinstance(a, bool) for a in allowed):
        return _never
    texts = frozenset(a for a in allowed if isinstance(a, str))
    numbers = frozenset(a for a in allowed if not isinstance(a, str))   # the editor's YAML numbers
    return lambda v: (v in texts if isinstance(v, str)
                      else isinstance(v, int) and not isinstance(v, bool) and v in numbers)


def _c_pattern(comp: _Compiler, value: Any, _s: dict) -> _Check:
    import re

    search = re.compile(value).search
    return lambda v: not isinstance(v, str) or search(v) is not None


def _c_min_length(comp: _Compiler, value: Any, _s: dict) -> _Check:
    return lambda v: not isinstance(v, str) or len(v) >= value


def _c_min_items(comp: _Compiler, value: Any, _s: dict) -> _Check:
    return lambda v: not isinstance(v, list) or len(v) >= value


def _c_required(comp: _Compiler, value: Any, _s: dict) -> _Check:
    keys = tuple(value)
    return lambda v: not isinstance(v, dict) or all(k in v for k in keys)


def _c_properties(comp: _Compiler, value: Any, schema: dict) -> _Check:
    props = {k: comp.compile(sub) for k, sub in value.items()}
    extra = schema.get("additionalProperties", True)
    if schema.get("patternProperties"):
        return _never
    extra_check = None if extra is True else (_never if extra is False else comp.compile(extra))

    def check(v: Any) -> bool:
        if not isinstance(v, dict):
            return True
        for k, x in v.items():
            c = props.get(k)
            if c is None:
                if extra_check is not None and not extra_check(x):
                    return False
            elif not c(x):
                return False
        return True

    return check


def _c_additional(comp: _Compiler, value: Any, schema: dict) -> _Check | None:
    if "properties" in schema:
        return None                      # handled with the properties
    if schema.get("patternProperties"):
        return _never
    sub = comp.compile(value) if value is not True else None
    if sub is None:
        return None
    return lambda v: not isinstance(v, dict) or all(sub(x) for x in v.values())


def _c_property_names(comp: _Compiler, value: Any, _s: dict) -> _Check:
    sub = comp.compile(value)
    return lambda v: not isinstance(v, dict) or all(sub(k) for k in v)


def _c_items(comp: _Compiler, value: Any, _s: dict) -> _Check:
    sub = comp.compile(value)
    return lambda v: not isinstance(v, list) or all(sub(x) for x in v)


def _c_one_of(comp: _Compiler, value: Any, _s: dict) -> _Check:
    subs = [comp.compile(x) for x in value]
    return lambda v: sum(1 for c in subs if c(v)) == 1


def _c_any_of(comp: _Compiler, value: Any, _s: dict) -> _Check:
    subs = [comp.compile(x) for x in value]
    return lambda v: any(c(v) for c in subs)


def _c_ref(comp: _Compiler, value: Any, _s: dict) -> _Check:
    return comp.ref(value)


_COMPILERS: dict[str, Callable[[_Compiler, Any, dict], _Check | None]] = {
    "type": _c_type, "enum": _c_enum, "pattern": _c_pattern, "minLength": _c_min_length,
    "minItems": _c_min_items, "required": _c_required, "properties": _c_properties,
    "additionalProperties": _c_additional, "propertyNames": _c_property_names, "items": _c_items,
    "oneOf": _c_one_of, "anyOf": _c_any_of, "$ref": _c_ref,
}


@cache
def _fast_checks() -> tuple[_Check, _Check]:
    """(top level without its claims, one claim): plain predicates compiled from the claim schema."""
    schema = claim_schema()
    comp = _Compiler(schema)
    return comp.compile({k: v for k, v in schema.items() if k != "$defs"}), comp.ref("#/$defs/claim")


def _schema_errors(doc: Any, path: str) -> list[InputError]:
    """Schema errors of a claim file: claims that pass the structural check skip jsonschema."""
    check_top, check_claim = _fast_checks()
    claims = doc.get("claims") if isinstance(doc, dict) else None
    if not isinstance(claims, MarkedList):
        return _full_schema_errors(doc, path)
    failing = [i for i, c in enumerate(claims) if not check_claim(c)]
    shell = doc.without("claims")
    shell["claims"] = []
    if not failing and check_top(shell):
        return []
    # jsonschema sees the file with only its failing claims; paths are mapped back to the file's indices.
    shell["claims"] = [claims[i] for i in failing]
    return _full_schema_errors(shell, path, doc=doc, claim_index=failing)


def _full_schema_errors(checked: Any, path: str, *, doc: Any = None,
                        claim_index: list[int] | None = None) -> list[InputError]:
    """jsonschema's errors on ``checked``: the file, or a shell of it holding only the claims at
    ``claim_index`` of ``doc`` (error paths and locations are those of ``doc``)."""
    from jsonschema.exceptions import best_match

    doc = checked if doc is None else doc

    def at(e: Any) -> list[Any]:
        p = list(e.absolute_path)
        if claim_index is not None and len(p) > 1 and p[0] == "claims" and isinstance(p[1], int):
            p[1] = claim_index[p[1]]
        return p

    errors: list[InputError] = []
    found = [(at(e), e) for e in _validator().iter_errors(checked)]
    for err_path, err in sorted(found, key=lambda pe: list(map(str, pe[0]))):
        node, loc = _node_at(doc, err_path)
        loc = loc or Location(path)
        if err.validator == "additionalProperties" and isinstance(node, MarkedDict):
            allowed = _known_keys(err.schema)
            for key in node:
                if key not in allowed and not any(
                    __import__("re").match(p, key) for p in err.schema.get("patternProperties", {})
                ):
                    errors.append(SchemaError(f"unknown key {key!r}", location=node.key_loc(key),
                                              suggestions=did_you_mean(key, allowed)))
            continue
        if err.validator in ("oneOf", "anyOf") and err.context:
            err = best_match(err.context)
            err_path = at(err)
        where = "/".join(map(str, err_path)) or "(top)"
        message = err.message
        if err.validator == "pattern" and err.schema.get("description"):
            # Say what the pattern means, not the regular expression.
            message = f"{err.instance!r} is not {err.schema['description']}"
        errors.append(SchemaError(f"{where}: {message}", location=loc))
    return errors


def module_name(path: Path) -> str:
    """A claim file's key for dotted references: its stem (``claims/v3_cost.yaml`` → ``v3_cost``)."""
    name = path.name
    for suffix in (".claims.yaml", ".claims.yml", ".yaml", ".yml", ".md"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return path.stem


def _settings(mapping: Any, base: Settings) -> Settings:
    return base.merged(mapping) if isinstance(mapping, dict) else base


def _ignores(items: Any) -> tuple[Ignore, ...]:
    return tuple(Ignore(str(i["code"]), str(i["reason"])) for i in items or () if isinstance(i, dict)
                 and "code" in i and "reason" in i)


#: A claim's place left to its loaded mapping (see claims._Place).
_IN_RAW: Any = None


def build_claims(doc: Any, *, path: str, module: str, base: Settings = Settings(),
                 default_source: str | None = None) -> tuple[ClaimFile | None, list[InputError]]:
    """Validate a loaded claim document and build the model (valid claims kept even if others fail);
    ``default_source``: the source of claims whose file names none."""
    if doc is None:
        return None, [SchemaError("empty claim file: expected a mapping with a 'claims' list", location=Location(path))]
    if not isinstance(doc, MarkedDict):
        return None, [SchemaError("a claim file is a mapping with a 'claims' list",
                                  location=getattr(doc, "location", Location(path)))]
    errors = _schema_errors(doc, path)
    bad_claims = {_claim_index(e, doc) for e in errors} - {None}
    file_settings = _settings(doc.get("defaults"), base)
    if doc.get("units") is not None:  # unit declarations of this file (model/claims.py validates them)
        try:
            file_settings = file_settings.merged({"units": doc["units"]})
        except InputError as exc:
            errors.append(exc if exc.location else exc.located(doc.loc_of("units")))
    claims: list[Claim] = []
    seen: dict[str, Location] = {}
    claims_node = doc.get("claims")
    items = claims_node if isinstance(claims_node, MarkedList) else []
    for i, item in enumerate(items):
        if i in bad_claims or not isinstance(item, MarkedDict) or "id" not in item:
            continue
        cid = str(item["id"])
        mixed = mixed_scripts(cid)
        if mixed:
            errors.append(SchemaError(f"claim id {cid!r} mixes {' and '.join(mixed)} letters: it could pass for "
                                      "another id that looks the same; write it in one script",
                                      location=item.loc_of("id")))
            continue
        if cid in seen:
            errors.append(InputError(f"duplicate claim id {cid!r} (first defined at {seen[cid]})",
                                     location=item.loc_of("id")))
            continue
        seen[cid] = item.loc_of("id")
        settings = _settings(item, file_settings)
        given = []
        for name, g in (item.get("given") or {}).items():
            gl = item["given"].loc_of(name)
            if isinstance(g, MarkedDict):   # every YAML mapping loads as one
                given.append(Given(name, str(g["value"]), g.loc_of("value"), g.get("quote"), g.get("at"),
                                   g.get("source"), _settings(g, settings)))
            else:
                given.append(Given(name, str(g), gl, settings=settings))
        # The places (None) are the item's: the claim builds them from ``raw`` when they are read.
        claims.append(Claim(
            id=cid, module=module, file=path, location=_IN_RAW, settings=settings,
            value=item.get("value"), formula=item.get("formula"), quote=item.get("quote"),
            at=item.get("at"), source=item.get("source") or doc.get("source") or default_source,
            also_in=tuple(Citation(c["source"], c.get("quote"), c.get("at"), c.get("value"))
                          for c in item.get("also_in") or ()),
            given=tuple(given), relation=item.get("relation"), expect=item.get("expect"),
            because=item.get("because"), title=item.get("title"),
            tags=tuple(item.get("tags") or ()) + tuple(doc.get("tags") or ()),
            ignore=_ignores(item.get("ignore")) + _ignores(doc.get("ignore")),
            raw=item,
        ))
    cf = ClaimFile(path=path, module=module, source=doc.get("source"), settings=file_settings, claims=claims,
                   ignore=_ignores(doc.get("ignore")), tags=tuple(doc.get("tags") or ()), title=doc.get("title"))
    return cf, errors


#: Scripts that may share one identifier (UTS #39 "highly restrictive": Latin with Han and Japanese
#: kana, or with Hangul); any other mixture (Latin "total" and Cyrillic-o "tоtal") is refused.
_SCRIPT_SETS = ({"LATIN", "CJK", "HIRAGANA", "KATAKANA"}, {"LATIN", "CJK", "HANGUL"})


def mixed_scripts(name: str) -> tuple[str, ...]:
    """The scripts of ``name``'s letters when they mix confusably (``tоtal`` with a Cyrillic o), else ()."""
    if name.isascii():
        return ()
    import unicodedata

    scripts: set[str] = set()
    for ch in name:
        if unicodedata.category(ch).startswith("L"):
            word = unicodedata.name(ch, "UNKNOWN").split()[0]
            scripts.add("LATIN" if word == "FULLWIDTH" else word)
    if len(scripts) <= 1 or any(scripts <= allowed for allowed in _SCRIPT_SETS):
        return ()
    return tuple(sorted(s.title() for s in scripts))


def _claim_index(err: InputError, doc: MarkedDict) -> int | None:
    """Which claim (index in the 'claims' list) an error falls inside, if any."""
    loc = err.location
    items = doc.get("claims")
    if not loc or not isinstance(items, MarkedList):
        return None
    for i, item in enumerate(items):
        il = getattr(item, "location", None)
        if il and il.end_line and (il.line, il.col) <= (loc.line, loc.col) < (il.end_line, il.end_col or 0):
            return i
    return None


def load_claim_text(text: str, path: str, *, module: str | None = None,
                    base: Settings = Settings()) -> tuple[ClaimFile | None, list[InputError]]:
    try:
        doc = load_yaml(text, path)
    except YamlError as exc:
        return None, [exc]
    return build_claims(doc, path=path, module=module or module_name(Path(path)), base=base)


def load_claim_file(path: Path, *, display: str | None = None,
                    base: Settings = Settings()) -> tuple[ClaimFile | None, list[InputError]]:
    from .yamlmarks import MAX_FILE_BYTES

    return read_claims(path, display, MAX_FILE_BYTES, "claim file", load_claim_text, base)


def read_claims(path: Path, display: str | None, max_bytes: int, what: str,
                parse: Callable[..., tuple[Any, list[InputError]]],
                base: Settings) -> tuple[Any, list[InputError]]:
    """Read a file of claims (bounded in size) and ``parse(text, shown, module=, base=)`` it; a file
    that cannot be read is the one error."""
    from ..safeio import read_text

    shown = display or str(path)
    try:
        text = read_text(path, max_bytes=max_bytes, what=what, shown=shown)
    except InputError as exc:
        return None, [exc]
    return parse(text, shown, module=module_name(path), base=base)
