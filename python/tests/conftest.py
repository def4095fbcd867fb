"""Shared fixtures: a local Ray with two CPUs, started once for the session."""

import pytest


@pytest.fixture(scope="session")
def ray_local():
    ray = pytest.importorskip("ray")
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()
