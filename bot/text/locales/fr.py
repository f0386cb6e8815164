"""Messages en français. Les clés `.one` / `.other` sont choisies selon l’argument `count`."""

MESSAGES: dict[str, str] = {
    # Quiz facts
    "difficulty.easy": "facile",
    "difficulty.medium": "moyen",
    "difficulty.hard": "difficile",
    "quiz.line.one": "{id} · {title} · {count} question · {difficulty}",
    "quiz.line.other": "{id} · {title} · {count} questions · {difficulty}",
    "quiz.intro.one": "{title} · {difficulty} · {count} question",
    "quiz.intro.other": "{title} · {difficulty} · {count} questions",
    "quiz.unknown": "Je ne connais pas de quiz nommé « {name} ». Quiz disponibles : {names}.",
    "quiz.none": "Aucun quiz n’est encore installé.",
    "quiz.start_button": "▶ {title}",
    # A posted question
    "question.header": "{title} · Question {number}/{total}",
    "question.answered.one": "{count} réponse pour l’instant",
    "question.answered.other": "{count} réponses pour l’instant",
    "question.closes": "Se ferme {when}",
    "question.explain_button": "📖 Explication",
    "question.reveal_button": "Révéler",
    # Verdicts, told privately to the player
    "verdict.right": "✅ Bonne réponse ! {letter}. {choice}",
    "verdict.wrong": "❌ Pas tout à fait. La bonne réponse est {letter}. {choice}",
    "verdict.already": "Vous avez déjà répondu {letter}. Seule la première réponse compte.",
    "verdict.closed": "Cette question est close ; votre réponse n’a pas été comptée.",
    "verdict.invalid": (
        "Ce bouton ne correspond à aucune question que je connais. Rien n’a été enregistré."
    ),
    "verdict.note": "À propos de {letter} : {note}",
    "verdict.more": "Explication complète : 📖 sous la question.",
    "verdict.references": "Pour aller plus loin :",
    # A closed question, shown to everyone
    "closed.answer": "✅ Réponse : {letter}. {choice}",
    "closed.votes.one": "{count} réponse",
    "closed.votes.other": "{count} réponses",
    "closed.nobody": "Personne n’a répondu à cette question.",
    # Types de questions (format 3) : réponses tapées, ensembles, ordres
    "answer.true": "Vrai",
    "answer.false": "Faux",
    "answer.tolerance": "{value} (± {tolerance})",
    "answer.range": "entre {low} et {high}",
    "question.hint.multiple": "Plusieurs réponses sont justes : choisissez-les toutes.",
    "question.hint.order": "Remettez-les dans le bon ordre.",
    "question.hint.text": "Tapez votre réponse.",
    "question.hint.number": "Tapez un nombre.",
    "question.hint.number_unit": "Tapez un nombre (en {unit}).",
    "verdict.right_typed": "✅ Bonne réponse ! {answer}",
    "verdict.typo": "✅ Acceptée — l’orthographe est {spelling}",
    "verdict.wrong_typed": "❌ Pas tout à fait. La bonne réponse est {answer}",
    "verdict.right_set": "✅ Bonne réponse ! {answers}",
    "verdict.wrong_set": "❌ Pas tout à fait. Les bonnes réponses sont {answers}",
    "verdict.missed": "Oubliées : {choices}",
    "verdict.extra": "Choisies à tort : {choices}",
    "verdict.right_order": "✅ Bon ordre ! {order}",
    "verdict.wrong_order": "❌ Pas tout à fait. L’ordre est {order}",
    "verdict.your_order": "Votre ordre : {order}",
    "verdict.already_typed": "Vous avez déjà répondu {answer}. Seule la première réponse compte.",
    "question.submit_button": "✅ Valider",
    "question.type_button": "✍️ Répondre en privé",
    "picks.multiple": (
        "Vos choix : {letters}. Touchez une lettre à nouveau pour la retirer ; Valider "
        "quand c’est prêt."
    ),
    "picks.order": (
        "Votre ordre pour l’instant : {order}. Reste à choisir : {left} ; touchez une lettre à "
        "nouveau pour la retirer."
    ),
    "picks.none": "Rien de choisi pour l’instant : touchez les lettres, puis Valider.",
    "typed.ask": (
        "Tapez votre réponse ici. Elle compte pour le groupe si elle arrive avant la "
        "fermeture de la question ; personne d’autre ne la voit."
    ),
    "typed.closed": "Désolé, cette question est fermée : votre réponse n’a pas été comptée.",
    "typed.not_number": (
        "Je n’ai pas pu lire un nombre. Tapez-le à nouveau, par exemple {example}."
    ),
    "typed.not_member": (
        "Cette question appartient à un groupe dont vous ne faites pas partie : je ne "
        "peux pas prendre votre réponse."
    ),
    "closed.answer_typed": "✅ Réponse : {answer}",
    "closed.right": "Justes : {right}/{count}",
    "console.prompt_multiple": "Vos réponses, par ex. AC ({first}-{last}, q pour quitter) : ",
    "console.prompt_order": "Les lettres dans l’ordre, par ex. {example} (q pour quitter) : ",
    "console.prompt_truefalse": "Vrai ou faux (A/B ou v/f, q pour quitter) : ",
    "console.prompt_typed": "Votre réponse (q pour quitter) : ",
    "console.bad_letters": (
        "Tapez des lettres de {first} à {last}, chacune une fois, ou q pour quitter."
    ),
    "console.bad_order": (
        "Tapez chaque lettre de {first} à {last} une fois, dans l’ordre, ou q pour quitter."
    ),
    "console.bad_truefalse": "Tapez A ou B (v pour vrai, f pour faux), ou q pour quitter.",
    "console.bad_number": "Tapez un nombre, par exemple {example}, ou q pour quitter.",
    "console.bad_typed": "Tapez une réponse, ou q pour quitter.",
    "console.picture": "🖼 Image\u00a0: {alt}",
    # End of a round
    "summary.title": "🏁 Fin de la partie : {title}",
    "summary.line": "{rank}. {name} : {points}/{total} ({seconds} s)",
    "summary.nobody": "Personne n’a répondu pendant cette partie.",
    "summary.solo": "Votre score : {points}/{total}",
    "summary.solo_stopped.one": (
        "Votre score : {points}/{count} (vous avez répondu à {count} question sur {total})"
    ),
    "summary.solo_stopped.other": (
        "Votre score : {points}/{count} (vous avez répondu à {count} questions sur {total})"
    ),
    "summary.solo_none": "Vous n’avez répondu à aucune question cette fois-ci.",
    "summary.stopped": "La partie a été arrêtée.",
    # Leaderboards and stats
    "period.today": "aujourd’hui",
    "period.week": "cette semaine",
    "period.all": "depuis le début",
    "leaderboard.title": "🏆 Classement, {period}",
    "leaderboard.title_quiz": "🏆 Classement, {period}, {quiz}",
    "leaderboard.line.one": "{rank}. {name} : {count} point",
    "leaderboard.line.other": "{rank}. {name} : {count} points",
    "leaderboard.you": "Vous",
    "leaderboard.empty": (
        "Aucune réponse pour l’instant. Lancez une partie pour entrer au classement !"
    ),
    "stats.title": "📊 {name}",
    "stats.body": (
        "Réponses : {answered}\nBonnes réponses : {correct} ({accuracy} %)\n"
        "Série en cours : {current}\nMeilleure série : {best}"
    ),
    "stats.empty": "{name} n’a encore répondu à aucune question.",
    # Terminal
    "console.prompt": "Votre réponse ({first}-{last}, q pour quitter) : ",
    "console.bad_letter": "Tapez une lettre de {first} à {last}, ou q pour quitter.",
    "console.bye": "Partie arrêtée. Vos réponses sont enregistrées.",
    "console.saved_to": "Les scores sont conservés dans {path}",
    "catalog.skipped": "{problem} (ce fichier de quiz est ignoré ; les autres quiz sont servis)",
    "catalog.skipped_more.one": (
        "{problem} (et {count} autre problème\u00a0: quizbot validate {file} ; ce fichier de "
        "quiz est ignoré, les autres quiz sont servis)"
    ),
    "catalog.skipped_more.other": (
        "{problem} (et {count} autres problèmes\u00a0: quizbot validate {file} ; ce fichier "
        "de quiz est ignoré, les autres quiz sont servis)"
    ),
    # Command-line errors
    "cli.bad_questions": "--questions doit être un nombre entier de 1 à {max}.",
    # Rounds in chats
    "round.started.one": "{title} : {count} question, {seconds} s. Bonne chance !",
    "round.started.other": "{title} : {count} questions, {seconds} s chacune. Bonne chance !",
    "round.conflict": "Une partie est déjà en cours ici. Terminez-la ou arrêtez-la avec /stop.",
    "round.not_allowed": (
        "Seule la personne qui a lancé la partie ou un administrateur peut faire cela."
    ),
    "round.nothing_running": "Aucune partie n’est en cours ici.",
    "round.stopped_by": "Partie arrêtée par {name}.",
    "round.bad_count": "Le nombre de questions doit être un entier de 1 à {max}.",
    "round.bad_seconds": "Le minuteur doit être un nombre entier de secondes de {min} à {max}.",
    "quiz.list_title": "Quiz disponibles :",
    "leaderboard.bad_period": "Période inconnue « {period} ». Utilisez today, week ou all.",
    "error.generic": (
        "Désolé, un problème est survenu de mon côté : rien n’a été enregistré. Réessayez."
    ),
    "error.admin_only": "Seuls les administrateurs peuvent faire cela.",
    "help.text": (
        "J’anime des quiz pour les groupes d’étude. Chacun répond avec les boutons ; je vous dis "
        "en privé si vous avez raison, et pourquoi.\n\n"
        "/quiz NOM [QUESTIONS] [SECONDES] : lancer une partie ici ({seconds} s par question, "
        "sauf avis contraire)\n"
        "/quiz weak [QUESTIONS] : une partie des questions que le groupe oublie\n"
        "/stop : arrêter la partie (celui qui l’a lancée ou un administrateur)\n"
        "/quizzes : les quiz disponibles\n"
        "/leaderboard [today|week|all] [QUIZ] : le classement\n"
        "/stats : vos réponses, votre précision et vos séries\n"
        "/practice NOM : s’entraîner seul, à son rythme\n"
        "/review : revoir en privé les questions manquées\n"
        "/forgetme : effacer tout ce que je garde sur vous\n"
        "/daily HH:MM FUSEAU QUIZ : une question du jour ici (administrateurs)\n"
        "/help : ce message"
    ),
    "practice.in_private": "Entraînez-vous seul, à votre rythme, en privé : {link}",
    "explain.unknown": "Je ne retrouve plus cette question.",
    "explain.answer_first": "Répondez d’abord : l’explication dévoile la réponse.",
    # Command descriptions shown by the platforms
    "command.quiz": "Lancer une partie de quiz ici",
    "command.stop": "Arrêter la partie en cours",
    "command.quizzes": "Les quiz disponibles",
    "command.leaderboard": "Afficher le classement",
    "command.stats": "Vos réponses, votre précision et vos séries",
    "command.help": "Comment utiliser le bot de quiz",
    "command.practice": "S’entraîner seul sur un quiz, à son rythme",
    # Privacy
    "forget.ask": (
        "Ceci efface tout ce que je garde sur vous : {kept}, et les scores et séries qui en "
        "découlent. C’est définitif. Tout effacer ?"
    ),
    "forget.ask_profile": (
        "Ceci efface tout ce que je garde sur vous : votre nom et votre langue. C’est "
        "définitif. Tout effacer ?"
    ),
    "forget.answers.one": "votre nom et votre réponse dans {chats}",
    "forget.answers.other": "votre nom et vos {count} réponses dans {chats}",
    "forget.chats.one": "{count} discussion",
    "forget.chats.other": "{count} discussions",
    "forget.nothing": "Je ne garde aucune donnée sur vous.",
    "forget.yes": "Effacer mes données",
    "forget.no": "Annuler",
    "forget.done": (
        "C’est fait : tout ce que je gardais sur vous est effacé. Vous n’apparaissez plus dans "
        "aucun classement."
    ),
    "forget.cancelled": "Rien n’a été effacé.",
    "forget.not_yours": "Ce bouton appartient à quelqu’un d’autre.",
    "command.forgetme": "Effacer toutes vos réponses et vos scores",
    "command.start": "Démarrer le bot",
    # Discord : noms et descriptions des commandes, options et choix (app_commands.Translator)
    "discord.answer_button": "Répondre",
    "discord.modal_title": "Votre réponse",
    "discord.modal_label.text": "Votre réponse",
    "discord.modal_label.number": "Un nombre",
    "discord.pick_placeholder": "Choisissez toutes les bonnes réponses",
    "discord.pick_intro": (
        "Choisissez toutes les bonnes réponses, puis fermez la liste pour les envoyer."
    ),
    "discord.order_intro": (
        "Cliquez sur les lettres dans le bon ordre, de la première à la dernière."
    ),
    "discord.order_progress": "Votre ordre pour l’instant : {order}",
    "discord.order_again": "Recommencer",
    "discord.bad_number": (
        "Écrivez un nombre, par exemple {example}. Rien n’a été compté : "
        "cliquez à nouveau sur Répondre."
    ),
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
    "discord.option.questions.about": "Combien de questions (par défaut : toutes)",
    "discord.option.timer": "minuteur",
    "discord.option.timer.about": "Secondes pour répondre à chaque question (par défaut : 30)",
    "discord.option.period": "periode",
    "discord.option.period.about": (
        "Aujourd’hui, cette semaine ou depuis le début (par défaut : depuis le début)"
    ),
    "discord.option.user": "membre",
    "discord.option.user.about": "Les statistiques de qui (par défaut : les vôtres)",
    # Discord : messages et ligne de commande
    "discord.practice_intro": "Entraînement : vous seul voyez ces questions.",
    "discord.token_missing": (
        "quizbot : DISCORD_TOKEN n’est pas défini. Mettez le jeton du bot dans "
        "l’environnement ou dans .env."
    ),
    "discord.token_rejected": (
        "quizbot : Discord a refusé DISCORD_TOKEN. Copiez à nouveau le jeton du bot depuis le "
        "portail des développeurs."
    ),
    "discord.synced.one": "{count} commande synchronisée pour {scope}.",
    "discord.synced.other": "{count} commandes synchronisées pour {scope}.",
    "discord.scope.global": "tous les serveurs (Discord peut mettre un moment à les afficher)",
    "discord.scope.guild": "le serveur {guild}",
    "discord.unreachable": (
        "quizbot : impossible de joindre Discord ({error}). Vérifiez le réseau et réessayez."
    ),
    # Daily question
    "daily.header": "☀️ Question du jour · {title}",
    "daily.open_until": (
        "Ouverte jusqu’à la prochaine question du jour. Les bonnes réponses font votre série 🔥."
    ),
    "daily.previous.one": (
        "↩️ Question précédente : la réponse était {answer} ({count}/{total} juste)"
    ),
    "daily.previous.other": (
        "↩️ Question précédente : la réponse était {answer} ({count}/{total} justes)"
    ),
    "daily.previous_nobody": (
        "↩️ Question précédente : la réponse était {answer} (personne n’a répondu)"
    ),
    "daily.summary": (
        "📅 Question du jour ici : {days} à {time} ({zone}), tirée de {quizzes}. "
        "Prochaine : {next}."
    ),
    "daily.every_day": "tous les jours",
    "daily.off": "📅 Plus de question du jour ici. Celle en cours reste ouverte jusqu’à sa fin.",
    "daily.none": (
        "Aucune question du jour n’est prévue ici. Un administrateur peut en programmer une, "
        "par exemple : {example}"
    ),
    "daily.bad_time": (
        "« {value} » n’est pas une heure. Utilisez HH:MM sur 24 heures, par exemple : {example}"
    ),
    "daily.bad_zone": (
        "Je ne connais pas le fuseau horaire « {value} ». Utilisez un nom IANA comme "
        "Europe/Paris ou America/New_York, par exemple : {example}"
    ),
    "daily.bad_days": (
        "« {value} » n’est pas une liste de jours. Utilisez par exemple lun-ven ou lun,mer,ven."
    ),
    "daily.usage": "Donnez une heure, un fuseau horaire et un quiz, par exemple : {example}",
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
    "discord.option.daily_quiz.about": "Quiz où puiser (plusieurs : séparés par des virgules)",
    "discord.option.channel": "salon",
    "discord.option.channel.about": "Où poster (par défaut : ce salon)",
    "discord.option.days": "jours",
    "discord.option.days.about": "Jours de la semaine, ex. lun-ven (par défaut : tous les jours)",
    # Révision espacée (issue 20) : les erreurs reviennent, planifiées par FSRS
    "review.intro.one": "🔁 Révision : {count} question manquée, à revoir maintenant.",
    "review.intro.other": (
        "🔁 Révision : {count} questions manquées, les plus en retard d’abord."
    ),
    "review.nothing_due": "Rien à réviser pour l’instant.",
    "review.next_due": "Prochaine révision {when}.",
    "review.no_deck": "Aucune question manquée à réviser : celles que vous ratez reviennent ici.",
    "review.now": "maintenant",
    "review.at": "le {date} à {time} ({zone})",
    "review.summary.one": "🔁 Révision terminée : {count}/{total} juste.",
    "review.summary.other": "🔁 Révision terminée : {count}/{total} justes.",
    "review.stopped.one": "🔁 Jusqu’ici : {count}/{total} juste. Les autres restent à revoir.",
    "review.stopped.other": "🔁 Jusqu’ici : {count}/{total} justes. Les autres restent à revoir.",
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
    "review.remind_none": "Vous n’aviez pas de rappel de révision.",
    "review.remind_usage": (
        "Utilisez /review remind HH:MM [FUSEAU], ex. /review remind 08:30 Europe/Paris, "
        "ou /review remind off."
    ),
    "review.remind_usage_discord": (
        "Utilisez /revision rappel:HH:MM fuseau:FUSEAU, ex. rappel:08:30 fuseau:Europe/Paris, "
        "ou rappel:off."
    ),
    "review.remind_status": "Votre rappel de révision : {time} ({zone}).",
    "review.reminder.one": ("🔁 {count} question est à réviser. Envoyez /review pour commencer."),
    "review.reminder.other": (
        "🔁 {count} questions sont à réviser. Envoyez /review pour commencer."
    ),
    "review.stats": ("🔁 Révision : {due_now}, {due_week}, {learned}, rappel prédit {recall} %"),
    "review.due_now.one": "{count} à revoir maintenant",
    "review.due_now.other": "{count} à revoir maintenant",
    "review.due_week.one": "{count} sous 7 jours",
    "review.due_week.other": "{count} sous 7 jours",
    "review.learned.one": "{count} apprise",
    "review.learned.other": "{count} apprises",
    "review.stats_empty": "🔁 Révision : aucune question manquée pour l’instant.",
    "command.review": "Réviser les questions manquées",
    "discord.name.review": "revision",
    "discord.option.remind": "rappel",
    "discord.option.remind.about": (
        "HH:MM : un rappel privé les jours où des questions sont à revoir ; off : arrêter"
    ),
    "discord.option.remind_timezone.about": (
        "Fuseau horaire IANA, ex. Europe/Paris (UTC par défaut)"
    ),
    # The first five minutes (issue 18): counted pieces, the terminal, `quizbot doctor`
    "stats.days.one": "{count} jour",
    "stats.days.other": "{count} jours",
    "cli.validated.one": "ok  {id} : {count} question",
    "cli.validated.other": "ok  {id} : {count} questions",
    "cli.exported.one": "{count} réponse écrite dans {path}",
    "cli.exported.other": "{count} réponses écrites dans {path}",
    "console.next": "Entrée pour la question suivante, ou q pour quitter : ",
    "console.table.rank": "#",
    "console.table.player": "Joueur",
    "console.table.points": "Points",
    "doctor.all_well": "Tout est en ordre.",
    "doctor.problems.one": "{count} problème à régler (la ligne ✗ ci-dessus).",
    "doctor.problems.other": "{count} problèmes à régler (les lignes ✗ ci-dessus).",
    "doctor.versions": "Python {python}, quizbot {quizbot} ; {libraries}",
    "doctor.library_missing": (
        "{name} n’est pas installé : relancez `make play` (ou `pip install -e .`) pour réinstaller"
    ),
    "doctor.db_unusable": "base de données : {error}",
    "doctor.db_not_writable": (
        "la base de données {where} n’accepte pas d’écriture, aucune réponse ne pourrait être "
        "gardée : {error}. Vérifiez le fichier, son dossier et le disque"
    ),
    "doctor.db_sqlite_ok": (
        "base de données {where} : accessible en écriture, schéma {version} sur {current}, WAL"
    ),
    "doctor.db_postgres_ok": (
        "base de données {where} : accessible en écriture, schéma {version} sur {current}"
    ),
    "doctor.db_not_wal": (
        "base de données {where} : journal {mode} et non WAL, les lectures attendent donc les "
        "écritures ; gardez le fichier sur un disque local"
    ),
    "doctor.quizzes_ok.one": "quiz dans {folder} : {count} quiz valide ({names})",
    "doctor.quizzes_ok.other": "quiz dans {folder} : {count} quiz valides ({names})",
    "doctor.quiz_problem": "{problem}",
    "doctor.no_quizzes": (
        "aucun fichier de quiz dans {folder} : indiquez le dossier de vos quiz dans "
        "QUIZBOT_QUIZZES"
    ),
    "doctor.tg_skipped": "Telegram : TELEGRAM_TOKEN n’est pas défini, pas de vérification",
    "doctor.tg_token_ok": "Telegram : jeton accepté (getMe) : le bot est @{username}, id {id}",
    "doctor.tg_token_rejected": (
        "Telegram : le jeton a été refusé (getMe) ; copiez-le à nouveau depuis @BotFather dans "
        "TELEGRAM_TOKEN"
    ),
    "doctor.tg_unreachable": (
        "Telegram : impossible de joindre la Bot API à {url} ({error}) ; vérifiez le réseau et "
        "TELEGRAM_API_URL"
    ),
    "doctor.tg_failed": "Telegram : la Bot API a répondu par une erreur : {error}",
    "doctor.tg_no_groups": (
        "Telegram : le bot ne peut pas être ajouté aux groupes ; dans @BotFather : "
        "/setjoingroups, Enable"
    ),
    "doctor.tg_privacy_on": (
        "Telegram : le mode confidentialité des groupes est actif : le bot reçoit les commandes "
        "et les appuis sur les boutons, tout ce qu’il lui faut (dans un groupe avec d’autres "
        "bots, tapez /quiz@{username})"
    ),
    "doctor.tg_privacy_off": (
        "Telegram : le mode confidentialité des groupes est désactivé : le bot reçoit tous les "
        "messages des groupes, dont il n’a pas besoin ; dans @BotFather : /setprivacy, Enable"
    ),
    "doctor.tg_polling_ok": (
        "Telegram : aucun webhook n’est défini, les mises à jour arrivent donc par polling"
    ),
    "doctor.tg_webhook_set": (
        "Telegram : un webhook est défini ({url}) alors que ce déploiement fait du polling : les "
        "mises à jour vont là-bas, pas ici. Si un autre déploiement utilise ce jeton, "
        "arrêtez-le (un jeton, un déploiement) ; sinon `quizbot run telegram` supprime le "
        "webhook au démarrage"
    ),
    "doctor.tg_webhook_missing": (
        "Telegram : aucun webhook n’est défini, mais ce déploiement attend {expected} ; "
        "`quizbot run telegram --webhook {expected}` le définit au démarrage"
    ),
    "doctor.tg_webhook_other": (
        "Telegram : le webhook est {url} et non {expected} : un autre déploiement utilise ce "
        "jeton, ou l’adresse a changé"
    ),
    "doctor.tg_webhook_ok": "Telegram : le webhook est {url}, comme prévu",
    "doctor.tg_webhook_error": (
        "Telegram : la livraison au webhook a échoué à {when} UTC : {error} ; vérifiez le "
        "proxy inverse, le port et le certificat"
    ),
    "doctor.tg_pending.one": (
        "Telegram : {count} mise à jour en attente ; le bot la traite au démarrage (Telegram "
        "garde les mises à jour 24 heures)"
    ),
    "doctor.tg_pending.other": (
        "Telegram : {count} mises à jour en attente ; le bot les traite au démarrage (Telegram "
        "garde les mises à jour 24 heures)"
    ),
    "doctor.tg_none_pending": "Telegram : aucune mise à jour en attente",
    "doctor.dc_skipped": "Discord : DISCORD_TOKEN n’est pas défini, pas de vérification",
    "doctor.dc_token_ok": "Discord : jeton accepté : le bot est {name}, id {id}",
    "doctor.dc_token_rejected": (
        "Discord : le jeton a été refusé (401) ; copiez à nouveau le jeton du bot depuis le "
        "portail des développeurs (Bot, Reset Token) dans DISCORD_TOKEN"
    ),
    "doctor.dc_unreachable": (
        "Discord : impossible de joindre l’API ({error}) ; vérifiez le réseau"
    ),
    "doctor.dc_failed": "Discord : l’API a répondu {status} : {error}",
    "doctor.dc_application": "Discord : application « {name} », id {id}",
    "doctor.dc_code_grant": (
        "Discord : l’application exige un code OAuth2, le lien d’invitation échoue donc ; "
        "désactivez Requires OAuth2 Code Grant sur la page Bot"
    ),
    "doctor.dc_private": (
        "Discord : le bot est privé : seul son propriétaire peut l’ajouter à un serveur "
        "(Public Bot, sur la page Bot)"
    ),
    "doctor.dc_invite": (
        "Discord : invitez le bot avec les scopes {scopes} et les permissions {permissions} : "
        "{link}"
    ),
    "copy.stage.read": "Lecture",
    "copy.stage.write": "Écriture",
    "copy.stage.check": "Vérification",
    # issue 16, real groups: a click on a button this version did not make
    "button.stale": "Ce bouton ne fonctionne plus. Lancez une nouvelle partie avec /quiz.",
    # --- The organiser's report (issue 21: adapters/web, /report) ---
    "command.report": "Un lien privé vers la page de bilan du groupe (admins)",
    "report.link": "📊 Le bilan de ce groupe, valable {days} jours :\n{link}\nQuiconque a ce "
    "lien peut l’ouvrir : gardez-le pour vous. {revoke} annule tous les liens déjà donnés.",
    "report.sent": "Je vous ai envoyé le lien du bilan en message privé.",
    "report.start_first": "Pour recevoir le lien du bilan en privé, ouvrez {link} et appuyez "
    "sur Démarrer.",
    "report.not_set_up": "Le bilan web n’est pas configuré sur ce bot : son opérateur doit "
    "définir QUIZBOT_WEB_URL et QUIZBOT_WEB_SECRET.",
    "report.revoked": "Tous les liens de bilan déjà donnés pour ce groupe ne marchent plus. "
    "{command} en donne un nouveau.",
    "report.group_only": "Utilisez cette commande dans le groupe dont vous voulez le bilan.",
    "report.anonymous": "Un admin anonyme ne peut pas recevoir de lien privé : désactivez "
    "« Rester anonyme » un instant, ou demandez à un autre admin.",
    "discord.name.report": "bilan",
    "discord.option.action": "action",
    "discord.option.action.about": "Recevoir un lien privé (par défaut) ou annuler les liens",
    "report.action.link": "Recevoir un lien privé",
    "report.action.revoke": "Annuler tous les liens déjà donnés",
    "report.page_title": "Bilan du groupe",
    "report.platform.tg": "Groupe Telegram",
    "report.platform.dc": "Serveur Discord",
    "report.platform.unknown": "Groupe",
    "report.nav.label": "Pages du bilan",
    "report.nav.overview": "Vue d’ensemble",
    "report.nav.members": "Membres",
    "report.nav.rounds": "Manches",
    "report.other_language": "English",
    "report.other_language.code": "en",
    "report.valid_until": "Ce lien privé marche jusqu’au {date}. Jours et heures en UTC.",
    "report.stat.members": "membres",
    "report.stat.answers": "réponses",
    "report.stat.accuracy": "justes",
    "report.chart.days.one": "Membres ayant répondu, par jour ({count} dernier jour)",
    "report.chart.days.other": "Membres ayant répondu, par jour ({count} derniers jours)",
    "report.chart.weeks": "Part de bonnes réponses, par semaine",
    "report.chart.questions": "Part de bonnes réponses, par question",
    "report.nobody": "Personne n’a encore répondu.",
    "report.days.title": "Réponses par jour",
    "report.quizzes.title": "Quiz joués",
    "report.members.title": "Membres",
    "report.members.streaks": "Les séries comptent les jours d’affilée avec une bonne réponse "
    "(les questions du jour programmées, là où le groupe en a).",
    "report.rounds.title": "Manches",
    "report.rounds.none": "Aucune manche de groupe n’a encore été jouée dans ce groupe.",
    "report.rounds.elsewhere.one": "{count} réponse vient de l’entraînement, des questions du "
    "jour ou du terminal ; la vue d’ensemble la compte.",
    "report.rounds.elsewhere.other": "{count} réponses viennent de l’entraînement, des "
    "questions du jour ou du terminal ; la vue d’ensemble les compte.",
    "report.rounds.latest.one": "La dernière manche du groupe ({count} au plus).",
    "report.rounds.latest.other": "Les dernières manches du groupe, les plus récentes d’abord "
    "({count} au plus).",
    "report.download": "Télécharger",
    "report.column.day": "Jour",
    "report.column.members": "Membres",
    "report.column.answers": "Réponses",
    "report.column.right": "Justes",
    "report.column.accuracy": "Part juste",
    "report.column.quiz": "Quiz",
    "report.column.member": "Membre",
    "report.column.streak": "Série en cours",
    "report.column.best_streak": "Meilleure série",
    "report.column.last_active": "Dernière activité",
    "report.column.started": "Début",
    "report.column.status": "État",
    "report.column.players": "Joueurs",
    "report.column.ranking": "Premières places",
    "report.column.question": "Question",
    "report.column.choice": "Choix",
    "report.column.text": "Texte",
    "report.column.picked": "Choisi par",
    "report.column.correct": "Bonne réponse",
    "report.column.question_accuracy": "Part juste de la question",
    "report.column.median": "Temps médian (s)",
    # report, members: questions due for spaced review (issue 21)
    "report.column.due": "À revoir",
    "report.members.due": "À revoir : les questions qu’un membre a manquées et que la révision "
    "espacée lui repose maintenant (quiz de ce groupe).",
    "report.ranking_entry": "{rank}. {name} {points}/{total}",
    "report.status.running": "en cours",
    "report.status.finished": "terminée",
    "report.status.stopped": "arrêtée",
    "report.yes": "oui",
    "report.question.heading": "Question {number}",
    "report.question.short": "Q{number}",
    "report.question.figures": "{share} de justes · temps de réponse médian {median} · {answers}",
    "report.question.answers.one": "{count} réponse",
    "report.question.answers.other": "{count} réponses",
    "report.question.right": "bonne réponse",
    "report.question.tempting": "mauvaise réponse la plus choisie",
    "report.question.tempting_tied": "ex æquo : mauvaise réponse la plus choisie",
    "report.question.common_wrong": "Réponses fausses les plus fréquentes, telles que tapées",
    "report.question.no_wrong": "Aucune réponse fausse tapée pour l’instant.",
    "report.question.why": "Explication",
    "report.question.unanswered": "Pas encore de réponse dans ce groupe.",
    "report.quiz.missing": "Ce quiz n’est plus installé : impossible d’afficher ses questions.",
    "report.forbidden.title": "Ce lien n’ouvre aucun bilan",
    "report.forbidden.body": "Il a peut-être expiré, été annulé ou été copié en partie. "
    "Demandez-en un nouveau à un admin du groupe avec /report.",
    "report.period.label": "Période",
    "report.period.7": "7 derniers jours",
    "report.period.30": "30 derniers jours",
    "report.period.90": "90 derniers jours",
    "report.period.all": "Depuis le début",
    "report.chart.questions_all": "Part de bonnes réponses, par question (depuis le début)",
    "report.items.title": "Analyse des questions",
    "report.items.method": "Part juste : les bonnes réponses à la question sur ses réponses dans "
    "la période (basse : difficile). Discrimination : l’indice des 27 % supérieurs moins les "
    "27 % inférieurs, sur la dernière réponse de chaque membre à chaque question dans la "
    "période. Les membres qui ont répondu à la question sont classés par leur part de questions "
    "justes à leur dernière réponse ; c’est la part juste de la question chez les 27 % du haut "
    "moins celle des 27 % du bas, de −1 à +1. Au-dessus de +0,30, la question sépare ceux qui "
    "maîtrisent le quiz des autres ; vers 0 ou en dessous, les meilleurs la manquent autant que "
    "les autres : vérifiez son énoncé et sa réponse.",
    "report.items.none": "Personne n’a répondu à ce quiz dans cette période.",
    "report.column.discrimination": "Discrimination",
    "report.column.wrong_choices": "Mauvaises réponses choisies (⚠ la plus choisie)",
    "report.column.flags": "Signalements",
    "report.column.members_answered": "Membres",
    "report.items.wrong_choice": "{letter} {share}",
    "report.flags.title": "Signalées par des membres",
    "report.flags.entry.one": "{count} signalement ouvert\u00a0: {reasons}.",
    "report.flags.entry.other": "{count} signalements ouverts\u00a0: {reasons}.",
    "report.flags.note": "Signalements ouverts, depuis le début. Les admins les traitent dans le "
    "groupe\u00a0: /flags hide, /flags show, /flags clear.",
    "report.discuss.title": "Questions à reprendre",
    "report.discuss.none": "Aucune dans cette période : chacune a au moins {share} de bonnes "
    "réponses.",
    "report.discuss.entry": "{share} de justes, discrimination {index}",
    "report.discuss.learnable": "ceux qui maîtrisent le quiz la réussissent : à réexpliquer.",
    "report.discuss.suspect": "les meilleurs la manquent plus souvent que les autres :"
    " vérifiez que sa bonne réponse est juste.",
    "report.discuss.check": "elle distingue à peine ceux qui maîtrisent le quiz des"
    " autres : vérifiez son énoncé et sa réponse.",
    "report.discuss.low": "trop peu de membres y ont répondu pour en dire plus.",
    "report.discuss.flagged": "des membres l’ont signalée.",
    "report.grid.title": "Membres × questions",
    "report.grid.legend": "La dernière réponse de chaque membre dans la période : ✔ juste · ✘ "
    "faux · · pas vue.",
    "report.grid.right": "juste",
    "report.grid.wrong": "faux",
    "report.grid.unseen": "pas vue",
    "report.column.period_answers": "Réponses (période)",
    "report.column.period_accuracy": "Part juste (période)",
    "report.column.trend": "Tendance (points)",
    "report.column.recall": "Rappel prédit",
    "report.members.trend": "Tendance : la part juste de la seconde moitié de la période moins "
    "celle de la première, en points (depuis le début : les 30 derniers jours contre avant). "
    "Rappel prédit : la probabilité moyenne, selon le modèle FSRS de la révision espacée, que le "
    "membre réponde juste aujourd’hui à ses questions des quiz de ce groupe.",
    "report.progress.title": "Progression",
    "report.members.all_time": "Depuis le début",
    "report.items.min_members.one": "La discrimination s’affiche dès que {count} membre a répondu"
    " à la question.",
    "report.items.min_members.other": "La discrimination s’affiche dès que {count} membres ont"
    " répondu à la question.",
    "report.members.trend_min.one": "Une tendance demande {count} réponse dans chaque moitié.",
    "report.members.trend_min.other": "Une tendance demande {count} réponses dans chaque moitié.",
    "report.behind.due.one": "{count} révision en attente",
    "report.behind.due.other": "{count} révisions en attente",
    "report.behind.points.one": "{count} point",
    "report.behind.points.other": "{count} points",
    "report.behind.dropping": "part juste en baisse de {drop}",
    "report.behind.rule": "Décroche : au moins {due}, ou une part juste en baisse d’au moins"
    " {drop}.",
    "report.behind.title": "Membres qui décrochent",
    "report.behind.none": "Personne ne décroche dans cette période.",
    "report.not_found": "Cette page n’existe pas dans ce bilan.",
    # French typography warnings (issue 17): `quizbot validate --strict`
    "cli.strict_warnings": (
        "quizbot : avec --strict, les avertissements ci-dessus sont des erreurs"
    ),
    # issue 16, real groups: Discord permissions the bot lacks in a channel
    "permissions.missing": (
        "Je ne peux pas poster dans {channel} : il me manque ces permissions : {names}. "
        "Un administrateur du serveur peut me les donner dans les paramètres du salon."
    ),
    "permission.view_channel": "Voir le salon",
    "permission.send_messages": "Envoyer des messages",
    "permission.embed_links": "Intégrer des liens",
    "permission.attach_files": "Joindre des fichiers",
    "permission.read_message_history": "Voir les anciens messages",
    "discord.option.off_channel.about": "Le salon de la question du jour (par défaut : celui-ci)",
    "daily.off_in": (
        "📅 Plus de question du jour dans {channel}. Celle en cours reste ouverte jusqu’à sa fin."
    ),
    # issue 16, real groups: a schedule paused because its chat was gone
    "daily.paused": (
        "⏸️ En pause : le bot n’a pas pu y publier la question du jour ({reason}). "
        "Programmez-la à nouveau pour la relancer."
    ),
    "daily.pause_reason.bot_removed": "le bot a été retiré",
    "daily.pause_reason.bot_left": "le bot est parti",
    "daily.pause_reason.server_removed": "le bot a été retiré du serveur",
    "daily.pause_reason.channel_deleted": "le salon a été supprimé",
    # Discord threads deleted mid-round and mid-schedule
    "daily.pause_reason.thread_deleted": "le fil a été supprimé",
    # issue 16, real groups: round summaries within the message limit
    "summary.more.one": "… et {count} autre joueur",
    "summary.more.other": "… et {count} autres joueurs",
    # issue 16, real groups: Telegram deadlines as a duration
    "time.in": "dans {duration}",
    "duration.seconds.one": "{count} s",
    "duration.seconds.other": "{count} s",
    "duration.minutes.one": "{count} min",
    "duration.minutes.other": "{count} min",
    # Issue 19, chat uploads on Telegram (h19b): the admins' and private chats' command menu
    "command.import": (
        "Ajouter un quiz depuis un fichier : envoyez-le avec /import en légende (admins)"
    ),
    "command.removequiz": "Retirer un des quiz propres à cette discussion (admins)",
    # issue 16, real groups: each chat's time zone (/timezone)
    "leaderboard.period_zone": "{period} ({zone})",
    "command.timezone": "Le fuseau horaire du groupe, pour aujourd’hui, la semaine et les séries",
    "timezone.current": (
        "🕰️ Fuseau horaire du groupe : {zone}. "
        "Aujourd’hui et la semaine commencent à minuit là-bas."
    ),
    "timezone.current_daily": (
        "🕰️ Fuseau horaire du groupe : {zone}, celui de sa question du jour. "
        "Aujourd’hui et la semaine commencent à minuit là-bas."
    ),
    "timezone.set": (
        "🕰️ Fuseau horaire réglé : {zone}. Aujourd’hui et la semaine commencent désormais "
        "à minuit là-bas."
    ),
    "timezone.bad": (
        "Je ne connais pas le fuseau horaire « {value} ». Utilisez un nom IANA comme "
        "Europe/Paris ou America/New_York, par exemple : {example}"
    ),
    "timezone.example.telegram": "/timezone Europe/Paris",
    "timezone.example.discord": "/timezone zone:Europe/Paris",
    "discord.name.timezone": "fuseau",
    "discord.option.zone": "fuseau",
    "discord.option.zone.about": "Fuseau IANA, ex. Europe/Paris (admins ; vide : l’afficher)",
    # Issue 19, import dans la discussion sur Discord : /import file: et /removequiz id:
    "discord.name.import": "import",  # the names the replies give (upload.*.discord)
    "discord.about.import": "Faire d’un fichier de quiz un quiz propre à ce serveur (admins)",
    "discord.option.file": "file",
    "discord.option.file.about": "GIFT, texte Anki ou .apkg, Open Trivia DB, Kahoot, CSV, YAML…",
    "discord.name.removequiz": "removequiz",
    "discord.about.removequiz": "Retirer un quiz que ce serveur a importé (admins)",
    "discord.option.quiz_id": "id",
    "discord.option.quiz_id.about": "L’id d’un des quiz propres à ce serveur",
    "discord.import.unreadable": "Discord ne m’a pas transmis le fichier : renvoyez-le.",
    # Issue 19, vos propres questions : la source d'un quiz, et `quizbot import`
    "quiz.source": "Source :",
    "import.working": "Import de {file}…",
    "import.done.one": "{count} question importée de {file} ({format}).",
    "import.done.other": "{count} questions importées de {file} ({format}).",
    "import.wrote": (
        "Écrit dans {path}. Vérifiez-le : quizbot validate {path} · jouez-le : quizbot play {id}"
    ),
    "import.pictures_stdout": (
        "Les images ont été laissées de côté : le quiz est allé sur la sortie standard. Donnez "
        "--output FICHIER pour les écrire à côté."
    ),
    "import.picture_exists": (
        "Ce fichier d’image existe déjà et n’a pas été écrit par quizbot import : {path}. "
        "Choisissez un autre --id ou --output."
    ),
    "import.wrote_pictures.one": "{count} image écrite dans {folder}",
    "import.wrote_pictures.other": "{count} images écrites dans {folder}",
    "import.pictures_left_out.one": "{count} image laissée de côté (sa question est gardée) :",
    "import.pictures_left_out.other": (
        "{count} images laissées de côté (leurs questions sont gardées) :"
    ),
    "import.skipped.one": "{count} élément ignoré :",
    "import.skipped.other": "{count} éléments ignorés :",
    "import.at_note": "note {number}",
    "import.at_question": "question {number}",
    "import.note": "À noter : {note}",
    "import.more.one": "… et {count} autre.",
    "import.more.other": "… et {count} autres.",
    "import.nothing": "Rien n’a pu être importé de {file}.",
    "import.exists": (
        "Ce fichier existe déjà et n’a pas été écrit par quizbot import : {path}. Choisissez un "
        "autre --id ou --output."
    ),
    "import.id_mismatch": (
        "L’identifiant du quiz « {id} » doit être le nom du fichier écrit ({stem}.yaml) : "
        "donnez --id {stem}, ou un autre --output."
    ),
    "import.cannot_read": "Impossible de lire {file} : {reason}",
    "import.cannot_write": "Impossible d’écrire {path} : {reason}",
    "import.error.unknown_format": "Format inconnu « {format} » : utilisez l’un de {known}.",
    "import.error.bad_id": "--id prend 1 à 24 minuscules, chiffres ou tirets (reçu « {id} »).",
    "import.error.bad_language": (
        "--lang prend un code de langue comme en, fr, de ou pt-BR (reçu « {language} »)."
    ),
    "import.error.bad_title": "--title ne doit pas être vide.",
    "import.error.unknown_source": (
        "Impossible de savoir dans quel format est ce fichier : donnez --format (l’un de {known})."
    ),
    "import.error.already_a_quiz": (
        "C’est déjà un fichier de quiz : vérifiez-le avec quizbot validate."
    ),
    "import.error.no_questions": "Le fichier ne contient aucune question.",
    "import.error.too_large": (
        "Le fichier est trop gros (en octets : {size} ; la limite est de {limit})."
    ),
    "import.error.not_utf8": "Le fichier n’est pas du texte UTF-8 (enregistrez-le en UTF-8).",
    "import.error.json": "JSON invalide : {problem}.",
    "import.error.yaml": "YAML invalide : {problem}",
    "import.error.csv": "Illisible comme tableau : {problem}.",
    "import.error.csv_header": (
        "La première ligne doit nommer les colonnes, au moins question et answer (trouvé : "
        "{found})."
    ),
    "import.error.opentdb_shape": (
        "Des questions d’Open Trivia DB étaient attendues : une liste, ou un objet avec « "
        "results »."
    ),
    "import.error.opentdb_no_results": (
        "Open Trivia DB n’avait aucun résultat pour cette requête (response_code {code})."
    ),
    "import.error.opentdb_invalid_parameter": (
        "Open Trivia DB a refusé les paramètres de la requête (response_code {code})."
    ),
    "import.error.opentdb_token_not_found": (
        "Open Trivia DB ne connaissait pas le jeton de session (response_code {code})."
    ),
    "import.error.opentdb_token_empty": (
        "Open Trivia DB avait déjà donné toutes les questions de cette session (response_code "
        "{code})."
    ),
    "import.error.opentdb_rate_limit": (
        "Open Trivia DB a refusé trop de requêtes (response_code {code}) ; ce fichier ne "
        "contient aucune question."
    ),
    "import.error.red_shape": (
        "Une liste de trivia associe chaque question à une liste de réponses."
    ),
    "import.error.zip": "Pas un paquet zip lisible : {problem}.",
    "import.error.anki_no_collection": (
        "Aucune collection Anki dans ce paquet (collection.anki21b, .anki21 ou .anki2)."
    ),
    "import.error.anki_zstd": "La collection compressée du paquet est illisible : {problem}.",
    "import.error.anki_database": "La collection Anki est illisible : {problem}.",
    "import.error.anki_no_notes": "La collection Anki n’a pas de table de notes.",
    "import.error.spreadsheet": "Pas un tableur lisible (.xlsx) : {problem}.",
    "import.error.kahoot_header": (
        "Aucune ligne d’en-tête avec les colonnes Question, Answer 1, Answer 2 et Correct "
        "answer(s) (comme dans le modèle de Kahoot)."
    ),
    "import.error.not_valid": "Le quiz tiré de ce fichier n’est pas valide : {problem}",
    "import.skip.file_size": (
        "le fichier du quiz serait trop gros (en octets, plus de {limit}) : laissées de côté, "
        "cette question et les suivantes ({count})"
    ),
    "import.skip.gift_description": (
        "une description, pas une question (pas de réponses entre accolades)"
    ),
    "import.skip.gift_braces": "un bloc de réponses sans son {{ ouvrante ou son }} fermante",
    "import.skip.gift_essay": "une question à développement : pas de réponse à vérifier",
    "import.skip.gift_numeric": "une réponse numérique qui n’est pas un nombre (« {answer} »)",
    "import.skip.gift_numeric_apart": (
        "des réponses numériques séparées par des écarts (en tout : {count}) : une "
        "question de nombre accepte une valeur ou un intervalle"
    ),
    "import.skip.gift_matching": (
        "une question d’appariement : le bot ne pose pas de questions d’appariement"
    ),
    "import.skip.gift_partial_only": (
        "plusieurs réponses se partagent les points (%50%…) : ici une question a une seule "
        "bonne réponse"
    ),
    "import.skip.several_right": (
        "plusieurs réponses sont marquées justes ({count}) : ici une question en a exactement une"
    ),
    "import.skip.all_right": "chaque choix est marqué juste : une question en veut un faux",
    "import.skip.untypable_answer": (
        "aucune réponse acceptée n’a de lettre ni de chiffre à taper (« {answer} »)"
    ),
    "import.skip.long_answer": (
        "toutes les réponses acceptées sont trop longues à taper (en caractères : {length} ; "
        "la limite est de {limit})"
    ),
    "import.skip.no_right": "aucune réponse n’est marquée juste (= ou %100%)",
    "import.skip.too_few_choices": "moins de 2 choix",
    "import.skip.too_many_choices": "trop de choix ({count}) : une question en a au plus {limit}",
    "import.skip.empty_prompt": "la question n’a pas de texte",
    "import.skip.empty_choice": "un choix est vide",
    "import.skip.same_choices": "deux choix se lisent pareil (« {choice} »)",
    "import.skip.long_prompt": (
        "la question est trop longue (en caractères : {length} ; la limite est de {limit})"
    ),
    "import.skip.long_choice": (
        "un choix est trop long (en caractères : {length} ; la limite est de {limit})"
    ),
    "import.skip.long_note": (
        "un commentaire est trop long (en caractères : {length} ; la limite est de {limit})"
    ),
    "import.skip.long_explanation": (
        "l’explication est trop longue (en caractères : {length} ; la limite est de {limit})"
    ),
    "import.skip.limit": "trop long pour un message : {problem}",
    "import.skip.cap": (
        "au-delà du nombre de questions d’un quiz ({limit}) : laissées de côté, celle-ci et les "
        "suivantes ({count})"
    ),
    "import.skip.anki_cloze": "une note à trous sans trou ({{c1::…}}) dans ses champs",
    "import.skip.anki_cloze_several": (
        "carte à trous c{number} : elle cache plusieurs parties, pas de réponse unique à taper"
    ),
    "import.skip.anki_cloze_many": (
        "cartes à trous au-delà du maximum d’une note ({limit}) : ignorées (en tout : {count})"
    ),
    "import.skip.anki_one_field": "la note n’a qu’un champ : pas de réponse",
    "import.skip.empty_field": "champ vide : {field}",
    "import.skip.media_only": (
        "seulement une image ou un son dans le champ {field} : le bot n’affiche que du texte"
    ),
    "import.skip.picture": "image « {name} » laissée de côté, la question gardée : {problem}",
    "import.skip.picture_extra_question.one": (
        "{count} image laissée de côté (« {name} ») : une question montre une image (la "
        "première est gardée)"
    ),
    "import.skip.picture_extra_question.other": (
        "{count} images laissées de côté, à partir de « {name} » : une question montre une "
        "image (la première est gardée)"
    ),
    "import.skip.picture_extra_explanation.one": (
        "{count} image laissée de côté (« {name} ») : une explication montre une image (la "
        "première est gardée)"
    ),
    "import.skip.picture_extra_explanation.other": (
        "{count} images laissées de côté, à partir de « {name} » : une explication montre "
        "une image (la première est gardée)"
    ),
    "import.skip.picture_only": (
        "la question n’était qu’une image, et l’image n’a pas pu être reprise : plus rien à "
        "demander"
    ),
    "import.skip.picture_in_answer.one": (
        "{count} image d’une réponse ou de son commentaire laissée de côté (« {name} ») : "
        "le bot montre les images avec la question et son explication seulement"
    ),
    "import.skip.picture_in_answer.other": (
        "{count} images des réponses ou de leurs commentaires laissées de côté, à partir de "
        "« {name} » : le bot montre les images avec la question et son explication seulement"
    ),
    "import.picture_alt": "Image tirée de {file}",
    "import.picture_prompt": "Que montre l’image ?",
    "import.note.sounds": (
        "les sons et les vidéos ont été laissés de côté (le bot montre du texte et des images)"
    ),
    "import.skip.no_wrong_choices": "aucune autre réponse à proposer comme mauvais choix",
    "import.skip.missing_field": "« {field} » manque",
    "import.skip.opentdb_not_question": (
        "pas une question (un objet avec type, question et réponses)"
    ),
    "import.skip.opentdb_type": "type de question inconnu « {type} »",
    "import.skip.kahoot_no_correct": "aucune bonne réponse n’est indiquée",
    "import.skip.kahoot_bad_correct": (
        "la bonne réponse indiquée ({value}) n’est pas l’une des réponses"
    ),
    "import.skip.red_not_list": "les réponses doivent former une liste",
    "import.skip.red_no_answer": "aucune réponse n’est donnée",
    "import.skip.red_repeated": (
        "la même question qu’à la ligne {first}, reposée : laissée de côté"
    ),
    "import.skip.red_repeated_answer": (
        "la même question qu’à la ligne {first}, reposée avec une autre réponse (« {answer} ») : "
        "laissée de côté, la réponse de la ligne {first} est gardée (Red garderait celle-ci) : "
        "vérifiez laquelle est juste"
    ),
    "import.skip.quizlet_no_separator": (
        "pas de séparateur « {separator} » entre le terme et la définition"
    ),
    # Issue 26, justes sur de vrais fichiers : comment un tableau ou un export Anki a été lu
    "import.skip.csv_bad_correct": (
        "la bonne réponse donnée dans « {column} » (« {value} ») n’est aucune des options"
    ),
    "import.skip.anki_duplicate_line": (
        "le même recto qu’à la ligne {first} : importé une fois, là-bas"
    ),
    "import.skip.anki_duplicate_note": (
        "le même recto qu’à la note {first} : importé une fois, là-bas"
    ),
    "import.skip.anki_extra_fields": (
        "plus de champs ({count}) que les notes du fichier ({expected}) : vérifiez le séparateur "
        "et les guillemets"
    ),
    "import.note.csv_answer_text": (
        "lu comme un tableau d’options : la question dans « {question} », la bonne option "
        "désignée par son texte dans « {column} »"
    ),
    "import.note.csv_answer_number": (
        "lu comme un tableau d’options : la question dans « {question} », la bonne option "
        "désignée par son numéro dans « {column} » (1 = « {first} »)"
    ),
    "import.note.csv_answer_letter": (
        "lu comme un tableau d’options : la question dans « {question} », la bonne option "
        "désignée par sa lettre dans « {column} » (A = « {first} »)"
    ),
    "import.note.anki_text": ("lu comme un export texte d’Anki (champs séparés par {separator})"),
    "import.note.anki_text_tags": (
        "lu comme un export texte d’Anki (champs séparés par {separator}, étiquettes en "
        "colonne {column})"
    ),
    "import.note.read_quizlet": (
        "lu comme un export Quizlet (terme, tabulation, définition) ; --format anki le lit "
        "comme un export texte d’Anki"
    ),
    "import.separator.tab": "des tabulations",
    "import.separator.comma": "des virgules",
    "import.separator.semicolon": "des points-virgules",
    "import.separator.space": "des espaces",
    "import.separator.pipe": "« | »",
    "import.separator.colon": "des deux-points",
    "import.note.distractors": (
        "les mauvais choix viennent des réponses des autres cartes (les mêmes à chaque import)"
    ),
    "import.note.gift_partial": (
        "les réponses à points partiels (%50%…) sont devenues de mauvais choix"
    ),
    "import.note.gift_partial_typed": (
        "les réponses à taper à points partiels (%50%…) ne sont pas acceptées : seules celles "
        "à points pleins le sont"
    ),
    "import.note.typed_trimmed": (
        "les réponses acceptées de plus de 100 caractères, faites de ponctuation seule ou au-delà "
        "des 20 premières d’une question ont été retirées (une réponse à taper est courte)"
    ),
    "import.note.html": "le HTML a été converti en texte brut",
    "import.note.media": (
        "les images et les sons ont été laissés de côté (le bot n’affiche que du texte)"
    ),
    "import.note.opentdb_credit": (
        "les questions d’Open Trivia DB sont sous CC BY-SA 4.0 : le quiz les crédite"
    ),
    "import.note.red_as_written": (
        "les réponses écrites Yes, No, On ou Off ont été gardées telles quelles (le YAML de Red "
        "les lit True ou False)"
    ),
    # Issue 19, chat uploads (h19a): /import and /removequiz replies, the chat's own quizzes
    "upload.done.one": "Quiz « {title} » ajouté : {count} question. Pour y jouer : {play}",
    "upload.done.other": "Quiz « {title} » ajouté : {count} questions. Pour y jouer : {play}",
    "upload.replaced.one": (
        "Quiz « {title} » remplacé : {count} question ; ses réponses passées sont gardées. "
        "Pour y jouer : {play}"
    ),
    "upload.replaced.other": (
        "Quiz « {title} » remplacé : {count} questions ; ses réponses passées sont gardées. "
        "Pour y jouer : {play}"
    ),
    "upload.failed": "Rien n’a pu être importé de {file} :",
    "upload.quiz_problem": "{problem}",
    "upload.refused.too_big": (
        "Ce fichier est trop gros pour un quiz (la limite en octets : {limit}). Rien n’a été "
        "gardé."
    ),
    "upload.refused.too_many_questions": (
        "Ce fichier contient trop de questions (la limite : {limit}) : découpez-le en plusieurs "
        "quiz."
    ),
    "upload.refused.too_many_quizzes": (
        "Cette discussion a atteint sa limite de quiz à elle ({limit}) : supprimez-en un d’abord "
        "({remove})."
    ),
    "upload.refused.rate_limited": (
        "Cette discussion a atteint sa limite d’envois dans l’heure ({limit}) : réessayez plus "
        "tard."
    ),
    "upload.refused.bundled_id": (
        "« {id} » est l’identifiant d’un quiz fourni avec le bot : donnez un autre identifiant "
        "au vôtre (le nom du fichier, ou l’id dans le fichier)."
    ),
    "upload.refused.zip_unreadable": (
        "Ce .zip est illisible : il est abîmé, ou ce n’est pas un zip. Rien n’a été gardé."
    ),
    "upload.refused.zip_too_many_pictures": (
        "Ce .zip contient trop de fichiers : un fichier de quiz et ses images (la limite "
        "d’images : {limit}). Rien n’a été gardé."
    ),
    "upload.refused.zip_no_quiz": (
        "Ce .zip ne contient pas de fichier de quiz, seulement des images : mettez le fichier "
        "de quiz à côté. Rien n’a été gardé."
    ),
    "upload.refused.zip_several_quizzes": (
        "Ce .zip contient plusieurs fichiers qui ne sont pas des images ({name}) : il ne peut "
        "contenir qu’un fichier de quiz. Rien n’a été gardé."
    ),
    "upload.refused.zip_bad_name": (
        "« {name} », dans ce .zip, n’est pas un nom de fichier accepté (un chemin depuis la "
        "racine d’un disque, ou qui remonte avec '..'). Rien n’a été gardé."
    ),
    "upload.refused.zip_duplicate_name": (
        "« {name} » est deux fois dans ce .zip (les noms sont comparés sans tenir compte des "
        "majuscules). Rien n’a été gardé."
    ),
    "upload.refused.zip_encrypted": (
        "« {name} », dans ce .zip, est protégé par un mot de passe : envoyez le zip sans mot "
        "de passe. Rien n’a été gardé."
    ),
    "upload.refused.zip_packing": (
        "« {name} », dans ce .zip, est compressé d’une façon que le bot ne lit pas : faites un "
        "zip ordinaire (stored ou deflate). Rien n’a été gardé."
    ),
    "upload.refused.zip_nested": (
        "« {name} » est une archive dans le .zip : les archives dans les archives sont "
        "refusées. Rien n’a été gardé."
    ),
    "upload.refused.zip_overlapping": (
        "Les fichiers de ce .zip se chevauchent (une ruse de bombe zip) : il est refusé. Rien "
        "n’a été gardé."
    ),
    "upload.refused.zip_member_too_big": (
        "« {name} », dans ce .zip, est trop gros une fois décompressé (la limite en octets : "
        "{limit}). Rien n’a été gardé."
    ),
    "upload.refused.zip_damaged": (
        "« {name} », dans ce .zip, est abîmé : sa taille ou sa somme de contrôle ne correspond "
        "pas à son contenu. Rien n’a été gardé."
    ),
    "upload.unused_pictures": "Images que le quiz ne montre pas, non gardées : {names}.",
    "upload.removed": (
        "Quiz « {title} » ({id}) supprimé. Ses réponses restent dans les classements."
    ),
    "upload.remove.bundled": (
        "« {id} » est un quiz fourni avec le bot : il ne peut pas être supprimé."
    ),
    "upload.remove.unknown": (
        "Cette discussion n’a pas de quiz à elle nommé « {id} ». Ses quiz : {names}."
    ),
    "upload.remove.none": "Cette discussion n’a pas de quiz à elle.",
    "upload.play.telegram": "/quiz {id}",
    "upload.play.discord": "/quiz quiz:{id}",
    "upload.remove.telegram": "/removequiz ID",
    "upload.remove.discord": "/removequiz id:ID",
    "upload.help.telegram": (
        "Pour ajouter un quiz à vous, envoyez le fichier avec /import en légende, ou répondez "
        "/import à un fichier (admins ; dans une discussion privée, c’est votre quiz). Formats : "
        "Moodle GIFT, Anki (texte ou .apkg), Kahoot (.xlsx), Quizlet, Open Trivia DB (JSON), "
        "listes de trivia de Red-DiscordBot, CSV ou un fichier de quiz quizbot. Jusqu’à 1 Mo et "
        "500 questions ; renvoyer le même id remplace le quiz, /removequiz ID le supprime. Un "
        ".zip peut contenir le fichier de quiz et les images qu’il montre (jusqu’à 5 Mo et 20 "
        "images)."
    ),
    "upload.help.discord": (
        "Pour ajouter un quiz à ce serveur, utilisez /import file:FICHIER (Gérer le serveur). "
        "Formats : Moodle GIFT, Anki (texte ou .apkg), Kahoot (.xlsx), Quizlet, Open "
        "Trivia DB (JSON), listes de trivia de Red-DiscordBot, CSV ou un fichier de quiz quizbot. "
        "Jusqu’à 1 Mo et 500 questions ; renvoyer le même id remplace le quiz, /removequiz id:ID "
        "le supprime. Un .zip peut contenir le fichier de quiz et les images qu’il montre "
        "(jusqu’à 5 Mo et 20 images)."
    ),
    "upload.daily_some_removed": (
        "Certains de ces quiz ont été supprimés de cette discussion : les questions viennent "
        "des autres."
    ),
    "upload.daily_all_removed": (
        "Les quiz de ce programme ont été supprimés de cette discussion : aucune question "
        "n’est publiée tant qu’il n’est pas redéfini avec d’autres quiz."
    ),
    "upload.own_title": "Les quiz de cette discussion :",
    # Les points faibles du groupe (bot/domain/weak_spots.py les classe)
    "weak.title": "Points faibles du groupe",
    "weak.why": (
        "Pourquoi ces questions : c’est ce que ce groupe a le plus de chances d’avoir "
        "oublié maintenant. Elles viennent par rappel prédit croissant (FSRS, en moyenne sur "
        "les membres qui y ont répondu ici), puis par nombre d’erreurs."
    ),
    "weak.nothing_seen.telegram": (
        "Personne n’a encore répondu à une question dans cette discussion : pas encore de "
        "points faibles à revoir. Commencez par une partie : /quiz {quiz} (ou /quiz pour "
        "voir tous les quiz)."
    ),
    "weak.nothing_seen.discord": (
        "Personne n’a encore répondu à une question sur ce serveur : pas encore de points "
        "faibles à revoir. Commencez par une partie : /quiz quiz:{quiz}."
    ),
    "weak.choice": "⚠ Points faibles : ce que le groupe oublie (weak)",
    # Questions signalées (bot/domain/flags.py, bot/play/flags.py)
    "flag.button": "⚑",
    "flag.ask": "Qu’est-ce qui ne va pas dans cette question\u00a0?\n\n{title} · {prompt}",
    "flag.reason.w": "La réponse est fausse",
    "flag.reason.u": "La question n’est pas claire",
    "flag.reason.t": "Une coquille",
    "flag.reason.o": "Autre chose",
    "flag.added": "Merci\u00a0: les administrateurs verront votre signalement ({reason}).",
    "flag.changed": (
        "Vous l’aviez déjà signalée\u00a0: le motif est maintenant «\u00a0{reason}\u00a0»."
    ),
    "flag.limited.one": (
        "Vous avez signalé {count} question ces dernières 24 heures, le maximum. Réessayez demain."
    ),
    "flag.limited.other": (
        "Vous avez signalé {count} questions ces dernières 24 heures, le maximum. Réessayez "
        "demain."
    ),
    "flag.unknown": "Je ne retrouve plus cette question\u00a0: rien n’a été signalé.",
    "flag.note_reply": (
        "Pour ajouter une phrase à l’intention des administrateurs, répondez à ce message "
        "(facultatif)."
    ),
    "flag.note_title": "Signalé\u00a0: ajouter une phrase\u00a0?",
    "flag.note_label": "Une phrase pour les admins (facultatif)",
    "flag.noted": "Merci\u00a0: votre phrase accompagne votre signalement.",
    "flag.thanks": "Merci\u00a0: les administrateurs verront votre signalement.",
    "flag.no_flag": "Je ne trouve aucun signalement de votre part dans la dernière heure.",
    "flags.title": "⚑ Questions signalées",
    "flags.none": "Aucune question n’est signalée ici.",
    "flags.line.one": "{ref}\u00a0: {count} signalement, {reasons}",
    "flags.line.other": "{ref}\u00a0: {count} signalements, {reasons}",
    "flags.hidden_mark": "masquée",
    "flags.hidden_line": "{ref}\u00a0: masquée",
    "flags.usage": (
        "/flags liste les questions signalées\u00a0; /flags hide ID ne la pose plus ici, /flags "
        "show ID la rétablit, /flags clear ID marque ses signalements comme traités (ID tel "
        "qu’affiché, par exemple parallelism/megatron)."
    ),
    "flags.hidden": (
        "{ref} est masquée\u00a0: elle n’est plus posée ici. /flags show {ref} la rétablit."
    ),
    "flags.already_hidden": "{ref} était déjà masquée.",
    "flags.shown": "{ref} est de nouveau posée ici.",
    "flags.not_hidden": "{ref} n’était pas masquée.",
    "flags.cleared": "Les signalements de {ref} sont marqués comme traités.",
    "flags.nothing_to_clear": "{ref} n’a aucun signalement ouvert.",
    "flags.unknown_id": (
        "Je ne connais pas de question «\u00a0{ref}\u00a0» ici. Utilisez un ID tel que /flags "
        "l’affiche, par exemple parallelism/megatron."
    ),
    "command.flags": "Questions signalées\u00a0: lister, masquer, rétablir (admins)",
    "discord.name.flags": "flags",
    "discord.option.flags_action.about": "list (par défaut), hide, show ou clear",
    "discord.option.question": "question",
    "discord.option.question.about": "L’ID de la question, tel que la liste l’affiche",
    "flags.action.list": "lister",
    "flags.action.hide": "masquer",
    "flags.action.show": "rétablir",
    "flags.action.clear": "traiter",
}
