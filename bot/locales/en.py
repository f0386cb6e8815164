"""English messages. Keys ending in `.one` / `.other` are chosen by a `count` argument."""

MESSAGES: dict[str, str] = {
    # Quiz facts
    "difficulty.easy": "easy",
    "difficulty.medium": "medium",
    "difficulty.hard": "hard",
    "quiz.line": "{id} · {title} · {count} questions · {difficulty}",
    "quiz.intro": "{title} · {difficulty} · {count} questions",
    "quiz.unknown": "I don't know a quiz called “{name}”. Quizzes you can play: {names}.",
    "quiz.none": "No quizzes are installed yet.",
    "quiz.start_button": "▶ {title}",
    # A posted question
    "question.header": "{title} · Question {number}/{total}",
    "question.answered.one": "{count} answer so far",
    "question.answered.other": "{count} answers so far",
    "question.closes": "Closes {when}",
    "question.reveal_button": "Reveal",
    # Verdicts, told privately to the player
    "verdict.right": "✅ Right! {letter}. {choice}",
    "verdict.wrong": "❌ Not quite. The answer is {letter}. {choice}",
    "verdict.already": "You already answered {letter}. Only your first answer counts.",
    "verdict.closed": "This question is closed; your answer was not counted.",
    "verdict.invalid": "That button does not belong to a question I know. Nothing was recorded.",
    "verdict.note": "About {letter}: {note}",
    "verdict.more": "Full explanation in my private chat.",
    "verdict.references": "Read more:",
    # A closed question, shown to everyone
    "closed.answer": "✅ Answer: {letter}. {choice}",
    "closed.votes.one": "{count} answer",
    "closed.votes.other": "{count} answers",
    "closed.nobody": "Nobody answered this one.",
    # End of a round
    "summary.title": "🏁 Round over: {title}",
    "summary.line": "{rank}. {name}: {points}/{total} ({seconds} s)",
    "summary.nobody": "Nobody answered in this round.",
    "summary.solo": "Your score: {points}/{total}",
    "summary.stopped": "The round was stopped.",
    # Leaderboards and stats
    "period.today": "today",
    "period.week": "this week",
    "period.all": "all time",
    "leaderboard.title": "🏆 Leaderboard, {period}",
    "leaderboard.title_quiz": "🏆 Leaderboard, {period}, {quiz}",
    "leaderboard.line.one": "{rank}. {name}: {points} point",
    "leaderboard.line.other": "{rank}. {name}: {points} points",
    "leaderboard.you": "You",
    "leaderboard.empty": "No answers yet. Start a round to get on the board!",
    "stats.title": "📊 {name}",
    "stats.body": (
        "Answered: {answered}\nCorrect: {correct} ({accuracy}%)\n"
        "Current streak: {current} days\nBest streak: {best} days"
    ),
    "stats.empty": "{name} has not answered any question yet.",
    # Terminal
    "console.prompt": "Your answer ({first}-{last}, q to quit): ",
    "console.bad_letter": "Please type one letter from {first} to {last}, or q to quit.",
    "console.bye": "Stopped. Your answers so far are saved.",
    "console.saved_to": "Scores are kept in {path}",
    # Command-line errors
    "cli.bad_questions": "--questions must be a whole number from 1 to {max}.",
}
