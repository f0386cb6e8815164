"""Every user-facing text: catalogs (en, fr), markup per platform, cards, boards, exports."""
