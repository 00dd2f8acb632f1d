"""What ``name_change`` checks before it renames a character (validity round 101 on long
WritingPrompts stories): the name is an ordinary given name (in the project's name lists or the
1990 US Census first names, and not a god, prophet or legendary figure: no god, alien or pun gets a human name), every mention can be matched whatever its casing ("STEVE !"
is renamed too, in capitals), no other word in the story is a near spelling of it (a misspelt
mention would keep the old name), and no mention is a famous person or brand ("Malcolm X",
"Calvin Klein", "King David": a WordNet person entry, or a royal or religious title before it)."""

from __future__ import annotations

import functools
import re

from ...resources.lexicons import table, word_list
from .._persons import text_style
from .names import is_common_word, word_spans

# a title before a name that marks a famous or sacred person ("King David", "Saint Peter")
FAME_TITLES = frozenset(
    "king queen prince princess saint st pope emperor empress president prophet lord lady god goddess "
    "archangel apostle tsar czar pharaoh sultan".split()
)


@functools.cache
def _given_names() -> frozenset[str]:
    return word_list("names_male.txt") | word_list("names_female.txt") | word_list("names_neutral.txt")


def is_listed_name(word: str) -> bool:
    """True for a name of the project's own name lists (any gender)."""
    return word.lower() in _given_names()


@functools.cache
def census_share_by_gender() -> dict[str, tuple[float, float]]:
    """The 1990 US Census first names (lower-cased) with the shares (percent) of men and of women
    who had them."""
    return {r["name"].lower(): (float(r["male_pct"]), float(r["female_pct"])) for r in table("names_census.tsv")}


@functools.cache
def census_share() -> dict[str, float]:
    """The 1990 US Census first names (lower-cased) with the larger of the shares (percent) of
    men and of women who had them."""
    return {name: max(shares) for name, shares in census_share_by_gender().items()}


# a census name that WordNet knows as a famous person's surname ("Harrison", "Monet", "Marx") is
# taken for a first name only when at least this share (percent) of men or women had it ("Martin")
SURNAME_MIN_SHARE = 0.02


def is_given_name(word: str) -> bool:
    """True for a first name of the project's name lists (any gender), or of the 1990 US Census
    lists unless WordNet's every person under that name is a god, prophet or mythical being
    ("Jesus", "Athena"), or it is rare as a first name and WordNet's famous surname ("Harrison",
    "Monet"). The project's lists are chosen by hand and trusted."""
    low = word.lower()
    if low in _given_names():
        return True
    share = census_share().get(low)
    if share is None or is_sacred_name(low):
        return False
    return share >= SURNAME_MIN_SHARE or not is_famous_surname(low)


# WordNet classes (instance hypernyms) of the gods, prophets and mythical figures of single names
_SACRED_CLASSES = frozenset(
    "prophet prophetess patriarch mythical_being imaginary_being titan titaness avatar demigod siren "
    "fictional_character".split()  # round 114: "Merlin", WordNet's Arthurian magician
)


@functools.lru_cache(maxsize=4096)
def is_sacred_name(name: str) -> bool:
    """True when every person WordNet has under the head word ``name`` is a deity, prophet,
    mythical being or fictional character ("Jesus", "Zeus", "Athena", "Merlin"; not "Cynthia", an alias of Artemis, nor "Victoria",
    also a queen). False without WordNet."""
    from ...resources.wordnet import ResourceMissing, wordnet

    try:
        synsets = wordnet().synsets(name, "n")
    except ResourceMissing:
        return False
    heads = [s for s in synsets if s.lexname() == "noun.person" and s.lemma_names()[0].lower() == name.lower()]
    return bool(heads) and all(_sacred(s) for s in heads)


@functools.lru_cache(maxsize=4096)
def is_famous_surname(name: str) -> bool:
    """True when WordNet has a person under ``name`` whose full name ends with it ("Monet":
    "Claude Monet"; "Prince Philip" does not count). False without WordNet."""
    from ...resources.wordnet import ResourceMissing, wordnet

    try:
        synsets = wordnet().synsets(name, "n")
    except ResourceMissing:
        return False
    low = name.lower()
    for s in synsets:
        names = [n.lower() for n in s.lemma_names()]
        if s.lexname() == "noun.person" and low in names:
            if any(n.endswith("_" + low) and n.split("_")[0].rstrip(".") not in FAME_TITLES for n in names):
                return True
    return False


