"""The cases file of a suite (``perturbkit generate``): every text any metric of the suite will score,
with the test, role, provenance and the key its scores are filed under, so that anyone can score
it with any tool and ``perturbkit run SUITE --cases --scores`` builds the report without
generating again. The format is in docs/scaling.md ("Decoupled scoring").

JSON lines, UTF-8. Line 1 is the ``header`` record (suite name and hash, seed, data source, counts,
perturbkit version); then, per test in suite order, one ``test`` record (what generation counted)
followed by that test's ``case`` records. A case's ``key`` is a hash of its text, context and
reference: what a scores file is keyed by.

>>> summary = generate_cases("demo", read_examples("stories.jsonl"), "cases.jsonl", seed=0)  # doctest: +SKIP
>>> cases = read_cases("cases.jsonl")                                                       # doctest: +SKIP
>>> len(cases.tests["sentence_order"].cases)                                                # doctest: +SKIP
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..annotation import Annotator
from ..errors import InputError
from ..example import Edit, Example, text_hash
from ..report import Case
from .spec import PerturbationTest, Suite, TestSpec, load_suite

__all__ = ["CasesFile", "CasesSummary", "case_key", "generate_cases", "iter_cases", "read_cases", "suite_hash"]

FORMAT = "perturbkit-cases"
VERSION = 1
ROLES = ("original", "variant", "rated")
_NOT_HASHED = ("thresholds", "description")  # judging and prose: changing them needs no new cases


def case_key(ex: Example) -> str:
    """The key a case's scores are filed under: a hash of its text, context and reference (32 hex
    digits). Two cases with the same inputs share a key and are scored once."""
    return text_hash(ex.text, ex.context, ex.reference, n=32)


def suite_hash(suite: Suite) -> str:
    """A hash of everything in ``suite`` that decides its cases (thresholds and descriptions left
    out: a suite with new thresholds judges the same cases)."""

    def strip(d: Any) -> Any:
        if isinstance(d, dict):
            return {k: strip(v) for k, v in d.items() if k not in _NOT_HASHED}
        if isinstance(d, list):
            return [strip(v) for v in d]
        return d

    spec = strip(suite.model_dump(mode="json"))
    blob = json.dumps(spec, sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def file_sha256(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of a file's bytes (what a scores file's header names its cases file by)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def dumps(record: Mapping[str, Any]) -> str:
    """One JSON line (compact, UTF-8 kept; numpy numbers and tuples as JSON)."""
    from ..io import _json_default

    return json.dumps(record, ensure_ascii=False, separators=(",", ":"), default=_json_default) + "\n"


# ------------------------------------------------------------------------------------------------
# Writing
# ------------------------------------------------------------------------------------------------
@dataclass
class CasesSummary:
    """What :func:`generate_cases` wrote."""

    path: str
    n_tests: int
    n_cases: int
    n_inputs: int  # distinct keys: what a metric scores

    def line(self) -> str:
        return f"wrote {self.n_cases} cases ({self.n_inputs} distinct texts) of {self.n_tests} tests to {self.path}"


def _params(test: TestSpec) -> dict[str, Any]:
    """Transform name -> its parameters in the test (names given twice with different ones: left out)."""
    refs = getattr(test, "transforms", None) or []
    out: dict[str, Any] = {}
    for r in refs:
        out[r.name] = None if r.name in out and out[r.name] != r.params else dict(r.params)
    return out


def _case_record(test: TestSpec, c: Case, ex: Example, params: Mapping[str, Any], seed: int, version: str) -> dict:
    source = ex.parent_id if ex.parent_id is not None else ex.id
    return {
        "record": "case",
        "test": test.name,
        "id": c.id,
        "role": c.role,
        "key": case_key(ex),
        "source_id": source,
        "pair_of": c.pair_of,
        "label": c.label,
        "rating": c.rating,
        "groups": dict(c.groups),
        "transform": c.transform,
        "params": params.get(c.transform) if c.transform else None,
        "text": ex.text,
        "context": ex.context,
        "reference": ex.reference,
        "edits": [e.to_dict() for e in ex.edits],
        "meta": dict(ex.meta),
        "seed": seed,
        "perturbkit_version": version,
    }


def generate_cases(
    suite: Any,
    examples: Iterable[Any],
    out: str | os.PathLike[str],
    *,
    seed: int | None = None,
    annotator: Annotator | None = None,
    progress: bool = False,
    data_source: str | None = None,
) -> CasesSummary:
    """Generate ``suite``'s cases on ``examples`` (as :func:`~perturbkit.suite.run_suite` does) and
    write them to ``out`` as a cases file, atomically (a crash leaves no half file)."""
    from .. import __version__
    from ..outputs import atomic_open
    from .generation import generate
    from .runner import _as_examples, scored_examples

    suite = load_suite(suite)
    exs = _as_examples(examples)
    if not exs:
        raise InputError("no examples to generate the suite's cases from")
    seed = suite.defaults.seed if seed is None else int(seed)
    generated = generate(suite, exs, seed=seed, annotator=annotator, progress=progress)
    table, case_lists = scored_examples(generated)
    n_cases = sum(len(cs) for cs in case_lists.values())
    keys = {case_key(table[c.id]) for cs in case_lists.values() for c in cs}
    header = {
        "record": "header",
        "format": FORMAT,
        "version": VERSION,
        "suite": suite.name,
        "suite_hash": suite_hash(suite),
        "seed": seed,
        "data": {"source": data_source, "n_examples": len(exs)},
        "tests": [t.name for t in suite.tests],
        "n_cases": n_cases,
        "n_inputs": len(keys),
        "perturbkit_version": __version__,
    }
    with atomic_open(out) as f:
        f.write(dumps(header))
        for test in suite.tests:
            g = generated[test.name]
            f.write(
                dumps({"record": "test", "test": test.name, "kind": test.kind, "counts": g.counts, "notes": g.notes})
            )
            _write_cases(f, test, case_lists[test.name], table, seed, __version__)
    return CasesSummary(str(out), len(suite.tests), n_cases, len(keys))


def _write_cases(
    f: IO[str], test: TestSpec, cases: list[Case], table: Mapping[str, Example], seed: int, v: str
) -> None:
    params = _params(test) if isinstance(test, PerturbationTest) else {}
    for c in cases:
        f.write(dumps(_case_record(test, c, table[c.id], params, seed, v)))


# ------------------------------------------------------------------------------------------------
# Reading
# ------------------------------------------------------------------------------------------------
_NEEDED = ("test", "id", "role", "key", "text")


def iter_cases(path: str | os.PathLike[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, record) for every record of a cases file, the header first; a file that is
    not a cases file, a malformed record or a key that does not match its text raise
    :class:`~perturbkit.errors.InputError` naming the file and line."""
    from ..io import iter_jsonl

    path = Path(path)
    if not path.is_file():
        raise InputError(f"{path}: no such cases file" + (" (it is a directory)" if path.is_dir() else ""))
    tests: set[str] = set()
    first = True
    for lineno, rec in iter_jsonl(path):
        where = f"{path}:{lineno}"
        if first:
            _check_header(rec, where)
            first = False
        elif rec.get("record") == "test":
            if not isinstance(rec.get("test"), str):
                raise InputError(f"{where}: a test record needs a 'test' name")
            tests.add(rec["test"])
        elif rec.get("record") == "case":
            _check_case(rec, where, tests)
        else:
            raise InputError(f"{where}: unknown record {rec.get('record')!r} (expected 'test' or 'case')")
        yield lineno, rec
    if first:
        raise InputError(f"{path}: empty cases file (no header); write one with `perturbkit generate`")


