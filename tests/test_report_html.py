"""The HTML report: tables with the markdown numbers, inline PNG plots, escaped worst failures with
their edits marked, and the `perturbkit report` command."""

from __future__ import annotations

import base64
import html as _html
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perturbkit.cli import main
from perturbkit.example import Edit, Example
from perturbkit.io import write_json
from perturbkit.kinds import get_kind
from perturbkit.report import Case, Report, TestResult
from perturbkit.report.html import edit_markup, render_html, to_html, worst_failures
from perturbkit.report.markdown import summary_table
from perturbkit.stats import window_difference_correlation


def _variant(orig: Example, old: str, new: str, tag: str, transform: str = "swap_word") -> Example:
    start = orig.text.index(old)
    text = orig.text[:start] + new + orig.text[start + len(old) :]
    edit = Edit(transform, (start, start + len(old)), (start, start + len(new)), old, new, "test edit")
    return orig.derive(text, (edit,), tag)


def small_report() -> Report:
    """Three originals; variants: one scored ABOVE its original (a failure), two below."""
    o1 = Example("Tom went home. He ate <soup> & bread.", id="s1", context="A <b>day</b>.")
    o2 = Example("Ann ran fast. She won the race.", id="s2")
    o3 = Example("The cat slept. It woke up at noon.", id="s3")
    v1 = _variant(o1, "<soup>", "<script>alert(1)</script>", "swap")
    v2 = _variant(o2, "won", "lost", "swap")
    v3 = _variant(o3, "slept", "slep", "typo", transform="typos")
    examples = {e.id: e.to_dict() for e in (o1, o2, o3, v1, v2, v3)}
    disc = TestResult(
        name="word_swap",
        kind="discrimination",
        aspect="consistency",
        transforms=["swap_word"],
        counts={"n_not_applicable": 1, "n_filtered": {"changed": 0}},
        stats={
            "bleu": {
                "n_pos": 3,
                "n_neg": 2,
                "pearson": 0.4321,
                "pearson_p": 0.01,
                "p_holm": 0.02,
                "win_rate": 0.5,
                "mean_delta": 0.05,
                "delta_ci_low": -0.1,
                "delta_ci_high": 0.2,
            },
            "union": {"n_pos": 3, "n_neg": 2, "pearson": 0.7654, "pearson_p": 0.2, "p_holm": 0.4},
        },
        cases=[
            Case("s1", "original", 1, scores={"bleu": 0.30, "union": 0.9}),
            Case("s2", "original", 1, scores={"bleu": 0.50, "union": 0.8}),
            Case("s3", "original", 1, scores={"bleu": 0.70, "union": 0.7}),
            Case(v1.id, "variant", 0, pair_of="s1", transform="swap_word", scores={"bleu": 0.55, "union": 0.2}),
            Case(v2.id, "variant", 0, pair_of="s2", transform="swap_word", scores={"bleu": 0.10, "union": 0.1}),
        ],
    )
    inv = TestResult(
        name="typos",
        kind="invariance",
        transforms=["typos"],
        counts={"n_not_applicable": 0},
        stats={
            "bleu": {
                "n_pos": 1,
                "n_neg": 1,
                "pearson": None,
                "abs_r": None,
                "moved_share": 1.0,
                "tolerance_abs": 0.05,
                "note": "only 2 pair(s): correlation undefined",
            },
            "union": {"n_pos": 1, "n_neg": 1, "abs_r": None, "moved_share": 0.0, "tolerance_abs": 0.05},
        },
        cases=[
            Case("s3", "original", 1, scores={"bleu": 0.70, "union": 0.7}),
            Case(v3.id, "variant", 0, pair_of="s3", transform="typos", scores={"bleu": 0.40, "union": 0.71}),
        ],
    )
    human_m = [0.1, 0.2, 0.25, 0.4, 0.5, 0.45, 0.7]
    human_h = [1.0, 1.4, 2.0, 2.6, 3.0, 3.8, 4.6]
    win = window_difference_correlation(human_m, human_h, size=3, stride=1).to_dict()
    rated = [
        Case(f"r{i}", "rated", scores={"bleu": m, "union": 1 - m}, rating=h, groups={"system": "gpt"})
        for i, (m, h) in enumerate(zip(human_m, human_h))
    ]
    hum = TestResult(
        name="human_ratings",
        kind="human_correlation",
        counts={"n_rated": 7, "n_excluded": 1},
        stats={
            "bleu": {"n": 7, "pearson": 0.9612, "pearson_p": 0.001, "windows": win},
            "union": {"n": 7, "pearson": -0.9612, "pearson_p": 0.001},
        },
        cases=rated,
    )
    for c in rated:
        examples[c.id] = Example(f"story {c.id}", id=c.id).to_dict()
    return Report(
        suite="mini <suite>",
        description="A & B",
        tests=[disc, inv, hum],
        metrics=[{"name": "bleu"}, {"name": "union"}],
        data={"n_examples": 3, "source": "x.jsonl"},
        examples=examples,
        version="0.1.0",
    )


