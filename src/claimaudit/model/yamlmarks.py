"""Safe YAML loading that remembers where every value came from.

Claim files come from strangers, so: only PyYAML's SafeLoader machinery (never ``yaml.load``
with a full loader), no anchors or aliases (alias bombs), size and node-count limits, and every
scalar kept as the text the author wrote — ``0.60`` must stay ``"0.60"`` (its trailing zero is
precision), ``no`` must not become ``False``, ``1:20`` must not become 80.
"""

from __future__ import annotations

import gc
import re
import sys
from array import array
from collections.abc import Iterator, Sequence
from typing import Any, overload

import yaml

from ..errors import InputError, Location

#: Largest claim file accepted, in bytes.
MAX_FILE_BYTES = 5 * 1024 * 1024
#: Largest number of YAML nodes in one file.
MAX_NODES = 200_000
#: Deepest nesting of lists and mappings (a claim file needs five or six).
MAX_DEPTH = 100


class YamlError(InputError):
    code = "CA001"


#: Places as kept: one byte per integer after a 3-byte first line (see :func:`_packed`), or, where
#: that cannot hold them, an array of 16- or 32-bit integers.
Marks = bytes | array


def _packed(places: list[int], first: int = 0) -> Marks:
    """Places (four integers each: line, col, end line, end col; the first place the holder's own),
    their lines counted from line ``first``, in as few bytes as hold them: ``first`` in three bytes,
    then every integer in one byte (the holder's parts lie within a few lines of its first line, on
    lines shorter than 256 characters). One bytes object a mapping, not an array and its buffer (64
    bytes instead of ~130 for a claim's mapping). Else an array of 16-bit integers, or of 32-bit ones
    in a file longer than 65,535 lines or with a longer line, lines as they are."""
    try:
        return first.to_bytes(3, "little") + bytes(places)
    except (ValueError, OverflowError):
        pass
    if first:
        places = places.copy()
        places[0::2] = [p + first for p in places[0::2]]
    try:
        return array("H", places)
    except OverflowError:
        return array("I", places)


def _repacked(places: list[int]) -> Marks:
    """:func:`_packed` for places whose lines are as they are (counted from line 0)."""
    first = places[0]
    relative = places.copy()
    relative[0::2] = [p - first for p in places[0::2]]
    return _packed(relative, first)


def _count(marks: Marks) -> int:
    """How many integers ``marks`` holds."""
    return len(marks) - 3 if marks.__class__ is bytes else len(marks)


def _unpacked(marks: Marks) -> list[int]:
    """Every integer of ``marks``, lines as they are (counted from line 0)."""
    if isinstance(marks, array):
        return marks.tolist()
    first = int.from_bytes(marks[:3], "little")
    return [p + first if i % 2 == 0 else p for i, p in enumerate(marks[3:])]


def _place(file: str, marks: Marks, i: int) -> Location:
    """The Location kept as four integers from the ``i``-th one of ``marks`` (line, col, end line, end col)."""
    if marks.__class__ is bytes:
        first = int.from_bytes(marks[:3], "little")
        line, col, end_line, end_col = marks[3 + i: 7 + i]
        return Location(file, first + line, col, first + end_line, end_col)
    return Location(file, marks[i], marks[i + 1], marks[i + 2], marks[i + 3])


class _Placed:
    """What a loaded mapping or list has in common: its place and its parts' places as integers,
    four a place (line, col, end line, end col) in one :data:`Marks`, its own first."""

    __slots__ = ()
    _file: str
    _marks: Marks

    @property
    def location(self) -> Location:
        return _place(self._file, self._marks, 0)

    def shift_lines(self, lines: int) -> None:
        """Move every place down by ``lines`` (a Markdown doc's claim block: its YAML starts there)."""
        marks = _unpacked(self._marks)
        for i in range(0, len(marks), 4):
            marks[i] += lines
            marks[i + 2] += lines
        self._marks = _repacked(marks)  # type: ignore[misc]  # the subclasses' slot


