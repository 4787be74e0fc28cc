"""``claimaudit run -n N``: worker processes over independent file groups give the serial run's output."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from support import REPO

from claimaudit.cli.main import main
from claimaudit.engine.parallel import file_groups, run_claims_in_workers, run_parallel, worker_count
from claimaudit.engine.run import RunOptions, run_claims

FILES = {
    # a chain across three files: c -> b -> a
    "a.yaml": "source: src1\nclaims:\n  - id: rows\n    value: 2,788K GPU-hours\n"
              "  - id: price\n    value: $2 per GPU-hour\n",
    "b.yaml": "claims:\n  - id: cost\n    value: $5.576M\n    formula: a.rows * a.price\n"
              "  - id: wrong\n    value: $5.9M\n    formula: a.rows * a.price\n",
    "c.yaml": "claims:\n  - id: twice\n    value: $11.15M\n    formula: 2 * b.cost\n"
              "  - id: same\n    value: 5.576 million USD\n    same_as: b.cost\n",
    # independent files, with findings and errors of every kind
    "d.yaml": "claims:\n  - id: share\n    value: 42.1%\n    formula: x / (x + y)\n"
              "    given: {x: \"421\", y: \"579\"}\n  - id: off\n    value: 3.5倍\n    formula: 10 / 3\n",
    "e.yaml": "claims:\n  - id: bad\n    value: [1\n",                               # YAML error
    "f.yaml": "claims:\n  - id: k\n    vaule: 3\n  - id: ok\n    value: 12\n",          # schema error
    "g.yaml": "claims:\n  - id: cited\n    value: 5\n    source: nowhere\n"           # unknown source
              "  - id: loop1\n    value: 1\n    formula: loop2\n  - id: loop2\n    value: 1\n    formula: loop1\n",
    "h.yaml": "claims:\n  - id: free\n    value: 62.7%\n    formula: 1 - a / b\n    given: {a: \"?\", b: \"16\"}\n"
              "  - id: about\n    value: 约 20%\n    formula: 21 / 100\n",
    "sub/d.yaml": "claims:\n  - id: share\n    value: 1\n",                          # same stem as d.yaml
}


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    for name, text in FILES.items():
        p = tmp_path / "claims" / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "src1.yaml").write_text("id: src1\ntitle: A source\n", encoding="utf-8")
    return tmp_path


def _json(capsys, root: Path, *extra: str) -> tuple[int, dict]:
    code = main(["run", "--root", str(root), "--no-report", "--format", "json", *extra, str(root / "claims")])
    report = json.loads(capsys.readouterr().out)
    for key in ("created", "duration"):
        report.pop(key)
    for r in report["records"]:
        r.pop("duration")
    return code, report


def test_groups_follow_references_and_shared_stems(project):
    files = sorted((project / "claims").rglob("*.yaml"))
    names = [f.relative_to(project / "claims").as_posix() for f in files]
    groups = [{names[i] for i in g} for g in file_groups(files)]
    assert {"a.yaml", "b.yaml", "c.yaml"} in groups
    assert {"d.yaml", "sub/d.yaml"} in groups
    assert {"h.yaml"} in groups and len(groups) == 6


@pytest.mark.parametrize("extra", [[], ["-k", "cost or share or loop1"]])
def test_parallel_json_is_identical_to_serial(project, capsys, extra):
    serial_code, serial = _json(capsys, project, *extra)
    code, parallel = _json(capsys, project, "-n", "2", *extra)
    assert serial["errors"] and serial["summary"]["inconsistent"] >= (0 if extra else 2)   # findings and errors
    assert (code, parallel) == (serial_code, serial)
    assert run_parallel([project / "claims"], project, RunOptions(workers=2), 0.0) is not None   # not serial
    code3, three = _json(capsys, project, "-n", "3", *extra)
    assert (code3, three) == (serial_code, serial)


def test_parallel_bundled_corpus_matches_serial():
    serial = run_claims([REPO / "claims"], REPO, RunOptions())
    parallel = run_claims_in_workers([REPO / "claims"], REPO, RunOptions(workers=2))
    assert [(r.claim.qualname, r.verdict, r.outcome, [f.message for f in r.findings]) for r in parallel.results] == \
           [(r.claim.qualname, r.verdict, r.outcome, [f.message for f in r.findings]) for r in serial.results]
    assert [str(e) for e in parallel.errors] == [str(e) for e in serial.errors]


def test_markdown_docs_are_audited_serially(project, capsys, monkeypatch):
    shutil.copy(REPO / "README.md", project / "claims" / "notes.md")
    import claimaudit.engine.parallel as par

    def no_pool(*a, **k):
        raise AssertionError("a run with Markdown docs must not go to workers")

    monkeypatch.setattr(par, "_audit_bucket", no_pool)
    assert run_claims_in_workers([project / "claims"], project, RunOptions(workers=2)).results


def test_worker_count_option(capsys):
    assert worker_count("auto") >= 1 and worker_count("3") == 3
    for bad in ("0", "-2", "many"):
        with pytest.raises(ValueError):
            worker_count(bad)
    assert main(["run", "-n", "zero", "--no-report", str(REPO / "claims")]) == 2
    assert "-n takes" in capsys.readouterr().err


def test_more_claims_to_solve_than_the_budget_goes_serial(project, monkeypatch):
    import claimaudit.engine.parallel as par

    assert par._checker_limits(project, RunOptions())[1] == 50           # CA111's default max_claims
    monkeypatch.setattr(par, "_checker_limits", lambda root, options: (False, 0))
    assert run_parallel([project / "claims"], project, RunOptions(workers=2), 0.0) is None   # h.free: 1 > 0
    monkeypatch.setattr(par, "_checker_limits", lambda root, options: (True, None))
    assert run_parallel([project / "claims"], project, RunOptions(workers=2), 0.0) is None   # a run-scope checker


def _records(report: dict) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "duration"} for r in report["records"]]


@pytest.mark.parametrize("formats", [None, {"text"}, {"text", "html"}])
def test_records_built_in_the_workers_are_the_serial_records(project, formats):
    from claimaudit.engine.records import as_report

    options = RunOptions(checklist="no")
    serial = as_report(run_claims([project / "claims"], project, options), formats)
    run = run_parallel([project / "claims"], project, RunOptions(workers=2, checklist="no"), 0.0, formats)
    assert run is not None
    prebuilt = [r for r in run.results if r.record is not None]
    assert len(prebuilt) >= len(run.results) - 1        # built where audited (CA204's dedupe may rebuild one)
    parallel = as_report(run, formats)
    assert _records(parallel) == _records(serial)
    assert any(r.get("brief") for r in parallel["records"]) == (formats == {"text"})
    assert all(r.record is None for r in run.results)   # taken over once
    again = as_report(run, formats)                     # a second report builds its own records
    assert _records(again) == _records(parallel) and again["records"][0] is not parallel["records"][0]


def test_a_result_changed_after_the_audit_gets_a_new_record(project):
    from claimaudit.engine.records import as_report
    from claimaudit.engine.results import Finding

    run = run_parallel([project / "claims"], project, RunOptions(workers=2, checklist="no"), 0.0, None)
    assert run is not None
    failed = next(r for r in run.results if r.outcome == "failed" and r.record is not None)
    failed.outcome = "expected"            # as --baseline does
    failed.extra["baseline"] = "accepted"
    passed = next(r for r in run.results if r.outcome == "passed" and r.record is not None)
    passed.add(Finding("CA999", "warning", "a late note"))
    by_id = {r["qualname"]: r for r in as_report(run)["records"]}
    assert by_id[failed.claim.qualname]["outcome"] == "expected"
    assert by_id[failed.claim.qualname]["extra"]["baseline"] == "accepted"
    assert by_id[passed.claim.qualname]["findings"][-1]["message"] == "a late note"


def test_cli_parallel_text_and_html_match_serial(project, capsys, tmp_path):
    outs = []
    for extra in ([], ["-n", "2"]):
        (tmp_path / f"r{len(extra)}").mkdir()
        html = tmp_path / f"r{len(extra)}" / "index.html"
        code = main(["run", "--root", str(project), "--checklist", "no", "--html", str(html), "--color", "no",
                     *extra, str(project / "claims")])
        text = capsys.readouterr().out.replace(str(html), "HTML").rsplit(" in ", 1)[0]
        page = html.read_text(encoding="utf-8")
        assert page.count("<article") >= 10
        # The same page but for the line that says when the audit ran and how long it took.
        outs.append((code, text, re.sub(r'<p class="meta">Audited .*?</p>', "", page)))
    assert outs[0] == outs[1] and outs[0][0] == 2


@pytest.mark.parametrize("formats", [None, {"text", "html"}, {"text"}])
def test_slim_results_give_the_serial_records(project, formats):
    """Workers send results without their amounts (``slim``): the records, and records built again after
    a change (``--baseline``) or for a second report, are those of a serial run."""
    from claimaudit.engine.records import as_report

    options = RunOptions(checklist="no")
    serial = as_report(run_claims([project / "claims"], project, options), formats)
    run = run_parallel([project / "claims"], project, RunOptions(workers=2, checklist="no"), 0.0, formats, slim=True)
    assert run is not None
    slim = [r for r in run.results if r.shown is not None]
    assert slim and all(r.claimed is None and not r.inputs and r.reading is None for r in slim)
    # a brief record's amounts go packed (flat tuples), a complete one's as its record shows them
    packed = [r for r in slim if type(r.shown) is tuple]
    assert all(r.record[2].get("brief") for r in packed) and (packed != []) == (formats == {"text"})
    complete = as_report(run_claims([project / "claims"], project, options))
    assert any(r["inputs"] and r["claimed"] for r in complete["records"] if r["qualname"] in
               {s.claim.qualname for s in slim})   # what is dropped was there to drop
    assert _records(as_report(run, formats)) == _records(serial)
    assert _records(as_report(run, formats)) == _records(serial)            # built again from `shown`
    # complete records built again in the parent, the packed amounts unpacked: the serial ones
    assert _records(as_report(run)) == _records(complete) and not any(type(r.shown) is tuple for r in packed)
    changed = next(r for r in slim if r.outcome == "failed")
    changed.outcome = "expected"
    again = {r["qualname"]: r for r in _records(as_report(run, formats))}
    before = {r["qualname"]: r for r in _records(serial)}[changed.claim.qualname]
    assert again[changed.claim.qualname] == {**before, "outcome": "expected"}


def test_slim_only_without_a_checklist(project):
    """The checklist reads the amounts: a run that may get one is not sent slim."""
    for checklist in ("yes", "auto"):        # auto: this small run gets one
        run = run_parallel([project / "claims"], project, RunOptions(workers=2, checklist=checklist), 0.0,
                           None, slim=True)
        assert run is not None and all(r.shown is None for r in run.results)


def test_cli_parallel_json_without_checklist_matches_serial(project, capsys):
    serial_code, serial = _json(capsys, project, "--checklist", "no")
    code, parallel = _json(capsys, project, "--checklist", "no", "-n", "2")
    assert (code, parallel) == (serial_code, serial) and serial["summary"]["inconsistent"] >= 2


# -- records written out ahead (reporters/prerender.py) and groups handed out one at a time ----------

def _timeless(text: str) -> str:
    """A JSON report's text with the run's and each claim's times blanked (all that differs between runs)."""
    return re.sub(r'^(\s*"(?:created|duration)": )[^,\n]*', r"\1_", text, flags=re.M)


