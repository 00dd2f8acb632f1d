"""``entity_replacement``'s parts: which entities may be replaced, their shape (what a
replacement must share so the sentence stays grammatical), replacement pools from the corpus or
the project's lists, and every mention of an entity rewritten."""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from ...annotation import doc_text, token_columns
from ...resources.lexicons import table, word_list
from ...transform import Change
from ...transform.substitution import fixed_expression_tokens
from ...transform.words import indefinite_article
from .._persons import MASKED, name_gender, sid
from .names import is_common_word, renamed, story_words, word_spans

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from ...example import Example


LABELS = (
    "PERSON",
    "GPE",
    "LOC",
    "ORG",
    "NORP",
    "FAC",
    "EVENT",
    "DATE",
    "TIME",
    "CARDINAL",
    "ORDINAL",
    "MONEY",
    "QUANTITY",
    "PERCENT",
)
NUMERIC = {"DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY", "QUANTITY", "PERCENT"}
_NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}
_NUMBER_WORDS.update(
    {
        "thirty": 30,
        "forty": 40,
        "fifty": 50,
        "sixty": 60,
        "seventy": 70,
        "eighty": 80,
        "ninety": 90,
        "hundred": 100,
        "hundreds": 200,
        "thousand": 1000,
        "thousands": 2000,
    }
)
_ORDINALS = set("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split())
_WEEKDAYS = set("monday tuesday wednesday thursday friday saturday sunday".split())
_MONTHS = set("january february march april may june july august september october november december".split())
# Units by what they measure: "600 pounds" may become "100 pounds" or "3 ounces", never "100 feet"
# ("it's not like you can lift that much").
_DIMENSIONS = {
    "time": "second minute hour day night morning afternoon evening week weekend month year decade century summer "
    "winter spring autumn fall semester",
    "length": "mile foot inch kilometer meter yard",
    "weight": "pound kilogram ounce",
    "volume": "gallon",
    "money": "dollar cent",
}
_UNITS = {u: d for d, units in _DIMENSIONS.items() for u in units.split()}
_UNITS_PL = {u + "s": d for u, d in _UNITS.items()} | {"feet": "length", "inches": "length", "centuries": "time"}


# People a story may leave unnamed ("monica and her friends", "his wife"): a new name in the
# protagonist's place reads as one of them, and the story stays coherent.
_UNNAMED_PEOPLE = frozenset(
    "friend friends family classmate classmates teammate teammates team coworker coworkers colleague "
    "colleagues sibling siblings sister sisters brother brothers cousin cousins wife husband girlfriend "
    "boyfriend roommate roommates partner neighbor neighbors neighbour neighbours buddy buddies worker workers "
    "group crew class students kids people staff".split()
)


def names_unnamed_people(*texts: str) -> bool:
    """Whether the texts mention people a new name could belong to (friends, a wife, a team)."""
    return any(w in _UNNAMED_PEOPLE for t in texts for w in _WORDS.findall(t.lower()))


_YEAR = re.compile(r"(1[6-9]|20)\d\d")
_DIGITS = re.compile(r"\d+([.,]\d+)?")
_ORDINAL_DIGITS = re.compile(r"\d+(st|nd|rd|th)")
_SHAPE_TOKENS = re.compile(r"\w+|[^\w\s]")
_WORDS = re.compile(r"\w+")


def _shape_word(w: str) -> str:
    lw = w.lower()
    if lw in ("one", "1", "a", "an"):
        return lw if lw in ("a", "an") else "<1>"
    if _YEAR.fullmatch(lw):
        return "<year>"
    if lw in _NUMBER_WORDS:
        return "<n>"
    if _DIGITS.fullmatch(lw):
        return "<d>"
    if lw in _ORDINALS or _ORDINAL_DIGITS.fullmatch(lw):
        return "<ord>"
    if lw in _WEEKDAYS:
        return "<wd>"
    if lw in _MONTHS:
        return "<mon>"
    if lw in _UNITS:
        return f"<u:{_UNITS[lw]}>"
    if lw in _UNITS_PL:
        return f"<us:{_UNITS_PL[lw]}>"
    return lw


def entity_shape(label: str, text: str) -> tuple:
    """The form an entity must share with its replacement so the sentence stays grammatical:
    numbers and dates by token pattern ("three days" ~ "five weeks"), names by label, a leading
    "the" and plural ending."""
    words = _SHAPE_TOKENS.findall(text)
    if label in NUMERIC:
        return (label, *(_shape_word(w) for w in words))
    plural = label == "NORP" and text.lower().endswith("s")
    return (label, bool(words) and words[0].lower() == "the", plural)


def plausible(ent) -> bool:
    """Entity spans worth reusing: no verbs or pronouns inside (NER on lower-case text tags
    "martha fed" as a PERSON), and person names made of name-like words."""
    if any(t.pos_ in ("VERB", "AUX", "PRON", "PART", "SCONJ", "INTJ") for t in ent):
        return False
    if ent.label_ == "PERSON":  # a first name first: NER on fiction tags "Mkbmmm" or "november" as people
        return bool(name_gender(ent[0].text)) and all(
            t.is_alpha
            and (name_gender(t.text) or (t.pos_ == "PROPN" and t.text[:1].isupper() and not is_common_word(t.text)))
            for t in ent
        )
    return True


def clean_entity(text: str) -> bool:
    return (
        0 < len(text) <= 40
        and "\n" not in text
        and not MASKED.search(text)
        and not re.search(r"[\[\]<>@#|]", text)
        and any(ch.isalnum() for ch in text)
        and len(text.split()) <= 5
    )


@functools.lru_cache(maxsize=64)
def by_shape(label: str, candidates: tuple[str, ...]) -> dict[tuple, list[tuple[str, frozenset[str], str]]]:
    """Candidate entities of ``label`` grouped by :func:`entity_shape` (in their order), each with
    its words and value, so a replacement pool is found without re-examining every candidate."""
    out: dict[tuple, list[tuple[str, frozenset[str], str]]] = {}
    for c in candidates:
        out.setdefault(entity_shape(label, c), []).append((c, frozenset(story_words(c)), entity_value(c)))
    return out


def entity_value(text: str) -> str:
    """A normalised value, so "one" and "1", or "3 days" and "three days", count as the same."""
    return " ".join(str(_NUMBER_WORDS.get(w, w)) for w in _WORDS.findall(text.lower()))


def entity_pools(docs: Iterable[Doc], labels: Collection[str], min_count: int) -> dict[str, list[str]]:
    """The corpus's entities by label, most frequent first (at most 1,000 a label): texts the NER
    labels consistently (60% of their mentions or more) and seen at least ``min_count`` times."""
    counts: dict[str, Counter] = {}
    for doc in docs:
        for ent in doc.ents:
            if clean_entity(ent.text) and plausible(ent):
                counts.setdefault(ent.text, Counter())[ent.label_] += 1
    pools: dict[str, Counter] = {}
    for text, by_label in counts.items():  # keep texts the NER labels consistently, seen often enough
        label, n = by_label.most_common(1)[0]
        if label in labels and n >= min_count and n >= 0.6 * sum(by_label.values()):
            pools.setdefault(label, Counter())[text] = n
    return {lab: [t for t, _ in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[:1000]] for lab, c in pools.items()}


def default_candidates(label: str) -> list[str]:
    """Replacements of ``label`` without a fitted pool: first names that are not also words for
    PERSON, the project's ``entities.tsv`` for the others."""
    if label == "PERSON":
        return sorted(n for f in ("names_female.txt", "names_male.txt") for n in word_list(f) if not is_common_word(n))
    return [row["text"] for row in table("entities.tsv") if row["label"] == label]


def anchor_of(example: Example, doc: Doc) -> tuple[str, int]:
    """The text the variant must contradict, and where in the story replacing may start."""
    if example.context or example.reference:
        return " ".join(t for t in (example.context, example.reference) if t), 0
    sents = [s for s in doc.sents if s.text.strip()]
    if len(sents) < 2:
        return "", len(doc_text(doc))
    return sents[0].text, sents[1].start_char


def kept_mention_end(example: Example, old: str, label: str, start_at: int) -> int:
    """Where replacing ``old`` may start. A place, organisation or event the story mentions more
    than once (beside its context) keeps its first mention in the story ("a fire in allston ... our
    son lives in paris"): replacing every mention leaves a story consistent in itself ("a fire in
    paris ... our son lives in paris") that only an unrelated context detail contradicts."""
    if label == "PERSON" or label in NUMERIC or not (example.context or example.reference):
        return start_at
    spans = word_spans(old, example.text, start_at)
    return spans[0][1] if len(spans) > 1 else start_at


def replaceable_entities(doc: Doc, labels: Collection[str], anchor: str | None, start_at: int) -> list[tuple[str, str]]:
    """(label, text) of the story's entities that may be replaced, in order: of ``labels``, clean,
    labelled one way only, not a first name under another label, and (unless ``anchor`` is None)
    also in ``anchor`` and from ``start_at`` on."""
    ents: dict[tuple[str, str], None] = {}
    labels_of: dict[str, set[str]] = {}
    for e in doc.ents:
        labels_of.setdefault(e.text, set()).add(e.label_)
    for e in doc.ents:
        if e.label_ not in labels or not clean_entity(e.text) or len(labels_of[e.text]) > 1:
            continue  # the NER is not sure what it is ("Nadia" as GPE here, ORG there)
        if e.label_ != "PERSON" and any(name_gender(t.text) for t in e):
            continue  # a first name labelled as a place or company
        if anchor is not None and not (word_spans(e.text, anchor, ignore_case=True) and e.start_char >= start_at):
            continue
        if anchor is not None and e.label_ == "PERSON" and not named_as_more_than_owner(e.text, anchor):
            continue
        ents[(e.label_, e.text)] = None
    return list(ents)


def replacement_pool(label: str, old: str, candidates: list[str], used: set[str]) -> list[str]:
    """The candidates of the same shape as ``old`` with another value, not made only of words
    the story already uses; for people, not a nickname or variant of the old name ("kate" ->
    "katy", "susan" -> "susie" read as the same person)."""
    value = entity_value(old)
    stem = old.split()[0][:3].lower() if label == "PERSON" else None
    return [
        c
        for c, words, val in by_shape(label, tuple(candidates)).get(entity_shape(label, old), ())
        if not (words <= used) and val != value and not (stem and c[:3].lower() == stem)
    ]


_OWNER = re.compile(r"\s*(?:'s|'|\u2019s|\u2019)(?!\w)")


def named_as_more_than_owner(name: str, anchor: str) -> bool:
    """Whether ``anchor`` names ``name`` other than as an owner: in "a new girl joined ed 's
    office" ed is not whom the story follows, and another name in the story reads as a coworker."""
    return any(not _OWNER.match(anchor, b) for _, b in word_spans(name, anchor, ignore_case=True))


def cased_entity(new: str, old: str, label: str, style: str) -> str:
    """``new`` cased for the story's style and for the place of ``old``."""
    if style == "lower":
        return new.lower()
    if style == "upper":
        return new.upper()
    if label not in NUMERIC and new == new.lower():
        new = " ".join(w if w in ("the", "of", "and") else w[:1].upper() + w[1:] for w in new.split())
    if label in NUMERIC and old[:1].islower() and _shape_word(new.split()[0]) in ("<n>", "<1>", "<ord>"):
        new = new[:1].lower() + new[1:]  # "you two" -> "you three", not "you Three" (round 50)
    if old[:1].isupper() and new[:1].islower():
        new = new[:1].upper() + new[1:]
    elif old[:1].islower() and new.startswith(("The ", "An ", "A ")):
        new = new[:1].lower() + new[1:]
    return new


def _inside_longer_name(cols: dict, i: int, j: int) -> bool:
    """Whether tokens i..j are part of a longer proper name ("America" in "the United States of
    America", "York" in "New York"): an entity going on before or after them, or a proper noun
    next to them (across an "of")."""
    iob, pos, lower, propn = cols["ENT_IOB"], cols["POS"], cols["lower"], sid("PROPN")
    n = len(iob)
    if iob[i] == 1 or (j + 1 < n and iob[j + 1] == 1):  # 1: inside an entity ("I")
        return True
    before = i - 2 if i >= 2 and lower[i - 1] == "of" else i - 1
    after = j + 2 if j + 2 < n and lower[j + 1] == "of" else j + 1
    return (before >= 0 and pos[before] == propn) or (after < n and pos[after] == propn)


def mention_changes(doc: Doc, old: str, new: str, label: str, start_at: int = 0) -> list[Change]:
    """Every mention of the entity: for numbers and dates only the spans tagged as that entity
    ("three" in "the three of us" is another number); for names every occurrence, which must
    all be proper nouns or entities (else the story cannot be changed consistently). None when
    a number is a word of a fixed expression ("at first": "at 5th" is no ordinal)."""
    text = doc_text(doc)
    if label in NUMERIC:
        mentions = [e for e in doc.ents if e.label_ == label and e.text == old and e.start_char >= start_at]
        fixed = set(fixed_expression_tokens(doc))
        if any(k in fixed for e in mentions for k in range(e.start, e.end)):
            return []
        spans = [(e.start_char, e.end_char, new) for e in mentions]
    else:
        cols = token_columns(doc)
        by_start = dict(zip(cols["IDX"], range(len(cols["IDX"]))))
        by_end = {a + n: i for i, (a, n) in enumerate(zip(cols["IDX"], cols["LENGTH"]))}
        spans = []
        for a, b in word_spans(old, text, start_at):
            i, j = by_start.get(a), by_end.get(b)
            if i is None or j is None or not (cols["ENT_TYPE"][i] or cols["POS"][i] == sid("PROPN")):
                return []
            if label != "PERSON" and _inside_longer_name(cols, i, j):
                return []  # "America" in "the United States of America"
            spans.append((a, b, new))
    parts_old, parts_new = old.split(), new.split()
    if label == "PERSON" and len(parts_old) > 1:  # "Anna" alone after "Anna Smith"
        for ma, mb in word_spans(parts_old[0], text, start_at):
            if not any(a <= ma < b for a, b, _ in spans):
                spans.append((ma, mb, parts_new[0]))
    changes = []
    for a, b, rep in sorted(spans):
        art = re.search(r"(?<![\w])(a|an|A|An)\s+$", text[max(0, a - 4) : a])
        if art:
            want = indefinite_article(rep)
            if want != art.group(1).lower():
                s = a - len(text[max(0, a - 4) : a]) + art.start(1)
                want = want if art.group(1).islower() else want.title()
                changes.append(Change(s, s + len(art.group(1)), want, "article"))
        changes += renamed(text, a, b, rep, f"entity {old} -> {rep}")
    return changes
