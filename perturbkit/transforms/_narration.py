"""Which sentence units of a story are plain narration, for ``semantic_repetition``: a copy must
not carry quotation or markdown marks ("**", an unclosed "*"), land inside a quotation or an
italic aside, or land after the story's end (an author's note after a "-----" rule, "Edit:",
"Thanks for reading")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ._paratext import paratext_at
from ._persons import MASKED

# Quotation and markdown marks (name masks like "[MALE]" are removed before the check).
_MARKS = re.compile(r"[*_#~>|\[\]\"\u201c\u201d]|``|''")
# Single quotation marks around dialogue ('Will I survive ? '): an opening "'" before a word that
# is no contraction ("I 'm", "it 's"), a closing "'" standing alone or after end punctuation.
_SINGLE_OPEN = re.compile(r"(?:^|(?<=\s))'(?!(?:s|ll|d|re|ve|m|t|em)\b)(?=[A-Za-z])|\u2018")
_SINGLE_CLOSE = re.compile(r"(?<=\s)'(?=\s|$)|(?<=[.!?,])'")


def is_plain(text: str) -> bool:
    """True when ``text`` holds no quotation or markdown mark."""
    bare = MASKED.sub("", text)
    return not (_MARKS.search(bare) or _SINGLE_OPEN.search(bare) or _SINGLE_CLOSE.search(bare))


def story_end(text: str) -> int:
    """Where the story proper ends: the start of the first separator or author's note (see
    ``_paratext``), else the text's length."""
    at = paratext_at(text)
    return len(text) if at is None else at


def open_marks(text: str, ends: Sequence[int]) -> list[bool]:
    """For each offset in ``ends`` (ascending): whether a quotation or an italic ("*", "_") is
    open there. One pass over the text."""
    out, pos = [], 0
    stars = under = straight = single = 0
    opened = 0  # `` and \u201c minus '' and \u201d
    for e in ends:
        chunk = text[pos:e]
        stars += chunk.count("*")
        under += len(re.findall(r"(?<!\w)_|_(?!\w)", chunk))
        straight += chunk.count('"')
        opened += chunk.count("``") + chunk.count("\u201c") - chunk.count("''") - chunk.count("\u201d")
        single = max(0, single + len(_SINGLE_OPEN.findall(chunk)) - len(_SINGLE_CLOSE.findall(chunk)))
        out.append(bool(stars % 2 or under % 2 or straight % 2 or opened > 0 or single > 0))
        pos = e
    return out


def narration(text: str, sp: Sequence[tuple[int, int, str, bool]]) -> list[bool]:
    """Per unit of ``sp`` (start, end, text, copyable): a copyable unit of plain narration, inside
    the story proper, with no quotation or italic open at its start or end."""
    end = story_end(text)
    return [ok and e <= end and not q for (s, e, t, ok), q in zip(sp, quoted(text, sp))]


def quoted(text: str, sp: Sequence[tuple[int, int, str, bool]]) -> list[bool]:
    """Per unit of ``sp``: it holds a quotation or markdown mark, or a quotation or italic is open
    at its start or end."""
    bounds = open_marks(text, [b for s, e, _, _ in sp for b in (s, e)])
    return [not is_plain(t) or bounds[2 * k] or bounds[2 * k + 1] for k, (s, e, t, ok) in enumerate(sp)]


# Words that tie a sentence to the one before it when they open it (or, for pronouns, come among
# its first words): a copy put before such a sentence changes what they point at ("... a spider
# crawled over . [copy] after it was gone"; "[the cashier finished the payment .] since he was
# disgusted").
_LEANING = {"he", "she", "it", "they", "him", "her", "them", "his", "its", "their", "this", "that", "these"}
_LEANING |= {"those", "there", "then", "so", "but", "and", "or", "yet", "still", "also", "however", "instead"}
_LEANING |= {"nothing", "both", "such", "which", "who", "too", "afterwards", "later", "finally", "eventually"}
_PRONOUNS = {"he", "she", "it", "they", "him", "her", "them", "his", "its", "their", "this", "that", "these", "those"}
_PRONOUNS |= {"latter", "former"}  # "The latter was speaking" points at the unit before (round 97)
# Words that open a unit as the next event of a sequence ("Then the crying began."): told again,
# such a unit reads as the event happening again, not as the same thing said twice (round 97)
_SEQUENCING = {"then", "suddenly", "finally", "soon", "later", "next", "afterwards", "eventually", "again"}
_THIRD = {"he", "she", "it", "they", "him", "her", "them", "his", "its", "their", "this", "these", "those"}
_THIRD |= {"himself", "herself", "itself", "themselves", "hers", "theirs"}
# Subordinators that make a unit opening with them (after "and"/"but"/"so") a possible lead-in:
# "And as I was walking down 2nd Avenue ." + "I saw my soul ...".
_SUBORDINATORS = {"as", "when", "while", "if", "because", "since", "after", "before", "once", "until", "though"}
_SUBORDINATORS |= {"although", "whenever", "whereas", "unless"}
_MIN_WORDS = 4  # shorter units are fragments or beats that pair with a neighbour ("Say it again .", "Nothing .")


