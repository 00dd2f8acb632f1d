"""Transforms on one long text: cost against the parse, and growth with the text's length.

Builds a multi-paragraph text of ``--words`` words (default 20,000) from the bundled sample
stories (examples/stories.jsonl), parses it once, then times each transform on it and on a text a
quarter as long. Two ratios per transform, both measured in this run:

- ``/parse``: transform time / parse time of the long text (the parse is the floor every
  transform pays for; a transform that costs more than the parse is the bottleneck),
- ``growth``: (time on the long text / time on the short one) / 4: about 1 when the cost grows
  linearly with the length, well above 1 when it grows faster (quadratic: about 4).

These were wall-clock assertions in the unit tests (under 10 s each); timings belong here.

    python benchmarks/long_text.py [--words N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LONG_TEXT = ("contraction", "repeat_ngram", "repeat_sentence", "repeat_sentence_far", "typos", "delete_punctuation")


def build_text(n_words: int) -> str:
    """About ``n_words`` words in paragraphs of the sample stories, blank-line separated."""
    stories = [json.loads(line)["text"] for line in (ROOT / "examples" / "stories.jsonl").open(encoding="utf-8")]
    paragraphs, words, i = [], 0, 0
    while words < n_words:
        paragraphs.append(stories[i % len(stories)])
        words += len(paragraphs[-1].split())
        i += 1
    return "\n\n".join(paragraphs)


def first_call(transform, text: str, annotator) -> float:
    """Seconds of the transform's first call on ``text`` (its per-Doc tables built then count)."""
    t0 = time.perf_counter()
    transform(text, annotator=annotator)
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--words", type=int, default=20000, help="length of the long text in words")
    args = ap.parse_args(argv)

    from perturbkit.annotation import Annotator, Level
    from perturbkit.resources.spacy_model import load_nlp
    from perturbkit.transform import get_transform

    ann = Annotator(load_nlp())
    warm = "Tom didn't go. He's sure they'd left, and she can't wait. The dog ran."
    ann.parse(warm)
    ann.parse(warm, Level.TOKENS)
    long, short = build_text(args.words), build_text(args.words // 4)
    t0 = time.perf_counter()
    ann.parse(long)
    t_parse = time.perf_counter() - t0
    for text in (long, short):
        ann.parse(text)
        ann.parse(text, Level.TOKENS)
    print(f"text: {len(long.split())} words, parse {t_parse:.2f} s")
    print(f"{'transform':<22} {'long s':>8} {'short s':>8} {'/parse':>7} {'growth':>7}")
    for name in LONG_TEXT:
        t = get_transform(name)
        t(warm, annotator=ann)  # loads what the transform loads lazily (lemminflect's tables...)
        t_long = first_call(t, long, ann)
        t_short = first_call(t, short, ann)
        growth = (t_long / t_short) / (len(long.split()) / len(short.split())) if t_short > 0 else float("nan")
        print(f"{name:<22} {t_long:>8.3f} {t_short:>8.3f} {t_long / t_parse:>7.3f} {growth:>7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
