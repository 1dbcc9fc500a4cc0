"""The double-dummy analysis of a finished web game (``/api/tables/{id}/analysis``):
refused for an unknown or unfinished game with nothing stored; made in the
worker process with progress, equal to :func:`joker.games.joker.analysis.analyse` run
directly; made once and kept (a second request, the replay page and a
restarted server get the stored one); a record that does not replay, or a
worker that dies, fails the job with its error and stores nothing.  The
worker says it is preparing the solver before the first deal (or does so
when the server starts); a Ctrl-C stops the server without a traceback from
the worker."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from sqlalchemy import create_engine, select, update

from joker.games.joker.analysis import analyse
from joker.games.joker.record import GameRecord
from joker.server import create_app
from joker.store import WebAnalysis, WebTable, sqlite_url
from test_server_support import Client, create, serve

SHORT = "bus-angeles(schedule='1,2')"  # a 1-card and a 2-card deal: analysed in well under a second


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv("JOKER_DB_URL", raising=False)
    monkeypatch.delenv("JOKER_SECRET", raising=False)


def _app(db):
    return create_app(str(db), bot_delay=0)


def _error(r, status: int) -> str:
    assert r.status_code == status, r.text
    return r.json()["error"]


def _started(tc, seed: str = "dd") -> tuple[str, Client]:
    """A table of Ann and three bots, started."""
    t = create(tc, SHORT, ["human", "bot", "bot", "bot"], seed=seed)
    ann = Client(tc, t["table"], t["token"], name="Ann")
    ann.until(lambda m: m["type"] == "snapshot")
    ann.send({"type": "start"})
    ann.until(lambda m: m["type"] == "event")
    return t["table"], ann


def _finish(ann: Client) -> None:
    """Ann plays random legal actions until the game is over."""
    rnd = random.Random(7)
    if ann.view["current"] == 0 and ann.view["legal"]:
        ann.send({"type": "act", "action": rnd.choice(ann.view["legal"])})
    while True:
        m = ann.recv()
        if m["type"] == "event" and "game_over" in m:
            return
        if m["type"] == "event" and ann.view["current"] == 0 and ann.view["legal"]:
            ann.send({"type": "act", "action": rnd.choice(ann.view["legal"])})


def _finished(tc) -> str:
    """The table id of a game Ann played to the end against three bots."""
    tid, ann = _started(tc)
    _finish(ann)
    return tid


def _wait(tc, tid: str, timeout: float = 120) -> tuple[dict, list[tuple[str, int, int]]]:
    """Poll the analysis until it is done or failed: the last status and every one seen
    (``status`` is ``"preparing"`` for a running job whose worker is still warming up)."""
    seen = []
    deadline = time.monotonic() + timeout
    while True:
        r = tc.get(f"/api/tables/{tid}/analysis")
        assert r.status_code == 200, r.text
        st = r.json()
        seen.append(("preparing" if st["preparing"] else st["status"], st["done"], st["total"]))
        if st["status"] in ("done", "failed"):
            assert st["preparing"] is False
            return st, seen
        assert st["status"] == "running" and st["analysis"] is None and st["error"] is None
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.1)


def _worker(tc):
    """The analysis worker process of the app in ``tc`` (there is one)."""
    workers = list(tc.app.state.analyses._pool._processes.values())  # noqa: SLF001 - to signal it
    assert len(workers) == 1
    return workers[0]


def _until_prepared(tc, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while tc.app.state.analyses.preparing:
        assert time.monotonic() < deadline, "the worker did not get ready"
        time.sleep(0.05)


def _rows(db) -> list:
    engine = create_engine(sqlite_url(db))
    try:
        with engine.connect() as c:
            return c.execute(select(WebAnalysis)).all()
    finally:
        engine.dispose()


def test_an_unknown_or_unfinished_game_is_refused_and_nothing_is_stored(tmp_path):
    db = tmp_path / "w.db"
    with serve(_app(db)) as tc:
        assert _error(tc.post("/api/tables/zzzzzz/analysis"), 404) == "there is no table 'zzzzzz'"
        assert _error(tc.get("/api/tables/zzzzzz/analysis"), 404) == "there is no table 'zzzzzz'"
        t = create(tc, SHORT, ["human", "bot", "bot", "bot"], seed="w")  # waiting for its start
        tid, ann = _started(tc)  # playing
        for table in (t["table"], tid):
            for method in (tc.post, tc.get):
                msg = _error(method(f"/api/tables/{table}/analysis"), 409)
                assert msg == "the double-dummy analysis, with every hand, is made when the game is over"
        assert tc.app.state.analyses.job(tid) is None
        ann.close()
    assert _rows(db) == []


def test_the_analysis_is_made_once_equals_analyse_and_survives_a_restart(tmp_path):
    db = tmp_path / "w.db"
    with serve(_app(db)) as tc:
        tid = _finished(tc)
        record = GameRecord.from_json(tc.get(f"/api/tables/{tid}/record").text)
        assert tc.get(f"/api/tables/{tid}/analysis").json() == {
            "status": "none", "preparing": False, "done": 0, "total": 0, "analysis": None, "error": None}
        r = tc.post(f"/api/tables/{tid}/analysis")
        # the app's first analysis: its worker starts now and prepares the solver first
        assert r.status_code == 202 and r.json() == {
            "status": "running", "preparing": True, "done": 0, "total": 0, "analysis": None, "error": None}
        again = tc.post(f"/api/tables/{tid}/analysis")  # joins the running job
        assert again.status_code in (200, 202) and again.json()["status"] in ("running", "done")
        st, seen = _wait(tc, tid)
        assert st["status"] == "done" and st["error"] is None
        assert st["done"] == st["total"] == len(record.deals) == 2
        assert all(0 <= d <= n <= 2 for _, d, n in seen)
        # preparing (no deal counted yet) only before the deals, never once they started
        phases = [p for p, _, _ in seen]
        assert phases == sorted(phases, key=["preparing", "running", "done"].index)
        assert all(d == 0 for p, d, _ in seen if p == "preparing")
        # the same as the analysis made here, directly
        direct = json.loads(json.dumps(analyse(record).to_json()))
        assert st["analysis"] == direct
        [row] = _rows(db)
        assert row.table_id == tid and json.loads(row.analysis) == direct
        # asked again: answered at once from storage, not made again
        r = tc.post(f"/api/tables/{tid}/analysis")
        assert r.status_code == 200 and r.json() == st
        assert tc.app.state.analyses.job(tid) is None
        assert _rows(db) == [row]  # the same row, same creation time
        # the replay page shows it on load
        page = tc.get(f"/replay/{tid}").text
        assert '"analysis": {"status": "done"' in page and "dd-start" in page
    # a new server on the same database serves the stored analysis
    with serve(_app(db)) as tc:
        assert tc.get(f"/api/tables/{tid}/analysis").json() == st
        r = tc.post(f"/api/tables/{tid}/analysis")
        assert r.status_code == 200 and r.json() == st
        assert tc.app.state.analyses.job(tid) is None
    assert _rows(db) == [row]
    assert "dd_preparing" in page  # the page's words for it (the catalogue is in the page)
    # one made by another version of the code is not served (the button makes a new one)
    engine = create_engine(sqlite_url(db))
    with engine.begin() as c:
        c.execute(update(WebAnalysis).values(code_version="0.0.0-old"))
    engine.dispose()
    with serve(_app(db)) as tc:
        assert tc.get(f"/api/tables/{tid}/analysis").json()["status"] == "none"


def test_a_record_that_does_not_replay_fails_with_its_error_and_stores_nothing(tmp_path):
    db = tmp_path / "w.db"
    with serve(_app(db)) as tc:
        tid = _finished(tc)
        text = tc.get(f"/api/tables/{tid}/record").text
        data = json.loads(text)
        actions = data["deals"][1]["actions"].split()
        data["deals"][1]["actions"] = " ".join(actions[:-1] + actions[-2:-1])  # a card played twice
        engine = create_engine(sqlite_url(db))
        with engine.begin() as c:
            c.execute(update(WebTable).where(WebTable.id == tid).values(record=json.dumps(data)))
        engine.dispose()
        assert tc.post(f"/api/tables/{tid}/analysis").status_code == 202
        st, _ = _wait(tc, tid)
        assert st["status"] == "failed" and st["analysis"] is None
        assert "deal 2" in st["error"]
        assert _rows(db) == []
    assert _rows(db) == []


def test_a_worker_that_dies_fails_the_job_and_the_next_request_starts_a_new_one(tmp_path):
    db = tmp_path / "w.db"
    with serve(_app(db)) as tc:
        tid = _finished(tc)
        assert tc.post(f"/api/tables/{tid}/analysis").status_code == 202
        _worker(tc).kill()
        st, _ = _wait(tc, tid)
        assert st["status"] == "failed" and st["analysis"] is None
        assert st["error"] == "the analysis process stopped unexpectedly"
        assert _rows(db) == []
        assert tc.post(f"/api/tables/{tid}/analysis").status_code == 202  # a new worker
        st, _ = _wait(tc, tid)
        assert st["status"] == "done" and len(_rows(db)) == 1


def test_a_server_started_warm_prepares_the_solver_before_anyone_asks(tmp_path):
    db = tmp_path / "w.db"
    with serve(create_app(str(db), bot_delay=0, warm_analysis=True)) as tc:
        assert _worker(tc).is_alive()  # started with the app, before any analysis
        tid = _finished(tc)
        _until_prepared(tc)
        r = tc.post(f"/api/tables/{tid}/analysis")
        assert r.status_code == 202 and r.json()["status"] == "running" and r.json()["preparing"] is False
        st, seen = _wait(tc, tid)
        assert st["status"] == "done" and "preparing" not in [p for p, _, _ in seen]


def test_ctrl_c_reaching_the_worker_does_not_stop_it(tmp_path):
    """A terminal's Ctrl-C signals the worker too: it ignores it (the server stops it)."""
    db = tmp_path / "w.db"
    with serve(create_app(str(db), bot_delay=0, warm_analysis=True)) as tc:
        worker = _worker(tc)
        os.kill(worker.pid, signal.SIGINT)  # while it prepares the solver
        _until_prepared(tc)
        os.kill(worker.pid, signal.SIGINT)  # while it waits for work
        tid = _finished(tc)
        assert tc.post(f"/api/tables/{tid}/analysis").status_code == 202
        st, _ = _wait(tc, tid)
        assert st["status"] == "done" and _worker(tc) is worker and worker.is_alive()
    assert not worker.is_alive()  # stopped with the app


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(x) for x in path.read_text().split()] if path.exists() else []


