"""Fault injection for the scan tests: an auditor the sandbox child loads through
``CLAIMAUDIT_SCAN_AUDITOR=scan_faults:audit`` (set by the test, never by a document).

A document whose text holds ``FAULT:<kind>`` misbehaves; any other is audited for real.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from claimaudit.scan.sandbox import audit_request


def audit(request: dict, settings: dict) -> dict:
    text = Path(request["path"]).read_text("utf-8")
    if "FAULT:hang" in text:
        time.sleep(3600)
    if "FAULT:raise" in text:
        raise ValueError("planted failure")
    if "FAULT:memory" in text:
        hog = []
        while True:            # until the address-space limit stops it
            hog.append(bytearray(50 * 1024 * 1024))
    if "FAULT:sigkill" in text:  # as the kernel's OOM killer would
        os.kill(os.getpid(), signal.SIGKILL)
    if "FAULT:slow" in text:
        time.sleep(0.3)
    if "FAULT:killworker" in text:   # kill the worker process this sandbox belongs to
        once = os.environ.get("SCAN_FAULT_ONCE")
        if "FAULT:killworker-always" in text or (once and not Path(once).exists()):
            if once:
                Path(once).touch()
            os.kill(os.getppid(), signal.SIGKILL)
            time.sleep(30)
    return audit_request(request, settings)
