"""Drive a real JupyterLab in a real Chromium, the way a learner would use the kit.

Why this shape (measured, see shared/reference/jupyter_notes.md):
- JupyterLab is started by the test itself on a free loopback port, with no token, every
  per-user folder (settings, workspaces, runtime, config) in a temporary directory, and the news
  pop-up switched off, so nothing from the machine's own Jupyter set-up leaks in or is changed.
- The browser is Debian's ``/usr/bin/chromium`` launched through Python Playwright. Never
  ``playwright install``: it downloads a browser build, which this network refuses.
- ``--LabApp.expose_app_in_browser=True`` gives ``window.jupyterapp``, so waits can ask the
  application itself (kernel status, the run-all promise) instead of guessing with sleeps.

The pieces are plain classes so that other tests (the kit's sandbox notebooks) reuse them through
the fixtures in ``conftest.py``: ``lab_server`` (a running server), ``lab`` (a :class:`LabPage`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:  # Playwright is imported lazily: its absence must skip, not break collection.
    from playwright.sync_api import Browser, Page, Playwright

ARTIFACTS_DIR = Path(__file__).resolve().parent / "artifacts"
FIXTURES_DIR = Path(__file__).resolve().parent / "fixtures"
LAB_SETTINGS = Path(__file__).resolve().parents[2] / "mtgrules" / "lab_settings"

CHROMIUM_ENV = "MTGRULES_CHROMIUM"
DEFAULT_CHROMIUM = "/usr/bin/chromium"
# Every flag is there for a reason: no sandbox as root, no GPU in a container, and nothing that
# reaches out to the network (the machine has none but the package registries).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

SERVER_START_TIMEOUT_S = 90.0
RUN_ALL_TIMEOUT_S = 180.0


def in_ci() -> bool:
    """True when the environment variable CI is set (CI=true): a missing browser must then fail."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def chromium_path() -> str | None:
    """The Chromium to drive: $MTGRULES_CHROMIUM, else Debian's /usr/bin/chromium, else PATH."""
    override = os.environ.get(CHROMIUM_ENV)
    if override:
        return override if Path(override).exists() else None
    if Path(DEFAULT_CHROMIUM).exists():
        return DEFAULT_CHROMIUM
    return shutil.which("chromium")


def missing_requirements() -> list[str]:
    """What a browser test needs and this machine lacks, each with the command that fixes it."""
    import importlib.util

    missing = []
    if chromium_path() is None:
        missing.append("Chromium (apt-get install -y chromium; or set MTGRULES_CHROMIUM)")
    if importlib.util.find_spec("playwright") is None:
        missing.append("Python Playwright (pip install -e '.[test]')")
    if importlib.util.find_spec("jupyterlab") is None:
        missing.append("JupyterLab (pip install -e '.[lab]')")
    return missing


def free_port() -> int:
    """A loopback port nobody listens on now (the server is told not to retry another one)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LabServer:
    """A JupyterLab server serving a temporary notebooks folder, started and stopped by the tests.

    Use :meth:`add_notebook` to put a notebook (a test fixture, or one of the kit's notebooks)
    into the served folder; the returned path is what :meth:`LabPage.open_notebook` takes.
    """

    def __init__(self, base_dir: Path | None = None) -> None:
        self._own_tmp = base_dir is None
        self.base_dir = Path(base_dir or tempfile.mkdtemp(prefix="mtgrules-lab-"))
        self.root_dir = self.base_dir / "notebooks"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = self.base_dir / "jupyter-lab.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.started_in_s: float | None = None

    def _environment(self) -> dict[str, str]:
        dirs = {
            "JUPYTERLAB_SETTINGS_DIR": self.base_dir / "settings",
            "JUPYTERLAB_WORKSPACES_DIR": self.base_dir / "workspaces",
            "JUPYTER_RUNTIME_DIR": self.base_dir / "runtime",
            "JUPYTER_CONFIG_DIR": self.base_dir / "config",
        }
        for path in dirs.values():
            path.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ)
        env.update({name: str(path) for name, path in dirs.items()})
        env.setdefault("JUPYTER_PLATFORM_DIRS", "1")  # silences a migration warning per start
        return env

    def command(self) -> list[str]:
        """The server's command line; ``--allow-root`` only when running as root."""
        cmd = [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={self.port}",
            "--ServerApp.port_retries=0",
            "--IdentityProvider.token=",
            "--PasswordIdentityProvider.hashed_password=",
            "--LabApp.expose_app_in_browser=True",
            f"--ServerApp.root_dir={self.root_dir}",
            # The kit's own settings, as `make lab` uses them: no news prompt over the notebook.
            f"--LabApp.app_settings_dir={LAB_SETTINGS}",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
        return cmd

    def start(self, timeout: float = SERVER_START_TIMEOUT_S) -> LabServer:
        """Start the server and wait until its REST API answers (about 2 s here)."""
        self.root_dir.mkdir(parents=True, exist_ok=True)
        started = time.monotonic()
        with open(self.log_path, "wb") as log:
            # A session of its own, so stop() can end the server and its kernels together.
            self.proc = subprocess.Popen(
                self.command(),
                cwd=self.root_dir,
                env=self._environment(),
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = started + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"jupyter lab exited with code {self.proc.returncode}:\n{self.log_tail()}"
                )
            try:
                with urllib.request.urlopen(self.url + "api/status", timeout=2) as resp:
                    if resp.status == 200:
                        self.started_in_s = time.monotonic() - started
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"jupyter lab did not answer within {timeout:.0f} s:\n{self.log_tail()}")

    def stop(self) -> None:
        """Stop the server (SIGTERM lets it shut its kernels down), then its process group."""
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
        if proc is not None:
            # Kernels left behind by a killed server share its process group (ours alone).
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
        if self._own_tmp:
            shutil.rmtree(self.base_dir, ignore_errors=True)

    def log_tail(self, lines: int = 40) -> str:
        """The last lines of the server's log, for failure messages."""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:])

    def add_notebook(self, source: str | Path, name: str | None = None) -> str:
        """Copy a notebook into the served folder; return its path relative to the server root.

        A bare file name is looked up in ``tests/browser/fixtures/``.
        """
        src = Path(source)
        if not src.is_absolute() and not src.exists():
            src = FIXTURES_DIR / src
        rel = name or src.name
        dest = self.root_dir / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)
        return rel


