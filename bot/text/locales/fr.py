"""Messages en français. Les clés `.one` / `.other` sont choisies selon l'argument `count`."""

MESSAGES: dict[str, str] = {
    # Quiz facts
    "difficulty.easy": "facile",
    "difficulty.medium": "moyen",
    "difficulty.hard": "difficile",
    "quiz.line": "{id} · {title} · {count} questions · {difficulty}",
    "quiz.intro": "{title} · {difficulty} · {count} questions",
    "quiz.unknown": "Je ne connais pas de quiz nommé « {name} ». Quiz disponibles : {names}.",
    "quiz.none": "Aucun quiz n'est encore installé.",
    "quiz.start_button": "▶ {title}",
    # A posted question
    "question.header": "{title} · Question {number}/{total}",
    "question.answered.one": "{count} réponse pour l'instant",
    "question.answered.other": "{count} réponses pour l'instant",
    "question.closes": "Fin {when}",
    "time.at": "à {time} UTC",
    "question.explain_button": "📖 Explication",
    "question.reveal_button": "Révéler",
    # Verdicts, told privately to the player
    "verdict.right": "✅ Bonne réponse ! {letter}. {choice}",
    "verdict.wrong": "❌ Pas tout à fait. La bonne réponse est {letter}. {choice}",
    "verdict.already": "Vous avez déjà répondu {letter}. Seule la première réponse compte.",
    "verdict.closed": "Cette question est close ; votre réponse n'a pas été comptée.",
    "verdict.invalid": (
        "Ce bouton ne correspond à aucune question que je connais. Rien n'a été enregistré."
    ),
    "verdict.note": "À propos de {letter} : {note}",
    "verdict.more": "Explication complète : 📖 sous la question.",
    "verdict.references": "Pour aller plus loin :",
    # A closed question, shown to everyone
    "closed.answer": "✅ Réponse : {letter}. {choice}",
    "closed.votes.one": "{count} réponse",
    "closed.votes.other": "{count} réponses",
    "closed.nobody": "Personne n'a répondu à cette question.",
    # End of a round
    "summary.title": "🏁 Fin de la partie : {title}",
    "summary.line": "{rank}. {name} : {points}/{total} ({seconds} s)",
    "summary.nobody": "Personne n'a répondu pendant cette partie.",
    "summary.solo": "Votre score : {points}/{total}",
    "summary.solo_stopped.one": (
        "Votre score : {points}/1 (vous avez répondu à 1 question sur {total})"
    ),
    "summary.solo_stopped.other": (
        "Votre score : {points}/{count} (vous avez répondu à {count} questions sur {total})"
    ),
    "summary.solo_none": "Vous n'avez répondu à aucune question cette fois-ci.",
    "summary.stopped": "La partie a été arrêtée.",
    # Leaderboards and stats
    "period.today": "aujourd'hui",
    "period.week": "cette semaine",
    "period.all": "depuis le début",
    "leaderboard.title": "🏆 Classement, {period}",
    "leaderboard.title_quiz": "🏆 Classement, {period}, {quiz}",
    "leaderboard.line.one": "{rank}. {name} : {points} point",
    "leaderboard.line.other": "{rank}. {name} : {points} points",
    "leaderboard.you": "Vous",
    "leaderboard.empty": (
        "Aucune réponse pour l'instant. Lancez une partie pour entrer au classement !"
    ),
    "stats.title": "📊 {name}",
    "stats.body": (
        "Réponses : {answered}\nBonnes réponses : {correct} ({accuracy} %)\n"
        "Série en cours : {current} jours\nMeilleure série : {best} jours"
    ),
    "stats.empty": "{name} n'a encore répondu à aucune question.",
    # Terminal
    "console.prompt": "Votre réponse ({first}-{last}, q pour quitter) : ",
    "console.bad_letter": "Tapez une lettre de {first} à {last}, ou q pour quitter.",
    "console.bye": "Partie arrêtée. Vos réponses sont enregistrées.",
    "console.saved_to": "Les scores sont conservés dans {path}",
    # Command-line errors
    "cli.bad_questions": "--questions doit être un nombre entier de 1 à {max}.",
    # Rounds in chats
    "round.started": "{title} : {count} questions, {seconds} s chacune. Bonne chance !",
    "round.conflict": "Une partie est déjà en cours ici. Terminez-la ou arrêtez-la avec /stop.",
    "round.not_allowed": (
        "Seule la personne qui a lancé la partie ou un administrateur peut faire cela."
    ),
    "round.nothing_running": "Aucune partie n'est en cours ici.",
    "round.stopped_by": "Partie arrêtée par {name}.",
    "round.bad_count": "Le nombre de questions doit être un entier de 1 à {max}.",
    "round.bad_seconds": "Le minuteur doit être un nombre entier de secondes de {min} à {max}.",
    "quiz.list_title": "Quiz disponibles :",
    "leaderboard.bad_period": "Période inconnue « {period} ». Utilisez today, week ou all.",
    "error.generic": (
        "Désolé, un problème est survenu de mon côté : rien n'a été enregistré. Réessayez."
    ),
    "error.admin_only": "Seuls les administrateurs peuvent faire cela.",
    "help.text": (
        "J'anime des quiz pour les groupes d'étude. Chacun répond avec les boutons ; je vous dis "
        "en privé si vous avez raison, et pourquoi.\n\n"
        "/quiz NOM [QUESTIONS] [SECONDES] : lancer une partie ici ({seconds} s par question, "
        "sauf avis contraire)\n"
        "/stop : arrêter la partie (celui qui l'a lancée ou un administrateur)\n"
        "/quizzes : les quiz disponibles\n"
        "/leaderboard [today|week|all] [QUIZ] : le classement\n"
        "/stats : vos réponses, votre précision et vos séries\n"
        "/practice NOM : s'entraîner seul, à son rythme\n"
        "/review : revoir en privé les questions manquées\n"
        "/forgetme : effacer tout ce que je garde sur vous\n"
        "/daily HH:MM FUSEAU QUIZ : une question du jour ici (administrateurs)\n"
        "/help : ce message"
    ),
    "practice.in_private": "Entraînez-vous seul, à votre rythme, en privé : {link}",
    "explain.unknown": "Je ne retrouve plus cette question.",
    "explain.answer_first": "Répondez d'abord : l'explication dévoile la réponse.",
    # Command descriptions shown by the platforms
    "command.quiz": "Lancer une partie de quiz ici",
    "command.stop": "Arrêter la partie en cours",
    "command.quizzes": "Les quiz disponibles",
    "command.leaderboard": "Afficher le classement",
    "command.stats": "Vos réponses, votre précision et vos séries",
    "command.help": "Comment utiliser le bot de quiz",
    "command.practice": "S'entraîner seul sur un quiz, à son rythme",
    # Privacy
    "forget.ask": (
        "Ceci efface tout ce que je garde sur vous : {kept}, et les scores et séries qui en "
        "découlent. C'est définitif. Tout effacer ?"
    ),
    "forget.ask_profile": (
        "Ceci efface tout ce que je garde sur vous : votre nom et votre langue. C'est "
        "définitif. Tout effacer ?"
    ),
    "forget.answers.one": "votre nom et votre réponse dans {chats}",
    "forget.answers.other": "votre nom et vos {count} réponses dans {chats}",
    "forget.chats.one": "{count} discussion",
    "forget.chats.other": "{count} discussions",
    "forget.nothing": "Je ne garde aucune donnée sur vous.",
    "forget.yes": "Effacer mes données",
    "forget.no": "Annuler",
    "forget.done": (
        "C'est fait : tout ce que je gardais sur vous est effacé. Vous n'apparaissez plus dans "
        "aucun classement."
    ),
    "forget.cancelled": "Rien n'a été effacé.",
    "forget.not_yours": "Ce bouton appartient à quelqu'un d'autre.",
    "command.forgetme": "Effacer toutes vos réponses et vos scores",
    "command.start": "Démarrer le bot",
    # Discord : noms et descriptions des commandes, options et choix (app_commands.Translator)
    "discord.name.quiz": "quiz",
    "discord.name.stop": "stop",
    "discord.name.quizzes": "quiz-disponibles",
    "discord.name.practice": "entrainement",
    "discord.name.leaderboard": "classement",
    "discord.name.stats": "stats",
    "discord.name.forgetme": "oubliez-moi",
    "discord.name.help": "aide",
    "discord.option.quiz": "quiz",
    "discord.option.quiz.about": "Le quiz à jouer",
    "discord.option.questions": "questions",
    "discord.option.questions.about": "Combien de questions (par défaut : toutes)",
    "discord.option.timer": "minuteur",
    "discord.option.timer.about": "Secondes pour répondre à chaque question (par défaut : 30)",
    "discord.option.period": "periode",
    "discord.option.period.about": (
        "Aujourd'hui, cette semaine ou depuis le début (par défaut : depuis le début)"
    ),
    "discord.option.user": "membre",
    "discord.option.user.about": "Les statistiques de qui (par défaut : les vôtres)",
    # Discord : messages et ligne de commande
    "discord.practice_intro": "Entraînement : vous seul voyez ces questions.",
    "discord.token_missing": (
        "quizbot : DISCORD_TOKEN n'est pas défini. Mettez le jeton du bot dans "
        "l'environnement ou dans .env."
    ),
    "discord.token_rejected": (
        "quizbot : Discord a refusé DISCORD_TOKEN. Copiez à nouveau le jeton du bot depuis le "
        "portail des développeurs."
    ),
    "discord.synced": "{count} commandes synchronisées pour {scope}.",
    "discord.scope.global": "tous les serveurs (Discord peut mettre un moment à les afficher)",
    "discord.scope.guild": "le serveur {guild}",
    "discord.unreachable": (
        "quizbot : impossible de joindre Discord ({error}). Vérifiez le réseau et réessayez."
    ),
    # Daily question
    "daily.header": "☀️ Question du jour · {title}",
    "daily.open_until": (
        "Ouverte jusqu'à la prochaine question du jour. Les bonnes réponses font votre série 🔥."
    ),
    "daily.previous": (
        "↩️ Question précédente : la réponse était {letter}. {choice} ({right}/{count} justes)"
    ),
    "daily.previous_nobody": (
        "↩️ Question précédente : la réponse était {letter}. {choice} (personne n'a répondu)"
    ),
    "daily.summary": (
        "📅 Question du jour ici : {days} à {time} ({zone}), tirée de {quizzes}. "
        "Prochaine : {next}."
    ),
    "daily.every_day": "tous les jours",
    "daily.off": "📅 Plus de question du jour ici. Celle en cours reste ouverte jusqu'à sa fin.",
    "daily.none": (
        "Aucune question du jour n'est prévue ici. Un administrateur peut en programmer une, "
        "par exemple : {example}"
    ),
    "daily.bad_time": (
        "« {value} » n'est pas une heure. Utilisez HH:MM sur 24 heures, par exemple : {example}"
    ),
    "daily.bad_zone": (
        "Je ne connais pas le fuseau horaire « {value} ». Utilisez un nom IANA comme "
        "Europe/Paris ou America/New_York, par exemple : {example}"
    ),
    "daily.bad_days": (
        "« {value} » n'est pas une liste de jours. Utilisez par exemple lun-ven ou lun,mer,ven."
    ),
    "daily.usage": "Donnez une heure, un fuseau horaire et un quiz, par exemple : {example}",
    "daily.example.telegram": "/daily 09:00 Europe/Paris parallelism",
    "daily.example.discord": "/daily set time:09:00 timezone:Europe/Paris quiz:parallelism",
    "weekday.0": "lun",
    "weekday.1": "mar",
    "weekday.2": "mer",
    "weekday.3": "jeu",
    "weekday.4": "ven",
    "weekday.5": "sam",
    "weekday.6": "dim",
    "leaderboard.streak": "🔥{count}",
    "command.daily": "Programmer une question du jour (administrateurs)",
    "command.daily_set": "Poster une question ici chaque jour à une heure locale (admins)",
    "command.daily_off": "Arrêter la question du jour ici (administrateurs)",
    "command.daily_status": "Voir quand la question du jour est postée ici",
    "discord.name.daily": "quotidien",
    "discord.name.daily_set": "programmer",
    "discord.name.daily_off": "arreter",
    "discord.name.daily_status": "etat",
    "discord.option.time": "heure",
    "discord.option.time.about": "Heure locale, HH:MM sur 24 heures (ex. 09:00)",
    "discord.option.timezone": "fuseau",
    "discord.option.timezone.about": "Fuseau horaire IANA, ex. Europe/Paris",
    "discord.option.daily_quiz.about": "Quiz où puiser (plusieurs : séparés par des virgules)",
    "discord.option.channel": "salon",
    "discord.option.channel.about": "Où poster (par défaut : ce salon)",
    "discord.option.days": "jours",
    "discord.option.days.about": "Jours de la semaine, ex. lun-ven (par défaut : tous les jours)",
    # Révision espacée (issue 20) : les erreurs reviennent, planifiées par FSRS
    "review.intro.one": "🔁 Révision : {count} question manquée, à revoir maintenant.",
    "review.intro.other": (
        "🔁 Révision : {count} questions manquées, les plus en retard d'abord."
    ),
    "review.nothing_due": "Rien à réviser pour l'instant.",
    "review.next_due": "Prochaine révision {when}.",
    "review.no_deck": "Aucune question manquée à réviser : celles que vous ratez reviennent ici.",
    "review.now": "maintenant",
    "review.at": "le {date} à {time} UTC",
    "review.summary": "🔁 Révision terminée : {correct}/{asked} juste(s).",
    "review.in_private.one": (
        "Vous avez {count} question à réviser, dans notre conversation privée : {link}"
    ),
    "review.in_private.other": (
        "Vous avez {count} questions à réviser, dans notre conversation privée : {link}"
    ),
    "review.button": "🔁 Réviser mes erreurs",
    "review.remind_set": (
        "Je vous le rappellerai à {time} ({zone}) les jours où des questions sont à réviser."
    ),
    "review.remind_off": "Rappels de révision désactivés.",
    "review.remind_none": "Vous n'aviez pas de rappel de révision.",
    "review.remind_usage": (
        "Utilisez /review remind HH:MM [FUSEAU], ex. /review remind 08:30 Europe/Paris, "
        "ou /review remind off."
    ),
    "review.remind_usage_discord": (
        "Utilisez /revision rappel:HH:MM fuseau:FUSEAU, ex. rappel:08:30 fuseau:Europe/Paris, "
        "ou rappel:off."
    ),
    "review.remind_status": "Votre rappel de révision : {time} ({zone}).",
    "review.reminder.one": (
        "🔁 {count} question est à réviser. Envoyez /review pour commencer."
    ),
    "review.reminder.other": (
        "🔁 {count} questions sont à réviser. Envoyez /review pour commencer."
    ),
    "review.stats": (
        "🔁 Révision : {due_now} à revoir maintenant, {due_week} sous 7 jours, "
        "{learned} apprise(s), rappel prédit {recall} %"
    ),
    "review.stats_empty": "🔁 Révision : aucune question manquée pour l'instant.",
    "command.review": "Réviser les questions manquées",
    "discord.name.review": "revision",
    "discord.option.remind": "rappel",
    "discord.option.remind.about": (
        "HH:MM : un rappel privé les jours où des questions sont à revoir ; off : arrêter"
    ),
    "discord.option.remind_timezone.about": (
        "Fuseau horaire IANA, ex. Europe/Paris (UTC par défaut)"
    ),
}
