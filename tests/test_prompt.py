"""`bridgelaw ask` in a terminal and on a pipe: every prompt takes the same typed words.

A count is typed as the number itself (trick 12 is "12", never a shortcut key);
`why`, `back` and `?` are words at every prompt; `back` offers the answer taken
back again (Enter keeps it); input that ends before the ruling is determined
says the interview was not finished and fails, never an empty ruling.
"""
from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from bridgelaw.engine import load
from bridgelaw.faces import cli
from bridgelaw.faces.interview import Interview
from bridgelaw.faces.prompt import Plain, Prompts, Unfinished, converse
from conftest import on_own_thread

ROOT = Path(__file__).resolve().parent.parent
KNOWLEDGE = load(ROOT)
# revoke; declarer South; play ended; West revoked: then "On which trick was the revoke (1-13)?"
TO_THE_TRICK = ["revoke", "3", "1", "4"]  # the kind by name: the first screen lists more than the encoded kinds


def at_terminal(lines: list[str]) -> tuple[Interview, str]:
    """Type ``lines`` at the terminal prompts, then Ctrl-D."""
    interview, out = Interview(KNOWLEDGE), io.StringIO()
    with create_pipe_input() as inp:
        inp.send_text("".join(line + "\r" for line in lines) + "\x15\x04")  # Ctrl-U (a refused answer), Ctrl-D
        with pytest.raises(Unfinished):
            on_own_thread(converse, interview, "en", [Prompts(inp, DummyOutput())], out)
    return interview, out.getvalue()


def trick_answers(interview: Interview) -> list:
    return [v for k, v in interview.answers if k.endswith(".trick")]


def test_a_count_is_typed_as_the_number_itself_at_the_terminal():
    interview, _ = at_terminal(TO_THE_TRICK + ["12"])
    assert trick_answers(interview) == [12]


def test_why_back_and_not_known_are_words_at_every_prompt():
    interview, out = at_terminal(["why"] + TO_THE_TRICK + ["why", "back", "back", "2", "4", "?"])
    assert out.count("This answer is needed by:") == 2
    # back twice took back West and "the play has ended"; it has not; West; the trick is not known
    assert [v for _, v in interview.history()] == [["revoke"], "S", False, "W", "?"]


def test_back_offers_the_answer_taken_back_and_enter_keeps_it():
    interview, out = at_terminal(TO_THE_TRICK + ["12", "back", ""])
    assert trick_answers(interview) == [12]
    assert out.count("On which trick was the revoke") == 2


def test_a_refused_answer_is_cleared_and_the_answer_typed_again_is_recorded_alone():
    # 14 is refused (a board has 13 tricks); the line is emptied, so 12 is the answer, not "1412"
    interview, _ = at_terminal(TO_THE_TRICK + ["14", "12"])
    assert trick_answers(interview) == [12]
    # "9" is no seat (four seats, then North or South, East or West): refused; "3" typed next is South, not "93"
    interview, out = at_terminal(["revoke", "9", "3"])
    assert [v for _, v in interview.history()][:2] == [["revoke"], "S"]


def test_back_below_the_ruling_takes_back_the_last_answer():
    """At a terminal the ruling is shown, and `back` there still takes back the last answer (offered again:
    Enter keeps it, typing replaces it); Enter below the ruling is done."""
    mini = load(ROOT / "tests" / "interview")
    interview, shown = Interview(mini), []
    with create_pipe_input() as inp:  # ... "no other revoke": the ruling; back; Enter keeps "no"; Enter: done
        inp.send_text("".join(x + "\r" for x in ["revoke", "N", "W", "4", "yes", "partner", "no", "back", "", ""])
                      + "\x04")
        ruling = on_own_thread(converse, interview, "en", [Prompts(inp, DummyOutput())], io.StringIO(),
                               show=shown.append)
    assert len(shown) == 2 and ruling is shown[-1]
    assert interview.answers[-1] == ("exists:revoke", False)  # taken back, offered again, kept with Enter


