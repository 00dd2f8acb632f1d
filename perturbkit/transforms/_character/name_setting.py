"""What ``name_change`` checks in the story's form and setting (validity round 116, where 3 of 20
renames on WritingPrompts were wrong):

- a story that alliterates on the name's initial ("Wendy was wishy-washy and a wacky , wonderful ,
  wizard") keeps the wordplay only with a new name of the same initial: :func:`alliterates`;
- a story set in the ancient world ("Praetors", "Jupiter 's ripped arse", "centurion") has no
  modern name to give anyone (round 116: "Cleo" -> "Harper" beside Julius and Casus):
  :func:`ancient_setting` names the signs that place it there (words WordNet glosses as of
  ancient Rome, Greece or Egypt, or of their mythologies, and Latin names), and the rename is declined."""

from __future__ import annotations

import functools
import re

# the sentences that mention the name: at least this many different content words, of which at
# least this share starts with the name's initial (round 116, on ROC dev and WP dev's first 1,100:
# only the two deliberate alliterations reach it, "Wendy ... wacky , wonderful , wizard" and
# "Bonny , Bill 's best and bodaciously beautiful belle"; the next ordinary stories reach 0.43
# with 7 words, and "s" and "c", common initials, 0.5 with 6)
ALLITERATION_MIN_WORDS = 6
ALLITERATION_MIN_SHARE = 0.5


def _content_words(sentence: str, name: str) -> list[str]:
    from spacy.lang.en.stop_words import STOP_WORDS  # here: importing spaCy is heavy

    low = name.lower()
    return [
        w for w in re.findall(r"[^\W\d_][\w\-]*", sentence.lower()) if len(w) >= 3 and w not in STOP_WORDS and w != low
    ]


def alliterates(word: str, texts) -> bool:
    """True when the sentences of ``texts`` that mention the name ``word`` alliterate on its
    initial: at least :data:`ALLITERATION_MIN_SHARE` of their different content words (no stop
    words, no words under 3 letters, not the name) start with it, of at least
    :data:`ALLITERATION_MIN_WORDS` (round 116: "Wendy was wishy-washy and a wacky , wonderful ,
    wizard"). Initials "s" and "c", common in any prose, need half as many again.

    >>> alliterates("Wendy", ["Wendy was a wacky , wonderful wizard . Wendy wondered where William went with the wand ."])
    True
    >>> alliterates("Wendy", ["Wendy went to the store . She bought milk and bread for her family ."])
    False
    """
    low = word.lower()
    initial = low[:1]
    if not initial.isalpha():
        return False
    words: set[str] = set()
    for t in texts:
        for sent in re.split(r"(?<=[.!?])\s+", t or ""):
            if re.search(r"(?<![\w\-])" + re.escape(low) + r"(?![\w\-])", sent.lower()):
                words.update(_content_words(sent, word))
    if len(words) < ALLITERATION_MIN_WORDS:
        return False
    share = sum(w.startswith(initial) for w in words) / len(words)
    return share >= ALLITERATION_MIN_SHARE * (1.5 if initial in "sc" else 1)


def same_initial(pool: list[str], word: str) -> list[str]:
    """The names of ``pool`` that start with the letter ``word`` starts with."""
    return [n for n in pool if n[:1].lower() == word[:1].lower()]


# what WordNet's gloss of an ancient-world word says ("(ancient Rome) the leader of 100 soldiers",
# "an annually elected magistrate of the ancient Roman Republic", "(Roman mythology) supreme god")
_ANCIENT_GLOSS = re.compile(r"\bancient (?:Rom|Greek|Egypt|Athen|Sparta)|\((?:Roman|Greek) mythology\)")
# at least this many signs in all (ancient words and Latin names), at least one an ancient word
ANCIENT_MIN_SIGNS = 3


@functools.lru_cache(maxsize=8192)
def _ancient_word(low: str) -> bool:
    """True when at least half of WordNet's noun senses of ``low`` (as a lemma of its own) are
    glossed as of the ancient world and none is a planet ("praetor", "centurion", "toga"; not
    "emperor", "chariot", also of today, nor "rome", "formerly the capital of the Roman Republic",
    nor "jupiter" and "mars", planets too: a space story)."""
    from ...resources.wordnet import ResourceMissing, nltk_reader

    try:
        synsets = nltk_reader().synsets(low, "n")
    except ResourceMissing:
        return False
    if _name_or_stop(low):
        return False
    glosses = [s.definition() for s in synsets if low in (n.lower() for n in s.lemma_names())]
    ancient = [g for g in glosses if _ANCIENT_GLOSS.search(g)]
    return bool(ancient) and len(ancient) * 2 >= len(glosses) and not any("planet" in g for g in glosses)


def _name_or_stop(low: str) -> bool:
    """True for a stop word ("here": also Hera's other name) or a first name ("luna", "roman")."""
    from spacy.lang.en.stop_words import STOP_WORDS

    from .name_allusions import _given

    return low in STOP_WORDS or _given(low)


# a Latin man's name: capitalised, ending in "-us" ("Julius", "Casus", "Cassus"; not "Gus")
_LATIN_NAME = re.compile(r"(?<![\w\-])[A-Z][a-z]{2,}us(?![\w\-])")


def _in_wordnet(low: str) -> bool:
    from ...resources.wordnet import ResourceMissing, nltk_reader

    try:
        return bool(nltk_reader().synsets(low))
    except ResourceMissing:
        return True


def ancient_setting(texts) -> list[str]:
    """The signs in ``texts`` that the story is set in the ancient world, when there are at least
    :data:`ANCIENT_MIN_SIGNS` different ones and one is an ancient word (:func:`_ancient_word`;
    a plural counts under its singular: "Praetors"); else []. The other signs are Latin men's names
    ending in "-us" that WordNet does not know ("Julius", "Casus"; not "Venus", "Sorcerous").

    >>> ancient_setting(["Julius and Casus ran from the Praetors ."])
    ['casus', 'julius', 'praetor']
    >>> ancient_setting(["Marcus and Julius flew to Rome to see the Colosseum ."])
    []
    """
    words: set[str] = set()
    names: set[str] = set()
    for t in texts:
        for w in set(re.findall(r"[^\W\d_]{4,}", t or "")):
            low = w.lower()
            stem = low[:-1] if low.endswith("s") and not low.endswith("ss") else low
            hit = next((x for x in dict.fromkeys((low, stem)) if _ancient_word(x)), None)
            if hit:
                words.add(hit)
        names |= {m.group().lower() for m in _LATIN_NAME.finditer(t or "") if not _in_wordnet(m.group().lower())}
    names -= words
    found = words | names
    return sorted(found) if words and len(found) >= ANCIENT_MIN_SIGNS else []
