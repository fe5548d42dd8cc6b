"""Write the hand-made weekly regression weeks (activity logs, human notes, expectations).

Three weeks in log shapes the weekly run was not written for, each a folder that is a
memory root (`activity/`, `procedures/`) plus `expected.json`:

- `ops`: English and Japanese ops work by two agents with different loggers (one `bash`
  tool with `tool_result` exit codes; one `shell` tool with dict inputs, no `tool_result`,
  ending in `response_sent`), exploration noise in one task of a type, a retried step,
  failures, one-off tasks that share a generic `git pull`, a type with 2 successes and a
  type whose outcome is never logged.
- `humans`: a person's English and Japanese procedures in `procedures/`, and the same work
  done 3 times each, described in other words; plus one new kind of work.
- `paraphrased`: one kind of work phrased a new way every time (English credentials rotation,
  Japanese batch reruns) by a logger writing `tool_name` / `tool_input` dicts and `returncode`
  results, plus four one-off chores of one shape (`git pull`, `sed -i`, `git commit`, `git push`).
- `coder`: a coding agent that logs one tool per verb (`read_file`, `edit_file`, `run`,
  `git`) with `thought` events, the intent only on a `request` event, a failed test run
  retried, and noise steps in single tasks.

Run `python tests/data/weekly/build_weeks.py` to rewrite the folders (deterministic).
"""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
UNTIL = "2026-11-30"
T0 = datetime(2026, 11, 23, 8, 0, tzinfo=timezone.utc)


