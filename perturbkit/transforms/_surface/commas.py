"""``delete_punctuation``'s parts: the commas a sentence can lose without a change of meaning or
a garden path (after an introductory phrase, before "and"/"but"/"or" + a clause, the serial
comma)."""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from ...annotation import sentences, token_columns
from .._quotes import Quotes

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token


_QUOTES = set('"\u201c\u201d')
#: "so" is not among them: without its comma, result "so" reads as purpose "so that" ("joined her
#: on the way so I could n't get close") or as the pro-verb "do so" ("they really do so he let
#: them in"; round 101).
_CLAUSE_CC = {"and", "but", "or"}
_NOMINATIVE = {"i", "he", "she", "we", "they"}
_TIME_WORDS = {
    "day",
    "night",
    "morning",
    "evening",
    "afternoon",
    "week",
    "weekend",
    "month",
    "year",
    "time",
    "moment",
    "summer",
    "winter",
    "spring",
    "fall",
    "autumn",
    "hour",
    "minute",
}
_NOT_INTRO = {"however", "yes", "no", "well", "oh", "please", "thus", "too", "also"}
#: Interjection-like openers: without the comma "Here you can pet me" reads as a place, "Now you
#: ..." as a time (round 101: "Here , you can pet me").
_NOT_INTRO |= {"here", "look", "listen", "now", "see", "say", "hey", "okay", "ok", "right", "anyway"}
#: Fillers a comma sets off: "Far worse than before , you know , daily" without the first comma
#: reads as the clause "before you know" (round 101).
_FILLERS = {("you", "know"), ("i", "mean"), ("i", "guess"), ("you", "see"), ("i", "suppose"), ("mind", "you")}
#: ... and tags and afterthoughts: "until today , that is , and I 'm supposed" without its closing
#: comma runs the tag into the next clause (round 103); "After all the fuss" reads as one phrase.
_FILLERS |= {("that", "is"), ("of", "course"), ("after", "all"), ("in", "fact"), ("for", "example")}
_FILLERS |= {("for", "instance"), ("i", "think"), ("i", "believe"), ("i", "hope"), ("i", "swear")}
#: Tags of words that can take the noun phrase after a deleted comma as object or complement: a
#: wh-word ("No matter what , my gut always said" reads "what my gut always said"; round 103), a
#: preposition or subordinator, a particle, "to".
_TAKES_OBJECT = {"WP", "WDT", "WRB", "WP$", "IN", "RP", "TO"}
#: Words that, right after a deleted comma, read as a relative pronoun taking the clause: "For
#: our own development that could not be allowed" leaves no main clause (round 101).
_RELATIVE = {"that", "which", "who", "whom", "whose"}
_FINITE = {"VBD", "VBZ", "VBP", "MD"}
_INTRO_DEPS = {"advmod", "prep", "advcl", "npadvmod"}
#: Adverbs that end a clause and need the comma after them ("All legends must end though, and ...").
_CLAUSE_FINAL_ADVERBS = {"though", "however", "anyway", "too", "either", "instead", "then", "also"}
#: One-word openers that are also prepositions: without the comma the subject reads as their
#: object ("Besides this resort is 30 miles away").
_PREPOSITIONAL = {"besides", "before", "after", "since", "inside", "outside", "below", "above", "around", "behind"}
_PREPOSITIONAL |= {"underneath", "beyond", "along", "across", "over", "past", "through", "throughout", "within"}
#: One-word openers that are also subordinators: without the comma the clause reads as theirs,
#: a fragment ("Once he shoved Markus on the ground and made him cry").
_SUBORDINATORS = {"once", "since", "before", "after", "until", "till", "while", "as", "though", "because", "unless"}
#: Openers that compare or exemplify: a fragment, not a phrase of the clause ("Like this pocket
#: watch for example it only says").
_FRAGMENT_OPENERS = {"like", "unlike", "example", "instance"}
#: Adverbs and particles that are also prepositions or take an object ("pulled back the sheet"):
#: ending the opening phrase, they read as taking the noun phrase after a deleted comma ("As she
#: pulled back Ted looked" reads "pulled back Ted"; "a pillar outside Geralt strode"; round 113).
#: Those that are also prepositions take it after any verb ("As he walked outside the crowd").
_PREPOSITIONAL_ADVERBS = {"out", "up", "down", "in", "on", "off", "over", "around", "round", "about", "along"}
_PREPOSITIONAL_ADVERBS |= {"through", "by", "behind", "inside", "outside", "across", "past", "above", "below"}
_PREPOSITIONAL_ADVERBS |= {"beneath", "underneath", "beyond", "within", "near", "opposite", "throughout"}
#: The others only after a verb that takes an object ("pulled back Ted"; not "came back his sandwich").
_PARTICLES = {"back", "away", "aside", "apart", "together", "forth"}
#: Verbs that take no object after such a particle ("When he came back all he found was crumbs").
_INTRANSITIVE = {"come", "go", "step", "walk", "run", "sit", "stand", "lie", "fall", "lean", "look", "glance"}
_INTRANSITIVE |= {"stare", "hurry", "rush", "head", "travel", "fly", "float", "drift", "wander", "stay", "be"}
_INTRANSITIVE |= {"jump", "hop", "settle", "swim", "race", "sprint", "return", "arrive", "die", "fade", "pass"}
_INTRANSITIVE |= {"back", "crawl", "creep", "limp", "stumble", "ride", "sail", "sleep", "smile", "nod"}
#: Verbs that take a second object or an object complement after a pronoun object: "trying to find
#: him something in me flared up" reads "find him something" (round 113).
_DOUBLE_OBJECT = {"find", "give", "get", "buy", "bring", "make", "send", "show", "tell", "teach", "offer"}
_DOUBLE_OBJECT |= {"hand", "pass", "leave", "cook", "build", "save", "throw", "ask", "pay", "owe", "promise"}
_DOUBLE_OBJECT |= {"sell", "write", "read", "sing", "call", "name", "consider", "keep", "lend", "deny", "cost"}
_DOUBLE_OBJECT |= {"fetch", "grab", "pour", "fix", "win", "earn", "allow", "wish", "bake", "order", "feed"}
_DOUBLE_OBJECT |= {"serve", "hold", "set", "label", "elect", "appoint", "spare", "assign", "award"}
_OBJECT_PRONOUNS = {"me", "you", "him", "her", "it", "us", "them"}
#: Pronouns that take "but" as "except" ("said nothing but she looked").
_EXCEPTIVE = {"nothing", "anything", "everything", "all", "none", "nobody", "anyone", "everyone", "everybody", "one"}
#: Verbs of saying and thinking: "he said but we could" reads as what was said.
_REPORTING = {"say", "ask", "tell", "think", "know", "mean", "reply", "answer", "wonder", "guess", "admit", "add"}


