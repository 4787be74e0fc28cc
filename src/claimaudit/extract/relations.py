"""Relations a document states itself, found among its mentions, each with its evidence and a confidence.

Each :class:`Relation` says: mention ``target`` should equal ``formula`` over other mentions, and
names the evidence (the table structure or the words that state it) and a confidence in [0, 1].
``claimaudit run DOC`` audits the relations at or above :data:`CONFIDENT` (``--relations all``:
every one); the others stay in the draft as suggestions for the reviewer. Precision first: a
relation is only drafted with high confidence when a reader would say the document states it.

From table structure (a cell knows its row label, column header, caption and section):

* ``table-total``   a row labelled Total / Sum / 合计 / 总计 is the sum of the rows above it (0.9);
* ``row-total``     a column headed Total / 合计 is the sum of the row's other cells (0.9);
* ``row-average``   a column headed Average / Avg / 平均 is the mean of the row's other cells, and a
                    row labelled Average the mean of the rows above (0.85 when that reading holds in
                    most rows, else a suggestion);
* ``column-product`` one column is the product or quotient of two others in every row — found,
                    not stated, so only when it holds in at least 90% of at least four rows (0.8);
                    A column that is another (times a constant column) times one unprinted factor
                    in every row (GPU hours × power × grid factor = tCO2eq): only when the ratio
                    agrees within 0.5% over three or more rows of three significant digits (0.75);
* ``ratio``         a column of multiples ("1.5x", "2倍"; alone, or after the cell's value as in
                    "36.0 (1.37x)") that is one other column's value over that of the row printed 1x, or
                    the cell's value against another cell of its row: only when exactly one column and
                    direction gives every multiple of three or more rows (all but one of ten or more) (0.75);
* ``shares``        percentages of a column or a list that split a whole add up to 100% (0.75 with
                    three or more shares, else a suggestion);
* ``rate``          cells of one row that each pair two kinds of quantity ("4.1 hours ($132)"): one
                    rate fits every pair of three or more (0.75), or all but one of four or more (0.7);
* ``compare``       a memory table whose rows are precisions (bf16, 8bits, INT4, or a size word with the
                    precision in parentheses: "量化后大小（4-bit）"): more bits, more memory, in each column (0.75);
* ``column-product`` (also) from three rows when every row holds; a first column of numbers (GPUs
                    8, 16, 32) as a factor; a whole-number column that is a rounded or truncated result
                    ("3610" for 57754 / 16) checked as ``floor(x + 1/2)`` / ``floor(x)`` (0.8);
* ``change``        a column headed Δ / Gain / Improvement / 提升 (or of signed cells) that exactly one pair
                    of columns gives, in points or relative (0.75);
* ``compare``       a cell "N x GPU (M GB)" beside the row's GPU memory requirement: N × M holds it (0.75);
                    memory under columns or rows headed by increasing batch sizes or sequence lengths
                    does not fall (0.75);
* ``same``          two cells of two tables with the same caption or section, row label, column
                    header and unit (0.75). Never across columns, and never for rows that merely share
                    a label; prose repetitions are suggestions only (0.2).

From prose:

* ``percent-of``    "X% (A out of B)", "X%（A/B）", "A of B (X%)" (0.9);
* ``percent-of``    "A …, about X% of the B" / "A … 为 B 的 X%": the sentence's one other value of B's kind
                    over B, unless the words say a change (less, saves, 降低) (0.75);
* ``equation``      "A × B = C", "A + B + C = D", "C ≈ A × B" written out (0.9);
* ``equation``      "4M tokens (2048 × 2048)", "10B tokens (6B + 4B)": a value and a parenthesis holding only
                    a product (or only a sum) of numbers (0.8 when it holds, or is off by between 10% and
                    a factor of 4; else a suggestion: off by less is a binary-vs-decimal reading of a
                    scale word, by more the parenthesis names something else, "448 (448 × 448)");
* ``product``       "T（N items, each M）" / "T (N x, each M)": T = N × M (0.8);
* ``product``       "T（N 个 X-Y 对）" / "T (N X-Y pairs)" on a line whose products gave the size of each X
                    and each Y: T = N × (L_X + L_Y) (0.7);
* ``ratio``         "E epochs on a dataset of D tokens in 1 epoch" after the paragraph said the run saw T
                    tokens (every token count before E agreeing within 5%): E = T / D, approximate
                    when E is printed so (~=, about, 约) (0.7);
* ``written-sum``   "T（其中 A …，B …）" / "T (of which A and B)": T = A + B (0.8);
* ``written-sum``   a value after a total word (总共, in total, a total of) and, in that sentence or
                    the next, values of its kind joined by 和 / and: their sum (0.75 when within 10%);
* ``equation``      a value with its calculation in inline code beside it ("76894 (`9_765_625/127`)"),
                    read truncated when only that reading gives the whole number printed, and a
                    calculation in code with its result in code ("`250880*14336` => `3_596_615_680`") (0.8);
                    a code line computing with literals the sentence before gives with units and the
                    next code line printing a result with a unit ("4805*15/3660" -> "19.69h"): the
                    leftover constants are a unit conversion, checked with the registry's (0.7, only
                    when they are within 5% of it);
* ``change``        "from X to Y … a Z× speed-up / Z% less / Z% efficiency" (0.8); between two
                    percentages a change "by Z%" that holds in percentage points is read so;
* ``ratio``         "2.5 倍（250 vs 100 tokens/s）", "30 ms vs 49 ms …, a 1.6× speed-up": two values of one kind
                    joined by vs / versus / 对比 and the sentence's one multiple, within a few words of them
                    beside a word of comparison: the larger over the smaller (0.75);
* ``shares``        "Group (T%): a (x%), b (y%), …": T is the sum of the listed shares (0.8 when they
                    add up to within 10% of T, else a suggestion);
* ``product``       "416 GPUs (52 nodes)" with the section's one "8 GPUs per node" rate, or
                    "384 GPUs (48 nodes of 8)" (0.75);
* ``ratio``         "X1 and X2 … respectively Y1 and Y2 … up to Z×" (分别 … 高达 Z 倍): Z is the larger
                    of Y1/X1 and Y2/X2 (0.75);
* ``rate``          a rate printed in a sentence with the only numerator and denominator of its units (0.7);
* ``equation``      a code line that prints computed values (a Python f-string, ``print(expr)``, a Perl
                    one-liner with its argument for ``shift``) and the code line after it showing them:
                    each printed number is its expression over the literals the block assigns
                    (``NHIDDEN=14336; … h=$NHIDDEN``), ``int()`` read as truncation and ``:.0f`` as
                    rounding (0.8);
* ``product``       a value whose unit is the product of the units of exactly one pair of other values
                    in its sentence ("180K GPU hours, i.e., 3.7 days on 2048 GPUs"), else of one pair with
                    a factor in the sentence before ("… 1.2M GPU hours. At $2 per GPU hour, $2.4M"), else
                    of exactly one triple in its sentence ("3,000 tokens per second per GPU on 512 GPUs
                    for 30 days, about 4T tokens"): their product (0.7 when within 10%, else a suggestion);
* ``cross-table``   a later table whose caption names a column of an earlier table of the same
                    section with "minimum"/"maximum" (最低, 最高): each shared row's cell is the minimum
                    (maximum) of the later table's row (0.7);
* ``headline``      a sentence naming one row label and one column header of a table, with a value
                    of the cell's kind: the value is that cell (0.75);
* ``headline``      a sentence at most 12 lines before the table it introduces (or 3 after it), same
                    section, naming one of its columns or rows by header, label or the model size a
                    header carries ("130 亿参数的模型" for "OPT-13B"), with a value of a kind that
                    column holds in exactly one cell: the value is that cell, or bounds it when
                    printed as a bound ("不到一天", "under $300") (0.7); several names pair in order;
* ``product``       a whole number printed in full with six or more significant digits that is exactly
                    the product of one pair of the document's other numbers (0.7);
* ``headline``      a scaled prose value ("a cumulative 3.3M GPU hours") whose rounding holds exactly
                    one table cell printed more precisely, in a sentence naming a word of its header or
                    row label (0.7);
* ``change``        a gain printed beside a column's header ("MMLU（+23%）", "+23% on MMLU") in a sentence
                    naming one row of that table (and the baseline after 相比 / compared with / over,
                    else the table's one other row): X's cell over Y's, relative, or in points when
                    only that reading gives the figure (0.7);
* ``compare``       "X surpasses / outperforms A, B and C on H": X's cell in column H against each
                    named row's (0.75); "lower … than" reverses it; "… on every benchmark" (所有, 各项):
                    each score column of the one table naming both (0.7);
* ``written-sum``   "2.4T tokens (1.8T web, 0.4T code and 0.2T math)", "3.2 万亿 token，其中中文 1.2 万亿、…":
                    a total and the values of its kind listed after it (0.75 when the list ends with
                    "and" / 、 and adds up within 10%, or recomputes; examples, "e.g.", 等: a suggestion);
* ``percent-of``    "Of the 2,400 prompts, 1,764 (73.5%)", "在 2,400 条中，1,764 条（73.5%）", "91% (3379 against
                    3712)" (0.8);
* ``change``        "由 15.6 GB 降至 5.4 GB，约为原来的 35%" / "… about 35% of the original": the second over
                    the first (0.8);
* ``change``        a gap in points between two rows of a table ("5.3 points above Y", "比 Y 高 5.9 个百分点",
                    "领先 Y 64 分") in the column the sentence names, its direction from the words (0.7);
                    a quantised variant's loss in points ("4bits … 精度损失在 1 - 2 个百分点左右") as the
                    mean gap of the rows paired with their variant in the table before it (0.7);
* ``headline``      in sentences naming several rows, a value beside a header ("68.4 on MMLU", "在 C-Eval
                    上取得 66.3 分") is the cell of the row named last before it (0.7); a value that is
                    not the cell in a sentence naming another setting (5-shot, with CoT, 可达): 0.5;
* ``count``         "4 benchmarks: A, B, C and D", "the following three stages:" and a list, "3 languages:"
                    and a table naming them in its first column, "(A, B and C)" after the noun, "A、B 和 C
                    三个阶段": the stated count is the items (0.8; two items: a suggestion);
* ``count``         (also) "A, B and C are the three stages": a count after the list it counts (0.8);
* ``range``         "ranging from 160M to 6.9B parameters" (从 … 到 … 不等) beside a table: the smallest and
                    largest cell of the one column holding an end (0.75 both ends, 0.7 one end and the
                    other off by more than 10%; a size named loosely is a suggestion);
* ``average``       "X averages 57.4 across the four benchmarks" beside a table with no Average column: the
                    mean of X's cells (0.75 when it holds, 0.7 when the sentence says every column);
* ``percent-of``    (also) "Code makes up 25% of the tokens" beside a table with a Total row: the named
                    row's cell over the total's (0.75);
* ``comparison``    "X generates 2.1× more tokens per second than Y", "X 的显存比 Y 低 40%": the two rows' cells
                    in the column whose header the compared words print (0.75), else the only numeric one (0.7).

Prose sentences are read joined across a wrapped line and after an abbreviation ("i.e. 258,048
GPU-hours"); of several pairs whose units multiply to a value's, the one pair whose product is it
within 1% is taken; "(64 nodes with 8 GPUs each)" states its factor.

The rules live in :mod:`.relations_table`, :mod:`.relations_prose`, :mod:`.relations_code`,
:mod:`.relations_near`,
:mod:`.relations_sizes`, :mod:`.relations_batches`, :mod:`.relations_multiples`, :mod:`.relations_mix`,
:mod:`.relations_to_from`, :mod:`.relations_each`, :mod:`.relations_conversions`, :mod:`.relations_kilo`,
:mod:`.relations_prose_points`,
:mod:`.relations_gains`, :mod:`.relations_doc`, :mod:`.relations_memory`, :mod:`.relations_breakdowns`,
:mod:`.relations_percent`, :mod:`.relations_points`, :mod:`.relations_headlines`, :mod:`.relations_lists`,
:mod:`.relations_deltas`, :mod:`.relations_ranges`, :mod:`.relations_averages`, :mod:`.relations_comparatives`,
:mod:`.relations_table_shares`, :mod:`.relations_counts_after`, :mod:`.relations_count_products`,
:mod:`.relations_list_sums` and :mod:`.relations_periods`; the
relation itself and formula evaluation in :mod:`.relation_model`.
"""