class MarkedDict(_Placed, dict):
    """A mapping that knows the location of itself, of each key and of each value.

    The locations are kept as small integers (the mapping's own place, then each key's and its
    value's, in the order the file gives them) and become :class:`Location` objects only when asked
    for: most never are, and an object per place was half of a loaded claim's memory. No
    ``__dict__`` either (slots).
    """

    __slots__ = ("_file", "_marks")

    def _index(self, key: str) -> int:
        """Where ``key``'s places start in the array (-1 when the mapping did not come with it)."""
        for i, k in enumerate(self):
            if k == key:
                at = 4 + 8 * i
                return at if at + 8 <= _count(self._marks) else -1
        return -1

    def loc_of(self, key: str) -> Location:
        i = self._index(key)
        return _place(self._file, self._marks, i + 4) if i >= 0 else self.location

    def key_loc(self, key: str) -> Location:
        i = self._index(key)
        return _place(self._file, self._marks, i) if i >= 0 else self.location

    def without(self, key: str) -> MarkedDict:
        """A copy without ``key``, its other places kept."""
        d = MarkedDict()
        old = _unpacked(self._marks)
        marks = old[:4]
        for i, (k, v) in enumerate(self.items()):
            if k != key:
                d[k] = v
                marks += old[4 + 8 * i: 12 + 8 * i]
        d._file, d._marks = self._file, _repacked(marks)
        return d


class MarkedList(_Placed, list):
    """A list that knows the location of itself and of each item (kept as in :class:`MarkedDict`)."""

    __slots__ = ("_file", "_marks")

    def item_loc(self, i: int) -> Location:
        return _place(self._file, self._marks, 4 + 4 * i)

    @property
    def item_locations(self) -> _ItemPlaces:
        return _ItemPlaces(self)


class _ItemPlaces(Sequence[Location]):
    """A list's item locations, each built when it is read."""

    __slots__ = ("_items",)

    def __init__(self, items: MarkedList) -> None:
        self._items = items

    def __len__(self) -> int:
        return (_count(self._items._marks) - 4) // 4

    @overload
    def __getitem__(self, i: int) -> Location: ...
    @overload
    def __getitem__(self, i: slice) -> list[Location]: ...
    def __getitem__(self, i: int | slice) -> Location | list[Location]:
        if isinstance(i, slice):
            return [self[j] for j in range(len(self))[i]]
        n = len(self)
        if not -n <= i < n:
            raise IndexError("item index out of range")
        return self._items.item_loc(i % n)


class _Resolver(yaml.resolver.BaseResolver):
    pass


# Only true/false and null are implicit; every other plain scalar stays a string.
_Resolver.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                list("tTfF"))
_Resolver.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])


_ScalarNode = yaml.ScalarNode


def _loc(file: str, node: yaml.Node) -> Location:
    return Location(file, *_marks(node))


def _marks(node: yaml.Node, first: int = 0) -> tuple[int, int, int, int]:
    """The node's place (line, col, end line, end col), its lines counted from line ``first``."""
    s, e = node.start_mark, node.end_mark
    # A quoted scalar's text starts after its opening quote: columns inside it count from there.
    shift = 1 if node.__class__ is _ScalarNode and node.style in ('"', "'") else 0
    return s.line + 1 - first, s.column + 1 + shift, e.line + 1 - first, e.column + 1


class _Constructor(yaml.constructor.SafeConstructor):
    filename = "<string>"

    def construct_document(self, node: yaml.Node) -> Any:
        return super().construct_document(node)

    def construct_yaml_str(self, node: yaml.ScalarNode) -> str:
        # A plain str: its location is kept by the mapping or list that holds it (a str subclass
        # with a location costs a dict per scalar, a third of a loaded claim's memory).
        return self.construct_scalar(node)

    def construct_marked_seq(self, node: yaml.SequenceNode) -> Iterator[MarkedList]:
        lst = MarkedList()
        lst._file, lst._marks = self.filename, array("I", _marks(node))
        yield lst
        lst.extend(self.construct_object(child, deep=True) for child in node.value)
        first = node.start_mark.line + 1
        places = list(_marks(node, first))
        for child in node.value:
            places += _marks(child, first)
        lst._marks = _packed(places, first)

    def construct_marked_map(self, node: yaml.MappingNode) -> Iterator[MarkedDict]:
        d = MarkedDict()
        d._file, d._marks = self.filename, array("I", _marks(node))
        yield d
        first = node.start_mark.line + 1
        places = list(_marks(node, first))
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise YamlError("merge keys (<<) are not allowed in claim files",
                                location=_loc(self.filename, key_node))
            key = self.construct_object(key_node, deep=True)
            try:
                hash(key)
            except TypeError:
                raise YamlError("a mapping key must be a plain value", location=_loc(self.filename, key_node)) from None
            # Keys are plain shared strings (their place is in the mapping's array): every claim
            # repeats "id", "value", "formula", so this saves a string per key.
            key = sys.intern(str(key))
            if key in d:
                raise YamlError(f"duplicate key {key!r}", location=_loc(self.filename, key_node))
            d[key] = self.construct_object(value_node, deep=True)
            places += _marks(key_node, first)
            places += _marks(value_node, first)
        d._marks = _packed(places, first)