def _render(fmt: str, report: dict, **options) -> str:
    import io

    from claimaudit.reporters import render

    out = io.StringIO()
    render(fmt, report, out, **options)
    return out.getvalue()


def test_a_record_written_ahead_is_written_as_the_record_itself(project):
    from claimaudit.engine.records import as_report
    from claimaudit.reporters.jsonfmt import dumps
    from claimaudit.reporters.prerender import prerendered
    from claimaudit.reporters.rendered import Rendered, part

    report = as_report(run_claims([project / "claims"], project, RunOptions(checklist="no")))
    plain = report["records"]
    ahead = [prerendered(r, {"json", "html"}) for r in plain]
    assert all(type(r) is Rendered and r == p for r, p in zip(ahead, plain, strict=True))
    assert dumps(plain[0]) == json.dumps(plain[0], ensure_ascii=False, indent=2)
    # At any depth: the piece is re-indented where it is written.
    for shape in (lambda rs: {**report, "records": rs}, lambda rs: [[rs]], lambda rs: rs[0]):
        assert _render("json", shape(ahead)) == _render("json", shape(plain))
    assert _render("html", {**report, "records": ahead}) == _render("html", report)
    # Used, not written again: a piece that differs from the record shows.
    ahead[0].parts["json"] = '"piece"'
    assert '"piece"' in _render("json", {**report, "records": ahead})
    # Any change to the record drops its pieces (records are read-only for reporters, but not by force).
    for change in (lambda r: r.__setitem__("verdict", "x"), lambda r: r.pop("verdict"), lambda r: r.update(a=1),
                   lambda r: r.setdefault("new", 1), lambda r: r.__delitem__("id"), lambda r: r.clear(),
                   lambda r: r.popitem(), lambda r: r.__ior__({"b": 2})):
        r = prerendered(plain[1], {"json", "html"})
        assert part(r, "json") is not None
        change(r)
        assert part(r, "json") is None and part(r, "html:maintainers") is None
    changed = prerendered(plain[1], {"json"})
    changed["verdict"] = "changed"
    assert '"verdict": "changed"' in _render("json", {**report, "records": [changed]})
    assert part(plain[0], "json") is None                     # a plain record has no pieces


