"""conceptnet_substitution: with a tiny ConceptNet edge file written here and with the WordNet
fallback; golden outputs, applicability (both ends of an edge in the story), inflection, and the
property that every replacement is a neighbour of the original in the provider used."""

from __future__ import annotations

import pytest
from _edit_checks import check_properties, texts
from hypothesis import given
from hypothesis import strategies as st
from lemminflect import getAllLemmas

from perturbkit import get_transform
from perturbkit.errors import UserError
from perturbkit.resources import wordnet as wordnet_resource
from perturbkit.resources.conceptnet import get_provider
from perturbkit.transforms._substitution.antonyms import antonyms_of
from perturbkit.transforms._substitution.concepts import concept_neighbours, has_concept_edge, siblings_ok

pytestmark = pytest.mark.skipif(not wordnet_resource.available(), reason="WordNet is not installed")

EDGES = """\
dog|||/r/IsA|||animal pet
cat|||/r/IsA|||animal pet
halloween|||/r/IsA|||holiday
christmas|||/r/IsA|||holiday
tea|||/r/Antonym|||coffee
tea|||/r/IsA|||drink
walk|||/r/Antonym|||run
"""

STORY_SENTENCES = [
    "The dog chased the cat into the garden.",
    "Then the dogs slept.",
    "She made tea for her mother.",
    "My dog was a lazy pet.",
    "tea is a drink .",
    "halloween is my favorite holiday .",
    "We celebrated halloween with our friends.",
    "He walked to the park.",
    "[MALE] loved his cat .",
    "the kids ate candy on halloween .",
    "THE DOG BARKED.",
    "They bought a new car.",
]


