"""The judge quiz: every ruling asked, the situation shown, the engine as the judge."""

import pytest

pytest.importorskip("ipywidgets")

from mtgrules.rulings import ruling_ids  # noqa: E402
from mtgrules.widgets.quiz import QUIZ_PATH, TOPICS, QuizModel  # noqa: E402


def test_the_path_asks_all_39_rulings_once_basics_first():
    quiz = QuizModel()
    ids = [q.id for q in quiz.questions]
    assert sorted(ids) == sorted(ruling_ids()) and len(ids) == 39
    assert ids[:len(QUIZ_PATH[0][1])] == list(QUIZ_PATH[0][1])
    assert QUIZ_PATH[0][0] == "basics"


def test_a_topic_asks_only_its_questions():
    quiz = QuizModel(topic="cascade")
    assert quiz.questions and all(q.id.startswith("cascade") for q in quiz.questions)
    quiz.choose_topic("enter_as_copy")
    assert {q.id.split("-")[0] for q in quiz.questions} == {"protege"}
    with pytest.raises(ValueError, match="unknown topic 'combat'"):
        quiz.choose_topic("combat")
    assert set(TOPICS) >= {"all", "basics", "cascade"}


def test_choices_include_the_usual_wrong_answer():
    for q in QuizModel().questions:
        labels = [label for label, _ in q.option_labels("en")]
        assert q.prediction.ruling.mistake.en in labels


def test_nothing_selected_gets_a_clear_word_and_no_score():
    quiz = QuizModel(topic="basics")
    assert quiz.answer(None) is None
    assert "Choose an answer first" in quiz.feedback_html()
    assert quiz.score == {}
    quiz.lang.value = "fr"
    assert "Choisissez d&#x27;abord une réponse" in quiz.feedback_html()


def test_the_score_counts_right_answers_with_real_plurals():
    quiz = QuizModel(topic="basics")
    quiz.answer(quiz.question.answer)
    quiz.next().answer(quiz.question.prediction.mistake().key)
    assert quiz.score_text("en") == "1 right answer out of 2"
    assert quiz.score_text("fr") == "1 bonne réponse sur 2"
    assert "usual wrong answer" in quiz.feedback_html()


def test_prompts_show_the_situation_drawn_never_the_title_or_outcome():
    quiz = QuizModel(rulings=["gogo-12"])
    html = quiz.prompt_html()
    sc = quiz.question.prediction.scenario
    assert "<svg" in html and sc.title not in html
    assert quiz.question.answer_label("en") not in html


def test_the_widget_checks_with_the_engine_and_says_when_nothing_is_chosen():
    from mtgrules.widgets import Quiz

    quiz = Quiz(QuizModel(topic="basics"))
    quiz.check_button.click()
    assert "Choose an answer first" in quiz.feedback.value
    right = quiz.model.question.answer
    quiz.choice.value = right
    quiz.check_button.click()
    assert "Right!" in quiz.feedback.value and "1 right answer out of 1" in quiz.score.value
    quiz.topic.value = "cascade"
    assert quiz.model.question.id.startswith("cascade")
    quiz.lang.value = "fr"
    assert "Thème" in quiz.topic.description
