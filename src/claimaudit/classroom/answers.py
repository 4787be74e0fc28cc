"""Students' answer files: found, read safely, checked for shape, each problem located.

An answer file is the template ``claimaudit exercise make`` writes (one exercise), or several
answers under ``answers:`` with one ``student:``::

    student: Li Hua
    answers:
      - {exercise: E01, formula: nvlink_share / ecc_share, value: 19.9×, verdict: inconsistent}

Answer files come from students, so they are read like claim files: scalars stay text, no
anchors or aliases, a size limit, and every problem comes back as ``file:line:col``. A file that
cannot be read at all still yields one (empty) answer, so that its author gets a zero for that
exercise only and a message saying why.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError, Location
from ..safeio import read_text
from ..suggest import did_you_mean

ANSWER_KEYS = ("exercise", "student", "inputs", "formula", "value", "verdict", "why")
FILE_KEYS = ("student", "answers")
SUFFIXES = (".yaml", ".yml")
MAX_BYTES = 256 * 1024          # an answer file is a few lines; anything this big is not one
MAX_NODES = 5000
_EXERCISE_IN_NAME = re.compile(r"^(E\d+)\b")


class AnswerError(InputError):
    code = "CA012"   # was CA302: input errors are CA0xx, checkers CA1xx-CA3xx


@dataclass
class Answer:
    file: str
    student: str
    exercise: str | None
    location: Location
    formula: str | None = None
    formula_location: Location | None = None
    value: str | None = None
    value_location: Location | None = None
    verdict: str | None = None
    verdict_location: Location | None = None
    why: str = ""
    inputs: dict[str, str] = field(default_factory=dict)
    problems: list[InputError] = field(default_factory=list)   # malformed: the item scores zero
    named: bool = False          # the name comes from a `student:` field, not the folder or file name
    #: A ``student:`` that disagrees with the folder the file is in (the folder wins), and where.
    claimed_student: tuple[str, Location] | None = None

    @property
    def malformed(self) -> bool:
        return bool(self.problems)


# -- reading YAML safely ----------------------------------------------------------------------------

def load_answer_yaml(text: str, filename: str) -> Any:
    """Parse one answer file (located values, text scalars); raises a located YamlError."""
    from ..model.yamlmarks import load_yaml

    return load_yaml(text, filename, kind="answer file", max_bytes=MAX_BYTES, max_nodes=MAX_NODES)


# -- shape ---------------------------------------------------------------------------------------------

def _text(node: Any, key: str, ans: Answer) -> str | None:
    """A scalar field as text; a list or mapping where text belongs is a problem."""
    if key not in node or node[key] is None:
        return None
    v = node[key]
    if isinstance(v, (dict, list)):
        ans.problems.append(AnswerError(f"{key!r} should be text, not a {'list' if isinstance(v, list) else 'mapping'}",
                                        location=node.loc_of(key)))
        return None
    return str(v).strip()


def _fill(node: Any, ans: Answer, allowed: tuple[str, ...]) -> None:
    for key in node:
        if key not in allowed:
            sug = did_you_mean(str(key), allowed)
            ans.problems.append(AnswerError(f"unknown key {key!r}" + (f" (did you mean {sug[0]!r}?)" if sug else "")
                                            + f"; an answer has {', '.join(ANSWER_KEYS)}", location=node.key_loc(key)))
    ans.formula = _text(node, "formula", ans)
    ans.formula_location = node.loc_of("formula") if "formula" in node else None
    ans.value = _text(node, "value", ans)
    ans.value_location = node.loc_of("value") if "value" in node else None
    ans.verdict = _text(node, "verdict", ans)
    ans.verdict_location = node.loc_of("verdict") if "verdict" in node else None
    ans.why = _text(node, "why", ans) or ""
    inputs = node.get("inputs")
    if isinstance(inputs, dict):
        for k, v in inputs.items():
            if v is not None and not isinstance(v, (dict, list)) and str(v).strip():
                ans.inputs[str(k)] = str(v).strip()
    elif inputs is not None:
        ans.problems.append(AnswerError("'inputs' should be a mapping of name: value", location=node.loc_of("inputs")))


def _in_student_folder(path: Path, base: Path | None) -> bool:
    return base is not None and path.parent != base


def _fallback_student(path: Path, base: Path | None) -> str:
    if _in_student_folder(path, base):
        return path.parent.name
    return path.stem


def read_answer_file(path: Path, *, shown: str | None = None, base: Path | None = None) -> list[Answer]:
    """The answers in one file (at least one, even when the file is unreadable)."""
    shown = shown or str(path)
    fallback = _fallback_student(path, base)
    m = _EXERCISE_IN_NAME.match(path.name)
    guess = m.group(1) if m else None
    whole = Location(shown)
    try:
        text = read_text(path, max_bytes=MAX_BYTES, what="answer file", shown=shown)
        doc = load_answer_yaml(text, shown)
    except InputError as exc:
        return [Answer(shown, fallback, guess, exc.location or whole, problems=[exc])]
    except (OSError, UnicodeDecodeError) as exc:
        return [Answer(shown, fallback, guess, whole,
                       problems=[AnswerError(f"cannot read answer file: {exc}", location=whole)])]
    from ..model.yamlmarks import MarkedDict

    if not isinstance(doc, MarkedDict):
        return [Answer(shown, fallback, guess, getattr(doc, "location", None) or whole, problems=[AnswerError(
            "an answer file is a mapping with exercise, student, formula, value, verdict", location=whole)])]
    student = doc.get("student")
    student = str(student).strip() if student is not None and not isinstance(student, (dict, list)) else ""
    claimed = None
    named = bool(student)
    if _in_student_folder(path, base):
        # The folder is the identity: a file under bob/ saying ``student: Alice`` must not replace
        # Alice's answer. It is graded as bob's, and the mismatch is reported.
        if student and student.casefold() != fallback.casefold():
            claimed = (student, doc.loc_of("student"))
        student = fallback
        named = False
    student = student or fallback
    if "answers" in doc:
        items = doc["answers"]
        bad = [k for k in doc if k not in FILE_KEYS]
        out: list[Answer] = []
        if not isinstance(items, list):
            return [Answer(shown, student, guess, doc.loc_of("answers"), problems=[AnswerError(
                "'answers' should be a list of answers", location=doc.loc_of("answers"))])]
        for i, item in enumerate(items):
            loc = items.item_locations[i] if hasattr(items, "item_locations") else whole
            if not isinstance(item, MarkedDict):
                out.append(Answer(shown, student, None, loc, problems=[AnswerError(
                    "an answer should be a mapping (exercise, formula, value, verdict)", location=loc)]))
                continue
            ex = item.get("exercise")
            ans = Answer(shown, student, str(ex).strip() if ex is not None else None, item.location,
                         claimed_student=claimed)
            _fill(item, ans, ANSWER_KEYS)
            if ans.exercise is None:
                ans.problems.append(AnswerError("missing 'exercise' (E01, E02, …)", location=item.location))
            out.append(ans)
        for k in bad:
            if out:
                out[0].problems.append(AnswerError(f"unknown key {k!r} at the top of a file with 'answers'",
                                                   location=doc.key_loc(k)))
        for a in out:
            a.named = named
        return out
    ex = doc.get("exercise")
    ans = Answer(shown, student, str(ex).strip() if ex is not None and str(ex).strip() else guess, doc.location,
                 claimed_student=claimed)
    _fill(doc, ans, ANSWER_KEYS)
    ans.named = named
    if ans.exercise is None:
        ans.problems.append(AnswerError("missing 'exercise' (E01, E02, …)", location=doc.location))
    return [ans]


def find_answer_files(paths: Iterable[str | Path]) -> list[tuple[Path, Path | None]]:
    """(file, the folder it was found under) for every YAML file below ``paths``, sorted."""
    found: list[tuple[Path, Path | None]] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            for dirpath, dirnames, filenames in os.walk(path):
                dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
                for name in sorted(filenames):
                    if name.endswith(SUFFIXES) and not name.startswith("."):
                        found.append((Path(dirpath) / name, path))
        elif path.is_file():
            found.append((path, None))
        else:
            from ..errors import UsageError

            raise UsageError(f"no such answer file or folder: {path}")
    return found


def shown_name(path: Path, base: Path | None) -> str:
    """How an answer file is named in feedback and grade files: relative to the working folder
    when it is below it, else from the folder given (``answers/carol/E01.yaml``), never absolute."""
    try:
        rel = os.path.relpath(path)
    except ValueError:   # another drive
        rel = ".."
    if not rel.startswith(".."):
        return Path(rel).as_posix()
    if base is not None:
        return (Path(base.name) / path.relative_to(base)).as_posix()
    return path.name


def read_answers(paths: Iterable[str | Path]) -> list[Answer]:
    out: list[Answer] = []
    for path, base in find_answer_files(paths):
        out.extend(read_answer_file(path, shown=shown_name(path, base), base=base))
    return out