def launch_chromium(playwright: Playwright) -> Browser:
    """Launch Debian's Chromium headless. Playwright gives each launch a fresh temporary profile
    (user data dir), and each test a fresh context, so no state crosses tests."""
    executable = chromium_path()
    if executable is None:
        raise RuntimeError("Chromium not found: apt-get install -y chromium")
    return playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)


# JavaScript run in the page. `window.jupyterapp` exists thanks to expose_app_in_browser.
_JS_NOTEBOOK_READY = """(path) => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return false;
  const w = app.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path || !w.sessionContext) return false;
  const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
  return !!(w.context.isReady && kernel && kernel.status === 'idle');
}"""

_JS_KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = w && w.sessionContext && w.sessionContext.session
    && w.sessionContext.session.kernel;
  return !!(kernel && kernel.status === 'idle');
}"""

# Record when a command's promise settles: the run-all command resolves once every cell has run
# (or one has failed), which is the moment to read outputs. Installed once per page.
_JS_WATCH_COMMANDS = """() => {
  if (window.__mtgWatch) return;
  window.__mtgWatch = {};
  window.jupyterapp.commands.commandExecuted.connect((_, args) => {
    window.__mtgWatch[args.id] = 'running';
    Promise.resolve(args.result).then(
      () => { window.__mtgWatch[args.id] = 'done'; },
      () => { window.__mtgWatch[args.id] = 'failed'; });
  });
}"""

_JS_NO_PENDING_CELLS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  return !!(w && w.content && w.content.widgets.every(
    c => c.model.type !== 'code' || !(c.promptNode && c.promptNode.textContent.includes('*'))));
}"""

