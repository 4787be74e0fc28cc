"""`claimaudit … | head`: a reader that closes the pipe early gets no traceback on stderr, and the exit
code is not 0 (the output was cut short)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_a_closed_pipe_is_no_traceback(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text("# Numbers\n\n" + "".join(f"Item {i} costs ${i}.50 and weighs {i} kg.\n\n" for i in range(1, 3000)),
                   encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "claimaudit", "extract", "--mentions", str(doc)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()                       # as `head -1` does
    err = proc.stderr.read().decode()
    code = proc.wait(timeout=120)
    assert b"doc.md" in first
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert code == 1
