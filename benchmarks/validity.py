"""Applicability and automatic validity of every registered transform on real stories.

Runs each transform on the 2,944 ROCStories dev stories and the first 300 WritingPrompts stories
(from ../shared/data; skipped with a message when absent) and prints, per transform:
how many stories it applied to (beside OpenMEVA's per-aspect negative counts, scaled to the same
number of stories), and the share of outputs that pass automatic checks of the claim:

- generic (every transform): the edits replay exactly (original + edits == variant, so no token
  outside the claimed spans changed), and the output parses into the same number of sentences
  unless the transform's claim is to add or replace one;
- specific: reordering keeps the multiset of sentences (sentence_shuffle: the moved pieces are the
  story's own, the words and attached quotes are the same, and no two sentences are newly glued
  together without a space); token_shuffle keeps the multiset of tokens; swaps keep the multiset
  of words; antonym pairs are antonyms (WordNet or the project's lexicon); synonyms share a synset
  (adjectives: or one's synset is a satellite of the other's); a negation really flipped; a
  pronoun kept its grammatical case; typos touch at most 2% of words (at least one) at edit
  distance 1; word flips turn a word or phrase of the transform's opposite table into its listed
  opposite, both compared lemma by lemma ("led to" -> "resulted from"); repeat_ngram inserts
  " and " + a copy of the words right before it; contractions expand back to the original words;
  punctuation deletion removes only commas.

Also times the whole library against one ``nlp.pipe`` pass over the same stories (target <= 1.5),
both in the same process, so the ratio holds on a slower or faster machine. This VM's speed
drifts by up to ~10% within minutes; ``--repeat N`` runs the timing in N fresh processes (each a
cold start, as a user's first run) and reports their median.

    .venv/bin/python benchmarks/validity.py                 # ROC dev + 300 WP, all transforms
    .venv/bin/python benchmarks/validity.py --roc-limit 300 --wp-limit 0 --only negation,antonym
    .venv/bin/python benchmarks/validity.py --show 5        # print failing examples per transform
    .venv/bin/python benchmarks/validity.py --timing-only --repeat 5   # median speed ratio
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
ROC = SHARED / "roc" / "rocstories_dev.tsv"
WP = SHARED / "wp" / "wp_dev.target"

# OpenMEVA auto-constructed negatives on the ROC test split of 4,909 stories (../shared/data/README.md)
OPENMEVA_NEGATIVES = {
    "lexical repetition": 4049,
    "semantic repetition": 3243,
    "character": 266,
    "commonsense": 448,
    "consistency": 3666,
    "relatedness": 3570,
    "causal": 410,
    "temporal": 1799,
    "synonym": 2395,
    "punctuation": 171,
    "contraction": 1208,
    "typo": 4763,
}
OPENMEVA_STORIES = 4909
OPENMEVA_ASPECT = {
    "repeat_ngram": "lexical repetition",
    "repeat_sentence": "semantic repetition",
    "repeat_sentence_far": "semantic repetition",
    "pronoun_swap": "character",
    "subject_object_swap": "character",
    "conceptnet_substitution": "commonsense",
    "antonym": "consistency",
    "negation": "consistency",
    "random_word_replacement": "relatedness",
    "sentence_replacement": "relatedness",
    "causal_swap": "causal",
    "causal_word_flip": "causal",
    "temporal_swap": "temporal",
    "temporal_word_flip": "temporal",
    "synonym": "synonym",
    "delete_punctuation": "punctuation",
    "contraction": "contraction",
    "typos": "typo",
}
# Transforms whose claim changes the number of sentences (or replaces the whole text).
SENTENCE_COUNT_CHANGES = {
    "repeat_sentence",
    "repeat_sentence_far",
    "semantic_repetition",  # a sentence told again as its paraphrase: one more sentence
    "retrieve_context",
    "token_shuffle",
    "union_negative",
    "sentence_replacement",
    "mask_words",
    "typos",
    "delete_punctuation",
}
WORD = re.compile(r"[\w']+", re.UNICODE)


def words(s: str) -> list[str]:
    return [w.lower() for w in WORD.findall(s)]


# ------------------------------------------------------------------------------ specific checks
def _wordnet():
    from perturbkit.resources.wordnet import wordnet

    return wordnet()


def _lemma(word: str) -> set[str]:
    from lemminflect import getAllLemmas

    out = {word.lower()}
    for forms in getAllLemmas(word.lower()).values():
        out.update(f.lower() for f in forms)
    return out


def _antonym_pair(a: str, b: str) -> bool:
    from perturbkit.resources import lexicons

    wn = _wordnet()
    la, lb = _lemma(a), _lemma(b)
    try:
        table = lexicons.pairs("antonyms.tsv")
    except Exception:
        table = {}
    if any(table.get(x) in lb for x in la):
        return True
    for x in la:
        for syn in wn.synsets(x):
            for lem in syn.lemmas():
                if lem.name().lower() == x and any(ant.name().lower() in lb for ant in lem.antonyms()):
                    return True
    return False


def _synonym_pair(a: str, b: str) -> bool:
    """The words share a WordNet synset, or (adjectives) a synset of one is a satellite of a
    synset of the other ("mad" = roused to anger, under "angry"), as the synonym lexicon allows."""
    wn = _wordnet()
    la, lb = _lemma(a), _lemma(b)
    for x in la:
        for syn in wn.synsets(x):
            for s in (syn, *syn.similar_tos()):
                names = {lem.name().lower().replace("_", " ") for lem in s.lemmas()}
                if names & lb:
                    return True
    return False


NEG = {"not", "n't", "never", "no", "nobody", "nothing", "none", "neither", "nor", "nowhere", "cannot"}


def _neg_count(s: str) -> int:
    toks = re.findall(r"n't|\w+", s.lower())
    return sum(t in NEG or t.endswith("n't") for t in toks)


def _pronoun_case(word: str) -> set[str]:
    from perturbkit.resources import lexicons

    cases = set()
    for row in lexicons.table("pronouns.tsv"):
        if row.get("form", "").lower() == word.lower():
            cases.add(row.get("case", ""))
    return cases


def _opposites(name: str) -> dict[str, set[str]]:
    """Every opposite listed for a word or phrase (a word may have several: start -> stop, end),
    read from the transform's own lexicon, with the preposition its rule changes."""
    from perturbkit.resources import lexicons

    out: dict[str, set[str]] = {}
    for row in lexicons.table(name):
        a, b = [v.lower() for v in list(row.values())[:2]]
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
        if row.get("rule") == "noun_for":  # "the reason for Z" -> "the result of Z"
            out.setdefault(f"{a} for", set()).add(f"{b} of")
    return out