def test_on_a_pipe_a_count_is_listed_as_numbers_not_as_numbered_lines():
    out = io.StringIO()
    interview = Interview(KNOWLEDGE)
    with pytest.raises(Unfinished):
        converse(interview, "en", [Plain(io.StringIO("\n".join(TO_THE_TRICK + ["12"]) + "\n"))], out)
    assert trick_answers(interview) == [12]
    asked = out.getvalue().split("On which trick was the revoke (1-13)?")[1]
    assert "  (1–13)" in asked and "13. 13" not in asked


def test_the_first_screen_lists_the_short_list_and_keeps_the_rest_one_step_away():
    """A phone-sized terminal: the common irregularities first, then "more…" (the web page's one step); "more"
    (or "ещё") lists them all, numbered as before, and a number from the rest may be typed straight away."""
    out = io.StringIO()
    with pytest.raises(Unfinished):
        converse(Interview(KNOWLEDGE), "en", [Plain(io.StringIO("more\n"))], out)
    first, full = out.getvalue().split("? What happened?")[1:3]
    short = [line for line in first.splitlines() if re.match(r"  \d+\. ", line)]
    assert 5 <= len(short) <= 15 and "more… (type 'more':" in first and "-- Something else" not in first
    numbered = [line for line in full.splitlines() if re.match(r"  \d+\. ", line)]
    assert numbered[:len(short)] == short  # the short list keeps its numbers; the rest follow by group
    assert len(numbered) > len(short) and "  -- Something else: everything the Laws name — The auction" in full
    interview, _ = at_terminal(["ещё", str(len(short) + 1)])  # at the terminal too; the 13th is one of the rest
    assert interview.answers[0][0] == "incident" and len(interview.answers[0][1]) == 1


@pytest.mark.parametrize("typed", ["", "\n", "revoke\n"])
def test_piped_ask_that_ends_early_says_the_interview_was_not_finished(typed, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert cli.main(["ask", "--lang", "en"]) == 1
    out = capsys.readouterr()
    assert "The interview was not finished: no answer to" in out.err
    assert "Ruling" not in out.out


def test_piped_ask_in_russian_says_so_in_russian(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("revoke\n"))
    assert cli.main(["ask"]) == 1
    assert "Опрос не закончен: нет ответа на вопрос «Кто разыгрывающий?»" in capsys.readouterr().err


def readme_answers_examples() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```yaml\n(.*?)```", text.split("### The answers file", 1)[1].split("\n## ", 1)[0], re.S)


def test_the_readme_documents_the_answers_file_and_its_examples_replay(tmp_path, monkeypatch, capsys):
    keyed, listed_ = readme_answers_examples()
    shipped = (ROOT / "tests" / "answers" / "defective-trick-two-cards.yaml").read_text(encoding="utf-8")
    assert shipped.endswith(keyed), "the README's example is the shipped answers file"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    (tmp_path / "keyed.yaml").write_text(keyed, encoding="utf-8")
    assert cli.main(["ask", "--lang", "en", "--answers", str(tmp_path / "keyed.yaml")]) == 0
    assert "Ruling: Defective trick" in capsys.readouterr().out
    # the list form: why, back, a bare answer and "not known" are replayed; it stops short of the ruling
    (tmp_path / "listed.yaml").write_text(listed_, encoding="utf-8")
    assert cli.main(["ask", "--lang", "en", "--answers", str(tmp_path / "listed.yaml")]) == 1
    out = capsys.readouterr()
    assert "> why" in out.out and "> back" in out.out and "The interview was not finished" in out.err
    assert "warning" not in out.err


def test_the_readme_says_how_to_rule_without_the_development_packages_and_that_russian_needs_utf8():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "uv run --no-dev bridgelaw rule" in text and "uv sync --no-dev" in text
    assert "UTF-8" in text
    assert "bridgelaw/read/answers.py" not in text.split("## The interview", 1)[1].split("\n## ", 1)[0]
