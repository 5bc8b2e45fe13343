"""The drill format is declared once (trainer.drills.fields): its names are copies (so the
declaration stays engine-free) that must stay the engine's and the model's, and the loader,
the model's defaults, the listing and the JSON Schema all follow the declaration."""

from __future__ import annotations

import dataclasses

from trainer.drills import fields as F
from trainer.drills.catalogue import DrillEntry
from trainer.drills.listing import LISTED, scan_text
from trainer.drills.loader import _Reader, load_text
from trainer.drills.model import (
    PROCEDURE_STEPS,
    BetSpec,
    CoupFilter,
    Drill,
    Kind,
    Mode,
    Order,
    Step,
)
from trainer.drills.schema import json_schema
from trainer.engine import Bet, BetResult, Outcome
from trainer.engine.house import DEFAULT_HOUSE
from trainer.engine.shoe import SUPPORTED_DECKS
from trainer.fileformat.declare import (
    NO_DEFAULT,
    AnyOf,
    ListOf,
    MapOf,
    Obj,
    Scalar,
    kinds,
    reader_methods,
)


def test_schema_names_are_the_enums_values() -> None:
    assert tuple(m.value for m in Mode) == F.MODES
    assert sorted(o.value for o in Order) == sorted(F.ORDERS)  # the default is listed first
    assert tuple(s.value for s in Step if s not in PROCEDURE_STEPS) == (*F.STEPS, F.TABLE_ASK)
    assert tuple(k.value for k in Kind) == ("coup", *F.KINDS)
    assert tuple(o.value for o in Outcome) == F.OUTCOMES
    assert tuple(b.value for b in Bet) == F.BETS
    assert tuple(r.value for r in BetResult) == F.RESULTS
    assert F.DECKS == SUPPORTED_DECKS


# -- one definition: the declaration in trainer.drills.fields drives the rest -----------

MINIMAL = "id: m\ntitle: M\ndescription: D\nask: outcome\ncoups:\n  - cards: 4h 3s 2d Kc 8h\n"


def test_every_declared_reader_exists() -> None:
    names = reader_methods(F.DRILL)
    # implemented by the drill's Reader, not only declared by its protocol (mypy checks the
    # names and arguments against the protocol; this, that each is the real reader)
    assert names and all(
        getattr(_Reader, name) is not getattr(F.DrillReads, name, None) for name in names
    )
    assert all(isinstance(k, (Scalar, Obj, ListOf, MapOf, AnyOf)) for k in kinds(F.DRILL))


def test_every_declared_field_goes_to_a_model_attribute() -> None:
    attrs = {f.name for f in dataclasses.fields(Drill)}
    assert {attr for _, attr in F.DRILL.attrs()} <= attrs


def test_a_silent_file_gets_the_declared_defaults() -> None:
    """What the file leaves out is what the declaration says, as the model holds it."""
    drill = load_text(MINIMAL)
    assert drill.mode.value == "practice" and drill.order.value == "shuffled"
    assert (drill.pass_mark, drill.time_limit, drill.level, drill.tags) == (80, None, None, ())
    assert drill.decks == 8 and drill.bets_per_coup is None
    defaults = {f.name: f.default for f in dataclasses.fields(Drill)}
    for key, attr in F.DRILL.attrs():
        declared = F.DRILL.fields[key].default
        if declared is NO_DEFAULT:
            continue
        model = defaults[attr]
        if key == "house":  # no house named: the model holds the default house itself
            assert declared is None and model is DEFAULT_HOUSE and drill.house is DEFAULT_HOUSE
            continue
        assert getattr(model, "value", model) == declared, key
    assert {f.name: f.default for f in dataclasses.fields(CoupFilter)}["weight"] == 1
    assert {f.name: f.default for f in dataclasses.fields(BetSpec)}["step"] == 1


def test_the_listing_record_is_the_declared_listed_fields() -> None:
    assert LISTED == ("id", "title", "description", "level", "mode", "questions")
    assert tuple(f.name for f in dataclasses.fields(DrillEntry))[: len(LISTED)] == LISTED
    assert tuple(scan_text(MINIMAL)) == (*LISTED, "unit")  # and what a run is counted in
    entry = DrillEntry.of(load_text(MINIMAL))
    assert (entry.id, entry.mode, entry.questions, entry.origin) == ("m", "practice", 1, "bundled")
    assert entry.unit == scan_text(MINIMAL)["unit"] == "coups"


def test_the_json_schema_shows_the_declared_docs_and_defaults() -> None:
    props = json_schema()["properties"]
    assert set(props) == set(F.DRILL.fields)
    assert props["pass_mark"]["default"] == 80 and props["mode"]["default"] == "practice"
    assert props["title"]["description"] == F.DRILL.fields["title"].doc
    assert props["generate"]["items"]["properties"]["weight"]["default"] == 1