def _famous_surname_word(word: str) -> bool:
    """True for a surname WordNet gives only famous people: a person head word ("Hitler",
    "Gershwin") that is neither an English word nor a first name of the lists."""
    low = word.lower()
    if is_common_word(word) or low in _given_names() or low in census_share() or not word.isalpha():
        return False
    return is_famous_person(word) or is_famous_surname(low)


def _sacred(synset) -> bool:
    kinds = {h.name().split(".")[0] for h in synset.instance_hypernyms()}
    return any(k.endswith("deity") or k in _SACRED_CLASSES for k in kinds)


def mention_case(form: str, word: str) -> str | None:
    """How the mention ``form`` of the name ``word`` is cased: "same" (as ``word``), "upper",
    "lower" or "title", or None (another casing, "StEve", that a new name cannot copy)."""
    if form == word:
        return "same"
    if form.isupper():
        return "upper"
    if form.islower():
        return "lower"
    return "title" if form == form[:1].upper() + form[1:].lower() else None


def cased_like(new: str, case: str) -> str:
    """``new`` (cased for the story) written as a mention cased ``case`` was."""
    if case == "upper":
        return new.upper()
    if case == "lower":
        return new.lower()
    return new[:1].upper() + new[1:] if case == "title" else new


def name_mentions(text: str, word: str) -> list[tuple[int, int, str]] | None:
    """Every mention of ``word`` in ``text`` whatever its casing, as (start, end, case), or None
    when one cannot be renamed safely: cased oddly, a name that is also an English word ("Will")
    written in capitals (a lower-case one is that word: left out), or a lower-case mention in a
    story with capitals ("his morning joe" beside "Joe")."""
    out = []
    common = is_common_word(word)
    lower_ok = None
    for a, b in word_spans(word, text, ignore_case=True):
        case = mention_case(text[a:b], word)
        if case == "lower" and not common:
            lower_ok = text_style(text) == "lower" if lower_ok is None else lower_ok
            case = case if lower_ok else None
        if case is None or (common and case == "upper"):
            return None
        if common and case == "lower":
            continue
        out.append((a, b, case))
    return out


