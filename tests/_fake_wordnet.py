"""A tiny WordNet database in the Princeton file format (what Debian's wordnet-base installs),
for testing WordNet preparation and the WordNet-backed providers without the real data."""

from __future__ import annotations

from pathlib import Path

HEADER = "  1 WordNet 3.0 Copyright 2006 by Princeton University.  All rights reserved.  \n"

# pos file -> synsets: (id, lexfile, ss_type, [(word, lex_id)], [(symbol, target id, src/tgt)], gloss)
SYNSETS = {
    "noun": [
        (
            "animal",
            3,
            "n",
            [("animal", 0), ("beast", 0)],
            [("~", "dog", "0000"), ("~", "cat", "0000")],
            "a living organism",
        ),
        ("dog", 5, "n", [("dog", 0), ("domestic_dog", 0)], [("@", "animal", "0000")], "a member of the genus Canis"),
        ("cat", 5, "n", [("cat", 0)], [("@", "animal", "0000")], "feline mammal"),
    ],
    "adj": [
        ("happy", 0, "a", [("happy", 0)], [("!", "unhappy", "0101"), ("&", "glad", "0000")], "enjoying well-being"),
        ("unhappy", 0, "a", [("unhappy", 0)], [("!", "happy", "0101")], "not happy"),
        ("glad", 0, "s", [("glad", 0), ("happy", 1)], [("&", "happy", "0000")], "showing joy"),
    ],
    "verb": [("run", 38, "v", [("run", 0)], [], "move fast by using one's feet")],
    "adv": [("quickly", 2, "r", [("quickly", 0)], [], "with speed")],
}
_POS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}


def _data_line(entry, offsets: dict[str, int]) -> str:
    sid, lexfile, ss_type, words, ptrs, gloss = entry
    parts = [f"{offsets[sid]:08d}", f"{lexfile:02d}", ss_type, f"{len(words):02x}"]
    for word, lex_id in words:
        parts += [word, f"{lex_id:x}"]
    parts.append(f"{len(ptrs):03d}")
    for sym, target, st in ptrs:
        pos = next(p for p, ents in SYNSETS.items() if any(e[0] == target for e in ents))
        parts += [sym, f"{offsets[target]:08d}", _POS[pos], st]
    return " ".join(parts) + f" | {gloss}  \n"


def build(root: Path, *, with_cntlist: bool = True) -> Path:
    """Write the tiny database into ``root`` (created) and return it."""
    root.mkdir(parents=True, exist_ok=True)
    offsets = {e[0]: 0 for ents in SYNSETS.values() for e in ents}
    for _ in range(2):  # offsets are fixed width, so the second pass is exact
        for ents in SYNSETS.values():
            at = len(HEADER.encode())
            for e in ents:
                offsets[e[0]] = at
                at += len(_data_line(e, offsets).encode())
    for pos, ents in SYNSETS.items():
        (root / f"data.{pos}").write_text(HEADER + "".join(_data_line(e, offsets) for e in ents), encoding="utf-8")
        index: dict[str, list[int]] = {}
        for e in ents:
            for word, _ in e[3]:
                index.setdefault(word.lower(), []).append(offsets[e[0]])
        lines = [
            f"{w} {_POS[pos]} {len(o)} 0 {len(o)} 0 " + " ".join(f"{x:08d}" for x in o) + "  \n"
            for w, o in sorted(index.items())
        ]
        (root / f"index.{pos}").write_text(HEADER + "".join(lines), encoding="utf-8")
    (root / "noun.exc").write_text("dogs dog\n", encoding="utf-8")
    (root / "verb.exc").write_text("ran run\n", encoding="utf-8")
    (root / "adj.exc").write_text("happier happy\n", encoding="utf-8")
    (root / "adv.exc").write_text("", encoding="utf-8")
    if with_cntlist:
        # nltk's binary search never finds a file's first line, as in the real (long) file
        (root / "cntlist.rev").write_text(
            "a%1:10:00:: 1 1\ndog%1:05:00:: 1 42\nhappy%3:00:00:: 1 7\nzebra%1:05:00:: 1 1\n", encoding="utf-8"
        )
    return root
