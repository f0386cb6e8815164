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
    "time.at": "at {time} UTC",
    "question.explain_button": "📖 Explanation",
    "question.reveal_button": "Reveal",
    # Verdicts, told privately to the player
    "verdict.right": "✅ Right! {letter}. {choice}",
    "verdict.wrong": "❌ Not quite. The answer is {letter}. {choice}",
    "verdict.already": "You already answered {letter}. Only your first answer counts.",
    "verdict.closed": "This question is closed; your answer was not counted.",
    "verdict.invalid": "That button does not belong to a question I know. Nothing was recorded.",
    "verdict.note": "About {letter}: {note}",
    "verdict.more": "Full explanation: 📖 under the question.",
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
    "summary.solo_stopped.one": "Your score: {points}/1 (you answered 1 question of {total})",
    "summary.solo_stopped.other": (
        "Your score: {points}/{count} (you answered {count} questions of {total})"
    ),
    "summary.solo_none": "You answered no question this time.",
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
    # Rounds in chats
    "round.started": "{title}: {count} questions, {seconds} s each. Good luck!",
    "round.conflict": "A round is already running here. Finish it or /stop it first.",
    "round.not_allowed": "Only the person who started the round or an admin can do that.",
    "round.nothing_running": "No round is running here.",
    "round.stopped_by": "Round stopped by {name}.",
    "round.bad_count": "The number of questions must be a whole number from 1 to {max}.",
    "round.bad_seconds": "The timer must be a whole number of seconds from {min} to {max}.",
    "quiz.list_title": "Quizzes you can play:",
    "leaderboard.bad_period": "Unknown period “{period}”. Use today, week or all.",
    "error.generic": (
        "Sorry, something went wrong on my side and this was not recorded. Please try again."
    ),
    "error.admin_only": "Only admins can do that.",
    "help.text": (
        "I run quizzes for study groups. Everyone answers with the buttons; I tell you "
        "privately whether you were right and why.\n\n"
        "/quiz NAME [QUESTIONS] [SECONDS]: start a round here ({seconds} s a question unless "
        "you say)\n"
        "/stop: stop the round (its starter or an admin)\n"
        "/quizzes: the quizzes you can play\n"
        "/leaderboard [today|week|all] [QUIZ]: the ranking\n"
        "/stats: your answers, accuracy and streaks\n"
        "/practice NAME: practise alone, at your pace\n"
        "/review: the questions you missed, again, privately\n"
        "/forgetme: delete everything I keep about you\n"
        "/daily HH:MM ZONE QUIZ: a question of the day here (admins)\n"
        "/help: this message"
    ),
    "practice.in_private": "Practise alone, at your pace, in our private chat: {link}",
    "explain.unknown": "I can't find that question any more.",
    "explain.answer_first": "Answer the question first: the explanation gives the answer away.",
    # Command descriptions shown by the platforms
    "command.quiz": "Start a quiz round in this chat",
    "command.stop": "Stop the running round",
    "command.quizzes": "List the quizzes you can play",
    "command.leaderboard": "Show the leaderboard",
    "command.stats": "Your answers, accuracy and streaks",
    "command.help": "How to use the quiz bot",
    "command.practice": "Practise a quiz alone, at your pace",
    # Privacy
    "forget.ask": (
        "This deletes everything I keep about you: {kept}, and the scores and streaks they "
        "make. It cannot be undone. Delete it?"
    ),
    "forget.ask_profile": (
        "This deletes everything I keep about you: your name and language. It cannot be "
        "undone. Delete it?"
    ),
    "forget.answers.one": "your name and your answer in {chats}",
    "forget.answers.other": "your name and your {count} answers in {chats}",
    "forget.chats.one": "{count} chat",
    "forget.chats.other": "{count} chats",
    "forget.nothing": "I keep no data about you.",
    "forget.yes": "Delete my data",
    "forget.no": "Cancel",
    "forget.done": "Done: everything I kept about you is deleted. You are on no leaderboard "
    "any more.",
    "forget.cancelled": "Nothing was deleted.",
    "forget.not_yours": "This button belongs to someone else.",
    "command.forgetme": "Delete all your answers and scores",
    "command.start": "Start the bot",
    # Discord: command, option and choice names and descriptions (app_commands.Translator)
    "discord.name.quiz": "quiz",
    "discord.name.stop": "stop",
    "discord.name.quizzes": "quizzes",
    "discord.name.practice": "practice",
    "discord.name.leaderboard": "leaderboard",
    "discord.name.stats": "stats",
    "discord.name.forgetme": "forgetme",
    "discord.name.help": "help",
    "discord.option.quiz": "quiz",
    "discord.option.quiz.about": "Which quiz to play",
    "discord.option.questions": "questions",
    "discord.option.questions.about": "How many questions (default: all)",
    "discord.option.timer": "timer",
    "discord.option.timer.about": "Seconds to answer each question (default: 30)",
    "discord.option.period": "period",
    "discord.option.period.about": "Today, this week or all time (default: all time)",
    "discord.option.user": "user",
    "discord.option.user.about": "Whose stats (default: yours)",
    # Discord: messages and the command line
    "discord.practice_intro": "Practice: only you can see these questions.",
    "discord.token_missing": (
        "quizbot: DISCORD_TOKEN is not set. Put your bot token in the environment or in .env."
    ),
    "discord.token_rejected": (
        "quizbot: Discord rejected DISCORD_TOKEN. Copy the bot token again from the "
        "Developer Portal."
    ),
    "discord.synced": "Synced {count} commands to {scope}.",
    "discord.scope.global": "every server (Discord may take a while to show them)",
    "discord.scope.guild": "server {guild}",
    "discord.unreachable": "quizbot: cannot reach Discord ({error}). Check the network and retry.",
    # Daily question
    "daily.header": "☀️ Question of the day · {title}",
    "daily.open_until": (
        "Open until the next question of the day. Right answers build your 🔥 streak."
    ),
    "daily.previous": "↩️ Last question: the answer was {letter}. {choice} ({right}/{count} right)",
    "daily.previous_nobody": (
        "↩️ Last question: the answer was {letter}. {choice} (nobody answered)"
    ),
    "daily.summary": (
        "📅 Question of the day here: {days} at {time} ({zone}), from {quizzes}. Next one: {next}."
    ),
    "daily.every_day": "every day",
    "daily.off": "📅 No more question of the day here. The open one stays open until it closes.",
    "daily.none": (
        "No question of the day is scheduled here. An admin can set one, for example: {example}"
    ),
    "daily.bad_time": "“{value}” is not a time. Use 24-hour HH:MM, for example: {example}",
    "daily.bad_zone": (
        "I don't know the time zone “{value}”. Use an IANA name such as Europe/Paris or "
        "America/New_York, for example: {example}"
    ),
    "daily.bad_days": "“{value}” is not a list of days. Use for example mon-fri or mon,wed,fri.",
    "daily.usage": "Give a time, a time zone and a quiz, for example: {example}",
    "daily.example.telegram": "/daily 09:00 Europe/Paris parallelism",
    "daily.example.discord": "/daily set time:09:00 timezone:Europe/Paris quiz:parallelism",
    "weekday.0": "Mon",
    "weekday.1": "Tue",
    "weekday.2": "Wed",
    "weekday.3": "Thu",
    "weekday.4": "Fri",
    "weekday.5": "Sat",
    "weekday.6": "Sun",
    "leaderboard.streak": "🔥{count}",
    "command.daily": "Schedule a question of the day (admins)",
    "command.daily_set": "Post a question here every day at a local time (admins)",
    "command.daily_off": "Stop the question of the day here (admins)",
    "command.daily_status": "Show when the question of the day is posted here",
    "discord.name.daily": "daily",
    "discord.name.daily_set": "set",
    "discord.name.daily_off": "off",
    "discord.name.daily_status": "status",
    "discord.option.time": "time",
    "discord.option.time.about": "Local time, 24-hour HH:MM (e.g. 09:00)",
    "discord.option.timezone": "timezone",
    "discord.option.timezone.about": "IANA time zone, e.g. Europe/Paris",
    "discord.option.daily_quiz.about": "Quiz to draw from (several: separated by commas)",
    "discord.option.channel": "channel",
    "discord.option.channel.about": "Where to post (default: this channel)",
    "discord.option.days": "days",
    "discord.option.days.about": "Days of the week, e.g. mon-fri (default: every day)",
    # Spaced review (issue 20): misses come back, scheduled by FSRS
    "review.intro.one": "🔁 Review: {count} question you missed, now due.",
    "review.intro.other": "🔁 Review: {count} questions you missed, most overdue first.",
    "review.nothing_due": "Nothing to review right now.",
    "review.next_due": "Your next review is due {when}.",
    "review.no_deck": "No missed questions to review: the ones you get wrong come back here.",
    "review.now": "now",
    "review.at": "on {date} at {time} UTC",
    "review.summary": "🔁 Review done: {correct}/{asked} right.",
    "review.in_private.one": "You have {count} question to review, in our private chat: {link}",
    "review.in_private.other": (
        "You have {count} questions to review, in our private chat: {link}"
    ),
    "review.button": "🔁 Review my misses",
    "review.remind_set": (
        "I will remind you at {time} ({zone}) on the days questions are due for review."
    ),
    "review.remind_off": "Review reminders are off.",
    "review.remind_none": "You had no review reminder.",
    "review.remind_usage": (
        "Use /review remind HH:MM [ZONE], e.g. /review remind 08:30 Europe/Paris, "
        "or /review remind off."
    ),
    "review.remind_usage_discord": (
        "Use /review remind:HH:MM timezone:ZONE, e.g. remind:08:30 timezone:Europe/Paris, "
        "or remind:off."
    ),
    "review.remind_status": "Your review reminder: {time} ({zone}).",
    "review.reminder.one": "🔁 {count} question is due for review. Send /review to start.",
    "review.reminder.other": "🔁 {count} questions are due for review. Send /review to start.",
    "review.stats": (
        "🔁 Review: {due_now} due now, {due_week} within 7 days, {learned} learned, "
        "predicted recall {recall}%"
    ),
    "review.stats_empty": "🔁 Review: no missed question yet.",
    "command.review": "Review the questions you missed",
    "discord.name.review": "review",
    "discord.option.remind": "remind",
    "discord.option.remind.about": "HH:MM: a private reminder on days questions are due; off",
    "discord.option.remind_timezone.about": "IANA time zone, e.g. Europe/Paris (default: UTC)",
}
