"""Rule quizzes as a widget: a position from a real deal, an answer, and the engine's explanation.

``Quiz("legal", lang=LANG)`` (also ``"winner"``, ``"points"``, ``"moon"``) draws a new question each time
**New position** is pressed; **Check** judges the answer with :func:`hearts.tutor.quiz.judge` and keeps it in
the learner's progress. :class:`QuizModel` holds the logic and runs without a browser. :class:`QuizApp` puts
the four kinds on one page (the Voilà app ``tutorials/apps/<lang>/quizzes.ipynb``).
"""

from __future__ import annotations

import html
import os
from typing import Any

import ipywidgets as w

from hearts import Card
from hearts.display import hand_svg, trick_svg
from hearts.messages import check_language, seat_name, text
from hearts.tutor.progress import record_quiz
from hearts.tutor.quiz import KINDS, Question, Verdict, judge, new_question, penalty_cards

__all__ = ["Quiz", "QuizApp", "QuizModel"]


class QuizModel:
    """The quiz without its view: ``question``, :meth:`answer` (judge and record), :meth:`next` (a new one).

    >>> import tempfile
    >>> quiz = QuizModel("winner", seed=3, data_dir=tempfile.mkdtemp())
    >>> quiz.answer(quiz.question.answer).right
    True
    >>> quiz.next().number != 0
    True
    """

    def __init__(self, kind: str, *, lang: str = "en", seed: int | None = None,
                 data_dir: str | os.PathLike[str] | None = None, copy: bool = True) -> None:  # fmt: skip
        """``copy=False``: no browser copy of the progress of its own (an app that shows several quizzes keeps one
        for all of them, :class:`QuizApp`)."""
        self.kind = kind
        self.lang = check_language(lang)
        self.seed = seed
        self.data_dir = data_dir
        self.asked = 0
        self.question: Question = new_question(kind, self._seed())
        self.verdict: Verdict | None = None
        self.saved_error = ""

    def _seed(self) -> int | None:
        return None if self.seed is None else self.seed * 1000 + self.asked

    def answer(self, given: Any) -> Verdict:
        """Judge ``given`` (cards for ``legal``, a seat, four scores, or yes/no) and keep it in the progress."""
        self.verdict = judge(self.question, given, self.lang)
        try:
            record_quiz(self.kind, right=self.verdict.right, folder=self.data_dir)
            self.saved_error = ""
        except OSError as error:
            self.saved_error = text("tutor.not_saved", self.lang, error=error)
        return self.verdict

    def next(self) -> Question:
        """A new question of the same kind (the next seed, or a new deal)."""
        self.asked += 1
        self.question = new_question(self.kind, self._seed())
        self.verdict = None
        return self.question