def _phrase_lemmas(ws: list[str]) -> set[str]:
    """Every reading of a short word sequence with each word replaced by itself or one of its
    lemmas ("led to" -> {"led to", "lead to"})."""
    out = {""}
    for w in ws:
        out = {f"{p} {l}".strip() for p in out for l in _lemma(w)}
    return out


_GLUED = re.compile(r"[.!?][\"'”’)]*(?=[^\W\d_])")


def _glued_joins(text: str) -> int:
    """Sentence-final marks followed directly by a letter (".I love it", "associates.That")."""
    return len(_GLUED.findall(text))


def _ngram_copy_ok(text: str, e) -> bool:
    """``e`` inserts " and " + a copy of the words that end where it is inserted."""
    m = re.fullmatch(r" (and|AND) (\S.*)", e.after, re.S)
    if e.before or m is None or (m.group(1) == "AND" and not m.group(2).isupper()):
        return False
    copy, start = m.group(2), e.before_span[0]
    prev = text[max(0, start - len(copy)) : start]
    return len(prev) == len(copy) and prev[1:] == copy[1:] and prev[0].lower() == copy[0].lower()


def _edit_distance_one(a: str, b: str) -> bool:
    if a == b:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    if abs(len(a) - len(b)) != 1:
        return False
    s, l = (a, b) if len(a) < len(b) else (b, a)
    return any(l[:i] + l[i + 1 :] == s for i in range(len(l)))


