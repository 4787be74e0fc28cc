"""Hardening regressions (issue 17) for files: bounded confined reading (item 5), atomic writes
(item 11), confined sources and configuration (items 8, 14), classroom identity (item 12)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from security_support import audit, write
from support import hang_guard

from claimaudit import atomic
from claimaudit.config import load_config
from claimaudit.engine.run import RunOptions, exit_code, run_claims
from claimaudit.errors import UsageError
from claimaudit.safeio import FileRefused, read_bytes

# -- item 5: stat first, then read bounded ---------------------------------------------------------------

def _good(tmp_path: Path) -> None:
    write(tmp_path / "claims", "good.yaml", 'claims:\n  - {id: a, value: "2", formula: "1 + 1"}\n')


def test_claim_file_linked_to_dev_zero_is_refused(tmp_path):
    _good(tmp_path)
    (tmp_path / "claims" / "x.yaml").symlink_to("/dev/zero")
    run, r = audit(tmp_path)
    assert exit_code(run) == 2 and r["good.a"].verdict == "consistent"
    assert any("x.yaml" in str(e) and "not read" in str(e) for e in run.errors)


def test_a_fifo_does_not_block_the_run(tmp_path):
    _good(tmp_path)
    os.mkfifo(tmp_path / "claims" / "pipe.yaml")
    run, r = audit(tmp_path)
    assert r["good.a"].verdict == "consistent"
    assert any("pipe.yaml" in str(e) and "not a regular file" in str(e) for e in run.errors)


def test_a_huge_file_is_refused_before_reading(tmp_path):
    _good(tmp_path)
    big = tmp_path / "claims" / "big.yaml"
    with open(big, "wb") as fh:          # 3 GB, sparse: refused from its size, never read
        fh.truncate(3 * 1024 ** 3)
    run, _r = audit(tmp_path)
    assert any("big.yaml" in str(e) and "larger than 5 MiB" in str(e) for e in run.errors)


def test_a_symlink_out_of_the_project_is_not_read(tmp_path):
    outside = tmp_path / "elsewhere" / "secret.yaml"
    write(outside.parent, "secret.yaml", 'claims:\n  - {id: token, value: "ghp_SECRET"}\n')
    project = tmp_path / "proj"
    _good(project)
    (project / "claims" / "leak.yaml").symlink_to(outside)
    run, r = audit(project)
    assert "leak.token" not in r
    (err,) = run.errors
    assert "symlink to a file outside the project" in str(err) and "ghp_SECRET" not in str(err)
    # A symlink that stays inside the project is followed.
    write(project, "shared/inside.yaml", 'claims:\n  - {id: b, value: "3"}\n')
    (project / "claims" / "inside.yaml").symlink_to(project / "shared" / "inside.yaml")
    _run, r = audit(project)
    assert "inside.b" in r


def test_read_bytes_limits(tmp_path):
    p = tmp_path / "f.txt"
    p.write_bytes(b"x" * 100)
    assert read_bytes(p, max_bytes=100) == b"x" * 100
    with pytest.raises(FileRefused, match="larger than 99 bytes"):
        read_bytes(p, max_bytes=99)


def test_answer_file_linked_to_dev_zero_scores_zero_only_there(tmp_path):
    from claimaudit.classroom.answers import read_answers

    write(tmp_path / "answers" / "ann", "E01.yaml", "exercise: E01\nformula: a\n")
    (tmp_path / "answers" / "ann" / "E02.yaml").symlink_to("/dev/zero")
    answers = {a.exercise: a for a in read_answers([tmp_path / "answers"])}
    assert not answers["E01"].problems
    assert "not read" in str(answers["E02"].problems[0])


# -- item 11: atomic writes -------------------------------------------------------------------------------

def test_an_interrupted_write_leaves_the_previous_file(tmp_path):
    target = tmp_path / "index.html"
    target.write_text("previous report", encoding="utf-8")
    with pytest.raises(KeyboardInterrupt), atomic.atomic_open(target, "w") as fh:
        fh.write("half a rep")
        raise KeyboardInterrupt
    assert target.read_text("utf-8") == "previous report"
    assert [p.name for p in tmp_path.iterdir()] == ["index.html"]     # no temporary file left
    atomic.write_text(target, "new report")
    assert target.read_text("utf-8") == "new report"


def test_a_report_interrupted_while_rendering_keeps_the_old_one(tmp_path, monkeypatch):
    from claimaudit.reporters import outputs

    write(tmp_path / "claims", "c.yaml", 'claims:\n  - {id: a, value: "1"}\n')
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / "index.html").write_text("<p>old</p>", encoding="utf-8")

    def interrupted(fmt, report, fh, **_):
        fh.write("<p>partial")
        raise KeyboardInterrupt

    monkeypatch.setattr(outputs, "render", interrupted)
    from claimaudit.cli.main import main

    assert main(["run", str(tmp_path / "claims"), "--root", str(tmp_path), "--html",
                 str(tmp_path / "reports" / "index.html")]) == 2
    assert (tmp_path / "reports" / "index.html").read_text("utf-8") == "<p>old</p>"


def test_a_full_disk_leaves_the_previous_baseline(tmp_path, monkeypatch):
    from claimaudit.gate import baseline

    write(tmp_path / "claims", "c.yaml", 'claims:\n  - {id: a, value: "3", formula: "1 + 1"}\n')
    run = run_claims([tmp_path / "claims"], tmp_path, RunOptions())
    path = tmp_path / "baseline.json"
    baseline.write_baseline(run, path)
    before = path.read_text("utf-8")

    real_fsync = os.fsync

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(UsageError, match="cannot write baseline"):
        baseline.write_baseline(run, path)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert path.read_text("utf-8") == before
    assert baseline.load_baseline(path)


def test_writing_to_a_device_writes_through(tmp_path):
    atomic.write_text("/dev/null", "nothing")      # not replaced by a regular file
    assert Path("/dev/null").is_char_device()


# -- items 8 and 14: sources and configuration stay inside the project --------------------------------------

def test_git_config_cannot_be_a_source(tmp_path):
    from claimaudit.sources.confine import confine
    from claimaudit.sources.limits import SourceTextError

    write(tmp_path / ".git", "config", "[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n")
    with pytest.raises(SourceTextError, match="hidden files and folders"):
        confine(".git/config", tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "cfg.txt").symlink_to(tmp_path / ".git" / "config")
    with pytest.raises(SourceTextError, match=r"hidden files and folders \(.git\)"):
        confine("docs/cfg.txt", tmp_path)


@pytest.mark.parametrize("setting, message", [
    ("kilo = 7", "'kilo' must be 1000 or 1024, not 7"),
    ('rounding = "up"', "'rounding' must be one of auto, exact, digits"),
    ('paths = ["/etc"]', "paths = ['/etc'] is outside the project"),
    ('paths = ["../../"]', "is outside the project"),
    ('allow_source_dirs = ["/"]', "allow_source_dirs = ['/'] is refused"),
    ('allow_source_dirs = [".."]', "allow_source_dirs = ['..'] is refused"),
    ('allow_source_dirs = ["~/.ssh"]', "is refused"),
    ('allow_source_dirs = ["../shared"]', "allow_source_dirs = ['../shared'] is refused"),
    ('allow_source_dirs = ["."]', "allow_source_dirs = ['.'] is refused"),
])
def test_configuration_cannot_widen_the_run(tmp_path, setting, message):
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "claimaudit.toml").write_text(f"[tool.claimaudit]\n{setting}\n", encoding="utf-8")
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace("[", r"\[")):
        load_config(tmp_path / "proj")


def test_configuration_allows_folders_inside_the_project_only(tmp_path):
    (tmp_path / "proj").mkdir()
    (tmp_path / "proj" / "claimaudit.toml").write_text('[tool.claimaudit]\npaths = ["claims"]\n'
                                                      'allow_source_dirs = ["texts/extra"]\n', encoding="utf-8")
    assert load_config(tmp_path / "proj").get("allow_source_dirs") == ["texts/extra"]
    # A folder beside the project is the run's own choice: a pull request cannot make it.
    (tmp_path / "proj" / "claimaudit.toml").write_text('[tool.claimaudit]\nallow_source_dirs = ["../shared/seeds"]\n',
                                                      encoding="utf-8")
    with pytest.raises(UsageError, match="--allow-source-dir"):
        load_config(tmp_path / "proj")


def test_kilo_7_is_a_usage_error_not_a_traceback(tmp_path, capsys):
    from claimaudit.cli.main import main

    write(tmp_path / "claims", "c.yaml", 'claims:\n  - {id: a, value: "1"}\n')
    (tmp_path / "claimaudit.toml").write_text("[tool.claimaudit]\nkilo = 7\n", encoding="utf-8")
    assert main(["run", "--root", str(tmp_path), "--no-report"]) == 2
    assert "'kilo' must be 1000 or 1024" in capsys.readouterr().err


def test_an_invalid_sha256_is_never_a_path(tmp_path, monkeypatch):
    from claimaudit.model.sources import SourceRecord
    from claimaudit.sources import cache
    from claimaudit.sources.library import SourceLibrary

    opened = []
    monkeypatch.setattr(cache, "file_sha256", lambda p: opened.append(p) or "")
    rec = SourceRecord(id="s", url="https://example.org/x", sha256="../../../../etc/passwd")
    got = SourceLibrary(tmp_path, {"s": rec}).text("s")
    assert not opened and not got.documents
    assert "not 64 hexadecimal digits" in got.errors[0].message
    assert cache.cached_file(tmp_path, "../../etc/passwd") is None


# -- item 12: the folder is the identity ------------------------------------------------------------------

def test_a_student_cannot_replace_anothers_answer(tmp_path):
    from claimaudit.classroom.answers import read_answers

    write(tmp_path / "answers" / "alice", "E01.yaml", "exercise: E01\nformula: a\n")
    write(tmp_path / "answers" / "bob", "E01.yaml", "exercise: E01\nstudent: alice\nformula: b\n")
    answers = read_answers([tmp_path / "answers"])
    by = {(a.student, a.formula) for a in answers}
    assert by == {("alice", "a"), ("bob", "b")}            # bob's file stays bob's
    (bob,) = [a for a in answers if a.student == "bob"]
    said, where = bob.claimed_student
    assert said == "alice" and str(where).endswith("bob/E01.yaml:2:10")


def test_a_quote_not_found_echoes_nothing_of_the_source_beyond_its_near_match(tmp_path):
    """Issue 17 item 8: a quote that is not found must not print source text it did not contain.
    An unrelated passage (low score) is not shown at all; a real near match is cut to the quote's
    length and carries no surrounding context."""
    from claimaudit.engine.run import RunOptions, run_claims

    (tmp_path / "sources" / "texts").mkdir(parents=True)
    secret = "API_TOKEN=ghp_s3cr3tvalue " * 3
    (tmp_path / "sources" / "texts" / "notes.txt").write_text(
        f"{secret}\nThe cluster has 2,048 GPUs in 256 nodes, each node with eight GPUs.\n{secret}\n", "utf-8")
    (tmp_path / "sources" / "notes.yaml").write_text("id: notes\ntitle: Notes\nfile: sources/texts/notes.txt\n",
                                                     "utf-8")
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "c.yaml").write_text(
        "source: notes\nclaims:\n"
        "  - id: far\n    value: '7'\n    quote: zebra quantum marmalade seven\n"
        "  - id: near\n    value: '2,048'\n    quote: The cluster has 2,048 GPUs in 265 nodes\n", "utf-8")
    run = run_claims([tmp_path / "claims"], tmp_path, RunOptions())
    by_id = {r.claim.id: r for r in run.results}
    far = [f for f in by_id["far"].findings if f.code == "CA201"]
    assert far and "no near match" in far[0].message and "ghp_" not in far[0].message
    for r in run.results:
        for f in r.findings:
            assert "ghp_" not in f.message and "ghp_" not in str(f.data), (r.claim.id, f.code)
            assert "context" not in (f.data or {}).get("near", {})


def test_markdown_sources_are_parsed_within_the_time_limit(tmp_path):
    """Issue 17 item 14: Markdown sources had no time limit. markdown-it is linear but slow on some
    shapes (runs of '[' cost about 10 µs a character), so a large text is parsed in a child process
    killed at the source timeout; what it returns is the same document as an in-process parse."""

    from claimaudit.sources.limits import Limits, SourceTextError
    from claimaudit.sources.load_markdown import _parser, load_markdown
    from claimaudit.sources.markdown_tokens import markdown_tokens

    text = ("# Costs\n\n| item | GPU-hours |\n|---|---|\n| pre-training | 2,664K |\n\n"
            "Training took *2.788M* GPU-hours in total ([paper](https://example.org/x%2D1)).\n")
    def fields(tokens):         # what the loader reads of a token (the worker sends only these)
        return [(t.type, t.tag, t.map, t.content, t.info, fields(t.children) if t.children else None)
                for t in tokens]

    inline = markdown_tokens(text, _parser, file="d.md")
    child = markdown_tokens(text, _parser, file="d.md", inline_max=0)
    assert fields(child) == fields(inline) and len(inline) > 20
    some = {"inline", "tr_open"}
    assert fields(markdown_tokens(text, _parser, file="d.md", inline_max=0, types=some)) \
        == fields(t for t in inline if t.type in some) != []
    n = 200_000 // len(text) + 1                                     # just over the in-process size
    doc = load_markdown(text * n, source="d", file="d.md")
    assert doc.text.count("2,664K") == n and len(doc.tables) == n
    # The message is the worker's timeout speaking; the guard only catches a hang.
    # ~2 s with markdown-it-pyrs (the [fast] extra), ~20 s with markdown-it-py: well over the limit
    # either way (1M characters took 1.15 s with pyrs: a 1 s limit was a coin toss).
    with hang_guard(60), pytest.raises(SourceTextError, match=r"took longer than 0\.5 s"):
        load_markdown("[" * 1_900_000, source="d", file="d.md", limits=Limits(timeout=0.5))


def test_a_markdown_source_over_its_character_limit_is_refused_before_parsing(tmp_path):
    """markdown-it-py needs up to ~270 bytes of tokens a character ('*a' runs): a Markdown text over
    max_markdown_chars is a limit finding for that source, and the suggestion to read it as text."""
    from claimaudit.sources.limits import Limits, SourceTextError
    from claimaudit.sources.loaders import load_document

    p = tmp_path / "big.md"
    p.write_text("*a " * 400, encoding="utf-8")
    with pytest.raises(SourceTextError, match=r"big\.md: a Markdown text of 1,200 characters, more than the "
                                              r"max_markdown_chars limit \(1,000\); give it as plain text") as info:
        load_document(p, source="s", shown="big.md", limits=Limits(max_markdown_chars=1000))
    assert info.value.kind == "limit"
    doc = load_document(p, source="s", shown="big.md", fmt="text", limits=Limits(max_markdown_chars=1000))
    assert doc.text.startswith("*a *a")
    assert load_document(p, source="s", shown="big.md", limits=Limits(max_markdown_chars=1200)).format == "markdown"