def test_a_record_written_ahead_survives_the_way_back(project):
    import pickle

    from claimaudit.engine.records import as_report
    from claimaudit.reporters.prerender import prerendered, prerenderer
    from claimaudit.reporters.rendered import Rendered, part

    record = as_report(run_claims([project / "claims"], project, RunOptions(checklist="no")))["records"][0]
    back = pickle.loads(pickle.dumps(prerendered(record, {"json"}, "authors"), protocol=pickle.HIGHEST_PROTOCOL))  # noqa: S301 - our own pickle
    assert type(back) is Rendered and back == record and part(back, "json") is not None
    assert prerenderer({"text"}) is None and prerenderer(None) is None
    fn = pickle.loads(pickle.dumps(prerenderer({"text", "html"}, "authors")))  # noqa: S301 - sent to the workers
    assert set(fn(record).parts) == {"html:authors"}


def test_pieces_written_to_a_file_are_read_back_as_the_report_is_written(project, tmp_path):
    """A worker's pieces travel in a file of their own (rendered.write_out / read_back): the records
    keep their places only, the texts are read from the file as the report is written."""
    import pickle

    from claimaudit.engine.records import as_report
    from claimaudit.reporters.prerender import prerenderer
    from claimaudit.reporters.rendered import Rendered, part

    report = as_report(run_claims([project / "claims"], project, RunOptions(checklist="no")))
    plain = report["records"]
    prerender = prerenderer({"json", "html"})
    ahead = [prerender(r) for r in plain]
    expected = [dict(r.parts) for r in ahead]
    where = prerender.store(ahead, str(tmp_path))
    assert all(r.parts == {} for r in ahead)            # gone from the records: they travel slim
    prerender.restore(ahead, where)
    assert all(r.stored is not None and all(type(p) is tuple for p in r.parts.values()) for r in ahead)
    # read back in any order (the report reads them in the order written; a window is re-read)
    for i in [*range(len(ahead)), 2, 0]:
        assert part(ahead[i], "json") == expected[i]["json"].decode("utf-8")   # kept as UTF-8 bytes
        assert part(ahead[i], "html:maintainers") == expected[i]["html:maintainers"]
    assert _render("json", {**report, "records": ahead}) == _render("json", report)
    # a stored record sent on goes with its texts; a changed one drops its places with its file
    back = pickle.loads(pickle.dumps(ahead[1]))  # noqa: S301 - our own pickle
    assert type(back) is Rendered and back.stored is None and back.parts == expected[1]
    ahead[1]["verdict"] = "changed"
    assert ahead[1].stored is None and part(ahead[1], "json") is None


