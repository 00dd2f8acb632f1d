"""What the rest of a story presupposes of a sentence's main verb, so that a negation flip
contradicts something (:mod:`perturbkit.transform.targets`).

A negated event is only a contradiction when a later sentence needs it to have happened. A word
recurring is not enough: "she did not tuck her shoes into a cubby. her shoes were gone" and "he
did not put the bait on the hook. he caught a fish" are still stories. What a later sentence
does need is a thing the event brought in: an indefinite object ("he bought a car", "there was a
dog", "she put him in an oatmeal bath") that a later sentence takes as known ("the car", "the
dog", "the bath"). Negated, the event no longer introduces it and the later "the" has nothing to
refer to. A state ("the line was long") is contradicted by a mention of the same property of the
same thing anywhere else ("irritated by the long line"). Deletions, intensional verbs ("he did not
want a car"), quantified subjects ("everyone did not love him" reads as "not everyone") and
dialogue tags are left out: nothing makes them contradict. So are events a reader reconciles with
the later "the": a replacement ("did not buy new batteries": the old ones), a bare plural ("did not
buy chips": chips from home), a later mention another adjective restricts ("the best reviews"), a
choice, a promise or a perception ("did not pick a teller", "did not see a snail"), a manner of moving ("did not trudge": went some
other way), a source or place passed ("did not wake up from a dream": the dream was still had) and
an event with a source, means or place of its own ("did not find a roofer through thumbtack", "did
n't order a dress from the bridal shop": read as "not from there", round 104).
Nor does a later "the" need what was there anyway (round 101): the place of a verb of being
somewhere ("was n't sitting in a room": lying there), a person the verb only acts on ("does n't
grab a passing woman by the arm ... the woman screams") or anything a verb like "open" acts on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import per_doc, sentence_bounds, token_columns, token_strings
from ...annotation.links import GENERAL_NOUNS, Witness, sentence_index
from ...resources.lexicons import verb_class

if TYPE_CHECKING:
    from spacy.tokens import Doc

#: Determiners that introduce a new thing ("a car", "some milk") and that take one as known.
_INDEFINITE = frozenset({"a", "an", "some", "another", "any"})
_DEFINITE = frozenset({"the", "this", "that", "these", "those"})
#: Prepositions whose object the event puts in place ("onto a stuffed bear", "in an oatmeal bath");
#: not "for"/"about"/"like": "he did not wait for a bus" leaves the bus.
#: Nor "near"/"behind": "she did not stop near a bench" leaves the bench where it was.
#: Nor a source or a place passed or looked at ("woke up from a dream", "trudged at a flag",
#: "walked through a park"): negated, the event leaves the dream, the flag, the park where they were.
_PLACE_PREPS = frozenset("in into on onto to inside".split())
#: Verbs whose object need not exist ("he wanted a dog"), or whose negation reads as a changed
#: attitude rather than a missing event.
_INTENSIONAL = verb_class("intensional")
#: Verbs of a manner of moving: "they did not trudge to the flag" reads as "they went some other
#: way", and the later "as they approached the flag" stays true.
_MANNER = frozenset(
    """trudge stroll rush hurry walk run jog sprint dash march wander stumble crawl limp tiptoe saunter amble
    stride creep sneak race hike drive ride fly swim sail paddle wade drift float hop skip dance glide slide
    shuffle storm stomp stagger scurry scramble zoom speed jump""".split()
)
#: Modifiers that make the object a replacement of one the story may already have ("bought new
#: batteries", "a better keyboard for it"): negated, a later "the batteries" are the old ones.
_REPLACEMENT = frozenset("new better replacement different spare extra other second fresh".split())
#: Subjects under which an inserted "not" reads as "not all" ("everyone did not love the teacher").
_QUANTIFIED = frozenset("everyone everybody everything all each every both most many nobody none".split())
#: Nouns a/an never really introduce ("a lot of", "a couple of", "a few"), and nouns of light-verb
#: phrases ("took a step", "had a look") whose later "the step" is another thing.
_MEASURES = GENERAL_NOUNS | frozenset(
    """couple few number pair bunch group piece amount lot step look break walk breath seat turn chance shot nap
    rest try sense deal way""".split()
)
#: Quantity words: a negated "she has four cats", "he owned several horses", "i found 5 raccoons"
#: reads as correcting the count, which a later "the cats" does not contradict. So do an object
#: restricted by a relative clause ("did not find a store she liked": another store may follow) and
#: a coordinated object ("did not lift ten crowns and a castle").
_QUANTITIES = frozenset("several many few multiple numerous various lots plenty both".split())
#: How many sentences after the edit a presupposing mention may come (further on, in a long story,
#: "the light" may be another light).
_REACH = 3
#: Subordinators of a reason: negating a clause that has one negates the reason instead ("he did not
#: leave because he was tired" reads as "he left for another reason").
_REASONS = frozenset({"because", "since"})
#: Quotation marks (not "\u2019", which is also an apostrophe: "don \u2019 t").
_QUOTES = frozenset({'"', "``", "''", "\u201c", "\u201d", "\u2018"})


# Posture verbs: "he was n't sitting in a room" reads as lying there, and the room stays.
_POSTURE = frozenset("sit stand lie lay kneel lean crouch squat perch slouch".split())
#: Verbs of being somewhere: they do not bring in the place they are at ("he was n't sitting in a
#: room with blue wallpaper ... the room": he is in the room lying down, or in another).
_LOCATED = _POSTURE | frozenset("stay wait live remain sleep hide rest wake awake awaken".split())
_OBJECT_DEPS = frozenset({"dobj", "attr"})
#: Scalar adjectives (size, amount, strength, worth): negated, "she did not have a huge collection"
#: reads as "a modest one", which a later "the collection" still fits.
_SCALAR = frozenset(
    """big large huge enormous giant gigantic massive vast immense tiny small little short long tall high low wide
    narrow deep shallow heavy thick thin full whole entire great good bad nice fine beautiful pretty gorgeous lovely
    ugly wonderful amazing fantastic awesome terrible horrible awful excellent perfect incredible impressive intense
    serious strong weak loud quiet bright expensive cheap fancy major minor decent delicious fun funny interesting
    exciting boring cute hard easy tough severe crazy wild scary special fabulous
    spectacular stunning elaborate generous hefty sizable considerable significant substantial brutal harsh""".split()
)
#: Verbs that bring a person or an animal into the story ("met a boy", "adopted a dog"); not a call
#: or a consultation ("did not call a surgeon ... visited the surgeon": a step skipped, round 106).
#: Any other ("grabs a passing woman by the arm") only touches someone who is there anyway, and a
#: later "the woman screams" does not need the touch.
_BRINGS_IN_CHARACTER = frozenset(
    """meet visit hire employ recruit have own adopt buy get find catch date marry invite bring rescue
    take keep raise befriend rent borrow order""".split()
)
#: Verbs that act on a thing that is there anyway: "she did not open a can of corn ... threw the can
#: in the garbage" still has the can.
_ACTS_ON = frozenset(
    "open close shut clean wash wipe fix repair paint kick hit push pull touch climb cross knock".split()
)


def _root(doc: Doc, sentence: int) -> int:
    """The index of the sentence's parse root (its first token whose head is itself)."""
    a, b = sentence_bounds(doc)[sentence]
    head = token_columns(doc)["HEAD"]
    return next((i for i in range(a, b) if head[i] == i), a)


