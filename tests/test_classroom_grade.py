"""claimaudit exercise grade: verdict, formula (within units) and value, with feedback.

Graded against the key of the bundled set (exercises/deepseek/key.yaml), i.e. real published
figures: the V3 pre-training days, 3FS capacity in PiB, DSA's 128K context, Fire-Flyer's 91%.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from functools import partial
from pathlib import Path

import pytest
import support
from support import REPO

from claimaudit.classroom.answers import read_answer_file, read_answers
from claimaudit.classroom.conversions import find_conversion
from claimaudit.classroom.grade import Grader
from claimaudit.classroom.gradereport import render_csv, render_html, render_text
from claimaudit.classroom.keyfile import load_key
from claimaudit.units.quantity import Dims

KEY_DIR = REPO / "exercises" / "deepseek"


@pytest.fixture(scope="module")
def key():
    return load_key(KEY_DIR)


@pytest.fixture(scope="module")
def grader(key):
    return Grader(key)


write = partial(support.write, dedent=False)   # answer files exactly as given


def grade_one(grader: Grader, tmp_path: Path, text: str, name: str = "E00.yaml"):
    path = write(tmp_path / "student", name, text)
    (ans,) = read_answer_file(path, base=tmp_path)
    return grader.grade_answer(ans)


def answer(exercise: str, formula: str, value: str, verdict: str, student: str | None = None) -> str:
    who = f"student: {student}\n" if student else ""
    return f"exercise: {exercise}\n{who}formula: {formula}\nvalue: {value}\nverdict: {verdict}\n"


# -- right ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("exercise, formula, value, verdict", [
    ("E17", "pretrain_hours / gpus", "54.2 天", "consistent"),                       # units carried
    ("E17", "pretrain_hours / gpus / 24", "54.2", "consistent"),                     # converted by hand
    ("E17", "pretrain_hours / gpus / (24 hour/day)", "1300.8 hours", "成立"),         # inline units, zh verdict
    ("E12", "raw_capacity / 2", "19.65 PiB", "inconsistent"),                        # a computed input's name
    ("E12", "storage_nodes * ssds_per_node * ssd_size / 2", "22.12 PB", "inconsistent"),
    ("E06", "(64 * step_64) / (512 * step_512)", "82.48%", "inconsistent"),
    ("E06", "64 * 64.118 / (512 * 9.717)", "0.8248", "inconsistent"),                # numbers substituted
    ("E02", "selected / context_len", "1/64", "consistent"),
    ("E11", "(2*heads*head_dim - latent_dim - rope_dim) / (2*heads*head_dim)", "98.24%", "consistent"),
    ("E13", "posttrain_hours + pretrain_hours + context_hours", "2,788K GPU-hours", "consistent"),
    ("E16", "total_hours * price", "$5.576M", "consistent"),
])
def test_right_answers_get_full_marks(grader, tmp_path, exercise, formula, value, verdict):
    item = grade_one(grader, tmp_path, answer(exercise, formula, value, verdict))
    assert (item.verdict.status, item.formula.status, item.value.status) == ("right", "right", "right"), \
        [item.verdict.message, item.formula.message, item.value.message]
    assert item.points == item.max == 4


@pytest.mark.parametrize("exercise, key_form, other", [
    # a*b/c against a/(c/b): the same function, written differently.
    ("E19", "hours_per_trillion * pretrain_tokens / (1e12 tokens)",
     "hours_per_trillion / ((1e12 tokens) / pretrain_tokens)"),
    ("E06", "(64 * step_64) / (512 * step_512)", "64 / (512 * step_512 / step_64)"),
    ("E07", "(daily_revenue - daily_cost) / daily_cost", "daily_revenue / daily_cost - 1"),
])
def test_equivalent_but_different_formulas(grader, exercise, key_form, other):
    kf = grader.formulas.get(grader.key.find(exercise))
    assert kf.check(key_form).status == "right"
    assert kf.check(other).status == "right"


# -- partly right: a forgotten conversion -------------------------------------------------------------

def test_forgotten_hours_to_days(grader, tmp_path):
    item = grade_one(grader, tmp_path, answer("E17", "2664000 / 2048", "1300.78", "consistent"))
    assert item.formula.status == "partial" and item.formula.points == 1
    assert item.formula.message == ("right up to a unit conversion: your number is in hours where the claim "
                                    "needs days (1 day = 24 hours): divide by 24")
    assert item.value.status == "wrong"
    assert item.value.message.startswith("1300.78 is the value in hours; the figure is in 天")
    assert item.conversion == "hour→day"
    assert item.points == 2   # verdict 1 + formula 1


def test_forgotten_tb_to_pib(grader, tmp_path):
    item = grade_one(grader, tmp_path, answer("E12", "180 * 16 * 15.36 / 2", "22118.4", "consistent"))
    assert item.formula.status == "partial"
    assert "your number is in TB (10^12 B) where the claim needs PiB (2^50 B)" in item.formula.message
    assert "1 PiB = 2^50 B, 1 TB = 10^12 B" in item.formula.message
    assert item.verdict.status == "wrong"
    assert "no value in the recomputed [19.6387, 19.6515] PiB is more than 20 PiB" in item.verdict.message


@pytest.mark.parametrize("exercise, formula, value, have, conv", [
    ("E17", "pretrain_hours / gpus / 24", "1300.8", "hours", "hour→day"),   # right formula, value not converted
    ("E17", "", "1300.8", "hours", "hour→day"),                             # no formula at all
    ("E12", "", "22.12", "PB (10^15 B)", "PB→PiB"),                         # decimal where the claim is binary
    ("E13", "", "2788", "thousands (K = 1000)", "K→1"),                     # the K dropped
])
def test_the_value_alone_names_the_forgotten_conversion(grader, tmp_path, exercise, formula, value, have, conv):
    text = answer(exercise, formula, value, "consistent") if formula else f"exercise: {exercise}\nvalue: {value}\n"
    item = grade_one(grader, tmp_path, text)
    assert item.value.status == "wrong"
    assert item.value.message.startswith(f"{value} is the value in {have}; the figure is in "), item.value.message
    assert item.conversion == conv


@pytest.mark.parametrize("exercise, value", [
    ("E12", "20.11"),    # 19.64 PiB × 1.024: but no figure of this exercise uses K, so no K mistake is named
    ("E17", "60.1"),     # off, by no known factor
])
def test_a_value_off_by_no_conversion_is_just_wrong(grader, tmp_path, exercise, value):
    item = grade_one(grader, tmp_path, f"exercise: {exercise}\nvalue: {value}\n")
    assert item.value.status == "wrong" and item.conversion is None
    assert "is outside it" in item.value.message


def test_k_read_as_1000_for_a_context_length(grader, tmp_path):
    item = grade_one(grader, tmp_path, answer("E02", "2048 / 128000", "0.016", "consistent"))
    assert item.formula.status == "partial"
    assert "K was read as 1000 where it means 1024 here (binary)" in item.formula.message
    zh = Grader(grader.key, "zh").grade_answer(read_answer_file(tmp_path / "student" / "E00.yaml")[0])
    assert zh.formula.message == "除了单位换算都对：K 按 1000 算了，这里 K = 1024（二进制）：每个 K 要乘 1024"


def test_percent_left_as_a_ratio(grader):
    kf = grader.formulas.get(grader.key.find("E04"))
    check = kf.check("1 - power_ratio / 100")
    assert check.status == "partial" and check.reading == "numbers"
    assert check.conversion.describe("en") == ("your number is a plain ratio where the claim is a percentage "
                                               "(1% = 0.01): multiply by 100")


def test_find_conversion_names_the_pair():
    time, info = Dims.of({"[time]": 1}), Dims.of({"[information]": 1})
    assert find_conversion(Fraction(24), claim_dims=time, claim_factor=Fraction(86400)).have.symbol == "hour"
    c = find_conversion(Fraction(2**53, 8 * 10**12), claim_dims=info, claim_factor=Fraction(2**53))
    assert (c.have.symbol, c.need.symbol) == ("TB", "PiB")
    assert find_conversion(Fraction(1024, 1000), claim_dims=Dims(), claim_factor=Fraction(1)).family == "multiplier"
    assert find_conversion(Fraction(2, 7), claim_dims=time, claim_factor=Fraction(1)) is None
    assert find_conversion(Fraction(1), claim_dims=time, claim_factor=Fraction(1)) is None


# -- wrong ------------------------------------------------------------------------------------------------

def test_wrong_verdict_with_a_right_formula(grader, tmp_path):
    item = grade_one(grader, tmp_path, answer("E06", "64*step_64/(512*step_512)", "82.48%", "consistent"))
    assert (item.formula.status, item.value.status, item.verdict.status) == ("right", "right", "wrong")
    assert item.points == 3
    assert item.verdict.message == (
        "your formula and value are right, but the verdict does not follow from them: the recomputed "
        "[82.4768, 82.4866]% does not meet what the printed 91% allows, [90.5, 91.5]%")


def test_wrong_formulas_say_what_is_off(grader):
    kf = grader.formulas.get(grader.key.find("E17"))
    wrong_dims = kf.check("pretrain_hours * gpus")
    assert wrong_dims.status == "wrong" and wrong_dims.student_dims.describe() == "gpu^2*time"
    mirror = grader.formulas.get(grader.key.find("E12")).check("storage_nodes * ssds_per_node * ssd_size")
    assert mirror.status == "wrong" and mirror.ratio == 2     # forgot the mirroring: twice the key
    swapped = grader.formulas.get(grader.key.find("E02")).check("context_len / selected")
    assert swapped.status == "wrong" and swapped.ratio is None
    bare = kf.check("54.2")
    assert bare.status == "wrong" and bare.bare_value


def test_wrong_answer_scores_zero_with_feedback(grader, tmp_path):
    item = grade_one(grader, tmp_path, answer("E01", "nvlink_share * ecc_share", "0.0091", "consistent"))
    assert item.points == 0
    assert item.formula.message == ("at the printed values your formula gives 0.00910998×, "
                                    "the figure needs 19.8925×")
    assert item.value.message == "the inputs give [19.8438, 19.9415]×; 0.0091 is outside it"
    assert "the printed figure is inconsistent, not consistent" in item.verdict.message


def test_values_are_read_with_their_rounding_and_units(grader, tmp_path):
    coarse = grade_one(grader, tmp_path, answer("E17", "pretrain_hours / gpus", "54 天", "consistent"))
    assert coarse.value.status == "partial" and coarse.value.points == 0.5
    assert "rounded more coarsely than the printed 54.2 天" in coarse.value.message
    other_unit = grade_one(grader, tmp_path, answer("E12", "raw_capacity / 2", "22.118 PB", "inconsistent"))
    assert other_unit.value.status == "right"
    dims = grade_one(grader, tmp_path, answer("E12", "raw_capacity / 2", "19.65 s", "inconsistent"))
    assert dims.value.status == "wrong" and "is time, the claim is information" in dims.value.message
    bad = grade_one(grader, tmp_path, "exercise: E17\nformula: pretrain_hours / gpus\nvalue: 5x4.2\n"
                                      "verdict: consistent\n")
    assert bad.value.status == "error" and bad.value.message.startswith(str(tmp_path / "student" / "E00.yaml") + ":3:")
    assert bad.points == 3   # a number that cannot be read loses the value point only


def test_inputs_found_are_checked(grader, tmp_path):
    item = grade_one(grader, tmp_path, "exercise: E17\ninputs:\n  pretrain_hours: 2,664K GPU-hours\n"
                                       "  gpus: '2000'\nformula: pretrain_hours / gpus\nvalue: 54.2 天\n"
                                       "verdict: consistent\n")
    assert item.points == 4
    assert item.notes == ["input gpus: you found 2000, but it is printed as 2048 GPU"]


# -- garbage -------------------------------------------------------------------------------------------

def test_malformed_answers_score_zero_for_that_item_only(grader, tmp_path):
    folder = tmp_path / "answers" / "wang"
    write(folder, "E17-pretrain_days.yaml", answer("E17", "pretrain_hours / gpus", "54.2 天", "consistent"))
    write(folder, "E06-efficiency.yaml", "exercise: E06\nformula: [64 * step_64\nverdict: inconsistent\n")
    write(folder, "E13.yaml", "exercise: E13\nformla: pretrain_hours + context_hours\nverdict: consistent\n")
    write(folder, "E10.yaml", "exercise: E10\nformula: 2*heads*head_dim/((latent_dim+rope_dim)\n"
                              "verdict: consistent\n")
    write(folder, "E05.yaml", 'exercise: E05\nformula: "efficiency / costshare"\nverdict: consistent\n')
    write(folder, "E07.yaml", "exercise: E07\nformula: &f daily_revenue\nvalue: *f\n")
    write(folder, "E08.yaml", "- just\n- a list\n")
    write(folder, "E09.yaml", "exercise: E09\nformula: [latent_dim, rope_dim]\nverdict: consistent\n")
    (folder / "E11.yaml").write_bytes(b"\xff\xfe\x00garbage\x00\x81")
    write(folder, "E14.yaml", "exercise: E14\nformula: __import__('os').system('echo hi')\nverdict: consistent\n")
    write(folder, "E15.yaml", 'exercise: E15\nformula: !!python/object/apply:os.system ["echo hi"]\n')
    grades = Grader(grader.key).grade(read_answers([tmp_path / "answers"]))
    (wang,) = grades.students
    assert wang.student == "wang"       # no student field: the folder's name
    items = {i.exercise: i for i in wang.items}
    assert items["E17"].points == 4     # the good answer is untouched by the bad ones
    expected = {
        "E06": ":3:8: YAML syntax: while parsing a flow sequence: did not find expected ',' or ']'",
        "E13": ":2:1: unknown key 'formla' (did you mean 'formula'?)",
        "E10": ":2:27: unbalanced '(': the '(' at column 17 is never closed",
        "E05": ":2:24: unknown name 'costshare' in the formula (names: efficiency, cost_share) "
               "(did you mean 'cost_share'?)",
        "E07": ":2:10: anchors and aliases (*name) are not allowed in answer files",
        "E08": ": an answer file is a mapping with exercise, student, formula, value, verdict",
        "E09": ":2:10: 'formula' should be text, not a list",
        "E11": ": cannot read answer file:",
        "E14": ":2:10: names starting with '__' are not allowed: '__import__'",
        "E15": ":2:10: YAML tags (!!python/object/apply:os.system) are not allowed in answer files",
    }
    for ex, fragment in expected.items():
        item = items[ex]
        assert item.status == "malformed" and item.points == 0, ex
        assert any(fragment in p for p in item.problems), (ex, item.problems)
        assert item.max == 4
    assert wang.max == 4 * len(grader.key.exercises)
    assert items["E01"].status == "missing"


def test_huge_and_unknown_exercise_files(grader, tmp_path):
    folder = tmp_path / "answers" / "zhao"
    write(folder, "E01.yaml", "exercise: E01\nwhy: " + "x" * 300_000 + "\n")
    write(folder, "E99.yaml", answer("E99", "a", "1", "consistent"))
    grades = Grader(grader.key).grade(read_answers([tmp_path / "answers"]))
    (zhao,) = grades.students
    items = {i.exercise: i for i in zhao.items}
    assert "larger than 256 KiB" in items["E01"].problems[0]
    assert "unknown exercise 'E99' (this set has E01–E19)" in items["E99"].problems[0]
    assert items["E99"].max == 0 and zhao.max == 4 * len(grader.key.exercises)


def test_one_file_with_many_answers_and_duplicates(grader, tmp_path):
    write(tmp_path / "hand-in", "li.yaml", """