def test_a_parallel_run_keeps_the_workers_pieces_in_their_files(project, monkeypatch, tmp_path):
    """In a -n run, the records a worker built come back with their pieces stored, not as texts, in a
    private folder of their own that is removed once no record reads from it."""
    import gc
    import os
    import stat

    import claimaudit.tempfolder
    from claimaudit.engine.records import as_report
    from claimaudit.reporters.prerender import prerenderer
    from claimaudit.reporters.rendered import Rendered

    monkeypatch.setattr(claimaudit.tempfolder.tempfile, "tempdir", str(tmp_path))
    run = run_claims_in_workers([project / "claims"], project, RunOptions(workers=2, checklist="no"),
                                {"json"}, slim=True, prerender=prerenderer({"json"}))
    records = as_report(run, {"json"})["records"]
    stored = [r for r in records if type(r) is Rendered and r.stored is not None]
    texts = [r for r in records if type(r) is Rendered and r.stored is None and r.parts]
    assert stored and texts          # the worker's and the parent's own
    folder = Path(stored[0].stored.path).parent
    assert folder.parent == tmp_path and folder.name.startswith("claimaudit-pieces-")
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    serial = as_report(run_claims([project / "claims"], project, RunOptions(checklist="no")), {"json"})
    assert _timeless(_render("json", {**serial, "records": records})) == _timeless(_render("json", serial))
    del run, records, stored, texts
    gc.collect()
    assert not folder.exists()