from __future__ import annotations

from ..gcpause import paused_gc
from .document import Document
from .mentions import Mention
from .relation_model import CONFIDENT, Relation, _recomputes, _ref, reaches
from .relations_averages import AverageRelations
from .relations_batches import BatchRelations
from .relations_breakdowns import BreakdownRelations
from .relations_code import CodeRelations
from .relations_column_notes import ColumnNoteRelations
from .relations_comparatives import ComparativeRelations
from .relations_conversions import ConversionRelations
from .relations_count_cells import CountCellRelations
from .relations_count_products import CountProductRelations
from .relations_counts_after import CountAfterListRelations
from .relations_deltas import DeltaRelations
from .relations_differences import DifferenceRelations
from .relations_doc import MAX_NAMES, DocRelations
from .relations_each import EachRelations
from .relations_funnels import FunnelRelations
from .relations_gains import GainRelations
from .relations_headlines import HeadlineRelations
from .relations_kilo import KiloReadings
from .relations_list_sums import ListedTotalRelations, ListSumRelations
from .relations_lists import ListCountRelations
from .relations_memory import MemoryRelations
from .relations_mix import MixRelations
from .relations_multiples import MultipleRelations
from .relations_near import NearTableRelations
from .relations_percent import PercentRelations
from .relations_periods import PeriodRelations
from .relations_points import PointRelations, QuantisedLossRelations
from .relations_prose import ProseRelations
from .relations_prose_points import ProsePointRelations
from .relations_ranges import RangeRelations
from .relations_rate_time import RateTimeRelations
from .relations_row_gaps import RowGapRelations
from .relations_row_pairs import RowPairRelations
from .relations_sizes import SizeRelations
from .relations_table import AVERAGE_LABEL, TOTAL_LABEL, TableRelations
from .relations_table_shares import TableShareRelations
from .relations_to_from import ToFromRelations
from .relations_weights import WeightRelations

