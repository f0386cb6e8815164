"""Playing: the quiz service, group and solo rounds, daily questions, deadlines as timers."""
