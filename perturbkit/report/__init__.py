"""The result of running a suite: a :class:`Report` of :class:`TestResult` s, each holding its
cases (every original and variant with its per-metric scores and provenance), per-metric
statistics and a verdict per metric. Renderers read these objects: :mod:`.markdown`
(OpenMEVA-style tables), :mod:`.jsonreport` (everything, round-trips through
:meth:`Report.from_dict`) and :mod:`.html`.

>>> r = Report.load("report.json")                          # doctest: +SKIP
>>> t = r.test("lexical_repetition")                        # doctest: +SKIP
>>> t.stats["ngram_repetition"]["pearson"], t.primary("ngram_repetition")  # doctest: +SKIP
>>> str(t.verdicts["ngram_repetition"]), str(r.tally())    # doctest: +SKIP
('PASS: win_rate 1.000 >= 0.75', '10 passed, 2 failed')
>>> for orig, var in t.pairs(): print(r.example(var.id).edits)              # doctest: +SKIP
"""

from __future__ import annotations

from .model import FORMAT_VERSION, Case, Report, TestResult

__all__ = ["Case", "TestResult", "Report", "FORMAT_VERSION"]
