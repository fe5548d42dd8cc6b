"""Pasted shell history in a procedure: one command per step.

A person pastes what they typed (`$ ssh edge-1`, `# systemctl restart nginx`, `PS> Restart-Service W3SVC`,
`user@host:~$ …`, or bare lines that are plainly commands: `sudo certbot renew`, `kubectl get pods`). Read as
prose, such lines were one paragraph, so the whole session became one step. Here a run of two or more such
lines in a paragraph becomes a numbered list, one command per step, the prompt mark removed and the command
in backticks. A remark among them (`(same on edge-2)`, `$ # note`) is a note, not a step: it stays, as
written, after the steps. A paragraph with anything else in it (program output such as `npm ERR! …`, a
sentence) is left as it was, and so is a fenced block: it already shows one command a line, and may hold
output a list would lose.
"""

from __future__ import annotations

import re

# `$ `, `PS> `, `PS C:\x> `, `C:\x> `, `user@host:~$ `, `[user@host ~]# `: a prompt whatever follows
PROMPT = re.compile(
    r"^\s*(?:(?:\[[^\]\n]{1,60}\]|[\w.-]+@[\w.-]+(?::[^\s$#>]*)?)\s*[$#%]|\$|"
    r"PS(?:\s+[A-Za-z]:\\[^>\n]*)?>|[A-Za-z]:\\[^>\n]*>)\s+(?=\S)"
)
# `# `, `% `, `> `: a prompt only before a command (`> ` also quotes a mail, `# ` opens a heading)
SHORT_PROMPT = re.compile(r"^\s*[#%>]\s+(?=\S)")
# first words that make a bare line plainly a command (a line of prose seldom opens with them)
COMMANDS = frozenset(
    """
    sudo ssh scp rsync kubectl k9s helm docker podman git gh systemctl journalctl service apt apt-get yum dnf
    brew pip pip3 npm npx yarn pnpm cargo go make cmake curl wget cd ls cp mv rm mkdir chmod chown cat tail
    head grep sed awk find tar unzip ln export source psql pg_dump pg_restore pg_basebackup pgbackrest mysql
    redis-cli mongosh aws gcloud az terraform ansible ansible-playbook vault consul nomad certbot nginx
    openssl python python3 node ruby bundle rake java mvn gradle dotnet kill pkill killall ps top df du free
    mount umount crontab chroot su passwd useradd usermod ufw iptables ip ping dig nslookup traceroute
    docker-compose minikube kind eksctl oc flux argocd Get-Service Restart-Service Set-ExecutionPolicy
    Install-Module Stop-Service Start-Service winget choco
    """.split()  # noqa: SIM905 - a word list reads better as text
)
_PROSE_NEXT = frozenset(
    [
        "to",
        "the",
        "a",
        "an",
        "is",
        "was",
        "are",
        "were",
        "and",
        "or",
        "on",
        "in",
        "for",
        "of",
        "with",
        "into",
        "it",
        "this",
        "that",
        "then",
        "when",
        "if",
        "because",
    ]
)
_FENCE = re.compile(r"^\s*(```+|~~~+)\s*([\w+-]*)\s*$")
_COMMENT = re.compile(r"^\s*(?:\$\s+)?#\s+(?=\S)")
_REMARK = re.compile(r"^\s*[(（].*[)）]\s*$")


def _bare_command(line: str) -> bool:
    """A line without a prompt that is plainly a command (`sudo systemctl reload nginx`)."""
    words = line.split()
    if not words or words[0] not in COMMANDS or line.rstrip().endswith((".", "。", ":", "：")):
        return False
    if any(w.endswith("!") for w in words) or (len(words) > 1 and re.fullmatch(r"[A-Z]{2,}:?", words[1])):
        return False  # `npm ERR! code EACCES` is output
    return len(words) == 1 or words[1].lower() not in _PROSE_NEXT


def _prompted(line: str, fenced: bool) -> str | None:
    """The command after a prompt mark, or None (a `# comment` inside a fence is a remark)."""
    m = PROMPT.match(line)
    if m:
        return None if line[m.end() :].startswith("#") else line[m.end() :]  # `$ # note` is a remark
    m = SHORT_PROMPT.match(line)
    if m and not (fenced and line.lstrip().startswith("#")) and _commandish(line[m.end() :]):
        return line[m.end() :]
    return None


