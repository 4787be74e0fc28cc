"""Time claimaudit's extraction like quantulum3 in q3_run.py (run by score.py in a fresh process).

Reads JSON {"texts": [...]} on stdin, writes {"cold": s, "warm": s, "mentions": n}: ``cold`` is the
import plus the first text's extraction, ``warm`` one pass over every text after it. Both are CPU
seconds of this process (``time.process_time``), as in q3_run.py: on a shared machine wall time
also measures the neighbours.
"""
import time

t_start = time.process_time()
import json  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
from claimaudit.extract.document import analyse  # noqa: E402
from claimaudit.extract.mentions import extract_mentions  # noqa: E402

texts = json.load(sys.stdin)["texts"]
t_read = time.process_time()
extract_mentions(analyse(texts[0] if texts else "1 m"))
cold = (time.process_time() - t_read) + (t_read - t_start)
t0 = time.process_time()
n = sum(len(extract_mentions(analyse(t))) for t in texts)
json.dump({"cold": cold, "warm": time.process_time() - t0, "mentions": n}, sys.stdout)
