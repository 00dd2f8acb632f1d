"""Register of a voice, read from the string: whether a story's narration or its dialogue
contracts at all, talks colloquially (gonna, ain't, profanity) or formally (whom, shall, thou),
and which quotations are written wording (a sign's text). ``contraction`` contracts and expands
only in keeping with the voice, ``synonym`` and ``paraphrase`` keep formal words out of a
colloquial story (round 103: "You will not pass" -> "You won't pass" in a wizard's words of
power, "I 'm gon na" -> "I am gon na", "drunk" -> "intoxicated" in a profane story)."""

from __future__ import annotations

import functools
import re

from ._quotes import quotation_spans, speech_spans

#: A story of at least this many words that never contracts writes full forms on purpose; a
#: five-sentence story (ROC, about 50 words) is no evidence either way.
MIN_VOICE_WORDS = 100

#: A voice expands only if at least this share of the places where it could contract keeps the
#: full form (round 105: a chatty narrator's or a gang's dialogue that contracts everything read
#: stiff expanded, "they are tickled ? It is different for me", "Do not shoot !").
FULL_SHARE = 0.2
#: ... judged only in a voice with at least this many such places: one "had n't" in a lyrical
#: narration is no habit (round 105 read its expansion as natural).
MIN_PLACES = 2

#: ... and a voice contracts only if at least this share of those places is contracted already
#: (round 106: a lyrical narration that contracts once, a solemn elegy, read out of register
#: contracted: "She ’ d hoped in her own dying days").
SHORT_SHARE = 0.2

#: A voice with at least one colloquial word in this many words talks colloquially.
COLLOQUIAL_WORDS = 150

# the story's own contractions, however typed: "don't", "do n't", "don \u2019 t", "I 'm", "it\u2019s"
_NT = re.compile(r"[a-z] ?n ?['\u2019] ?t(?![\w'\u2019])", re.I)
_CLITIC = re.compile(
    r"\b(?:i|you|we|they|he|she|it|that|there|here|what|who|where|let) ?['\u2019] ?(?:m|re|ve|ll|d|s)(?![\w'\u2019])",
    re.I,
)
#: Words of a colloquial voice: clipped forms (also as WritingPrompts tokenised them: "gon na",
#: "wan na", "got ta", "ai n't"), slang and profanity. Expanded contractions clash with them ("I am
#: gon na be late", "If you cannot tell , the trees have it out for me man", round 103), and a
#: formal synonym does too ("I was intoxicated and horny"). Chat words count too (round 107: a
#: gushing critique with "gosh" and "LOL" read stiff expanded).
_COLLOQUIAL = re.compile(
    r"\b(?:gon ?na|got ?ta|wan ?na|kinda|sorta|ai ?n['\u2019]t|y ?['\u2019] ?all|dunno|lemme|gimme|outta|lotta"
    r"|ya|cuz|nah|yeah|yep|nope|dude|fuck\w*|shit\w*|damn\w*|goddamn\w*|crap\w*|bullshit|ass|asshole\w*"
    r"|bitch\w*|bastard\w*|piss\w*|hell|horny|freakin\w*|frickin\w*"
    r"|lol|lmao|omg|gosh|haha\w*|hehe\w*|yay|btw|tbh|imo|dang|darn|heck)(?![\w'\u2019])",
    re.I,
)
#: Words of a formal, solemn or archaic voice, and "for" as a conjunction after a comma ("Count
#: your hours mortals , for we are coming"): a contraction there is out of register ("whom I 'd
#: sacrifice", round 103).
_FORMAL = re.compile(
    r"\b(?:whom|shall|thou|thee|thy|thine|hath|doth|lest|whilst|amongst|henceforth|hereby|thereof|et al)\b"
    r"|, for (?:i|you|we|they|he|she|it|there|this|that)\b",
    re.I,
)
#: Words before a quotation of written wording: a sign's, a label's or a note's text is quoted as
#: written ("the `` Do not touch '' sign"; round 103's "the do not touch signs").
_WRITTEN_BEFORE = re.compile(
    r"\b(?:signs?|labels?|label(?:l)?ed|reads?|reading|printed|written|marked|placards?|banners?|posters?|plaques?"
    r"|notes?|engraved|inscribed|inscription|stamped)\b\W*$",
    re.I,
)
_WRITTEN_AFTER = re.compile(r"^\W*(?:signs?|labels?|placards?|banners?|posters?)\b", re.I)


def contracts(text: str) -> bool:
    """The text has a contraction of its own ("don't", "do n't", "don \u2019 t", "I 'm")."""
    return _NT.search(text) is not None or _CLITIC.search(text) is not None


