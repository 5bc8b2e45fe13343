"""ezbac: EZ Baccarat dealer trainer and procedure checker."""

__version__ = "0.1.0"
