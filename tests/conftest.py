import os
import pathlib
import sys

import pytest

# tests import their shared builders (tests/builders.py) as a plain module
sys.path.insert(0, str(pathlib.Path(__file__).parent))

from web_databases import BACKENDS, fresh_database  # noqa: E402


@pytest.hookimpl(optionalhook=True)  # (pytest-xdist's hook: none without it, -p no:xdist)
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's load balancing, but a browser module's tests go to one worker together:
    split between workers, each would launch its Chromium and start its server again. (As
    `--dist loadgroup` would: its marks were not honoured here, pytest 9.2 with pytest-xdist 3.8.)"""
    from xdist.scheduler import LoadScopeScheduling

    class BrowserModulesTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            path = nodeid.split("::", 1)[0]
            return path if path.rsplit("/", 1)[-1].startswith("test_e2e_") else nodeid

    config.option.loadscopereorder = False  # the order is pytest_collection_modifyitems's: longest first
    return BrowserModulesTogether(config, log)


DURATIONS = pathlib.Path(__file__).with_name("durations.txt")
QUICK = 2.0  # the seconds of a test durations.txt does not name (a browser test's: most take a few)


def longest_first(items):
    """`items` with the longest work first, as xdist hands the work out in this order: a browser
    module as one piece (the sum of its tests), every other test alone, each by its seconds in
    durations.txt. (Started last, a long test would keep one worker busy while the other idles.)"""
    known = {}
    for line in DURATIONS.read_text().splitlines():
        if line and not line.startswith("#"):
            seconds, nodeid = line.split("\t", 1)
            known[nodeid] = float(seconds)

    def scope(item):
        path = item.nodeid.split("::", 1)[0]
        return path if path.rsplit("/", 1)[-1].startswith("test_e2e_") else item.nodeid

    cost = {}
    for item in items:
        s = scope(item)
        cost[s] = cost.get(s, 0.0) + known.get(item.nodeid, QUICK if s != item.nodeid else 0.0)
    items.sort(key=lambda item: -cost[scope(item)])  # stable: a module's tests keep their order


def pytest_collection_modifyitems(config, items):
    """Under xdist, the longest tests first (`longest_first`). Tests marked slow (pyproject's
    markers) run only when asked: SAVANNA_SLOW=1, or -m naming them."""
    if hasattr(config, "workerinput"):  # an xdist worker: the order it collects is the order handed out
        longest_first(items)
    if os.environ.get("SAVANNA_SLOW") == "1" or "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow: run with SAVANNA_SLOW=1 (or -m slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


# ------------------------------------------------ the web tests' databases, apps and clients
# A test asks for `client` (or `app`, or only `db`) and runs once on each backend (web_databases.py);
# a module says how its app is made by overriding `app_options` (create_app's keywords) and its
# client by `client_options` (TestClient's).


@pytest.fixture(params=BACKENDS)
def backend(request):
    """The database a web test runs on: "sqlite", then "postgresql" when SAVANNA_TEST_DATABASE_URL is set."""
    return request.param


@pytest.fixture
def db(backend, tmp_path):
    """An empty games database on `backend`."""
    return fresh_database(backend, tmp_path)


@pytest.fixture
def url(db):
    """`db`, by the name some modules give it."""
    return db


@pytest.fixture
def app_options():
    return {}


@pytest.fixture
def app(db, app_options):
    """The web app on `db` (web_apps.create_app: its password hasher cheap)."""
    from web_apps import create_app

    return create_app(db, **app_options)


@pytest.fixture
def client_options():
    return {}


@pytest.fixture
def client(app, client_options):
    """Starlette's TestClient on `app`, started (its lifespan run) and closed after the test."""
    from fastapi.testclient import TestClient

    with TestClient(app, **client_options) as c:
        yield c


@pytest.fixture
def store(db):
    """The games store on `db`, closed after the test."""
    from savanna.web.store.storage import Store

    s = Store(db)
    yield s
    s.close()


@pytest.fixture(scope="module")
def module_clients():
    """The clients `shared_client` keeps for a module, by their app's options: closed at its end."""
    kept = {}
    yield kept
    for c in kept.values():
        c.__exit__(None, None, None)


@pytest.fixture
def shared_client(request, backend, module_clients, app_options, client_options, tmp_path_factory):
    """`client`, for a test whose requests the app refuses, or answers keeping nothing another
    test could see: on SQLite one app serves every test of the module asking for it (an app
    costs more to build than such a test takes); on PostgreSQL each test has a fresh one, as
    `client` (two apps alive on one PostgreSQL database would be two servers of a cluster)."""
    if backend != "sqlite":
        yield request.getfixturevalue("client")
        return
    key = repr((sorted(app_options.items()), sorted(client_options.items())))
    if key not in module_clients:
        from fastapi.testclient import TestClient
        from web_apps import create_app

        c = TestClient(create_app(fresh_database("sqlite", tmp_path_factory.mktemp("shared")), **app_options),
                       **client_options)
        c.__enter__()
        module_clients[key] = c
    yield module_clients[key]