def _words(text: str) -> list[str]:
    """The lower-cased words of ``text`` (a masked name counts as one)."""
    return re.findall(r"[\w']+", MASKED.sub("X", text).lower())


def _lead_in(text: str) -> bool:
    """``text`` leads into the next unit: it trails off ("...", a dash) or opens with a
    subordinator with no comma to close its clause, or after "and" / "but" ("And as I was walking
    down 2nd Avenue , towards St. Mark 's Place ." + "I saw my soul ...")."""
    tail = text.rstrip()
    tail = tail[:-2].rstrip() if tail.endswith(" .") else tail
    if tail.endswith(("...", "\u2026", "-", "\u2014")):
        return True
    words = _words(text)
    joined = bool(words) and words[0] in ("and", "but", "so", "then")
    words = words[1:] if joined else words
    return bool(words) and words[0] in _SUBORDINATORS and (joined or "," not in text)


def free_gap(sp: Sequence[tuple[int, int, str, bool]], j: int, strict: bool = False) -> bool:
    """A copy may go between units ``j`` and ``j + 1`` of ``sp`` without changing what the story
    says: neither is a fragment or short beat, ``j`` is no question or lead-in (":", "...", a bare
    "as"/"when" clause), and ``j + 1`` does not lean on ``j`` (a pronoun among its first words, an
    opening connective). ``strict`` (long stories, whose many referents a copy can capture: "the
    landing craft" before "reaching for it"): ``j + 1`` holds no third-person pronoun at all."""
    if len(_words(sp[j][2])) < _MIN_WORDS or sp[j][2].rstrip().endswith(("?", ":", ";", ",")):
        return False
    if _lead_in(sp[j][2]):
        return False
    if j + 1 >= len(sp):
        return True
    nxt = _words(sp[j + 1][2])
    if strict and _THIRD & set(nxt):
        return False
    return len(nxt) >= _MIN_WORDS and nxt[0] not in _LEANING and not _PRONOUNS & set(nxt[:4])


def sequenced(text: str) -> bool:
    """``text`` opens as the next event of a sequence ("Then the crying began.", "Suddenly ...")."""
    words = _words(text)
    return bool(words) and words[0] in _SEQUENCING


#: A story of at most this many sentence units is a five-sentence one (ROCStories); a longer one
#: gets the checks for copies in long stories
SHORT_STORY_UNITS = 5
#: A story of more sentence units than this is a long one (WritingPrompts)
LONG_STORY_UNITS = 10
#: In a long story a copy goes at most this many units after its original: further on, readers take
#: it for a deliberate callback, a bookend or the event happening again (round 98: 10/20 and 12/20)
NEAR_COPY = 3


def far_copy_source(text: str, min_words: int = 8) -> bool:
    """A long story's unit may be copied a few units later: a full line of at least ``min_words``
    words (a short line reads as a refrain), no question or exclamation, not opening with a word that
    points at the unit before it or places it in a sequence ("That is the man I killed", "Then
    ..."), and no third-person pronoun (copied, "he" or "they" points at whoever was named last;
    rounds 98, 99)."""
    words = _words(text)
    tail = text.rstrip()[-1:]
    opening = words[0] if words else ""
    return (
        len(words) >= min_words
        and tail not in "?!"
        and opening not in _LEANING | _SEQUENCING
        and not _THIRD & set(words)
    )
