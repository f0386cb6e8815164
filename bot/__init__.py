"""The platform-neutral quiz engine: models, rules, storage, rendering. No discord, no telegram."""