class Week:
    """Collects events and writes them as one JSONL file per UTC day."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.events: list[dict[str, Any]] = []
        self.files: dict[str, str] = {}

    def task(self, start: datetime, events: list[dict[str, Any]], task_id: str) -> None:
        t = start
        for e in events:
            self.events.append({"ts": t.isoformat(), "task_id": task_id, **e})
            t += timedelta(seconds=40)

    def write(self, expected: dict[str, Any]) -> None:
        out = HERE / self.name
        shutil.rmtree(out, ignore_errors=True)
        by_day: dict[str, list[str]] = {}
        for e in sorted(self.events, key=lambda e: e["ts"]):
            day = e["ts"][:10]
            by_day.setdefault(day, []).append(json.dumps(e, ensure_ascii=False) + "\n")
        (out / "activity").mkdir(parents=True)
        for day, lines in by_day.items():
            (out / "activity" / f"{day}.jsonl").write_text("".join(lines), encoding="utf-8")
        for rel, text in self.files.items():
            p = out / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
        expected = {"until": UNTIL, **expected}
        (out / "expected.json").write_text(
            json.dumps(expected, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return T0 + timedelta(days=day, hours=hour - 8, minutes=minute)


# -- ops ------------------------------------------------------------------------------------
def bash(cmd: str, code: int = 0, out: str = "") -> list[dict[str, Any]]:
    res: dict[str, Any] = {"type": "tool_result", "tool": "bash", "exit_code": code}
    if out:
        res["summary"] = out
    if code:
        res["outcome"] = "failure"
        res["error"] = out or f"exit {code}"
    return [{"type": "tool_use", "tool": "bash", "input": cmd}, res]


def restart(
    host: str, svc: str, *, noise: list[str] = (), retry: bool = False, fail: bool = False
) -> list[dict[str, Any]]:
    fqdn = f"{host}.prod.acme.net"
    ev: list[dict[str, Any]] = [
        {"type": "task_start", "summary": f"Restart the {svc} worker on {host}", "agent": "ops-bot"}
    ]
    for n in noise:
        ev += bash(n, 0, "...")
    if fail:
        ev += bash(
            f"ssh {fqdn} sudo systemctl restart acme-{svc}-worker",
            1,
            f"Job for acme-{svc}-worker.service failed",
        )
        ev.append({"type": "task_end", "outcome": "failure", "summary": "restart failed"})
        return ev
    ev += bash(f"ssh {fqdn} sudo systemctl restart acme-{svc}-worker")
    if retry:
        ev += bash(f"ssh {fqdn} systemctl is-active acme-{svc}-worker", 3, "activating")
    ev += bash(f"ssh {fqdn} systemctl is-active acme-{svc}-worker", 0, "active")
    ev += bash(f"curl -fsS http://{fqdn}:9100/healthz/{svc}", 0, "ok")
    ev.append({"type": "task_end", "outcome": "success", "summary": f"{svc} worker restarted on {host}"})
    return ev


def sales(day: int, *, noise: bool = False, fail: bool = False) -> list[dict[str, Any]]:
    d = f"2026-11-{day:02d}"
    ev: list[dict[str, Any]] = [
        {
            "type": "task_start",
            "summary": f"日次の売上レポートを作成して#salesに投稿する（11月{day}日分）",
            "agent": "jp-helper",
        },
        {
            "type": "tool_use",
            "tool": "shell",
            "input": {"command": f"python3 tools/sales_report.py --date {d} --format pdf"},
        },
    ]
    if noise:
        ev.append({"type": "tool_use", "tool": "shell", "input": {"command": "ls -la out/"}})
    ev.append(
        {
            "type": "tool_use",
            "tool": "shell",
            "input": {"command": f"slack-cli upload --channel '#sales' out/sales-{d}.pdf"},
        }
    )
    if fail:
        ev.append(
            {
                "type": "response_sent",
                "summary": "投稿に失敗しました: channel_not_found",
                "outcome": "failure",
            }
        )
    else:
        ev.append(
            {
                "type": "response_sent",
                "summary": f"{d}の売上レポートを#salesに投稿しました",
                "outcome": "success",
            }
        )
    return ev


def add_member(user: str, uid: int, group: str) -> list[dict[str, Any]]:
    api = "https://gitlab.acme.net/api/v4"
    return [
        {
            "type": "task_start",
            "summary": f"Add {user} to the {group} group on GitLab as a developer",
            "agent": "ops-bot",
        },
        {
            "type": "tool_use",
            "tool": "http",
            "input": {"method": "GET", "url": f"{api}/users?username={user}"},
        },
        {"type": "tool_result", "tool": "http", "summary": f'200 [{{"id": {uid}, "username": "{user}"}}]'},
        {
            "type": "tool_use",
            "tool": "http",
            "input": {
                "method": "POST",
                "url": f"{api}/groups/{group}/members",
                "body": f"user_id={uid}&access_level=30",
            },
        },
        {"type": "tool_result", "tool": "http", "summary": "201 Created"},
        {"type": "response_sent", "summary": f"Added {user} to {group} as Developer", "outcome": "success"},
    ]


def one_off(intent: str, cmds: list[str]) -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = [{"type": "task_start", "summary": intent, "agent": "ops-bot"}]
    for c in ["git pull", *cmds]:
        ev += bash(c, 0)
    ev.append({"type": "task_end", "outcome": "success"})
    return ev


def week_ops() -> None:
    w = Week("ops")
    w.task(at(0, 9), restart("app-3", "payments"), "ops-101")
    w.task(at(1, 10), restart("app-1", "emails", noise=["uptime", "ls /var/log/acme"]), "ops-102")
    w.task(at(2, 15), restart("app-4", "payments", fail=True), "ops-103")
    w.task(at(3, 11), restart("app-2", "exports", retry=True), "ops-104")
    w.task(at(0, 18), sales(22), "jp-201")
    w.task(at(1, 18), sales(23, noise=True), "jp-202")
    w.task(at(2, 18), sales(24, fail=True), "jp-203")
    w.task(at(3, 18), sales(25), "jp-204")
    w.task(at(4, 18), sales(26), "jp-205")
    w.task(at(0, 13), add_member("jdoe", 4711, "platform"), "ops-301")
    w.task(at(2, 9), add_member("akim", 5120, "data"), "ops-302")
    w.task(at(4, 14), add_member("mrossi", 6033, "mobile"), "ops-303")
    w.task(
        at(1, 14),
        one_off(
            "Fix the typo in the contributing guide",
            ["sed -i 's/recieve/receive/' CONTRIBUTING.md", "git commit -am 'Fix typo'"],
        ),
        "ops-401",
    )
    w.task(
        at(2, 11),
        one_off("Investigate the flaky integration test in CI", ["pytest tests/integration -x -q"]),
        "ops-402",
    )
    w.task(
        at(3, 16),
        one_off(
            "Update the on-call rota for December", ["vim oncall/rota.yaml", "git commit -am 'December rota'"]
        ),
        "ops-403",
    )
    w.task(
        at(5, 10),
        one_off("Write the release notes for version 3.2", ["git log --oneline v3.1..HEAD"]),
        "ops-404",
    )
    for n, (f, d) in enumerate([("config/app.yaml", 1), ("data/seed.sql", 4)]):
        w.task(
            at(d, 20),
            [{"type": "task_start", "summary": f"Restore {f} from last night's backup"}]
            + bash(f"restic restore latest --target /srv --include {f}")
            + [{"type": "task_end", "outcome": "success"}],
            f"ops-50{n}",
        )
    for n, site in enumerate(["docs", "shop", "blog"]):
        w.task(
            at(n + 1, 7),
            [{"type": "task_start", "summary": f"Purge the CDN cache for the {site} site"}]
            + [
                {"type": "tool_use", "tool": "bash", "input": f"cdnctl purge --site {site}.acme.net --all"},
                {"type": "task_end"},
            ],
            f"ops-60{n}",
        )
    w.write(
        {
            "procedures": [
                {
                    "type": "restart worker",
                    "sources": ["ops-101", "ops-102", "ops-104"],
                    "must_contain": [
                        "ssh ",
                        ".prod.acme.net sudo systemctl restart acme-",
                        "-worker",
                        ".prod.acme.net:9100/healthz/",
                        "systemctl is-active acme-",
                    ],
                    "must_not_contain": [
                        "uptime",
                        "ls /var/log",
                        "payments",
                        "emails",
                        "exports",
                        "app-3",
                        "app-1",
                        "app-2",
                    ],
                },
                {
                    "type": "daily sales report (ja)",
                    "sources": ["jp-201", "jp-202", "jp-204", "jp-205"],
                    "must_contain": [
                        "python3 tools/sales_report.py --date ",
                        " --format pdf",
                        "slack-cli upload --channel '#sales' out/sales-",
                        ".pdf",
                        "売上レポート",
                    ],
                    "must_not_contain": ["ls -la", "2026-11-22", "2026-11-25", "11月22日", "11月26日"],
                },
                {
                    "type": "add gitlab member",
                    "sources": ["ops-301", "ops-302", "ops-303"],
                    "must_contain": [
                        "https://gitlab.acme.net/api/v4/users?username=",
                        "https://gitlab.acme.net/api/v4/groups/",
                        "/members",
                        "access_level=30",
                    ],
                    "must_not_contain": ["jdoe", "akim", "mrossi", "4711", "platform", "mobile"],
                },
            ],
            "review_items": [],
        }
    )


# -- humans ---------------------------------------------------------------------------------
TLS_HUMAN = """---
description: Renew an expiring TLS certificate on a load balancer
origin: human
tags: [tls, ops]
---