@per_doc
def _noun_mentions(doc: Doc) -> dict[str, tuple[tuple[int, bool], ...]]:
    """Each common noun's mentions, ``lemma -> ((token, definite), ...)`` in text order, where
    ``definite`` says a determiner takes it as known ("the car")."""
    strs, lemma, lower = token_strings(doc), token_columns(doc)["lemma"], token_columns(doc)["lower"]
    out: dict[str, list[tuple[int, bool]]] = {}
    for i, pos in enumerate(strs["pos"]):
        if pos == "NOUN":
            dets = {lower[k] for k in strs["children"][i] if strs["dep"][k] == "det"}
            out.setdefault(lemma[i], []).append((i, bool(dets & _DEFINITE)))
    return {k: tuple(v) for k, v in out.items()}


@per_doc
def _adjective_mentions(doc: Doc) -> dict[str, tuple[int, ...]]:
    """Each adjective lemma's tokens, in text order."""
    lemma = token_columns(doc)["lemma"]
    out: dict[str, list[int]] = {}
    for i, pos in enumerate(token_strings(doc)["pos"]):
        if pos == "ADJ":
            out.setdefault(lemma[i], []).append(i)
    return {k: tuple(v) for k, v in out.items()}


def _compounds(doc: Doc, i: int) -> frozenset[str]:
    strs = token_strings(doc)
    return frozenset(token_columns(doc)["lemma"][k] for k in strs["children"][i] if strs["dep"][k] == "compound")