student: Li Hua
answers:
  - {exercise: E17, formula: pretrain_hours / gpus, value: 54.2 天, verdict: consistent}
  - {exercise: E02, formula: selected / context_len, value: 0.0156, verdict: consistent}
  - {exercise: E17, formula: pretrain_hours * gpus, value: 54.2 天, verdict: consistent}
  - just text
""")
    grades = Grader(grader.key).grade(read_answers([tmp_path / "hand-in"]))
    (li,) = grades.students
    items = {i.exercise: i for i in li.items}
    assert li.student == "Li Hua"
    assert items["E02"].points == 4
    assert items["E17"].formula.status == "wrong"     # the later answer is graded, and the note says so
    assert grades.notes and "two answers to E17" in grades.notes[0]
    assert any("an answer should be a mapping" in p for i in li.items for p in i.problems)


# -- reports ---------------------------------------------------------------------------------------------

def test_text_csv_and_html_reports(grader, tmp_path):
    # The folder is the student's identity (a hand-in folder named by the class roster).
    write(tmp_path / "a" / "<b>Ann<b>", "E17.yaml", answer("E17", "pretrain_hours / gpus", "54.2 天", "consistent"))
    write(tmp_path / "a" / "bo", "E17.yaml", answer("E17", "2664000/2048", "1300.78", "consistent"))
    grades = Grader(grader.key).grade(read_answers([tmp_path / "a"]))
    assert [s.student for s in grades.students] == ["<b>Ann<b>", "bo"]
    text = io.StringIO()
    render_text(grades, text)
    out = text.getvalue()
    assert "bo: 2/76 (3%)" in out
    assert "  E17  2/4  verdict ✓  formula ½  value ✗" in out
    assert "  E17  mean 3.0/4  handed in 2  verdict 100%  formula 50% (+50% partly)  value 50%  " \
           "forgotten conversions: hour→day ×1" in out
    buf = io.StringIO()
    render_csv(grades, buf)
    rows = list(csv.DictReader(io.StringIO(buf.getvalue())))
    assert len(rows) == 2 * len(grader.key.exercises)
    bo17 = next(r for r in rows if r["student"] == "bo" and r["exercise"] == "E17")
    assert (bo17["points"], bo17["formula_status"], bo17["conversion"]) == ("2", "partial", "hour→day")
    assert "divide by 24" in bo17["feedback"]
    page = io.StringIO()
    render_html(grades, page)
    html = page.getvalue()
    assert "<b>Ann<b>" not in html and "&lt;b&gt;Ann&lt;b&gt;" in html
    assert html.count('<section class="student"') == 2
    zh = Grader(grader.key, "zh").grade(read_answers([tmp_path / "a"]))
    text = io.StringIO()
    render_text(zh, text)
    assert "除了单位换算都对：你的数是以小时为单位的，题目要的是天（1 天 = 24 小时）：应除以 24" in text.getvalue()


def test_csv_cells_never_run_as_spreadsheet_formulas(grader, tmp_path):
    write(tmp_path / "a", "E17.yaml", answer("E17", "pretrain_hours / gpus", "54.2 天", "consistent",
                                             student="'=HYPERLINK(\"http://x\")'"))
    buf = io.StringIO()
    render_csv(Grader(grader.key).grade(read_answers([tmp_path / "a"])), buf)
    rows = list(csv.DictReader(io.StringIO(buf.getvalue())))
    assert {r["student"] for r in rows} == {"'=HYPERLINK(\"http://x\")"}


def test_a_broken_key_is_a_located_error(tmp_path):
    from claimaudit.cli.main import main
    from claimaudit.errors import InputError

    (tmp_path / "key.yaml").write_text("schema: claimaudit.exercise-key\nexercises:\n  - id: E01\n"
                                       "    claim: a.b\n    value: '1'\n    factor: one\n", "utf-8")
    with pytest.raises(InputError, match=r"key.yaml:6:13: key file: 'factor' should be an exact number"):
        load_key(tmp_path)
    assert main(["exercise", "grade", str(tmp_path), "--key", str(tmp_path)]) == 2


def test_cli_grade(tmp_path, capsys):
    from claimaudit.cli.main import main

    write(tmp_path / "answers" / "ann", "E17.yaml", answer("E17", "pretrain_hours / gpus", "54.2 天", "consistent",
                                                          student="Li Hua"))
    csv_path, html_path = tmp_path / "g.csv", tmp_path / "g.html"
    assert main(["exercise", "grade", str(tmp_path / "answers"), "--key", str(KEY_DIR),
                 "--csv", str(csv_path), "--html", str(html_path), "-q"]) == 0
    out = capsys.readouterr().out
    # The folder is the identity: ann's file saying "student: Li Hua" is graded as ann's, and reported.
    assert out.startswith("ann: 4/76 (5%)\n")
    assert "says student: 'Li Hua', but the file is in the folder of ann" in out
    assert csv_path.read_text("utf-8").startswith("student,exercise,claim,points,max,status")
    assert "<h1>Check the numbers — grades</h1>" in html_path.read_text("utf-8")
    assert main(["exercise", "grade", str(tmp_path / "answers"), "--key", str(tmp_path)]) == 2
    assert "no exercise key" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["exercise", "grade", str(tmp_path / "empty"), "--key", str(KEY_DIR)]) == 2
    assert main(["exercise", "grade", str(tmp_path / "nope"), "--key", str(KEY_DIR)]) == 2


# -- who a student is; what generated files name --------------------------------------------------------

def test_a_student_is_one_student_whatever_the_case_of_the_folder(grader, tmp_path):
    answers = tmp_path / "answers"
    write(answers / "Carol", "E17.yaml", answer("E17", "pretrain_hours / gpus", "54.2 天", "consistent", "Carol"))
    # broken: only the folder says who
    write(answers / "carol", "E06.yaml", "exercise: E06\nformula: [64 * step_64\n")
    write(answers / "bo", "E17.yaml", answer("E17", "pretrain_hours / gpus", "54.2 天", "consistent"))
    grades = Grader(grader.key).grade(read_answers([answers]))
    assert [s.student for s in grades.students] == ["bo", "Carol"], "two students, not three"
    carol = grades.students[1]
    items = {i.exercise: i for i in carol.items}
    assert items["E17"].points == 4 and items["E06"].problems and items["E06"].points == 0
    assert items["E06"].file == "answers/carol/E06.yaml"
    text = io.StringIO()
    render_text(grades, text)
    assert "carol" not in text.getvalue().replace("Carol", "").replace("answers/carol", "")


def test_generated_grade_files_hold_relative_paths_only(tmp_path, capsys, monkeypatch):
    from claimaudit.cli.main import main

    answers = tmp_path / "answers"
    write(answers / "li", "E17.yaml", answer("E17", "pretrain_hours / gpus", "54 天", "consistent"))
    write(answers / "li", "E06.yaml", "exercise: E06\nformula: [64 * step_64\n")
    monkeypatch.chdir(REPO)    # the answers are outside the working folder: named from the folder given
    assert main(["exercise", "grade", str(answers), "--key", str(KEY_DIR), "--csv", str(tmp_path / "g.csv"),
                 "--html", str(tmp_path / "g.html")]) == 0
    out = capsys.readouterr().out
    for text in (out, (tmp_path / "g.csv").read_text("utf-8"), (tmp_path / "g.html").read_text("utf-8")):
        assert str(tmp_path) not in text and "answers/li/E06.yaml" in text


def test_an_exercise_set_made_outside_the_root_names_its_folder_relatively(tmp_path, capsys, monkeypatch):
    from claimaudit.cli.main import main

    monkeypatch.chdir(tmp_path)
    assert main(["exercise", "make", "--root", str(REPO), "-o", "set", "--lang", "en"]) == 0
    capsys.readouterr()
    readme = (tmp_path / "set" / "README.md").read_text("utf-8")
    assert "--key set " in readme and str(tmp_path) not in readme
    for f in (tmp_path / "set").rglob("*"):
        if f.is_file():
            assert str(tmp_path) not in f.read_text("utf-8") and str(REPO) not in f.read_text("utf-8"), f
