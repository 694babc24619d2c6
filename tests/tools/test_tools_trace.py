"""Rule traceability: the section indexes, the trace report, and the coverage of the games."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest

import tavola.games.antike as antike_pkg
from tavola.cli import main
from tavola.core.errors import DataError
from tavola.core.registry import GAMES
from tavola.core.sections import index_for, load_index, package_of, scan, section, sections
from tavola.tools.trace import Package, Trace, name_targets, trace_game, trace_package

GAMES_WITH_INDEX = ["antike-ii", "italia-i", "italia-ii"]


# --- the real games -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def traces() -> dict[str, Trace]:
    """One trace per game package (Italia I and II share theirs)."""
    return {"antike-ii": trace_game("antike-ii"), "italia": trace_game("italia-i")}


@pytest.mark.parametrize("game", GAMES_WITH_INDEX)
def test_index_files_validate_and_serve_plain_data(game: str) -> None:
    index = index_for(game)
    assert index.sections, game
    rows = sections(game)
    json.dumps(rows)  # JSON-ready for the server
    for row in rows:
        assert set(row) == {"id", "ref", "kind", "parent", "depth", "title", "summary"}
        assert row["ref"] == f"§{row['id']}"
        for lang in ("en", "it"):
            assert row["title"][lang].strip() and row["summary"][lang].strip(), (row["id"], lang)
        if row["parent"] is not None:
            assert row["parent"] in index.by_id
    kinds = {r["kind"] for r in rows}
    assert {"rule", "example"} <= kinds


@pytest.mark.parametrize("pkg", ["antike-ii", "italia"])
def test_every_section_the_code_and_tests_cite_exists(traces: dict[str, Trace], pkg: str) -> None:
    unknown = {ref: [str(p) for p in places] for ref, places in traces[pkg].unknown.items()}
    assert not unknown, f"citations of sections missing from {traces[pkg].package}'s index: {unknown}"


def test_antike_every_rule_and_example_is_implemented_and_tested(traces: dict[str, Trace]) -> None:
    gaps = [
        f"§{g['id']} {g['title']}: no {' and no '.join(g['lacks'])}"
        for g in traces["antike-ii"].missing(("rule", "example"))
    ]
    assert not gaps, "Antike II sections without code or tests:\n" + "\n".join(gaps)


def test_antike_index_follows_the_numbering_of_the_package_docstring() -> None:
    """The chapters are numbered in printed order by the Antike package; the index must agree."""
    doc = antike_pkg.__doc__ or ""
    chapters = re.findall(r"^- §(\d+) ([^:]+):", doc, flags=re.M)
    assert len(chapters) == 9
    index = index_for("antike-ii")
    for num, name in chapters:
        assert num in index.by_id, num
        assert index.by_id[num].title["it"].startswith(name.split(",")[0]), (num, name)
    for cited in re.findall(r"§(\d+(?:\.\d+)*)", doc):
        assert cited in index.by_id, cited


def test_sections_of_each_italia_game_leave_out_the_other_games_chapter() -> None:
    one = {r["id"] for r in sections("italia-i")}
    two = {r["id"] for r in sections("italia-ii")}
    assert {"13.1", "13.4", "FAQ-13.4", "6.3", "CL-romans"} <= one - two
    assert {"14.1", "14.3", "FAQ-14.3", "5.2", "FAQ-franks"} <= two - one
    assert {"9.3", "9.3-apulia", "FAQ-9.1", "HR-10.4"} <= one & two


@pytest.mark.parametrize(
    ("game", "ref", "found"),
    [
        ("antike-ii", "§5.1", "5.1"),
        ("antike-ii", "§8-pella", "8-pella"),
        ("antike-ii", "5.2", "5.2"),
        ("italia-i", "§9", "9.0"),
        ("italia-i", "§6.1 FAQ", "FAQ-6.1"),
        ("italia-i", "§FAQ-9.1", "FAQ-9.1"),
        ("italia-i", "§9.7 house rule", "HR-9.7"),
        ("italia-ii", "FAQ 'Franchi'", "FAQ-franks"),
        ("antike-ii", "§11", None),
        ("italia-i", "§6.2 FAQ", None),
    ],
)
def test_section_resolves_a_citation_as_the_code_writes_it(game: str, ref: str, found: str | None) -> None:
    got = section(game, ref)
    assert (got["id"] if got else None) == found


# --- citations ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the rule (§9.3) says", ["9.3"]),
        ("see §9.1 FAQ here", ["FAQ-9.1"]),
        ("FAQ §12.5: the ruler", ["FAQ-12.5"]),
        ("rebuilt (§10.6.1\n    clarification)", ["CL-10.6.1"]),
        ('rule="§10.4 house rule"', ["HR-10.4"]),
        ("§12.5.1 and FAQ: both", ["12.5.1"]),
        ("§8-pella example", ["8-pella"]),
        ("§FAQ-6.1 and CL-7.1", ["FAQ-6.1", "CL-7.1"]),
        ("ends at §7.3.", ["7.3"]),
        ("§5.2/§7.3 founding", ["5.2", "7.3"]),
        ("§ 4 with a space", ["4"]),
        ("cited as `§n`, or a bare § sign", []),
    ],
)
def test_scan_finds_plain_and_prose_citations(text: str, found: list[str]) -> None:
    assert [c.target for c in scan(text)] == found


def test_scan_reads_quoted_card_notes() -> None:
    cites = scan("FAQ 'Visigoti e Unni': a unit leaves; clarification 'Romani, Italia I'")
    assert [c.alias for c in cites] == [("FAQ", "Visigoti e Unni"), ("clarification", "Romani, Italia I")]


# --- a synthetic game -----------------------------------------------------------------------
INDEX = """\
rulebook: {en: Harbour game, it: Gioco del porto}
sections:
  - {id: "1", kind: intro, title: {en: Start, it: Inizio}, summary: {en: How to start., it: Come iniziare.}}
  - {id: "1.1", kind: rule, title: {en: Ships, it: Navi}, summary: {en: Ships sail., it: Le navi salpano.}}
  - id: 1.1-harbour
    kind: example
    match: [port]
    title: {en: "Example: the harbour", it: "Esempio: il porto"}
    summary: {en: A ship enters., it: Una nave entra.}
  - {id: 1.1-storm, kind: example, title: {en: Storm, it: Tempesta}, summary: {en: A storm., it: Una tempesta.}}
  - {id: FAQ-1.1, kind: faq, title: {en: Waiting, it: Attesa}, summary: {en: Fleets wait., it: Le flotte aspettano.}}
  - {id: "2.0", kind: rule, title: {en: Trade, it: Commercio}, summary: {en: Goods move., it: Le merci viaggiano.}}
  - {id: "2.1", kind: rule, title: {en: Prices, it: Prezzi}, summary: {en: Prices rise., it: I prezzi salgono.}}
  - id: CL-cards
    kind: faq
    aliases: [Carte]
    match: [deck]
    title: {en: Cards, it: Carte}
    summary: {en: Cards are dealt., it: Le carte si distribuiscono.}
  - {id: "3", kind: component, title: {en: Box, it: Scatola}, summary: {en: The box., it: La scatola.}}