@pytest.mark.parametrize("audience", ["maintainers", "authors"])
def test_parallel_records_written_ahead_give_the_serial_json_and_html(project, audience):
    from claimaudit.engine.records import as_report
    from claimaudit.reporters.prerender import prerenderer
    from claimaudit.reporters.rendered import Rendered, html_key

    options = RunOptions(checklist="no")
    serial = as_report(run_claims([project / "claims"], project, options), {"json", "html"})
    run = run_claims_in_workers([project / "claims"], project, RunOptions(workers=2, checklist="no"),
                                {"json", "html"}, slim=True, prerender=prerenderer({"json", "html"}, audience))
    report = as_report(run, {"json", "html"})
    ahead = [r for r in report["records"] if type(r) is Rendered]
    assert len(ahead) >= len(report["records"]) - 1        # CA204's dedupe may build one again
    assert all(set(r.parts) == {"json", html_key(audience)} for r in ahead)
    assert _timeless(_render("json", report)) == _timeless(_render("json", serial))
    page = re.compile(r'<p class="meta">Audited .*?</p>')
    assert page.sub("", _render("html", report, audience=audience)) == \
        page.sub("", _render("html", serial, audience=audience))


@pytest.mark.parametrize("extra", [[], ["--for", "authors"]])
def test_cli_parallel_json_text_is_the_serial_text(project, capsys, extra):
    outs = []
    for n in ([], ["-n", "2"]):
        code = main(["run", "--root", str(project), "--no-report", "--checklist", "no", "--format", "json",
                     *extra, *n, str(project / "claims")])
        outs.append((code, _timeless(capsys.readouterr().out)))
    assert outs[0] == outs[1] and outs[0][0] == 2


def test_groups_are_handed_out_one_at_a_time():
    """Each group goes to exactly one process; a worker is given its next group as it finishes one."""
    import time
    from concurrent.futures import ThreadPoolExecutor

    from claimaudit.engine.parallel import _Feeder

    groups = [[i] for i in range(40)]
    by_worker: list[int] = []
    with ThreadPoolExecutor(2) as pool:
        def work(g: list[int]) -> bytes:
            time.sleep(0.002)
            by_worker.append(g[0])
            return bytes(g)

        feeder = _Feeder(groups, lambda g: pool.submit(work, g))
        feeder.feed()
        feeder.feed()
        mine, theirs = [], []
        while (g := feeder.next_group()) is not None:
            mine.append(g[0])
            time.sleep(0.003)
            theirs += [b[0] for _g, b in feeder.take(wait=False)]
        theirs += [b[0] for _g, b in feeder.take(wait=True)]
    assert sorted(mine + theirs) == list(range(40)) and sorted(theirs) == sorted(by_worker)
    assert mine and len(theirs) > len(mine)        # two workers (threads here), each fed as it finished


