"""``claimaudit sources fetch|list|check``: downloads pinned by sha256 (a local server on
127.0.0.1 only), the cache a run reads, and the command line."""

from __future__ import annotations

import hashlib
import http.server
import shutil
import threading
from pathlib import Path

import pytest

from claimaudit.cli.main import main as cli
from claimaudit.engine.run import RunOptions, run_claims
from claimaudit.model.sources import SourceRecord
from claimaudit.sources.cache import cache_dir, cached_file
from claimaudit.sources.fetch import download, fetch_record
from claimaudit.sources.limits import SourceTextError

FIXTURES = Path(__file__).parent / "fixtures" / "sources"
BODY = (FIXTURES / "day6_inference_excerpt.html").read_bytes()
SHA = hashlib.sha256(BODY).hexdigest()


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path == "/day6.html":
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(BODY)))
            self.end_headers()
            self.wfile.write(BODY)
        elif self.path == "/to-file":
            self.send_response(302)
            self.send_header("Location", "file:///etc/passwd")
            self.end_headers()
        elif self.path == "/moved":
            self.send_response(301)
            self.send_header("Location", "/day6.html")
            self.end_headers()
        elif self.path == "/big":
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"x" * 5000)
        else:
            self.send_response(404)
            self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def record(url: str, sha: str = "", **kw) -> SourceRecord:
    return SourceRecord(id="day6", url=url, sha256=sha, **kw)


def test_fetch_pins_by_sha256(tmp_path, server):
    out = fetch_record(record(f"{server}/day6.html", SHA), tmp_path)
    assert out.status == "fetched" and out.path == tmp_path / f"{SHA}.html"
    assert out.path.read_bytes() == BODY
    assert fetch_record(record(f"{server}/day6.html", SHA), tmp_path).status == "cached"
    # through a redirect on the same server
    assert fetch_record(record(f"{server}/moved", SHA), tmp_path, refresh=True).status == "fetched"


def test_changed_text_is_not_cached(tmp_path, server):
    out = fetch_record(record(f"{server}/day6.html", "0" * 64), tmp_path)
    assert out.status == "mismatch" and SHA in out.message
    assert cached_file(tmp_path, "0" * 64) is None and not list(tmp_path.iterdir())


def test_unpinned_needs_accept_new(tmp_path, server):
    assert fetch_record(record(f"{server}/day6.html"), tmp_path).status == "skipped"
    out = fetch_record(record(f"{server}/day6.html"), tmp_path, accept_new=True)
    assert out.status == "pinned-new" and f"sha256: {SHA}" in out.message


@pytest.mark.parametrize("path, kind", [("/to-file", "refused"), ("/big", "limit"), ("/nothing", "unreadable")])
def test_download_failures(server, path, kind):
    with pytest.raises(SourceTextError) as info:
        download(f"{server}{path}", max_bytes=1000, timeout=5)
    assert info.value.kind == kind


def test_only_http(tmp_path):
    with pytest.raises(SourceTextError) as info:
        download("file:///etc/passwd")
    assert info.value.kind == "refused"


def _project(root: Path, url: str, sha: str) -> Path:
    (root / "claims").mkdir(parents=True)
    (root / "sources").mkdir()
    (root / "claimaudit.toml").write_text('[tool.claimaudit]\npaths = ["claims"]\n', "utf-8")
    (root / "sources" / "day6.yaml").write_text(f"id: day6\nkind: primary\nurl: {url}\nsha256: {sha}\n", "utf-8")
    (root / "claims" / "margin.yaml").write_text(
        "source: day6\nclaims:\n  - id: margin\n"
        "    quote: \"the total daily revenue would be $562,027, with a cost profit margin of 545%\"\n"
        "    value: 545%\n", "utf-8")
    return root


def test_a_run_reads_the_cache_and_never_fetches(tmp_path, server):
    root = _project(tmp_path / "p", f"{server}/day6.html", SHA)
    run = run_claims([root / "claims"], root, RunOptions(select=("CA200",)))
    f = run.results[0].findings
    assert [(x.code, x.severity) for x in f] == [("CA204", "info")] and "sources fetch day6" in f[0].message
    assert fetch_record(record(f"{server}/day6.html", SHA), cache_dir(root)).status == "fetched"
    run = run_claims([root / "claims"], root, RunOptions(select=("CA200",)))
    r = run.results[0]
    assert [x.code for x in r.findings] == []
    q = r.extra["quote"]
    assert q["file"] == f"{server}/day6.html" and q["section"] == "Cost and Theoretical Income"
    # a cached copy that changed on disk is refused
    path = cached_file(cache_dir(root), SHA)
    path.write_bytes(BODY.replace(b"545%", b"546%"))
    run = run_claims([root / "claims"], root, RunOptions(select=("CA200",)))
    f = run.results[0].findings
    assert [(x.code, x.severity, x.data["reason"]) for x in f] == [("CA204", "warning", "hash")]


# -- the command line ------------------------------------------------------------------------------------

def test_cli_fetch_list_check(tmp_path, server, capsys):
    root = _project(tmp_path / "p", f"{server}/day6.html", SHA)
    assert cli(["sources", "--root", str(root), "list"]) == 0
    assert "not fetched" in capsys.readouterr().out
    assert cli(["sources", "--root", str(root), "fetch"]) == 0
    assert "day6: fetched" in capsys.readouterr().out
    assert cli(["sources", "--root", str(root), "list"]) == 0
    assert "cached as" in capsys.readouterr().out
    assert cli(["sources", "--root", str(root), "check", "-v"]) == 0
    out = capsys.readouterr().out
    assert ". margin.margin" in out and "§ Cost and Theoretical Income" in out and "exact 100" in out
    assert "with a cost profit margin of 545%" in out
    assert "1 quotes found, 0 changed, 0 not found" in out


def test_cli_check_exit_code_on_drift(tmp_path, capsys):
    root = tmp_path / "p"
    (root / "claims").mkdir(parents=True)
    (root / "sources").mkdir()
    (root / "texts").mkdir()
    shutil.copyfile(FIXTURES / "handbook_cost_drifted.txt", root / "texts" / "h.txt")
    (root / "sources" / "h.yaml").write_text("id: h\nfiles: [texts/h.txt]\n", "utf-8")
    (root / "claims" / "c.yaml").write_text(
        "source: h\nclaims:\n  - id: s\n    quote: 三个金额相加也是 557.6 万美元\n    value: 557.6 万美元\n", "utf-8")
    assert cli(["sources", "--root", str(root), "check"]) == 1
    out = capsys.readouterr().out
    assert "F c.s" in out and "CA202 error: the source now says 557.7 万美元 where the claim quotes 557.6 万美元" in out
    assert cli(["sources", "--root", str(root), "fetch", "nope"]) == 2
