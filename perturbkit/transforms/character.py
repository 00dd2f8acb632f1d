"""Character transforms: subject/object swaps, consistent name changes and entity replacement."""

from __future__ import annotations

import dataclasses
import functools
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..annotation import Annotator, Level, default_annotator, doc_text, token_strings
from ..example import Example
from ..resources.inflect import all_lemmas
from ..resources.lexicons import table, word_list
from ..transform import Change, Effect, Transform, register
from ..transform.words import indefinite_article
from ._persons import (
    LIGHT,
    MASKED,
    SUBJ_DEPS,
    agreement_changes,
    ambiguous_object,
    at_sentence_start,
    binds_reflexive,
    cased_pronoun,
    columns,
    finite_verbs,
    followed_by_verb,
    ids,
    is_measure,
    is_npi,
    is_wh,
    lower_initial,
    name_gender,
    np_class,
    np_span,
    pronoun_case,
    pronoun_form,
    sid,
    span_of,
    text_style,
)


# ------------------------------------------------------------------------------------------------
# subject_object_swap
# ------------------------------------------------------------------------------------------------
def _clause(s, v, o) -> tuple | None:
    """(subject, verb, object) of a clause with one nominal subject and one direct object (or a
    passive subject and one "by" agent), in canonical order; None otherwise. The clause's shape
    was checked by :func:`_clause_sites`; this checks the words."""
    for x in (s, o):
        if is_wh(x) or x.lower_ == "there" or x.pos_ not in ("NOUN", "PROPN", "PRON", "NUM", "X"):
            return None
        if x.pos_ == "X" and not MASKED.search(doc_text(x.doc)[max(0, x.idx - 1) : x.idx + len(x.text) + 1]):
            return None
    if o.lower_ in ("each", "one") and {t.lower_ for t in o.subtree} & {"other", "another"}:
        return None
    if (
        o.lemma_.lower() in LIGHT.get(v.lemma_.lower(), ())
        or is_measure(o)
        or ambiguous_object(v, o)
        or is_npi(o)
        or followed_by_verb(o)
        or binds_reflexive(s)
    ):
        return None
    return s, v, o


def _clause_sites(doc) -> list[tuple[int, int, int]]:
    """(subject, verb, object) indices of the clauses :func:`_clause` may accept, in verb order,
    read from the token columns: a VERB/AUX with exactly one nominal subject before it, no dative,
    and after it one direct object (active) or one object of a "by" agent (passive)."""
    cols, kids = columns(doc), token_strings(doc)["children"]
    deps, lower = cols["DEP"], cols["lower"]
    subj_ids, nsubj, dobj, agent, pobj = ids(*SUBJ_DEPS), sid("nsubj"), sid("dobj"), sid("agent"), sid("pobj")
    verbal, blocking = ids("VERB", "AUX"), ids("dative", "iobj")
    out = []
    for v, pos in enumerate(cols["POS"]):
        ks = kids[v]
        if pos not in verbal or not ks:
            continue
        subs = [c for c in ks if deps[c] in subj_ids]
        if len(subs) != 1:
            continue
        s = subs[0]
        if deps[s] == nsubj:
            objs = [c for c in ks if deps[c] == dobj]
        else:
            objs = [g for c in ks if deps[c] == agent and lower[c] == "by" for g in kids[c] if deps[g] == pobj]
        if len(objs) != 1 or any(deps[c] in blocking for c in ks) or not s < v < objs[0]:
            continue
        out.append((s, v, objs[0]))
    return out


def _pronoun_role(tok, case: str) -> tuple[str, str] | None | bool:
    """For a personal pronoun: its (identity, case) if it is a lone pronoun in ``case``;
    False when it is a pronoun that cannot be moved; None when it is not a personal pronoun."""
    if tok.tag_ not in ("PRP",):
        return None
    pc = pronoun_case(tok)
    if pc is None or pc[1] != case or len(list(tok.subtree)) > 1:
        return False
    return pc