_JS_ERRORS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const errors = [];
  for (const cell of w.content.widgets) {
    if (cell.model.type !== 'code') continue;
    for (const out of cell.model.outputs.toJSON()) {
      if (out.output_type === 'error') errors.push(`${out.ename}: ${out.evalue}`);
    }
  }
  return errors;
}"""


class LabPage:
    """One browser tab on a :class:`LabServer`, with the few actions a notebook test needs."""

    def __init__(self, page: Page, server: LabServer) -> None:
        self.page = page
        self.server = server
        self.console_errors: list[str] = []
        self.workspace = f"test-{uuid.uuid4().hex[:12]}"
        page.on("console", self._on_console)

    def _on_console(self, message: Any) -> None:
        # Kept for failure messages: a widget that does not render usually logs why here.
        if message.type == "error":
            self.console_errors.append(message.text)

    # -- navigation -------------------------------------------------------------------------
    def open_notebook(self, path: str, timeout: float = 60.0) -> None:
        """Open ``path`` (relative to the server root) and wait until its kernel is idle.

        Each LabPage uses a workspace of its own, so tabs opened by an earlier test are not
        restored into this one. A "Select Kernel" dialog (a notebook without kernel metadata)
        is answered with the default kernel.
        """
        url = f"{self.server.url}lab/workspaces/{self.workspace}/tree/{quote(path)}"
        self.page.goto(url, wait_until="domcontentloaded")
        self.page.wait_for_function("() => !!window.jupyterapp", timeout=timeout * 1000)
        dialog_accept = self.page.locator(".jp-Dialog .jp-mod-accept")
        deadline = time.monotonic() + timeout
        while not self.page.evaluate(_JS_NOTEBOOK_READY, path):
            if time.monotonic() > deadline:
                raise TimeoutError(f"notebook {path!r} did not open with an idle kernel")
            if dialog_accept.count() and dialog_accept.first.is_visible():
                dialog_accept.first.click()
            self.page.wait_for_timeout(200)
        self.page.evaluate(_JS_WATCH_COMMANDS)

    def close(self) -> None:
        """Shut down the kernels this tab's notebooks started, then close its browser context.

        Through the app's own session manager: the server's REST API would need an XSRF token.
        """
        with contextlib.suppress(Exception):  # a crashed page has no kernels left to stop
            self.page.evaluate(
                "async () => { const app = window.jupyterapp;"
                " if (app) { await app.serviceManager.sessions.shutdownAll(); } }"
            )
        self.page.context.close()

    # -- running ----------------------------------------------------------------------------
    def menu(self, *labels: str) -> None:
        """Click through the menu bar, e.g. ``menu("Run", "Run All Cells")``."""
        first, *rest = labels
        self.page.locator(".lm-MenuBar-itemLabel").get_by_text(first, exact=True).click()
        for label in rest:
            self.page.locator(".lm-Menu-item:visible .lm-Menu-itemLabel").get_by_text(
                label, exact=True
            ).click()

    def run_all_cells(self, timeout: float = RUN_ALL_TIMEOUT_S) -> None:
        """Run > Run All Cells, then wait until every cell has run and the kernel is idle."""
        self.page.evaluate("() => { delete window.__mtgWatch['notebook:run-all-cells']; }")
        self.menu("Run", "Run All Cells")
        self.page.wait_for_function(
            "(id) => ['done', 'failed'].includes(window.__mtgWatch[id])",
            arg="notebook:run-all-cells",
            timeout=timeout * 1000,
        )
        self.page.wait_for_function(_JS_NO_PENDING_CELLS, timeout=timeout * 1000)
        self.wait_for_kernel_idle(timeout)

    def wait_for_kernel_idle(self, timeout: float = 60.0) -> None:
        """Wait until the current notebook's kernel reports ``idle``."""
        self.page.wait_for_function(_JS_KERNEL_IDLE, timeout=timeout * 1000)

    # -- reading ----------------------------------------------------------------------------
    def cells(self) -> Any:
        """Locator over the notebook's cells, in order (index them with ``.nth(i)``)."""
        return self.page.locator(".jp-NotebookPanel:visible .jp-Notebook .jp-Cell")

    def output_text(self, index: int) -> str:
        """Cell ``index``'s rendered outputs (text, HTML, widgets) as the text a person reads."""
        outputs = self.cells().nth(index).locator(".jp-OutputArea-output")
        return "\n".join(outputs.all_inner_texts())

    def all_output_texts(self) -> list[str]:
        """The rendered output text of every cell."""
        return [self.output_text(i) for i in range(self.cells().count())]

    def error_outputs(self) -> list[str]:
        """``"ExceptionName: message"`` for each error output in the notebook (empty: no error).

        Read from the notebook model, so warnings printed on stderr do not count as errors.
        """
        return self.page.evaluate(_JS_ERRORS)

    # -- interacting ------------------------------------------------------------------------
    def click_button(self, label: str, cell: int | None = None) -> None:
        """Click a button shown in the outputs (an ipywidgets Button), found by its label."""
        scope = self.cells().nth(cell) if cell is not None else self.page
        scope.locator(".jp-OutputArea-output").get_by_role("button", name=label, exact=True).click()

    def expect_output_contains(self, index: int, text: str, timeout: float = 10.0) -> None:
        """Wait (up to ``timeout``) until cell ``index``'s outputs show ``text``."""
        from playwright.sync_api import expect

        outputs = self.cells().nth(index).locator(".jp-OutputArea")
        expect(outputs).to_contain_text(text, timeout=timeout * 1000)

    def screenshot(self, name: str) -> Path:
        """Save a full-page PNG into tests/browser/artifacts/ (kept for a person to look at)."""
        ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS_DIR / (name if name.endswith(".png") else f"{name}.png")
        self.page.screenshot(path=str(path), full_page=True)
        return path
