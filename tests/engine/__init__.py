"""Engine tests: cards, coups, rules, settlement, tables, chips, the shoe, analysis and the audit
(trainer.engine)."""