def _subject(verb: Token) -> Token | None:
    """The verb's own subject, if it has one."""
    return next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass", "expl")), None)


def _starts_clause(tok: Token) -> bool:
    """``tok`` begins a subject that cannot be read as continuing a preceding noun phrase."""
    return tok.pos_ in ("PRON", "DET", "PROPN") or tok.text == "["  # "[MALE]": a masked name


def _subject_starts_at(subj: Token | None, tok: Token) -> bool:
    """The subject ``subj`` begins at ``tok`` (a masked name's "[" counts as its start)."""
    return subj is not None and (subj.left_edge.i == tok.i or (tok.text == "[" and subj.i == tok.i + 1))


def _subordinated(verb: Token) -> bool:
    """The clause of ``verb`` opens with a subordinator ("when", "after", "because", "if")."""
    return any(c.dep_ == "mark" or (c.tag_ in ("WRB", "WDT", "WP") and c.i < verb.i) for c in verb.children)


def _own_clause(intro: Span) -> bool:
    """The words before the comma hold a clause that could stand alone: a finite verb with no
    subordinator ("when", "because", a relative pronoun, a preposition's clause) over it inside
    them ("But there is foreboding in her ageless eyes , she knows the truth": a comma splice the
    parser took for an introductory clause; round 101)."""
    for t in intro:
        if t.tag_ not in _FINITE:
            continue
        v = t.head if t.dep_ in ("aux", "auxpass") else t
        while not (_subordinated(v) or v.dep_ in ("relcl", "acl", "pcomp")):
            if v.head.i == v.i or not intro.start <= v.head.i < intro.end:
                return True
            v = v.head
    return False


