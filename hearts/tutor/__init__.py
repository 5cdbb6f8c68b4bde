"""Exercises that check themselves, rule quizzes from real deals, and the learner's progress.

A notebook's exercise cell calls :func:`check` on the learner's function; :func:`show_solution` shows the
shipped solution only when asked. :mod:`hearts.tutor.quiz` draws rule quizzes from deals (the widget is
:class:`hearts_widgets.quiz.Quiz`), and :mod:`hearts.tutor.progress` keeps what was done, draws the course
map, writes the file to hand in and reads a class's files for the teacher.

>>> import tempfile
>>> def trick_winner(trick):
...     return max(trick, key=lambda play: play[1].rank)[0]
>>> result = check("02", trick_winner, "es", data_dir=tempfile.mkdtemp())
>>> result.failure, result.lines[2][:45]
('trick.ignored_suit', 'Elegiste la K♥ de Norte, la carta más alta, p')
"""

from __future__ import annotations

from hearts.tutor.core import SOLUTIONS_ENV, CheckResult, TutorError, check, load_solution, show_solution
from hearts.tutor.progress import (
    ClassView,
    CourseMap,
    HandIn,
    class_view,
    course_map,
    hand_in,
    load_progress,
    made_up_class,
)

__all__ = [
    "SOLUTIONS_ENV",
    "CheckResult",
    "ClassView",
    "CourseMap",
    "HandIn",
    "TutorError",
    "check",
    "class_view",
    "course_map",
    "hand_in",
    "load_progress",
    "load_solution",
    "made_up_class",
    "show_solution",
]