__all__ = ["AVERAGE_LABEL", "CONFIDENT", "MAX_NAMES", "TOTAL_LABEL", "Relation", "RelationFinder", "find_relations",
           "reaches"]


class RelationFinder(TableRelations, ProseRelations, GainRelations, QuantisedLossRelations, PointRelations,
                     HeadlineRelations, RowGapRelations, RowPairRelations, DocRelations,
                     CodeRelations,
                     RangeRelations, AverageRelations, ComparativeRelations, TableShareRelations, ColumnNoteRelations,
                     NearTableRelations,
                     SizeRelations, BatchRelations,
                     MemoryRelations, MultipleRelations, MixRelations, ToFromRelations, EachRelations,
                     ConversionRelations, KiloReadings, ProsePointRelations,
                     BreakdownRelations, PercentRelations,
                     DeltaRelations, DifferenceRelations, RateTimeRelations, ListCountRelations,
                     CountAfterListRelations, CountCellRelations, WeightRelations, FunnelRelations,
                     CountProductRelations, ListSumRelations, PeriodRelations,
                     ListedTotalRelations):
    def find(self) -> list[Relation]:
        out: list[Relation] = []
        out += self.table_totals()
        out += self.row_aggregates()
        out += self.column_products()
        out += self.speedups()
        out += self.delta_columns()
        out += self.delta_rows()
        out += self.count_percent_cells()
        out += self.ratio_percent_cells()
        out += self.column_notes(out)
        out += self.column_formulas(out)
        out += self.funnel_columns(out)
        out += self.share_columns()
        out += self.column_proportions(out)
        out += self.table_shares()
        out += self.list_shares()
        out += self.sentence_shares(out)
        out += self.cell_rates()
        out += self.precision_order()
        out += self.card_memory()
        out += self.memory_growth()
        out += self.percent_of()
        out += self.share_of_words()
        out += self.shares_of_named_wholes(out)
        out += self.percent_phrases(out)
        out += self.share_words(out)
        out += self.named_rates(out)
        out += self.margins(out)
        out += self.equations()
        out += self.bracket_calculations()
        out += self.products()
        out += self.written_sums()
        out += self.breakdowns(out)
        out += self.list_sums(out)
        out += self.group_shares()
        out += self.per_unit_counts()
        out += self.respectively()
        out += self.code_calculations()
        out += self.code_equations()
        out += self.code_outputs()
        out += self.code_prints(out)
        out += self.sentence_sums()
        out += self.parts_next_sentence(out)
        out += self.listed_totals(out)
        out += self.sentence_means(out)
        out += self.pair_products(out)
        out += self.epochs()
        out += self.conversions(out)
        out += self.period_totals(out)
        out += self.restated_scales(out)
        out += self.changes()
        out += self.changes_to_from(out)
        out += self.changes_between(out)
        out += self.changes_compared(out)
        out += self.differences(out)
        out += self.named_differences(out)
        out += self.versus()
        out += self.multiples_of(out)
        out += self.rates()
        out += self.batch_tokens(out)
        out += self.each_totals(out)
        out += self.item_counts(out)
        out += self.per_capita(out)
        out += self.noun_rates(out)
        out += self.for_every(out)
        out += self.rate_times(out)
        out += self.weight_memory(out)
        out += self.sentence_products(out)
        out += self.count_products(out)
        out += self.headlines()
        out += self.table_summaries(out)
        out += self.table_ranges()
        out += self.stated_averages(out)
        out += self.cross_tables()
        out += self.comparisons()
        out += self.every_column()
        out += self.gains(out)
        out += self.two_row_gains(out)
        out += self.comparatives(out)
        out += self.table_share_sentences(out)
        out += self.point_gaps(out)
        out += self.named_point_gaps(out)
        out += self.named_row_gaps(out)
        out += self.prose_point_gaps(out)
        out += self.named_values(out)
        out += self.quantised_losses(out)
        out += self.row_pairs(out)
        out += self.exact_products(out)
        out += self.rounded_restatements(out)
        out += self.listed_counts(out)
        out += self.counts_after_lists(out)
        out += self.same_quantity(out)
        out = [r for r in out if not any(self._cut(i) for i in ([r.target] if r.target is not None else []) + r.parts)]
        self._pooled_from_sums(out)
        self.binary_kilo(out)
        return out

    def _pooled_from_sums(self, out: list[Relation]) -> None:
        """A cell computed from table cells that are themselves reported is checked on what those cells
        should be: a Total row's derived cell ("Reduction 23.8%" = 1 − 128k tokens / 64k tokens) read from a
        Total cell that is not its column's sum (a misprinted 436.2 for 463.2) on that sum, and a column of
        shares' 100% on the shares its count column gives (a misprinted 18.7% for 17.8%): each misprint is
        reported once, by its own relation, not again by every cell that reads it."""
        wrong: dict[int, tuple[str, list[int]]] = {}
        for r in out:
            if r.target is None or r.confidence < CONFIDENT or self.ms[r.target].cell is None \
                    or _recomputes(self.ms[r.target], r.formula, self.ms):
                continue
            if r.kind == "table-total" and r.formula == " + ".join(_ref(k) for k in r.parts):
                wrong[r.target] = "(" + r.formula + ")", r.parts
            elif r.kind == "percent-of" and len(r.parts) == 2 \
                    and r.formula == f"{_ref(r.parts[0])} / {_ref(r.parts[1])}":
                wrong[r.target] = "(" + r.formula + ")", r.parts
        if not wrong:
            return
        for r in out:
            at = self.ms[r.target].cell if r.target is not None else None
            if r.kind == "row-average" or at is None:
                continue
            # (a cell of the target's own table: a Total cell of its row, or a share of its column)
            bad = [k for k in r.parts if k in wrong and (cell := self.ms[k].cell) is not None and cell[0] == at[0]
                   and (cell[1] == at[1] or cell[2] == at[2])]
            if not bad or any(r.target in wrong[k][1] for k in bad):
                continue
            for k in bad:
                formula, parts = wrong[k]
                r.formula = r.formula.replace(_ref(k), formula)
                r.parts = [p for p in r.parts if p != k] + [p for p in parts if p not in r.parts]
            r.note += "; the cells reported on their own read as what their own relations give"


def find_relations(doc: Document, mentions: list[Mention]) -> list[Relation]:
    with paused_gc():     # the finders' indexes and candidates live until the end: no cycles to find
        return RelationFinder(doc, mentions).find()