class Quiz(w.VBox):  # type: ignore[misc]
    """The quiz widget: the question, the controls to answer it, **Check**, **New position**, the explanation."""

    def __init__(self, kind: str, *, lang: str = "en", seed: int | None = None,
                 data_dir: str | os.PathLike[str] | None = None, copy: bool = True) -> None:  # fmt: skip
        """``copy=False``: no browser copy of the progress of its own (an app that shows several quizzes keeps one
        for all of them, :class:`QuizApp`)."""
        if kind not in KINDS:
            new_question(kind)  # raises the typed error naming the kinds
        self.model = QuizModel(kind, lang=lang, seed=seed, data_dir=data_dir)
        self.prompt = w.HTML()
        self.picture = w.HTML()
        self.controls = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.check_button = w.Button(description=text("tutor.quiz.check", lang), button_style="primary")
        self.new_button = w.Button(description=text("tutor.quiz.new", lang))
        self.feedback = w.HTML()
        self.check_button.on_click(lambda _: self.check())
        self.new_button.on_click(lambda _: self.new())
        buttons = w.HBox([self.check_button, self.new_button], layout=w.Layout(flex_flow="row wrap"))
        from .progress_copy import ProgressCopy

        # The browser's copy of the progress (invisible): merged into the folder when drawn, kept up to date after.
        self.copy = ProgressCopy(lang=lang, folder=data_dir) if copy else None
        parts = [self.prompt, self.picture, self.controls, buttons, self.feedback]
        super().__init__(parts + ([self.copy] if self.copy is not None else []), layout=w.Layout(max_width="640px"))
        self.add_class("hearts-quiz")
        self._draw()

    # --- drawing ---
    def _draw(self) -> None:
        q, lang = self.model.question, self.model.lang
        self.prompt.value = f"<p>{html.escape(q.prompt(lang))}</p>"
        self.feedback.value = ""
        if q.kind == "legal":
            plays = q.state.current_trick
            self.picture.value = trick_svg(plays, lang=lang, width=260) if plays else ""
            self.cards = [w.ToggleButton(description=str(card), layout=w.Layout(width="auto"))
                          for card in q.state.hand_of(q.seat)]  # fmt: skip
            self.controls.children = self.cards
        elif q.kind == "winner":
            self.picture.value = trick_svg(list(q.trick), lang=lang, width=260)
            self.seats = w.ToggleButtons(options=[(seat_name(s, lang), s) for s, _ in q.trick], value=None)
            self.controls.children = [self.seats]
        else:
            taken = penalty_cards(q.state)
            lines = []
            for seat in range(q.state.n):
                said = " ".join(map(str, taken[seat])) or text("tutor.quiz.nothing", lang)
                lines.append(html.escape(text("tutor.quiz.took", lang, seat=seat_name(seat, lang), cards=said)))
            self.picture.value = "<br>".join(lines) + (hand_svg(taken[0], width=40, lang=lang) if taken[0] else "")
            if q.kind == "points":
                self.scores = [w.BoundedIntText(min=0, max=26, description=seat_name(seat, lang),
                                                layout=w.Layout(width="150px"))
                               for seat in range(q.state.n)]  # fmt: skip
                self.controls.children = self.scores
            else:
                self.moon = w.ToggleButtons(options=[(text("tutor.quiz.yes", lang), True),
                                                     (text("tutor.quiz.no", lang), False)], value=None)  # fmt: skip
                self.controls.children = [self.moon]

    def given(self) -> Any:
        """The answer as the controls hold it now."""
        kind = self.model.question.kind
        if kind == "legal":
            return {Card.parse(b.description) for b in self.cards if b.value} or None
        if kind == "winner":
            return self.seats.value
        if kind == "points":
            return [box.value for box in self.scores]
        return self.moon.value

    def check(self) -> Verdict | None:
        """Judge the controls' answer (nothing chosen yet: say so) and show the explanation."""
        given = self.given()
        if given is None:
            self.feedback.value = f'<p role="status">{html.escape(text("tutor.quiz.choose", self.model.lang))}</p>'
            return None
        verdict = self.model.answer(given)
        lines = [*verdict.lines, *([self.model.saved_error] if self.model.saved_error else [])]
        colour = "#1b5e20" if verdict.right else "#8a1c1c"
        body = "<br>".join(html.escape(line) for line in lines)
        self.feedback.value = f'<div role="status" style="border-left:4px solid {colour};padding:4px 8px">{body}</div>'
        return verdict

    def new(self) -> None:
        """A new position."""
        self.model.next()
        self._draw()


class QuizApp(w.VBox):  # type: ignore[misc]
    """Every kind of quiz on one page, each under its own heading: the rule quizzes as an app (Voilà, a phone).

    One browser copy of the progress serves the whole page (one merge when it is opened, not one per quiz).

    >>> import tempfile
    >>> app = QuizApp(lang="es", data_dir=tempfile.mkdtemp())
    >>> [quiz.model.kind for quiz in app.quizzes], [quiz.copy for quiz in app.quizzes]
    (['legal', 'winner', 'points', 'moon'], [None, None, None, None])
    """

    def __init__(self, *, lang: str = "en", data_dir: str | os.PathLike[str] | None = None) -> None:
        from .progress_copy import ProgressCopy

        lang = check_language(lang)
        self.quizzes = [Quiz(kind, lang=lang, data_dir=data_dir, copy=False) for kind in KINDS]
        self.copy = ProgressCopy(lang=lang, folder=data_dir)
        title = w.HTML(f"<h1>{html.escape(text('tutor.quiz.app.title', lang))}</h1>"
                       f"<p>{html.escape(text('tutor.quiz.app.intro', lang))}</p>")  # fmt: skip
        parts: list[w.Widget] = [title, self.copy]
        for quiz in self.quizzes:
            parts += [w.HTML(f"<h2>{html.escape(text(f'tutor.quiz.name.{quiz.model.kind}', lang))}</h2>"), quiz]
        super().__init__(parts, layout=w.Layout(max_width="640px", padding="0 12px"))
        self.add_class("hearts-quiz-app")