# The stubs want a whole loader class as the methods' self; PyYAML calls them on the loader, of
# which _Constructor is a base.
_Constructor.add_constructor("tag:yaml.org,2002:str", _Constructor.construct_yaml_str)  # type: ignore[type-var]
_Constructor.add_constructor("tag:yaml.org,2002:seq", _Constructor.construct_marked_seq)  # type: ignore[type-var]
_Constructor.add_constructor("tag:yaml.org,2002:map", _Constructor.construct_marked_map)  # type: ignore[type-var]


class _Loader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _Constructor, _Resolver):
    """The pure-Python parser, used only where PyYAML was built without libyaml."""

    def __init__(self, stream: str, filename: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        _Constructor.__init__(self)
        _Resolver.__init__(self)
        self.filename = filename


if yaml.__with_libyaml__:
    from yaml._yaml import CParser  # what yaml.cyaml re-exports; the stubs name it only here

    class _CLoader(CParser, _Constructor, _Resolver):
        """libyaml's parser (about ten times faster) with our constructor."""

        def __init__(self, stream: str, filename: str) -> None:
            CParser.__init__(self, stream)
            _Constructor.__init__(self)
            _Resolver.__init__(self)
            self.filename = filename
else:  # pragma: no cover - PyYAML built without libyaml
    _CLoader = None  # type: ignore[assignment,misc]


def _event_loc(filename: str, event: yaml.Event) -> Location:
    mark = event.start_mark
    assert mark is not None  # noqa: S101 - invariant: the parser marks every event it makes
    return Location(filename, mark.line + 1, mark.column + 1)


_EVENT_KIND: dict[type, str] = {
    yaml.MappingEndEvent: "end", yaml.SequenceEndEvent: "end", yaml.DocumentEndEvent: "document_end",
    yaml.AliasEvent: "alias", yaml.ScalarEvent: "scalar", yaml.SequenceStartEvent: "sequence",
    yaml.MappingStartEvent: "mapping",
}
_MappingNode = yaml.MappingNode
_STR_TAG = _Resolver.DEFAULT_SCALAR_TAG
#: First characters of the plain scalars an implicit resolver may type (bool, null); "" is the empty scalar.
_IMPLICIT_FIRST = frozenset(k for k in _Resolver.yaml_implicit_resolvers if k)
_PATH_RESOLVERS = bool(_Resolver.yaml_path_resolvers) or None in _Resolver.yaml_implicit_resolvers


def _event_kind(event: yaml.Event) -> str:
    for cls, what in _EVENT_KIND.items():
        if isinstance(event, cls):
            return what
    return "mapping"


def _compose(loader: Any, filename: str, kind: str, max_nodes: int) -> yaml.Node:
    """Build one document's node tree from the parser's events, enforcing the limits as it goes.

    libyaml's own composer builds the whole tree before anything can be counted (a 5 MiB file of
    tiny scalars: seconds and most of a GiB); here each event is counted when it arrives, so an
    oversized file stops at the limit. Explicit tags (``!!int x``, ``!!map``, ``!foo``) are refused:
    claim data is strings, lists and mappings, and a core-type tag would make PyYAML convert (and
    crash on) the value. Anchors/aliases are refused (alias bombs). Nesting is bounded so the
    constructor's recursion is too.
    """
    loader.get_event()  # DocumentStartEvent
    count = 0
    # Each open collection: (node, pending key node or None, is_mapping).
    stack: list[tuple[yaml.Node, list]] = []
    root: yaml.Node | None = None
    node: yaml.Node
    get_event = loader.get_event
    while True:
        event = get_event()
        # One dictionary look-up on the event's class instead of a chain of isinstance calls (this
        # loop runs once per YAML node); a class it does not know (a subclass) is looked up by isinstance.
        what = _EVENT_KIND.get(event.__class__) or _event_kind(event)
        if what == "end":
            node, _pending = stack.pop()
            node.end_mark = event.end_mark
            if not stack:
                root = node
                break
            continue
        if what == "document_end":  # pragma: no cover - a bare scalar ends earlier
            break
        if what == "alias" or getattr(event, "anchor", None) is not None:
            raise YamlError(f"anchors and aliases (*name) are not allowed in {kind}s",
                            location=_event_loc(filename, event))
        tag = getattr(event, "tag", None)
        if tag is not None:
            raise YamlError(f"YAML tags ({tag.replace('tag:yaml.org,2002:', '!!')}) are not allowed in {kind}s: "
                            "write the value as plain text", location=_event_loc(filename, event))
        count += 1
        if count > max_nodes:
            raise YamlError(f"file has more than {max_nodes} YAML nodes", location=_event_loc(filename, event))
        if what == "scalar":
            value = event.value
            # A plain scalar whose first character starts no implicit type (true/false, null) is a
            # string: the resolver's answer without the call.
            scalar_tag = (_STR_TAG if value and value[0] not in _IMPLICIT_FIRST and not _PATH_RESOLVERS
                          else loader.resolve(yaml.ScalarNode, value, event.implicit))
            node = yaml.ScalarNode(scalar_tag, value, event.start_mark, event.end_mark,
                                   style=event.style)
        elif what == "sequence":
            node = yaml.SequenceNode(loader.resolve(yaml.SequenceNode, None, event.implicit), [],
                                     event.start_mark, None, flow_style=event.flow_style)
        else:  # MappingStartEvent
            node = yaml.MappingNode(loader.resolve(yaml.MappingNode, None, event.implicit), [],
                                    event.start_mark, None, flow_style=event.flow_style)
        if stack:
            parent, pending = stack[-1]
            if parent.__class__ is _MappingNode:
                if pending:
                    parent.value.append((pending.pop(), node))
                else:
                    pending.append(node)
            else:
                parent.value.append(node)
        if what == "scalar":
            if not stack:
                root = node
                break
        else:
            if len(stack) >= MAX_DEPTH:
                raise YamlError(f"YAML nested more than {MAX_DEPTH} levels deep", location=_event_loc(filename, event))
            stack.append((node, []))
    end = loader.get_event()
    if not isinstance(end, yaml.DocumentEndEvent) or root is None:  # pragma: no cover - the parser guarantees it
        raise YamlError("malformed YAML document", location=_event_loc(filename, end))
    return root


#: Characters YAML does not allow in a stream (C0/C1 controls other than tab and newlines, surrogates,
#: U+FFFE/U+FFFF). Found before parsing, so the error names the real line and column.
_NOT_PRINTABLE = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")


def position(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of character ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _check_printable(text: str, filename: str) -> None:
    bad = _NOT_PRINTABLE.search(text)
    if bad:
        line, col = position(text, bad.start())
        raise YamlError(f"control character U+{ord(bad.group()):04X} is not allowed in YAML",
                        location=Location(filename, line, col))


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
    _check_printable(text, filename)
    loader = _CLoader(text, filename) if _CLoader is not None else _Loader(text, filename)
    # The tree is acyclic and freed as a whole; the cyclic GC's repeated passes over the growing
    # tree made loading superlinear (8,000 claims: 3.9 s with it, 1.9 s without).
    gc_was_on = gc.isenabled()
    gc.disable()
    failure: YamlError | None = None
    try:
        loader.get_event()  # StreamStartEvent
        if loader.check_event(yaml.StreamEndEvent):
            return None
        node = _compose(loader, filename, kind, max_nodes or MAX_NODES)
        if not loader.check_event(yaml.StreamEndEvent):
            loader.get_event()  # the second DocumentStartEvent: point at its content
            second = loader.peek_event()
            mark = second.start_mark if second is not None else None
            raise YamlError(f"a {kind} holds one YAML document; found a second '---'",
                            location=Location(filename, mark.line + 1 if mark is not None else 1))
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(filename, mark.line + 1, mark.column + 1) if mark else Location(filename)
        msg = exc.problem or str(exc)
        if exc.context:
            msg = f"{exc.context}: {msg}" if msg else exc.context
        failure = YamlError(f"YAML syntax: {msg}", location=where)
    except yaml.YAMLError as exc:
        failure = YamlError(f"YAML: {exc}", location=Location(filename))
    finally:
        if gc_was_on:
            gc.enable()
        loader.dispose()
    # Raised here, outside the handler, so the error carries no __context__ (PyYAML's exception,
    # whose traceback holds the whole parser) and this frame no longer holds the parser or the
    # text: a run that collects thousands of errors keeps only their messages.
    del loader, text
    raise failure
