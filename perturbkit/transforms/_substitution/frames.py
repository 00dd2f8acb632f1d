"""Whether a replacement fits the original word's dependents: verbs and adjectives that take
the same complements ("started crying" -> "stopped crying", "happy to help" -> "sad to help"),
no negative polarity item left without its negation ("forgot to bring any")."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Verbs that take the same clausal complements, so that swapping them keeps the sentence
#: grammatical and its meaning simply reversed: gerunds ("started/stopped crying"),
#: to-infinitives ("loved/hated to swim") and that-clauses ("admitted/denied that ...").
_GERUND_OK = frozenset({"start", "stop", "love", "hate", "enjoy", "like", "dislike", "remember", "forget"})
_INFINITIVE_OK = frozenset({"love", "hate", "remember", "forget"})
_CCOMP_OK = frozenset({"remember", "forget", "agree", "disagree", "admit", "deny", "love", "hate"})
#: (new word, preposition) pairs that are ungrammatical although the old word took them
#: ("forgot about" -> "remembered about", "bought from" -> "sold from", "new to" -> "old to").
_BAD_PREP = frozenset(
    {
        ("remember", "about"),
        ("sell", "from"),
        ("uncover", "in"),
        ("uncover", "with"),
        ("old", "to"),
        ("lose", "for"),
        ("appear", "into"),
        ("buy", "to"),
        ("appear", "from"),
        ("end", "to"),  # "began to riot" (parsed "to riot") -> "ended to riot"
        ("remember", "at"),  # "forgot her kid at home" -> "remembered her kid at home"
        ("remember", "in"),
        ("lose", "on"),  # "found the frame on sale" -> "lost the frame on sale"
    }
)
#: Negative polarity items: a verb governing one may carry negative meaning ("forgot to bring any").
_POLARITY = frozenset({"any", "anything", "anyone", "anybody", "anywhere", "ever", "yet"})
#: Adjectives that take the same clausal complements ("happy to help" / "sad to help").
_ADJ_CLAUSE_OK = frozenset(
    {
        "happy",
        "unhappy",
        "sad",
        "glad",
        "able",
        "unable",
        "sure",
        "unsure",
        "proud",
        "ashamed",
        "lucky",
        "unlucky",
        "easy",
        "difficult",
        "possible",
        "impossible",
        "likely",
        "unlikely",
        "willing",
        "unwilling",
        "eager",
    }
)


def xcomp_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """Both verbs take ``tok``'s complements ("started crying" -> "stopped crying"; not
    "started to fall asleep" -> "stopped to fall asleep", "forgot about" -> "remembered about")."""
    for c in tok.children:
        if c.dep_ == "xcomp":
            ok = _GERUND_OK if c.tag_ == "VBG" else _INFINITIVE_OK
            if lemma not in ok or new_lemma not in ok:
                return False
        elif c.dep_ == "ccomp" and (lemma not in _CCOMP_OK or new_lemma not in _CCOMP_OK):
            return False
        elif c.dep_ == "prep" and (new_lemma, c.lower_) in _BAD_PREP:
            return False
    return True


def adjective_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """Both adjectives take ``tok``'s complements ("happy to help" -> "sad to help"; not
    "excited to go" -> "bored to go", "new to the town" -> "old to the town")."""
    for c in tok.children:
        if c.dep_ in ("xcomp", "ccomp") and (lemma not in _ADJ_CLAUSE_OK or new_lemma not in _ADJ_CLAUSE_OK):
            return False
        if c.dep_ == "prep" and (new_lemma, c.lower_) in _BAD_PREP:
            return False
        if c.dep_ in ("npadvmod", "nummod"):  # "ten foot high", "two years old"
            return False
    return True


def complements_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """The replacement fits ``tok``'s dependents (verbs and adjectives; other words always)."""
    if tok.pos_ == "VERB":
        if any(t.lower_ in _POLARITY for t in tok.subtree):
            return False  # "forgot to bring any" -> "remembered to bring any"
        return xcomp_ok(tok, lemma, new_lemma)
    if tok.pos_ == "ADJ":
        return adjective_ok(tok, lemma, new_lemma)
    return True