# Renew the TLS certificate

1. On the load balancer, run `sudo certbot renew --cert-name <host>.acme.net`.
2. Check the nginx configuration: `sudo nginx -t`.
3. Reload nginx: `sudo systemctl reload nginx`.
4. Confirm the new expiry date with `openssl s_client -connect <host>.acme.net:443`.
"""

VPN_HUMAN = """---
description: VPNクライアント証明書の再発行手順
origin: human
---

# VPNクライアント証明書を再発行する

1. 古い証明書を失効させる: `vpnctl revoke --user <ユーザー名>`
2. 新しい証明書を発行する（有効期間365日）: `vpnctl issue --user <ユーザー名> --days 365`
3. 発行された `.ovpn` ファイルを本人にメールで送る。
"""


def terminal(cmd: str) -> dict[str, Any]:
    return {"type": "tool_use", "tool": "terminal", "input": cmd}


def tls(host: str) -> list[dict[str, Any]]:
    fq = f"{host}.acme.net"
    return [
        {"type": "task_start", "summary": f"The HTTPS cert on {host} expires next week, get a fresh one"},
        {"type": "thought", "summary": "certbot is installed on the balancer; renew, test nginx, reload"},
        terminal(f"ssh {fq} 'sudo certbot renew --cert-name {fq}'"),
        terminal(f"ssh {fq} 'sudo nginx -t'"),
        terminal(f"ssh {fq} 'sudo systemctl reload nginx'"),
        terminal(
            f"openssl s_client -connect {fq}:443 -servername {fq} </dev/null | openssl x509 -noout -enddate"
        ),
        {"type": "task_end", "outcome": "success"},
    ]


def vpn(name: str, person: str) -> list[dict[str, Any]]:
    return [
        {"type": "task_start", "summary": f"{person}さんのVPN証明書が切れたので作り直して送る"},
        terminal(f"vpnctl revoke --user {name}"),
        terminal(f"vpnctl issue --user {name} --days 365 --out /tmp/{name}.ovpn"),
        terminal(f"mail -s 'VPN設定ファイル' -A /tmp/{name}.ovpn {name}@acme.example"),
        {"type": "task_end", "outcome": "success"},
    ]


def scale(svc: str, n: int) -> list[dict[str, Any]]:
    return [
        {"type": "task_start", "summary": f"Scale the {svc} deployment to {n} replicas for the weekend sale"},
        terminal(f"kubectl -n shop scale deployment/{svc} --replicas={n}"),
        terminal(f"kubectl -n shop rollout status deployment/{svc} --timeout=120s"),
        {"type": "task_end", "outcome": "success"},
    ]


def week_humans() -> None:
    w = Week("humans")
    w.files["procedures/tls-renew.md"] = TLS_HUMAN
    w.files["procedures/vpn-certificate-reissue.md"] = VPN_HUMAN
    for n, h in enumerate(["lb1", "lb2", "lb3"]):
        w.task(at(n, 9 + n), tls(h), f"h-tls-{n + 1}")
    for n, (name, person) in enumerate([("tanaka", "田中"), ("sato", "佐藤"), ("suzuki", "鈴木")]):
        w.task(at(n + 2, 14), vpn(name, person), f"h-vpn-{n + 1}")
    for n, (svc, k) in enumerate([("checkout", 12), ("search", 8), ("cart", 10)]):
        w.task(at(n + 1, 20), scale(svc, k), f"h-scale-{n + 1}")
    w.write(
        {
            "procedures": [
                {
                    "type": "scale deployment",
                    "sources": ["h-scale-1", "h-scale-2", "h-scale-3"],
                    "must_contain": [
                        "kubectl -n shop scale deployment/",
                        "--replicas=",
                        "kubectl -n shop rollout status deployment/",
                        "--timeout=120s",
                    ],
                    "must_not_contain": ["checkout", "cart", "replicas=12", "replicas=8"],
                },
            ],
            "review_items": [
                {"target": "procedures/tls-renew.md", "sources": ["h-tls-1", "h-tls-2", "h-tls-3"]},
                {
                    "target": "procedures/vpn-certificate-reissue.md",
                    "sources": ["h-vpn-1", "h-vpn-2", "h-vpn-3"],
                },
            ],
            "unchanged": ["procedures/tls-renew.md", "procedures/vpn-certificate-reissue.md"],
        }
    )


# -- coder ----------------------------------------------------------------------------------
def release(
    v: str, *, noise: str = "", failing_tests: bool = False, fail: bool = False
) -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = [
        {"type": "request", "summary": f"Cut release {v}: bump the version, update the changelog and tag it"},
        {
            "type": "thought",
            "summary": "The version lives in pyproject.toml; the changelog needs a new section",
        },
        {"type": "tool_use", "tool": "read_file", "input": {"path": "pyproject.toml"}},
    ]
    if noise == "readme":
        ev.append({"type": "tool_use", "tool": "read_file", "input": {"path": "README.md"}})
    ev.append(
        {
            "type": "tool_use",
            "tool": "edit_file",
            "input": {"path": "pyproject.toml", "replace": f'version = "{v}"'},
        }
    )
    ev.append(
        {"type": "tool_use", "tool": "edit_file", "input": {"path": "CHANGELOG.md", "insert": f"## {v}"}}
    )
    if noise == "ls":
        ev.append({"type": "tool_use", "tool": "run", "input": {"cmd": "ls"}})
    if failing_tests:
        ev.append({"type": "tool_use", "tool": "run", "input": {"cmd": "pytest -q"}})
        ev.append(
            {
                "type": "tool_result",
                "tool": "run",
                "outcome": "failure",
                "error": "1 failed: test_version_matches",
            }
        )
        ev.append({"type": "thought", "summary": "the version test reads __init__.py too"})
        ev.append(
            {
                "type": "tool_use",
                "tool": "edit_file",
                "input": {"path": "src/acme/__init__.py", "replace": f'__version__ = "{v}"'},
            }
        )
    ev.append({"type": "tool_use", "tool": "run", "input": {"cmd": "pytest -q"}})
    if fail:
        ev.append({"type": "tool_result", "tool": "run", "outcome": "failure", "error": "3 failed"})
        ev.append({"type": "task_end", "outcome": "failure", "summary": "tests fail, release abandoned"})
        return ev
    ev.append({"type": "tool_result", "tool": "run", "summary": "212 passed"})
    ev.append({"type": "tool_use", "tool": "git", "input": {"args": f"commit -am 'Release {v}'"}})
    ev.append({"type": "tool_use", "tool": "git", "input": {"args": f"tag -a v{v} -m 'Release {v}'"}})
    ev.append({"type": "tool_use", "tool": "git", "input": {"args": "push origin main --follow-tags"}})
    ev.append({"type": "task_end", "outcome": "success"})
    return ev


def lint(module: str, files: list[str]) -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = [
        {"type": "request", "summary": f"Fix the ruff errors in the {module} module"},
        {"type": "tool_use", "tool": "run", "input": {"cmd": f"ruff check src/acme/{module}"}},
        {"type": "tool_result", "tool": "run", "outcome": "failure", "error": f"{len(files)} errors"},
    ]
    for f in files:
        ev.append({"type": "tool_use", "tool": "edit_file", "input": {"path": f"src/acme/{module}/{f}"}})
    ev.append({"type": "tool_use", "tool": "run", "input": {"cmd": f"ruff check src/acme/{module}"}})
    ev.append({"type": "tool_result", "tool": "run", "summary": "All checks passed!"})
    ev.append(
        {"type": "tool_use", "tool": "git", "input": {"args": f"commit -am 'Fix ruff errors in {module}'"}}
    )
    ev.append({"type": "task_end", "outcome": "success"})
    return ev


def week_coder() -> None:
    w = Week("coder")
    w.task(at(0, 10), release("3.4.1"), "c-rel-1")
    w.task(at(1, 10), release("3.4.2", noise="readme", failing_tests=True), "c-rel-2")
    w.task(at(2, 10), release("3.5.0", fail=True), "c-rel-3")
    w.task(at(3, 10), release("3.5.1", noise="ls"), "c-rel-4")
    w.task(at(0, 15), lint("billing", ["invoice.py", "tax.py"]), "c-lint-1")
    w.task(at(2, 15), lint("search", ["query.py"]), "c-lint-2")
    w.task(at(4, 15), lint("auth", ["tokens.py", "session.py", "views.py"]), "c-lint-3")
    w.write(
        {
            "procedures": [
                {
                    "type": "release",
                    "sources": ["c-rel-1", "c-rel-2", "c-rel-4"],
                    "must_contain": [
                        "pyproject.toml",
                        'version = "',
                        "CHANGELOG.md",
                        "pytest -q",
                        "commit -am 'Release ",
                        "tag -a v",
                        "push origin main --follow-tags",
                    ],
                    "must_not_contain": ["README.md", "`ls`", "3.4.1", "3.4.2", "3.5.1", "__init__.py"],
                },
                {
                    "type": "lint",
                    "sources": ["c-lint-1", "c-lint-2", "c-lint-3"],
                    "must_contain": ["ruff check src/acme/", "commit -am 'Fix ruff errors in "],
                    "must_not_contain": ["billing", "search", "auth", "invoice.py", "tokens.py"],
                },
            ],
            "review_items": [],
        }
    )


# -- bilingual ------------------------------------------------------------------------------
def rotate_logs(host: str, intent: str) -> list[dict[str, Any]]:
    return [
        {"type": "task_start", "summary": intent},
        {"type": "tool_use", "tool": "ssh", "input": f"{host} sudo logrotate -f /etc/logrotate.d/acme"},
        {"type": "tool_use", "tool": "ssh", "input": f"{host} sudo systemctl kill -s HUP acme-api"},
        {"type": "tool_use", "tool": "ssh", "input": f"{host} df -h /var/log"},
        {"type": "task_end", "outcome": "success"},
    ]


def week_bilingual() -> None:
    w = Week("bilingual")
    en = [
        ("web-1", "Force a log rotation on web-1 and free the disk"),
        ("web-4", "Force a log rotation on web-4 and free the disk"),
        ("web-7", "Force a log rotation on web-7 and free the disk"),
    ]
    ja = [
        ("web-2", "web-2のログを強制ローテーションしてディスクを空ける"),
        ("web-5", "web-5のログを強制ローテーションしてディスクを空ける"),
        ("web-9", "web-9のログを強制ローテーションしてディスクを空ける"),
    ]
    for n, (host, intent) in enumerate(en):
        w.task(at(n, 9), rotate_logs(host, intent), f"b-en-{n + 1}")
    for n, (host, intent) in enumerate(ja):
        w.task(at(n + 1, 16), rotate_logs(host, intent), f"b-ja-{n + 1}")
    w.write(
        {
            "procedures": [
                {
                    "type": "rotate logs (en)",
                    "sources": ["b-en-1", "b-en-2", "b-en-3"],
                    "must_contain": [
                        "sudo logrotate -f /etc/logrotate.d/acme",
                        "sudo systemctl kill -s HUP acme-api",
                        "df -h /var/log",
                    ],
                    "must_not_contain": ["web-1", "web-4", "web-7"],
                },
            ],
            "review_items": [
                {
                    "target": "procedures/force-a-log-rotation-on-web-number-and-free-the-disk.md",
                    "sources": ["b-ja-1", "b-ja-2", "b-ja-3"],
                }
            ],
        }
    )


# -- paraphrased ----------------------------------------------------------------------------
def cli(cmd: str, rc: int = 0) -> list[dict[str, Any]]:
    """A logger that writes `tool_name` / `tool_input` dicts and a `returncode` result."""
    return [
        {"type": "tool_use", "tool_name": "cli", "tool_input": {"command": cmd}},
        {"type": "tool_result", "tool_name": "cli", "returncode": rc},
    ]


def rotate_key(svc: str, intent: str, noise: bool = False) -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = [{"type": "task_start", "summary": intent}]
    if noise:
        ev += cli("kubectl -n prod get pods")
    ev += cli(f"vault write -f auth/approle/role/{svc}/secret-id")
    ev += cli(f"kubectl -n prod rollout restart deployment/{svc}")
    ev += cli(f"kubectl -n prod rollout status deployment/{svc} --timeout=180s")
    ev += cli(f"curl -fsS https://{svc}.internal.acme.io/healthz")
    return [*ev, {"type": "task_end", "outcome": "success"}]


def rerun_batch(job: str, day: str, intent: str) -> list[dict[str, Any]]:
    return [
        {"type": "task_start", "summary": intent},
        *cli(f"airflow dags trigger nightly_{job} -e {day}"),
        *cli(f"airflow dags state nightly_{job} {day}"),
        {"type": "response_sent", "summary": f"nightly_{job} {day} を再実行しました", "outcome": "success"},
    ]


def chore(intent: str, path: str, expr: str) -> list[dict[str, Any]]:
    return [
        {"type": "task_start", "summary": intent},
        *cli("git pull --rebase"),
        *cli(f"sed -i '{expr}' {path}"),
        *cli(f"git commit -am '{intent}'"),
        *cli("git push"),
        {"type": "task_end", "outcome": "success"},
    ]


def week_paraphrased() -> None:
    """One kind of work phrased a new way every time (EN and JA); one-offs of one shape."""
    w = Week("paraphrased")
    keys = [
        ("payments", "Rotate the payments API credentials", False),
        ("billing", "billing's secret is 90 days old, give it a new one", True),
        ("notifier", "Key rotation for notifier please", False),
        ("search", "search needs fresh app credentials before the audit", False),
    ]
    for n, (svc, intent, noise) in enumerate(keys):
        w.task(at(n, 10), rotate_key(svc, intent, noise), f"p-key-{n + 1}")
    batches = [
        ("billing", "2026-11-23", "昨夜の請求バッチが落ちたので再実行してください"),
        ("stock", "2026-11-24", "在庫の集計ジョブ（11/24分）をもう一度流す"),
        ("points", "2026-11-26", "ポイント日次バッチ再実行お願いします"),
    ]
    for n, (job, day, intent) in enumerate(batches):
        w.task(at(n + 1, 15), rerun_batch(job, day, intent), f"p-batch-{n + 1}")
    chores = [
        ("Fix the typo in the onboarding guide", "docs/onboarding.md", "s/teh/the/"),
        ("Bump the copyright year in LICENSE", "LICENSE", "s/2025/2026/"),
        ("Set the default log level to info", "config/app.yaml", "s/debug/info/"),
        ("Drop the old staging URL from the README", "README.md", "/old-staging/d"),
    ]
    for n, (intent, path, expr) in enumerate(chores):
        w.task(at(n, 13), chore(intent, path, expr), f"p-chore-{n + 1}")
    w.write(
        {
            "procedures": [
                {
                    "type": "rotate a service's credentials",
                    "paraphrased": True,
                    "sources": ["p-key-1", "p-key-2", "p-key-3", "p-key-4"],
                    "must_contain": [
                        "vault write -f auth/approle/role/",
                        "/secret-id",
                        "kubectl -n prod rollout restart deployment/",
                        "--timeout=180s",
                        ".internal.acme.io/healthz",
                    ],
                    "must_not_contain": ["payments", "billing", "notifier", "search", "get pods"],
                },
                {
                    "type": "rerun a nightly batch (ja)",
                    "paraphrased": True,
                    "sources": ["p-batch-1", "p-batch-2", "p-batch-3"],
                    "must_contain": [
                        "airflow dags trigger nightly_{nightly} -e {date}",
                        "airflow dags state nightly_{nightly} {date}",
                    ],
                    "must_not_contain": ["stock", "points", "2026-11-24", "2026-11-26"],
                },
            ],
            "review_items": [],
        }
    )


if __name__ == "__main__":
    week_paraphrased()
    week_ops()
    week_humans()
    week_coder()
    week_bilingual()
