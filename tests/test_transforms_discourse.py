"""causal_swap, causal_word_flip, temporal_swap, temporal_word_flip: golden cases and properties."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from _edit_checks import assert_edits_consistent, check_properties, texts
from hypothesis import given

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.resources.lexicons import table

GOLDEN = [
    # causal_swap: clauses change places, the connective stays, capitals follow the position
    ("causal_swap", "She cried because she lost the game.", "She lost the game because she cried."),
    ("causal_swap", "Maria was late because the bus broke down.", "The bus broke down because Maria was late."),
    ("causal_swap", "Because he was tired, he went to bed.", "Because he went to bed, he was tired."),
    ("causal_swap", "Because it was raining, we stayed inside.", "Because we stayed inside, it was raining."),
    # the subject pronoun stays after its antecedent: the subjects change places with the clauses
    ("causal_swap", "Tom was hungry. So he ate a sandwich.", "Tom ate a sandwich. So he was hungry."),
    (
        "causal_swap",
        "It rained all day. As a result, the game was cancelled.",
        "The game was cancelled. As a result, it rained all day.",
    ),
    ("causal_swap", "he was hungry , so he ate a sandwich .", "he ate a sandwich , so he was hungry ."),
    # temporal_swap: only where the later event depends on the earlier one (it names its thing again)
    (
        "temporal_swap",
        "Anna left the party before Ben arrived at the party.",
        "Ben arrived at the party before Anna left the party.",
    ),
    (
        "temporal_swap",
        "When he found the key, he opened the door with the key.",
        "When he opened the door with the key, he found the key.",
    ),
    ("temporal_swap", "He bought a cake, then he ate the cake.", "He ate the cake, then he bought a cake."),
    ("temporal_swap", "She lost her dog. Then she found the dog.", "She found the dog. Then she lost her dog."),
    (
        "temporal_swap",
        "She bought a phone. Two days later, she broke the phone.",
        "She broke the phone. Two days later, she bought a phone.",
    ),
    ("temporal_swap", "i bought a book before i read the book .", "i read the book before i bought a book ."),
    # "it" means the dog: the subjects change places, so "it" still follows "the dog"
    (
        "temporal_swap",
        "The dog found a bone. Then it buried the bone.",
        "The dog buried the bone. Then it found a bone.",
    ),
    # causal_word_flip: the grammar is kept ("because" -> ", so"; "So," -> "This was because")
    ("causal_word_flip", "She left because he shouted.", "She left, so he shouted."),
    ("causal_word_flip", "he was hungry , so he ate a sandwich .", "he was hungry because he ate a sandwich ."),
    (
        "causal_word_flip",
        "Tom was hungry. So he ate a sandwich.",
        "Tom was hungry. This was because he ate a sandwich.",
    ),
    # ("happy because she sings" would be a plausible reaction: a feeling made the effect is left alone)
    ("causal_word_flip", "She was hungry. Therefore, she ate.", "She was hungry. This was because she ate."),
    ("causal_word_flip", "The storm caused a flood.", "The storm resulted from a flood."),
    ("causal_word_flip", "The storm led to a flood.", "The storm resulted from a flood."),
    ("causal_word_flip", "The fire resulted in heavy damage.", "The fire resulted from heavy damage."),
    ("causal_word_flip", "This was the cause of the fire.", "This was the result of the fire."),
    ("causal_word_flip", "The reason for the delay was snow.", "The result of the delay was snow."),
    # temporal_word_flip
    # "early"/"late" flip only where another sentence speaks of being on time
    ("temporal_word_flip", "He woke up early. He was never late.", "He woke up late. He was never late."),
    # "the next day" flips where its clause names a thing a nearby sentence told ("the dress"), round 540
    (
        "temporal_word_flip",
        "She bought a dress. The next day, she wore the dress.",
        "She bought a dress. The previous day, she wore the dress.",
    ),
    # (stopping breaks the story only where a later sentence needs the activity going on)
    ("temporal_word_flip", "She started crying. She cried for an hour.", "She stopped crying. She cried for an hour."),
    # (a start or end flips only where another sentence names the thing: "soon summer ended" alone, round 51)
    (
        "temporal_word_flip",
        "We bought tickets for the movie. The movie started at noon.",
        "We bought tickets for the movie. The movie ended at noon.",
    ),
    # "stayed late" is a collocation ("stayed early" is garbled): only "was late" flips
    (
        "temporal_word_flip",
        "i rushed to get dressed . i was late to work . luckily , no one noticed . i stayed late to get my work done .",
        "i rushed to get dressed . i was early to work . luckily , no one noticed . i stayed late to get my work done .",
    ),
    (
        "temporal_word_flip",
        "First, she scraped the paint. Then she painted the wall. Finally she hung a picture.",
        "Finally, she scraped the paint. Then she painted the wall. Finally she hung a picture.",
    ),
    (
        "temporal_word_flip",
        "He was never punctual. It was a late lunch.",
        "He was never punctual. It was an early lunch.",
    ),
    # (the game and the time of day are told again: the flip contradicts them)
    (
        "temporal_word_flip",
        "we watched the game . we went home after the game .",
        "we watched the game . we went home before the game .",
    ),
    # "before"/"after" joining two clauses flips where one names the other's thing (buying comes first)
    # and another sentence tells of the same event again, as fact ("she bought a dress at the mall"; a wish,
    # "she wanted to buy a dress", tells no buying, round 692)
    (
        "temporal_word_flip",
        "She bought a dress at the mall. After she bought the dress, she wore the dress to the party.",
        "She bought a dress at the mall. Before she bought the dress, she wore the dress to the party.",
    ),
    # "finished X" flips where an earlier sentence tells X worked on, as fact (round 58)
    (
        "temporal_word_flip",
        "tom wanted to make a film . tom labored 12 hours per day making the film . tom finished the film .",
        "tom wanted to make a film . tom labored 12 hours per day making the film . tom started the film .",
    ),
    # "early on" is a set phrase and stays; the "late" of lateness flips (round 58)
    (
        "temporal_word_flip",
        "early on , jim was late to work . his boss was angry about his lateness . jim bought an alarm clock .",
        "early on , jim was early to work . his boss was angry about his lateness . jim bought an alarm clock .",
    ),
]

NONE = [
    # round 58 (strict reading) and the round 691 sample: patterns that read odd but contradict nothing
    ("temporal_word_flip", "At first, he hated it. Later, he loved it."),  # "at last it was hard": misused
    (
        "temporal_word_flip",
        "he chose to learn guitar . at first it was hard for him to figure it out . after a few lessons though he"
        " was playing a couple songs .",
    ),
    (
        "temporal_word_flip",
        "we lived in different cities so i had to send something online . i decided to send her flowers . it was"
        " expensive but i was excited for her to receive it . in the end , the company decided not to ship them"
        " and i was very sad .",
    ),  # "in the beginning , the company decided not to ship them" reads as "initially"
    ("temporal_word_flip", "It happened in the morning. He had just woken up."),  # times of day dropped
    (
        "temporal_word_flip",
        "she had gotten tickets to a new musical . she arranged for a babysitter and made dinner reservations . on"
        " the night of the show , she got dressed up . she could n't wait for a great night out !",
    ),  # "on the morning of the show": odd, no contradiction
    ("temporal_word_flip", "it was late at night . tom was never punctual ."),  # "early at night" breaks the phrase
    ("temporal_word_flip", "mia was never punctual . early on , she worked hard ."),  # "late on" is no English
    (
        "temporal_word_flip",
        "marcus loved to play video games with all of his friends . one by one they grew into new interests"
        " leaving him behind . marcus started feeling lonely , so he started playing online games . he learned"
        " about streaming video games and letting people watch . marcus made a lot of cool friends online who"
        " loved to watch him play .",
    ),  # "stopped playing": the later play is only in a relative clause, no fact of it going on
    (
        "temporal_word_flip",
        "the manager thanked sandler for volunteering to do the monthly report . his wife called him at night ."
        " he said , i just have to finish the report . she was angry .",
    ),  # "have to start the report": nothing tells it begun
    ("temporal_word_flip", "they worked all weekend to finish it . when they were done , they stepped back ."),
    (
        "temporal_word_flip",
        "her grandma likes to tell stories . she told a really funny story about her grandpa . her grandpa got"
        " embarrassed . it was decided to ask grandpa next time first before telling another .",
    ),  # "first after telling another" is garbled
    (
        "temporal_word_flip",
        "i thought the date was going well . he told me he was n't going to call me at the end of the date . he"
        " ended up calling me anyway a week later to ask me out again .",
    ),  # "at the beginning of the date" reads as when he told me
    ("temporal_word_flip", "we were tired at the end of the race . we had run the whole race ."),
    (
        "temporal_word_flip",
        "she checked out a dozen books . she took them home and started reading immediately . she finished the"
        " first book that night . she was eager to start another .",
    ),  # "the last book": odd, not contradicted
    (
        "temporal_word_flip",
        "it was far too hot to go outside . and jerry only enjoyed outdoor activities . jerry moved to canada where"
        " it was not so hot in the summer . then jerry was bored all winter since it was too cold to go outside .",
    ),  # "not so hot in the winter": a pointless motive, no contradiction
    ("temporal_word_flip", "i will probably set the date in the summer . we will swim in the heat ."),
    (
        "temporal_word_flip",
        "every day i woke up at midnight . the day was long . i knew nobody could reach the bomb before the day"
        " ended . the day was over soon .",
    ),  # "before the day started": a span's start is another moment of it
    # round 692 sample: an event told only as an intention, a cycle, a habit, a new scene
    (
        "temporal_word_flip",
        "jenna cooked a stew for the first time . she peeled all the veggies and put them in the pot . when it was"
        " time to serve the food , she beamed with pride . but she had mistaken the cucumber for a zucchini . when"
        " she saw her mistake , she removed the cucumbers before serving .",
    ),  # "removed the cucumbers after serving" is plausible: no serving is told done
    (
        "temporal_word_flip",
        "The ship came to a halt in the sky . The ship began to reverse before shooting forwards again . The ship"
        " kept shooting forwards . It repeated this over and over .",
    ),  # "reverse after shooting forwards again": a cycle, either order
    (
        "temporal_word_flip",
        "The day I was bit , it was n't fun . I 'd wake up for a bit and realize I ate my neighbor . I ate my"
        " entire block before I stopped waking up entirely . For weeks I drifted higher .",
    ),  # "I 'd wake up" is a habit, no waking told as fact
    (
        "temporal_word_flip",
        "Carver said the activation was a hoax . Everybody killed themselves for nothing . *** A few days later ,"
        " I stood at the top of the building . There was a hell now .",
    ),  # "*** A few days earlier": a new scene told as a flashback
    # round 694 sample: a heading "Three Years Later" (a flashback heading reads fluently); a bedtime
    (
        "temporal_word_flip",
        "Did I worship the devil 's daughter for five years without knowing ? Three Years Later I do n't know what"
        " I am to Alex . We kissed a couple of times .",
    ),
    (
        "temporal_word_flip",
        "You were never punctual . You got home after work . Relaxing for a few hours , hitting the sack early ,"
        " and plugging in the system .",
    ),  # "hitting the sack late": nothing else is timed by it
    (
        "temporal_word_flip",
        "jesse 's father played the drums . jesse started playing with his father 's drum kit . his father decided"
        " to teach him to play . jesse played very well for his age . he was able to join the high school band .",
    ),  # "stopped playing", then taught, then played: a stop and a new start, the playing told two sentences on
    # round 695 sample: "the latest fashion" is a set phrase; a bare measure "the day after" reads either way
    (
        "temporal_word_flip",
        "Gary was never punctual . Gary also did n't really keep up with the latest fashion trends .",
    ),
    (
        "temporal_word_flip",
        "It was the 20th or the 15th . My niece 's birthday was on the 20th and I know it was before that because we"
        " had that party the day after . So it was the 15th .",
    ),
    # round 696 sample: "20 years later and ..." (verbless, an idiom); a second act ("said something else")
    (
        "temporal_word_flip",
        "He told me that he would definitely return one day . 20 years later and I still have n't met him yet . I"
        " miss him .",
    ),
    (
        "temporal_word_flip",
        "The man in front of me said something . I turned and began to walk out of the door . A moment later , the"
        " worker came up to me and said something else . I tuned him out .",
    ),
    # round 41: causal_word_flip declines reversals that stay plausible and a narrative "So"
    (
        "causal_word_flip",
        "tim had detention for skipping class . detention was going so slow because tim kept looking at the"
        " clock . tim tried to stop looking at the clock . he studied for his test instead . soon detention was"
        " over .",
    ),  # ", so tim kept looking at the clock": a slow hour is a plausible cause of that too
    (
        "causal_word_flip",
        "Here , I have a great story to tell ! So I was out fishing on the lake , when I saw a huge fish . The"
        " fish jumped over my boat .",
    ),  # "So" after an exclamation follows no cause: a discourse marker
    (
        "causal_word_flip",
        "The council debated the policy for weeks . Isolationism was the cause of great concern among the"
        " people . The people wrote letters about isolationism .",
    ),  # "the result of great concern" is as plausible
    # round 510 sample: "before" of place, a time word naming a kind
    (
        "temporal_word_flip",
        "We walked for hours . Now we stand before three doors . I am not sure which of the doors to open .",
    ),  # "stand after three doors" is garbled: "before" means "in front of"
    (
        "temporal_word_flip",
        "She put on her evening gown . It was dark and the moon was out . She danced all the time .",
    ),  # "a morning gown" is no time error
    (
        "causal_word_flip",
        "linda had to comfort belle during the storm . belle was much more scared than linda . belle was much"
        " more because linda comforted her . linda comforted belle all night .",
    ),  # "belle was much more , so ..." : a clause with nothing to compare is no cause
    # round 41: temporal_word_flip declines flips nothing else in the story contradicts
    (
        "temporal_word_flip",
        "anna loved to swim . her family just built a new pool in the yard . she wants to invite her friends"
        " to a party . she will set the date in the summer .",
    ),  # a pool fixes no season: "in the winter" is odd, not contradicted
    (
        "temporal_word_flip",
        "joe was addicted to juice . he drank five bottles a day . at the end of the week he had three bags of"
        " empty bottles . he took them to the store for cash .",
    ),  # "at the beginning of the week" is as plausible (leftovers)
    (
        "temporal_word_flip",
        "the couple drove to the hospital late one evening . she was in labor for many hours . she delivered a"
        " baby girl just after midnight .",
    ),  # "late one morning" clashes with "after midnight" only by reckoning the hours of labor
    (
        "temporal_word_flip",
        "lily was caught cheating on a test . her dad drove her home and yelled at her . in the end he decided"
        " to ground her for a week . she was upset at first .",
    ),  # "in the beginning he decided" mid-story reads as "at first", no order broken
    (
        "temporal_word_flip",
        "sam worked hard at his job . he would arrive early and leave late . one day his boss promised him a"
        " raise . he worked even later hours than before to earn it .",
    ),  # "even earlier hours than before" is still more work
    (
        "temporal_word_flip",
        "kate wanted to look nice on her trip . she bought a new dress . she wore it on the first day and walked"
        " to the beach . she felt happy .",
    ),  # "a new dress" fixes no day of the trip
    (
        "temporal_word_flip",
        "we were tired of the orchard . we thought of the last ten years that we spent on the grove . the grove"
        " was our life . we loved the grove .",
    ),  # the grove named again times nothing of "the first ten years"
    (
        "temporal_word_flip",
        "he held the box for a moment before he opened the box . he opened the box and smiled .",
    ),  # "a moment after he opened" garbles a measure idiom
    # round 45: start/stop flips need the activity told going on; fixed phrases and waiting frames are left
    (
        "temporal_word_flip",
        "ivy twirled around and began walking to the opposite platform . the crowd gasped as her foot slipped ."
        " in the same moment , ivy recovered and continued on to the platform .",
    ),  # "stopped walking ... continued on" is a pause and a resumption
    (
        "temporal_word_flip",
        "i was born . i started crying and i saw my mom . she was young . i was a baby . what happened ? i could"
        " remember my whole life . i had to deal with this . so i decided i would wait . i enjoyed my childhood ."
        " i grew up . i made my fortune . all i can do is cry .",
    ),  # a newborn "stopped crying": the crying told ten sentences on is no order a reader holds
    (
        "temporal_word_flip",
        "timmy woke up early to vote . timmy waited for hours at the polling station . after waiting for more than"
        " 6 hours timmy gave up . timmy felt irritated .",
    ),  # "before waiting for more than 6 hours he gave up" is fluent and true
    ("temporal_word_flip", "he took a bite of the cake . not a second later , he began to shake all over ."),
    (
        "temporal_word_flip",
        "she had n't moved them since i stumbled upon them the first time . i was nervous then . they were crying .",
    ),  # "since i stumbled upon them the last time" is as coherent
    ("temporal_word_flip", "tom rode a bike . tom fell the first time he rode the bike . he was nervous ."),
    (
        "temporal_word_flip",
        "i turn to look back at her and i smile . i can ’ t stop smiling . i feel elated . i smile at the avocado .",
    ),  # "can ’ t start smiling": the curly "’ t" negates like "n't"
    (
        "temporal_word_flip",
        "the kids were tired of school . they could n't wait to rush home and play ! they were never tardy . they"
        " loved early dismissal days most of all .",
    ),  # "early dismissal" is a compound term: "late dismissal days" is no time flip
    (
        "temporal_word_flip",
        "the theater was loud . the crowd was loud and annoying throughout . tom decided to watch movies later from"
        " then on out .",
    ),  # a bare "later" with no measure: "watch movies earlier" is as plausible
    # round 540: "the next X" dated by nothing else, or no time adverbial; a flip in a habit; a start with
    # nothing later going on but another act ("sliced my finger instead"); a bare measure counting from nothing
    ("temporal_word_flip", "The next day, he went out."),
    ("temporal_word_flip", "I opened the old book . The next year was already written in it . I read the year ."),
    (
        "temporal_word_flip",
        "I found my keys on the hook . That is where I always put them the night before . I left for work .",
    ),
    (
        "temporal_word_flip",
        "He found his shoes by the door , where he would put them the night before . He went to school .",
    ),
    ("temporal_word_flip", "I wanted a salad . I started slicing cucumbers . I sliced my finger instead ."),
    (
        "temporal_word_flip",
        "she wanted to play the piano well . she started practicing weeks before . she played the piano well .",
    ),
    # round 547: a measured "later" after its verb ("come back a few minutes earlier" reads as ahead of time);
    # "finished X-ing" -> "started" with nothing before telling X going on
    (
        "temporal_word_flip",
        "the mom left the kitten in the box . she was thrilled to see the mom come back a few minutes later .",
    ),
    (
        "temporal_word_flip",
        "amy had to go to a party . she left the heater running as she finished getting ready . her car was warm .",
    ),
    # round 51: a flip must break an order another sentence tells, not read as backstory or a mild clash
    (
        "temporal_word_flip",
        "glen took a fishing net down to the river . at the river , glen slipped and fell into the mud . he lost"
        " his net . the next time glen went fishing he took a fishing pole .",
    ),  # "the previous time glen went fishing": plausible backstory
    (
        "temporal_word_flip",
        "john came home from work feeling excited . his employer is looking to promote someone and john works very"
        " hard . the following week john was called into his boss 's office . john was feeling very anxious .",
    ),  # only the subject ("john") ties the clause to the sentence before: "the previous week" is backstory
    (
        "temporal_word_flip",
        "jamie took a dancing class . for the recital , jamie forgot a lot of her routine . her teacher was upset ."
        " the next year , jamie had to know the routine before performing .",
    ),  # an obligation ("had to know") holds as well the previous year
    (
        "temporal_word_flip",
        "karina 's grandfather set up the playhouse in the backyard . today karina played for a very long time in"
        " her playhouse . karina was very tired after playing in her playhouse today .",
    ),  # "tired before playing": a state may hold at either time
    (
        "temporal_word_flip",
        "eloise loved looking at the night sky . every night , she would walk outside to search for a shooting"
        " star . one night , she finally saw the shooting star . eloise closed her eyes and wished .",
    ),  # "one morning": a pre-dawn star is plausible; no sentence fixes the time of day explicitly
    (
        "temporal_word_flip",
        "tom loved his girlfriend . one day she commented how he smelled bad . a week later she said the same"
        " thing . tom decided to take two showers per day .",
    ),  # "a week earlier she said the same thing": a repetition moved before, plausible backstory
    (
        "temporal_word_flip",
        "jack had never been to the opera before . he pulled out his ticket and went inside . he found his seat"
        " and waited for the show to begin . jack was blown away .",
    ),  # "waited for the show to end" is as fluent: what one waits for may be either
    (
        "temporal_word_flip",
        "tim was driving to work . tim was going to be late . tim began speeding . tim was pulled over by an"
        " officer . tim received a speeding ticket .",
    ),  # "stopped speeding" and still ticketed: "a speeding ticket" tells no speeding going on
    (
        "temporal_word_flip",
        "i was so happy that i threw a huge party . i had lots of food and drinks . at the end of the month , i had"
        " no money for rent . i decided that i would make a budget after that month .",
    ),  # "at the beginning of the month": only the month itself is named again, no order told
    (
        "temporal_word_flip",
        "her mom was mean . but the girl worked hard in school . she got a scholarship to college , and even earned"
        " a master 's degree . later , she traveled the world and helped poor girls get an education .",
    ),  # a bare "Earlier, ..." reads as a flashback
    (
        "temporal_word_flip",
        "dee had never been to that area , and felt lost . she got to the party , but not before driving around a"
        " lot . dee fell in love with the area driving .",
    ),  # "but not after driving around a lot" is garbled
    (
        "temporal_word_flip",
        "i was shy and hoping to meet her at the prom . when i arrived at the prom she was standing alone . i asked"
        " her to dance . after our first dance , i find out that she was already invited .",
    ),  # finding out "before our first dance" is as coherent
    (
        "temporal_word_flip",
        "i asked a friend of mine to teach me . my friend said they would be delighted . but my friend was too busy"
        " to teach me after that . soon summer ended and i had not learned to body surf .",
    ),  # "soon summer started": the summer is named nowhere else
    ("temporal_word_flip", "The movie started at noon."),
    (
        "temporal_word_flip",
        "she uploaded a bunch of her vlogs . to her sadness her videos were getting no views . at first , she"
        " considered cheating and buying views . then she realized that it was time to give up .",
    ),  # "at last , she considered cheating . then she gave up": a plain sequence, nothing contradicted
    ("causal_swap", "he was so happy ."),  # intensifier "so"
    ("causal_swap", "I have lived here since I was born."),  # temporal "since" with the perfect
    ("causal_swap", "It's been almost a year since we landed on this planet."),  # contracted perfect
    ("causal_word_flip", "It's been almost a year since we landed on this planet."),
    ("causal_swap", "As a result, he ate."),  # no previous sentence to swap with
    ("causal_swap", "She left because of the rain."),  # "because of" + noun: no second clause
    ("causal_swap", "He saved money so that he could buy a car."),  # purpose "so that"
    ("causal_swap", '"I left because I was bored," she said.'),  # quoted speech is left alone
    ("causal_swap", "Go home because it is late."),  # no subject: not a full clause
    ("causal_swap", "He saved money, so he could buy a car."),  # "so" (that) of purpose
    ("causal_word_flip", "He saved money, so he could buy a car."),
    ("causal_word_flip", "She worked hard. So she could afford a car."),
    ("causal_swap", "She must have made a mistake because the rolls were salty."),  # evidence for a belief
    ("causal_word_flip", "She must have made a mistake because the rolls were salty."),
    ("causal_swap", "It was two years since he left."),  # "since" of time after a duration
    ("causal_word_flip", "They talked about the reason for the holiday."),  # a topic, not a stated cause
    ("causal_word_flip", "The path that leads to the house was long."),  # a relative clause
    ("causal_word_flip", "The warlock made it so the mist would stay."),  # "made it so": no result
    ("temporal_swap", "He ate breakfast after he showered."),  # unrelated events: either order is coherent
    ("temporal_swap", "He remembered when he went to the fair."),  # "when" clause is the object
    ("temporal_swap", "He knew the answer when he read the book."),  # a state, not an event
    ("temporal_swap", "She fell asleep before she even finished the book."),  # "even" leans on its clause
    ("temporal_swap", "His boss is hiring. The next week he was called in."),  # tenses already tell the order
    # the parser split a run-on at "so": "This was because" would make it worse, not reversed
    ("causal_word_flip", "She was happy. She really wanted to see them so she tried to buy some tickets."),
    ("temporal_swap", "When i finally got to drink a glass of milk, it tasted amazing."),  # "tasted amazing": a state
    ("temporal_swap", "She showed it off when her friend came to visit."),  # "it" cannot mean the friend
    ("temporal_swap", "He was sleeping when the phone rang."),  # progressive: swap keeps the meaning
    ("temporal_swap", "He sang while he cooked."),  # simultaneous events
    ("temporal_swap", "He must have added the whistle after we left."),  # modal in a temporal clause
    ("temporal_swap", "After eating, he left."),  # non-finite clause
    ("causal_word_flip", "Because he was tired, he went to bed."),  # "So he was tired, ..." is not English
    ("causal_word_flip", "The storm was caused by the heat."),  # passive
    ("temporal_word_flip", "He named the dog after his father."),
    ("temporal_word_flip", "She looked after the kids."),
    ("temporal_word_flip", "After all, it was fine."),
    ("temporal_word_flip", "I saw him yesterday."),  # tense would have to change: left out
    ("temporal_word_flip", "They ate slice after slice."),
    # issue 14, strict reading (round 35): flip only where the rest of the story fixes the order
    # a habit: "before every fight" orders no one event
    (
        "temporal_word_flip",
        "but his parents were always fighting . after every fight , ben begged them to stay together . "
        "somehow he always convinced them to stay together .",
    ),
    # the event of the flipped clause is told nowhere else: either order reads as plausible
    (
        "temporal_word_flip",
        "tom was going to get a glass of water . before drinking it he noticed how dirty it was . "
        "tom ran the water for a while and it always came out dirty .",
    ),
    (
        "temporal_word_flip",
        "he had to walk over to his uncle 's house to see if he was home . after knocking on his door for a minute , "
        "his uncle opened the door . uriah asked if he could go swimming .",
    ),
    # a light verb ("saying") or a part of the body ("my feet") ties no event to another sentence
    (
        "temporal_word_flip",
        "My figurative words wo n't win me life now . I contemplated my words before saying them . "
        "I started to explain : I loved her .",
    ),
    (
        "temporal_word_flip",
        "Holding my side , I limped on . The water lifted me off my feet . "
        "I slowly bring my breathing back under control before regaining my feet again .",
    ),
    # a bare "at the end" (of what?) is another plausible moment; "at first" ending a clause reads as "finally"
    (
        "temporal_word_flip",
        "he went out and did the best that he could . at the end , his manager informed him that he had actually "
        "sold out . sean was so excited .",
    ),
    ("temporal_word_flip", "it was her first time . she was bad at first . all the sudden she went over a curb ."),
    # "the first day" of something nothing else begins or ends
    (
        "temporal_word_flip",
        "she thought the locket brought her good luck . she wore it on the first day of her new job .",
    ),
    # never a duplicate: "the first and last time" -> "the last and last time"
    ("temporal_word_flip", "That was the first and last time I saw Superman . I still remember his smile ."),
    # "First ... , then ..." inside one sentence, and no later step: "Finally" reads as naturally
    (
        "temporal_word_flip",
        "If nothing else , they were a patient invader . First the levels of oxygen dropped , then the climate "
        "started changing . They were among us for so long .",
    ),
    ("temporal_word_flip", "Two days ago, she left."),  # "two days later" has no anchor
    # a generic act ("finishing one goal gives me ..."); a stop of what nothing else tells went on
    (
        "temporal_word_flip",
        "now i break up big projects into many small goals . finishing one small goal gives me so much "
        "satisfaction that i quit .",
    ),
    ("temporal_word_flip", "he made excuses about being busy . when he stopped answering my emails , i was furious ."),
    # a state of wanting made the effect stays plausible ("eager because her friends banded together")
    (
        "causal_word_flip",
        "susie noticed a restaurant came to town . she was eager to try it . so her friends banded together to try .",
    ),
    # "led to" of direction: "whatever end it resulted from", "the trail resulted from the lake" are garbled
    (
        "causal_word_flip",
        "For humans to someday reach the puzzle , and follow it toward whatever end it led to . "
        "Solving it had been easy .",
    ),
    ("causal_word_flip", "The trail led to the lake ."),
    # round 431: a thing that never happened is told in no order; an adverb the parse hung on a noun
    (
        "temporal_word_flip",
        "tommy bought a diy razor . tommy never received compliments after using the diy razor . "
        "tommy used a proper blade and shaved one day .",
    ),
    (
        "temporal_word_flip",
        "It was too late to run . He hid from whomever was chasing him . Trudging down the city square earlier a "
        "hand had yanked his shoulder and whisked his body round .",
    ),
    # round 432: "cleaning up after his dog" (an idiom); the event must be told again by its verb, not by
    # an adverb ("nearly") or a shared object ("his gaze")
    (
        "temporal_word_flip",
        "one day , larry stepped into a pile of dog mess . larry had to change his shoes . larry talked to his "
        "neighbor about cleaning up after his dog .",
    ),
    (
        "temporal_word_flip",
        "he practiced nearly all day to get his pitching speed up . after nearly giving up he decided to start to "
        "lift weights .",
    ),
    (
        "temporal_word_flip",
        "He made faltering eye contact with the priest before dropping his gaze to the ground . His gaze was blank .",
    ),
    # a fondness or a helplessness made the effect is a plausible one
    (
        "causal_word_flip",
        "a nice man stopped when he saw josh . he became attached to josh . so the man adopted josh .",
    ),
    (
        "causal_word_flip",
        "he had thrown it at me in anger and disgust . i started crying because there was nothing i could do .",
    ),
    # issue 14, strict reading (round 12): a change that leaves the story no less coherent is no break
    ("temporal_swap", "he started eating it when the doorbell rang . he laid it on the table ."),  # same moment
    (
        "temporal_swap",
        "I began to walk to my left to grab the towel that was next to the shower when I slid on something . "
        "I looked at the floor .",
    ),
    # states or habits: "then" orders nothing ("they loved the options" / "would suggest")
    (
        "temporal_swap",
        "they loved all the options that were available . then the one said , can you believe how fresh the options are .",
    ),
    (
        "temporal_swap",
        "this was often a chore . norma would suggest something , robert would disagree . "
        "then robert would suggest something , and norma would disagree .",
    ),
    # the same act twice, on two things: either order is coherent
    (
        "temporal_swap",
        "they walked the peach orchard and tried some peaches . then they walked the apple orchard and tried some "
        "apples too .",
    ),
    # "that deep sound" is a determiner, not a pronoun pointing back at the pulse
    (
        "temporal_swap",
        "My mind fluttered . I checked her pulse , and I felt it . "
        "Then that deep sound roared again outside , shaking everything once more .",
    ),
    # "clear it" means his head, not the boxes of the earlier clause: the later event does not depend on it
    ("temporal_swap", "He stared at the boxes for a long time . Then he shook his head to clear it and looked again ."),
    # made the effect, a lack of money (or a perception) is still a plausible one
    (
        "causal_swap",
        "he did n't have much money for entertainment . so he bought alcohol to forget about his troubles .",
    ),
    ("causal_word_flip", "he saw an object on the ground so he stopped to look ."),
    ("causal_swap", "He heard a noise , so he got up ."),
    # "he" may mean fred ("him"), not the friend: exchanging the subjects would change who acts
    (
        "causal_swap",
        "fred installed a camera . but his friend convinced him it was unnecessary . so he decided to remove it .",
    ),
    # two states joined by "because"/"so": the flip reads as evidence for an inference, not a reversal
    ("causal_word_flip", "i like my journal . it also feels authentic because it is an older style ."),
    ("causal_word_flip", "It had only been a week , so most of my belongings were still packed in my boxes ."),
    ("causal_swap", "she asked him why . he said because she had a son already ."),  # what was said, not a cause
    ("causal_swap", "No one notices it because it ’s all around us ."),  # "it" is not "no one": garbled
    # "because" explains only "bill smiled": ", so" would make the whole line its cause
    ("causal_word_flip", "kyle pocketed the cash and bill smiled because the mystery was solved ."),
    ("causal_swap", "kyle pocketed the cash and bill smiled because the mystery was solved ."),
    # two events nothing ties together: "before" is as coherent as "after"
    ("temporal_word_flip", "shelly had n't shown up . after bingo was over mary went over to her house ."),
    (
        "temporal_word_flip",
        "one day sarah came home from work early . sarah caught john sleeping with her best friend .",
    ),
    ("temporal_word_flip", "he walked to the room at the end of the hall . it was dark ."),  # a place, not a time
    ("temporal_word_flip", "He raises his gun on me . Mine was up first . I shot him ."),  # "up last": no idiom
    # round 150 (main's code): details nothing depends on, idioms and parses that only look like time words
    (
        "temporal_word_flip",
        "she could not stand up . fortunately , her husband came home from work earlier . he called the ambulance .",
    ),
    ("temporal_word_flip", "he had a few toys . the last toy he sold was a gi joe , and it got $ 2000 at auction ."),
    (
        "temporal_word_flip",
        "one morning he was reading the paper as he ate cereal . suddenly he noticed his own words on the page .",
    ),
    (
        "temporal_word_flip",
        "she hurried home after work that morning . then she brought her plant inside .",
    ),  # "before work" fits
    ("temporal_word_flip", "sometimes i went to bed right after dinner i would be so tired . it was worth it ."),
    # "after" is an adverb here ("After, joe cooked ..."): "before joe cooked ..." would be a fragment
    (
        "temporal_word_flip",
        "joe went to his son 's game and his son won . after joe cooked ribs on the grill and his son enjoyed them .",
    ),
    (
        "temporal_word_flip",
        "he pulled the cord several times but the mower would not start .",
    ),  # a machine, not an event
    ("temporal_word_flip", "her eyes began to shut . before she knew it she had fallen asleep on her desk ."),  # idiom
    ("temporal_word_flip", "after a few times he felt that his shooting skills were improving . he shot a window ."),
    # round 330: "first" after "finally" reads as the start of a plausible sequence; adverb "last"
    # ("she last thought") is no English; idioms ("before long", "at the last minute", "for the first
    # time", "sprint after"); "woke up that morning" is as coherent as "that night"; stopping what
    # nothing later needs going on; "nearly started"
    ("temporal_word_flip", "robert had to rush to the store . finally , robert was able to sit on his couch ."),
    ("temporal_word_flip", "she first thought it might be sick . she realized though that the little guy was sleepy ."),
    ("temporal_word_flip", "next on his collection was a nice samurai sword . but first he needed money ."),
    ("temporal_word_flip", "she joined them . before long , they were making inappropriate jokes ."),
    ("temporal_word_flip", "she handed in her paper at the last minute . she was lucky ."),
    (
        "temporal_word_flip",
        "his wife convinced him to try sushi for the first time . he took one bite and spit it out .",
    ),
    (
        "temporal_word_flip",
        "she removed her heels to sprint after the thief . the heel rammed into the thief 's neck .",
    ),
    (
        "temporal_word_flip",
        "gabby checked into the hotel . she woke up that night to find bedbug bites on her legs . "
        "she jumped out of the bed .",
    ),
    ("temporal_word_flip", "i dropped her from about a foot high . she started whining . i think she was okay ."),
    ("temporal_word_flip", "the puzzle was difficult . but frank nearly finished the puzzle in a few hours ."),
    # round 331: "finished X" -> "started X" with nothing telling X was done; "could n't stop" -> "could n't
    # start"; durations ("after many hours", "after awhile"); a time-of-day cue far away in a long story
    ("temporal_word_flip", "despite being distracted , i finished some work ."),
    ("temporal_word_flip", "i could n't stop having the dream . i became so frightened ."),
    ("temporal_word_flip", "he searched for the key for hours . after many hours , he found the key in the kitchen ."),
    ("temporal_word_flip", "they did n't know who should judge it . after awhile they found someone to judge ."),
    (
        "temporal_word_flip",
        "it was dark when we met . we talked . we laughed . we ate . we left . we went up to the roof to see the sunset .",
    ),
    # round 332: a habit's time of day ("every night" -> "every morning") contradicts nothing
    ("temporal_word_flip", "it was dark . they begged for the meatloaf every night ."),
    # round 330: a habit made the cause explains almost any state; a feeling made the effect of an act is
    # a plausible reaction
    (
        "causal_swap",
        "i used to be scared of the basement . i go down there all the time because i am no longer afraid .",
    ),
    ("causal_word_flip", "he was okay at third base so his team usually played him there ."),
    ("causal_word_flip", "mary felt stressed out at work . so she bought iced coffee during breaks every day ."),
    ("causal_swap", "the show was long . she got very bored though . so she put on a movie ."),
    # round 332: the habit inside the verb's complement ("shows them love always"); a feeling begun
    (
        "causal_word_flip",
        "he can not play with other kids . for simon his pets are his best friends so he shows them love always .",
    ),
    ("causal_word_flip", "marcus felt left out . marcus started feeling lonely , so he started playing online games ."),
    ("causal_swap", "marcus felt left out . marcus started feeling lonely , so he started playing online games ."),
    # round 330: "when it came to" is an idiom; "it was time for dinner" may come in either order
    ("temporal_swap", "her family had a party . when it came to the gifts , susie opened them ."),
    ("temporal_swap", "they bought chips . they ate the whole bag in one sitting . soon it was time for dinner ."),
    # a perception made the cause reads as evidence ("he saw the stars, so the sky was clear": an inference)
    ("causal_swap", "The sky was clear, so he saw the stars."),
    ("causal_swap", "they were talking very loudly so i heard some of their conversation . i ended up listening ."),
    (
        "causal_word_flip",
        "he came to work to find the factory empty . he panicked because he thought everyone had quit .",
    ),
    # an inability made the effect is a plausible one ("he started panicking, so he could n't do arithmetic")
    ("causal_swap", "he started panicking because he could n't do arithmetic . his mom calmed him down ."),
    ("causal_word_flip", "he started panicking because he could n't do arithmetic . his mom calmed him down ."),
    # "swam" tagged as a present: "This is because she swam" would mix the tenses
    (
        "causal_word_flip",
        "she really wanted the gold medal . it was her dream to win . so she swam as best she could .",
    ),
    # ellipsis: "I have (loved her)"
    ("causal_swap", "I loved Lloraine . I have since I first met her . But I was a coward ."),
    ("causal_word_flip", "michael and his cousin were close . they were best friends since they were little ."),  # time
    # "this" moved to the first sentence would point at another sentence
    (
        "causal_swap",
        "what he enjoyed the most was when she would read to the class . this inspired irving to become an avid "
        "reader . as a result , irving made excellent grades in school .",
    ),
    # round 74: "first" -> "finally" with only "then"/"soon" after reads as "at last" (roc 2623)
    (
        "temporal_word_flip",
        "sally started taking sewing lessons with claire . first they learned to thread the needle . then they "
        "practiced sewing in straight lines . soon they were working with a simple pattern . sally made a pillow "
        "and blanket for her dolls .",
    ),
    # round 74: "after" + a noun -> "before" reads as a flashback or as merely late (roc 791, roc 1656)
    (
        "temporal_word_flip",
        "connie loved going to the movies . she also enjoyed her high school art class . connie wanted a job that "
        "combined the things she loved . connie majored in art in college . after college she got a job designing "
        "posters for movies .",
    ),
    (
        "temporal_word_flip",
        "it was a day of inspection . jack did n't show up to work on time . jack showed up after the inspection "
        ". jack was fired for being late .",
    ),
    # round 74: "the next day" on a state -> "the previous day" fits either day (wp 894)
    (
        "temporal_word_flip",
        "last week uncle dave came over . daddy got really mad and started yelling at him . mommy took me away . "
        "the next day , mommy was really sad , and daddy was sad too .",
    ),
    # a WP reading on 2026-12-02: an order tells no event ("Finish the meal" -> "Start the meal"), and
    # "a bit before" is a brief measure ("slithered a bit before the tires bit" -> "after" is as plausible)
    (
        "temporal_word_flip",
        "The fox caught a hen . It began the meal at once . Finish the meal quickly , it thought . "
        "The farmer came running .",
    ),
    (
        "temporal_word_flip",
        "She turned the key and the engine roared . She put it into first and gave it gas . The old car "
        "slithered a bit before the tires bit into the road , and the car surged forward . A chirp of the "
        "rear tires proved that she still had grunt . She smiled .",
    ),
]

SWAPS = ("causal_swap", "temporal_swap")
FLIPS = ("causal_word_flip", "temporal_word_flip")


@pytest.mark.parametrize("name,text,expected", GOLDEN)
def test_golden(name, text, expected, annotator):
    out = get_transform(name)(text, seed=0, annotator=annotator)
    assert out is not None and out.text == expected
    assert_edits_consistent(text, out)
    assert all(e.transform == name for e in out.edits)


@pytest.mark.parametrize("name,text", NONE)
def test_returns_none_when_it_cannot_be_right(name, text, annotator):
    assert get_transform(name)(text, seed=0, annotator=annotator) is None


@pytest.mark.parametrize("name", ["causal_word_flip", "causal_swap"])
def test_causal_edits_target_the_site_another_sentence_depends_on(name, annotator):
    """Of two sites, every seed takes the one a later sentence mentions again, and the note names it."""
    # ("He was tired, so he went to bed" is declined by causal_swap since round 580: "he went to bed, so he
    # was tired" reads as a conclusion drawn; a want the act removes stays a wrong cause)
    text = "He was hungry, so he ate a sandwich. She was sad because it rained. He liked the sandwich."
    t = get_transform(name)
    outs = {t(text, seed=s, annotator=annotator) for s in range(8)}
    assert {o.text.split(". ")[1] for o in outs} == {"She was sad because it rained"}
    assert all(e.note.endswith("; contradicts sentence 3") for o in outs for e in o.edits)


def test_temporal_flip_targets_the_event_told_again_and_names_it(annotator):
    """Of two "before" sites, every seed takes the one whose event another sentence tells again
    as fact ("he figured out the exit at last"; since round 58 a "not sure where to exit" tells no event),
    and the note names that sentence; the other ("before lunch") orders nothing."""
    text = (
        "he figured out the exit at last . he stopped for gas before lunch . "
        "he drove around for two hours before figuring out the exit ."
    )
    t = get_transform("temporal_word_flip")
    outs = {t(text, seed=s, annotator=annotator) for s in range(8)}
    assert {o.text for o in outs} == {text.replace("hours before", "hours after")}
    assert all(e.note == "before -> after; contradicts sentence 1" for o in outs for e in o.edits)


def _words(text: str) -> Counter:
    return Counter(w.lower() for w in re.findall(r"[\w'\[\]]+", text))


@pytest.mark.parametrize("name,text,expected", [g for g in GOLDEN if g[0] in SWAPS])
def test_swaps_exchange_two_spans_and_keep_the_words(name, text, expected, annotator):
    out = get_transform(name)(text, seed=0, annotator=annotator)
    assert _words(out.text) == _words(text)
    a, b = sorted(out.edits, key=lambda e: e.before_span)
    # the clauses change places; their subjects may stay put ("Tom was hungry. So he ate" ->
    # "Tom ate ... So he was hungry"), so compare what follows the first word
    assert _same_predicate(a.before, b.after) and _same_predicate(b.before, a.after)


def _same_predicate(x: str, y: str) -> bool:
    """The clauses agree after their subjects (one may keep a longer subject: "The dog found" / "it found")."""
    x, y = x.split(" ", 1)[1], y.split(" ", 1)[1]
    return x.endswith(y) or y.endswith(x)


def _forms(word: str) -> set[str]:
    from lemminflect import getAllInflections

    forms = {word}
    for tup in getAllInflections(word).values():
        forms.update(tup)
    return forms


def _flip_in_table(kind: str, before: str, after: str) -> bool:
    """Some row of the opposites table turns a form of ``before`` into a form of ``after``."""
    b, a = re.findall(r"[a-z']+", before.lower()), re.findall(r"[a-z']+", after.lower())
    for row in table(f"{kind}_opposites.tsv"):
        word, opp = row["word"].split(), row["opposite"].split()
        if any(f in b for f in _forms(word[0])) and any(f in a for f in _forms(opp[0])):
            return True
    return False


@pytest.mark.parametrize("name,text,expected", [g for g in GOLDEN if g[0] in FLIPS])
def test_flipped_word_is_in_the_opposites_table(name, text, expected, annotator):
    out = get_transform(name)(text, seed=0, annotator=annotator)
    kind = name.split("_")[0]
    main = [e for e in out.edits if e.note != "a/an agreement"]
    assert len(main) == 1
    assert _flip_in_table(kind, main[0].before, main[0].after), main[0]


def test_flip_table_check_can_fail():
    assert not _flip_in_table("temporal", "early", "before")
    assert _flip_in_table("temporal", "started", "stopped")


def test_lexicons_load_with_their_columns():
    for kind in ("causal", "temporal"):
        assert {"phrase", "where"} <= set(table(f"{kind}_connectives.tsv")[0])
        rows = table(f"{kind}_opposites.tsv")
        assert rows and all(r["word"] and r["opposite"] and r["rule"] for r in rows)
    assert "day" in {r["unit"] for r in table("temporal_units.tsv")}


@pytest.mark.parametrize("name", SWAPS + FLIPS)
def test_seeds_choose_among_sites_deterministically(name, annotator):
    text = {
        "causal_swap": "She cried because she lost. He left, so she stayed.",
        "temporal_swap": "He bought a cake before he ate the cake. She lost her dog before she found the dog.",
        "causal_word_flip": "She cried because she lost. He left, so she stayed.",
        "temporal_word_flip": "He woke up early. The next day, he was late for work.",
    }[name]
    t = get_transform(name)
    outs = {t(text, seed=s, annotator=annotator).text for s in range(12)}
    assert len(outs) >= 2
    assert t(text, seed=5, annotator=annotator).text == t(text, seed=5, annotator=annotator).text


@pytest.mark.parametrize("name", SWAPS + FLIPS)
@given(text=texts())
def test_properties_on_arbitrary_text(name, text, annotator):
    out = check_properties(get_transform(name), text, annotator)
    if out is not None and name in SWAPS:
        assert _words(out.text) == _words(text)


ROC = Path(__file__).resolve().parents[2] / "shared" / "data" / "roc" / "rocstories_dev.tsv"


@pytest.mark.skipif(not ROC.exists(), reason="shared ROCStories data not present")
@pytest.mark.parametrize("name", SWAPS + FLIPS)
def test_real_stories_keep_edits_consistent(name, annotator):
    stories = []
    with open(ROC, encoding="utf-8") as f:
        # (temporal_swap applies to ~4% of stories, causal_swap to ~1%, causal_word_flip to ~0.7% since
        # round 711: they read more of them)
        for line, _ in zip(f, range({"causal_swap": 400, "causal_word_flip": 800}.get(name, 200))):
            sents = [s.strip().rstrip(" @").strip() for s in line.split("<EOL>")[1].split("</s>") if s.strip()]
            stories.append(" ".join(sents))
    t = get_transform(name)
    outs = t.batch(stories, seed=0, annotator=annotator)
    assert sum(o is not None for o in outs) >= 3
    for text, out in zip(stories, outs):
        if out is not None:
            assert_edits_consistent(text, out)
            if name in SWAPS:
                assert _words(out.text) == _words(text)


def test_clause_helpers_read_the_same_facts_as_the_tokens(annotator):
    """The per-Doc word lists and sentence facts that the clause helpers scan instead of Tokens
    agree with the tokens they stand for (quotes, lone apostrophes, capitals, paragraphs)."""
    from perturbkit.annotation.tables import sentences, token_columns
    from perturbkit.transforms._discourse import clauses as C

    text = (
        "He said \"Go away!\" and left. Then she cried , ' no ' .\n\nBecause it rained, "
        "Tom stayed HOME. “Fine,” she said. After that, they began eating."
    )
    doc = annotator.parse(text)
    assert list(C.word_lowers(doc)) == [t.lower_ for t in doc]
    assert list(C.lemma_lowers(doc)) == [t.lemma_.lower() for t in doc]
    assert list(token_columns(doc)["HEAD"]) == [t.head.i for t in doc]
    sents = sentences(doc)
    assert [(a, b) for a, b, _ in C.sentence_quotes(doc)] == [(s.start, s.end) for s in sents]
    quoted = [any(t.text in C.QUOTE_CHARS or t.text == "'" for t in s) for s in sents]
    assert [C.has_quotes(s) for s in sents] == quoted == [not ok for *_, ok in C.sentence_quotes(doc)]
    assert any(quoted) and not all(quoted)
    for start in range(len(doc)):
        for end in range(start + 1, len(doc) + 1):
            tops = [t for t in doc[start:end] if not (start <= t.head.i < end) or t.head.i == t.i]
            head = C.single_head(doc, start, end)
            assert (head.i if head is not None else None) == (tops[0].i if len(tops) == 1 else None)
            assert C.Clause(start, end, doc[start]).text(doc) == doc[start:end].text


def test_causal_word_flip_note_names_the_words_it_inserts():
    # the edit note once said "this is because" where the text got "this was because"
    v = get_transform("causal_word_flip")(Example(id="n", text="Tom was hungry. So he ate a sandwich."), seed=0)
    assert v is not None and v.text == "Tom was hungry. This was because he ate a sandwich."
    (edit,) = v.edits
    assert edit.after.strip() == "This was because"
    assert edit.note.startswith("so -> this was because")
