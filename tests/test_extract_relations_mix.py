"""Shares a sentence lists as the parts of one whole add up to 100% (extract.relations_mix). Sentences
written for these tests in the shapes tech reports print a data mix (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Data\n\n{sentence}\n"


@pytest.mark.parametrize("sentence", [
    "The data mix is 67% web, 15% code, 10% books and 8% papers.",
    "The data mix: web 67%, code 15%, books 10%, papers 8%.",
    "预训练数据中，网页占 67%，代码占 15%，书籍占 10%，论文占 8%。",
    "Our corpus consists of 45.2% English, 30.1% Chinese, 14.6% code and 10.1% multilingual text.",
])
def test_listed_shares_add_up(tmp_path, sentence):
    [r] = rels(doc(sentence), "shares")
    assert len(r.parts) == 4
    assert verdicts(tmp_path, doc(sentence), kind="shares") == ["consistent"]


def test_listed_shares_that_do_not_add_up_are_reported(tmp_path):
    assert verdicts(tmp_path, doc("The pretraining corpus consists of 67% web pages, 15% code, 10% books and 12% "
                                  "papers."), kind="shares") == ["inconsistent"]


@pytest.mark.parametrize("sentence", [
    # gains, not parts of a whole, even when they happen to sum to 100
    "Accuracy improved by 30%, 40% and 30% on the three tasks.",
    # only some of the parts are listed
    "The mix includes sources such as 60% web, 20% code and 18% books.",
    "The data mix is 60% web, 20% code, 15% books and the rest papers.",
    # two shares are no list of parts
    "The split is 90% train and 10% test.",
])
def test_no_shares_without_a_whole_listed(sentence):
    assert not rels(doc(sentence), "shares")


def test_shares_a_sentence_lists_that_sum_to_107_are_reported(tmp_path):
    assert verdicts(tmp_path, doc("Respondents split 42% in favour, 37% against and 28% undecided."),
                    kind="shares") == ["inconsistent"]