def _cpu_ticks(pid: int) -> int:
    """The CPU time (user + system, clock ticks) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


@pytest.mark.skipif(not hasattr(os, "killpg") or not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists(),
                    reason="process groups and /proc/PID/task/PID/children: Linux")
def test_ctrl_c_stops_joker_serve_quietly(tmp_path):
    """`joker serve`, its analysis worker up, and Ctrl-C in its terminal (SIGINT to the
    whole process group): it stops, exit 0, without a traceback from the worker."""
    with socket.socket() as sk:
        sk.bind(("127.0.0.1", 0))
        port = sk.getsockname()[1]
    joker = Path(sys.executable).with_name("joker")
    env = {**os.environ, "HOME": str(tmp_path), "JOKER_SECRET": "s"}
    proc = subprocess.Popen([str(joker), "serve", "--port", str(port), "--db", str(tmp_path / "w.db")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:  # serving, and its worker started (the resource tracker is the other child)
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "joker serve did not start its analysis worker"
            try:
                up = urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).status == 200
            except OSError:
                up = False
            if up and len(_children(proc.pid)) >= 2:
                break
            time.sleep(0.2)
        # the user's case: the worker idle, waiting for the next analysis (its solver
        # prepared: it has stopped using CPU)
        busy = -1
        while busy != (busy := sum(_cpu_ticks(c) for c in _children(proc.pid))):
            assert time.monotonic() < deadline + 120, "the analysis worker did not get ready"
            time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
