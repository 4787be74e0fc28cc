"""Run quantulum3 on sentences/documents (executed inside the benchmark venv that has quantulum3).

Reads JSON {"texts": [...]} on stdin, writes {"results": [[{start, end, value, unit}, ...], ...],
"seconds": float} on stdout.
"""
import json
import sys
import time

from quantulum3 import parser

texts = json.load(sys.stdin)["texts"]
t0 = time.perf_counter()
out = []
for t in texts:
    found = []
    try:
        for q in parser.parse(t):
            found.append({"start": q.span[0], "end": q.span[1], "value": q.value, "unit": q.unit.name})
    except Exception as exc:  # quantulum3 raises on some inputs
        found.append({"error": str(exc)})
    out.append(found)
json.dump({"results": out, "seconds": time.perf_counter() - t0}, sys.stdout)