def _check_header(rec: Mapping[str, Any], where: str) -> None:
    if rec.get("record") != "header" or rec.get("format") != FORMAT:
        raise InputError(
            f"{where}: not a perturbkit cases file (line 1 is not its header); write one with `perturbkit generate`"
        )
    v = rec.get("version")
    if not isinstance(v, int) or v > VERSION:
        raise InputError(f"{where}: cases file version {v!r} is newer than this perturbkit reads ({VERSION}); upgrade")


def _check_case(rec: Mapping[str, Any], where: str, tests: set[str]) -> None:
    missing = [k for k in _NEEDED if not isinstance(rec.get(k), str)]
    if missing:
        raise InputError(f"{where}: case record without {', '.join(repr(k) for k in missing)}")
    if rec["test"] not in tests:
        raise InputError(f"{where}: case {rec['id']!r} of test {rec['test']!r} comes before that test's record")
    if rec["role"] not in ROLES:
        raise InputError(f"{where}: case {rec['id']!r} has role {rec['role']!r} (expected one of {', '.join(ROLES)})")
    for k in ("context", "reference"):
        if rec.get(k) is not None and not isinstance(rec[k], str):
            raise InputError(f"{where}: case {rec['id']!r}: {k} must be a string or null")
    if text_hash(rec["text"], rec.get("context"), rec.get("reference"), n=32) != rec["key"]:
        raise InputError(
            f"{where}: case {rec['id']!r}: key {rec['key']!r} does not match its text, context and reference "
            f"(was the file edited?); generate it again"
        )