def test_parts_are_several_groups_first_single_groups_at_the_end():
    """With the groups' sizes (largest first), a part is at most a 1/(2 * processes) share of what is
    left: fewer audits while much is left, single groups at the end; each group in exactly one part."""
    from claimaudit.engine.parallel import _Feeder

    sizes = [100] * 25 + [3]
    feeder = _Feeder([[25 - i] for i in range(26)], lambda g: None, sizes, 2)   # type: ignore[arg-type, return-value]
    parts, left = [], sum(sizes)
    while (part := feeder.next_group()) is not None:
        took = 100 * len(part) if 0 not in part else 100 * (len(part) - 1) + 3
        assert part == sorted(part) and (len(part) == 1 or took < left / 4)
        parts.append(part)
        left -= took
    assert sorted(i for p in parts for i in p) == list(range(26))
    assert len(parts[0]) == 6 and [len(p) for p in parts[-5:]] == [1] * 5 and len(parts) == 13
    one = _Feeder([[0], [1]], lambda g: None)   # type: ignore[arg-type, return-value]
    assert one.next_group() == [0] and one.next_group() == [1] and one.next_group() is None


def test_parts_of_several_groups_give_the_serial_output(tmp_path, capsys, monkeypatch):
    """Independent groups audited together in one part (one audit) give the serial run's records,
    errors and order: a part is a serial run of its files."""
    import claimaudit.engine.parallel as par

    for k in range(12):       # independent files (findings, a schema error, an unknown source), same shapes
        for name, text in (("d", FILES["d.yaml"]), ("f", FILES["f.yaml"]), ("g", FILES["g.yaml"])):
            p = tmp_path / "claims" / f"{name}{k:02d}.yaml"
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
    (tmp_path / "sources").mkdir()
    parts, real = [], par._Feeder._part

    def spied(self):
        part = real(self)
        parts.append(part)
        return part

    monkeypatch.setattr(par._Feeder, "_part", spied)
    serial_code, serial = _json(capsys, tmp_path)
    code, parallel = _json(capsys, tmp_path, "-n", "2")
    assert serial["errors"] and serial["summary"]["inconsistent"] >= 12
    assert (code, parallel) == (serial_code, serial)
    assert max(len(p) for p in parts) >= 4 and len(parts[-1]) == 1 and sum(map(len, parts)) == 36


def _boom(*args, **kwargs):
    raise RuntimeError("a worker failed")


def test_a_worker_that_fails_fails_the_run(project, monkeypatch):
    import claimaudit.engine.parallel as par

    monkeypatch.setattr(par, "_worker_part", _boom)     # the forked worker sees it too
    with pytest.raises(RuntimeError, match="a worker failed"):
        run_parallel([project / "claims"], project, RunOptions(workers=2, checklist="no"), 0.0, None)


_PARENT: list[int] = []      # the test process's pid
_ORIGINAL: list = []         # the real _audit_bucket


def _boom_in_the_parent(*args, **kwargs):
    import os

    if os.getpid() in _PARENT:
        raise RuntimeError("the parent failed")
    return _ORIGINAL[0](*args, **kwargs)


def test_the_parent_failing_stops_the_workers_and_fails_the_run(project, monkeypatch):
    import os

    import claimaudit.engine.parallel as par

    _PARENT[:] = [os.getpid()]
    _ORIGINAL[:] = [par._audit_bucket]
    fed = []
    feed = par._Feeder.feed

    def counted(self):
        if self.tasks and not self.stopped:
            fed.append(len(self.tasks))
        feed(self)

    monkeypatch.setattr(par._Feeder, "feed", counted)
    monkeypatch.setattr(par, "_audit_bucket", _boom_in_the_parent)   # the forked worker audits as usual
    with pytest.raises(RuntimeError, match="the parent failed"):
        run_parallel([project / "claims"], project, RunOptions(workers=2, checklist="no"), 0.0, None)
    assert 1 <= len(fed) <= 2        # 6 groups: the worker is given none after the parent stopped


def test_dotted_names_are_whole_words():
    from claimaudit.engine.parallel import _DOTTED

    text = "formula: a-b.rows * 2.5 + fire_flyer.cost / 万元.x - y..z (cost.)\nsame_as: b.c.d"
    assert _DOTTED.findall(text) == ["a-b", "2", "fire_flyer", "万元", "y", "cost", "b", "c"]


