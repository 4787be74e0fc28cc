"""Resolve the names a formula uses to claims and local inputs; order claims so inputs come first."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InputError
from ..model.claims import Claim


class NameError_(InputError):
    code = "CA006"


class CycleError(InputError):
    code = "CA007"


@dataclass
class Namespace:
    """Every collected claim by qualified name (``module.id``)."""

    claims: dict[str, Claim] = field(default_factory=dict)

    def add(self, claim: Claim) -> InputError | None:
        if claim.qualname in self.claims:
            first = self.claims[claim.qualname]
            return InputError(f"claim {claim.qualname!r} is defined twice (also at {first.location}); "
                              "two claim files share the stem " + repr(claim.module), location=claim.location)
        self.claims[claim.qualname] = claim
        return None

    def lookup(self, claim: Claim, name: str) -> Claim | None:
        if "." in name:
            return self.claims.get(name)
        return self.claims.get(f"{claim.module}.{name}")

    def visible_names(self, claim: Claim) -> list[str]:
        local = [c.id for c in self.claims.values() if c.module == claim.module]
        return [g.name for g in claim.given] + local + list(self.claims)


def order(claims: list[Claim], deps: dict[str, list[str]]) -> tuple[list[Claim], dict[str, CycleError]]:
    """Topological order (inputs before the claims that use them); cycles reported per member.

    ``deps`` maps a qualname to the qualnames it depends on.
    """
    if _inputs_first(claims, deps):
        return list(claims), {}
    by_name = {c.qualname: c for c in claims}
    state: dict[str, int] = {}          # 1 visiting, 2 done
    out: list[Claim] = []
    cyclic: dict[str, CycleError] = {}
    no_deps: tuple[str, ...] = ()

    for root in by_name:
        if root in state:
            continue
        # Iterative DFS (claim graphs from strangers may be deep): ``path`` holds the claims being
        # visited, ``todo`` the iterator over each one's inputs not yet visited.
        state[root] = 1
        path = [root]
        todo = [iter(deps.get(root, no_deps))]
        while todo:
            for child in todo[-1]:
                if child not in by_name:
                    continue
                seen = state.get(child)
                if seen is None:
                    state[child] = 1
                    path.append(child)
                    todo.append(iter(deps.get(child, no_deps)))
                    break
                if seen == 1:
                    _note_cycle(path[path.index(child):] + [child], by_name, cyclic)
            else:
                todo.pop()
                name = path.pop()
                state[name] = 2
                out.append(by_name[name])
    return out, cyclic


def _inputs_first(claims: list[Claim], deps: dict[str, list[str]]) -> bool:
    """Whether every claim's inputs come before it already (claim files mostly define a value before
    the claims that use it): then the walk below would give the claims in their own order, with no
    cycle, and a pass over them says so at a fraction of its cost."""
    seen: set[str] = set()
    for c in claims:
        name = c.qualname
        if name in seen:
            return False          # a name twice: the walk keeps the first
        for dep in deps.get(name, ()):
            if dep not in seen:
                return False
        seen.add(name)
    return True


def _note_cycle(cycle: list[str], by_name: dict[str, Claim], cyclic: dict[str, CycleError]) -> None:
    # The cycle is spelled out once, at its first member; the others point there (a cycle of n
    # claims must not print n copies of n names).
    first = by_name[cycle[0]]
    first_loc = first.formula_location or first.location
    cyclic.setdefault(cycle[0], CycleError(f"reference cycle: {_cycle_text(cycle)}", location=first_loc))
    for member in cycle[1:-1]:
        c = by_name[member]
        cyclic.setdefault(member, CycleError(
            f"reference cycle: one of the {len(cycle) - 1} claims of the cycle reported at {first_loc}",
            location=c.formula_location or c.location))


#: Names of a long cycle shown at each end of its message.
_CYCLE_SHOWN = 10


def _cycle_text(cycle: list[str]) -> str:
    if len(cycle) <= 2 * _CYCLE_SHOWN + 1:
        return " -> ".join(cycle)
    hidden = len(cycle) - 2 * _CYCLE_SHOWN
    return " -> ".join(cycle[:_CYCLE_SHOWN]) + f" -> … {hidden:,} more … -> " + " -> ".join(cycle[-_CYCLE_SHOWN:])
