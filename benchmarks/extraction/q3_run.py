"""Run quantulum3 on sentences (executed by score.py with a python that has quantulum3 installed).

Reads JSON {"texts": [...]} on stdin, writes {"results": [[{start, end, value, unit}, ...], ...],
"cold": s, "warm": s} on stdout. Timed like for like with ours_run.py: ``cold`` is the import plus
the first parse (quantulum3 loads its classifier then); ``warm`` is one pass over every text after it.
Both are CPU seconds of this process (``time.process_time``), as in ours_run.py. ``classifier``
says whether quantulum3 ran with its unit classifier: a plain ``pip install quantulum3`` (0.10) has
none (it warns), ``pip install "quantulum3[classifier]"`` adds scikit-learn and it; with it
quantulum3 is several times slower warm, so a speed ratio must say which ran.
"""
import time

t_start = time.process_time()
import json  # noqa: E402
import sys  # noqa: E402

from quantulum3 import parser  # noqa: E402

texts = json.load(sys.stdin)["texts"]
t_read = time.process_time()
parser.parse(texts[0] if texts else "1 m")
cold = (time.process_time() - t_read) + (t_read - t_start)
t0 = time.process_time()
out = []
for t in texts:
    found = []
    try:
        for q in parser.parse(t):
            found.append({"start": q.span[0], "end": q.span[1], "value": q.value, "unit": q.unit.name})
    except Exception as exc:  # noqa: BLE001 - quantulum3 raises arbitrary errors on some inputs; recorded per text
        found.append({"error": str(exc)})
    out.append(found)
warm = time.process_time() - t0
from quantulum3 import classifier  # noqa: E402 - already imported by the parser

json.dump({"results": out, "cold": cold, "warm": warm, "classifier": bool(classifier.USE_CLF)}, sys.stdout)
