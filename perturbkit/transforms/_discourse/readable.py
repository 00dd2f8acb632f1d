"""Pairs of clauses whose causal link still reads as believable when a swap reverses it, so
``causal_swap`` declines them (the strict reading of round 61):

- a feeling or sensation and a liking ("he liked them because they made him feel very warm" ->
  "they made him feel very warm because he liked them": warmth of feeling from liking);
- a look into something and a change in what the senses take in ("the smell grew worse so he
  investigated" -> "he investigated so the smell grew worse": getting closer makes a smell worse);
- a resemblance or seeming ("it looked like a famous comedian"), or a plain quality made the
  cause ("because it was unique"): circular, but readable;
- two acts of one agent on things of one domain ("he left his rifle in the tank, so he drew his
  pistol"): either choice may motivate the other;
- the two sides of one transfer ("he delivered it so it arrived"), a feeling told with "feel"
  ("so i felt bad"), an attitude held now ("I love it because it never judges me"), a skill that
  practice builds ("she was a veteran at cosplays because she helped me");
- an evidential "because" after a comma in present-tense talk ("You got ta move fast to catch
  the adults, because they run fast"), and present-tense generic claims: a backing, not a cause.

Kept apart from :mod:`.plausible` (shared with ``causal_word_flip``), which these must not change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...resources.lexicons import verb_class
from .checks import PERCEPTION, own_words, tense
from .clauses import subject

if TYPE_CHECKING:
    from spacy.tokens import Token

# Verbs of an attitude towards something: liking explains a good feeling and a good feeling a liking
_ATTITUDE = frozenset("like love enjoy adore prefer appreciate admire dislike hate detest".split())
# Sensations and comforts a thing may give: "feel warm", "was cozy", "kept him comfortable"
_SENSATIONS = frozenset(
    """warm cold cool hot cozy comfortable uncomfortable safe good better great bad nice soft relaxed
    refreshed itchy""".split()
)
# Looking into something: nearer the source, the senses take in more, so either order reads as believable
_INVESTIGATING = PERCEPTION | frozenset(
    """investigate check inspect examine explore search look sniff listen approach follow""".split()
)
# What the senses take in: a smell, a noise or a light that grows, fades or changes
_SENSED = frozenset(
    """smell odor odour stench stink scent aroma fragrance noise sound sounds noises light glow voice voices
    music ringing buzzing humming""".split()
)
_SENSING_VERBS = frozenset({"smell", "stink", "reek", "sound", "glow", "echo", "ring", "buzz", "hum"})
# Verbs of resembling or seeming: "it looked like a famous comedian" explains and follows alike
_RESEMBLING = verb_class("seeming") | {"resemble"}
_LOOKING = verb_class("appearance")
# Plain qualities: "because it was unique" is a circular but readable reason for almost anything about it
_QUALITIES = frozenset(
    """unique special different unusual rare perfect beautiful pretty ugly strange weird odd amazing great good
    wonderful awesome cool interesting funny famous popular valuable expensive cheap nice ordinary normal
    important""".split()
)
# Things of one domain: one act with a weapon (tool, garment) motivates another with one of the same
_DOMAINS = (
    frozenset(
        """rifle gun pistol revolver shotgun sword knife blade dagger axe bow arrow spear weapon weapons firearm
        handgun club bat crossbow""".split()
    ),
    frozenset("""hammer wrench screwdriver saw drill shovel ladder tool tools pliers rake spade""".split()),
    frozenset(
        """coat jacket sweater shirt hat cap shoes shoe boots boot gloves glove scarf dress pants jeans skirt
        umbrella uniform suit socks sweatshirt hoodie""".split()
    ),
)
# Subjects of a generic present claim: "you got ta move fast", "they run fast", "people love it"
_GENERIC_SUBJECTS = frozenset({"you", "we", "they", "people", "one", "everyone", "everybody", "anyone", "u"})


def _attitude(head: Token) -> bool:
    """ "he liked them", "she loved the song", "he was fond of it": an attitude to a thing."""
    if head.lemma_.lower() in _ATTITUDE:
        return True
    return head.lemma_ == "be" and any(c.lower_ == "fond" for c in head.children)


def _sensation(head: Token) -> bool:
    """ "they made him feel very warm", "she felt cozy", "it was comfortable": a sensation or comfort."""
    words = own_words(head)
    if any(t.lemma_.lower() == "feel" and t.pos_ in ("VERB", "AUX") for t in words):
        return True
    return any(t.dep_ in ("acomp", "oprd", "xcomp") and t.lower_ in _SENSATIONS for t in words)


def _investigating(head: Token) -> bool:
    return head.lemma_.lower() in _INVESTIGATING


def _sensed_change(head: Token) -> bool:
    """ "the smell grew worse", "the noise got louder", "it smelled awful": what the senses take in."""
    subj = subject(head)
    if subj is not None and subj.lemma_.lower() in _SENSED:
        return True
    return head.lemma_.lower() in _SENSING_VERBS


def resembling(head: Token) -> bool:
    """ "it looked like a famous comedian", "she seemed tired", "he resembled his father"."""
    lemma = head.lemma_.lower()
    if lemma in _RESEMBLING:
        return True
    return lemma in _LOOKING and any(
        (c.dep_ == "prep" and c.lower_ in ("like", "as")) or c.dep_ in ("acomp", "oprd") for c in head.children
    )


def quality(head: Token) -> bool:
    """ "the chip was unique", "it was special": a thing's plain quality."""
    if head.lemma_ != "be":
        return False
    return any(c.dep_ in ("acomp", "attr") and c.lower_ in _QUALITIES for c in head.children)