def contraction_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every contraction of the text (from the last letter of "n't"'s host, or
    from a clitic's host)."""
    return sorted(m.span() for r in (_NT, _CLITIC) for m in r.finditer(text))


def colloquial(text: str) -> bool:
    """The text has a word of colloquial voice (:data:`_COLLOQUIAL`)."""
    return _COLLOQUIAL.search(text) is not None


def formal(text: str) -> bool:
    """The text has a word of formal, solemn or archaic voice (:data:`_FORMAL`)."""
    return _FORMAL.search(text) is not None


def written_spans(text: str) -> tuple[tuple[int, int], ...]:
    """The quotations that quote written wording: after "sign", "label", "read(s)" ... or before
    "sign" ("a `` Keep out '' sign")."""
    return tuple(
        (a, b)
        for a, b in quotation_spans(text)
        if _WRITTEN_BEFORE.search(text[max(0, a - 40) : a]) or _WRITTEN_AFTER.match(text[b : b + 20])
    )


class Voices:
    """A story's two voices: its dialogue (quotations and ``*...*`` spans together) and its
    narration (the rest), each with its text, to ask about the voice a position is in."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.spans = speech_spans(text)
        speech, narration, last = [], [], 0
        for a, b in self.spans:
            narration.append(text[last:a])
            speech.append(text[a:b])
            last = b
        narration.append(text[last:])
        self._texts = {True: " ".join(speech), False: " ".join(narration)}

    def spoken(self, pos: int) -> bool:
        """Whether ``pos`` is inside the dialogue."""
        return any(a < pos < b for a, b in self.spans)

    def voice(self, pos: int) -> str:
        """The text of the voice ``pos`` is in."""
        return self._texts[self.spoken(pos)]

    def never_contracts(self, pos: int) -> bool:
        """The story is long enough to show its habits and writes no contraction, neither in the
        voice at ``pos`` nor elsewhere: a contraction there breaks its register. (A voice alone
        is not enough: a first-person narrator whose own lines contract may contract in the
        narration too, "how I'd ended up"; round 103.)"""
        return len(self.text.split()) >= MIN_VOICE_WORDS and not contracts(self.text)

    def colloquial(self, pos: int) -> bool:
        """The voice at ``pos`` talks colloquially (a colloquial word in every
        :data:`COLLOQUIAL_WORDS` words of it, or more): full forms clash with it. One "ass" in a
        950-word narration does not make it colloquial (round 103 read its expansions as natural)."""
        voice = self.voice(pos)
        return len(_COLLOQUIAL.findall(voice)) * COLLOQUIAL_WORDS >= len(voice.split()) > 0

    def _places(self, pos: int, full: list[int]) -> tuple[int, int] | None:
        """(full forms, contractions) of the voice at ``pos``, or None when the story is too short
        to show its habits (:data:`MIN_VOICE_WORDS`) or the voice has fewer than
        :data:`MIN_PLACES` places where it could contract."""
        if len(self.text.split()) < MIN_VOICE_WORDS:
            return None
        spoken = self.spoken(pos)
        n_full = sum(self.spoken(p) == spoken for p in full)
        n_short = self._contractions[spoken]
        return None if n_full + n_short < MIN_PLACES else (n_full, n_short)

    @functools.cached_property
    def _contractions(self) -> dict[bool, int]:
        """The story's own contractions per voice (spoken or not), counted once per story."""
        spoken = [self.spoken(a) for a, _ in contraction_spans(self.text)]
        return {True: sum(spoken), False: len(spoken) - sum(spoken)}

    def contracts_enough(self, pos: int, full: list[int]) -> bool:
        """The voice at ``pos`` contracts at least :data:`SHORT_SHARE` of the places where it
        could (or shows no habit, see :meth:`_places`): a voice that writes full forms nearly
        everywhere is formal or solemn on purpose."""
        places = self._places(pos, full)
        return places is None or (places[1] > 0 and places[1] >= SHORT_SHARE * sum(places))

    def formal_voice(self, pos: int) -> bool:
        """The voice at ``pos`` has a word of formal, solemn or archaic voice anywhere (a
        prophecy's "The planets shall align" makes its "he will be" solemn too; round 106)."""
        return formal(self.voice(pos))

    def mixes(self, pos: int, full: list[int]) -> bool:
        """The voice at ``pos`` writes full forms as well as contractions: at least one of the
        full forms at positions ``full`` (where it could have contracted) is in it, and they are
        at least :data:`FULL_SHARE` of its contractable places. A voice that contracts all it can
        is casual: its full forms would read stiff. A story too short to show its habits (a
        five-sentence ROC story) or a voice with fewer than :data:`MIN_PLACES` such places is no
        evidence: it mixes."""
        places = self._places(pos, full)
        return places is None or (places[0] > 0 and places[0] >= FULL_SHARE * sum(places))
