"""The irregularities catalogue: what goes wrong in the deal and its remedy, in YAML
(``irregularities.yaml`` is the bundled one), read into the engine's IrregularityEntry
values (``trainer.engine.irregularities``)."""
