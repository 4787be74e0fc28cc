"""Safe YAML loading that remembers where every value came from.

Claim files come from strangers, so: only PyYAML's SafeLoader machinery (never ``yaml.load``
with a full loader), no anchors or aliases (alias bombs), size and node-count limits, and every
scalar kept as the text the author wrote — ``0.60`` must stay ``"0.60"`` (its trailing zero is
precision), ``no`` must not become ``False``, ``1:20`` must not become 80.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import yaml

from ..errors import InputError, Location

#: Largest claim file accepted, in bytes.
MAX_FILE_BYTES = 5 * 1024 * 1024
#: Largest number of YAML nodes in one file.
MAX_NODES = 200_000


class YamlError(InputError):
    code = "CA001"


class MarkedDict(dict):
    """A mapping that knows the location of itself, of each key and of each value."""

    location: Location
    key_locations: dict
    value_locations: dict

    def loc_of(self, key: str) -> Location:
        return self.value_locations.get(key, self.location)

    def key_loc(self, key: str) -> Location:
        return self.key_locations.get(key, self.location)


class MarkedList(list):
    location: Location
    item_locations: list


class MarkedStr(str):
    """A scalar string with its location (and, for quoted scalars, its style)."""

    location: Location


class _Resolver(yaml.resolver.BaseResolver):
    pass


# Only true/false and null are implicit; every other plain scalar stays a string.
_Resolver.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                list("tTfF"))
_Resolver.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])


_ScalarNode = yaml.ScalarNode


def _loc(file: str, node: yaml.Node) -> Location:
    s, e = node.start_mark, node.end_mark
    # A quoted scalar's text starts after its opening quote: columns inside it count from there.
    shift = 1 if node.__class__ is _ScalarNode and node.style in ('"', "'") else 0
    return Location(file, s.line + 1, s.column + 1 + shift, e.line + 1, e.column + 1)


class _Constructor(yaml.constructor.SafeConstructor):
    filename = "<string>"

    def construct_document(self, node: yaml.Node) -> Any:
        return super().construct_document(node)

    def construct_yaml_str(self, node: yaml.ScalarNode) -> MarkedStr:  # type: ignore[override]
        s = MarkedStr(self.construct_scalar(node))
        s.location = _loc(self.filename, node)
        return s

    def construct_marked_seq(self, node: yaml.SequenceNode):  # type: ignore[no-untyped-def]
        lst = MarkedList()
        lst.location = _loc(self.filename, node)
        lst.item_locations = []
        yield lst
        lst.extend(self.construct_object(child, deep=True) for child in node.value)
        # One Location per node: an item that carries its own (strings, mappings, lists) shares it.
        lst.item_locations = [getattr(x, "location", None) or _loc(self.filename, n) for x, n in zip(lst, node.value)]

    def construct_marked_map(self, node: yaml.MappingNode):  # type: ignore[no-untyped-def]
        d = MarkedDict()
        d.location = _loc(self.filename, node)
        d.key_locations, d.value_locations = {}, {}
        yield d
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise YamlError("merge keys (<<) are not allowed in claim files",
                                location=_loc(self.filename, key_node))
            key = self.construct_object(key_node, deep=True)
            try:
                hash(key)
            except TypeError:
                raise YamlError("a mapping key must be a plain value", location=_loc(self.filename, key_node)) from None
            key_location = getattr(key, "location", None) or _loc(self.filename, key_node)
            # Keys are plain shared strings (their place is in key_locations): every claim repeats
            # "id", "value", "formula", so this saves a string and a Location per key.
            key = sys.intern(str(key))
            if key in d:
                raise YamlError(f"duplicate key {key!r}", location=_loc(self.filename, key_node))
            value = d[key] = self.construct_object(value_node, deep=True)
            d.key_locations[key] = key_location
            d.value_locations[key] = getattr(value, "location", None) or _loc(self.filename, value_node)


_Constructor.add_constructor("tag:yaml.org,2002:str", _Constructor.construct_yaml_str)
_Constructor.add_constructor("tag:yaml.org,2002:seq", _Constructor.construct_marked_seq)
_Constructor.add_constructor("tag:yaml.org,2002:map", _Constructor.construct_marked_map)


class _Loader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer,
              _Constructor, _Resolver):
    def __init__(self, stream: str, filename: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        _Constructor.__init__(self)
        _Resolver.__init__(self)
        self.filename = filename
        self._nodes = 0

    def compose_node(self, parent, index):  # type: ignore[no-untyped-def]
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise YamlError("anchors and aliases (*name) are not allowed in claim files",
                            location=Location(self.filename, event.start_mark.line + 1, event.start_mark.column + 1))
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise YamlError(f"file has more than {MAX_NODES} YAML nodes", location=Location(self.filename))
        return super().compose_node(parent, index)


if yaml.__with_libyaml__:
    class _CLoader(yaml.cyaml.CParser, _Constructor, _Resolver):  # type: ignore[misc]
        """libyaml's parser (about ten times faster) with our constructor; limits checked on the tree."""

        def __init__(self, stream: str, filename: str) -> None:
            yaml.cyaml.CParser.__init__(self, stream)
            _Constructor.__init__(self)
            _Resolver.__init__(self)
            self.filename = filename
else:  # pragma: no cover - PyYAML built without libyaml
    _CLoader = None  # type: ignore[assignment,misc]


def _check_tree(root: yaml.Node, filename: str, kind: str = "claim file", max_nodes: int | None = None) -> None:
    """Refuse aliases (a node met twice) and oversized trees in a composed document."""
    seen: set[int] = set()
    stack = [root]
    count = 0
    while stack:
        node = stack.pop()
        if id(node) in seen:
            m = node.start_mark
            raise YamlError(f"anchors and aliases (*name) are not allowed in {kind}s",
                            location=Location(filename, m.line + 1, m.column + 1))
        seen.add(id(node))
        count += 1
        if count > (max_nodes or MAX_NODES):
            raise YamlError(f"file has more than {max_nodes or MAX_NODES} YAML nodes", location=Location(filename))
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                stack.append(k)
                stack.append(v)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)


def load_yaml(text: str, filename: str, *, kind: str = "claim file", max_bytes: int | None = None,
              max_nodes: int | None = None) -> Any:
    """Parse one YAML document from ``text`` with locations; raise :class:`YamlError` located.

    ``kind`` names the file in messages ("answer file"); the limits default to a claim file's.
    """
    limit = max_bytes or MAX_FILE_BYTES
    if len(text.encode("utf-8", "surrogatepass")) > limit:
        size = f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit // 1024} KiB"
        raise YamlError(f"file is larger than {size}: not a {kind}" if max_bytes else f"file is larger than {size}",
                        location=Location(filename))
    loader = _CLoader(text, filename) if _CLoader is not None else _Loader(text, filename)
    try:
        if not loader.check_node():
            return None
        node = loader.get_node()
        if _CLoader is not None:
            _check_tree(node, filename, kind, max_nodes)
        if loader.check_node():
            raise YamlError(f"a {kind} holds one YAML document; found a second '---'",
                            location=Location(filename, loader.peek_event().start_mark.line + 1))
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(filename, mark.line + 1, mark.column + 1) if mark else Location(filename)
        msg = exc.problem or str(exc)
        if exc.context:
            msg = f"{exc.context}: {msg}" if msg else exc.context
        raise YamlError(f"YAML syntax: {msg}", location=where) from None
    except yaml.YAMLError as exc:
        raise YamlError(f"YAML: {exc}", location=Location(filename)) from None
    finally:
        loader.dispose()