def _other_objects(v, o) -> set[str]:
    """Identities of the other object pronouns of the verb and of coordinated verbs sharing its
    subject (the new subject must not bind them)."""
    verbs = [v] + [c for c in v.children if c.dep_ == "conj" and not any(g.dep_ in SUBJ_DEPS for g in c.children)]
    out = set()
    for verb in verbs:
        for t in verb.subtree:
            if (
                t.i != o.i
                and t.dep_ in ("dobj", "dative", "iobj", "pobj")
                and (pc := pronoun_case(t))
                and pc[1] == "obj"
            ):
                out.add(pc[0])
    return out


def _first_token(doc, span: tuple[int, int]):
    cs = doc.char_span(span[0], span[1], alignment_mode="expand")
    return cs[0] if cs is not None and len(cs) else None


@register
@dataclass(repr=False)
class SubjectObjectSwap(Transform):
    """Swap the subject and the direct object of one clause ("The dogs chased the cat" -> "The cat
    chased the dogs"), fixing pronoun case and verb agreement; in a passive clause the subject and
    the "by" agent swap."""

    name = "subject_object_swap"
    aspect = "character"
    effect = Effect.BREAKS
    example = "Mary likes the boys. Later the dog chased the cat."

    def applicable(self, example: Example, doc) -> bool:
        return not {sid("dobj"), sid("agent")}.isdisjoint(columns(doc)["DEP"])

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        style = text_style(example.text)
        clauses = [c for c in (_clause(doc[s], doc[v], doc[o]) for s, v, o in _clause_sites(doc)) if c is not None]
        rng.shuffle(clauses)
        for s, v, o in clauses:
            changes = self._swap(doc, s, v, o, style)
            if changes:
                return self.rewrite(example, changes)
        return None

    @staticmethod
    def _swap(doc, s, v, o, style: str) -> list[Change] | None:
        text = doc_text(doc)
        ss, os_ = np_span(s), np_span(o)
        if ss is None or os_ is None or ss[1] > v.idx or os_[0] < v.idx + len(v.text):
            return None
        sp, op = _pronoun_role(s, "subj"), _pronoun_role(o, "obj")
        if sp is False or op is False:
            return None
        if sp and any(not (t.is_space or t.dep_ == "agent") for t in doc[v.i + 1 : o.left_edge.i]):
            return None  # "He picked up the box" -> "The box picked up him"
        if any(
            not (t.is_space or t.dep_ in ("aux", "auxpass", "neg", "advmod") and t.head.i == v.i)
            for t in doc[s.i : v.i]
            if t.idx >= ss[1]
        ):
            return None  # "Our dog, Max, knocked ..." (punctuation or other words before the verb)
        if op and op[0] in ("1s", "1p", "2") and op[0] in _other_objects(v, o):
            return None  # "He sat me down and bought me ice cream" -> "I ... bought me": binding
        cls_new, cls_old = np_class(o), np_class(s)
        verbs = finite_verbs(s, whole=True)
        if verbs is None:
            if cls_new is None or cls_new != cls_old:
                return None
            fixes: list = []
        elif cls_new is None:
            if any(not (x.tag_ == "MD" or (x.tag_ == "VBD" and x.lemma_ != "be")) for x in verbs):
                return None
            fixes = []
        else:
            fixes = agreement_changes(verbs, cls_new)
            if fixes is None:
                return None
        first = _first_token(doc, ss)
        start = first is not None and at_sentence_start(first)
        if sp:
            new_obj = cased_pronoun(pronoun_form(sp[0], "obj"), False, style)
        else:
            new_obj = text[ss[0] : ss[1]]
            if start:
                new_obj = lower_initial(first, new_obj, style)
        if op:
            new_subj = cased_pronoun(pronoun_form(op[0], "subj"), start, style)
        else:
            new_subj = text[os_[0] : os_[1]]
            if start and style == "normal":
                new_subj = new_subj[:1].upper() + new_subj[1:]
        changes = [
            Change(ss[0], ss[1], new_subj, "object -> subject"),
            Change(os_[0], os_[1], new_obj, "subject -> object"),
        ]
        for tok, form in fixes:
            a, b = span_of(tok)
            if any(a < c.end and b > c.start for c in changes):
                return None
            changes.append(Change(a, b, form, f"agreement {tok.text} -> {form}"))
        return changes


