"""Test kinds and their semantics: one module per kind owns its statistics, its headline number,
what PASS / FAIL / INCONCLUSIVE mean (thresholds with defaults, the minimum number of cases) and
what the reports show for it. The suite schema, the runner, the reports and
:mod:`perturbkit.testing` read all of that from here.

>>> from perturbkit.kinds import KINDS, get_kind
>>> list(KINDS)
['discrimination', 'invariance', 'directional', 'human_correlation']
>>> k = get_kind("invariance")
>>> k.primary, k.higher_is_better, k.defaults, k.min_cases
('abs_r', False, {'max_abs_r': 0.1}, 6)
>>> str(k.judge({"abs_r": 0.03, "n_pairs": 60}))
'PASS: abs_r 0.030 <= 0.1'
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from .base import Kind, PairOutcome, Status, Tally, Threshold, Verdict
from .directional import DirectionalKind
from .discrimination import DiscriminationKind
from .human_correlation import HumanCorrelationKind, parse_rating
from .invariance import InvarianceKind

__all__ = [
    "KINDS",
    "Kind",
    "PairOutcome",
    "Status",
    "Tally",
    "Threshold",
    "Verdict",
    "describe_kinds",
    "describe_thresholds",
    "evaluate",
    "get_kind",
    "parse_rating",
    "primary_p",
    "threshold_names",
    "thresholds",
]

#: Every kind by name, in the order the reports show them.
KINDS: Mapping[str, Kind] = MappingProxyType(
    {k.name: k for k in (DiscriminationKind(), InvarianceKind(), DirectionalKind(), HumanCorrelationKind())}
)


def get_kind(name: str) -> Kind:
    """The kind called ``name`` (KeyError with a suggestion otherwise)."""
    try:
        return KINDS[name]
    except KeyError:
        near = difflib.get_close_matches(str(name), list(KINDS), n=1)
        hint = f"did you mean {near[0]!r}? " if near else ""
        raise KeyError(f"unknown test kind {name!r}; {hint}(kinds: {', '.join(KINDS)})") from None


def evaluate(test: Any, cases: Sequence[Any], metric: str, seed: int = 0) -> dict[str, Any]:
    """Statistics of ``metric`` on one test's scored ``cases`` (``test``: a suite test spec); cases
    the metric did not score (a metric run on a sample of the stories) are left out."""
    return get_kind(test.kind).evaluate(test, [c for c in cases if metric in c.scores], metric, seed)


def primary_p(kind: str, stats: Mapping[str, Any]) -> float | None:
    """The p-value a test contributes to the Holm adjustment across tests."""
    return get_kind(kind).p_value(stats)


def thresholds() -> dict[str, tuple[Threshold, tuple[str, ...]]]:
    """Every threshold a suite may set, by name, with the kinds it applies to (a name shared by
    kinds, like ``min_r``, bounds the same statistic in the same direction in each)."""
    out: dict[str, tuple[Threshold, tuple[str, ...]]] = {}
    for kind in KINDS.values():
        for t in kind.thresholds:
            if t.name in out:
                first, names = out[t.name]
                assert (first.statistic, first.op, first.lo, first.hi) == (t.statistic, t.op, t.lo, t.hi), t.name
                out[t.name] = (first, names + (kind.name,))
            else:
                out[t.name] = (t, (kind.name,))
    return out


def threshold_names() -> tuple[str, ...]:
    """The threshold names a suite, ``assert_suite`` or the pytest marker accepts."""
    return tuple(thresholds())


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def describe_kinds() -> str:
    """The markdown table of every kind's headline number, verdict and thresholds (docs/suites.md
    carries it verbatim; a test keeps the two equal)."""
    rows = [
        "| kind | headline number | better | PASS when (default) | other thresholds | INCONCLUSIVE below |",
        "|---|---|---|---|---|---|",
    ]
    for k in KINDS.values():
        default = ", ".join(f"`{n}: {v:g}`" for n, v in k.defaults.items())
        others = ", ".join(f"`{t.name}`" for t in k.thresholds if t.name not in k.defaults)
        rows.append(
            f"| {k.name} | `{k.primary}`: {_md(k.primary_label)} | {'higher' if k.higher_is_better else 'smaller'} "
            f"| {_md(k.passes_when)} ({default}) | {others or '–'} | {k.min_cases} {k.count_noun} |"
        )
    return "\n".join(rows)


def describe_thresholds() -> str:
    """The markdown table of every threshold: the kinds it applies to, the statistic it bounds and
    when a test passes it (docs/suites.md carries it verbatim)."""
    rows = ["| threshold | kinds | statistic | passes when | default |", "|---|---|---|---|---|"]
    for name, (t, kinds) in thresholds().items():
        defaults = [f"{k}: {KINDS[k].defaults[name]:g}" for k in kinds if name in KINDS[k].defaults]
        helps = {k: next(x.help for x in KINDS[k].thresholds if x.name == name) for k in kinds}
        what = _md(t.help) if len(set(helps.values())) == 1 else "; ".join(f"{_md(h)} ({k})" for k, h in helps.items())
        rows.append(
            f"| `{name}` | {', '.join(kinds)} | `{t.statistic}`: {what} | `{t.statistic} {t.op} {name}` "
            f"| {', '.join(defaults) or '–'} |"
        )
    return "\n".join(rows)
