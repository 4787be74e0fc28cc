"""Token budgets a sentence states from its training steps and batch size: "250k steps with a batch
size of 2M tokens, for a total of 500B tokens", "100,000 steps at a batch size of 1,024 sequences of
2,048 tokens, about 210B tokens", "批大小为 4M tokens，训练 50 万步，共 2T tokens": the tokens seen are
steps × batch (× sequence length, when the batch is counted in sequences or samples); and a batch's
size in tokens restated after its size in sequences ("a sequence length of 4,096 and a batch of 1,024
sequences (4M tokens)") is batch × sequence length.

Precision first. Each value is known by the words the sentence puts beside it, not by its size: the
batch after "batch size (of)" / "global batch" / "批大小" (never a micro-batch: a micro-batch times the
steps is not the run's tokens), the sequence length after "sequence length" / "sequences of" / "序列长度",
the steps by their unit or the words after them (steps, iterations, updates; 步, 次迭代), and the total is
the sentence's one other token count. The sentence must hold exactly one of each; a batch in tokens takes
no sequence length, a batch in sequences needs one. Audited (0.7) when the product is the total within
10%; else a suggestion (0.4): the words may pair the values otherwise than read here ("4M" read as
4 × 2^20 tokens gives 5% more, within the 10%).
"""

from __future__ import annotations

import math
import re

from .relation_model import FinderBase, Relation, _ref, _usable
from .word_screen import may_print

# the words right before a batch size (up to its number): "a batch size of", "global batch size:", "批大小为"
_BATCH_BEFORE = re.compile(r"(?:\b(?:global|total)\s+)?\bbatch(?:[\s_-]*size)?(?:\s+(?:of|was|is|=|:|to|at))?"
                           r"\s*(?:about\s+|around\s+|~\s*)?$|(?:批(?:量)?大小|批次大小|batch\s*size)\s*(?:为|是|:|：|=)?\s*$",
                           re.I)
# … or right after it: "4M tokens 的批大小", "2M tokens per batch"; "a 4M-token batch" (a batch noun after
# a token count only: "100 batches" counts batches)
_BATCH_AFTER = re.compile(r"\s*(?:(?:条|個|个)?\s*(?:序列|样本|樣本)\s*)?(?:的\s*)?(?:批(?:量)?大小|批次大小"
                          r"|batch\s*size)|\s*(?:tokens?\s+)?per\s+(?:batch|step|iteration)\b", re.I)
_TOKEN_BATCH_AFTER = re.compile(r"[\s-]*batch\b", re.I)
_MICRO = re.compile(r"micro|per[\s-]+(?:device|gpu)|每\s*(?:卡|张卡|个\s*GPU)", re.I)
_SEQ_BEFORE = re.compile(r"(?:\b(?:sequence|seq)[\s_-]*(?:length|len)(?:\s+(?:of|was|is|=|:))?|\bsequences\s+of)\s*$"
                         r"|序列长度\s*(?:为|是|:|：)?\s*$", re.I)
# … or the length right before its name: "4096 的序列长度", "a 4,096-token sequence length"
_SEQ_AFTER = re.compile(r"\s*(?:个\s*)?(?:tokens?\s*)?的\s*序列长度|[\s-]*(?:tokens?[\s-]+)?sequence[\s-]+length\b",
                        re.I)
_STEPS_AFTER = re.compile(r"\s*(?:training\s+|optimi[sz]er\s+|gradient\s+)?(?:steps?|iterations?|updates?)\b"
                          r"|\s*(?:个\s*)?(?:步|次迭代|次更新|个迭代)", re.I)
_STEP_UNITS = frozenset({"step", "iteration"})
#: The words every batch size is named with (_BATCH_BEFORE, _BATCH_AFTER): a sentence printing none states none
_BATCH_WORDS = ("batch", "批", "per step", "per iteration")
# a batch's size in tokens right after its size in sequences: "1,024 sequences (4M tokens)", "，即 4M tokens"
_RESTATED = re.compile(r"(?:\s*(?:条|個|个)?\s*(?:序列|样本|樣本))?(?:\s*的?\s*(?:批(?:量)?大小|批次大小))?\s*"
                       r"(?:[(（]\s*(?:about\s+|~|≈|约)?|,?\s*(?:i\.e\.|that is|or)\s*|[，,]?\s*即\s*)")


class BatchRelations(FinderBase):
    def batch_tokens(self, found: list[Relation]) -> list[Relation]:
        """The tokens a sentence says the run saw, against its steps × batch size (× sequence length)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        if not may_print(text, _BATCH_WORDS):
            return out
        stated = {r.target for r in found}
        for (s, e), idx in self.sentences().items():
            if not 3 <= len(idx) <= 12 or not any(w in text[s:e].lower() for w in _BATCH_WORDS):
                continue
            steps, batch, seq, tokens = [], [], [], []
            for i in idx:
                m = ms[i]
                if not _usable(m) or m.number.kind != "number" or m.number.nominal <= 0:
                    continue
                # (not cut at the value before: "1,024 sequences of 2,048 tokens" reads its unit)
                before = text[max(s, m.start - 48):m.start]
                after = text[m.end:m.end + 24]
                if _BATCH_BEFORE.search(before) or _BATCH_AFTER.match(after) or (
                        m.unit.canonical == "token" and _TOKEN_BATCH_AFTER.match(after)):
                    if not (_MICRO.search(before) or _MICRO.match(after)):
                        batch.append(i)
                elif _SEQ_BEFORE.search(before) or _SEQ_AFTER.match(after):
                    seq.append(i)
                elif m.unit.canonical in _STEP_UNITS or (not m.unit.dims.items and _STEPS_AFTER.match(after)):
                    steps.append(i)
                elif m.unit.canonical == "token":
                    tokens.append(i)
            if len(batch) != 1 or len(seq) > 1 or len(tokens) != 1 or len(steps) > 1:
                continue
            b, t = batch[0], tokens[0]
            if t in stated or b in stated:
                continue    # "2M tokens per step" already read as the rate of the total over the steps
            if not steps and not (seq and _RESTATED.fullmatch(text, ms[b].end, ms[t].start)):
                continue    # no steps: only "a batch of 1,024 sequences (4M tokens)" with the length named
            in_tokens = ms[b].unit.canonical == "token"
            if in_tokens == bool(seq) or not (in_tokens or not ms[b].unit.dims.items
                                              or ms[b].unit.canonical in ("sequence", "sample")):
                continue
            parts = [*steps, b, *seq]
            got = math.prod(self.base(k) for k in parts)
            want = self.base(t)
            if got <= 0 or want <= got / 1000:
                continue
            near = abs(got - want) <= want / 10
            formula = " * ".join(_ref(k) for k in parts)
            what = " × ".join(ms[k].printed for k in parts)
            out.append(self._stated(
                "product", t, formula, parts, unitless=True, confidence=0.7 if near else 0.4,
                note=f"{ms[t].printed} is the tokens of {what} ("
                     + ("steps × " if steps else "") + "batch" + (" × sequence length)" if seq else ")"),
                evidence="the sentence's " + ("one step count, " if steps else "") + "one batch size"
                         + (", one sequence length" if seq else "") + " and one other token count: "))
        return out
