"""The HTTP API under schemathesis (issue 23, item 6): every operation of
``/api/openapi.json``, called in-process (ASGI) with requests generated from
the schema — valid ones and ones breaking it — never answers 5xx and never
raises.  Bounded: a few examples per operation, so the run stays well under a
minute (``JOKER_FUZZ_EXAMPLES`` raises the bound).

The app has a keeper key and every call carries it, so the scorekeeper's
writes reach the ledger (the key is also the token that lets a write through
without a JSON body, :mod:`joker.server.keeper`).
"""

from __future__ import annotations

import os
from typing import Any, Iterator

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.generation.modes import GenerationMode  # noqa: E402
from schemathesis.python import asgi  # noqa: E402

from joker.server import create_app  # noqa: E402

KEY = "fuzz-keeper-key"
EXAMPLES = int(os.environ.get("JOKER_FUZZ_EXAMPLES", "8"))
"""Examples per operation and pass (``JOKER_FUZZ_EXAMPLES=200`` for a longer hunt)."""


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    db = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    # schemathesis' in-process client calls itself "testserver"
    app = create_app(str(db), bot_delay=0, keeper_key=KEY, allowed_hosts=["testserver", "localhost"])
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)
    try:
        yield schema
    finally:
        asgi.shutdown_lifespans()  # stop the app (its hub and database) started by the first call


def _seed(schema: Any) -> dict[str, Any]:
    """A scorekeeper game and a table in play, for the path parameters of the seeded pass."""
    with asgi.get_client(schema.app) as client:
        game = client.post("/api/keeper/games", json={"players": ["Ann", "Bob", "Cat", "Dan"],
                                                      "rules": "bus-angeles(schedule='1,2,9')"},
                           headers={"X-Keeper-Key": KEY})
        table = client.post("/api/tables", json={"name": "Ann", "rules": "bus-angeles(schedule='1,2')",
                                                 "seats": ["human", "human", "bot:random", "bot:random"]})
        assert game.status_code == 200 and table.status_code == 200, (game.text, table.text)
        return {"gid": game.json()["id"], "table_id": table.json()["table"]}


@pytest.mark.parametrize("mode, seeded", [(GenerationMode.POSITIVE, False), (GenerationMode.POSITIVE, True),
                                          (GenerationMode.NEGATIVE, False)])
def test_no_operation_fails_on_any_request(api_schema: Any, mode: GenerationMode, seeded: bool) -> None:
    """Each operation in turn (schemathesis' pytest plug-in predates pytest 9, so
    hypothesis drives the operations' strategies here); in the seeded pass the
    path names a scorekeeper game and a table that exist, so the generated
    bodies reach the ledger and the tables rather than their 404."""
    operations = [r.ok() for r in api_schema.get_all_operations()]
    assert len(operations) >= 25  # the tables' API and the scorekeeper's
    ids = _seed(api_schema) if seeded else {}
    for op in operations:
        names = {p.name for p in op.path_parameters}
        if seeded and not names:
            continue
        fixed = {k: v for k, v in ids.items() if k in names}

        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(op.as_strategy(generation_mode=mode, path_parameters=fixed or None))
        def call(case: Any) -> None:
            case.call_and_validate(headers={"X-Keeper-Key": KEY}, checks=[not_a_server_error])

        try:
            call()
        except Unsatisfiable:  # nothing to break: an operation without parameters or body
            assert mode is GenerationMode.NEGATIVE
        except Exception as e:
            raise AssertionError(f"{op.label} ({mode}): {e}") from e