def _modifiers(doc: Doc, i: int) -> frozenset[str]:
    """The adjectives modifying noun ``i`` (a later "the best reviews" describes other reviews than
    "reviews" read before)."""
    strs = token_strings(doc)
    return frozenset(token_columns(doc)["lemma"][k] for k in strs["children"][i] if strs["dep"][k] == "amod")


def _introduced(doc: Doc, root: int) -> list[int]:
    """The nouns the main clause headed by ``root`` brings in: indefinite objects of the verb, of its
    place prepositions, or of "there is". Not the place of a verb of being somewhere ("was sitting in
    a room": :data:`_LOCATED`), nor anything a verb only acts on (:data:`_ACTS_ON`), nor a person or
    an animal as the object of a verb that does not bring one in (:data:`_BRINGS_IN_CHARACTER`):
    negated, "he grabs a passing woman by the arm" leaves the woman there for a later "the woman
    screams"."""
    strs, cols = token_strings(doc), token_columns(doc)
    dep, pos, kids, lower, verb = strs["dep"], strs["pos"], strs["children"], cols["lower"], cols["lemma"][root]
    if verb == "be":
        if not any(dep[k] == "expl" for k in kids[root]):
            return []
        slots = [k for k in kids[root] if dep[k] == "attr"]
    elif verb in _ACTS_ON:
        return []
    else:
        slots = [k for k in kids[root] if dep[k] == "dobj"]
        for p in kids[root]:
            if dep[p] == "prep" and lower[p] in _PLACE_PREPS and verb not in _LOCATED:
                slots += [k for k in kids[p] if dep[k] == "pobj"]
    out = []
    for n in slots:
        if pos[n] != "NOUN" or cols["lemma"][n] in _MEASURES:
            continue
        ks = kids[n]
        if any(
            dep[k] in ("nummod", "conj") or (dep[k] == "relcl" and strs["tag"][k] != "VB") or lower[k] in _QUANTITIES
            for k in ks
        ):
            continue  # "did not have four cats", "did not find a store she liked": read as a correction
        if any(dep[k] == "amod" and (cols["lemma"][k] in _REPLACEMENT or strs["tag"][k] == "JJR") for k in ks):
            continue  # "did not buy new batteries": the later "the batteries" may be the old ones
        # not a bare plural: "tom did not buy chips. he ate the chips" (ones he had at home)
        if not any(dep[k] == "det" and lower[k] in _INDEFINITE for k in ks):
            continue
        if dep[n] == "dobj" and verb not in _BRINGS_IN_CHARACTER and _is_character(doc, n):
            continue  # "grabs a passing woman": someone there anyway
        out.append(n)
    return out


def _later_definite(doc: Doc, n: int, own: int) -> Witness | None:
    """The first later sentence that takes noun ``n`` as known ("the car"), unless a new one of
    the kind is brought in before ("a car ... another car ... the car")."""
    lemma, sent, strs = token_columns(doc)["lemma"], sentence_index(doc), token_strings(doc)
    for j, definite in _noun_mentions(doc).get(lemma[n], ()):
        if j <= n or sent[j] == own:
            continue
        if not definite or sent[j] > own + _REACH:
            return None
        if _modifiers(doc, j) - _modifiers(doc, n):
            return None  # "read reviews ... the speakers with the best reviews": other reviews
        if _compounds(doc, j) == _compounds(doc, n) and (strs["tag"][j] == "NN") == (strs["tag"][n] == "NN"):
            return Witness(sent[j], j, strs["text"][j], "presupposes")
        return None
    return None


