"""English messages. Keys ending in `.one` / `.other` are chosen by a `count` argument."""

MESSAGES: dict[str, str] = {
    # Quiz facts
    "difficulty.easy": "easy",
    "difficulty.medium": "medium",
    "difficulty.hard": "hard",
    "quiz.line.one": "{id} · {title} · {count} question · {difficulty}",
    "quiz.line.other": "{id} · {title} · {count} questions · {difficulty}",
    "quiz.intro.one": "{title} · {difficulty} · {count} question",
    "quiz.intro.other": "{title} · {difficulty} · {count} questions",
    "quiz.unknown": "I don't know a quiz called “{name}”. Quizzes you can play: {names}.",
    "quiz.none": "No quizzes are installed yet.",
    "quiz.start_button": "▶ {title}",
    # A posted question
    "question.header": "{title} · Question {number}/{total}",
    "question.answered.one": "{count} answer so far",
    "question.answered.other": "{count} answers so far",
    "question.closes": "Closes {when}",
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
    # Question types (format 3): the words around typed answers, sets and orders
    "answer.true": "True",
    "answer.false": "False",
    "answer.tolerance": "{value} (± {tolerance})",
    "answer.range": "between {low} and {high}",
    "question.hint.multiple": "Several answers are right: pick them all.",
    "question.hint.order": "Put them in the right order.",
    "question.hint.text": "Type your answer.",
    "question.hint.number": "Type a number.",
    "question.hint.number_unit": "Type a number (in {unit}).",
    "verdict.right_typed": "✅ Right! {answer}",
    "verdict.typo": "✅ Accepted — the spelling is {spelling}",
    "verdict.wrong_typed": "❌ Not quite. The answer is {answer}",
    "verdict.right_set": "✅ Right! {answers}",
    "verdict.wrong_set": "❌ Not quite. The answers are {answers}",
    "verdict.missed": "Missed: {choices}",
    "verdict.extra": "Picked but wrong: {choices}",
    "verdict.right_order": "✅ Right order! {order}",
    "verdict.wrong_order": "❌ Not quite. The order is {order}",
    "verdict.your_order": "Your order: {order}",
    "verdict.already_typed": "You already answered {answer}. Only your first answer counts.",
    "question.submit_button": "✅ Submit",
    "question.type_button": "✍️ Answer in private",
    "picks.multiple": "Your picks: {letters}. Tap a letter again to drop it; Submit when done.",
    "picks.order": (
        "Your order so far: {order}. Left to pick: {left}; tap a letter again to drop it."
    ),
    "picks.none": "Nothing picked yet: tap the letters, then Submit.",
    "typed.ask": (
        "Type your answer here. It counts for the group if it arrives before the question "
        "closes; nobody else sees it."
    ),
    "typed.closed": "Sorry, this question has closed: your answer was not counted.",
    "typed.not_number": (
        "I could not read that as a number. Please type it again, such as {example}."
    ),
    "typed.not_member": (
        "This question belongs to a group you are not in, so I cannot take your answer."
    ),
    "closed.answer_typed": "✅ Answer: {answer}",
    "closed.right": "Right: {right}/{count}",
    "console.prompt_multiple": "Your answers, e.g. AC ({first}-{last}, q to quit): ",
    "console.prompt_order": "The letters in order, e.g. {example} (q to quit): ",
    "console.prompt_truefalse": "True or false (A/B or t/f, q to quit): ",
    "console.prompt_typed": "Your answer (q to quit): ",
    "console.bad_letters": "Please type letters from {first} to {last}, each once, or q to quit.",
    "console.bad_order": (
        "Please type each letter from {first} to {last} once, in order, or q to quit."
    ),
    "console.bad_truefalse": "Please type A or B (t for true, f for false), or q to quit.",
    "console.bad_number": "Please type a number, such as {example}, or q to quit.",
    "console.bad_typed": "Please type an answer, or q to quit.",
    "console.picture": "🖼 Picture: {alt}",
    # End of a round
    "summary.title": "🏁 Round over: {title}",
    "summary.line": "{rank}. {name}: {points}/{total} ({seconds} s)",
    "summary.nobody": "Nobody answered in this round.",
    "summary.solo": "Your score: {points}/{total}",
    "summary.solo_stopped.one": (
        "Your score: {points}/{count} (you answered {count} question of {total})"
    ),
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
    "leaderboard.line.one": "{rank}. {name}: {count} point",
    "leaderboard.line.other": "{rank}. {name}: {count} points",
    "leaderboard.you": "You",
    "leaderboard.empty": "No answers yet. Start a round to get on the board!",
    "stats.title": "📊 {name}",
    "stats.body": (
        "Answered: {answered}\nCorrect: {correct} ({accuracy}%)\n"
        "Current streak: {current}\nBest streak: {best}"
    ),
    "stats.empty": "{name} has not answered any question yet.",
    # Terminal
    "console.prompt": "Your answer ({first}-{last}, q to quit): ",
    "console.bad_letter": "Please type one letter from {first} to {last}, or q to quit.",
    "console.bye": "Stopped. Your answers so far are saved.",
    "console.saved_to": "Scores are kept in {path}",
    "catalog.skipped": "{problem} (this quiz file is skipped; the other quizzes are served)",
    "catalog.skipped_more.one": (
        "{problem} (and {count} more problem: quizbot validate {file}; this quiz file is "
        "skipped, the other quizzes are served)"
    ),
    "catalog.skipped_more.other": (
        "{problem} (and {count} more problems: quizbot validate {file}; this quiz file is "
        "skipped, the other quizzes are served)"
    ),
    # Command-line errors
    "cli.bad_questions": "--questions must be a whole number from 1 to {max}.",
    # Rounds in chats
    "round.started.one": "{title}: {count} question, {seconds} s. Good luck!",
    "round.started.other": "{title}: {count} questions, {seconds} s each. Good luck!",
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
        "/quiz weak [QUESTIONS]: a round of the questions this group is forgetting\n"
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
    "discord.answer_button": "Answer",
    "discord.modal_title": "Your answer",
    "discord.modal_label.text": "Your answer",
    "discord.modal_label.number": "A number",
    "discord.pick_placeholder": "Pick every right answer",
    "discord.pick_intro": "Pick every right answer, then close the list to send them.",
    "discord.order_intro": "Click the letters in the right order, first to last.",
    "discord.order_progress": "Your order so far: {order}",
    "discord.order_again": "Start again",
    "discord.bad_number": (
        "Please type a number, such as {example}. Nothing was counted: click Answer again."
    ),
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
    "discord.synced.one": "Synced {count} command to {scope}.",
    "discord.synced.other": "Synced {count} commands to {scope}.",
    "discord.scope.global": "every server (Discord may take a while to show them)",
    "discord.scope.guild": "server {guild}",
    "discord.unreachable": "quizbot: cannot reach Discord ({error}). Check the network and retry.",
    # Daily question
    "daily.header": "☀️ Question of the day · {title}",
    "daily.open_until": (
        "Open until the next question of the day. Right answers build your 🔥 streak."
    ),
    "daily.previous.one": ("↩️ Last question: the answer was {answer} ({count}/{total} right)"),
    "daily.previous.other": ("↩️ Last question: the answer was {answer} ({count}/{total} right)"),
    "daily.previous_nobody": ("↩️ Last question: the answer was {answer} (nobody answered)"),
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
    "review.at": "on {date} at {time} ({zone})",
    "review.summary.one": "🔁 Review done: {count}/{total} right.",
    "review.summary.other": "🔁 Review done: {count}/{total} right.",
    "review.stopped.one": "🔁 So far: {count}/{total} right. The rest stay due.",
    "review.stopped.other": "🔁 So far: {count}/{total} right. The rest stay due.",
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
    "review.stats": "🔁 Review: {due_now}, {due_week}, {learned}, predicted recall {recall}%",
    "review.due_now.one": "{count} due now",
    "review.due_now.other": "{count} due now",
    "review.due_week.one": "{count} within 7 days",
    "review.due_week.other": "{count} within 7 days",
    "review.learned.one": "{count} learned",
    "review.learned.other": "{count} learned",
    "review.stats_empty": "🔁 Review: no missed question yet.",
    "command.review": "Review the questions you missed",
    "discord.name.review": "review",
    "discord.option.remind": "remind",
    "discord.option.remind.about": "HH:MM: a private reminder on days questions are due; off",
    "discord.option.remind_timezone.about": "IANA time zone, e.g. Europe/Paris (default: UTC)",
    # The first five minutes (issue 18): counted pieces, the terminal, `quizbot doctor`
    "stats.days.one": "{count} day",
    "stats.days.other": "{count} days",
    "cli.validated.one": "ok  {id}: {count} question",
    "cli.validated.other": "ok  {id}: {count} questions",
    "cli.exported.one": "{count} answer written to {path}",
    "cli.exported.other": "{count} answers written to {path}",
    "console.next": "Press Enter for the next question, or q to quit: ",
    "console.table.rank": "#",
    "console.table.player": "Player",
    "console.table.points": "Points",
    "doctor.all_well": "All checks passed.",
    "doctor.problems.one": "{count} problem to fix (the ✗ line above).",
    "doctor.problems.other": "{count} problems to fix (the ✗ lines above).",
    "doctor.versions": "Python {python}, quizbot {quizbot}; {libraries}",
    "doctor.library_missing": (
        "{name} is not installed: run `make play` again (or `pip install -e .`) to reinstall"
    ),
    "doctor.db_unusable": "database: {error}",
    "doctor.db_not_writable": (
        "database {where} cannot be written, so no answer could be kept: {error}. Check the "
        "file, its folder and the disk"
    ),
    "doctor.db_sqlite_ok": (
        "database {where}: reachable and writable, schema {version} of {current}, WAL"
    ),
    "doctor.db_postgres_ok": (
        "database {where}: reachable and writable, schema {version} of {current}"
    ),
    "doctor.db_not_wal": (
        "database {where}: journal mode {mode}, not WAL, so readers wait for writers; keep the "
        "file on a local disk"
    ),
    "doctor.quizzes_ok.one": "quizzes in {folder}: {count} valid quiz ({names})",
    "doctor.quizzes_ok.other": "quizzes in {folder}: {count} valid quizzes ({names})",
    "doctor.quiz_problem": "{problem}",
    "doctor.no_quizzes": "no quiz files in {folder}: set QUIZBOT_QUIZZES to your quizzes' folder",
    "doctor.tg_skipped": "Telegram: TELEGRAM_TOKEN is not set, not checked",
    "doctor.tg_token_ok": "Telegram: token accepted (getMe): the bot is @{username}, id {id}",
    "doctor.tg_token_rejected": (
        "Telegram: the token was rejected (getMe); copy it again from @BotFather into "
        "TELEGRAM_TOKEN"
    ),
    "doctor.tg_unreachable": (
        "Telegram: cannot reach the Bot API at {url} ({error}); check the network and "
        "TELEGRAM_API_URL"
    ),
    "doctor.tg_failed": "Telegram: the Bot API answered with an error: {error}",
    "doctor.tg_no_groups": (
        "Telegram: the bot may not be added to groups; in @BotFather: /setjoingroups, Enable"
    ),
    "doctor.tg_privacy_on": (
        "Telegram: group privacy mode is on: the bot gets commands and button presses, all it "
        "needs (in a group with other bots, type /quiz@{username})"
    ),
    "doctor.tg_privacy_off": (
        "Telegram: group privacy mode is off: the bot receives every group message, which it "
        "does not need; in @BotFather: /setprivacy, Enable"
    ),
    "doctor.tg_polling_ok": "Telegram: no webhook is set, so polling gets the updates",
    "doctor.tg_webhook_set": (
        "Telegram: a webhook is set ({url}) while this deployment polls: updates go there, not "
        "here. If another deployment uses this token, stop it (one token, one deployment); "
        "else `quizbot run telegram` deletes the webhook when it starts"
    ),
    "doctor.tg_webhook_missing": (
        "Telegram: no webhook is set, but this deployment expects {expected}; "
        "`quizbot run telegram --webhook {expected}` sets it when it starts"
    ),
    "doctor.tg_webhook_other": (
        "Telegram: the webhook is {url}, not {expected}: another deployment uses this token, "
        "or the address changed"
    ),
    "doctor.tg_webhook_ok": "Telegram: the webhook is {url}, as expected",
    "doctor.tg_webhook_error": (
        "Telegram: delivering updates to the webhook failed at {when} UTC: {error}; check the "
        "reverse proxy, the port and the certificate"
    ),
    "doctor.tg_pending.one": (
        "Telegram: {count} update is waiting; the bot handles it when it starts (Telegram keeps "
        "updates 24 hours)"
    ),
    "doctor.tg_pending.other": (
        "Telegram: {count} updates are waiting; the bot handles them when it starts (Telegram "
        "keeps updates 24 hours)"
    ),
    "doctor.tg_none_pending": "Telegram: no update is waiting",
    "doctor.dc_skipped": "Discord: DISCORD_TOKEN is not set, not checked",
    "doctor.dc_token_ok": "Discord: token accepted: the bot is {name}, id {id}",
    "doctor.dc_token_rejected": (
        "Discord: the token was rejected (401); copy the bot token again from the Developer "
        "Portal (Bot, Reset Token) into DISCORD_TOKEN"
    ),
    "doctor.dc_unreachable": "Discord: cannot reach the API ({error}); check the network",
    "doctor.dc_failed": "Discord: the API answered {status}: {error}",
    "doctor.dc_application": "Discord: application “{name}”, id {id}",
    "doctor.dc_code_grant": (
        "Discord: the application requires an OAuth2 code grant, so the invite link fails; "
        "turn off Requires OAuth2 Code Grant on the Bot page"
    ),
    "doctor.dc_private": (
        "Discord: the bot is private: only its owner can add it to a server (Public Bot, on "
        "the Bot page)"
    ),
    "doctor.dc_invite": (
        "Discord: invite the bot with scopes {scopes} and permissions {permissions}: {link}"
    ),
    "copy.stage.read": "Reading",
    "copy.stage.write": "Writing",
    "copy.stage.check": "Checking",
    # issue 16, real groups: a click on a button this version did not make
    "button.stale": "This button no longer works. Start a new round with /quiz.",
    # --- The organiser's report (issue 21: adapters/web, /report) ---
    "command.report": "A private link to the group's report page (admins)",
    "report.link": "📊 This group's report, valid {days} days:\n{link}\nWhoever has this link "
    "can open it: keep it to yourself. {revoke} voids every link given so far.",
    "report.sent": "I sent you the report link in a private message.",
    "report.start_first": "To receive the report link privately, open {link} and press Start.",
    "report.not_set_up": "The web report is not set up on this bot: its operator must set "
    "QUIZBOT_WEB_URL and QUIZBOT_WEB_SECRET.",
    "report.revoked": "Every report link given so far for this group no longer works. "
    "{command} gives a new one.",
    "report.group_only": "Use this command in the group whose report you want.",
    "report.anonymous": "An anonymous admin cannot receive a private link: turn off “Remain "
    "anonymous” for a moment, or ask another admin.",
    "discord.name.report": "report",
    "discord.option.action": "action",
    "discord.option.action.about": "Get a private link (default), or revoke every link",
    "report.action.link": "Get a private link",
    "report.action.revoke": "Revoke every link given so far",
    "report.page_title": "Group report",
    "report.platform.tg": "Telegram group",
    "report.platform.dc": "Discord server",
    "report.platform.unknown": "Group",
    "report.nav.label": "Report pages",
    "report.nav.overview": "Overview",
    "report.nav.members": "Members",
    "report.nav.rounds": "Rounds",
    "report.other_language": "Français",
    "report.other_language.code": "fr",
    "report.valid_until": "This private link works until {date}. Days and times are in UTC.",
    "report.stat.members": "members",
    "report.stat.answers": "answers",
    "report.stat.accuracy": "right",
    "report.chart.days.one": "Members who answered, per day (last {count} day)",
    "report.chart.days.other": "Members who answered, per day (last {count} days)",
    "report.chart.weeks": "Share of right answers, per week",
    "report.chart.questions": "Share of right answers, per question",
    "report.nobody": "Nobody has answered yet.",
    "report.days.title": "Answers per day",
    "report.quizzes.title": "Quizzes played",
    "report.members.title": "Members",
    "report.members.streaks": "Streaks count days in a row with a right answer (the scheduled "
    "daily questions, where the group has them).",
    "report.rounds.title": "Rounds",
    "report.rounds.none": "No group round has been played in this group yet.",
    "report.rounds.elsewhere.one": "{count} answer came from practice, daily questions or the "
    "terminal; the overview counts it.",
    "report.rounds.elsewhere.other": "{count} answers came from practice, daily questions or "
    "the terminal; the overview counts them.",
    "report.rounds.latest.one": "The latest group round (at most {count}).",
    "report.rounds.latest.other": "The latest group rounds, newest first (at most {count}).",
    "report.download": "Download",
    "report.column.day": "Day",
    "report.column.members": "Members",
    "report.column.answers": "Answers",
    "report.column.right": "Right",
    "report.column.accuracy": "Share right",
    "report.column.quiz": "Quiz",
    "report.column.member": "Member",
    "report.column.streak": "Current streak",
    "report.column.best_streak": "Best streak",
    "report.column.last_active": "Last active",
    "report.column.started": "Started",
    "report.column.status": "Status",
    "report.column.players": "Players",
    "report.column.ranking": "First places",
    "report.column.question": "Question",
    "report.column.choice": "Choice",
    "report.column.text": "Text",
    "report.column.picked": "Picked by",
    "report.column.correct": "Right answer",
    "report.column.question_accuracy": "Question share right",
    "report.column.median": "Median time (s)",
    # report, members: questions due for spaced review (issue 21)
    "report.column.due": "Due for review",
    "report.members.due": "Due for review: the questions a member missed that spaced review "
    "asks them again now (from this group's quizzes).",
    "report.ranking_entry": "{rank}. {name} {points}/{total}",
    "report.status.running": "running",
    "report.status.finished": "finished",
    "report.status.stopped": "stopped",
    "report.yes": "yes",
    "report.question.heading": "Question {number}",
    "report.question.short": "Q{number}",
    "report.question.figures": "{share} right · median answer time {median} · {answers}",
    "report.question.answers.one": "{count} answer",
    "report.question.answers.other": "{count} answers",
    "report.question.right": "right answer",
    "report.question.tempting": "most chosen wrong answer",
    "report.question.tempting_tied": "tied for most chosen wrong answer",
    "report.question.common_wrong": "Most common wrong answers, as typed",
    "report.question.no_wrong": "No wrong answer typed yet.",
    "report.question.why": "Explanation",
    "report.question.unanswered": "Not answered in this group yet.",
    "report.quiz.missing": "This quiz is no longer installed, so its questions cannot be shown.",
    "report.forbidden.title": "This link does not open a report",
    "report.forbidden.body": "It may have expired, been revoked, or been copied incompletely. "
    "Ask an admin of the group for a new one with /report.",
    "report.period.label": "Period",
    "report.period.7": "Last 7 days",
    "report.period.30": "Last 30 days",
    "report.period.90": "Last 90 days",
    "report.period.all": "All time",
    "report.chart.questions_all": "Share of right answers, per question (all time)",
    "report.items.title": "Item analysis",
    "report.items.method": "Share right: the question's right answers over its answers in the "
    "period (low: hard). Discrimination: the upper-minus-lower 27 % index, on each member's "
    "latest answer to each question in the period. Members who answered the question are ranked "
    "by their share of questions right at their latest answer; it is the question's share right "
    "among the top 27 % less among the bottom 27 %, from −1 to +1. Above +0.30 the question "
    "separates those who know the quiz from the others; near 0 or below, the strong miss it as "
    "often as the weak: check its wording and its answer.",
    "report.items.none": "Nobody answered this quiz in this period.",
    "report.column.discrimination": "Discrimination",
    "report.column.wrong_choices": "Wrong choices picked (⚠ most chosen)",
    "report.column.flags": "Flags",
    "report.column.members_answered": "Members",
    "report.items.wrong_choice": "{letter} {share}",
    "report.flags.title": "Flagged by members",
    "report.flags.entry.one": "{count} open flag: {reasons}.",
    "report.flags.entry.other": "{count} open flags: {reasons}.",
    "report.flags.note": "Open flags, from all time. Admins act on them in the chat: /flags hide, "
    "/flags show, /flags clear.",
    "report.discuss.title": "Questions to discuss next",
    "report.discuss.none": "No question needs it in this period: every one is answered right at "
    "least {share} of the time.",
    "report.discuss.entry": "{share} right, discrimination {index}",
    "report.discuss.learnable": "those who know the quiz get it right: worth teaching again.",
    "report.discuss.suspect": "the stronger members miss it more often than the others:"
    " check that its right answer is right.",
    "report.discuss.check": "it barely separates those who know the quiz from the others:"
    " check its wording and its answer.",
    "report.discuss.low": "too few members answered it to say more.",
    "report.discuss.flagged": "members flagged it.",
    "report.grid.title": "Members × questions",
    "report.grid.legend": "Each member's latest answer in the period: ✔ right · ✘ wrong · · not "
    "seen.",
    "report.grid.right": "right",
    "report.grid.wrong": "wrong",
    "report.grid.unseen": "not seen",
    "report.column.period_answers": "Answers in period",
    "report.column.period_accuracy": "Share right in period",
    "report.column.trend": "Trend (points)",
    "report.column.recall": "Predicted recall",
    "report.members.trend": "Trend: the share right of the period's later half less its earlier "
    "half's, in points (for all time: the last 30 days against before). Predicted recall: the "
    "mean probability, as spaced review's FSRS model predicts it, that the member answers their "
    "questions of this group's quizzes right today.",
    "report.progress.title": "Progress",
    "report.members.all_time": "All time",
    "report.items.min_members.one": "Discrimination is shown once {count} member has answered the"
    " question.",
    "report.items.min_members.other": "Discrimination is shown once {count} members have answered"
    " the question.",
    "report.members.trend_min.one": "A trend needs {count} answer in each half.",
    "report.members.trend_min.other": "A trend needs {count} answers in each half.",
    "report.behind.due.one": "{count} review due",
    "report.behind.due.other": "{count} reviews due",
    "report.behind.points.one": "{count} point",
    "report.behind.points.other": "{count} points",
    "report.behind.dropping": "share right down {drop}",
    "report.behind.rule": "Falling behind: at least {due}, or a share right down by at least"
    " {drop}.",
    "report.behind.title": "Members falling behind",
    "report.behind.none": "Nobody is falling behind in this period.",
    "report.not_found": "There is no such page in this report.",
    # French typography warnings (issue 17): `quizbot validate --strict`
    "cli.strict_warnings": "quizbot: --strict turns the warnings above into errors",
    # issue 16, real groups: Discord permissions the bot lacks in a channel
    "permissions.missing": (
        "I can't post in {channel}: I'm missing these permissions there: {names}. "
        "A server admin can grant them in the channel's settings."
    ),
    "permission.view_channel": "View Channel",
    "permission.send_messages": "Send Messages",
    "permission.embed_links": "Embed Links",
    "permission.attach_files": "Attach Files",
    "permission.read_message_history": "Read Message History",
    "discord.option.off_channel.about": "Which channel's question of the day (default: this one)",
    "daily.off_in": (
        "📅 No more question of the day in {channel}. The open one stays open until it closes."
    ),
    # issue 16, real groups: a schedule paused because its chat was gone
    "daily.paused": (
        "⏸️ Paused: the bot could not post here ({reason}). "
        "Set the schedule again to turn it back on."
    ),
    "daily.pause_reason.bot_removed": "the bot was removed",
    "daily.pause_reason.bot_left": "the bot left",
    "daily.pause_reason.server_removed": "the bot was removed from the server",
    "daily.pause_reason.channel_deleted": "the channel was deleted",
    # Discord threads deleted mid-round and mid-schedule
    "daily.pause_reason.thread_deleted": "the thread was deleted",
    # issue 16, real groups: round summaries within the message limit
    "summary.more.one": "… and {count} more player",
    "summary.more.other": "… and {count} more players",
    # issue 16, real groups: Telegram deadlines as a duration
    "time.in": "in {duration}",
    "duration.seconds.one": "{count} s",
    "duration.seconds.other": "{count} s",
    "duration.minutes.one": "{count} min",
    "duration.minutes.other": "{count} min",
    # Issue 19, chat uploads on Telegram (h19b): the admins' and private chats' command menu
    "command.import": "Add a quiz from a file: send it with /import as caption (admins)",
    "command.removequiz": "Remove one of this chat's own quizzes (admins)",
    # issue 16, real groups: each chat's time zone (/timezone)
    "leaderboard.period_zone": "{period} ({zone})",
    "command.timezone": "The group's time zone, for today, this week and streaks",
    "timezone.current": (
        "🕰️ This group's time zone: {zone}. Today and this week start at midnight there."
    ),
    "timezone.current_daily": (
        "🕰️ This group's time zone: {zone}, its question of the day's. "
        "Today and this week start at midnight there."
    ),
    "timezone.set": "🕰️ Time zone set: {zone}. Today and this week now start at midnight there.",
    "timezone.bad": (
        "I don't know the time zone “{value}”. Use an IANA name such as Europe/Paris or "
        "America/New_York, for example: {example}"
    ),
    "timezone.example.telegram": "/timezone Europe/Paris",
    "timezone.example.discord": "/timezone zone:Europe/Paris",
    "discord.name.timezone": "timezone",
    "discord.option.zone": "zone",
    "discord.option.zone.about": "IANA time zone, e.g. Europe/Paris (admins; empty: show it)",
    # Issue 19, chat uploads on Discord: /import file: and /removequiz id:
    "discord.name.import": "import",
    "discord.about.import": "Turn a quiz file into this server's own quiz (admins)",
    "discord.option.file": "file",
    "discord.option.file.about": "GIFT, Anki text or .apkg, Open Trivia DB, Kahoot, CSV, YAML…",
    "discord.name.removequiz": "removequiz",
    "discord.about.removequiz": "Remove a quiz this server imported (admins)",
    "discord.option.quiz_id": "id",
    "discord.option.quiz_id.about": "The id of one of this server's own quizzes",
    "discord.import.unreadable": "Discord did not give me the file: send it again.",
    # Issue 19, bring your own questions: a quiz's credit, and `quizbot import`
    "quiz.source": "Source:",
    "import.working": "Importing {file}…",
    "import.done.one": "{count} question imported from {file} ({format}).",
    "import.done.other": "{count} questions imported from {file} ({format}).",
    "import.wrote": (
        "Written to {path}. Check it: quizbot validate {path} · play it: quizbot play {id}"
    ),
    "import.pictures_stdout": (
        "Pictures were left out: the quiz went to standard output. Give --output FILE to write "
        "them beside it."
    ),
    "import.picture_exists": (
        "This picture file exists and was not written by quizbot import: {path}. Choose another "
        "--id or --output."
    ),
    "import.wrote_pictures.one": "{count} picture written to {folder}",
    "import.wrote_pictures.other": "{count} pictures written to {folder}",
    "import.pictures_left_out.one": "{count} picture left out (its question is kept):",
    "import.pictures_left_out.other": "{count} pictures left out (their questions are kept):",
    "import.skipped.one": "{count} item skipped:",
    "import.skipped.other": "{count} items skipped:",
    "import.at_note": "note {number}",
    "import.at_question": "question {number}",
    "import.note": "Note: {note}",
    "import.more.one": "… and {count} more.",
    "import.more.other": "… and {count} more.",
    "import.nothing": "Nothing could be imported from {file}.",
    "import.exists": (
        "This file already exists and was not written by quizbot import: {path}. Choose another "
        "--id or --output."
    ),
    "import.id_mismatch": (
        "The quiz id “{id}” must match the output file name ({stem}.yaml): give --id {stem}, or "
        "another --output."
    ),
    "import.cannot_read": "Cannot read {file}: {reason}",
    "import.cannot_write": "Cannot write {path}: {reason}",
    "import.error.unknown_format": "Unknown format “{format}”: use one of {known}.",
    "import.error.bad_id": "--id must be 1-24 lowercase letters, digits or hyphens (got “{id}”).",
    "import.error.bad_language": (
        "--lang takes a language code such as en, fr, de or pt-BR (got “{language}”)."
    ),
    "import.error.bad_title": "--title must not be blank.",
    "import.error.unknown_source": (
        "Cannot tell which format this file is in: give --format (one of {known})."
    ),
    "import.error.already_a_quiz": "This is already a quiz file: check it with quizbot validate.",
    "import.error.no_questions": "The file holds no questions.",
    "import.error.too_large": "The file is too large (in bytes: {size}; the limit is {limit}).",
    "import.error.not_utf8": "The file is not UTF-8 text (save it as UTF-8).",
    "import.error.json": "Not valid JSON: {problem}.",
    "import.error.yaml": "Not valid YAML: {problem}",
    "import.error.csv": "Not readable as a table: {problem}.",
    "import.error.csv_header": (
        "The first row must name the columns, with at least question and answer (found: {found})."
    ),
    "import.error.opentdb_shape": (
        "Expected Open Trivia DB questions: a list, or an object with “results”."
    ),
    "import.error.opentdb_no_results": (
        "Open Trivia DB had no results for that request (response_code {code})."
    ),
    "import.error.opentdb_invalid_parameter": (
        "Open Trivia DB refused the request's parameters (response_code {code})."
    ),
    "import.error.opentdb_token_not_found": (
        "Open Trivia DB did not know the session token (response_code {code})."
    ),
    "import.error.opentdb_token_empty": (
        "Open Trivia DB had given every question of that session (response_code {code})."
    ),
    "import.error.opentdb_rate_limit": (
        "Open Trivia DB refused too many requests (response_code {code}); this file holds no "
        "questions."
    ),
    "import.error.red_shape": "A trivia list maps each question to a list of answers.",
    "import.error.zip": "Not a readable zip package: {problem}.",
    "import.error.anki_no_collection": (
        "No Anki collection in this package (collection.anki21b, .anki21 or .anki2)."
    ),
    "import.error.anki_zstd": "The package's compressed collection cannot be read: {problem}.",
    "import.error.anki_database": "The Anki collection cannot be read: {problem}.",
    "import.error.anki_no_notes": "The Anki collection has no notes table.",
    "import.error.spreadsheet": "Not a readable spreadsheet (.xlsx): {problem}.",
    "import.error.kahoot_header": (
        "No header row with Question, Answer 1, Answer 2 and Correct answer(s) columns (as in "
        "Kahoot's template)."
    ),
    "import.error.not_valid": "The quiz made of this file does not validate: {problem}",
    "import.skip.file_size": (
        "the quiz file would be too large (in bytes, over {limit}): left out, this question and "
        "the next ones ({count})"
    ),
    "import.skip.gift_description": "a description, not a question (no answers in braces)",
    "import.skip.gift_braces": "an answer block without its opening {{ or closing }}",
    "import.skip.gift_essay": "an essay question: no answer to check",
    "import.skip.gift_numeric": "a numeric answer that is no number (“{answer}”)",
    "import.skip.gift_numeric_apart": (
        "numeric answers with gaps between them (in all: {count}): a number question accepts "
        "one value or one range"
    ),
    "import.skip.gift_matching": "a matching question: the bot does not ask matching questions",
    "import.skip.gift_partial_only": (
        "several answers share the credit (%50%…): a question here has one right answer"
    ),
    "import.skip.several_right": (
        "several answers are marked right ({count}): a question here has exactly one"
    ),
    "import.skip.all_right": "every choice is marked right: a question needs a wrong one",
    "import.skip.untypable_answer": (
        "no accepted answer has a letter or a digit to type (“{answer}”)"
    ),
    "import.skip.long_answer": (
        "every accepted answer is too long to type (in characters: {length}; the limit is {limit})"
    ),
    "import.skip.no_right": "no answer is marked right (= or %100%)",
    "import.skip.too_few_choices": "fewer than 2 choices",
    "import.skip.too_many_choices": "too many choices ({count}): a question holds at most {limit}",
    "import.skip.empty_prompt": "the question has no text",
    "import.skip.empty_choice": "a choice is empty",
    "import.skip.same_choices": "two choices read the same (“{choice}”)",
    "import.skip.long_prompt": (
        "the question is too long (in characters: {length}; the limit is {limit})"
    ),
    "import.skip.long_choice": (
        "a choice is too long (in characters: {length}; the limit is {limit})"
    ),
    "import.skip.long_note": (
        "a feedback is too long (in characters: {length}; the limit is {limit})"
    ),
    "import.skip.long_explanation": (
        "the explanation is too long (in characters: {length}; the limit is {limit})"
    ),
    "import.skip.limit": "too long for a chat message: {problem}",
    "import.skip.cap": (
        "past the most questions a quiz holds ({limit}): left out, this one and the next ones "
        "({count})"
    ),
    "import.skip.anki_cloze": "a cloze note without a deletion ({{c1::…}}) in its fields",
    "import.skip.anki_cloze_several": (
        "cloze card c{number}: it hides several parts, so there is no one answer to type"
    ),
    "import.skip.anki_cloze_many": (
        "cloze cards past the most a note makes ({limit}): left out (in all: {count})"
    ),
    "import.skip.anki_one_field": "the note has one field only: no answer",
    "import.skip.empty_field": "empty field: {field}",
    "import.skip.media_only": (
        "only an image or a sound in the field {field}: the bot shows text alone"
    ),
    "import.skip.picture": "picture “{name}” left out, the question kept: {problem}",
    "import.skip.picture_extra_question.one": (
        "{count} picture left out (“{name}”): a question shows one picture (the first is kept)"
    ),
    "import.skip.picture_extra_question.other": (
        "{count} pictures left out, from “{name}” on: a question shows one picture (the first is "
        "kept)"
    ),
    "import.skip.picture_extra_explanation.one": (
        "{count} picture left out (“{name}”): an explanation shows one picture (the first is kept)"
    ),
    "import.skip.picture_extra_explanation.other": (
        "{count} pictures left out, from “{name}” on: an explanation shows one picture (the "
        "first is kept)"
    ),
    "import.skip.picture_only": (
        "the question was only a picture, and the picture could not be brought in: nothing "
        "left to ask"
    ),
    "import.skip.picture_in_answer.one": (
        "{count} picture in an answer or its feedback left out (“{name}”): the bot shows "
        "pictures with the question and its explanation only"
    ),
    "import.skip.picture_in_answer.other": (
        "{count} pictures in the answers or their feedback left out, from “{name}” on: the bot "
        "shows pictures with the question and its explanation only"
    ),
    "import.picture_alt": "Picture from {file}",
    "import.picture_prompt": "What does the picture show?",
    "import.note.sounds": "sounds and videos were left out (the bot shows text and pictures)",
    "import.skip.no_wrong_choices": "no other answer to offer as a wrong choice",
    "import.skip.missing_field": "“{field}” is missing",
    "import.skip.opentdb_not_question": (
        "not a question (an object with type, question and answers)"
    ),
    "import.skip.opentdb_type": "unknown question type “{type}”",
    "import.skip.kahoot_no_correct": "no correct answer is given",
    "import.skip.kahoot_bad_correct": (
        "the correct answer given ({value}) is not one of the answers"
    ),
    "import.skip.red_not_list": "the answers must be a list",
    "import.skip.red_no_answer": "no answer is given",
    "import.skip.red_repeated": "the same question as line {first}, asked again: left out",
    "import.skip.red_repeated_answer": (
        "the same question as line {first}, asked again with another answer (“{answer}”): "
        "left out, line {first}'s answer is kept (Red would keep this one): check which is right"
    ),
    "import.skip.quizlet_no_separator": "no separator “{separator}” between term and definition",
    # Issue 26, right on real files: how a table or an Anki export was read, and why a row was not
    "import.skip.csv_bad_correct": (
        "the correct answer given in “{column}” (“{value}”) is none of the options"
    ),
    "import.skip.anki_duplicate_line": "the same Front as line {first}: imported once, there",
    "import.skip.anki_duplicate_note": "the same Front as note {first}: imported once, there",
    "import.skip.anki_extra_fields": (
        "more fields ({count}) than the file's notes have ({expected}): check the separator and "
        "the quotes"
    ),
    "import.note.csv_answer_text": (
        "read as a table of options: the question in “{question}”, the right option named by "
        "its text in “{column}”"
    ),
    "import.note.csv_answer_number": (
        "read as a table of options: the question in “{question}”, the right option named by "
        "its number in “{column}” (1 = “{first}”)"
    ),
    "import.note.csv_answer_letter": (
        "read as a table of options: the question in “{question}”, the right option named by "
        "its letter in “{column}” (A = “{first}”)"
    ),
    "import.note.anki_text": "read as an Anki text export (fields separated by {separator})",
    "import.note.anki_text_tags": (
        "read as an Anki text export (fields separated by {separator}, tags in column {column})"
    ),
    "import.note.read_quizlet": (
        "read as a Quizlet export (term, tab, definition); --format anki reads it as an Anki "
        "text export"
    ),
    "import.separator.tab": "tabs",
    "import.separator.comma": "commas",
    "import.separator.semicolon": "semicolons",
    "import.separator.space": "spaces",
    "import.separator.pipe": "“|”",
    "import.separator.colon": "colons",
    "import.note.distractors": (
        "wrong choices were drawn from the other cards' answers (the same ones at every import)"
    ),
    "import.note.gift_partial": "answers with partial credit (%50%…) became wrong choices",
    "import.note.gift_partial_typed": (
        "typed answers with partial credit (%50%…) are not accepted: only full-credit ones are"
    ),
    "import.note.typed_trimmed": (
        "accepted answers over 100 characters, of punctuation alone or past the first 20 of a "
        "question were left out (typed answers are short)"
    ),
    "import.note.html": "HTML was turned into plain text",
    "import.note.media": "images and sounds were left out (the bot shows text alone)",
    "import.note.opentdb_credit": (
        "Open Trivia DB questions are CC BY-SA 4.0: the quiz credits them"
    ),
    "import.note.red_as_written": (
        "answers written Yes, No, On or Off were kept as written (Red's YAML reads them as True "
        "or False)"
    ),
    # Issue 19, chat uploads (h19a): /import and /removequiz replies, the chat's own quizzes
    "upload.done.one": "Quiz “{title}” added: {count} question. Play it: {play}",
    "upload.done.other": "Quiz “{title}” added: {count} questions. Play it: {play}",
    "upload.replaced.one": (
        "Quiz “{title}” replaced: {count} question; its answers so far are kept. Play it: {play}"
    ),
    "upload.replaced.other": (
        "Quiz “{title}” replaced: {count} questions; its answers so far are kept. Play it: {play}"
    ),
    "upload.failed": "Nothing could be imported from {file}:",
    "upload.quiz_problem": "{problem}",
    "upload.refused.too_big": (
        "This file is too large for a quiz (the limit in bytes: {limit}). Nothing was kept."
    ),
    "upload.refused.too_many_questions": (
        "This file holds too many questions (the limit: {limit}): split it into several quizzes."
    ),
    "upload.refused.too_many_quizzes": (
        "This chat has reached its limit of quizzes of its own ({limit}): remove one first "
        "({remove})."
    ),
    "upload.refused.rate_limited": (
        "This chat has reached its limit of uploads in an hour ({limit}): try again later."
    ),
    "upload.refused.bundled_id": (
        "“{id}” is the id of a quiz the bot comes with: give yours another id (its file name, or "
        "the id in the file)."
    ),
    "upload.refused.zip_unreadable": (
        "This .zip cannot be read: it is damaged, or not a zip. Nothing was kept."
    ),
    "upload.refused.zip_too_many_pictures": (
        "This .zip holds too many files: one quiz file and its pictures (the limit of pictures: "
        "{limit}). Nothing was kept."
    ),
    "upload.refused.zip_no_quiz": (
        "This .zip holds no quiz file, only pictures: put the quiz file beside them. Nothing "
        "was kept."
    ),
    "upload.refused.zip_several_quizzes": (
        "This .zip holds several files that are not pictures ({name}): it may hold one quiz "
        "file only. Nothing was kept."
    ),
    "upload.refused.zip_bad_name": (
        "“{name}” in this .zip is not a file name the bot accepts (a path from the top of a "
        "disk, or one climbing out with '..'). Nothing was kept."
    ),
    "upload.refused.zip_duplicate_name": (
        "“{name}” is in this .zip twice (names are compared ignoring case). Nothing was kept."
    ),
    "upload.refused.zip_encrypted": (
        "“{name}” in this .zip is protected by a password: send the zip without one. Nothing "
        "was kept."
    ),
    "upload.refused.zip_packing": (
        "“{name}” in this .zip is compressed in a way the bot does not read: make an ordinary "
        "zip (stored or deflate). Nothing was kept."
    ),
    "upload.refused.zip_nested": (
        "“{name}” is an archive inside the .zip: archives within archives are refused. Nothing "
        "was kept."
    ),
    "upload.refused.zip_overlapping": (
        "The files of this .zip overlap one another (a trick of zip bombs): it is refused. "
        "Nothing was kept."
    ),
    "upload.refused.zip_member_too_big": (
        "“{name}” in this .zip is too large once unpacked (the limit in bytes: {limit}). Nothing "
        "was kept."
    ),
    "upload.refused.zip_damaged": (
        "“{name}” in this .zip is damaged: its size or checksum does not match its content. "
        "Nothing was kept."
    ),
    "upload.unused_pictures": "Pictures the quiz does not show, not kept: {names}.",
    "upload.removed": "Quiz “{title}” ({id}) removed. Its answers stay on the leaderboards.",
    "upload.remove.bundled": "“{id}” is a quiz the bot comes with: it cannot be removed.",
    "upload.remove.unknown": (
        "This chat has no quiz of its own called “{id}”. Its quizzes: {names}."
    ),
    "upload.remove.none": "This chat has no quiz of its own.",
    "upload.play.telegram": "/quiz {id}",
    "upload.play.discord": "/quiz quiz:{id}",
    "upload.remove.telegram": "/removequiz ID",
    "upload.remove.discord": "/removequiz id:ID",
    "upload.help.telegram": (
        "To add a quiz of your own, send the file with /import as its caption, or reply /import "
        "to a file (admins; in a private chat it is your own quiz). Formats: Moodle GIFT, Anki "
        "(text or .apkg), Kahoot (.xlsx), Quizlet, Open Trivia DB (JSON), Red-DiscordBot trivia "
        "lists, CSV or a quizbot quiz file. Up to 1 MB and 500 questions; uploading the same id "
        "again replaces the quiz, /removequiz ID removes it. A .zip may hold the quiz file and "
        "the pictures it shows (up to 5 MB and 20 pictures)."
    ),
    "upload.help.discord": (
        "To add a quiz of your own to this server, use /import file:FILE (Manage Server). "
        "Formats: Moodle GIFT, Anki (text or .apkg), Kahoot (.xlsx), Quizlet, Open "
        "Trivia DB (JSON), Red-DiscordBot trivia lists, CSV or a quizbot quiz file. Up to 1 MB "
        "and 500 questions; uploading the same id again replaces the quiz, /removequiz id:ID "
        "removes it. A .zip may hold the quiz file and the pictures it shows (up to 5 MB and 20 "
        "pictures)."
    ),
    "upload.daily_some_removed": (
        "Some of these quizzes were removed from this chat: the questions come from the others."
    ),
    "upload.daily_all_removed": (
        "The quizzes of this schedule were removed from this chat: no question is posted until "
        "it is set again with other quizzes."
    ),
    "upload.own_title": "This chat's own quizzes:",
    # The group's weak spots (bot/domain/weak_spots.py ranks them)
    "weak.title": "Weak spots of this group",
    "weak.why": (
        "Why these questions: this group is most likely to have forgotten them now. They come "
        "lowest predicted recall first (FSRS, averaged over the members who answered them "
        "here), then most missed."
    ),
    "weak.nothing_seen.telegram": (
        "Nobody has answered a question in this chat yet, so there are no weak spots to go "
        "over. Start with a round: /quiz {quiz} (or /quiz to see every quiz)."
    ),
    "weak.nothing_seen.discord": (
        "Nobody has answered a question in this server yet, so there are no weak spots to go "
        "over. Start with a round: /quiz quiz:{quiz}."
    ),
    "weak.choice": "⚠ Weak spots: what this group is forgetting (weak)",
    # Flagged questions (bot/domain/flags.py, bot/play/flags.py)
    "flag.button": "⚑",
    "flag.ask": "What is wrong with this question?\n\n{title} · {prompt}",
    "flag.reason.w": "The answer is wrong",
    "flag.reason.u": "The question is unclear",
    "flag.reason.t": "A typo",
    "flag.reason.o": "Something else",
    "flag.added": "Thanks: the admins will see your flag ({reason}).",
    "flag.changed": "You had flagged it already: the reason is now “{reason}”.",
    "flag.limited.one": (
        "You have flagged {count} question in the last 24 hours, the most allowed. Please try "
        "again tomorrow."
    ),
    "flag.limited.other": (
        "You have flagged {count} questions in the last 24 hours, the most allowed. Please try "
        "again tomorrow."
    ),
    "flag.unknown": "I can't find that question any more: nothing was flagged.",
    "flag.note_reply": "To add a sentence for the admins, reply to this message (optional).",
    "flag.note_title": "Flagged: add a sentence?",
    "flag.note_label": "A sentence for the admins (optional)",
    "flag.noted": "Thanks: your sentence is with your flag.",
    "flag.thanks": "Thanks: the admins will see your flag.",
    "flag.no_flag": "I found no flag of yours from the last hour to add this to.",
    "flags.title": "⚑ Flagged questions",
    "flags.none": "No question is flagged here.",
    "flags.line.one": "{ref}: {count} flag, {reasons}",
    "flags.line.other": "{ref}: {count} flags, {reasons}",
    "flags.hidden_mark": "hidden",
    "flags.hidden_line": "{ref}: hidden",
    "flags.usage": (
        "/flags lists the flagged questions; /flags hide ID stops asking one here, /flags show "
        "ID brings it back, /flags clear ID marks its flags dealt with (ID as listed, e.g. "
        "parallelism/megatron)."
    ),
    "flags.hidden": (
        "{ref} is hidden: it is not asked here any more. /flags show {ref} brings it back."
    ),
    "flags.already_hidden": "{ref} was hidden already.",
    "flags.shown": "{ref} is asked here again.",
    "flags.not_hidden": "{ref} was not hidden.",
    "flags.cleared": "The flags of {ref} are marked dealt with.",
    "flags.nothing_to_clear": "{ref} has no open flag.",
    "flags.unknown_id": (
        "I don't know a question “{ref}” here. Use an ID as /flags lists it, e.g. "
        "parallelism/megatron."
    ),
    "command.flags": "Flagged questions: list, hide, show, clear (admins)",
    "discord.name.flags": "flags",
    "discord.option.flags_action.about": "list (default), hide, show or clear",
    "discord.option.question": "question",
    "discord.option.question.about": "The question's ID as the list shows it (quiz/question)",
    "flags.action.list": "list",
    "flags.action.hide": "hide",
    "flags.action.show": "show",
    "flags.action.clear": "clear",
}
