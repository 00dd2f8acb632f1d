"""Where a ``repeat_ngram`` n-gram may start and end so that it is a whole phrase, beyond the
parse checks of ``repetition._Phrases`` (round 103: 3 of 20 WP and 4 of 20 ROC variants were
invalid for these). Read from the words around the n-gram as well as from the parse, since the
parse goes wrong exactly where these cuts happen ("weren \u2019 t" parsed as a name and a noun,
"on easter sunday jenny went" with "on" hanging on the verb):

- a contraction stays whole, whichever apostrophe and spacing: no n-gram starts on a clitic
  ("ve been screwed" from "I \u2019 ve been screwed") or ends on the host of one ("weren" from
  "weren \u2019 t", "were" from "were n't", "dog" from "dog 's");
- nothing negated is repeated without its negation: no n-gram starts right after "not", "never",
  "n't" ("warned not to drive and to drive" reads as a contradiction), and none holds a word whose
  negation is left before it;
- no n-gram starts inside a noun phrase or a prepositional phrase: right after a preposition, a
  determiner or a possessive ("on easter sunday jenny went and easter sunday jenny went", "gathered
  to cheer and cheer"), nor on an object pronoun ("make me jump and me jump");
- no n-gram holds the subject of a bare infinitive that hangs on a verb outside it ("me jump" from
  "make me jump"), nor ends right before a predicate of a word in it ("blow the world sky" from
  "blow the world sky high", "painted the house" from "painted the house red").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..annotation import token_columns, token_strings

if TYPE_CHECKING:
    from spacy.tokens import Doc

_APOSTROPHES = frozenset({"'", "\u2019", "\u2018", "`"})
_CLITICS = frozenset({"m", "ve", "s", "re", "d", "ll", "t", "em"})
# a clitic with its apostrophe as one token ("'s", "\u2019ve", "n't")
_GLUED_CLITIC = re.compile(r"(?:['\u2019\u2018`](?:m|ve|s|re|d|ll|em)|n['\u2019]t)", re.IGNORECASE)
_NEGATIONS = frozenset({"not", "never", "n't", "n\u2019t"})
_OBJECT_PRONOUNS = frozenset({"me", "him", "us", "them", "whom"})
_PREDICATES = frozenset({"acomp", "oprd"})
_FINITE = frozenset({"VBD", "VBZ", "VBP", "MD"})


class PhraseLimits:
    """Per-token facts: ``no_start[i]`` (no n-gram starts on token i), ``no_end[i]`` (none ends on
    it); :meth:`cuts` tests a whole n-gram."""

    def __init__(self, doc: Doc) -> None:
        cols, strs = token_columns(doc), token_strings(doc)
        words, pos, tag, dep = strs["text"], strs["pos"], strs["tag"], strs["dep"]
        self.head, self.dep, self.tag, self.pos = cols["HEAD"], dep, tag, pos
        self.children = strs["children"]
        n = len(words)
        low = [w.lower() for w in words]
        # a clitic written apart from its apostrophe after a word ("I \u2019 ve", "weren \u2019 t")
        clitic = [
            i > 1 and words[i - 1] in _APOSTROPHES and low[i] in _CLITICS and words[i - 2].isalpha() for i in range(n)
        ]
        host = [False] * n
        for i in range(n - 1):
            nxt = words[i + 1]
            if _GLUED_CLITIC.fullmatch(nxt) or (nxt in _APOSTROPHES and i + 2 < n and clitic[i + 2]):
                host[i] = True
        self.no_end = host
        self.no_start = [
            clitic[i]
            or (i > 0 and (low[i - 1] in _NEGATIONS or (low[i - 1] == "t" and clitic[i - 1]) or dep[i - 1] == "neg"))
            or (i > 0 and _opens_phrase(pos[i - 1], tag[i - 1], dep[i - 1]))
            or (low[i] in _OBJECT_PRONOUNS or (low[i] == "her" and tag[i] == "PRP"))
            for i in range(n)
        ]

    def cuts(self, a: int, z: int) -> bool:
        """Whether tokens [a, z] leave a negation before them, hold the subject of a bare infinitive
        whose verb hangs outside them, or end right before a predicate of a word in them."""
        head, dep, n = self.head, self.dep, len(self.head)
        for t in range(a, z + 1):
            if any(k < a and dep[k] == "neg" for k in self.children[t]):
                return True
            h = head[t]
            if dep[t].startswith("nsubj") and a <= h <= z and dep[h] in ("ccomp", "xcomp") and not a <= head[h] <= z:
                if self.tag[h] not in _FINITE and not any(
                    dep[k] in ("aux", "auxpass", "mark") for k in self.children[h]
                ):
                    return True  # "me jump" from "make me jump", "the dog jump" from "made the dog jump"
        nxt = z + 1
        if nxt < n and (dep[nxt] in _PREDICATES or (dep[nxt] == "advmod" and self.pos[nxt] == "ADJ")):
            tops = {head[t] for t in range(a, z + 1) if not a <= head[t] <= z}
            if a <= head[nxt] <= z or head[nxt] in tops:
                return True  # "painted the house" + "red", "blow the world sky" + "high"
        return False


def _opens_phrase(pos: str, tag: str, dep: str) -> bool:
    """A word whose phrase goes on after it: a preposition (not a particle), a determiner, a
    possessive ("his", "whose", "'s")."""
    return (pos == "ADP" and tag in ("IN", "TO") and dep != "prt") or pos == "DET" or tag in ("PRP$", "WP$", "POS")
