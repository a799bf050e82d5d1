#!/usr/bin/env python3
"""Fuzz the server binary's API with schemathesis, from its own OpenAPI document.

Starts `threshold serve` on loopback with a fresh database (SQLite, or PostgreSQL with
--postgres URL), signs in the demo broker and the demo conveyancer through the real e-mail
link (the conveyancer also proves the second factor with `threshold demo-code`), then runs
`schemathesis run --checks all` three times: anonymously, as the broker and as the
conveyancer. Prints one summary line per run and exits non-zero if any run found a failure.

Usage: .ci/fuzz.py --bin PATH [--postgres URL] [--max-examples N]
(`make fuzz` installs schemathesis into a venv and runs this on both databases.)
"""

import argparse
import email
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from email import policy
from pathlib import Path

HERE = Path(__file__).resolve().parent
BROKER = "broker@demo.threshold.test"
CONVEYANCER = "conveyancer@demo.threshold.test"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(url, *, method="GET", body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        req.add_header("Content-Type", "application/json")
    return urllib.request.urlopen(req, timeout=10)


def wait_ready(url, server, deadline=60):
    end = time.time() + deadline
    while time.time() < end:
        if server.poll() is not None:
            sys.exit(f"threshold exited with {server.returncode}")
        try:
            if request(f"{url}/readyz").status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    sys.exit("threshold did not become ready")


def sign_in_link_token(outbox: Path, to: str, deadline=30) -> str:
    """The token of the newest sign-in mail to `to` in the outbox (lettre's file transport)."""
    end = time.time() + deadline
    while time.time() < end:
        for path in sorted(outbox.glob("*"), key=lambda p: p.stat().st_mtime, reverse=True):
            try:
                message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
            except (OSError, ValueError):
                continue
            if to not in str(message.get("To", "")):
                continue
            part = message.get_body(preferencelist=("plain", "html"))
            text = part.get_content() if part else ""
            found = re.search(r"/login/auth\?token=([A-Za-z0-9_\-]+)", text)
            if found:
                return found.group(1)
        time.sleep(0.2)
    sys.exit("no sign-in e-mail arrived in the outbox")


def session_cookies(url: str, outbox: Path, who: str) -> str:
    origin = {"Origin": url}
    request(f"{url}/api/auth", method="POST", body={"username": who, "redirectTo": "/"}, headers=origin)
    token = sign_in_link_token(outbox, who)
    res = request(f"{url}/api/auth/magic-link", method="POST", body={"token": token}, headers=origin)
    # Only the access cookie: schemathesis keeps one cookie of a `Cookie:` header, and the
    # refresh cookie is not needed within the access token's lifetime.
    cookies = [h.split(";", 1)[0] for h in res.headers.get_all("Set-Cookie") or []]
    access = [c for c in cookies if "threshold-access=" in c]
    if not access:
        sys.exit("signing in set no access cookie")
    return access[0]


def staff_session(url: str, outbox: Path, args, env) -> str:
    """The conveyancer's access cookie, its session having proven the second factor."""
    cookie = session_cookies(url, outbox, CONVEYANCER)
    code = subprocess.run([args.bin, "demo-code"], env=env, check=True, capture_output=True, text=True).stdout.strip()
    res = request(
        f"{url}/api/staff/factor/verify",
        method="POST",
        body={"code": code},
        headers={"Origin": url, "Cookie": cookie},
    )
    if res.status != 204:
        sys.exit(f"the demo conveyancer's second factor was refused ({res.status})")
    return cookie


def schemathesis(url: str, name: str, headers: list[str], args, workdir: Path) -> tuple[bool, str]:
    report = workdir / f"{name}.json"
    cmd = [
        args.schemathesis, "--no-color", "--config-file", str(HERE / "schemathesis.toml"),
        "run", f"{url}/api/openapi.json",
        "--url", f"{url}/api",
        "--checks", "all",
        "--max-examples", str(args.max_examples),
        # One worker: Hypothesis describes its strategies with Python's `ast`, which is not
        # thread-safe ("AST constructor recursion depth mismatch" with two workers).
        "--workers", "1",
        "--seed", "20261124",
        *[x for h in headers for x in ("-H", h)],
    ]
    if name != "anonymous":
        # Ending the fuzzer's own session would turn the rest of the run into 401s.
        cmd += ["--exclude-path-regex", "^/auth/(logout|logout-all|sessions/.*)$"]
    started = time.time()
    done = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.time() - started
    (workdir / f"{name}.log").write_text(done.stdout + done.stderr)
    tail = done.stdout.strip().splitlines()
    summary = next((line for line in reversed(tail) if re.search(r"\b(passed|failed|errors?)\b", line)), "")
    ok = done.returncode == 0
    if not ok:
        print(done.stdout[-6000:])
    return ok, f"{name}: {summary.strip(' =')} in {seconds:.0f} s (log {workdir / (name + '.log')})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--postgres", help="a PostgreSQL URL for a database the run may drop and create")
    parser.add_argument("--schemathesis", default=shutil.which("schemathesis") or "schemathesis")
    parser.add_argument("--max-examples", type=int, default=25)
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="threshold-fuzz-"))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    database = args.postgres or f"sqlite://{workdir}/fuzz.db"
    env = {
        **os.environ,
        "DATABASE_URL": database,
        "DATA_DIR": str(workdir),
        "LISTEN_ADDR": f"127.0.0.1:{port}",
        "PUBLIC_URL": url,
        "DEMO": "true",
        "WORKER_POLL_MS": "100",
        "RATE_LIMIT_AUTH_PER_MINUTE": "100000",
        "RATE_LIMIT_REDEEM_PER_MINUTE": "100000",
        "EMAIL_MIN_INTERVAL_SECONDS": "0",
        "EMAIL_CAP_PER_DAY": "100000",
        "RUST_LOG": "error",
    }
    subprocess.run([args.bin, "demo", "--cases", "20"], env=env, check=True, capture_output=True)
    server = subprocess.Popen([args.bin, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=open(workdir / "server.log", "w"))
    try:
        wait_ready(url, server)
        cookie = session_cookies(url, workdir / "outbox", BROKER)
        me = json.load(request(f"{url}/api/auth/me", headers={"Cookie": cookie}))
        staff = staff_session(url, workdir / "outbox", args, env)
        db = "PostgreSQL" if args.postgres else "SQLite"
        results = [
            schemathesis(url, "anonymous", [f"Origin: {url}"], args, workdir),
            schemathesis(
                url,
                "broker",
                [f"Origin: {url}", f"Cookie: {cookie}", f"X-Knock-Token: {me['knockToken']}"],
                args,
                workdir,
            ),
            schemathesis(url, "conveyancer", [f"Origin: {url}", f"Cookie: {staff}"], args, workdir),
        ]
        for ok, line in results:
            print(f"[{db}] {'PASS' if ok else 'FAIL'} {line}")
        crashed = server.poll() is not None
        if crashed:
            print(f"[{db}] the server exited during the run: see {workdir / 'server.log'}")
        sys.exit(0 if all(ok for ok, _ in results) and not crashed else 1)
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