def _within(a: str, b: str, limit: int) -> bool:
    """Levenshtein distance of ``a`` and ``b`` at most ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return False
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        if min(cur) > limit:
            return False
        prev = cur
    return prev[-1] <= limit


def near_spelling(word: str, words: set[str]) -> str | None:
    """A word of ``words`` (lower-cased) spelt within 2 edits of a name of 5 letters or more
    ("Jiggsaurus" beside "Jiggasaurus"), other than the name itself, or None."""
    low = word.lower()
    if len(low) < 5:
        return None
    return next((w for w in sorted(words) if w != low and _within(w, low, 2)), None)


def pun_word(name: str, texts) -> str | None:
    """A capitalised word of ``texts`` (sentence-initial ones too) of 4 letters or more within 1
    edit of the name ``name`` (4 letters or more) and within 150 characters of a mention of it,
    English word or not, that is neither a stop word ("Many" beside "Mary") nor a first name of
    the project's lists, or None. Round 118: "Demise , her real name was , but ... she insisted
    on being called Denise": the story plays on the name, and a rename breaks the pun. Two
    characters "Mark" and "Mary" are no pun (both listed names), nor are a "Like" or "Mars" far
    from the "Mike" or "Mark" (the one-edit rule alone declined 6 such stories of WritingPrompts
    dev's first 1,500, beside the one pun).

    >>> pun_word("Denise", ["Demise , her real name was , but she insisted on Denise ."])
    'Demise'
    >>> pun_word("Mark", ["Mark met Mary ."]), pun_word("Mark", ["Mark met Mark 's friend ."])
    (None, None)
    """
    from spacy.lang.en.stop_words import STOP_WORDS  # here: importing spaCy is heavy

    low = name.lower()
    if len(low) < 4:
        return None
    for t in texts:
        near = [m.start() for m in re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", t or "", re.I)]
        for m in re.finditer(r"[^\W\d_]{4,}", t or ""):
            w = m.group()
            wl = w.lower()
            if (
                w[:1].isupper()
                and wl != low
                and wl not in STOP_WORDS
                and _within(wl, low, 1)
                and not is_listed_name(wl)
                and any(abs(a - m.start()) <= 150 for a in near)
            ):
                return w
    return None


def confusable(name: str, words: set[str]) -> str | None:
    """A word of ``words`` (the story's other names, lower-cased) a reader could take for the new
    name ``name`` (round 115: "Farah" beside the narrator's friend "Sarah"): within 1 edit ("Jon"
    and "Don", "Mary" and "Gary"), or 2 when both have 5 letters or more; else None.

    >>> confusable("Farah", {"sarah", "billy"}), confusable("Nadia", {"sarah", "billy"})
    ('sarah', None)
    """
    low = name.lower()
    for w in sorted(words):
        if w != low and _within(w, low, 2 if min(len(w), len(low)) >= 5 else 1):
            return w
    return None


def draw_name(pool: list[str], rng, others: set[str]) -> str | None:
    """A name of ``pool`` drawn with ``rng`` that is not :func:`confusable` with ``others``: the
    first draw when it is fine (so every other output stays as it was), else a draw among the
    names that are not; None when none is."""
    pick = rng.choice(pool)
    if not confusable(pick, others):
        return pick
    pool = [n for n in pool if not confusable(n, others)]
    return rng.choice(pool) if pool else None


def odd_words(texts, lower_style: bool) -> set[str]:
    """The lower-cased words of ``texts`` that a misspelt name could be: capitalised (any word in
    a lower-cased story) and neither English words nor stop words ("And" beside "Andre")."""
    from spacy.lang.en.stop_words import STOP_WORDS  # here: importing spaCy is heavy

    found = set()
    for t in texts:
        for w in re.findall(r"[^\W\d_]{3,}", t or ""):
            if (lower_style or w[:1].isupper()) and w.lower() not in STOP_WORDS and not is_common_word(w):
                found.add(w.lower())
    return found


@functools.cache
def famous_people() -> frozenset[str]:
    """The full names of ``famous_people.txt`` (lower case): famous after WordNet 3.0 or in
    popular culture."""
    return word_list("famous_people.txt")


@functools.lru_cache(maxsize=4096)
def is_famous_person(phrase: str) -> bool:
    """True when WordNet has ``phrase`` ("Malcolm X", "Calvin Klein") as a person, or it is a full
    name of ``famous_people.txt`` ("Taylor Swift", "Elon Musk": famous after WordNet 3.0 or in
    popular culture). Without WordNet only the list is read (the title check still applies)."""
    from ...resources.wordnet import ResourceMissing, wordnet

    if " ".join(phrase.lower().split()) in famous_people():
        return True
    try:
        wn = wordnet()
    except ResourceMissing:
        return False
    key = phrase.replace(" ", "_").lower()  # the phrase itself, not a base form ("William is" -> "William I")
    return any(
        s.lexname() == "noun.person" and key in (n.lower() for n in s.lemma_names()) for s in wn.synsets(key, "n")
    )


def _name_part(w: str, lower_style: bool) -> bool:
    return (lower_style or w[:1].isupper()) and w.replace(".", "").isalpha()


def famous_mention(words: list[str], i: int, lower_style: bool = False) -> bool:
    """True when the name ``words[i]`` (a story's words, as written) is part of a famous name: a
    fame title right before it, or it and the one or two capitalised words (any words in a
    lower-cased story) around it form a WordNet person ("Malcolm X", "Saint Peter")."""
    if i and words[i - 1].lower().rstrip(".") in FAME_TITLES:
        return True
    after: list[str] = []
    for w in words[i + 1 : i + 3]:
        if not _name_part(w, lower_style):
            break
        after.append(w)
        if is_famous_person(" ".join([words[i], *after])):
            return True
    if after and not lower_style and _famous_surname_word(after[0]):
        return True  # "Adolph Hitler": a surname only famous people have
    before = words[i - 1] if i else ""
    return _name_part(before, lower_style) and is_famous_person(f"{before} {words[i]}")


# a year before 1950 ("in 1911", "Being it 1911"), not an amount, an address or a measure
_EARLY_YEAR = re.compile(
    r"(?<![\d$,.])(?<!\$ )\b(?:1[0-8]\d\d|19[0-4]\d)\b(?![\d,.]\d)(?!\s*(?:%|[a-z]+ (?:street|lane|road|avenue)\b|"
    r"(?:dollar|buck|people|person|mile|feet|foot|pound|lb|meter|metre|calorie|word|page|point|km|yard|degree|hour)s?\b))",
    re.I,
)


def period_pool(pool: list[str], *texts: str | None) -> list[str]:
    """``pool`` (lower-cased names), kept to the 1990 Census first names when a text names a year
    before 1950 (round 101: "Skyler" for a boy in 1911): names borne by people born then, not
    recent coinages ("Skyler", "Jaden", "Peyton")."""
    if not any(t and _EARLY_YEAR.search(t) for t in texts):
        return pool
    census = census_share()
    return [n for n in pool if n in census]