@pytest.fixture(scope="module")
def report() -> Report:
    return small_report()


@pytest.fixture(scope="module")
def page(report, tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("html") / "report.html"
    render_html(report.to_dict(), path)  # from the JSON dict, as the CLI's file gives it
    assert [p.name for p in path.parent.iterdir()] == ["report.html"]  # atomic: no temp file left
    return path.read_text(encoding="utf-8")


def _cells(md_lines: list[str]) -> list[str]:
    cells = []
    for line in md_lines[2:]:
        cells += [c.strip().strip("*") for c in line.strip().strip("|").split("|")]
    return cells


def test_page_is_one_self_contained_file(page):
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<style>" in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)  # nothing fetched from a network
    assert "<link" not in page and "@import" not in page and "url(" not in page
    assert page.count("<script") == 1 and "<script>" in page  # one inline script, nothing loaded


def test_summary_tables_carry_the_markdown_numbers(page, report):
    for kind in ("discrimination", "invariance", "human_correlation"):
        md = summary_table(report.by_kind(kind), report.metric_names)
        for cell in _cells(md):
            plain = cell.replace("*", "")
            assert _html.escape(plain, quote=False) in page, (kind, cell)
    assert "0.500*" in page  # the Holm star kept


def test_the_heat_map_opens_the_page(page, report):
    assert page.index('id="overview"') < page.index('id="why"') < page.index('id="summary"') < page.index('id="tests"')
    assert f"<strong>{report.tally()}</strong>" in page
    overview = page[page.index('id="overview"') : page.index('id="why"')]
    cells = re.findall(
        r'<td class="cell (\w+)" style="background:([^"]+)" title="([^"]*)"><a href="#([^"]+)">([^<]+)<', overview
    )
    # 3 tests x 2 metrics; bleu's win rate is 0.5 (FAIL, red); union has no pairs (INCONCLUSIVE, amber)
    assert len(cells) == 6
    status, colour, title, href, text = cells[0]
    assert (status, href, text) == ("fail", "test-word_swap", "0.500") and colour.startswith("hsl(3,")
    assert "FAIL: win_rate 0.500 &lt; 0.75" in title
    assert cells[1][0] == "inconclusive" and cells[1][1].startswith("hsl(40,")
    assert [c[3] for c in cells] == ["test-word_swap"] * 2 + ["test-typos"] * 2 + ["test-human_ratings"] * 2
    assert all(f'id="{c[3]}"' in page for c in cells)  # every link lands on a test section
    # the rule each test is judged by stands beside its figures
    assert "<code>win_rate &gt;= 0.75</code>" in overview and "<code>abs_r &lt;= 0.1</code>" in overview
    why = page[page.index('id="why"') : page.index('id="summary"')]
    assert '<span class="verdict fail">FAIL</span> win_rate 0.500 &lt; 0.75' in why
    assert '<span class="verdict inconclusive">INCONCLUSIVE</span>' in why


def test_pass_and_fail_shades_deepen_with_the_distance_from_the_threshold():
    from perturbkit.report.html import _shade

    disc = get_kind("discrimination")
    near, far = disc.judge({"win_rate": 0.76, "n_pairs": 9}), disc.judge({"win_rate": 1.0, "n_pairs": 9})
    low = disc.judge({"win_rate": 0.2, "n_pairs": 9})
    lightness = lambda c: int(re.search(r"(\d+)%\)$", c).group(1))  # noqa: E731
    assert _shade(disc, near).startswith("hsl(130,") and _shade(disc, low).startswith("hsl(3,")
    assert lightness(_shade(disc, far)) < lightness(_shade(disc, near))


def test_tests_are_collapsed_sections_and_a_link_opens_them(page):
    sections = re.findall(r'<details class="test (\w+)" id="(test-[^"]+)"( open)?>', page)
    assert [(s[1], s[2]) for s in sections] == [("test-word_swap", ""), ("test-typos", ""), ("test-human_ratings", "")]
    assert [s[0] for s in sections] == ["fail", "inconclusive", "inconclusive"]
    assert "d.open = true" in page and "hashchange" in page  # the inline script opens a linked section


def test_the_page_is_rendered_from_the_package_templates():
    from perturbkit.report.html import environment

    names = environment().list_templates()
    assert "report.html.j2" in names and "_test.html.j2" in names and "_overview.html.j2" in names


def test_a_disagreement_note_and_no_bold_when_every_metric_fails():
    origs = [0.5] * 8
    cases = [Case(f"s{i}", "original", scores={"a": o, "b": o}) for i, o in enumerate(origs)]
    cases += [Case(f"s{i}/v", "variant", pair_of=f"s{i}", scores={"a": 0.6, "b": 0.7}) for i in range(8)]
    note_stats = {"win_rate": 0.18, "pearson": 0.079, "n_pairs": 8}
    t = TestResult(
        "order", "discrimination", stats={"a": note_stats, "b": {"win_rate": 0.1, "n_pairs": 8}}, cases=cases
    )
    page = to_html(Report(suite="s", tests=[t], metrics=[{"name": "a"}, {"name": "b"}]))
    summary = page[page.index('id="summary"') : page.index('id="tests"')]
    assert "0.180" in summary and "0.100" in summary and '"right"><strong>' not in summary  # both fail: no best
    section = page[page.index('id="test-order"') :]
    assert "Note: r = +0.079 with the label but the original wins 18.0% of its pairs" in section


def test_plots_are_inline_pngs(page):
    uris = re.findall(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    # discrimination + invariance distributions, then per metric a scatter, and one window plot for bleu
    assert len(uris) == 2 + 2 + 1
    assert all(base64.b64decode(u)[:8] == b"\x89PNG\r\n\x1a\n" for u in uris)


def test_failures_are_escaped_and_marked(page):
    # the discrimination failure: v1 scored 0.55 above its original 0.30; v2 (0.10 < 0.50) is not one
    assert '<del title="swap_word: test edit">&lt;soup&gt;</del>' in page
    assert '<ins title="swap_word: test edit">&lt;script&gt;alert(1)&lt;/script&gt;</ins>' in page
    assert "Tom went home. He ate <del" in page and "</ins> &amp; bread." in page
    assert "A &lt;b&gt;day&lt;/b&gt;." in page  # context shown, escaped
    assert "1 of 2 variants scored above their original" in page
    assert "s2/swap" not in page
    # invariance: the typo moved bleu by 0.3 > tolerance 0.05, union by 0.01
    assert "<del" in page and "slep</ins>" in page
    assert "1 of 1 pairs whose score moved beyond the tolerance" in page
    assert "0 of 1 pairs whose score moved beyond the tolerance" in page
    assert "mini &lt;suite&gt;" in page and "A &amp; B" in page


def test_dict_and_object_render_the_same(report):
    strip = re.compile(r"Rendered by perturbkit on [^<]*")
    assert strip.sub("", to_html(report)) == strip.sub("", to_html(report.to_dict()))
    with pytest.raises(TypeError, match="Report"):
        to_html(["not", "a", "report"])


def test_worst_failures_order_and_counts(report):
    disc = report.test("word_swap")
    fails, n = worst_failures(disc, "bleu")
    assert n == 1 and [f.variant.id for f in fails] == ["s1/swap"] and fails[0].delta == pytest.approx(0.25)
    fails, n = worst_failures(disc, "union")
    assert n == 0 and fails == []
    inv = report.test("typos")
    fails, n = worst_failures(inv, "bleu")
    assert n == 1 and fails[0].delta == pytest.approx(-0.3)
    extra = TestResult(
        "t",
        "invariance",
        stats={"m": {"tolerance_abs": 0.1}},
        cases=[
            Case("a", "original", scores={"m": 0.5}),
            Case("b", "original", scores={"m": 0.5}),
            Case("a/v", "variant", pair_of="a", scores={"m": 0.45}),
            Case("b/v", "variant", pair_of="b", scores={"m": 0.9}),
        ],
    )
    fails, n = worst_failures(extra, "m", limit=1)
    assert n == 1 and [f.variant.id for f in fails] == ["b/v"]


def _directional(expect: str, **opts) -> TestResult:
    from perturbkit.kinds import evaluate
    from perturbkit.suite import Directional

    origs = [0.5, 0.5, 0.5, 0.7, 0.3]
    moved = [0.4, 0.1, 0.9, 0.71, 0.3]
    cases = [Case(f"s{i}", "original", scores={"m": o}) for i, o in enumerate(origs)]
    cases += [
        Case(f"s{i}/v", "variant", pair_of=f"s{i}", transform="sentence_shuffle", scores={"m": v})
        for i, v in enumerate(moved)
    ]
    spec = Directional(name="d", transforms="sentence_shuffle", expect=expect, **opts)
    return TestResult("d", "directional", stats={"m": evaluate(spec, cases, "m")}, cases=cases)


@pytest.mark.parametrize(
    "expect, opts, worst",
    [
        ("increase", {"units": "absolute"}, ["s1/v", "s0/v", "s4/v"]),
        ("auto", {"units": "absolute"}, ["s2/v", "s3/v", "s4/v"]),  # sentence_shuffle breaks: decrease
        ("decrease", {"units": "absolute", "margin": 0.05}, ["s2/v", "s3/v", "s4/v"]),
        ("decrease", {"units": "std", "margin": 1.0}, ["s2/v", "s3/v", "s4/v", "s0/v"]),
        ("same", {"units": "absolute", "tolerance": 0.05}, ["s1/v", "s2/v", "s0/v"]),
        ("same", {"units": "relative", "tolerance": 0.5}, ["s1/v", "s2/v"]),
    ],
)
def test_worst_failures_directional_matches_the_test(expect, opts, worst):
    t = _directional(expect, **opts)
    fails, n = worst_failures(t, "m")
    assert [f.variant.id for f in fails] == worst
    assert n == t.stats["m"]["n_fail"] == len(worst)  # the same pairs the test counted as failed


def test_edit_markup_spans_and_fallback():
    e = Edit("t", (4, 9), (4, 7), "quick", "sly", "n")
    assert edit_markup("the quick fox", "the sly fox", [e]) == (
        'the <del title="t: n">quick</del><ins title="t: n">sly</ins> fox'
    )
    # an insertion only
    ins = Edit("rep", (3, 3), (3, 7), "", " fox")
    assert edit_markup("the end", "the fox end", [ins]) == 'the<ins title="rep"> fox</ins> end'
    # spans that do not rebuild the variant (e.g. a chain step) fall back to a word diff
    chain = [Edit("a", (0, 3), (0, 1), "the", "a"), Edit("b", (0, 1), (0, 3), "a", "one")]
    out = edit_markup("the quick fox", "one quick fox", chain)
    assert out == "<del>the</del><ins>one</ins> quick fox"
    wrong = [Edit("t", (0, 3), (0, 3), "xyz", "abc")]
    assert edit_markup("<a> b", "<c> b", wrong) == "<del>&lt;a&gt;</del><ins>&lt;c&gt;</ins> b"


def test_cli_report_html_and_markdown(tmp_path, capsys, report):
    src = tmp_path / "report.json"
    write_json(src, report.to_dict())
    out = tmp_path / "sub" / "out.html"
    assert main(["report", str(src), "--html", str(out), "--markdown", "--max-failures", "5"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("# Suite `mini <suite>`") and "| bleu |" in captured.out
    assert str(out) in captured.err
    html_text = out.read_text(encoding="utf-8")
    assert "data:image/png;base64," in html_text and "<del" in html_text
    # without --html: markdown only
    assert main(["report", str(src), "--no-details"]) == 0
    assert "details" not in capsys.readouterr().out


def test_cli_report_bad_input(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{\n  oops\n}")
    assert main(["report", str(bad), "--html", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err
    assert "bad.json:2" in err and not (tmp_path / "x.html").exists()
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"hello": 1}))
    assert main(["report", str(other)]) == 2
    assert "not a perturbkit report" in capsys.readouterr().err


# ------------------------------------------------------------------ properties of the edit markup


def _strip(markup: str, keep: str) -> str:
    """Text a reader sees when keeping only ``keep`` ("del": the original, "ins": the variant)."""
    drop = "ins" if keep == "del" else "del"
    markup = re.sub(rf"<{drop}[^>]*>.*?</{drop}>", "", markup, flags=re.S)
    return re.sub(rf"</?{keep}[^>]*>", "", markup)


@st.composite
def one_step(draw):
    text = draw(st.text(min_size=0, max_size=60))
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=6)))
    spans = [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts) - 1, 2)]
    edits, parts, pos, out_len = [], [], 0, 0
    for s, e in spans:
        new = draw(st.text(max_size=8))
        if text[s:e] == new:
            continue
        parts.append(text[pos:s])
        out_len += s - pos
        edits.append(Edit("t", (s, e), (out_len, out_len + len(new)), text[s:e], new))
        parts.append(new)
        out_len += len(new)
        pos = e
    parts.append(text[pos:])
    return text, "".join(parts), edits


@given(one_step())
def test_edit_markup_reads_back_both_texts(case):
    before, after, edits = case
    out = edit_markup(before, after, edits)
    assert _html.unescape(_strip(out, "del")) == before
    assert _html.unescape(_strip(out, "ins")) == after


@given(st.text(max_size=60), st.text(max_size=60))
def test_word_diff_fallback_reads_back_both_texts(before, after):
    out = edit_markup(before, after, [Edit("a", (0, 0), (0, 0)), Edit("b", (0, 0), (0, 0))])
    assert _html.unescape(_strip(out, "del")) == before
    assert _html.unescape(_strip(out, "ins")) == after
    assert "<" not in re.sub(r"</?(del|ins)[^>]*>", "", out)  # everything else escaped
