"""causal_swap and temporal_swap decline swaps a careful reader would still find coherent (the
reversed cause or order stays plausible) or that garble the text: one golden per failure pattern
the strict readings found (docs/validity/round-35 to round-51)."""

from __future__ import annotations

import pytest

from perturbkit import get_transform

DECLINED = [
    # an ongoing state on either side: "mark kept looking at the clock because detention was going so slow"
    ("causal_swap", "detention was going so slow because mark kept looking at the clock ."),
    # a feeling explains almost any act: "he was losing because he was angry"
    ("causal_swap", "gabe played a game . but he was angry because he was losing ."),
    ("causal_swap", "she was happy with her decision because she thrived in austin ."),
    # ... and almost any act may leave one: "the man adopted josh . so he became attached to josh"
    ("causal_swap", "he became attached to josh . so the man adopted josh ."),
    # a thought is the plausible effect of almost any act
    ("causal_swap", "gage felt he should see a counselor . so he made an appointment ."),
    # an absence is the plausible result of almost anything that empties a place
    (
        "causal_swap",
        "Outside , the factories had ceased their relentless activity because there was nobody there to operate "
        "the machinery .",
    ),
    # a garbled source clause (a comparative with nothing to compare)
    ("causal_swap", "belle was much more because linda comforted her ."),
    # a clause leaning on the sentence before: "so allie kept losing though"
    ("causal_swap", "the girls played for an hour . allie kept losing though . so she wanted to play something else ."),
    # an inferential "So": a conclusion between present-tense statements, or a bare state concluded
    (
        "causal_swap",
        "They change the programs you know . So someone who chose to be witty in one year answers a little "
        "different than someone who wishes for the same thing the next .",
    ),
    ("causal_swap", "I looked up at the people around me . So I was dead ."),
    # a misparsed subject ("Winslow and [Bishop 's only hope]") the exchanged "they" would not agree with
    (
        "causal_swap",
        "Winslow and Bishop 's only hope was the capital city of Kaur , which was still socially intact . So , "
        "eighteen months in , they had a solid goal , and set out for the city .",
    ),
    # "she" inside the first clause is another person the exchanged subject pronoun may mean
    ("causal_swap", "the soccer federation stated that she was n't a female , so she sued . she won her case ."),
    # a thought of not knowing, a falling in love: plausible effects of almost any act
    ("causal_swap", "he did not know the city . he was n't sure where to exit so he kept driving ."),
    (
        "causal_swap",
        "she went to the shelter . she instantly fell in love . so she decided that day that she would adopt him .",
    ),
    # a wish or a will made the effect: "her friends banded together to try . so she was eager to try it"
    # (round 42: eagerness follows from almost any event)
    ("causal_swap", "kate heard about a new game . she was eager to try it . so her friends banded together to try ."),
    ("causal_swap", "jim liked the lake . he was ready to learn , so his uncle taught him to fish ."),
    # a present-tense impression or evaluation on either side: a generic claim explains and follows alike
    # ("It seems to energize the kids because it's a fun question to ask", round 42)
    ("causal_swap", "The kids love recess . The game is a fun thing to play because the kids run around a lot ."),
    ("causal_swap", "The kids love recess . Tag is the best game because the kids run around a lot ."),
    # round 46: a thought or an impulse as the cause ("inspiration came to him"): any act may bring it
    ("causal_swap", "tom was bored at work . one day , inspiration came to him , so he quit his job ."),
    ("causal_swap", "the idea struck her at night , so she started a company ."),
    # round 46: a cause told as an outcome ("ended up"): the story already runs effect-first
    ("causal_swap", "he ended up saving lots of money . so he ate less and less ."),
    # round 46: "since" reads as evidence ("she was slow since he was able to catch up") or as time
    ("causal_swap", "he was able to catch up to her since she was slow ."),
    ("causal_swap", "since the store was closed , we went home ."),
    # round 46: a "when" kept in place would leave "when they had to leave ." without its main clause
    (
        "causal_swap",
        "she was eager to try it . when they got there though the line was out the door . so they had to leave .",
    ),
    # round 46 (temporal_swap): one finding told twice ("looked around until she found a pair" / "found a pair")
    (
        "temporal_swap",
        "maggie wanted earrings . she looked around until she found a pair on sale . finally , she found a nice "
        "pair she could afford .",
    ),
    # round 46 (temporal_swap): a check on a thing may come before or after an act on it
    (
        "temporal_swap",
        "we were washing clothes . i went down stairs to add detergent to the load of clothes . ten minutes later i "
        "checked on the clothes .",
    ),
    ("temporal_swap", "he bought a new car . then he inspected the car ."),
    # temporal_swap: a thing of its own ("one little orange cat"), not one the earlier clause introduced
    (
        "temporal_swap",
        "the cats all meowed and begged for attention as i walked around . then one little orange cat specifically "
        "stood out to me .",
    ),
    # a pronoun moved before the only noun it can mean ("I told her ... from my psychologist")
    ("temporal_swap", "I got a bottle of sleeping pills from my psychologist when I told her I was n't sleeping ."),
    # ... even when the story spoke of another woman before: a person the first clause introduces is whom "her" means
    (
        "temporal_swap",
        "she was a nervous girl . she often could n't sleep . I got a bottle of sleeping pills from my psychologist "
        "when I told her I was n't sleeping .",
    ),
    # a sensation orders no events ("When I recognized it ..., I went to check out the body")
    ("temporal_swap", "When I went to check out the body , I recognized it as one of the new mothers ."),
    # a state and an onset around "then": either order reads the same
    ("temporal_swap", "It seemed to grow big with some sort of power , then it started charging after the Pokemon ."),
    # a look, an eye movement or a "find oneself": one moment, in either order (round 42)
    (
        "temporal_swap",
        "Her hand slid into his . When she tore her eyes away from the water , Annabelle found herself looking "
        "straight into his sad , smiling eyes .",
    ),
    (
        "temporal_swap",
        "The storm passed . She opened the window . Then she found herself at the open window , smiling .",
    ),
    ("temporal_swap", "Tom got the mail . He opened the letter . Then he stared at the letter for a long time ."),
    # an event told again in a nearby sentence that stays in place: moved, it reads as that telling
    # repeated ("Then, I laughed" after "I laughed." stays, round 42)
    (
        "temporal_swap",
        "Simon told a joke . I laughed . I laughed for the first time in weeks . I laughed , and the flames raged "
        "on , and it was n't so bad . Then , Simon stood up , told me to wait there , and he ran back into the "
        "restaurant . I waited for an hour .",
    ),
    (
        "temporal_swap",
        "Amy baked a cake for the party . She frosted the cake . Then she baked some cookies and put the cake in a "
        "box . She drove to the party .",
    ),
    # a negated clause tells no event at a time
    ("temporal_swap", "It did n't take me long to find the door after he came back from the store ."),
    # a fragment left after the sentence it leaned on ("Except much faster.")
    (
        "temporal_swap",
        "I wake in the dark . I got up to get a drink of water . Then I drank the water slowly . Except much faster .",
    ),
    # a thing pronoun moved before the clause naming what it stands for: "I found it" before the search
    # for "something that might help", "became one" before "an alcoholic" (round 42)
    (
        "temporal_swap",
        "He was dying in the hospital . I had to act . I rushed home to the books of power , rummaging through "
        "them frantically for something that might help . Finally , I found it .",
    ),
    ("temporal_swap", "The party was at noon . She bought a new dress . Then she wore it to the party ."),
    # round 580: a state moved behind an inferential "so" reads as a conclusion the new cause is evidence
    # for ("she rubbed her eyes so she was tired", "so his was old", "so he was at altitude", "he went for a
    # walk, so the sky was clear"); a need follows from almost anything ("so he needed to study")
    ("causal_swap", "she was tired , so she rubbed her eyes ."),
    ("causal_swap", "joe 's phone broke . his was old . so joe looked online for a new one ."),
    ("causal_swap", "he was at altitude so he knew exactly what to do ."),
    ("causal_swap", "The sky was clear, so he went for a walk."),
    ("causal_swap", "the test was tomorrow . he needed to study , so he went to the library ."),
    # round 547: behind "so" a negated clause, a past perfect, a stative verb ("had some money", "loved
    # mexican food") reads as a conclusion too, and an appearance made the cause as its evidence ("donna
    # looked very beautiful, so the doctor did a great job"); a clause ending in "however" leans on another
    ("causal_swap", "tom went to the beach . he had some money , so he bought a surfboard ."),
    ("causal_swap", "she was sick . she did n't cover her mouth when she coughed . so she infected everyone at work ."),
    (
        "causal_swap",
        "joe 's kids liked toys . his kids had broken so many . so joe went to the store to buy new ones .",
    ),
    ("causal_swap", "the friends went out . they all loved mexican food , so they picked a restaurant for that ."),
    ("causal_swap", "the doctor did a great job , so donna looked very beautiful ."),
    (
        "causal_swap",
        "kim had a sandwich . the bland little sandwich left her very unsatisfied however . so kim made a massive "
        "burrito for herself .",
    ),
    (
        "causal_swap",
        "My father drank a lot . I read that I was an alcoholic next year , so I picked up drinking and became one .",
    ),
    # round 51 (WritingPrompts): a swapped clause must be a complete clause. An elliptical modal ("because we
    # could") explaining one conjunct of a misparsed coordination left "We could because whole armies ..."
    (
        "causal_swap",
        "The adults tried to cull us . It was okay at first , because we had powers . They didn ’ t . Whole armies "
        "wiped out in waves of flame and hailstones and all kinds of unimaginable horrors thrown down on men we "
        "killed because we could . World leaders strung up like pigs and mass-looting .",
    ),
    # ... a finite verb coordinated with a bare participle ("had passed ..., but failing ...") holding a second
    # "because" is no clause: swapped, "He had passed as a local , but failing his assessment because ..."
    (
        "causal_swap",
        "He opened his coat , pulled out his Temporal Passport and tossed it into the portal which then silently "
        "closed . He grinned at the irony of completing his assignment because he had passed as a local , but "
        "failing his assessment because he refused to return . This time and place suited him better .",
    ),
    # ... a sentence-level "So" between two bare clauses: "She left . So I waited nervously ." reads as fluently
    (
        "causal_swap",
        "She stepped in briefly , my humming train of thought suddenly derailed , and she tilted her head slightly "
        ". I waited nervously . So she left . The conversing continued .",
    ),
    # ... a trait ("too lazy to") explains a habit and may come of one: "lazy because he only wore diapers"
    (
        "causal_swap",
        "mike only wore diapers because he was to lazy to use the restroom . one day mike was shopping at the mall "
        "when he smelled something bad .",
    ),
    # round 631: a refusal made the effect is a choice any reason brings ("he was n't tempted so he refused"); a
    # habit ("my gut always said") is no single event to cause; knowing something follows from almost anything
    (
        "causal_swap",
        "seth missed his friend , but he knew the friend still did drugs . he refused so he was n't tempted to relapse .",
    ),
    (
        "causal_swap",
        "I had never felt it so strongly . No matter what , my gut always said that next step was just going to be "
        "another in the direction I was already going . So I ’ d walked into the woods without them . Not to say she "
        "was right .",
    ),
    (
        "causal_swap",
        "People scream in terror , their eyes all pointed sky-high . I ca n't blame them , because I know exactly "
        "what 's happened . It 's confusing and convoluted .",
    ),
    # round 632: "So in simple terms ..." explains; it tells no result to reverse
    (
        "causal_swap",
        "I could go on and on to explain how it worked , but nobody listened to me . So in simple terms , the "
        "machine was made up of four pipes that all faced inward .",
    ),
    # round 61: a liking and a feeling or sensation, either way round ("they made him feel very warm because he
    # liked them" reads as the warmth of liking)
    ("causal_swap", "nicholas loved sweaters . he liked them because they made him feel very warm ."),
    # round 61: a look into something and a sensed change ("he investigated so the smell grew worse")
    ("causal_swap", "alex began to smell something . the smell grew worse so he investigated ."),
    # round 61: a resemblance, or a plain quality made the cause ("it looked like a comedian because it was unique")
    ("causal_swap", "he found a chip . the chip was unique because it looked like a famous comedian ."),
    # round 61: two acts of one agent with weapons ("He drew his pistol, so he left his rifle in the tank")
    ("causal_swap", "Claiborne looked at him . He left his rifle in the tank , so he drew his pistol ."),
    # round 61: a comma-"because" backing a present-tense claim up, and a generic present claim
    (
        "causal_swap",
        "These things were caught fresh in the wild this morning , I believe somewhere in the Ozarks . You got ta move "
        "fast to catch the adults , because they run fast . So you want to make sure you remove the stingers .",
    ),
    # round 720: the two sides of one transfer ("he delivered it to his mom so it arrived"), a feeling told with
    # "feel" ("i gave to some kids outside , so i felt bad about keeping the cash"), an attitude held now ("It
    # never judges me because I love it")
    ("causal_swap", "he was going to give it to her . it arrived so he delivered it to his mom ."),
    ("causal_swap", "i could n't find them . i felt bad about keeping the cash , so i gave to some kids outside ."),
    ("causal_swap", "The fluid loves me . I love it because it never judges me ."),
    # round 721: a skill that practice builds ("she was a veteran at cosplays because she helped me with the makeup")
    (
        "causal_swap",
        "Last year I went as an alien . My friend Jenny helped me with the makeup because she was a veteran at "
        "cosplays .",
    ),
    # round 722: a negated old cause made the effect ("They never stopped breeding because it only worked"), a
    # "never" effect made the cause ("I never got to meet him . So I left before he was born"), forgetting
    ("causal_swap", "Little changes made it whole . It only worked because they never stopped breeding ."),
    ("causal_swap", "I died when my son was 10 . I left before he was born . So I never got to meet him ."),
    (
        "causal_swap",
        "It was no big deal . I had actually forgotten about it because we just did n't talk about it after the fact .",
    ),
    # round 723: a likeness ("We were similar on some level because we ended up together")
    ("causal_swap", "But they were great , for a time . We ended up together because we were similar on some level ."),
    # round 725: a verdict on what happened ("A truck hit me because it was bad timing")
    (
        "causal_swap",
        "I drove through a red light . It was bad timing because a truck coming from my drivers side hit me .",
    ),
]