def _domain_nouns(head: Token) -> list[int]:
    """Indexes (into :data:`_DOMAINS`) of the domains of the things the clause acts on."""
    nouns = {t.lower_ for t in own_words(head) if t.dep_ in ("dobj", "pobj", "nsubjpass")}
    return [k for k, words in enumerate(_DOMAINS) if nouns & words]


def same_domain_acts(a: Token, b: Token) -> bool:
    """Two acts of one agent on things of one domain ("he left his rifle in the tank" / "he drew
    his pistol"): either choice may motivate the other."""
    sa, sb = subject(a), subject(b)
    if sa is None or sb is None or sa.lower_ != sb.lower_:
        return False
    return bool(set(_domain_nouns(a)) & set(_domain_nouns(b)))


def generic_present(head: Token) -> bool:
    """ "they run fast", "you got ta move fast": a present-tense claim about anyone, not a narrated event
    (not progressive: "they are running" narrates)."""
    if tense(head) != "present" or any(c.dep_ == "aux" and c.lemma_ == "be" for c in head.children):
        return False
    subj = subject(head)
    if subj is None:
        return False
    return subj.lower_ in _GENERIC_SUBJECTS or (subj.tag_ == "NNS" and not any(c.dep_ == "det" for c in subj.children))


def evidential_because(conn: Token, main: Token, sub: Token) -> bool:
    """ "You got ta move fast to catch the adults, because they run fast": a comma-"because" in
    present-tense talk backs a claim up; reversed, the backing still reads as one."""
    if conn.lower_ != "because" or conn.i == 0 or conn.doc[conn.i - 1].text != ",":
        return False
    if "present" in (tense(main), tense(sub)):
        return True
    return any(subject(h) is not None and subject(h).lower_ in ("you", "i", "we") for h in (main, sub))


# Two sides of one transfer: "he delivered it to his mom so it arrived" is as believable as the
# original, and "it arrived because he delivered it" as "so" (causal_swap and causal_word_flip)
_ARRIVING = frozenset({"arrive", "come", "reach"})
_SENDING = frozenset({"deliver", "bring", "send", "ship", "mail", "give", "hand", "drop"})


