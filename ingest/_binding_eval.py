"""Scoring extracted bindings against a gold file (precision / recall per binding type).

Gold format (JSON lines, one document a line)::

    {"document": "X.pdf", "roles": ["party", "jurisdiction"],
     "bindings": [{"role": "party", "binding_type": "contractual_role", "subject": "Acme, Inc.",
                   "parent": "agreement", "contract_role": "supplier"}, ...]}

`roles` is the scope annotated for that document: predictions of other roles, or for
documents absent from the gold, are not judged. A parent of "agreement" stands for the
document's own agreement subject. Names are compared by `entity_key`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from domain import Binding, entity_key

AGREEMENT_PARENT = "agreement"


@dataclass(frozen=True, slots=True)
class GoldBinding:
    document: str
    role: str
    binding_type: str
    subject: str
    parent: str | None = None
    contract_role: str | None = None

    def key(self) -> tuple[str, str, str, str]:
        parent = (
            AGREEMENT_PARENT if self.parent == AGREEMENT_PARENT else entity_key(self.parent or "")
        )
        return (self.document, self.role, entity_key(self.subject), parent)


@dataclass(frozen=True, slots=True)
class GoldDocument:
    document: str
    roles: tuple[str, ...]
    bindings: tuple[GoldBinding, ...]


@dataclass(frozen=True, slots=True)
class TypeScore:
    binding_type: str
    true_positives: int
    false_positives: int
    false_negatives: int

    @property
    def precision(self) -> float:
        judged = self.true_positives + self.false_positives
        return self.true_positives / judged if judged else 1.0

    @property
    def recall(self) -> float:
        wanted = self.true_positives + self.false_negatives
        return self.true_positives / wanted if wanted else 1.0


@dataclass(frozen=True, slots=True)
class BindingReport:
    per_type: tuple[TypeScore, ...]
    overall: TypeScore
    misses: tuple[str, ...]  # gold bindings not extracted, "document: role subject -> parent"
    false_positives: tuple[str, ...]
    contract_role_accuracy: float  # among matched parties whose gold states a contract role
    documents: int
    unjudged: int  # predictions outside the gold's documents or annotated roles
    extra: dict[str, Any] = field(default_factory=dict)

    def table(self) -> str:
        """A plain-text table for `make bench`."""
        rows = ["binding_type        precision  recall    tp   fp   fn"]
        for s in (*self.per_type, self.overall):
            rows.append(
                f"{s.binding_type:<19} {s.precision:>9.3f} {s.recall:>7.3f} "
                f"{s.true_positives:>5} {s.false_positives:>4} {s.false_negatives:>4}"
            )
        rows.append(
            f"documents={self.documents} contract_role_accuracy={self.contract_role_accuracy:.3f} "
            f"unjudged={self.unjudged}"
        )
        rows.extend(f"MISS {m}" for m in self.misses)
        rows.extend(f"FALSE {m}" for m in self.false_positives)
        return "\n".join(rows)


def load_gold(path: str | Path) -> list[GoldDocument]:
    docs = []
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        if not raw.strip():
            continue
        rec = json.loads(raw)
        bindings = tuple(
            GoldBinding(
                document=rec["document"],
                role=b["role"],
                binding_type=b["binding_type"],
                subject=b["subject"],
                parent=b.get("parent"),
                contract_role=b.get("contract_role"),
            )
            for b in rec["bindings"]
        )
        docs.append(GoldDocument(rec["document"], tuple(rec["roles"]), bindings))
    return docs


def _predicted_key(b: Binding) -> tuple[str, str, str, str]:
    parent = b.parent_key or ""
    if parent.startswith("agreement:"):
        parent = AGREEMENT_PARENT
    return (b.location.document, b.role, b.subject_key, parent)


def score_bindings(
    predicted: Iterable[Binding], gold: Sequence[GoldDocument] | str | Path
) -> BindingReport:
    """Precision/recall per binding type of `predicted` against `gold` (or a gold file path)."""
    gold_docs = load_gold(gold) if isinstance(gold, (str, Path)) else list(gold)
    scope: Mapping[str, frozenset[str]] = {d.document: frozenset(d.roles) for d in gold_docs}
    gold_by_key = {g.key(): g for d in gold_docs for g in d.bindings}
    judged: dict[tuple[str, str, str, str], Binding] = {}
    unjudged = 0
    for b in predicted:
        roles = scope.get(b.location.document)
        if roles is None or b.role not in roles:
            unjudged += 1
            continue
        judged.setdefault(_predicted_key(b), b)
    types = sorted(
        {g.binding_type for g in gold_by_key.values()}
        | {b.binding_type.value for b in judged.values()}
    )
    counts = {t: [0, 0, 0] for t in types}
    misses, false_pos = [], []
    role_hits = role_total = 0
    for key, g in sorted(gold_by_key.items()):
        hit = judged.get(key)
        if hit is not None:
            counts[g.binding_type][0] += 1
            if g.contract_role:
                role_total += 1
                role_hits += hit.attributes.get("contract_role") == g.contract_role
        else:
            counts[g.binding_type][2] += 1
            misses.append(f"{g.document}: {g.role} {g.subject} -> {g.parent}")
    for key, b in sorted(judged.items()):
        if key not in gold_by_key:
            counts[b.binding_type.value][1] += 1
            false_pos.append(f"{b.location.document}: {b.role} {b.subject_name} -> {b.parent_name}")
    per_type = tuple(TypeScore(t, *counts[t]) for t in types)
    overall = TypeScore(
        "overall",
        sum(s.true_positives for s in per_type),
        sum(s.false_positives for s in per_type),
        sum(s.false_negatives for s in per_type),
    )
    return BindingReport(
        per_type=per_type,
        overall=overall,
        misses=tuple(misses),
        false_positives=tuple(false_pos),
        contract_role_accuracy=role_hits / role_total if role_total else 1.0,
        documents=len(gold_docs),
        unjudged=unjudged,
    )
