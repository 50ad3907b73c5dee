"""The tablet app (Kivy): screens rendering a game session. ``controller.Table`` holds the table
logic without Kivy; ``app.CompanionApp`` draws it. See ``docs/app.md``."""