def transfer(a: Token, b: Token) -> bool:
    """ "it arrived" / "he delivered it": the two sides of one transfer."""
    lemmas = {a.lemma_.lower(), b.lemma_.lower()}
    return bool(lemmas & _ARRIVING) and bool(lemmas & _SENDING)


def felt(head: Token) -> bool:
    """ "i felt bad about keeping the cash", "she felt rage": a feeling told with "feel", whatever its word."""
    return head.lemma_.lower() == "feel" and any(c.dep_ in ("acomp", "dobj", "oprd") for c in head.children)


def present_attitude(head: Token) -> bool:
    """ "I love it", "I love Superman": an attitude held now, which backs up a claim rather than
    tells an event, so its reason reads as a backing either way round."""
    return tense(head) == "present" and _attitude(head)


# Skills and standing built by doing: "she was a veteran at cosplays because she helped me with the
# makeup" reads as practice making an expert (round 721)
_SKILLED = frozenset("veteran expert pro professional master natural champion skilled experienced talented".split())


def skill(head: Token) -> bool:
    """ "she was a veteran at cosplays", "he was skilled", "she was good at it": a skill or standing."""
    if head.lemma_ != "be":
        return False
    for c in head.children:
        if c.dep_ in ("attr", "acomp") and c.lower_ in _SKILLED:
            return True
        if c.dep_ == "acomp" and c.lower_ in ("good", "great", "bad") and any(d.lower_ == "at" for d in c.children):
            return True
    return False


def negated_reason(cause: Token, effect: Token) -> bool:
    """An old cause that is negated ("we just did n't talk about it", "they never stopped breeding"):
    made the effect, a thing not done follows from almost any reason; an old effect told with
    "never" ("I never got to meet him") made the cause reads as evidence ("So I left before he was
    born"); and forgetting explains and follows from almost anything (round 722)."""
    if any(c.dep_ == "neg" or c.lower_ == "never" for c in cause.children):
        return True
    if any(c.lower_ == "never" for c in effect.children):
        return True
    return "forget" in (cause.lemma_.lower(), effect.lemma_.lower())


# Likeness between people: "we were similar on some level because we ended up together" reads as
# a couple growing alike (round 723)
_LIKENESS = frozenset({"similar", "alike", "compatible", "inseparable"})


def likeness(head: Token) -> bool:
    """ "we were similar on some level", "they were alike": a likeness, which explains and follows alike."""
    return head.lemma_ == "be" and any(c.dep_ == "acomp" and c.lower_ in _LIKENESS for c in head.children)


def verdict(head: Token) -> bool:
    """ "It was bad timing", "it was a mistake": a verdict on what happened, which explains it and
    follows from it alike (round 725; not the weather, "it was cold", told with an adjective)."""
    subj = subject(head)
    if head.lemma_ != "be" or subj is None or subj.lower_ not in ("it", "that", "this"):
        return False
    return any(c.dep_ == "attr" and c.pos_ == "NOUN" for c in head.children)


def readable_reversal(cause: Token, effect: Token) -> bool:
    """Whether the causal link between the clauses headed by ``cause`` and ``effect``, reversed by a
    swap, still reads as believable (see the module's docstring)."""
    if (_attitude(cause) and _sensation(effect)) or (_attitude(effect) and _sensation(cause)):
        return True
    if (_investigating(cause) and _sensed_change(effect)) or (_investigating(effect) and _sensed_change(cause)):
        return True
    if resembling(cause) or resembling(effect) or quality(effect):
        return True  # (the old effect, the quality, becomes the cause)
    if same_domain_acts(cause, effect) or transfer(cause, effect):
        return True
    if felt(cause) or felt(effect) or present_attitude(cause) or present_attitude(effect):
        return True
    if skill(cause) or skill(effect) or negated_reason(cause, effect) or likeness(cause) or likeness(effect):
        return True
    if verdict(cause) or verdict(effect):
        return True
    return generic_present(cause) or generic_present(effect)