def _state_witnesses(doc: Doc, root: int, own: int) -> list[Witness]:
    """Mentions elsewhere of the property a copula gives its noun subject: "the line was long" and
    "the long line" or "the line was long again" (same adjective, same noun, a copula in the same
    tense, not negated: "the world turned dark" was another time than "the world is dark")."""
    strs, cols = token_strings(doc), token_columns(doc)
    dep, pos, kids, lemma, tag = strs["dep"], strs["pos"], strs["children"], cols["lemma"], strs["tag"]
    subj = next((k for k in kids[root] if dep[k] == "nsubj"), None)
    adj = next((k for k in kids[root] if dep[k] == "acomp" and pos[k] == "ADJ"), None)
    if subj is None or adj is None or pos[subj] != "NOUN" or tag[adj] != "JJ":
        return []
    if any(
        dep[k] in ("advmod", "neg") and cols["lower"][k] in ("most", "more", "least", "less", "as") for k in kids[adj]
    ):
        return []
    sent, head, out = sentence_index(doc), cols["HEAD"], []
    for j in _adjective_mentions(doc).get(lemma[adj], ()):
        if sent[j] == own or abs(sent[j] - own) > _REACH:
            continue
        h = head[j]
        if dep[j] == "amod" and lemma[h] == lemma[subj]:
            out.append(Witness(sent[j], j, strs["text"][j], "repeats"))
        elif (
            dep[j] == "acomp" and lemma[h] == "be" and tag[h] == tag[root] and not any(dep[k] == "neg" for k in kids[h])
        ):
            s2 = next((k for k in kids[h] if dep[k] == "nsubj"), None)
            if s2 is not None and lemma[s2] == lemma[subj]:
                out.append(Witness(sent[j], j, strs["text"][j], "repeats"))
    return out


@per_doc
def flip_witnesses(doc: Doc, sentence: int) -> tuple[Witness, ...]:
    """The places that presuppose the main clause of ``sentence`` as it is (see the module doc):
    later definite mentions of what it brings in, or mentions of the state it gives its subject.
    Empty for quantified subjects, intensional verbs and dialogue tags."""
    root = _root(doc, sentence)
    strs, cols = token_strings(doc), token_columns(doc)
    kids, dep, lower = strs["children"], strs["dep"], cols["lower"]
    subj = next((k for k in kids[root] if dep[k] in ("nsubj", "nsubjpass", "expl")), None)
    if subj is None:
        return ()  # an imperative, or a misparse ("buy cheap headphones at the bargain bin won him over")
    if lower[subj] in _QUANTIFIED or any(lower[k] in _QUANTIFIED for k in kids[subj] if dep[k] in ("det", "amod")):
        return ()
    if cols["lemma"][root] in _INTENSIONAL or cols["lemma"][root] in _MANNER:
        return ()
    if any(
        dep[i] not in ("aux", "auxpass", "neg") and not cols["IS_SPACE"][i]
        for i in range(doc[subj].right_edge.i + 1, root)
    ):
        return ()  # a word between subject and verb ("life sure has"): the negation may land wrong
    a, b = sentence_bounds(doc)[sentence]
    if any(lower[i] in _QUOTES for i in range(a, b)) and any(dep[k] == "ccomp" for k in kids[root]):
        return ()  # a dialogue tag: "... ," Miranda said
    if any(dep[k] == "advcl" and any(lower[m] in _REASONS for m in kids[k] if dep[m] == "mark") for k in kids[root]):
        return ()  # "the chip was not unique because it looked like ...": the negation takes the reason
    introduced = _introduced(doc, root)
    if _has_adjunct(doc, root, introduced):
        return ()  # "did not find a roofer through thumbtack", "did not buy a briefcase to store his papers"
    # round 106: "did not have a huge collection", "did n't make a fantastic painting": the negation
    # may take the scalar word (a modest one), unless the later mention restates it
    found = [
        w
        for n in introduced
        if (w := _later_definite(doc, n, sentence)) is not None
        and (scalar := _scalar_modifiers(doc, n)) is not None
        and scalar <= _modifiers(doc, w.token)
    ]
    if cols["lemma"][root] == "be" and not found:
        found = _state_witnesses(doc, root, sentence)
    return tuple(sorted(found))


