"""The organiser's report: `quizbot serve`, a read-only web app of a chat's learning."""