def _commandish(rest: str) -> bool:
    words = rest.split()
    if _bare_command(rest):
        return True
    return (
        bool(words)
        and bool(re.fullmatch(r"[a-z0-9_./-]+", words[0]))
        and not rest.rstrip().endswith((".", ":", "?", "!"))
        and (len(words) == 1 or words[1].lower() not in _PROSE_NEXT)
        and bool(re.search(r"(?:^|\s)-{1,2}\w|/|=|\||&&", rest))
    )


def _step(command: str) -> str:
    command = command.strip()
    return command if "`" in command else f"`{command}`"


def _session(lines: list[str], fenced: bool) -> tuple[list[str], list[str]] | None:
    """(commands, remarks) when every line is a command or a remark and at least two are commands."""
    commands: list[str] = []
    remarks: list[str] = []
    prompted = sum(1 for ln in lines if _prompted(ln, fenced) is not None)
    for line in lines:
        command = _prompted(line, fenced)
        if command is not None:
            commands.append(command)
        elif _REMARK.match(line) or (fenced and _COMMENT.match(line)):
            remarks.append(line.strip())
        elif not prompted and _bare_command(line.strip()):
            commands.append(line.strip())
        else:
            return None  # output or prose: not a session to renumber
    return (commands, remarks) if len(commands) >= 2 else None


def _as_steps(commands: list[str], remarks: list[str]) -> list[str]:
    out = [f"{i}. {_step(c)}" for i, c in enumerate(commands, 1)]
    return [*out, "", *remarks] if remarks else out


def shell_steps(text: str) -> str:
    """`text` with each pasted shell session (a paragraph, or a fence holding only commands) as numbered
    steps, one command each; everything else as it was."""
    lines = text.splitlines()
    out: list[str] = []
    para: list[str] = []

    def flush() -> None:
        for lead in range(min(len(para), 3)):  # a line that says what the commands do, then the commands
            found = _session(para[lead:], fenced=False)
            if found:
                out.extend([*para[:lead], *([""] if lead else []), *_as_steps(*found)])
                break
        else:
            out.extend(para)
        para.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        if fence:  # a fenced session is already one command a line, and may hold output: left as written
            flush()
            end = next(
                (j for j in range(i + 1, len(lines)) if lines[j].strip().startswith(fence.group(1)[:3])),
                len(lines),
            )
            out.extend(lines[i : end + 1])
            i = end + 1
            continue
        if line.strip():
            para.append(line)
        else:
            flush()
            out.append(line)
        i += 1
    flush()
    return "\n".join(out)


_SHELL_LANGS = frozenset(
    [
        "bash",
        "sh",
        "shell",
        "zsh",
        "fish",
        "console",
        "shell-session",
        "sh-session",
        "powershell",
        "ps1",
        "pwsh",
    ]
)


def code_steps(block: str) -> list[str]:
    """A fenced block's commands as steps, one command each; a `# comment` above a command is that step's
    words (`Tag the release: \\`git tag v1\\``). A block that is not shell (Python, YAML, output) gives none."""
    lines = block.splitlines()
    fence = _FENCE.match(lines[0]) if lines else None
    if not fence:
        return []
    shell = fence.group(2).lower() in _SHELL_LANGS
    steps: list[str] = []
    said: list[str] = []
    for line in lines[1:]:
        if _FENCE.match(line) and not line.strip()[3:].strip():
            break
        text = line.strip()
        if not text:
            continue
        comment = _COMMENT.match(line)
        if comment:
            said.append(
                re.sub(r"^\d+[.)]\s+", "", line[comment.end() :].strip())
            )  # "# 1. stop it": its words
            continue
        command = _prompted(line, fenced=True)
        if command is None and (shell or _bare_command(text)):
            command = text
        if command is None:
            continue  # output under a prompted command
        words = " ".join(said).rstrip(":：")
        steps.append(f"{words}: {_step(command)}" if words else _step(command))
        said.clear()
    return steps