def _phrase_head(head: Token) -> bool:
    """A verb heading the introductory words is a subordinate clause ("When I got home"), a
    participle ("Walking home", "Tired of waiting") or an infinitive ("To win"), not an imperative
    ("Come here , I have something": two clauses; round 101)."""
    if head.pos_ not in ("VERB", "AUX"):
        return True
    if _subordinated(head) or head.tag_ in ("VBG", "VBN"):
        return True
    return any(c.dep_ == "aux" and c.lower_ == "to" for c in head.children)


def _introductory(sent: Span, comma: Token) -> bool:
    """ "After dinner, we left" / "Luckily, it stopped" / "When I got home, I slept"."""
    doc = sent.doc
    first = sent.start
    while first < comma.i and doc[first].text in _QUOTES:
        first += 1
    intro = doc[first : comma.i]
    if not 1 <= len(intro) <= 10 or any(t.is_punct and t.text not in "[]" for t in intro):
        return False
    heads = [t for t in intro if t.head.i >= comma.i or t.head == t]
    if len(heads) != 1:
        return False
    head = heads[0]
    if head.dep_ not in _INTRO_DEPS or head.head.i <= comma.i or head.left_edge.i != first:
        return False
    if not _phrase_head(head) or _own_clause(intro):
        return False
    if len(intro) == 1 and (head.lower_ in _NOT_INTRO or head.pos_ != "ADV"):
        return False
    if head.dep_ == "npadvmod" and not any(
        t.ent_type_ in ("DATE", "TIME") or t.lemma_.lower() in _TIME_WORDS for t in intro
    ):
        return False
    if any(t.ent_type_ == "PERSON" for t in intro) and head.dep_ != "advcl":
        return False  # vocative ("Anna, come here") misparsed as a modifier
    ahead = doc[comma.i + 1 : min(comma.i + 5, sent.end)]
    stop = next((k for k, t in enumerate(ahead) if t.text == ","), None)
    if stop is not None and not any(t.pos_ in ("VERB", "AUX") for t in ahead[:stop]):
        return False  # a list or an apposition follows: "The years, our experiences, the joys, ..."
    if any(t.lower_ in _FRAGMENT_OPENERS for t in intro):
        return False  # "Like this pocket watch for example it only says"
    nxt = doc[comma.i + 1]
    if nxt.lower_ in _RELATIVE:
        return False  # "For our own development that could not be allowed"
    if len(intro) == 1 and head.lower_ in _PREPOSITIONAL and nxt.lower_ not in _NOMINATIVE:
        return False  # "Besides this resort is 30 miles away"
    if len(intro) == 1 and head.lower_ in _SUBORDINATORS:
        return False  # "Once he shoved Markus ...": reads as a subordinate clause, a fragment
    last = doc[comma.i - 1]
    if last.pos_ in ("NOUN", "PROPN") and nxt.pos_ == "PROPN":
        return False  # "At the river Glen slipped": the name reads as part of the noun ("the river Glen")
    if last.lower_.endswith("ing") and last.lower_ not in _TIME_WORDS and nxt.lower_ not in _NOMINATIVE:
        return False  # "Over twenty years of thinking nothing seemed to fit": the gerund takes an object
    if last.pos_ in ("VERB", "AUX", "ADP", "PART", "SCONJ") or last.like_num or last.lower_ in ("so", "that"):
        return False  # "When he finished eating the dog barked": a garden path without the comma
    if _takes_next(last, nxt):
        return False  # "As she pulled back Ted looked": the opening phrase's last word takes the noun phrase
    if last.tag_ in _TAKES_OBJECT:
        return False  # "No matter what my gut always said": the wh-word takes the clause
    if last.pos_ == "ADJ" or last.lower_ in _CLAUSE_FINAL_ADVERBS:
        return False  # "Their first day open the boss ...": the adjective reads as taking the subject
    if head.pos_ in ("VERB", "AUX") and _subject(head) is not None and not _subordinated(head):
        return False  # a comma splice ("He was hungry, he ate"): two independent clauses
    main = head.head
    if not _finite_clause(main):
        return False  # "Amongst an ocean of people , the pull of the tide slow and steady I sailed": an absolute, no main clause
    if any(t.text == "," for t in doc[comma.i + 1 : main.i]):
        return False  # the subject has commas of its own: an apposition, "What remains of her , my memory of ... , are"
    return _subject_starts_at(_subject(main), nxt) and _starts_clause(nxt)


