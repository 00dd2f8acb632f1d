"""A present tense that characterizes, not narrates (``_order_ties``): "he helps new companies create
websites", "he does okay", "jogging makes me fit", "he teaches kids and adults", "he spends five
hours a day". Told in another order such sentences still read as one description of a person or a
habit; only a present that tells one event ("mark fills in for tom", "he lands on his leg") ties a
story's order (round 112, roc-1809: a shuffle of four present-tense facts about Rob read as a
passable description)."""

from __future__ import annotations

# a subject that names no participant: "it makes food messy", "this relaxes me", gerunds ("jogging helps")
_GENERAL_SUBJECTS = frozenset({"it", "this", "that", "which", "everything", "nothing", "everyone"})
# a verb that says what something brings about ("it makes me fit", "meditating helps me think")
_CAUSATIVE = frozenset({"make", "help", "let", "keep"})
# words that make a clause habitual ("three times a day", "every year", "daily")
_FREQUENCY = frozenset(
    {"always", "usually", "often", "sometimes", "generally", "normally", "rarely", "seldom", "never", "everyday"}
    | {"daily", "weekly", "nightly", "regularly", "constantly", "frequently", "ever", "times"}
)
_FREQUENCY_DETS = frozenset({"every", "each", "most"})
_PERIODS = frozenset({"day", "week", "month", "year", "night", "morning", "weekend", "hour", "minute"})
_SPECIFIC = ("det", "poss", "nummod", "compound")


def _bare_plural(n: int, tag: tuple, dep: tuple, children: tuple) -> bool:
    """Noun ``n`` is a bare plural or mass noun: no determiner, possessive or number ("kids", "food")."""
    return tag[n] in ("NNS", "NN") and not any(dep[c] in _SPECIFIC for c in children[n])


def _frequent(i: int, dep: tuple, children: tuple, lower: tuple, lemma: tuple) -> bool:
    """Verb ``i`` has a frequency adverbial among its modifiers ("three times a day", "every year",
    "most days", "after every meal")."""
    stack = [c for c in children[i] if dep[c] in ("advmod", "npadvmod", "prep", "pobj", "dobj", "obl", "tmod")]
    while stack:
        t = stack.pop()
        if lower[t] in _FREQUENCY or lower[t] in _FREQUENCY_DETS:
            return True
        if lemma[t] in _PERIODS and any(lower[c] in ("a", "an", "per") for c in children[t]):
            return True  # "five hours a day", "twice a week"
        stack += [c for c in children[t] if dep[c] not in ("relcl", "advcl", "ccomp", "acl")]
    return False


def characterizing(i: int, lemma: tuple, tag: tuple, dep: tuple, children: tuple, lower: tuple) -> bool:
    """Present-tense verb ``i`` tells what someone or something is like, not one event: its subject
    names no participant ("it", "this", a gerund, a bare plural: "computer games makes him relaxed"),
    it is a causative with a clause ("helps new companies create websites", "makes me fit"), "do"
    with no object ("he does okay"), its object is a bare plural or mass noun ("he teaches kids and
    adults"), or a frequency adverbial makes it a habit ("three times a day", "after every meal")."""
    kids = children[i]
    subjects = [c for c in kids if dep[c] in ("nsubj", "csubj")]
    if any(lower[s] in _GENERAL_SUBJECTS or tag[s] == "VBG" or dep[s] == "csubj" for s in subjects):
        return True
    if any(_bare_plural(s, tag, dep, children) and tag[s] == "NNS" for s in subjects):
        return True
    if lemma[i] in _CAUSATIVE and any(dep[c] in ("ccomp", "xcomp", "oprd") for c in kids):
        return True
    objects = [c for c in kids if dep[c] == "dobj"]
    if lemma[i] == "do" and not objects:
        return True
    objects += [c for o in objects for c in children[o] if dep[c] == "conj"]
    if objects and all(_bare_plural(o, tag, dep, children) for o in objects):
        return True
    return _frequent(i, dep, children, lower, lemma)