KEPT = [
    # the weather is the effect of no act: "it was raining" stays a wrong effect when reversed
    ("causal_swap", "Because it was raining, we stayed inside.", "Because we stayed inside, it was raining."),
    ("causal_swap", "She cried because she lost the game.", "She lost the game because she cried."),
    # the pronoun "them" means the onions named before: no cataphora
    (
        "temporal_swap",
        "he bought some onions . he chopped them into tiny pieces . then he sauteed them .",
        "he bought some onions . he sauteed them . then he chopped them into tiny pieces .",
    ),
    # a negated telling ("could not find it") is no event the moved "found it" repeats
    (
        "temporal_swap",
        "ronald had a very big sponge . one day , he decided he would use it . then , he realized that he could not "
        "actually find it . he searched for hours and could n't find it . finally , after many hours , he found it "
        "in the kitchen .",
        "ronald had a very big sponge . one day , he decided he would use it . then , he realized that he could not "
        "actually find it . he found it in the kitchen . finally , after many hours , he searched for hours and "
        "could n't find it .",
    ),
    # "it" in both clauses means the wallet named before: moved, nothing dangles
    (
        "temporal_swap",
        "Bob lost his wallet . He searched for hours and could n't find it . Then he found it in the kitchen .",
        "Bob lost his wallet . He found it in the kitchen . Then he searched for hours and could n't find it .",
    ),
    (
        "temporal_swap",
        "I got up to get a drink of water . Then I drank the water slowly . I went back to bed .",
        "I drank the water slowly . Then I got up to get a drink of water . I went back to bed .",
    ),
]


@pytest.mark.parametrize("name,text", DECLINED)
def test_swap_declines_what_stays_coherent_or_garbles(name, text, annotator):
    assert get_transform(name)(text, seed=0, annotator=annotator) is None


@pytest.mark.parametrize("name,text,expected", KEPT)
def test_swap_keeps_reversals_that_are_clearly_wrong(name, text, expected, annotator):
    out = get_transform(name)(text, seed=0, annotator=annotator)
    assert out is not None and out.text == expected