def _finite_clause(verb: Token) -> bool:
    """``verb`` heads a tensed clause (a verb that is not an "-ing" form, or a finite auxiliary:
    the tagger often gives a past tense VBN), not a verbless or participial absolute ("the pull of
    the tide slow and steady", "his eyes adjusting") the parser took for the main clause (round 113)."""
    if any(c.dep_ in ("aux", "auxpass", "cop") and c.tag_ in _FINITE for c in verb.children):
        return True
    return verb.pos_ in ("VERB", "AUX") and verb.tag_ != "VBG"


def _starts_noun_phrase(tok: Token) -> bool:
    """``tok`` can begin a noun phrase an object-taking word before it would take (not a
    nominative pronoun: "pulled back he" does not read as one phrase)."""
    if tok.lower_ in _NOMINATIVE:
        return False
    return tok.pos_ in ("DET", "PRON", "PROPN", "NOUN", "ADJ", "NUM") or tok.like_num or tok.text == "["


def _takes_next(last: Token, nxt: Token) -> bool:
    """The opening phrase's last word could take the noun phrase starting at ``nxt`` as its object
    or complement once the comma is gone: a particle or adverb that is also a preposition ("back",
    "outside"), or the pronoun object of a verb that takes a second object ("find him")."""
    if not _starts_noun_phrase(nxt):
        return False
    verb = last.head
    if last.lower_ in _OBJECT_PRONOUNS and last.dep_ in ("dobj", "dative"):
        return verb.pos_ in ("VERB", "AUX") and verb.lemma_.lower() in _DOUBLE_OBJECT
    if last.pos_ not in ("ADV", "ADP", "PART"):
        return False  # a noun ("out of the back", "in the past")
    if last.lower_ in _PREPOSITIONAL_ADVERBS:
        return True
    if last.lower_ in _PARTICLES:
        return verb.pos_ in ("VERB", "AUX") and verb.lemma_.lower() not in _INTRANSITIVE
    return False


def _before_clause(sent: Span, comma: Token) -> bool:
    """ "I ran, and she walked": a comma before a conjunction joining two independent clauses."""
    doc = sent.doc
    if comma.i + 2 >= sent.end:
        return False
    cc = doc[comma.i + 1]
    if cc.lower_ not in _CLAUSE_CC:
        return False
    after = doc[cc.i + 1]
    if cc.dep_ == "cc":
        conj = next((c for c in cc.head.children if c.dep_ == "conj" and c.i > cc.i), None)
        if conj is None or cc.head.pos_ not in ("VERB", "AUX") or len(list(cc.head.conjuncts)) != 1:
            return False
    else:
        return False
    if conj.pos_ not in ("VERB", "AUX"):
        return False
    if not _subject_starts_at(_subject(conj), after):
        return False
    if _subordinated(cc.head):
        return False  # the clause before is a fragment ("Soon after they began dating, and they fell ...")
    prev = doc[comma.i - 1]
    if prev.lower_ in _CLAUSE_FINAL_ADVERBS:
        return False  # "All legends must end though, and this one did"
    if cc.lower_ == "but" and prev.lower_ in _EXCEPTIVE:
        return False  # "The princess said nothing but she looked": "nothing but" reads as "only"
    if prev.pos_ in ("VERB", "AUX") and prev.lemma_.lower() in _REPORTING:
        return False  # "he said but we could pretend": the clause reads as what was said
    if any(t.text == "," for t in doc[max(sent.start, min(comma.i - 4, cc.head.i)) : comma.i]):
        return False  # closes a parenthetical ("correctly, however, and"; "spoken , which was normal ... , and")
    if _closes_subclause(prev, cc.head):
        return False  # "she was fiery when her temper got up , and I could see": the "when" clause would run on
    if prev.pos_ in ("NOUN", "PROPN", "PRON", "NUM") and after.lower_ not in _NOMINATIVE:
        return False  # "He saw Mary and Bob waved": a garden path without the comma
    return True