def case_example(rec: Mapping[str, Any], where: str = "") -> Example:
    """The Example a case record describes (text, context, reference, meta, edits, source)."""
    try:
        return Example(
            rec["text"],
            id=rec["id"],
            context=rec.get("context"),
            reference=rec.get("reference"),
            meta=dict(rec.get("meta") or {}),
            edits=tuple(Edit.from_dict(e) for e in rec.get("edits") or ()),
            parent_id=None if rec.get("source_id") in (None, rec["id"]) else rec["source_id"],
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{where}: case {rec.get('id')!r}: {type(exc).__name__}: {exc}") from None


@dataclass
class TestCases:
    """One test of a cases file: counts and notes from generation, its cases, each case's key and line."""

    __test__ = False  # not a pytest test class

    name: str
    kind: str
    counts: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    cases: list[Case] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)


@dataclass
class CasesFile:
    """A cases file read back: its header, its tests in file order and every example by id."""

    path: str
    header: dict[str, Any]
    sha256: str
    tests: dict[str, TestCases] = field(default_factory=dict)
    examples: dict[str, Example] = field(default_factory=dict)

    @property
    def seed(self) -> int:
        return int(self.header.get("seed") or 0)

    def check_suite(self, suite: Suite) -> None:
        """Raise InputError unless these cases were generated from ``suite`` (same hash, same tests)."""
        mine, theirs = self.header.get("suite_hash"), suite_hash(suite)
        if mine != theirs:
            raise InputError(
                f"{self.path}:1: these cases were generated from suite {self.header.get('suite')!r} "
                f"(hash {mine}), not from suite {suite.name!r} as given (hash {theirs}); "
                f"run `perturbkit generate` again with this suite"
            )
        absent = [t.name for t in suite.tests if t.name not in self.tests]
        if absent:
            raise InputError(f"{self.path}: no cases for the suite's tests {', '.join(repr(t) for t in absent)}")


def read_cases(path: str | os.PathLike[str]) -> CasesFile:
    """Read a whole cases file (every record checked; errors name the file and line)."""
    out: CasesFile | None = None
    current: TestCases | None = None
    for lineno, rec in iter_cases(path):
        if out is None:
            out = CasesFile(str(path), dict(rec), file_sha256(path))
            continue
        if rec["record"] == "test":
            if rec["test"] in out.tests:
                raise InputError(f"{path}:{lineno}: test {rec['test']!r} appears twice")
            current = out.tests[rec["test"]] = TestCases(
                rec["test"], str(rec.get("kind") or ""), dict(rec.get("counts") or {}), list(rec.get("notes") or [])
            )
            continue
        assert current is not None
        if rec["test"] != current.name:
            raise InputError(
                f"{path}:{lineno}: case {rec['id']!r} of test {rec['test']!r} inside test {current.name!r}"
            )
        ex = case_example(rec, f"{path}:{lineno}")
        out.examples.setdefault(ex.id, ex)
        current.cases.append(
            Case(
                ex.id,
                rec["role"],
                label=rec.get("label"),
                pair_of=rec.get("pair_of"),
                transform=rec.get("transform"),
                rating=rec.get("rating"),
                groups=dict(rec.get("groups") or {}),
            )
        )
        current.keys.append(rec["key"])
        current.lines.append(lineno)
    assert out is not None  # iter_cases raises on an empty file
    return out
