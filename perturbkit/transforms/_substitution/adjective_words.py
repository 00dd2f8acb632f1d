"""Word lists behind the adjective-synonym checks (:mod:`.adjectives`): what an adjective
describes, where it may stand, which modifiers, prepositions and clauses it takes in the sense it
shares with its synonym, and idioms it is part of."""

from __future__ import annotations

#: WordNet lexicographer files of physical things (for adjectives of size: "a big house").
THINGS = frozenset(
    {
        "noun.artifact",
        "noun.object",
        "noun.animal",
        "noun.body",
        "noun.food",
        "noun.plant",
        "noun.location",
        "noun.substance",
    }
)
#: ... and of what else has a size ("a big crowd" -> "a large crowd", "a large amount").
SIZED = THINGS | {"noun.group", "noun.quantity"}
#: Nouns whose most frequent WordNet sense is a physical thing but whose use in stories mostly is
#: not ("a big fan of jazz", "a huge crush on her", "a big draw back", "a huge match", "a huge lot").
NOT_THINGS = frozenset({"fan", "crush", "draw", "match", "lot", "hit", "shot", "star"})
#: Adjective + noun pairs that are fixed expressions: the adjective is never replaced
#: ("a big deal", "big cats", "small talk", "small arms", "the little finger").
ADJ_NOUN_IDIOMS = {
    "big": frozenset(
        {"deal", "toe", "shot", "picture", "mouth", "league", "screen", "time", "top", "wheel", "rig", "cat"}
    ),
    "large": frozenset({"scale"}),
    "small": frozenset({"talk", "fry", "print", "change", "world", "hours", "potatoes", "wonder", "arm"}),
    "little": frozenset({"finger", "toe", "league", "while", "bit", "one", "ones"}),
    "cheap": frozenset({"shot", "talk", "trick"}),
}
#: Adjectives whose synonym fits only a few nouns before a noun ("a hard time" -> "a difficult
#: time"; not "a hard stare", "hard figures", "hard work", "a hard drive" -> "difficult ...").
ADJ_NOUNS_ONLY = {
    "hard": frozenset(
        {
            "time",
            "choice",
            "decision",
            "question",
            "task",
            "day",
            "year",
            "week",
            "life",
            "lesson",
            "job",
            "part",
            "situation",
            "period",
            "test",
            "exam",
            "problem",
        }
    ),
}
#: (adjective, noun, verb) idioms: "give someone a hard time" (tease), not "a difficult time".
ADJ_NOUN_VERB_IDIOMS = frozenset({("hard", "time", "give")})
#: Adjectives whose meaning shifts with a modifier or in a question ("just fine" is not "just
#: okay", "Are you okay?" is not "Are you fine?"): replaced only bare, in statements.
BARE_STATEMENT_ONLY = frozenset({"okay", "fine"})
#: Adjectives that stand only after a verb ("she was afraid", never "an afraid girl") and only
#: before a noun ("the main road", never "the road was main"): no synonym is put where it cannot
#: stand, whatever the lexicon says.
PREDICATIVE_ONLY = frozenset(
    {
        "afraid",
        "asleep",
        "awake",
        "alive",
        "alone",
        "aware",
        "glad",
        "unable",
        "ashamed",
        "content",
        "fond",
        "loath",
        "averse",
        "akin",
        "alike",
        "amiss",
        "unwell",
        "well",
        "worth",
    }
)
ATTRIBUTIVE_ONLY = frozenset(
    {
        "mere",
        "utter",
        "sheer",
        "main",
        "chief",
        "principal",
        "former",
        "latter",
        "elder",
        "eldest",
        "upcoming",
        "inner",
        "outer",
        "utmost",
        "very",
        "only",
        "entire",
        "lone",
        "indoor",
        "outdoor",
        "daily",
        "weekly",
    }
)
#: Adjectives with -er/-est forms in ordinary use: a comparative or superlative is replaced only
#: by one of these ("bigger" -> "larger"; not "sicker" -> "worse", "smaller" -> "littler"), and
#: "more"/"most" + adjective never by one ("more difficult" -> "more hard").
SYNTHETIC_DEGREE = frozenset({"big", "large", "small", "hard", "cheap", "dull", "sick"})
#: Modifiers of extreme adjectives ("absolutely exhausted"): with them the adjective is kept,
#: since its synonym is seldom as extreme ("absolutely fatigued").
EXTREME_MODIFIERS = frozenset({"absolutely", "utterly", "totally", "completely"})
#: Prepositions an adjective takes in the sense it shares with its synonym: a prepositional
#: complement must suit both words ("scared of" -> "frightened of"; not "sick of" -> "ill of",
#: "okay at third base" -> "fine at third base", "hard on his body" -> "difficult on his body").
ADJ_PREPS = {
    "scared": {"of", "by", "for"},
    "frightened": {"of", "by", "for"},
    "sure": {"of", "about"},
    "certain": {"of", "about"},
    "grateful": {"for", "to"},
    "thankful": {"for", "to"},
    "amazed": {"at", "by"},
    "astonished": {"at", "by"},
    "famous": {"for"},
    "renowned": {"for"},
    "embarrassed": {"about", "by"},
    "abashed": {"about", "by"},
    "angry": {"at"},
    "mad": {"at"},
    "tired": {"of", "from"},
    "weary": {"of", "from"},
    "expensive": {"for"},
    "pricey": {"for"},
    "annoyed": {"at", "with", "by", "about"},
    "irritated": {"at", "with", "by", "about"},
    "sick": {"with", "from"},
    "ill": {"with", "from"},
    "terrible": {"at", "about"},
    "awful": {"at", "about"},
    "difficult": {"for"},
    "hard": {"for"},
    "okay": {"with"},
    "fine": {"with"},
    "confused": {"by"},
    "bewildered": {"by"},
    "exhausted": {"from", "by"},
    "fatigued": {"from", "by"},
    "boring": {"for"},
    "tedious": {"for"},
    "dull": {"for"},
    "big": {"for"},
    "large": {"for"},
    "cheap": {"for"},
    "inexpensive": {"for"},
}
#: Prepositions that head an adjunct, not a complement: any adjective takes them.
ADJUNCT_PREPS = frozenset({"than", "during", "after", "before", "since", "until", "throughout"})
#: Adjectives that take the same clausal complements as their synonym ("scared to go" ->
#: "frightened to go", "it was hard to find" -> "difficult to find", "sure that" -> "certain that").
ADJ_CLAUSES = frozenset(
    {
        "scared",
        "frightened",
        "sure",
        "certain",
        "hard",
        "difficult",
        "amazed",
        "astonished",
        "grateful",
        "thankful",
        "embarrassed",
        "abashed",
        "okay",
        "fine",
        "angry",
        "mad",
        "annoyed",
        "irritated",
        "boring",
        "tedious",
        "dull",
        "terrible",
        "awful",
        "wonderful",
        "marvelous",
        "excellent",
        "splendid",
        "big",
        "large",
        "small",
        "cheap",
        "inexpensive",
        "correct",
        "right",
        "incorrect",
        "wrong",
        "confused",
        "bewildered",
        "sick",
        "ill",
        "tired",
        "weary",
        "expensive",
        "pricey",
    }
)
#: Verbs after which an adjective is predicative in its plain sense ("was mad", "got sick",
#: "made him angry"); after others it is often part of an idiom ("went mad", "called in sick",
#: "fell ill", "came true"), so a predicative adjective is replaced only after one of these.
LINKING_VERBS = frozenset(
    {
        "be",
        "get",
        "become",
        "feel",
        "seem",
        "look",
        "appear",
        "remain",
        "stay",
        "grow",
        "sound",
        "smell",
        "taste",
        "make",
        "keep",
        "turn",
        "act",
    }
)
#: Dependents that fix an adjective's meaning or make it part of a measure ("car sick", "two feet wide").
ADJ_BLOCKING_DEPS = frozenset({"npadvmod", "nummod", "compound", "det", "poss", "case", "nsubj", "dobj"})
#: Adjectives used affectively after another adjective ("a funny little hedgehog", "a tiny
#: little town"): there they are not replaced ("a tiny, small town").
AFFECTIVE = frozenset({"little"})
#: Adjectives used as intensifiers before another adjective or an adverb, even before a noun
#: ("an awful big dog", "real hot", "pretty tall", "dead tired", "plenty warm"): there they are
#: adverbs of degree, and a synonym of the adjective reads wrong ("looked terrible sharp", round 110).
INTENSIFIERS = frozenset(
    """awful terrible real pretty dead plenty mighty damn darn right plain super dreadful wicked jolly
    bloody full good great sure""".split()
)
#: Adverbs that an intensifier can grade when they follow it ("awful fast", "real slowly"; any -ly
#: adverb but "only" too): a predicative adjective before one of them is a degree word.
GRADABLE_ADVERBS = frozenset(
    "fast slow hard well close far long soon late early loud quick high low deep much often sharp tight near".split()
)
#: Adjectives that, in the sense they share with their synonym, stand only after a determiner or a
#: possessive ("the right equipment", "the same day", "her usual seat"): never put into a noun
#: phrase without one ("even with correct equipment" -> "with right equipment", round 110).
DETERMINED = frozenset({"right", "wrong", "same", "only", "very", "main", "usual"})
#: Adjectives that after a verb want a prepositional complement ("renowned for her voice", "fond
#: of him", "prone to colds"): brought in after a verb only with one of these prepositions ("she is
#: famous now" -> "she is renowned now" reads stilted, round 110); "a renowned singer" stays.
WANTS_COMPLEMENT = {
    "renowned": frozenset({"for", "as"}),
    "noted": frozenset({"for", "as"}),
    "fond": frozenset({"of"}),
    "devoid": frozenset({"of"}),
    "prone": frozenset({"to"}),
    "akin": frozenset({"to"}),
    "tantamount": frozenset({"to"}),
}