def _norm_contraction(s: str) -> str:
    s = s.lower().replace("’", "'")
    s = re.sub(r"\s*'\s*(?=(?:t|ll|re|m|ve|s|d)\b)", "'", s)  # WritingPrompts' spaced "couldn ’ t", "I ’ d"
    s = re.sub(r"\bwo ?n't\b", "will not", s)
    s = re.sub(r"\bca ?n't\b", "cannot", s)
    s = re.sub(r"\bcan not\b", "cannot", s)
    s = re.sub(r" ?n't\b", " not", s)
    for k in ("'ll", "'re", "'m", "'ve", "'s", "'d"):
        s = s.replace(" " + k, k)
    s = s.replace("'ll", " will").replace("'re", " are").replace("'m", " am").replace("'ve", " have")
    s = re.sub(r"'s\b", " is|has", s)
    s = re.sub(r"'d\b", " would|had", s)
    return " ".join(s.split())


def _contraction_ok(e) -> bool:
    a, b = _norm_contraction(e.before), _norm_contraction(e.after)
    if a == b:
        return True
    for x, y in ((a, b), (b, a)):
        if "is|has" in x and (y == x.replace("is|has", "is") or y == x.replace("is|has", "has")):
            return True
        if "would|had" in x and (y == x.replace("would|had", "would") or y == x.replace("would|had", "had")):
            return True
    return False


def check_specific(name: str, orig, var) -> str | None:
    """None if the variant passes the transform-specific check, else a reason."""
    edits = [e for e in var.edits if e.transform == name] or list(var.edits)
    # a/an agreement fixes ride along with word substitutions; they are not the claimed change
    edits = [
        e for e in edits if e.before.strip().lower() not in ("a", "an") or e.after.strip().lower() not in ("a", "an")
    ]
    if name == "sentence_shuffle":
        # the same pieces in another order: each moved piece is one of the original's, no word or
        # attached quote changed, and no two sentences newly glued together (".I love it") where
        # the story had a space; joins already glued in the story (WritingPrompts' "associates.That")
        # may move with their sentences
        if Counter(e.before for e in edits) != Counter(e.after for e in edits):
            return "moved pieces are not the original's"
        if sorted(words(orig.text)) != sorted(words(var.text)):
            return "sentence multiset changed"
        if _glued_joins(var.text) > _glued_joins(orig.text):
            return f"sentences glued: {_glued_joins(orig.text)} -> {_glued_joins(var.text)} joins without a space"
    elif name in ("token_shuffle",):
        if Counter(re.findall(r"\w+|[^\w\s]", orig.text)) != Counter(re.findall(r"\w+|[^\w\s]", var.text)):
            return "token multiset changed"
    elif name in ("subject_object_swap", "causal_swap", "temporal_swap", "clause_reorder"):
        a, b = Counter(words(orig.text)), Counter(words(var.text))
        diff = sum(((a - b) + (b - a)).values())
        if diff > 6:  # pronoun case and verb agreement may change a few words
            return f"swap changed {diff} words"
    elif name in ("antonym", "adjective_antonym"):
        for e in edits:
            w0, w1 = words(e.before), words(e.after)
            if not w0 or not w1 or not _antonym_pair(w0[-1], w1[-1]):
                return f"not an antonym pair: {e.before!r} -> {e.after!r}"
    elif name in ("synonym", "adjective_synonym"):
        for e in edits:
            w0, w1 = words(e.before), words(e.after)
            if not w0 or not w1 or not _synonym_pair(w0[-1], " ".join(w1) if len(w1) > 1 else w1[-1]):
                return f"not synonyms: {e.before!r} -> {e.after!r}"
    elif name in ("negation", "negation_alteration"):
        # each edited sentence gains or loses exactly one negation; NPI and verb-form edits ride along
        flips = [e for e in edits if _neg_count(e.before) != _neg_count(e.after)]
        if not flips or any(abs(_neg_count(e.before) - _neg_count(e.after)) != 1 for e in flips):
            return "negation not flipped"
    elif name == "pronoun_swap":
        for e in edits:
            if e.note.startswith("agreement") or e.note.startswith("verb"):
                continue
            ca, cb = _pronoun_case(e.before), _pronoun_case(e.after)
            if ca and cb and not (ca & cb):
                return f"case changed: {e.before!r} -> {e.after!r}"
            if e.before.lower() == e.after.lower():
                return "pronoun unchanged"
    elif name == "typos":
        n_words = len(words(orig.text))
        if len(edits) > max(1, int(0.02 * n_words)):
            return f"{len(edits)} typos in {n_words} words"
        for e in edits:
            if not _edit_distance_one(e.before, e.after):
                return f"not one edit: {e.before!r} -> {e.after!r}"
    elif name == "delete_punctuation":
        for e in edits:
            if e.before.strip() != "," or e.after.strip():
                return f"deleted {e.before!r}"
    elif name == "contraction":
        for e in edits:
            if not _contraction_ok(e):
                return f"contraction changed words: {e.before!r} -> {e.after!r}"
    elif name in ("temporal_word_flip", "causal_word_flip"):
        table = _opposites("temporal_opposites.tsv" if name.startswith("temporal") else "causal_opposites.tsv")
        for e in edits:
            before, after = words(e.before), words(e.after)
            # a word or phrase of the edit, lemmatised word by word ("led to" -> "lead to"), must be
            # listed with an opposite that is, lemmatised the same way, the whole new text
            # ("resulted from" -> "result from"; "this was because" and "this is because" -> "this be because")
            cands = set().union(
                *(
                    _phrase_lemmas(before[i:j])
                    for i in range(len(before))
                    for j in range(i + 1, min(len(before), i + 4) + 1)
                )
            )
            lemmas_after = _phrase_lemmas(after)
            if not any(_phrase_lemmas(o.split(" ")) & lemmas_after for c in cands for o in table.get(c, ())):
                return f"not an opposite pair: {e.before!r} -> {e.after!r}"
    elif name == "repeat_ngram":
        # one insertion of " and " + a copy of the words right before it (the copy's first letter
        # may be lowered; " AND " in all-capitals text, "CAN YOU ... WAS A KID AND WAS A KID")
        if len(edits) != 1 or not _ngram_copy_ok(orig.text, edits[0]):
            return "no 'and' + copy inserted"
    return None


