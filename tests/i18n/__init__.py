"""The languages: choosing one, the catalogues, the CLI and home in each (trainer.i18n)."""