def _closes_subclause(prev: Token, verb: Token) -> bool:
    """Whether ``prev`` ends a subordinate clause inside the clause of ``verb`` (round 105): without
    the comma after it, the next clause reads as part of that one."""
    tok = prev
    while tok.i != verb.i and tok.head.i != tok.i:
        if tok.dep_ in ("advcl", "relcl", "acl", "ccomp") and tok.right_edge.i == prev.i:
            return True
        tok = tok.head
    return False


def _serial(sent: Span, comma: Token) -> bool:
    """ "apples, pears, and plums": the comma before the last item of a list of three or more."""
    doc = sent.doc
    if comma.i + 2 >= sent.end:
        return False
    cc = doc[comma.i + 1]
    if cc.lower_ not in ("and", "or") or cc.dep_ != "cc":
        return False
    last = next((c for c in cc.head.children if c.dep_ == "conj" and c.i > cc.i), None)
    if last is None:
        return False
    items = sorted({last.i, *(t.i for t in last.conjuncts)})
    if len(items) < 3 or items[-1] != last.i or items[-2] >= comma.i:
        return False
    # every earlier item is followed by a comma: a real comma list, not "A and B, and C"
    for a, b in zip(items[:-2], items[1:-1]):
        between = doc[a:b]
        if not any(t.text == "," for t in between) or any(t.lower_ in ("and", "or") for t in between):
            return False
    return all(doc[i].pos_ not in ("NUM",) for i in items) and not _subject(last)


def _filler_beside(doc: Doc, i: int, sent: Span) -> bool:
    """A filler ("you know", "I mean") just before or just after the comma at ``i``."""
    after = tuple(t.lower_ for t in doc[i + 1 : min(i + 3, sent.end)])
    before = tuple(t.lower_ for t in doc[max(i - 2, sent.start) : i])
    return after in _FILLERS or before in _FILLERS


def _comma_indices(doc: Doc, text: str) -> list[int]:
    """Token indices of the commas (from the per-Doc columns: no spaCy Token objects)."""
    cols = token_columns(doc)
    idx, length = cols["IDX"], cols["LENGTH"]
    return [i for i, (a, n) in enumerate(zip(idx, length)) if n == 1 and text[a] == ","]


def eligible_commas(doc: Doc, text: str) -> list[tuple[Token, str]]:
    """The commas that may go, each with the reason (outside dialogue, not between numbers)."""
    out = []
    commas = _comma_indices(doc, text)
    if not commas:
        return out
    quotes = Quotes(text) if any(q in text for q in _QUOTES) else None  # none: nothing is inside one
    for sent in sentences(doc):
        for i in commas[bisect.bisect_left(commas, sent.start) : bisect.bisect_left(commas, sent.end)]:
            if i == sent.start or i + 1 >= sent.end:
                continue
            tok, prev, nxt = doc[i], doc[i - 1], doc[i + 1]
            if prev.like_num or nxt.like_num:
                continue  # numbers and dates ("5,000", "May 5, 2020")
            if (nxt.is_punct and nxt.text != "[") or (prev.is_punct and prev.text != "]"):
                continue
            if quotes is not None and quotes.inside(tok.idx):
                continue
            if prev.lower_ == nxt.lower_:
                continue  # "When he opened it it made no noise": the same word twice in a row
            if _filler_beside(doc, i, sent):
                continue  # "before , you know ," -> "before you know ,"
            if _introductory(sent, tok):
                out.append((tok, "introductory"))
            elif _before_clause(sent, tok):
                out.append((tok, "before a clause-joining conjunction"))
            elif _serial(sent, tok):
                out.append((tok, "serial comma"))
    return out
