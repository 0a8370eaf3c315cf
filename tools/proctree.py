"""proctree.py - kill a process and everything below it.

The kit's tools start their children in sessions of their own (so a
timeout or a stop can kill a child's whole group), which also means a
process group does not hold a child's own children: make equiv's engines,
a test script's make equiv. kill_tree walks /proc instead.
"""
import os
import signal


def children():
    """{ppid: [pids]} of every live process, read from /proc."""
    kids = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open("/proc/%s/stat" % d) as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(d))
    return kids


def descendants(pid):
    """Every live process below pid (children run in sessions of their own,
    so a process group does not hold them all), read from /proc."""
    kids = children()
    out, todo = [], [pid]
    while todo:
        for k in kids.get(todo.pop(), []):
            out.append(k)
            todo.append(k)
    return out


def kill_tree(pid):
    """SIGKILL pid, its process group and everything below it (killing
    make equiv's group alone left SymbiYosys and its solvers running for
    their own timeouts). The tree is stopped first, so nothing forks away
    between the scan and the kill."""
    seen = set()
    while True:
        new = [q for q in [pid] + descendants(pid) if q not in seen]
        if not new:
            break
        for q in new:
            try:
                os.kill(q, signal.SIGSTOP)
            except OSError:
                pass
        seen.update(new)
    for q in seen:
        for kill in (os.killpg, os.kill):
            try:
                kill(q, signal.SIGKILL)
            except OSError:
                pass


def kill_below(pid):
    """kill_tree of every child of pid: everything below it, pid itself
    spared (a tool stopping its own engines on a signal)."""
    for q in children().get(pid, []):
        kill_tree(q)