"""

MODULE = '''\
"""Harbour game (§1)."""


def sail(x: int) -> int:
    """§1.1 ships sail; the §1.1 FAQ says fleets wait."""
    return x


class Market:
    def trade(self) -> int:
        # §2 trade, clarification 'Carte', and a typo: §9.9
        return 1
'''

DATA = 'storm: {source: "§1.1-storm and §2.0"}\n'

TESTS = '''\
def test_1_1_ships_sail():
    pass


def test_1_1_harbour_example_one():
    pass


def test_1_1_into_the_port():
    pass


def test_1_1_faq_fleets_wait():
    pass


def test_faq_1_1_again():
    pass


def test_2_trade():
    """Checks §2.1 too."""


def test_2_0_example_without_an_example():
    pass


def test_clarification_cards_are_dealt():
    pass


def test_clarification_deck_is_shuffled():
    pass


def test_7_typo():
    pass


def test_helper_without_a_section():
    pass
'''


@pytest.fixture()
def harbour(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Package:
    """A game package ``harbourgame`` with an index, code, data and tests, registered as
    ``harbour``."""
    pkg = tmp_path / "harbourgame"
    (pkg / "data").mkdir(parents=True)
    (pkg / "sections.yaml").write_text(INDEX, encoding="utf-8")
    (pkg / "__init__.py").write_text(MODULE, encoding="utf-8")
    (pkg / "data" / "rules.yaml").write_text(DATA, encoding="utf-8")
    tests = tmp_path / "tests" / "harbourgame"
    tests.mkdir(parents=True)
    (tests / "test_rules.py").write_text(TESTS, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(GAMES, "harbour", "harbourgame:RULES")
    return Package("harbourgame", pkg)


def _names(places: list) -> list[str]:
    return [p.name for p in places]


def test_trace_maps_code_places_to_sections(harbour: Package) -> None:
    tr = trace_package(harbour)
    code = {sid: [f"{p.file}:{p.line} {p.name}" for p in places] for sid, places in tr.code.items()}
    assert code == {
        "1": ["harbourgame/__init__.py:1 <module>"],
        "1.1": ["harbourgame/__init__.py:5 sail"],
        "FAQ-1.1": ["harbourgame/__init__.py:5 sail"],
        "2.0": ["harbourgame/__init__.py:11 Market.trade", "harbourgame/data/rules.yaml:1 data"],
        "CL-cards": ["harbourgame/__init__.py:11 Market.trade"],
        "1.1-storm": ["harbourgame/data/rules.yaml:1 data"],
    }


def test_trace_maps_tests_by_name_and_docstring(harbour: Package) -> None:
    tr = trace_package(harbour)
    assert tr.tests_dir == "tests/harbourgame"
    tests = {sid: _names(places) for sid, places in tr.tests.items()}
    assert tests == {
        "1.1": ["test_1_1_ships_sail", "test_1_1_harbour_example_one", "test_1_1_into_the_port"],
        "1.1-harbour": ["test_1_1_harbour_example_one", "test_1_1_into_the_port"],
        "FAQ-1.1": ["test_1_1_faq_fleets_wait", "test_faq_1_1_again"],
        "2.0": ["test_2_trade", "test_2_0_example_without_an_example"],
        "2.1": ["test_2_trade"],
        "CL-cards": ["test_clarification_cards_are_dealt", "test_clarification_deck_is_shuffled"],
    }
    assert [p.via for p in tr.tests["2.1"]] == ["docstring"]
    assert tr.tests["1.1"][0].file == "tests/harbourgame/test_rules.py"


def test_trace_totals_gaps_and_unknown_citations(harbour: Package) -> None:
    tr = trace_package(harbour)
    assert tr.totals() == {
        "rule": {"total": 3, "implemented": 2, "tested": 3, "both": 2},
        "example": {"total": 2, "implemented": 2, "tested": 1, "both": 1},
        "faq": {"total": 2, "implemented": 2, "tested": 2, "both": 2},
        "component": {"total": 1, "implemented": 0, "tested": 0, "both": 0},
        "intro": {"total": 1, "implemented": 1, "tested": 0, "both": 0},
    }
    assert [(g["id"], g["lacks"]) for g in tr.missing()] == [("1.1-storm", ["tests"]), ("2.1", ["code"])]
    assert {ref: _names(p) for ref, p in tr.unknown.items()} == {
        "§9.9": ["Market.trade"],
        "§7": ["test_7_typo"],
    }


def test_trace_game_finds_the_package_through_the_registry(harbour: Package) -> None:
    assert package_of("harbour").path == harbour.path
    tr = trace_game("harbour")
    assert tr.title == "Harbour game"
    assert [r["id"] for r in sections("harbour")][:3] == ["1", "1.1", "1.1-harbour"]
    assert section("harbour", "clarification 'Carte'")["id"] == "CL-cards"


def test_cli_trace_text_json_and_missing(harbour: Package, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "harbour"]) == 0
    out = capsys.readouterr().out
    assert "§1.1  Ships  [rule] ok" in out
    assert "code  harbourgame/__init__.py:5 sail" in out
    assert "§7" in out and "test_7_typo" in out
    assert main(["trace", "harbour", "--missing"]) == 1
    out = capsys.readouterr().out
    assert "§2.1" in out and "lacks code" in out and "§1.1-storm" in out and "§1.1  " not in out
    assert main(["trace", "harbour", "--json"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["game"] == "harbour"
    by_id = {s["id"]: s for s in data["sections"]}
    assert by_id["2.1"]["tested"] and not by_id["2.1"]["implemented"]
    assert by_id["2.1"]["tests"] == [
        {"file": "tests/harbourgame/test_rules.py", "line": 21, "name": "test_2_trade", "via": "docstring"}
    ]
    assert by_id["1.1"]["code"] == [{"file": "harbourgame/__init__.py", "line": 5, "name": "sail"}]
    assert [u["ref"] for u in data["unknown"]] == ["§7", "§9.9"]


def test_cli_trace_refuses_unknown_games_and_games_without_an_index(
    harbour: Package, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["trace", "no-such-game"]) == 2
    (harbour.path / "sections.yaml").unlink()
    assert main(["trace", "harbour"]) == 2
    assert "no section index" in capsys.readouterr().err


def test_name_targets_prefer_the_longest_known_prefix(harbour: Package) -> None:
    index = load_index(harbour.path / "sections.yaml")
    assert name_targets(index, "test_2_0_x") == (["2.0"], None)
    assert name_targets(index, "test_2_x") == (["2.0"], None)
    assert name_targets(index, "test_1_1_storm_at_sea") == (["1.1-storm", "1.1"], None)
    assert name_targets(index, "test_1_1_example_which_one") == (["1.1"], None)  # two examples: ambiguous
    assert name_targets(index, "test_cl_cards") == (["CL-cards"], None)
    assert name_targets(index, "test_1_2_3_new") == (["1"], None)  # digits after a section are words
    assert name_targets(index, "test_4_2_new") == ([], "4.2")
    assert name_targets(index, "test_faq_pirates_x") == ([], "FAQ-pirates")
    assert name_targets(index, "test_house_rules_are_off") == ([], None)


# --- bad index files ------------------------------------------------------------------------
def _entry(sid: str, kind: str = "rule", extra: str = "") -> str:
    return f'  - {{id: "{sid}", kind: {kind}, title: {{en: T, it: T}}, summary: {{en: S, it: S}}{extra}}}\n'


HEAD = "rulebook: {en: R, it: R}\nsections:\n"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (HEAD + _entry("1") + _entry("1"), "sections[1] ('1'): duplicate id"),
        (HEAD + _entry("1") + _entry("1.2") + _entry("1.1"), "sections[2] ('1.1'): out of order"),
        (HEAD + _entry("2.1"), "its chapter §2 is not listed before it"),
        (HEAD + _entry("1") + _entry("1-x"), "has the form of an example but kind 'rule'"),
        (HEAD + _entry("1-x", "example"), "the example's section §1 is not listed before it"),
        (HEAD + _entry("1") + _entry("FAQ-4", "faq"), "the note's section §4 is not listed before it"),
        (HEAD + _entry("1") + _entry("FAQ-1"), "must have kind 'faq'"),
        (HEAD + _entry("1", "example"), "a example needs an id like"),
        (HEAD + _entry("A.1"), "bad section id 'A.1'"),
        (HEAD + _entry("1", "rules"), "sections[0] ('1'): kind"),
        (HEAD + _entry("1", extra=", aliases: [Uno]"), "aliases are for FAQ, CL and HR notes"),
        (HEAD + _entry("1", extra=", match: [uno]"), "'match' is for examples and for notes named by a word"),
        (HEAD + _entry("1") + _entry("1-x", "example", ", match: [Two Words]"), "match phrase 'Two Words'"),
        (
            HEAD + _entry("1") + _entry("HR-1", "optional") + _entry("1-hr", "example"),
            "'1-hr' and 'HR-1' would both own tests named 'test_1_hr_...'",
        ),
        (
            HEAD + '  - {id: "1", kind: rule, title: {en: T, it: T}, summary: {en: S}}\n',
            "sections[0] ('1'): summary.it: Field required",
        ),
        (HEAD + "  []\n", "sections: List should have at least 1 item"),
        ("rulebook: [\n", "not valid YAML"),
    ],
)
def test_bad_index_raises_a_clear_data_error(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "sections.yaml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_index(path)
    assert message in str(exc.value)
    assert str(exc.value).startswith("sections.yaml")


def test_missing_index_file_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="file not found"):
        load_index(tmp_path / "sections.yaml")


def test_games_list_must_name_games_of_the_package(harbour: Package) -> None:
    text = INDEX.replace("kind: component,", "kind: component, games: [italia-i],")
    (harbour.path / "sections.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    with pytest.raises(DataError, match="game 'italia-i' is not played with harbourgame"):
        sections("harbour")
