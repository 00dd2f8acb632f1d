"""Dialogue whose turns are marked with asterisks (``sentence_shuffle``): in some WritingPrompts
stories one speaker's lines are set in ``*...*`` and the other's stand between them ("*Dr Reilly ,
I explicitly advised you not to stand up . Your action has been noted . * Wait ? You 're studying
me . *Yes , but do not be nervous . *"). Each turn is a unit: the starred one and the unmarked one
between two starred ones, so a shuffle never cuts one apart or glues it to the other speaker's
(round 112, wp_dev-653)."""

from __future__ import annotations

import re

from ._quotes import starred_spans
from ._units import Unit, _balanced, _ends_sentence

_SENTENCE_END = re.compile(r"[.!?\u2026]+(?=\s|\*|$)")
_TURNS = 4  # starred spans a story needs for its asterisks to mark dialogue turns
_SHARE = 0.3  # and the share of its characters they hold (a thought or two is narration's)


def _dialogue(text: str, spans: tuple[tuple[int, int], ...]) -> bool:
    return len(spans) >= _TURNS and sum(b - a for a, b in spans) >= _SHARE * len(text.strip())


def _turns(text: str, spans: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """The turns: each starred span, each stretch between two starred spans on one line, and a
    starred turn left open at the end of its line ("*There is no need to be sorry . It seems to be
    human nature ." closing the story)."""
    spans = list(spans)
    b = spans[-1][1]
    end = text.find("\n", b)
    end = len(text) if end == -1 else end
    star = text.find("*", b, end)
    if star != -1 and star + 1 < end and not text[star + 1].isspace():
        spans.append((star, end))
    out = list(spans)
    for (_, b), (a, _) in zip(spans, spans[1:]):
        if "\n" not in text[b:a]:
            out.append((b, a))
    return sorted(out)


def join_starred_turns(text: str, units: list[Unit]) -> list[Unit]:
    """``units`` recut so that each asterisk-marked dialogue turn is one unit (see the module); units
    unchanged in a story whose asterisks mark no dialogue (a thought or two, stressed words)."""
    spans = starred_spans(text)
    if not _dialogue(text, spans):
        return units
    turns = _turns(text, spans)
    cuts = sorted({x for t in turns for x in t})
    # (start, end, movable, sentences) of each unit cut at the turns' edges
    pieces: list[tuple[int, int, bool, int]] = []
    for u in units:
        edges = [u.start] + [c for c in cuts if u.start < c < u.end] + [u.end]
        for a, b in zip(edges, edges[1:]):
            raw = text[a:b]
            if raw.strip():
                a += len(raw) - len(raw.lstrip())
                b = a + len(raw.strip())
                n = u.pieces if len(edges) == 2 else max(1, len(_SENTENCE_END.findall(text, a, b)))
                pieces.append((a, b, u.movable or not _balanced(u.text), n))
    out: list[Unit] = []
    owner: tuple[int, int] | None = None
    for a, b, ok, n in pieces:
        turn = next((t for t in turns if t[0] <= a and b <= t[1]), None)
        if out and turn is not None and turn == owner:
            prev = out[-1]
            t = text[prev.start : b]
            movable = prev.movable and ok and _balanced(t)
            out[-1] = Unit(prev.start, b, t, prev.pieces + n, movable, movable and _ends_sentence(t))
            continue
        t = text[a:b]
        movable = ok and _balanced(t) and any(c.isalnum() for c in t)
        out.append(Unit(a, b, t, n, movable, movable and _ends_sentence(t)))
        owner = turn
    return out