def test_worker_results_travel_through_a_private_folder_that_is_removed(project, monkeypatch, tmp_path):
    """The workers' pickles go through files (a pipe made a worker wait for the busy parent's reads),
    in a folder only this user can open, gone when the run ends; the results are the serial ones."""
    import os
    import stat

    import claimaudit.engine.parallel as par

    seen, real = [], par.tempfile.TemporaryDirectory

    class Spool(real):  # type: ignore[misc, valid-type]
        def __enter__(self):
            path = super().__enter__()
            seen.append((path, stat.S_IMODE(os.stat(path).st_mode)))
            return path

    read, unspooled = par._unspool, []

    def unspool(path, *rest):
        unspooled.append(os.path.dirname(path))
        return read(path, *rest)

    monkeypatch.setattr(par.tempfile, "TemporaryDirectory", Spool)
    monkeypatch.setattr(par, "_unspool", unspool)
    monkeypatch.setattr(par.tempfile, "tempdir", str(tmp_path))
    parallel = run_claims_in_workers([project / "claims"], project, RunOptions(workers=2))
    serial = run_claims([project / "claims"], project, RunOptions())
    assert [(r.claim.qualname, r.verdict) for r in parallel.results] == \
           [(r.claim.qualname, r.verdict) for r in serial.results]
    assert len(seen) == 1 and seen[0][1] == 0o700 and Path(seen[0][0]).name.startswith("claimaudit-n-")
    assert unspooled and set(unspooled) == {seen[0][0]}    # every worker result came through it
    assert not Path(seen[0][0]).exists()


def _places(c) -> tuple:
    return (c.location, c.value_location, c.formula_location, c.quote_location,
            [(k, c.loc_of(k), c.raw.key_loc(k)) for k in c.raw], [g.location for g in c.given])


def test_claims_come_back_from_a_worker_with_their_places(project):
    """A worker sends each claim as loaded: its YAML mapping keeps its keys' and values' places as marks,
    and every place read in the parent (a record built again there, a finding) is the serial run's."""
    import io
    import pickle

    from claimaudit.engine.parallel import _dump, _worker_part
    from claimaudit.model.claims import Citation, Given
    from claimaudit.model.yamlmarks import MarkedDict

    paths = [str(project / "claims" / n) for n in ("a.yaml", "b.yaml", "c.yaml", "d.yaml", "h.yaml")]
    serial = {r.claim.qualname: r.claim for r in run_claims(paths, project, RunOptions(checklist="no")).results}
    options = RunOptions(checklist="no")
    out = io.BytesIO()
    _dump(_worker_part(paths, str(project), options, None, 0), out)          # as a worker sends it
    back = pickle.loads(out.getvalue())  # noqa: S301 - our own pickle
    claims = [r.claim for r in back["results"]]
    assert sorted(c.qualname for c in claims) == sorted(serial)
    for c in claims:
        assert type(c.raw) is MarkedDict and c == serial[c.qualname] and c.raw == serial[c.qualname].raw
        assert _places(c) == _places(serial[c.qualname])
    share = next(c for c in claims if c.qualname == "d.share")
    assert [type(g) for g in share.given] == [Given, Given] and share.given[0].value == "421"
    assert share.formula_location.line == 4 and share.given[1].location.line == 5
    assert all(type(a) is Citation for c in claims for a in c.also_in)
    # a claim read back is the same to the engine: it pickles again to an equal claim
    again = pickle.loads(pickle.dumps(claims, protocol=pickle.HIGHEST_PROTOCOL))  # noqa: S301 - as above
    assert again == claims and [_places(c) for c in again] == [_places(c) for c in claims]


def test_a_missing_source_text_is_said_once_as_in_a_serial_run(tmp_path, capsys):
    """Each part says a source text it cannot find once (CA204); the merged run says it once, on the first
    claim in run order that quotes the source, as a serial run does, whichever process audited it."""
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "paper.yaml").write_text("id: paper\ntitle: A paper with no local text\n", encoding="utf-8")
    for i in range(6):   # six independent files, each quoting the same paper
        (tmp_path / "claims").mkdir(exist_ok=True)
        (tmp_path / "claims" / f"q{i}.yaml").write_text(
            f"source: paper\nclaims:\n  - id: n{i}\n    value: \"{i + 2}\"\n    quote: \"{i + 2} runs\"\n"
            f"  - id: m{i}\n    value: \"{i + 3}\"\n    quote: \"{i + 3} runs\"\n", encoding="utf-8")
    outs = []
    for extra in ([], ["-n", "2"]):
        code, report = _json(capsys, tmp_path, "--checklist", "no", *extra)
        said = [(r["qualname"], f["severity"]) for r in report["records"] for f in r["findings"]
                if f["code"] == "CA204"]
        outs.append((code, said, report["records"]))
    assert outs[0][1] == [("q0.n0", "info")]
    assert outs[1] == outs[0]