# ------------------------------------------------------------------------------------------------
# name_change
# ------------------------------------------------------------------------------------------------
def _is_common_word(word: str) -> bool:
    """True for names that are also English words ("Will", "Rose"): matched only as proper nouns."""
    return _is_common_lower(word.lower())


@functools.lru_cache(maxsize=65536)
def _is_common_lower(word: str) -> bool:
    return bool(all_lemmas(word))


@functools.lru_cache(maxsize=4096)
def _word_re(word: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(r"(?<![\w\-\[])" + re.escape(word) + r"(?![\w\-\]])", flags)


def _word_spans(word: str, text: str, start: int = 0, ignore_case: bool = False) -> list[tuple[int, int]]:
    """The (start, end) of every match of ``_word_re(word)`` in ``text`` from ``start``: the word
    not inside a longer word, hyphenation or mask (patterns are compiled once per word)."""
    return [m.span() for m in _word_re(word, re.I if ignore_case else 0).finditer(text, start)]


def _cased(name: str, style: str) -> str:
    """A name from the (lower-cased) lists cased for the story: "seo-yeon" -> "Seo-yeon"."""
    if style == "lower":
        return name.lower()
    return name.upper() if style == "upper" else name[:1].upper() + name[1:]


def _story_words(*texts: str | None) -> set[str]:
    return {w.lower() for t in texts if t for w in re.findall(r"\w+", t)}


_TITLES = {
    "mom",
    "dad",
    "mum",
    "mother",
    "father",
    "grandma",
    "grandpa",
    "granny",
    "aunt",
    "uncle",
    "mr",
    "mrs",
    "ms",
    "miss",
    "dr",
    "sir",
    "madam",
    "dear",
    "god",
    "santa",
    "coach",
    "officer",
}


_BARE_POSS = re.compile(r"(\s?)(['\u2019])(?![\w'\u2019])")


def _renamed(text: str, start: int, end: int, new: str, note: str) -> list[Change]:
    """Change text[start:end] to ``new``, turning a bare possessive apostrophe after an -s name
    into "'s" when the new name does not end in s ("Carlos' bike" -> "Greg's bike")."""
    out = [Change(start, end, new, note)]
    m = _BARE_POSS.match(text, end)
    if m and text[start:end].lower().endswith("s") and not new.lower().endswith("s"):
        out.append(Change(m.start(), m.end(), m.group(1) + m.group(2) + "s", "possessive"))
    return out


_NAMES_KEY = "pk_character_person_names"


def _person_names(doc) -> dict[str, str]:
    """First names of the story's characters (as written) -> "m", "f" or "n" (a PERSON name not in
    the gendered lists), only names every mention of which can be told apart from ordinary words.
    Computed once per Doc (``applicable`` and ``apply`` both ask), cached in ``doc.user_data``."""
    cached = doc.user_data.get(_NAMES_KEY)
    if cached is None:
        cached = doc.user_data[_NAMES_KEY] = tuple(_find_person_names(doc).items())
    return dict(cached)


def _find_person_names(doc) -> dict[str, str]:
    """:func:`_person_names` computed from the token columns (only proper nouns and PERSON
    entities are looked at)."""
    cols = columns(doc)
    ents, poss, lowers = cols["ENT_TYPE"], cols["POS"], cols["lower"]
    person, propn = sid("PERSON"), sid("PROPN")
    cands = [i for i, (e, p) in enumerate(zip(ents, poss)) if e == person or (e == 0 and p == propn)]
    if not cands:
        return {}
    text = doc_text(doc)
    by_start = dict(zip(cols["IDX"], range(len(doc))))
    lower = text_style(text) == "lower"
    found: dict[str, str] = {}
    for i in cands:
        word, idx = doc[i].text, cols["IDX"][i]
        is_person = ents[i] == person
        if (
            (is_person and cols["ENT_IOB"][i] != 3)
            or word in found
            or MASKED.search(text[max(0, idx - 1) : idx + len(word) + 1])
        ):
            continue  # 3: the first token of an entity ("B")
        if i and lowers[i - 1].rstrip(".") in _TITLES:
            continue  # "Mr. Okafor": a surname
        g = name_gender(word)
        if not g:
            if not (
                is_person
                and word.isalpha()
                and lowers[i] not in _TITLES
                and not _is_common_word(word)
                and (lower or (word[:1].isupper() and word[1:].islower()))
            ):
                continue
            g = "n"
        mentions = [by_start.get(a) for a, _ in _word_spans(word, text)]
        if any(m is None or ents[m] not in (0, person) for m in mentions):
            continue
        if (_is_common_word(word) or g == "n") and any(poss[m] != propn and ents[m] != person for m in mentions):
            continue
        found[word] = g
    return found


@functools.cache
def _name_pool(gender: str) -> tuple[str, ...]:
    """The names of ``gender``'s list ("m", "f" or "n") that may replace a name of that gender,
    sorted: unambiguous in gender (unisex for "n") and not also English words."""
    return tuple(
        n
        for n in sorted(word_list(_NAME_LISTS[gender]))
        if name_gender(n) == (None if gender == "n" else gender) and not _is_common_word(n)
    )


_NAME_LISTS = {"m": "names_male.txt", "f": "names_female.txt", "n": "names_neutral.txt"}


@register
@dataclass(repr=False)
class NameChange(Transform):
    """Rename one character everywhere in the story (possessives, first-name mentions of a full
    name, and the context) with another name of the same gender that the story does not use (a
    unisex name when the gender is unknown)."""

    name = "name_change"
    aspect = "character"
    effect = Effect.PRESERVES
    example = "Anna Smith bought a red bike. Anna's brother wanted to ride it."

    def applicable(self, example: Example, doc) -> bool:
        return bool(_person_names(doc))

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        names = _person_names(doc)
        if not names:
            return None
        old = rng.choice(sorted(names))
        used = _story_words(example.text, example.context, example.reference)
        gender = names[old]
        pool = [n for n in _name_pool(gender) if n not in used]
        if not pool:
            return None
        style = text_style(example.text)
        new = rng.choice(pool)
        new = _cased(new, style)
        changes = [
            c
            for a, b in _word_spans(old, example.text)
            for c in _renamed(example.text, a, b, new, f"name {old} -> {new}")
        ]
        out = self.rewrite(example, changes)
        ctx = example.context
        ctx_spans = _word_spans(old, ctx) if out is not None and ctx else []
        if ctx_spans:
            ctx_new = _cased(new, text_style(ctx))
            ctx_changes = [c for a, b in ctx_spans for c in _renamed(ctx, a, b, ctx_new, "")]
            for c in sorted(ctx_changes, reverse=True):
                ctx = ctx[: c.start] + c.new + ctx[c.end :]
            out = dataclasses.replace(out, context=ctx)
        return out


# ------------------------------------------------------------------------------------------------
# entity_replacement
# ------------------------------------------------------------------------------------------------
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
_NUMERIC = {"DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY", "QUANTITY", "PERCENT"}
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
_UNITS = set(
    "second minute hour day night morning afternoon evening week weekend month year decade "
    "century summer winter spring autumn fall semester mile pound foot inch gallon dollar "
    "cent kilometer meter kilogram ounce yard".split()
)
_UNITS_PL = {u + "s" for u in _UNITS} | {"feet", "inches", "centuries", "cents", "dollars"}


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
        return "<u>"
    if lw in _UNITS_PL:
        return "<us>"
    return lw


def entity_shape(label: str, text: str) -> tuple:
    """The form an entity must share with its replacement so the sentence stays grammatical:
    numbers and dates by token pattern ("three days" ~ "five weeks"), names by label, a leading
    "the" and plural ending."""
    words = _SHAPE_TOKENS.findall(text)
    if label in _NUMERIC:
        return (label, *(_shape_word(w) for w in words))
    plural = label == "NORP" and text.lower().endswith("s")
    return (label, bool(words) and words[0].lower() == "the", plural)


def _plausible(ent) -> bool:
    """Entity spans worth reusing: no verbs or pronouns inside (NER on lower-case text tags
    "martha fed" as a PERSON), and person names made of name-like words."""
    if any(t.pos_ in ("VERB", "AUX", "PRON", "PART", "SCONJ", "INTJ") for t in ent):
        return False
    if ent.label_ == "PERSON":
        return all(
            t.is_alpha
            and (name_gender(t.text) or (t.pos_ == "PROPN" and t.text[:1].isupper() and not _is_common_word(t.text)))
            for t in ent
        )
    return True


def _clean_entity(text: str) -> bool:
    return (
        0 < len(text) <= 40
        and "\n" not in text
        and not MASKED.search(text)
        and not re.search(r"[\[\]<>@#|]", text)
        and any(ch.isalnum() for ch in text)
        and len(text.split()) <= 5
    )


@register
@dataclass(repr=False)
class EntityReplacement(Transform):
    """Replace every mention of one named entity (person, place, organisation, date, number...)
    with another entity of the same label and form, so the story no longer matches its context or
    reference (RoMe) or, without them, its own first sentence. ``fit(corpus)`` draws replacements
    from the data set's own entities."""

    name = "entity_replacement"
    aspect = "character"
    effect = Effect.BREAKS
    example = "Tom flew to Paris on Monday. He loved Paris and stayed there for three days."

    # only entities that also occur in the context or reference (or, when the example has neither,
    # in the first sentence, whose mentions are then kept), so the variant contradicts them
    anchored: bool = True
    min_count: int = 2  # fit(): corpus entities seen fewer times (often NER noise) are not used
    labels: tuple[str, ...] = LABELS
    pool: dict[str, list[str]] = field(default_factory=dict, init=False, repr=False)  # set by fit()

    def __post_init__(self) -> None:
        self.labels = tuple(self.labels)

    def validate(self) -> None:
        bad = [lab for lab in self.labels if lab not in LABELS]
        if self.min_count < 1:
            raise ValueError(f"min_count must be >= 1, got {self.min_count}")
        if bad:
            raise ValueError(f"unknown entity labels {bad}; valid: {', '.join(LABELS)}")

    def fit(self, corpus: Sequence[Example], annotator: Annotator | None = None) -> EntityReplacement:
        """Collect the corpus's entities by label (most frequent first) as the replacement pool.
        Only the stories are read (the parses ``batch`` needs anyway): parsing every context and
        reference as well would double the parsing for a slightly larger pool."""
        ann = annotator or default_annotator()
        texts = [ex.text for ex in corpus if ex.text.strip()]
        counts: dict[str, Counter] = {}
        for doc in ann.pipe(texts, Level.PARSE):
            for ent in doc.ents:
                if _clean_entity(ent.text) and _plausible(ent):
                    counts.setdefault(ent.text, Counter())[ent.label_] += 1
        pools: dict[str, Counter] = {}
        for text, labels in counts.items():  # keep texts the NER labels consistently, seen often enough
            label, n = labels.most_common(1)[0]
            if label in self.labels and n >= self.min_count and n >= 0.6 * sum(labels.values()):
                pools.setdefault(label, Counter())[text] = n
        self.pool = {
            lab: [t for t, _ in sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[:1000]] for lab, c in pools.items()
        }
        return self

    def _candidates(self, label: str) -> list[str]:
        if self.pool:
            return self.pool.get(label, [])
        if label == "PERSON":
            return sorted(
                n for f in ("names_female.txt", "names_male.txt") for n in word_list(f) if not _is_common_word(n)
            )
        return [row["text"] for row in table("entities.tsv") if row["label"] == label]

    def applicable(self, example: Example, doc) -> bool:
        return any(e.label_ in self.labels for e in doc.ents)

    @staticmethod
    def _anchor(example: Example, doc) -> tuple[str, int]:
        """The text the variant must contradict, and where in the story replacing may start."""
        if example.context or example.reference:
            return " ".join(t for t in (example.context, example.reference) if t), 0
        sents = [s for s in doc.sents if s.text.strip()]
        if len(sents) < 2:
            return "", len(doc_text(doc))
        return sents[0].text, sents[1].start_char

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        text = example.text
        anchor, start_at = self._anchor(example, doc) if self.anchored else ("", 0)
        ents: dict[tuple[str, str], None] = {}
        labels_of: dict[str, set[str]] = {}
        for e in doc.ents:
            labels_of.setdefault(e.text, set()).add(e.label_)
        for e in doc.ents:
            if e.label_ not in self.labels or not _clean_entity(e.text) or len(labels_of[e.text]) > 1:
                continue  # the NER is not sure what it is ("Nadia" as GPE here, ORG there)
            if e.label_ != "PERSON" and any(name_gender(t.text) for t in e):
                continue  # a first name labelled as a place or company
            if self.anchored and not (_word_spans(e.text, anchor, ignore_case=True) and e.start_char >= start_at):
                continue
            ents[(e.label_, e.text)] = None
        order = list(ents)
        rng.shuffle(order)
        style = text_style(text)
        used = _story_words(text, example.context, example.reference)
        for label, old in order:
            value = _value(old)
            pool = [
                c
                for c, words, val in _by_shape(label, tuple(self._candidates(label))).get(entity_shape(label, old), ())
                if not (words <= used) and val != value
            ]
            if not pool:
                continue
            new = self._cased(rng.choice(pool), old, label, style)
            changes = self._mentions(doc, old, new, label, start_at)
            if changes:
                return self.rewrite(example, changes)
        return None

    @staticmethod
    def _cased(new: str, old: str, label: str, style: str) -> str:
        if style == "lower":
            return new.lower()
        if style == "upper":
            return new.upper()
        if label not in _NUMERIC and new == new.lower():
            new = " ".join(w if w in ("the", "of", "and") else w[:1].upper() + w[1:] for w in new.split())
        if old[:1].isupper() and new[:1].islower():
            new = new[:1].upper() + new[1:]
        elif old[:1].islower() and new.startswith(("The ", "An ", "A ")):
            new = new[:1].lower() + new[1:]
        return new

    @staticmethod
    def _mentions(doc, old: str, new: str, label: str, start_at: int = 0) -> list[Change]:
        """Every mention of the entity: for numbers and dates only the spans tagged as that entity
        ("three" in "the three of us" is another number); for names every occurrence, which must
        all be proper nouns or entities (else the story cannot be changed consistently)."""
        text = doc_text(doc)
        if label in _NUMERIC:
            spans = [
                (e.start_char, e.end_char, new)
                for e in doc.ents
                if e.label_ == label and e.text == old and e.start_char >= start_at
            ]
        else:
            cols = columns(doc)
            by_start = dict(zip(cols["IDX"], range(len(cols["IDX"]))))
            spans = []
            for a, b in _word_spans(old, text, start_at):
                i = by_start.get(a)
                if i is None or not (cols["ENT_TYPE"][i] or cols["POS"][i] == sid("PROPN")):
                    return []
                spans.append((a, b, new))
        parts_old, parts_new = old.split(), new.split()
        if label == "PERSON" and len(parts_old) > 1:  # "Anna" alone after "Anna Smith"
            for ma, mb in _word_spans(parts_old[0], text, start_at):
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
            changes += _renamed(text, a, b, rep, f"entity {old} -> {rep}")
        return changes


@functools.lru_cache(maxsize=64)
def _by_shape(label: str, candidates: tuple[str, ...]) -> dict[tuple, list[tuple[str, frozenset[str], str]]]:
    """Candidate entities of ``label`` grouped by :func:`entity_shape` (in their order), each with
    its words and value, so a replacement pool is found without re-examining every candidate."""
    out: dict[tuple, list[tuple[str, frozenset[str], str]]] = {}
    for c in candidates:
        out.setdefault(entity_shape(label, c), []).append((c, frozenset(_story_words(c)), _value(c)))
    return out


def _value(text: str) -> str:
    """A normalised value, so "one" and "1", or "3 days" and "three days", count as the same."""
    return " ".join(str(_NUMBER_WORDS.get(w, w)) for w in _WORDS.findall(text.lower()))
