"""Causal word flips: a causal word replaced by its opposite, restructured where a plain swap
would be ungrammatical ("because" -> ", so"; "So, Y." -> "This is because Y."; "the cause of" ->
"the result of"; "led to" -> "resulted from")."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from ...annotation import doc_text, linked_sentences
from ...resources.inflect import all_lemmas, first_form, forms
from ...transform import Change
from ...transform.flip import Scored, opposites
from ...transform.words import is_tokenised, match_case
from . import clauses as C
from .checks import (
    REACTIONS,
    any_in,
    causal_ok,
    habitual,
    has_npi,
    is_event,
    opens_with,
    result_opener_ok,
    reversible,
    span_chars,
    tense,
    usable_sentences,
)
from .clauses import final_punct, lemma_lowers, word_lowers
from .flip_doubts import (
    aside,
    desire,
    doubtful_flip,
    eager,
    helpless,
    mutual_pursuits,
    report,
    seeming,
    subjectless,
    vague_state,
)
from .plausible import FINDING, cause_may_follow, incomplete, inferable_state, progressive
from .readable import same_domain_acts
from .remedy import remedy, spoiled_remedy
from .sites import MedialSite, medial_sites, opened_clause, opener_length
from .targets import contradicts, links

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from .clauses import Clause


def _present_form(verb: Token) -> bool:
    """Whether the word is a present form of its lemma by lemminflect ("sings", not "swam")."""
    lemmas = all_lemmas(verb.lower_, "VERB").get("VERB", ())
    return not lemmas or any(verb.lower_ in forms(lem, verb.tag_) for lem in lemmas)


def _tense_be(head: Token) -> str | None:
    tags = {head.tag_} | {c.tag_ for c in head.children if c.dep_ in ("aux", "auxpass")}
    if "MD" in tags:
        return None
    if "VBD" in tags:
        return "was"
    if head.tag_ in ("VBP", "VBZ") and head.pos_ == "VERB" and not _present_form(head):
        return None  # "so she swam" tagged present: a past form the tagger missed, the tense is unknown
    if tags & {"VBZ", "VBP"}:
        return "is"
    return None


def causal_flips(doc: Doc, *, opens_story: bool = False, context: str = "") -> list[Scored]:
    """Every causal-word flip this doc allows, one Change each, scored by the other sentences
    that name the events it joins. ``opens_story``: the text continues a context, so a "So ..."
    opening its first sentence flips too (the context told the cause), unless the ``context``
    tells a wish, a feeling or money (:data:`_CONTEXT_STATE`)."""
    opens_story = opens_story and not _CONTEXT_STATE.search(context.lower())
    return _clause_flips(doc) + _opener_flips(doc, opens_story) + _word_flips(doc)


# A context that tells a wish, a feeling or money ("sarah wanted a new piercing"): any event may
# bring it about, so "This was because <the story's first event>" is no clear wrong cause (round 56)
_CONTEXT_STATE = re.compile(
    r"\b(?:wants?|wanted|wish\w*|hop(?:e|es|ed)|needs?|needed|decid\w+|lov\w+|lik(?:e|es|ed)|hat(?:e|es|ed)"
    r"|enjoy\w*|felt|feel\w*|eager|sad|obsess\w*|" + "|".join(sorted(REACTIONS)) + r"|sav(?:e|ed|es|ing)|spen[dt]\w*"
    r"|money|dream\w*|plan\w*|curious|decided|tried|try)\b"
)  # (the feelings: checks.REACTIONS, one list)
# Words that add a clause of their own to the sentence after "So": behind "This was because" it
# ends in a fragment ("This was because I 'd missed my destiny , which should have set me up ...,
# but silly old me had a nugget of optimism left", round 56)
_SECOND_CLAUSE = frozenset({"but", "yet", "which", "although", "though", "while", "whereas"})


def _past_perfect(head: Token) -> bool:
    """ "I 'd walked", "she had left": the past perfect, which reads as an explanation behind "because"."""
    return head.tag_ == "VBN" and any(c.dep_ == "aux" and c.lemma_ == "have" and c.tag_ == "VBD" for c in head.children)


def _told_by_be(head: Token) -> bool:
    """ "his was old", "his old one was messed up": a state told by "be" (r672, r713)."""
    return head.lemma_ == "be" or any(c.dep_ == "auxpass" and c.lemma_ == "be" for c in head.children)


def _negative_purpose(head: Token) -> bool:
    """ "so I do n't destroy their roads", "so he was n't tempted to relapse": a negated clause after
    "so", mostly the purpose "so" (that) without a modal."""
    return any(c.dep_ == "neg" for c in head.children)


def _full_clause(head: Token) -> bool:
    """A sentence root that is a verb with a subject (not "Oh well ." nor "Bastard .")."""
    return head.pos_ in ("VERB", "AUX") and any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in head.children)


def _clause_flips(doc: Doc) -> list[Scored]:
    """ "X because Y" -> "X, so Y"; "X, so Y" -> "X because Y"."""
    out: list[Scored] = []
    clause_map = opposites("causal", "clause")
    words = frozenset(clause_map)
    lowers = word_lowers(doc)
    for s_start, s_end in usable_sentences(doc):
        if not any_in(lowers, s_start + 1, s_end, words):
            continue  # (medial_sites would find nothing)
        for site in medial_sites(doc, doc[s_start:s_end], words):
            c = site.conn
            if not causal_ok(c, site.left.head, site.right.head) or has_npi(doc, site.left, site.right):
                continue
            cause, effect = (site.left, site.right) if c.lower_ == "so" else (site.right, site.left)
            if not (c.lower_ == "so" and remedy(site.left.head, site.right.head)) and _doubted(c, site, cause, effect):
                continue  # (a need and its remedy, "she was cold, so she put on her coat", is never in doubt)
            if c.lower_ == "so" and any(k.dep_ == "ccomp" for k in site.left.head.children):
                continue  # "I read that I was an alcoholic because I ...": "because" may join the reported clause (r711)
            if c.lower_ != "so" and any(k.tag_ == "MD" for k in [site.right.head, *site.right.head.children]):
                continue  # "men we killed , so we could": a purpose "so (that)" (round 711)
            if c.lower_ == "so" and aside(site.right.head):
                continue  # "I ain't stupid , so you know": "(just) so you know", no result (round 755)
            if c.lower_ != "so" and subjectless(site.right.head):
                continue  # ", so my life coach said is a good thing": garbled behind "so" (round 73)
            if incomplete(doc, site.left) or incomplete(doc, site.right):
                continue  # "belle was much more because linda comforted her": no complete clause to make a cause
            if not (is_event(site.left.head) or is_event(site.right.head)):
                continue  # two states: "it feels authentic, so it is an older style" reads as an inference
            start = site.left.chars(doc)[1]
            new_word = clause_map[c.lower_]
            if new_word == "so":
                new = " , so" if is_tokenised(doc_text(doc)) else ", so"
            else:
                new = " " + new_word
            found = links(doc, site.left, site.right)
            note = f"{c.text} -> {new_word}" + contradicts(n + 1 for n in found)
            out.append(Scored([Change(start, c.idx + len(c), new, note)], len(found)))
    return out


def _doubted(c: Token, site: MedialSite, cause: Clause, effect: Clause) -> bool:
    """Whether a reader may find the flipped link of a medial site as believable as the original."""
    if spoiled_remedy(cause.head, effect.head):
        return True  # "he was thirsty, so he drank a soda": the soda may as well have made him thirsty
    if reversible(cause.head, effect.head) or eager(cause.head) or helpless(cause.head):
        return True
    if vague_state(cause.head) or vague_state(effect.head):
        return True  # "it was particularly bad today , since I failed to hide my plans" (round 68)
    if cause_may_follow(cause.head, effect.head):
        return True  # both directions plausible: "she did n't feel like cake, so she ordered stew" (round 56)
    if c.lower_ != "so" and inferable_state(cause.head):
        return True  # behind the new "so" a conclusion: "they 're spoiled , so their dad never said no" (r670)
    if c.lower_ == "so" and (_negative_purpose(site.right.head) or inferable_state(site.left.head)):
        return True  # "so I do n't destroy their roads": a purpose; "tom was smart because he used his wit": evidence (r670-671)
    if doubtful_flip(effect.head, cause.head) or same_domain_acts(cause.head, effect.head):
        return True  # "the doctor did a great job because donna looked very beautiful" (round 672)
    if progressive(cause.head) or progressive(effect.head):
        return True  # an ongoing state either side: "detention was going so slow, so he kept looking at the clock"
    return False


def _opener_flips(doc: Doc, opens_story: bool) -> list[Scored]:
    """ "X. So Y." -> "X. This was because Y." (the tense of "is" follows Y's verb)."""
    out: list[Scored] = []
    openers = causal_openers()
    bounds = C.sentence_quotes(doc)
    for k, (s_start, s_end, quote_free) in enumerate(bounds):
        if not quote_free or (k == 0 and not opens_story) or not opens_with(doc, s_start, openers):
            continue
        if k > 0 and doc[s_start - 1].text[-1:] != ".":
            # "she wanted to see them so she tried": a run-on the parser split at "so"; after "!" or
            # "?" ("I have a perfect story to tell! So I was out surfing") a narrative "So" that
            # follows no cause (round 41)
            continue
        s2 = doc[s_start:s_end]
        n = opener_length(doc, s_start, openers)
        second = opened_clause(doc, s2, n, prefix=False)
        if second is None or not result_opener_ok(doc[s_start], second.head) or final_punct(s2) not in (".", "!"):
            continue
        be = _tense_be(second.head)
        before = doc[s_start - 1].sent.root if k > 0 else None
        # (the sentence before, unless it tells a need the second remedies: "Amy was cold. So she put on a coat.")
        doubt = before if before is not None and not remedy(before, second.head) else None
        if be is None or habitual(second.head) or (doubt is not None and reversible(doubt, second.head)):
            continue  # (the sentence before, now the effect, may as well follow from this one)
        if before is not None and any(c.tag_ == "MD" for c in before.children):
            continue  # "Surely the change would occur soon . This was because she waited": an expectation (r756)
        if before is not None and (eager(before) or vague_state(before) or not _full_clause(before)):
            continue  # "she was eager to try it. This was because ...": any event may make one eager
        if doubt is not None and (cause_may_follow(doubt, second.head) or spoiled_remedy(doubt, second.head)):
            continue  # "he ended up saving lots of money . This was because he ate less" (round 56)
        if doubt is not None and (
            doubtful_flip(second.head, doubt, opener=True) or (_told_by_be(doubt) and inferable_state(doubt))
        ):
            continue  # "This was because I wanted it ...", "his was old . This was because joe looked online" (r672)
        if before is None and (desire(second.head) or seeming(second.head) or tense(second.head) == "present"):
            continue  # (a wish, an impression or a present inference as the new cause of the context, r710)
        if before is None and (second.head.lemma_.lower() in FINDING or progressive(second.head)):
            continue  # (the context, now the effect, may follow from a finding or a state)
        if any(t.lower_ in _SECOND_CLAUSE for t in doc[second.start : s_end]):
            continue  # the because-clause would run on into a clause of its own
        if before is not None and (habitual(before) or any(t.lower_ in _SECOND_CLAUSE for t in before.sent)):
            continue  # "my gut always said ...", "..., but my brother 's hand was always there": what is explained is unclear
        if _past_perfect(second.head):
            continue  # "This was because I 'd walked into the woods": a natural explanation, whatever came before (r670)
        if any(c.dep_ == "neg" or c.lower_ == "never" for c in second.head.children):
            continue  # "I left before he was born . This was because I never got to meet him": evidence (r755)
        opener = doc[s_start : s_start + n]
        a, _ = span_chars(doc, s_start, s_start + n)
        b = doc[second.start].idx
        found = links(doc, second)
        cause = [k] if k > 0 else []  # the sentence before, which this one now explains
        note = f"{opener.text.lower()} -> this {be} because" + contradicts([m for m in cause] + [m + 1 for m in found])
        out.append(Scored([Change(a, b, match_case(opener[0].text, f"this {be} because") + " ", note)], len(found)))
    return out


def _word_flips(doc: Doc) -> list[Scored]:
    """ "the cause of" <-> "the result of"; "led to" -> "resulted from"; "caused" -> "resulted from"."""
    out: list[Scored] = []
    lemmas = lemma_lowers(doc)
    keys = _causal_lemmas()
    allowed = {i for a, b in usable_sentences(doc) for i in range(a, b)}
    for i in [i for i in range(len(lemmas) - 1) if lemmas[i] in keys and i in allowed]:  # (no other word can flip)
        t, nxt = doc[i], doc[i + 1]
        change = _noun_flip(doc, t, nxt) or _verb_flip(t, nxt)
        if change is not None:
            found = linked_sentences(doc, [c.i for c in t.head.subtree])
            out.append(Scored([change._replace(note=change.note + contradicts(n + 1 for n in found))], len(found)))
    return out


def _noun_flip(doc: Doc, t: Token, nxt: Token) -> Change | None:
    """ "X was the cause of Y" -> "X was the result of Y": the causal noun states the relation
    (subject or complement of "be"), not a topic ("they talked about the reason for the holiday")."""
    prev = doc[t.i - 1] if t.i > 0 else None
    if t.pos_ != "NOUN" or prev is None or prev.lower_ != "the" or nxt.head.i != t.i or t.dep_ not in ("nsubj", "attr"):
        return None
    lemma = t.lemma_.lower()
    objs = [c for c in nxt.children if c.dep_ == "pobj"]
    if objs and objs[0].lemma_.lower() in _CONCERNS:
        return None  # "isolationism was the cause of great concern" -> "the result of": as plausible (round 41)
    if lemma in opposites("causal", "noun_of") and nxt.lower_ == "of":
        new = first_form(opposites("causal", "noun_of")[lemma], t.tag_)
        return Change(t.idx, t.idx + len(t), match_case(t.text, new), f"{t.lemma_} -> {new}") if new else None
    if lemma in opposites("causal", "noun_for") and nxt.lower_ == "for":
        new = first_form(opposites("causal", "noun_for")[lemma], t.tag_)
        if new:
            return Change(t.idx, nxt.idx + len(nxt), match_case(t.text, new) + " of", f"{t.lemma_} for -> result of")
    return None


# Feelings and debates: a thing may as well come of them as cause them ("the cause of great concern")
_CONCERNS = frozenset(
    """concern worry fear anxiety stress alarm panic anger outrage frustration confusion debate controversy
    excitement joy pride shame embarrassment tension distress unrest""".split()
)

_PERSONS = frozenset({"i", "you", "he", "she", "we", "they"})
# Ailments that shape what they come of: "his posture was causing his back pain" -> "resulting from
# his back pain" is as plausible (round 711)
_AILMENTS = frozenset("pain ache soreness stiffness injury illness disease sickness fatigue".split())


def _verb_flip(t: Token, nxt: Token) -> Change | None:
    """ "resulted in Z" <-> "resulted from Z", "led to Z" -> "resulted from Z", "X caused Z" ->
    "X resulted from Z" (active, with a subject of its own and one plain object)."""
    if t.pos_ != "VERB" or any(c.dep_ == "auxpass" for c in t.children) or C.subject(t) is None:
        return None
    if t.dep_ == "ccomp" and report(t.head):
        return None  # "he believed her death had caused these delusions": an opinion, either way plausible (r756)
    if C.subject(t).lower_ in ("that", "which", "who"):
        return None  # "the path that leads to you": a relative clause, not a stated cause
    if C.subject(t).lower_ in _PERSONS or any(c.lower_ == "another" for c in t.subtree):
        return (
            None  # "you resulted from ... damage": a person is no result; "one thing led to another": an idiom (r714)
        )
    if t.tag_ == "VB" and any(c.dep_ == "aux" and c.lemma_ == "have" for c in t.children):
        return None  # "it had cause quite a ruckus": a misspelt participle, "had result from" stays garbled (r712)
    if any(c.tag_ == "MD" or c.dep_ == "neg" for c in t.children):
        return None  # "a gun would lead to dinner ...", "they never caused syncope": no link stated (r710-711)
    lemma = t.lemma_.lower()
    verb_prep = opposites("causal", "verb_prep")
    key = f"{lemma} {nxt.lower_}"
    if key in verb_prep:
        if (
            nxt.dep_ != "prep"
            or nxt.head.i != t.i
            or nxt.tag_ != "IN"
            or not any(c.dep_ == "pobj" and c.i > nxt.i for c in nxt.children)
            or (lemma == "lead" and _leads_somewhere(t, nxt))
            or any(mutual_pursuits(C.subject(t), c, t) for c in nxt.children if c.dep_ == "pobj")
        ):
            return None
        new_lemma, new_prep = verb_prep[key].split()
        new_verb = first_form(new_lemma, t.tag_)
        note = f"{key} -> {verb_prep[key]}"
        return (
            Change(t.idx, nxt.idx + len(nxt), match_case(t.text, new_verb) + " " + new_prep, note) if new_verb else None
        )
    if lemma not in opposites("causal", "verb_obj"):
        return None
    # "X caused a flood" -> "X resulted from a flood": one plain object right after the verb, not
    # "caused him to cry" (xcomp), "caused her pain" or "caused us harm" (two objects)
    kids = [c for c in t.children if c.i > t.i]
    objs = [c for c in kids if c.dep_ == "dobj"]
    nominal = [c for c in kids if c.dep_ in ("dobj", "dative", "npadvmod", "attr", "oprd", "iobj")]
    if len(objs) != 1 or len(nominal) != 1 or objs[0].left_edge.i != t.i + 1 or objs[0].pos_ == "PRON":
        return None
    if objs[0].lemma_.lower() in _CONCERNS or objs[0].lemma_.lower() in _AILMENTS:
        return None  # "it was only causing more stress" -> "resulting from more stress": as plausible (r670)
    if {c.dep_ for c in t.children} & {"xcomp", "ccomp", "prt"} or mutual_pursuits(C.subject(t), objs[0], t):
        return None
    new_lemma, new_prep = opposites("causal", "verb_obj")[lemma].split()
    new_verb = first_form(new_lemma, t.tag_)
    note = f"{lemma} -> {new_lemma} {new_prep}"
    return Change(t.idx, t.idx + len(t), match_case(t.text, new_verb) + " " + new_prep, note) if new_verb else None


# Ways and places: "the trail led to the lake", "follow it toward whatever end it led to" tell
# where something goes, and "resulted from" on them is garbled wording, not a reversed cause
_WAYS = frozenset(
    """path road trail street way door doorway hallway corridor stairs staircase tunnel bridge track sign
    footprints steps passage route lane river puzzle clue map arrow""".split()
)
_PLACES = frozenset(
    """house home room door kitchen street city town building store park lake river forest woods cave exit
    entrance basement attic garden yard field beach shore village castle hall bedroom office end top bottom""".split()
)


def _leads_somewhere(verb: Token, prep: Token) -> bool:
    """ "led to" of direction, not of cause: in a relative or wh- frame ("whatever end it led to"),
    with a way for subject ("the path led to ...") or a place for object ("led to the basement")."""
    if verb.dep_ in ("relcl", "pcomp", "acl") or any(c.tag_ in ("WDT", "WP") for c in verb.subtree):
        return True
    subj = C.subject(verb)
    if subj is not None and (subj.lemma_.lower() in _WAYS or (subj.lower_ == "it" and verb.dep_ != "ROOT")):
        return True
    objs = [c for c in prep.children if c.dep_ == "pobj"]
    return bool(objs) and objs[0].lemma_.lower() in _PLACES


@functools.cache
def causal_openers() -> tuple[tuple[str, ...], ...]:
    """The sentence-opening causal phrases that flip to "this is because", as token tuples."""
    return tuple(C.tokens_of(p) for p in opposites("causal", "sentence"))


@functools.cache
def _causal_lemmas() -> frozenset[str]:
    """Lemmas of the causal nouns and verbs (``noun_*``, ``verb_*`` rules) that can be flipped."""
    rules = ("noun_of", "noun_for", "verb_prep", "verb_obj")
    return frozenset(w.split()[0] for r in rules for w in opposites("causal", r))


@functools.cache
def causal_flip_words() -> frozenset[str]:
    """Words (or lemmas) one of which a story needs for a causal word flip."""
    return frozenset(
        {w.split()[0] for w in opposites("causal", "clause")}
        | {"therefore", "thus", "consequently", "as", "cause", "result", "effect", "consequence", "reason", "lead"}
    )