@pytest.mark.parametrize("keyword", [None, "cost or share or loop1"])
def test_merged_results_are_in_the_serial_order(project, keyword):
    """The merge puts every part's results back in the serial run's order: the selected ones and, with
    ``-k``, the whole universe the checkers look inputs up in (a different list then)."""
    serial = run_claims([project / "claims"], project, RunOptions(keyword=keyword, checklist="no"))
    run = run_parallel([project / "claims"], project, RunOptions(workers=2, keyword=keyword, checklist="no"), 0.0)
    assert run is not None
    for mine, theirs in ((run.results, serial.results), (run.all_results, serial.all_results)):
        assert [(r.claim.file, r.claim.qualname) for r in mine] == [(r.claim.file, r.claim.qualname) for r in theirs]
    assert (run.all_results is run.results) == (keyword is None)
    assert len({r.claim.file for r in run.all_results}) >= 4


def test_a_json_report_to_a_binary_stream_is_the_text_one_in_utf8(project, tmp_path):
    """JSON pieces are kept as UTF-8 bytes (prerender) and go to a binary stream as they are, whether
    kept in the record, read back from a worker's file of pieces, or (a report nested deeper) at
    another indent; to a text stream, as text. The bytes are the text report's, encoded."""
    import io

    from claimaudit.engine.records import as_report
    from claimaudit.reporters import render
    from claimaudit.reporters.prerender import prerenderer
    from claimaudit.reporters.rendered import part_bytes

    report = as_report(run_claims([project / "claims"], project, RunOptions(checklist="no")))
    plain = report["records"]
    report["records"][0]["title"] = "预训练成本 · 2,788K GPU 小时"     # a record that is not ASCII
    prerender = prerenderer({"json"})
    ahead = [prerender(r) for r in plain]
    assert all(type(part_bytes(r, "json")) is bytes for r in ahead)
    stored = [prerender(r) for r in plain]
    prerender.restore(stored, prerender.store(stored, str(tmp_path)))
    mixed = [ahead[0], stored[1], *plain[2:4], *stored[4:]]
    for records in (plain, ahead, stored, mixed):
        for shape in ({**report, "records": records}, {"nested": {**report, "records": records}}):
            plain_shape = {"nested": report} if "nested" in shape else report
            text, raw = io.StringIO(), io.BytesIO()
            render("json", shape, text)
            render("json", shape, raw)
            assert text.getvalue() == _render("json", plain_shape)
            assert raw.getvalue() == text.getvalue().encode("utf-8")


def test_json_to_standard_output_and_to_a_file_with_n_2_is_the_serial_text(project, tmp_path):
    """`claimaudit run --format json` writes standard output's and a file's bytes straight (UTF-8): the
    same bytes, with -n 2 as serially, but for the run's times."""
    import os
    import subprocess
    import sys

    def run(*extra: str) -> bytes:
        env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "PYTHONIOENCODING": "utf-8"}
        out = subprocess.run([sys.executable, "-m", "claimaudit", "run", "--root", str(project), "--no-report",
                              "--checklist", "no", "--format", "json", *extra, str(project / "claims")],
                             env=env, capture_output=True, check=False, cwd=project)
        assert out.returncode == 2, out.stderr      # the project's input errors
        return out.stdout

    def timeless(data: bytes) -> bytes:
        return re.sub(rb'("(?:created|duration)": )[^,\n]*', rb"\1_", data)

    serial, parallel = run(), run("-n", "2")
    run("-n", "2", "--output", str(tmp_path / "report.json"))
    assert b'"records"' in serial and "约 20%".encode() in serial
    assert timeless(parallel) == timeless(serial)
    assert timeless((tmp_path / "report.json").read_bytes()) == timeless(serial)
