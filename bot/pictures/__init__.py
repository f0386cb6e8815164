"""Pictures: untrusted bytes cleaned with Pillow, and the one picture a message carries."""
