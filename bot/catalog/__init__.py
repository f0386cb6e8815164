"""Quiz files: reading, validating, platform limits, the validated-quiz cache, the catalog."""
