"""Extract the text of a PDF, page by page, in a child process (run as a script).

The parent (:mod:`.load_pdf`) runs this with a timeout and a memory limit, so a PDF built to
make the extractor loop or balloon is killed instead of hanging the run. Prints one JSON object:
``{"pages": [...]}`` or ``{"error": ..., "kind": ...}``.
"""

import json
import sys


def main(argv: list) -> int:
    path, max_pages, max_chars = argv[0], int(argv[1]), int(argv[2])
    try:
        from pypdf import PdfReader
    except ImportError:
        print(json.dumps({"error": "PDF support needs pypdf: pip install 'claimaudit[pdf]'", "kind": "unreadable"}))
        return 0
    try:
        reader = PdfReader(path, strict=False)
        if reader.is_encrypted:
            try:
                reader.decrypt("")
            except Exception:  # noqa: BLE001
                print(json.dumps({"error": "the PDF is encrypted", "kind": "unreadable"}))
                return 0
        n = len(reader.pages)
        if n > max_pages:
            print(json.dumps({"error": f"{n} pages, more than the max_pages limit ({max_pages})", "kind": "limit"}))
            return 0
        pages, total = [], 0
        for page in reader.pages:
            text = page.extract_text() or ""
            total += len(text)
            if total > max_chars:
                print(json.dumps({"error": f"more than {max_chars:,} characters of text (the max_chars limit)",
                                  "kind": "limit"}))
                return 0
            pages.append(text)
    except Exception as exc:  # noqa: BLE001 - any failure of a corrupt PDF is reported, not raised
        print(json.dumps({"error": f"cannot read the PDF: {type(exc).__name__}: {exc}", "kind": "unreadable"}))
        return 0
    json.dump({"pages": pages}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
