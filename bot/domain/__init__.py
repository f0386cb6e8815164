"""The domain, without I/O: quiz content, entities, rules, daily rules, button data, time."""
