"""The once-a-document paths of the document model and the relation finders answer what the
per-call code they stand in for answers: positions and cells of many offsets in one loop, cells
built without the frozen __init__, row labels found once, a cell's one usable mention found once,
and text children sent by the Markdown worker as plain strings."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.extract.relation_model import FinderBase, _usable
from claimaudit.sources import load_markdown as lm
from claimaudit.sources import markdown_worker as worker
from claimaudit.sources.document import Cell, make_cell
from claimaudit.sources.markdown_tokens import TextToken, WorkerToken

DOC = """# Training cost

Training took 2,788K H800 GPU hours, about $5.576M at $2 per GPU hour.

| Stage | Hours | Cost |
|---|---|---|
| Pre-training | 2664K | $5.328M |
| Context | 119K | $0.238M |
| **Total** | 2788K | $5.576M |

<table width="600">
<tr><th rowspan="2">Model</th><th colspan="2">Score</th></tr>
<tr><th>MMLU</th><th>GSM8K</th></tr>
<tr><td>A</td><td>65.2<sup>+</sup></td><td>3.0 x 10<sup>-4</sup></td></tr>
<tr><td>B</td><td>852*</td><td>5 - 7</td></tr>
</table>

See `8 GPUs` and [the report](https://example.org/a%2D9114%29): 91% (3379 of 3712).
"""


def _every_offset(doc) -> list[int]:
    return list(range(-2, len(doc.text) + 3))


def test_positions_of_many_offsets_are_those_of_one_offset_at_a_time():
    for text, path in ((DOC, "d.md"), (DOC, "d.txt"), ("plain 5 GB\n| a | 3 |\n", "s.txt"), ("", "e.md")):
        doc = analyse(text, path)
        offsets = _every_offset(doc)
        assert doc.positions(offsets) == [doc.position(o) for o in offsets]
        # out of order and repeated, as a caller may ask
        shuffled = offsets[::-3] + offsets[:5]
        assert doc.positions(shuffled) == [doc.position(o) for o in shuffled]


def test_cells_of_many_offsets_are_those_of_one_offset_at_a_time():
    for text, path in ((DOC, "d.md"), ("no table, 5 GB", "s.txt"), ("| a | b |\n|---|---|\n| x | 3 |\n", "t.md")):
        fresh = analyse(text, path)
        offsets = _every_offset(fresh)
        got = fresh.cells_at(offsets)          # asked first: the index is built by the batch
        one = analyse(text, path)
        assert got == [one.cell_at(o) for o in offsets]
    doc = analyse(DOC, "d.md")
    hits = [h for h in doc.cells_at(_every_offset(doc)) if h is not None]
    assert {h[1].text for h in hits} >= {"2664K", "$0.238M", "65.2", "852", "3.0 x 10^-4"}


def test_a_cell_built_directly_equals_the_dataclass_one():
    for args in ((1, 5, "65.2", 0, 1, "A", ("Score", "MMLU"), 1), (0, 0, "", 3, 0), (7, 9, "x", 1, 2, "", (), 3)):
        a, b = Cell(*args), make_cell(*args)
        assert a == b and hash(a) == hash(b) and repr(a) == repr(b)
    assert make_cell(1, 2, "a", 0, 0) != make_cell(1, 2, "b", 0, 0)


def test_row_labels_found_once_are_the_first_cells_text():
    doc = analyse(DOC, "d.md")
    pipe, html = doc.tables
    assert [pipe.label(r) for r in range(len(pipe.rows))] == ["Pre-training", "Context", "Total"]
    assert [html.label(r) for r in range(len(html.rows))] == ["A", "B"]
    assert pipe.label(-1) == "Total" and pipe.label(0) == "Pre-training"     # asked again: the same


def test_a_cells_value_is_its_one_usable_mention():
    doc = analyse(DOC, "d.md")
    ms = extract_mentions(doc, lang="en")
    finder = FinderBase(doc, ms)
    seen = 0
    for t in doc.tables:
        for r in range(len(t.rows)):
            for c in range(t.ncols):
                got = finder.by_cell.get((t.index, r, c), [])
                want = got[0] if len(got) == 1 and _usable(ms[got[0]]) else None
                assert finder.value(t, r, c) == want
                seen += want is not None
    assert seen >= 6
    # the range "5 - 7" has a mention, but no usable value: a near miss
    html = doc.tables[1]
    assert finder.by_cell.get((html.index, 1, 2)) and finder.value(html, 1, 2) is None


def test_the_worker_sends_plain_text_children_as_strings():
    records = worker.slow_records("Some **bold** text, `code 5` and 3 GB.\n", lm.TOKEN_TYPES)
    inline = next(r for r in records if r[0] == "inline")
    children = inline[5]
    assert "Some " in children and any(isinstance(c, list) and c[0] == "code_inline" for c in children)
    token = WorkerToken(inline)
    texts = [c for c in token.children if isinstance(c, TextToken)]
    assert [c.content for c in texts][:1] == ["Some "] and any(isinstance(c, WorkerToken) for c in token.children)
    assert all((c.type, c.tag, c.map, c.info, c.children) == ("text", "", None, "", None) for c in texts)
    fast = worker.fast_records("Some **bold** text, `code 5` and 3 GB.\n", lm.TOKEN_TYPES)
    # (the fast conversion leaves out the strong_open/close the loader does not read)
    assert fast is not None and next(r for r in fast if r[0] == "inline")[5] == [
        c for c in children if not (isinstance(c, list) and c[0].startswith("strong"))]


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab 5%|\n-<>/td*$K")), max_size=120))
def test_batched_locators_agree_on_any_markup(text):
    doc = analyse(text, "h.md")
    offsets = _every_offset(doc)
    assert doc.positions(offsets) == [doc.position(o) for o in offsets]
    assert doc.cells_at(offsets) == [doc.cell_at(o) for o in offsets]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list(" \t\n5a*†.|")), max_size=12), st.integers(0, 50), st.booleans(),
       st.booleans())
def test_a_one_piece_cell_is_written_as_the_general_path_writes_it(text, at, verbatim, prose):
    """A table cell of one piece on one line takes a shorter path; with an empty piece after it (which
    the general path drops) the same cell takes the general path: the same words and source map."""
    from claimaudit.sources.document import TextBuilder

    one, two = TextBuilder("x" * 80), TextBuilder("x" * 80)
    got = lm._write(one, [(text, at, verbatim, prose)], strip=True)
    want = lm._write(two, [(text, at, verbatim, prose), ("", at, False, True)], strip=True)
    assert got == want and one.parts == two.parts and one.anchors == two.anchors and one.nonprose == two.nonprose
    assert lm._write(TextBuilder(""), [("  852* ", 3, True, True)], strip=True) == "852"