@pytest.fixture(scope="module")
def edge_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("conceptnet") / "edges.txt"
    path.write_text(EDGES, encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def with_edges(edge_file):
    return get_transform("conceptnet_substitution", conceptnet=edge_file, rate=0.5, targeted=False)


@pytest.mark.parametrize(
    "text,seed,expected",
    [
        ("My dog was a lazy pet.", 0, "My cat was a lazy pet."),
        ("The dogs were our pets.", 0, "The cats were our pets."),  # plural stays plural
        ("she made tea , her favorite drink .", 0, "she made coffee , her favorite drink ."),
        ("the christmas tree was our best holiday gift .", 0, None),  # names/compounds are left alone
    ],
)
def test_golden_with_an_edge_file(annotator, with_edges, text, seed, expected):
    out = with_edges(text, seed=seed, annotator=annotator)
    assert (out.text if out else None) == expected


def test_golden_with_wordnet(annotator):
    t = get_transform("conceptnet_substitution")
    # an animal's sibling only where a later sentence names the old animal again (round 60)
    out = t(
        "The dog chased the cat into the garden. Then the dog slept. The dog woke up at noon.",
        seed=0,
        annotator=annotator,
    )
    assert out.text == "The dog chased the cat into the garden. Then the fox slept. The dog woke up at noon."
    assert out.edits[0].note == "conceptnet[CoHyponym] NOUN dog->fox; contradicts sentences 1 ('dog'), 3 ('dog')"
    assert t("The dog chased the cat into the garden. Then the dog slept.", seed=0, annotator=annotator) is None


def test_applicable_needs_both_ends_of_an_edge(annotator, edge_file):
    provider = get_provider(edge_file)
    assert has_concept_edge(annotator.parse("The dog was a good pet."), provider)  # dog IsA pet
    assert not has_concept_edge(annotator.parse("The dog chased the cat."), provider)  # siblings only
    assert not has_concept_edge(annotator.parse("The dog slept."), provider)
    t = get_transform("conceptnet_substitution", conceptnet=edge_file)
    assert t("The dog slept in the sun.", annotator=annotator) is None


def test_neighbours_are_filtered(edge_file):
    provider = get_provider(edge_file)
    assert ("cat", "CoHyponym") in concept_neighbours(provider, "dog", "NOUN")
    assert ("run", "Antonym") not in concept_neighbours(provider, "walk", "NOUN")  # not a noun
    assert not siblings_ok("photo", "picture")  # a synonym is not a different thing
    assert not siblings_ok("roof", "armor")  # too remote a common ancestor in WordNet
    assert siblings_ok("chair", "stool")


LONG_STORY = (  # witnesses count within three sentences: the dog and the cat come back soon
    "The dog chased the cat. The cat ran up the tree. A bird sat in the tree. The dog slept on the bed. "
    "The cat drank the milk. The horse ate the apple. The girl drank the tea. The boy read the book. "
    "The man drove the car. The woman bought a table. The girl liked the tea. The dog ran home."
)


def test_one_targeted_edit_per_story_by_default(annotator):
    """A long story gets one swap (not one per ten concept words), ``max_words`` for more."""
    words = lambda out: [e for e in out.edits if e.note.startswith("conceptnet[")]  # noqa: E731
    for seed in range(3):
        assert len(words(get_transform("conceptnet_substitution")(LONG_STORY, seed=seed, annotator=annotator))) == 1
    # "tree" -> "shrub" (close siblings: a changed detail) is declined now, so "dog" is the one word left
    more = get_transform("conceptnet_substitution", max_words=3)(LONG_STORY, seed=0, annotator=annotator)
    assert 1 <= len(words(more)) <= 3
    assert not any(e.before == "tree" for e in words(more))
    assert all("; contradicts sentence" in e.note for e in words(more))


@pytest.mark.parametrize("params", [{"rate": 0}, {"rate": 2.0}])
def test_bad_parameters(params):
    with pytest.raises(UserError):
        get_transform("conceptnet_substitution", **params)


def _check_edges(out, provider) -> None:
    for e in out.edits:
        if e.note.startswith("article"):
            assert e.after.lower() in ("a", "an")
            continue
        head, pos, pair = e.note.split(";")[0].split(" ")
        rel = head[len("conceptnet[") : -1]
        old, new = pair.split("->")
        assert pos in ("NOUN", "VERB")
        if rel == "Antonym":
            vetted = None if provider.name == "wordnet" else provider
            assert new in dict(antonyms_of(old, pos, vetted))
        else:
            assert rel == "CoHyponym" and new in provider.neighbours(old, ["CoHyponym"], pos=pos)
        lemmas = {l for ls in getAllLemmas(e.after.lower(), upos=pos).values() for l in ls}
        assert new in lemmas or e.after.lower() == new


stories = st.lists(st.sampled_from(STORY_SENTENCES), min_size=1, max_size=5).map(" ".join)


@given(st.one_of(texts(), stories), st.booleans(), st.integers(0, 3))
def test_properties(annotator, edge_file, text, use_file, seed):
    spec = edge_file if use_file else None
    out = check_properties(get_transform("conceptnet_substitution", conceptnet=spec), text, annotator, seed=seed)
    if out is not None:
        _check_edges(out, get_provider(spec))


def test_interchangeable_siblings_are_not_swapped(annotator):
    """A door called a gate (or a boat a ship) is the same thing to a reader: no contradiction
    (the strict reading of issue 14); ``siblings_blocked.tsv`` refuses such co-hyponyms."""
    story = (
        "rick made a sandwich . as he was about to eat , there was a knock on his door . "
        "he put his sandwich down to answer the door . when he came back , his sandwich was gone ."
    )
    assert get_transform("conceptnet_substitution")(story, seed=0, annotator=annotator) is None
    wordnet_provider = get_provider(None)
    assert not any(w == "gate" for w, _ in concept_neighbours(wordnet_provider, "door", "NOUN"))
    assert ("truck", "CoHyponym") in concept_neighbours(wordnet_provider, "car", "NOUN")


@pytest.mark.parametrize(
    "text",
    [
        # a sibling of a first, indefinite mention: another car, nothing a reader can check
        "The dog waited in the rain. Every time it heard an approaching car it felt hope. "
        "When it saw its owner's car, the dog was happy.",
        # a modifier of another noun is no witness: "opened the oven" ... "martin 's oven mitt"
        "martin had just finished baking an apple pie . he had been waiting for it all day . as he opened the "
        "oven , the smell reached his nose . sadly , there was a hole in martin 's oven mitt . he yelled as he burned his hand .",
        # a thought is no fact ("terry thinks he likes going"), a gerund's object no witness of the
        # attitude ("loves taking his son fishing" ... "catching the fish")
        "terry loves taking his son fishing . he is only two but terry thinks he likes going . they use the "
        "pond behind their home . he really just likes catching the fish .",
    ],
)
def test_conceptnet_declines_what_nothing_depends_on(annotator, text):
    t = get_transform("conceptnet_substitution")
    for seed in range(4):
        out = t(text, seed=seed, annotator=annotator)
        assert out is None or [e.before for e in out.edits] == ["dog"]  # "the dog was happy": a re-mention


@pytest.mark.parametrize(
    "text,word,new,ok",
    [
        # a path or a means the antonym does not take in the same sense
        ("i pulled a small box out of my coat .", "pulled", "push", False),
        ("the citizens arm their homes with traps .", "arm", "disarm", False),
        ("the bus stopped a mile from her house .", "stopped", "start", False),
        ("i pulled the door .", "pulled", "push", True),
        # round 43: a condition on the verb, a place a verb of leaving out does not take, a loose gerund
        ("they agreed , if she did the dishes .", "agreed", "disagree", False),
        ("she forgot to include the gas bill in her budget .", "include", "exclude", False),
        ("she forgot to include the gas bill .", "include", "exclude", True),
        ("the cells started to gestate creating more cells .", "creating", "destroy", False),
        # round 550: an idiom ("raising money") and a buyer's purpose ("a new book to read")
        ("it was raising money for a shelter .", "raising", "lower", False),
        ("he bought a new book to read at night .", "bought", "sell", False),
        ("he bought a new book .", "bought", "sell", True),
    ],
)
def test_conceptnet_verb_antonym_keeps_its_complements(annotator, text, word, new, ok):
    from perturbkit.transform.substitution import Proposal

    tok = next(t for t in annotator.parse(text) if t.text == word)
    t = get_transform("conceptnet_substitution")
    assert t.fits(tok, tok.lemma_.lower(), Proposal(new, "Antonym")) is ok


@pytest.mark.parametrize(
    "text",
    [
        # round 43: another person's role may act as well ("the student called grant 's parents")
        "grant enjoyed playing cards at school . a teacher found him and some others betting their lunch money ."
        " the teacher called grant 's parents to inform them of this . grant was not allowed to attend after"
        " school activities for a week .",
        # a condition on the verb ("they disagreed , if she did ..."); "kia agreed" is another event
        "kia begged her parents to buy her a tablet . they agreed , if she did a month 's worth of dishes . kia"
        " agreed , thinking only of the tablet . she was ecstatic when she got it .",
        # a relative clause describes, it asserts no event; "some guy was selling" is another seller
        "i walked down the street where people sell used books . some guy was selling my soul . i had to buy it .",
        # a correction built on the original word; "started work" is another event
        "it was time i actually started getting high from excitement , not drugs . i started work on the project .",
        "i started getting high from excitement , not drugs . i started getting high again .",
    ],
)
def test_conceptnet_declines_plausible_or_garbled_swaps(annotator, text):
    t = get_transform("conceptnet_substitution")
    assert [t(text, seed=seed, annotator=annotator) for seed in range(4)] == [None] * 4


@pytest.mark.parametrize(
    "text",
    [
        # round 550: a plural that the substitute cannot take ("some of the trees" -> "some of the bramble")
        "each fall the trees dropped more leaves . the family chose to cut down some of the trees . they cut"
        " down three of the trees in their yard . they no longer spent hours raking .",
        # a close sibling is a changed detail, not another kind ("the car" -> "the truck", "tree" -> "shrub")
        "she went to cross the street . the car turned . she ran to avoid the car . she came away unscathed .",
        # an object seen again fits either verb ("the student lowered their hand . the teacher noticed the hand")
        "the teacher kept on talking . the student raised their hand . the teacher noticed the hand . the"
        " student asked a question .",
        # a plan is no fact ("decided to sell a caged bird . he took the bird to the forest")
        "he decided to buy a caged bird . he took the bird to the forest . he set the bird free . he felt great about his kind act .",
    ],
)
def test_conceptnet_declines_detail_changes_and_plans(annotator, text):
    t = get_transform("conceptnet_substitution")
    assert [t(text, seed=seed, annotator=annotator) for seed in range(4)] == [None] * 4


def test_conceptnet_declines_a_noun_in_a_concrete_sense(annotator):
    """ "the safety 's on" is the catch of a gun: "danger" is no opposite there."""
    from perturbkit.transform.substitution import Proposal

    tok = next(t for t in annotator.parse("he drew the gun . the safety was on .") if t.text == "safety")
    assert not get_transform("conceptnet_substitution").fits(tok, "safety", Proposal("danger", "Antonym"))


@pytest.mark.parametrize(
    "text",
    [
        # round 52: a stand owner buys his stock as well ("only selling two flavors" -> "only buying")
        "after losing his job he decided to open up an ice cream stand . he started out only selling two flavors"
        " at first . as his business became more popular in town he added more flavors . now his business is at"
        " it 's peak and he 's quite successful .",
        # round 52: a negative-prefix derivation of an abstract noun ("the scope of their inabilities") is awkward
        "Even the mental and intellectual abilities of the activated Corpse would increase exponentially . The"
        " activated Corpse was able to manipulate it 's enemy . There was a factor that determined the abilities"
        " of the *undead* though . The circumstances of their activation would determine the scope of their"
        " abilities - Whereas a Corpse downed in combat would become a near immortal fighting machine , it would"
        " not be able to redirect these energies towards purely intellectual pursuits for instance : encryption"
        " breaking .",
        # round 660: a noun's opposite garbles the phrase chosen for the original ("heavy depression" -> "heavy elation")
        "Death poked at the olives floating lazily in his martini . He sighed and slumped lower in his barstool ."
        " His first day off and he 'd ended up at a bar , a location with which he was very familiar , and he"
        " understood why they so frequently carried an atmosphere of heavy depression , hanging like a weight on"
        " their patrons ' shoulders . Bars were depressing places for depressed people .",
    ],
)
def test_conceptnet_declines_converse_roles_and_prefixed_derivations(annotator, text):
    t = get_transform("conceptnet_substitution")
    assert [t(text, seed=seed, annotator=annotator) for seed in range(4)] == [None] * 4
