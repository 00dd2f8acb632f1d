"""``name_change``'s parts (and the name helpers ``entity_replacement`` shares): the story's
character names and their genders, replacement names of the same gender, and renaming every
mention (possessives included) in the story and its context."""

from __future__ import annotations

import functools
import re

from ...annotation import doc_text, per_doc, token_columns
from ...resources.inflect import all_lemmas
from ...resources.lexicons import word_list
from ...transform import Change
from .._persons import MASKED, name_gender, sid, text_style


def is_common_word(word: str) -> bool:
    """True for names that are also English words ("Will", "Rose"): matched only as proper nouns."""
    return _is_common_lower(word.lower())


@functools.lru_cache(maxsize=8192)
def _is_common_lower(word: str) -> bool:
    return bool(all_lemmas(word))


@functools.lru_cache(maxsize=4096)
def _word_re(word: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(r"(?<![\w\-\[])" + re.escape(word) + r"(?![\w\-\]])", flags)


def word_spans(word: str, text: str, start: int = 0, ignore_case: bool = False) -> list[tuple[int, int]]:
    """The (start, end) of every match of ``_word_re(word)`` in ``text`` from ``start``: the word
    not inside a longer word, hyphenation or mask (patterns are compiled once per word)."""
    return [m.span() for m in _word_re(word, re.I if ignore_case else 0).finditer(text, start)]


def cased_name(name: str, style: str) -> str:
    """A name from the (lower-cased) lists cased for the story: "seo-yeon" -> "Seo-yeon"."""
    if style == "lower":
        return name.lower()
    return name.upper() if style == "upper" else name[:1].upper() + name[1:]


def story_words(*texts: str | None) -> set[str]:
    return {w.lower() for t in texts if t for w in re.findall(r"\w+", t)}


_TITLES = {
    "mom",
    "dad",
    "mum",
    "ma",
    "pa",
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


def renamed(text: str, start: int, end: int, new: str, note: str) -> list[Change]:
    """Change text[start:end] to ``new``, turning a bare possessive apostrophe after an -s name
    into "'s" when the new name does not end in s ("Carlos' bike" -> "Greg's bike")."""
    out = [Change(start, end, new, note)]
    m = _BARE_POSS.match(text, end)
    if m and text[start:end].lower().endswith("s") and not new.lower().endswith("s"):
        out.append(Change(m.start(), m.end(), m.group(1) + m.group(2) + "s", "possessive"))
    return out


def rename_changes(text: str, old: str, new: str, note: str) -> list[Change]:
    """Changes renaming every mention of ``old`` in ``text`` to ``new``, each written in its
    mention's casing ("STEVE" -> "TRAVIS"; see :func:`.name_checks.name_mentions` and
    :func:`renamed`)."""
    from .name_checks import cased_like, name_mentions

    spans = name_mentions(text, old) or []
    return [c for a, b, case in spans for c in renamed(text, a, b, cased_like(new, case), note)]


def renamed_context(ctx: str, old: str, new: str) -> str | None:
    """``ctx`` with every mention of ``old`` renamed to ``new`` (cased for the context's own
    style and each mention's casing); None when a mention cannot be renamed safely or another
    word of the context is a near spelling of ``old``."""
    from .name_checks import name_mentions, near_spelling, odd_words

    style = text_style(ctx)
    if name_mentions(ctx, old) is None or near_spelling(old, odd_words([ctx], style == "lower")):
        return None
    for c in sorted(rename_changes(ctx, old, cased_name(new, style), ""), reverse=True):
        ctx = ctx[: c.start] + c.new + ctx[c.end :]
    return ctx


@per_doc
def person_names(doc) -> tuple[tuple[str, str], ...]:
    """First names of the story's characters (as written) with "m", "f" or "n" (a PERSON name not
    in the gendered lists), only names every mention of which can be told apart from ordinary
    words. Computed once per Doc (``applicable`` and ``apply`` both ask)."""
    return tuple(_find_person_names(doc).items())


def _find_person_names(doc) -> dict[str, str]:
    """:func:`person_names` computed from the token columns (only proper nouns and PERSON
    entities are looked at), keeping only the names :mod:`.name_checks` lets through: given names
    of the lists, every mention matched whatever its casing, no near spelling, no famous name."""
    from .name_allusions import in_compound
    from .name_checks import famous_mention, is_given_name, name_mentions, near_spelling, odd_words

    cols = token_columns(doc)
    ents, poss, lowers = cols["ENT_TYPE"], cols["POS"], cols["lower"]
    person, propn = sid("PERSON"), sid("PROPN")
    cands = [i for i, (e, p) in enumerate(zip(ents, poss)) if e == person or (e == 0 and p == propn)]
    if not cands:
        return {}
    text = doc_text(doc)
    by_start = dict(zip(cols["IDX"], range(len(doc))))
    style = text_style(text)
    lower = style == "lower"
    found: dict[str, str] = {}
    odd: set[str] | None = None
    words: list[str] = []
    for i in cands:
        word, idx = doc[i].text, cols["IDX"][i]
        is_person = ents[i] == person
        if (
            (is_person and cols["ENT_IOB"][i] != 3)
            or word.lower() in {f.lower() for f in found}
            or (style == "normal" and not (word[:1].isupper() and (len(word) == 1 or not word.isupper())))
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
                and not is_common_word(word)
                and (lower or (word[:1].isupper() and word[1:].islower()))
            ):
                continue
            g = "n"
        if not is_given_name(word):
            continue  # not an ordinary first name: a god, an alien, a pun ("Jiggasaurus")
        spans = name_mentions(text, word)
        mentions = [by_start.get(a) for a, _, _ in spans or ()]
        if spans is None or None in mentions:
            continue
        exact = [m for m, (_, _, case) in zip(mentions, spans) if case == "same"]
        if any(ents[m] not in (0, person) for m in exact):
            continue
        if (is_common_word(word) or g == "n") and any(poss[m] != propn and ents[m] != person for m in exact):
            continue
        if odd is None:
            odd, words = odd_words([text], lower), [t.text for t in doc]
        if near_spelling(word, odd) or any(famous_mention(words, m, lower) for m in mentions):
            continue
        if not lower and any(in_compound(doc, m) for m in mentions):
            continue  # "Hugo Boss", "Lake Louise": a brand or place, not a person's first name
        found[word] = g
    return found


@functools.cache
def name_pool(gender: str) -> tuple[str, ...]:
    """The names of ``gender``'s list ("m", "f" or "n") that may replace a name of that gender,
    sorted: unambiguous in gender (for "n": unisex, also in the 1990 Census, round 112: not "Logan")
    and not also English words."""
    from .name_people import is_unisex

    return tuple(
        n
        for n in sorted(word_list(_NAME_LISTS[gender]))
        if name_gender(n) == (None if gender == "n" else gender)
        and not is_common_word(n)
        and (gender != "n" or is_unisex(n))
    )


_NAME_LISTS = {"m": "names_male.txt", "f": "names_female.txt", "n": "names_neutral.txt"}
