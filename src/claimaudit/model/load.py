"""Read claim files: safe YAML with locations → schema validation → :class:`ClaimFile`.

Every problem found becomes an :class:`InputError` located at ``file:line:col``; a file with
errors still yields the claims that are valid, so the rest of the run completes.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

from ..errors import InputError, Location
from .claims import Citation, Claim, ClaimFile, Given, Ignore, Settings
from .yamlmarks import MarkedDict, MarkedList, YamlError, load_yaml


class SchemaError(InputError):
    code = "CA002"


@lru_cache(maxsize=None)
def claim_schema() -> dict:
    """The JSON Schema of claim files, as shipped in the package (``claimaudit schema`` prints it)."""
    text = resources.files("claimaudit").joinpath("schemas/claims.schema.json").read_text("utf-8")
    return json.loads(text)


@lru_cache(maxsize=None)
def _validator():  # -> jsonschema validator
    import jsonschema

    return jsonschema.Draft202012Validator(claim_schema())


def _known_keys(schema_fragment: dict) -> list[str]:
    return list(schema_fragment.get("properties", {}))


def _suggest(word: str, choices: Iterable[str]) -> tuple[str, ...]:
    from rapidfuzz import fuzz, process

    found = process.extract(word, list(choices), scorer=fuzz.WRatio, limit=2, score_cutoff=70)
    return tuple(c for c, _score, _i in found)


def _node_at(doc: Any, path: Iterable[Any]) -> tuple[Any, Location | None]:
    """Walk ``path`` through the marked tree; return the deepest node and its best location."""
    node, loc = doc, getattr(doc, "location", None)
    for part in path:
        if isinstance(node, MarkedDict) and part in node:
            loc = node.loc_of(part)
            node = node[part]
        elif isinstance(node, MarkedList) and isinstance(part, int) and part < len(node):
            loc = node.item_locations[part]
            node = node[part]
        else:
            break
        if getattr(node, "location", None) is not None:
            loc = node.location
    return node, loc


#: Schema types of a text value: the editor sees YAML numbers as numbers, the loader as text.
TEXT_TYPES = ("string", ["string", "number"])


@lru_cache(maxsize=None)
def _simple_claim_keys() -> dict[str, Any]:
    """Claim keys whose schema is a plain check (string, id pattern, enum, list of strings).

    jsonschema costs ~0.2 ms per claim; claims that use only these keys, with well-formed values,
    are checked here and skip it. Anything else goes through jsonschema for its precise messages.
    """
    import re

    schema = claim_schema()
    defs = schema["$defs"]
    simple: dict[str, Any] = {}
    for key, sub in defs["claim"]["properties"].items():
        if "$ref" in sub:
            sub = defs[sub["$ref"].rsplit("/", 1)[-1]]
        # The loader reads YAML numbers as text, so "text or number" is text here.
        if "enum" in sub and "type" not in sub:
            simple[key] = frozenset(e for e in sub["enum"] if isinstance(e, str))
        elif sub.get("type") in TEXT_TYPES and set(sub) <= {"type", "description", "pattern", "minLength"}:
            pattern = re.compile(sub["pattern"]) if "pattern" in sub else None
            simple[key] = ("str", pattern, sub.get("minLength", 0))
        elif (sub.get("type") == "array" and sub.get("items") in ({"type": "string"}, {"$ref": "#/$defs/scalar"})
              and set(sub) <= {"type", "items", "description"}):   # minItems etc. need jsonschema
            simple[key] = "strlist"
    return simple


def _fast_valid(item: Any) -> bool:
    if not isinstance(item, dict) or "id" not in item:
        return False
    simple = _simple_claim_keys()
    for key, value in item.items():
        rule = simple.get(key)
        if rule is None:
            return False
        if isinstance(rule, frozenset):
            if not isinstance(value, str) or value not in rule:
                return False
        elif rule == "strlist":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                return False
        else:
            _kind, pattern, min_len = rule
            if not isinstance(value, str) or len(value) < min_len or (pattern and not pattern.search(value)):
                return False
    return True


def _schema_errors(doc: Any, path: str) -> list[InputError]:
    claims = doc.get("claims") if isinstance(doc, dict) else None
    if isinstance(claims, MarkedList) and all(_fast_valid(c) for c in claims):
        # Validate the file without its (already checked) claims.
        shell = MarkedDict({k: v for k, v in doc.items() if k != "claims"})
        shell.location, shell.key_locations, shell.value_locations = doc.location, doc.key_locations, doc.value_locations
        shell["claims"] = []
        return _full_schema_errors(shell, path)
    return _full_schema_errors(doc, path)


def _full_schema_errors(doc: Any, path: str) -> list[InputError]:
    from jsonschema.exceptions import best_match

    errors: list[InputError] = []
    for err in sorted(_validator().iter_errors(doc), key=lambda e: list(map(str, e.absolute_path))):
        node, loc = _node_at(doc, err.absolute_path)
        loc = loc or Location(path)
        if err.validator == "additionalProperties" and isinstance(node, MarkedDict):
            allowed = _known_keys(err.schema)
            for key in node:
                if key not in allowed and not any(
                    __import__("re").match(p, key) for p in err.schema.get("patternProperties", {})
                ):
                    errors.append(SchemaError(f"unknown key {key!r}", location=node.key_loc(key),
                                              suggestions=_suggest(key, allowed)))
            continue
        if err.validator in ("oneOf", "anyOf") and err.context:
            err = best_match(err.context)
        where = "/".join(map(str, err.absolute_path)) or "(top)"
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


def build_claims(doc: Any, *, path: str, module: str, base: Settings = Settings()) -> tuple[ClaimFile | None, list[InputError]]:
    """Validate a loaded claim document and build the model (valid claims kept even if others fail)."""
    if doc is None:
        return None, [SchemaError("empty claim file: expected a mapping with a 'claims' list", location=Location(path))]
    if not isinstance(doc, MarkedDict):
        return None, [SchemaError("a claim file is a mapping with a 'claims' list", location=getattr(doc, "location", Location(path)))]
    errors = _schema_errors(doc, path)
    bad_claims = {_claim_index(e, doc) for e in errors} - {None}
    file_settings = _settings(doc.get("defaults"), base)
    claims: list[Claim] = []
    seen: dict[str, Location] = {}
    items = doc.get("claims") if isinstance(doc.get("claims"), MarkedList) else []
    for i, item in enumerate(items):
        if i in bad_claims or not isinstance(item, MarkedDict) or "id" not in item:
            continue
        cid = str(item["id"])
        if cid in seen:
            errors.append(InputError(f"duplicate claim id {cid!r} (first defined at {seen[cid]})", location=item.loc_of("id")))
            continue
        seen[cid] = item.loc_of("id")
        settings = _settings(item, file_settings)
        given = []
        for name, g in (item.get("given") or {}).items():
            gl = item["given"].loc_of(name)
            if isinstance(g, dict):
                given.append(Given(name, str(g["value"]), g.loc_of("value"), g.get("quote"), g.get("at"),
                                   g.get("source"), _settings(g, settings)))
            else:
                given.append(Given(name, str(g), gl, settings=settings))
        claims.append(Claim(
            id=cid, module=module, file=path, location=item.location, settings=settings,
            value=item.get("value"), value_location=item.loc_of("value") if "value" in item else None,
            formula=item.get("formula"), formula_location=item.loc_of("formula") if "formula" in item else None,
            quote=item.get("quote"), quote_location=item.loc_of("quote") if "quote" in item else None,
            at=item.get("at"), source=item.get("source") or doc.get("source"),
            also_in=tuple(Citation(c["source"], c.get("quote"), c.get("at"), c.get("value")) for c in item.get("also_in") or ()),
            given=tuple(given), relation=item.get("relation"), expect=item.get("expect"),
            because=item.get("because"), title=item.get("title"),
            tags=tuple(item.get("tags") or ()) + tuple(doc.get("tags") or ()),
            ignore=_ignores(item.get("ignore")) + _ignores(doc.get("ignore")),
            raw=item,
        ))
    cf = ClaimFile(path=path, module=module, source=doc.get("source"), settings=file_settings, claims=claims,
                   ignore=_ignores(doc.get("ignore")), tags=tuple(doc.get("tags") or ()), title=doc.get("title"))
    return cf, errors


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
    shown = display or str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return None, [InputError(f"cannot read claim file: {exc.strerror}", location=Location(shown))]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, [InputError(f"claim file is not UTF-8 (byte {exc.start})", location=Location(shown))]
    return load_claim_text(text, shown, module=module_name(path), base=base)