_TERMINAL = re.compile(r"[.!?]+(?:\s*(?:''|\"|”|’|'))?(?=\s|$)")


def sentence_count(texts: list[str]) -> list[int]:
    """Sentences counted by terminal punctuation. spaCy's own split of long, noisy WP stories shifts
    when any word changes, which would count correct edits as failures; the marks do not."""
    return [len(_TERMINAL.findall(t)) for t in texts]


def _median_timing(args: argparse.Namespace) -> None:
    """Run the timing alone in ``args.repeat`` fresh processes, one after another; print each
    run's figures and the median ratio."""
    cmd = [sys.executable, __file__, "--timing-only", "--seed", str(args.seed)]
    if args.only:
        cmd += ["--only", args.only]
    if args.roc_limit is not None:
        cmd += ["--roc-limit", str(args.roc_limit)]
    ratios = []
    for i in range(args.repeat):
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        line = next(ln for ln in out.splitlines() if ln.startswith("speed:"))
        ratios.append(float(re.search(r"ratio ([0-9.]+)", line).group(1)))
        print(f"run {i + 1}: {line}", flush=True)
    print(
        f"speed: median ratio of {args.repeat} fresh runs {statistics.median(ratios):.2f} "
        f"(min {min(ratios):.2f}, max {max(ratios):.2f}; target <= 1.5)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--roc-limit", type=int, default=None)
    ap.add_argument("--wp-limit", type=int, default=300)
    ap.add_argument("--only", default="", help="comma-separated transform names")
    ap.add_argument("--show", type=int, default=0, help="print up to N failures per transform")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-timing", action="store_true")
    ap.add_argument("--timing-only", action="store_true", help="only the speed ratio")
    ap.add_argument("--repeat", type=int, default=1, help="time in N fresh processes and report the median ratio")
    args = ap.parse_args(argv)
    if not ROC.exists():
        print(f"skipped: {ROC} not found (the benchmark needs ../shared/data)")
        return 0
    if args.repeat > 1 and not args.no_timing:
        _median_timing(args)
        if args.timing_only:
            return 0
        args.no_timing = True
    import perturbkit as pk
    from perturbkit.annotation import Annotator
    from perturbkit.example import replay_edits
    from perturbkit.readers import read_roc, read_wp
    from perturbkit.resources.spacy_model import load_nlp

    roc = read_roc(ROC, limit=args.roc_limit, context_sentences=1)  # OpenMEVA: sentence 1 is the input
    wp = read_wp(WP)[: args.wp_limit] if WP.exists() and args.wp_limit else []
    corpora = {"roc": roc, "wp": wp}
    names = [n for n in pk.registry.transforms.names() if not args.only or n in args.only.split(",")]
    nlp = load_nlp()

    # Speed: all transforms vs one parse, on the ROC stories, measured in this run.
    timing = None
    if not args.no_timing:
        texts = [e.text for e in roc]
        t0 = time.perf_counter()
        list(nlp.pipe(texts, batch_size=64))
        parse_time = time.perf_counter() - t0
        ann = Annotator(nlp)
        t0 = time.perf_counter()
        ann.pipe(texts)
        transforms = [pk.get_transform(n) for n in names]
        for t in transforms:
            t.fit(roc, ann)
            t.batch(roc, seed=args.seed, annotator=ann)
        lib_time = time.perf_counter() - t0
        timing = (parse_time, lib_time)
        if args.timing_only:
            print(
                f"speed: parse {parse_time:.1f}s; parse + all {len(names)} transforms {lib_time:.1f}s; "
                f"ratio {lib_time / parse_time:.2f} (target <= 1.5)"
            )
            return 0

    ann = Annotator(nlp)
    rows = []
    failures: dict[str, list[str]] = {}
    for corpus_name, corpus in corpora.items():
        if not corpus:
            continue
        ann.pipe([e.text for e in corpus])
        for name in names:
            t = pk.get_transform(name)
            t.fit(corpus, ann)
            outs = t.batch(corpus, seed=args.seed, annotator=ann)
            pairs = [(o, v) for o, v in zip(corpus, outs) if v is not None]
            n_counts = sentence_count([o.text for o, _ in pairs] + [v.text for _, v in pairs])
            half = len(pairs)
            ok = 0
            for i, (o, v) in enumerate(pairs):
                reason = None
                if not v.edits:
                    reason = "no edits recorded"
                elif all(e.transform == name for e in v.edits) and replay_edits(o.text, v.edits) != v.text:
                    reason = "edits do not replay (something outside the claimed spans changed)"
                elif name not in SENTENCE_COUNT_CHANGES and n_counts[i] != n_counts[half + i]:
                    reason = f"sentence count {n_counts[i]} -> {n_counts[half + i]}"
                else:
                    reason = check_specific(name, o, v)
                if reason is None:
                    ok += 1
                elif len(failures.setdefault(f"{corpus_name}:{name}", [])) < args.show:
                    failures[f"{corpus_name}:{name}"].append(f"{reason}\n      {o.text[:300]}\n   -> {v.text[:300]}")
            rows.append((corpus_name, name, t.aspect, t.effect.value, len(corpus), len(pairs), ok))

    print(f"{'corpus':6} {'transform':26} {'aspect':12} {'effect':9} {'applied':>14} {'OpenMEVA':>9} {'valid':>8}")
    for corpus_name, name, aspect, effect, n, applied, ok in rows:
        om = OPENMEVA_ASPECT.get(name)
        om_s = f"{OPENMEVA_NEGATIVES[om] * n / OPENMEVA_STORIES:.0f}" if om and corpus_name == "roc" else "-"
        valid = f"{100 * ok / applied:.1f}%" if applied else "-"
        print(
            f"{corpus_name:6} {name:26} {aspect:12} {effect:9} {applied:>6} ({100 * applied / n:4.1f}%) {om_s:>9} {valid:>8}"
        )
    if timing:
        p, lib = timing
        print(
            f"\nspeed: parse {p:.1f}s; parse + all {len(names)} transforms {lib:.1f}s; ratio {lib / p:.2f} (target <= 1.5)"
        )
    for k, v in failures.items():
        print(f"\n{k}:")
        for f in v:
            print("  - " + f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
