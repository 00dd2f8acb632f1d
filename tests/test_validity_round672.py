"""Golden cases for the doubtful causal word flips a fixer's reading of round 672 found (each
declined case was produced by the code before the fix): a wish as the new cause, a general claim
or an inference in the present tense, an impression, a state inferred from the act, and an act
judged ("did a great job") made the result of its evidence; and in round 710's sample a change of degree,
a present inference after the context, a hypothetical "would lead to" and a time as the new cause; and
round 711's traits, ailments, negated or reported links, present arguments and "because we could", round
712's misspelt "had cause", round 713's passive states, temptations, requests and schedules."""

from __future__ import annotations

import pytest

from perturbkit import get_transform
from perturbkit.example import Example

GOLDEN = [
    # a wish or desire as the new cause: any earlier act may serve it
    (
        "",
        "I asked for eggs . He said the eggs taste good . Well , OP , you just said an object ."
        " So I wanted it to be unexpected . He laughed .",
        None,
    ),
    # an inference between present-tense clauses after "So"
    (
        "",
        "After a while you can find the pattern , with a little focus I can tell what personality trait someone"
        " chose and what year they picked it . They change the programs you know . So someone who chose to be"
        " witty in one year answers a little different than someone who wishes for the same thing the next ."
        " But I can still tell .",
        None,
    ),
    # a present-tense general claim or an impression ("seems") either side
    (
        "",
        "A few other things are tossed around enthusiastically : an astronaut , a veterinarian , a teacher , and a"
        " cowboy . It ’ s a fun question to ask because it seems to energize the kids . They offer the answers"
        " happily .",
        None,
    ),
    (
        "i was really hungry at my house .",
        "i only had asparagus and bread . i made an asparagus sandwich . it tasted so good that i opened a"
        " restaurant . the restaurant shut down because no one shares my tastes .",
        None,
    ),
    # an act judged made the result of its evidence ("did a great job because donna looked very beautiful")
    (
        "donna was growing old and did n't accept it .",
        "she went to a doctor to have a face lift . the doctor did a great job so donna looked very beautiful ."
        " but when she looked in the mirror only her face was young . she went back to the doctor so he could"
        " change her whole body .",
        None,
    ),
    # a state the new cause is evidence for ("his was old . This was because joe looked online")
    (
        "joe 's car radio broke .",
        "his was old and outdated . so joe looked online for a new one . he found a good one and ordered it ."
        " he loved his new car radio .",
        None,
    ),
    # round 710: a change of degree as the new effect, a present inference after the context, a
    # hypothetical "would lead to", a time as the new cause
    (
        "alex was at work when he began to smell something .",
        "the smell grew worse so he investigated . soon he realized it was his own socks that stank .",
        None,
    ),
    (
        "i have trouble accomplishing big goals .",
        "so i simply break them down into smaller ones . sometimes my to-do list will be dozens of steps long ."
        " but i get results .",
        None,
    ),
    (
        "",
        "Magic was great , but a Bic lighter was quicker at starting a campfire . A gun and a good eye would lead"
        " to dinner faster than any spell . A few two-way radios were n't limited to only those with psychic"
        " abilities .",
        None,
    ),
    (
        "",
        "I went ahead and took the hottest shower in my life . Other than constant rain the rest of the day went"
        " on without anything out of the normal happening . So the next day was my cousin 's birthday . I woke"
        " up pretty early for some reason .",
        None,
    ),
    # round 711: a trait, an ailment as the object of "caused", a negated link, a reported clause before
    # the new "because", a present argument after "Thus", "because we could" (a purpose "so" after the flip)
    (
        "mike was a 28 year old man who wore diapers .",
        "mike only wore diapers because he was to lazy to use the restroom . one day mike was shopping at the"
        " mall when he smelled something bad .",
        None,
    ),
    (
        "tim was suffering from back pain as of late .",
        "he went to the doctor to find out the cause . his doctor said his posture was causing his back pain ."
        " the doctor recommended that he wear a posture brace .",
        None,
    ),
    (
        "",
        "Something was wrong . Software updates were supposed to be seamless , and they certainly never caused"
        " syncope ( loss of consciousness ) . I had to check and make sure nothing was wrong with the TrHu .",
        None,
    ),
    (
        "",
        "It was then that I realized what I had been doing these past few months . I read that I was an alcoholic"
        " next year , so I picked up drinking and became one . I was fulfilling the prophecy in a self-fulfilling"
        " kind of way .",
        None,
    ),
    (
        "",
        "The heartbreak , the suffering , the pouring rain over a parade , a thunder strike igniting a fire , a"
        " wave toppling a ship . All of these experiences epitomize the true nature of marriage . Thus , we reach"
        " the quintessential problem . What is the meaning of life ?",
        None,
    ),
    (
        "",
        "It was okay at first , because we had powers . They didn ’ t . Whole armies wiped out in waves of flame"
        " and hailstones and all kinds of unimaginable horrors thrown down on men we killed because we could ."
        " World leaders strung up like pigs and mass-looting .",
        None,
    ),
    # round 712: "had cause" (a misspelt participle) would become "had result from"
    (
        "",
        "I saw a Griffin . One of the largest MyTHs out there , it had cause quite a ruckus , traveling down the"
        " street and scaring pedestrians . Nobody knew what to do .",
        None,
    ),
    # round 713: a state told by a passive "be", a temptation as the new cause, a request as the new
    # effect, a present "be" (a schedule)
    (
        "andrew wanted a new homophone .",
        "his old one was messed up . so andrew went to the store to get one . andrew bought a nice new one .",
        None,
    ),
    (
        "i was thirsty at the mall after eating a huge meal .",
        "so i was tempted to buy an iced mocha . but after buying it , i was completely refreshed .",
        None,
    ),
    (
        "drew took gum out of his mouth .",
        "he tried to stick it under the table . a teacher noticed him before he did anything . he told drew to"
        " stop . as a result , drew got up and threw his gum in the trash .",
        None,
    ),
    (
        "",
        "Arrive no later than 10:00 . Have everything you 're taking with you compressed and compartmentalized ."
        " Liftoff is at no later than 11:00 , because the starliner goes to warp at 3:00 . Over and over , the"
        " importance of timeliness was stressed .",
        None,
    ),
    # round 714: a person as the subject of "resulted from", the idiom "one thing led to another"
    (
        "",
        "MD : I have some archived articles that say that you caused over $ 250 million dollars worth of damage ."
        " AR : That 's a lie .",
        None,
    ),
    (
        "",
        "Last night was different . I had someone over and one thing led to another . I did n't expect to find"
        " her in the morning .",
        None,
    ),
    # kept: a clear wrong cause between two past events, and a want the act removes
    ("", "She left because he shouted.", "She left, so he shouted."),
    ("", "he was hungry , so he ate a sandwich .", "he was hungry because he ate a sandwich ."),
]


@pytest.mark.parametrize("context,text,expected", GOLDEN)
def test_round672_golden(annotator, context, text, expected):
    out = get_transform("causal_word_flip")(Example(text, context=context or None), seed=672, annotator=annotator)
    assert (out.text if out else None) == expected
