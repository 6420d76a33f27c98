"""Shared fixtures: the three tasks the conventions' checkers run on, one per paper family."""
import pytest

# One task per family, short enough that a capped run stays quick.
FAMILY_TASKS = [
    "tickingcollab/raid-boss-v1",
    "mineland/combat-zombies-cooperative-v1",
    "sagents/mine-50-logs-1-leaf-v1",
]


@pytest.fixture(params=FAMILY_TASKS)
def family_task(request):
    return request.param
