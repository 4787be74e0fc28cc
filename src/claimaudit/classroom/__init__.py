"""Classroom: turn a claim corpus into "check the numbers" exercises and grade them.

* :mod:`.explain` — the working of one claim, step by step, in English or Chinese;
* :mod:`.checklist` — the careful reader's questions, answered from a claim's notes and results;
* :mod:`.exercises` — a student sheet, answer templates and a teacher key from claims;
* :mod:`.grade` — grade answer files against a key (verdict, formula, value) with feedback.

Everything here is a front end of the engine: it reads ClaimResults from ``run_claims`` and
never changes how a claim is judged.
"""
