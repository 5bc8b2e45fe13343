"""The readers of a drill's kind sections: ``table:``, ``spot:`` (and its mistakes file and
error ids) and the shares they give (``violations: {rate: ...}``).

A mixin of the drill file's reader (``trainer.drills.loader``): the declaration in
``trainer.drills.fields`` names these readers; the checks that join a section to the rest
of the drill are its kind's (``trainer.drills.kinds``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from yaml.nodes import Node

from trainer.drills import fields as F
from trainer.drills.model import BetSpec, ChipEntry, TableSpec
from trainer.engine.errors import quote
from trainer.engine.said import Plural, Said, Verbatim
from trainer.fileformat import reading
from trainer.fileformat.reading import FLOAT, INT, STR, child, is_number, join, names


def span_words(span: tuple[int, int]) -> str:
    """A count or a range of counts as a file writes it: "3", "3-7"."""
    lo, hi = span
    return str(lo) if lo == hi else f"{lo}-{hi}"


def file_problems(what: str, name: str, count: int) -> Said:
    """A house or mistakes file a drill names, refused: its problems follow on their lines."""
    found = Verbatim(quote(name))
    if what == "house":
        return Plural(
            "house file {name} has {count} problem (listed with its own lines)",
            "house file {name} has {count} problems (listed with its own lines)",
            count,
            name=found,
        )
    return Plural(
        "mistakes file {name} has {count} problem (listed with its own lines)",
        "mistakes file {name} has {count} problems (listed with its own lines)",
        count,
        name=found,
    )


def backwards(text: str, lo: int, hi: int) -> Said:
    """A range written high to low."""
    return Said(
        'range {found} runs backwards: write "{last}-{first}"',
        found=Verbatim(quote(text)),
        last=hi,
        first=lo,
    )


class SectionReads(reading.Reader):
    """The readers of the kinds' own sections, named by the declaration."""

    source: Path | None = None

    def rate(self, node: Node, path: str) -> float | None:
        """A share of replays: a number from 0 to 1 (0.5) or a percentage ("50%")."""
        text = self.scalar(node, path, Said('a share like 0.5 or "50%"'), (INT, FLOAT, STR))
        if text is None:
            return None
        raw = text.strip()
        percent = raw.endswith("%")
        digits = raw.removesuffix("%").strip()
        try:
            value = Decimal(digits)
        except ArithmeticError:
            value = Decimal("NaN")
        if not re.fullmatch(r"[0-9]+(\.[0-9]+)?", digits) or not value.is_finite():
            self.err(
                node,
                path,
                Said(
                    "{found} is not a share: write a number from 0 to 1 "
                    '(0.5) or a percentage ("50%")',
                    found=Verbatim(quote(text)),
                ),
            )
            return None
        if percent:
            value /= 100
        if not 0 <= value <= 1:
            self.err(
                node,
                path,
                Said(
                    "{found} is out of range: a share is 0 to 1 (0% to 100%)",
                    found=Verbatim(quote(text)),
                ),
            )
            return None
        return float(value)

    def spot_settings(self, node: Node, path: str) -> dict[str, Any] | None:
        """spot: {...}, its mistakes file read first: the ids in errors may be its own."""
        found = self.mapping(node, F.SPOT, path)
        if found is None:
            return None
        out: dict[str, Any] = {}
        extra: tuple[Any, ...] = ()
        for name in sorted(found, key=lambda n: n != "mistakes"):
            sub = join(path, name)
            if name == "errors":
                got = self.error_ids(found[name], sub, extra)
            else:
                got = self.read(found[name], F.SPOT.fields[name].kind, sub)
            if got is not None:
                out[name] = got
                if name == "mistakes":
                    extra = got
        return out

    def mistakes_file(self, node: Node, path: str) -> tuple[Any, ...] | None:
        """An instructor's mistakes file; its own problems are reported with their lines."""
        from trainer.mistakes.loader import MistakesFileError, load_mistakes_file

        name = self.line(node, path)
        if name is None:
            return None
        where = Path(name)
        if not where.is_absolute() and self.source is not None:
            where = self.source.parent / where
        try:
            return load_mistakes_file(where)
        except MistakesFileError as exc:
            self.err(node, path, file_problems("mistakes", name, len(exc.problems)))
            self.problems.extend(exc.problems)
            return None

    def error_ids(
        self, node: Node, path: str, extra: tuple[Any, ...] = ()
    ) -> tuple[str, ...] | None:
        """Catalogue ids, each one the engine's catalogue (or the drill's mistakes file)
        knows."""
        from trainer.engine.catalogue import CATALOGUE

        items = self.seq(node, path, Said("error ids"))
        if items is None:
            return None
        if not items:
            self.err(
                node,
                path,
                Said(
                    "is an empty list: name at least one error, or leave errors out for every one"
                ),
            )
            return None
        known = (*(m.id for m in CATALOGUE), *(m.id for m in extra))
        out: list[str] = []
        for i, item in enumerate(items):
            sub = join(path, i)
            name = self.choice(item, sub, known, Said("an error of the catalogue"))
            if name is None:
                continue
            if name in out:
                self.err(item, sub, Said("{name} is listed twice", name=Verbatim(repr(name))))
                continue
            out.append(name)
        return tuple(out) if len(out) == len(items) else None

    def count_range(self, node: Node, path: str, most: int, what: str) -> tuple[int, int] | None:
        """3 or "3-7": how many ``what`` (1 to ``most``), as (fewest, most)."""
        text = self.scalar(
            node,
            path,
            Said('a number of {what} (1-{most}) or a range like "3-7"', what=what, most=most),
            (INT, STR),
        )
        if text is None:
            return None
        parts = [p.strip() for p in text.split("-")]
        if len(parts) not in (1, 2) or not all(is_number(p) for p in parts):
            self.err(
                node,
                path,
                Said(
                    '{found} is not a number of {what}: write 3, or a range like "3-7"',
                    found=Verbatim(quote(text)),
                    what=what,
                ),
            )
            return None
        lo, hi = int(parts[0]), int(parts[-1])
        if lo > hi:
            self.err(node, path, backwards(text, lo, hi))
            return None
        if lo < 1 or hi > most:
            self.err(
                node,
                path,
                Said(
                    "{found} is out of range: {what} are 1-{most}",
                    found=Verbatim(quote(text)),
                    what=what,
                    most=most,
                ),
            )
            return None
        return lo, hi

    def table_spec(self, node: Node, path: str) -> TableSpec | None:
        """The ``table:`` section; the checks against the house come once the drill's house
        is known (``check_table``)."""
        before = len(self.problems)
        f = self.fields(node, F.TABLE, path)
        if f is None or len(self.problems) > before:
            return None
        bets: dict[str, BetSpec] = f["bets"]
        if not bets:
            self.err(
                child(node, "bets") or node,
                join(path, "bets"),
                Said(
                    "is empty: list the "
                    "bets that may appear (e.g. bets: {banker: {min: 5, max: 100, step: 5}})"
                ),
            )
            return None
        specs = []
        for name in F.BETS:
            if name not in bets:
                continue
            spec = bets[name]
            if spec.minimum == spec.maximum:  # a fixed wager is its own unit
                spec = replace(spec, step=spec.minimum)
            elif spec.minimum % spec.step:
                where = child(child(node, "bets"), name) or node
                self.err(
                    where,
                    join(join(path, "bets"), name),
                    Said(
                        "min {lo} is not a multiple of step {step}: at a table, wagers are "
                        "whole multiples of the chip step (make min a multiple of step)",
                        lo=spec.minimum,
                        step=spec.step,
                    ),
                )
            specs.append(spec)
        per_seat = f.get("bets_per_seat", (F.TABLE.bets_per_seat.default,) * 2)
        if per_seat[1] > len(specs):
            self.err(
                child(node, "bets_per_seat") or node,
                join(path, "bets_per_seat"),
                Said(
                    "{span} bets per seat but the table lists only {count} ({listed}); "
                    "give 1-{count}",
                    span=Verbatim(span_words(per_seat)),
                    count=len(specs),
                    listed=names(b for b in F.BETS if b in bets),
                ),
            )
        limit, target = f.get("time_limit"), f.get("target_seconds")
        if limit is not None and target is not None and target > limit:
            self.err(
                child(node, "target_seconds") or node,
                join(path, "target_seconds"),
                Said(
                    "the target of {target} s is above the time limit of {limit} s: "
                    "no table can meet it",
                    target=format(target, "g"),
                    limit=format(limit, "g"),
                ),
            )
        if len(self.problems) > before:
            return None
        return TableSpec(
            bets=tuple(specs),
            seats=f["seats"],
            bets_per_seat=per_seat,
            time_limit=limit,
            target_seconds=target,
            chips=ChipEntry(F.TABLE.chips.of(f)),
        )
