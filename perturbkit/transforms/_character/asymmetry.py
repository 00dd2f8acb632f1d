"""When swapping who did what to whom really breaks a story: the two characters stand in an
unequal relation that the verb needs one way round ("his parents enrolled him in boxing school",
"the officer took her aside", "she fed the cat"), so the swap ("he enrolled his parents", "the cat
fed her") contradicts who they are. Between two equals the swap is usually still a story ("a
travel agent called ken" -> "ken called a travel agent"), and a pronoun elsewhere in the clause
that points at one of them would point at the wrong one ("he asked her to marry him" -> "she
asked him to marry him")."""

from __future__ import annotations

from .._persons import pronoun_case
from .animacy import noun_lexname

#: Characters who care for or have authority over others (parents, bosses, teachers, officers).
CARETAKERS = frozenset(
    """parent mom mother dad father mommy daddy mum grandmother grandma grandfather grandpa grandparent boss
    manager teacher coach officer police policeman cop doctor nurse principal instructor owner guard judge
    landlord babysitter professor supervisor vet dentist tutor trainer sheriff""".split()
)
#: Verbs only a caretaker does to the one in their care ("his coach sent him to the trainer"); not
#: "take", "drive", "pick up", "pay", "treat": "he took his parents to the zoo" is still a story.
CARETAKER_VERBS = frozenset(
    """enroll enrol sign send feed bathe dress adopt raise ground punish scold spank discipline hire fire promote
    arrest examine diagnose teach tutor train babysit tuck handcuff interrogate suspend expel""".split()
)
#: What a person does to an animal or a baby and not the other way round ("chuck walked dogs", "she
#: fed the cat", "she rocked the baby").
ANIMAL_CARE_VERBS = frozenset(
    "feed bathe wash groom brush pet leash walk train adopt vaccinate tame ride rock burp swaddle diaper".split()
)
#: Characters in someone's care whatever the story says: a baby cannot feed its mother.
DEPENDENTS = frozenset("baby infant toddler newborn".split())
#: Parts of an animal that WordNet files as animals ("his claw"): no character.
_BODY_PARTS = frozenset("claw paw tail wing horn hoof beak fur feather shell egg fin scale mane tusk".split())
#: Pronouns that may refer to either noun phrase: after the swap they may point at the wrong one.
_THIRD = frozenset("he him his she her hers they them their theirs own himself herself themselves".split())
#: What an animal does to a person and not the other way round ("the dog bit him").
ANIMAL_VERBS = frozenset("bite sting scratch claw lick peck".split())
#: What one asks a caretaker for ("joe asked his mom for help"), not the other way round.
_ASKED_FOR = frozenset("help advice permission money".split())


def _kind(tok) -> str:
    """ "caretaker", "animal" or "person" for a character's head token."""
    lemma = tok.lemma_.lower()
    if tok.pos_ == "NOUN":
        if lemma in CARETAKERS:
            return "caretaker"
        if lemma in DEPENDENTS:
            return "animal"  # cared for like an animal: fed, bathed, rocked
        if lemma not in _BODY_PARTS and noun_lexname(lemma) == "noun.animal":
            return "animal"
    return "person"


def unequal(s, v, o) -> bool:
    """The clause (subject ``s``, verb ``v``, object ``o``, both characters) needs its roles one way
    round: a caretaker acting on someone in their care, a person caring for an animal, a person asking a caretaker for help, or an animal biting a person."""
    if s.dep_ == "nsubjpass":  # "the girl was bitten by the dogs": the agent is the "by" phrase
        s, o = o, s
    ks, ko, verb = _kind(s), _kind(o), v.lemma_.lower()
    if verb in CARETAKER_VERBS and (ks, ko) in (("caretaker", "person"), ("caretaker", "animal")):
        return True
    if verb in ANIMAL_CARE_VERBS and ko == "animal" and ks != "animal":
        return True
    if verb in ("ask", "beg") and (ks, ko) == ("person", "caretaker"):
        return any(
            c.dep_ == "prep" and c.lower_ == "for" and any(g.lemma_.lower() in _ASKED_FOR for g in c.children)
            for c in v.children
        )
    return verb in ANIMAL_VERBS and (ks, ko) == ("animal", "person")


def binds_elsewhere(s, v, o) -> bool:
    """The verb is not finite ("he had his mother drive him" -/-> "he had he drive"), or a pronoun or
    reflexive in the clause, outside the two noun phrases, may refer to one of them ("he asked her to
    marry him", "she told ethan she was okay", "tom walked his dog in his own neighborhood"): after
    the swap it would point at the wrong one."""
    if v.tag_ in ("VB", "VBG", "VBN") and not any(c.dep_ in ("aux", "auxpass") for c in v.children):
        return True
    inside = {t.i for t in s.subtree} | {t.i for t in o.subtree}
    people = {pc[0] for x in (s, o) if (pc := pronoun_case(x))}
    for t in v.subtree:
        if t.i in inside or t.i == v.i:
            continue
        if t.lower_.endswith(("self", "selves")) or t.lower_ in _THIRD:
            return True
        pc = pronoun_case(t)
        if pc is not None and pc[0] in people:
            return True
    return False