#: Dependents of the verb that add a detail the negation may take instead of the event (round 107:
#: "did not buy a briefcase to store his papers", "did not find a turtle in her yard", "did not issue
#: a storm warning for this evening"): a place or time phrase, a purpose clause, a time noun.
_ADJUNCT_DEPS = frozenset({"prep", "npadvmod", "advcl"})


def _has_adjunct(doc: Doc, root: int, objects: list[int]) -> bool:
    """The main clause of ``root`` says more than who did what to what: a prepositional phrase
    (other than the one bringing in an object of ``objects``: "went to a store"), a time noun or
    an adverbial clause on the verb, a purpose infinitive ("to store his papers"), or
    a prepositional phrase on an object other than "of" ("a warning for this evening")."""
    strs = token_strings(doc)
    dep, kids, tag = strs["dep"], strs["children"], strs["tag"]
    lower = token_columns(doc)["lower"]
    for k in kids[root]:
        if dep[k] in _ADJUNCT_DEPS or (dep[k] in ("xcomp", "advcl") and tag[k] == "VB" and k > root + 1):
            if dep[k] == "prep" and (lower[k] == "of" or any(c in objects for c in kids[k])):
                continue  # "went to a store": the place is what the event brings in
            return True
    return any(dep[k] == "prep" and lower[k] != "of" for n in objects for k in kids[n]) or any(
        dep[k] in ("relcl", "acl") and tag[k] == "VB" for n in objects for k in kids[n]
    )


def _scalar_modifiers(doc: Doc, n: int) -> frozenset[str] | None:
    """The scalar adjectives of object ``n`` ("a huge collection" -> {"huge"}), or None when a degree
    adverb sits in the phrase ("some pretty emotionally intense scenes"): the negation lands on it."""
    strs, lemma = token_strings(doc), token_columns(doc)["lemma"]
    dep, kids = strs["dep"], strs["children"]
    if any(dep[k] == "advmod" for k in kids[n]):
        return None
    out = set()
    for k in kids[n]:
        if dep[k] != "amod":
            continue
        if any(dep[m] in ("advmod", "npadvmod") for m in kids[k]) or strs["tag"][k] == "JJS":
            return None
        if lemma[k] in _SCALAR or strs["text"][k].lower() in _SCALAR:
            out.add(lemma[k])
    return frozenset(out)


def _is_character(doc: Doc, n: int) -> bool:
    """Whether noun ``n`` names a person or an animal (WordNet's most frequent sense)."""
    from .._character.animacy import is_character

    return is_character(doc[n])


def object_witnesses(doc: Doc, sentence: int) -> tuple[Witness, ...]:
    """:func:`flip_witnesses` that ``negation_alteration`` can be sure of: a thing the negated verb
    brings in as its object ("did not buy a car ... the car"), not one a preposition brings in ("did
    not make a sale to a young man ... the young man" still met him; "was n't sitting in a room ... the
    room": lying there), and nothing of a posture verb. Nor an object the negation may scope on a
    modifier of ("did not have a huge collection": a modest one; "any pretty intense scenes"), unless
    the later mention restates it ("the huge collection"), nor a person or animal the verb only acts on
    ("does n't grab a passing woman by the arm ... the woman screams": she is there anyway) or a thing it
    only acts on ("did not open a can ... threw the can away")."""
    found = flip_witnesses(doc, sentence)
    if not found:
        return ()
    root, cols, dep = _root(doc, sentence), token_columns(doc), token_strings(doc)["dep"]
    lemma = cols["lemma"]
    if lemma[root] in _POSTURE:
        return ()
    # (scalar objects: declined by flip_witnesses unless restated; a person or thing the verb only
    # acts on: left out by _introduced)
    kids = token_strings(doc)["children"]
    objects = {
        lemma[n]
        for n in _introduced(doc, root)
        if dep[n] in _OBJECT_DEPS
        and not any(dep[k] == "acl" and k == n + 1 for k in kids[n])  # "a storm (acl) warning"
    }
    return tuple(w for w in found if w.kind != "presupposes" or lemma[w.token] in objects)
