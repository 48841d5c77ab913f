"""The state folder of one emulated device of scripts/ssh-lab (its running config, pending edit,
confirm timer), shared by the helpers that emulate a platform's transactions (eos-session.py,
nvue-config.py). Each write replaces the file whole (write then rename), so a command the device
refuses never leaves half a file behind; files are world-readable because the lab's device account
and the test runner are different users."""
import os


def path(db, name):
    return os.path.join(db, name)


def read(db, name):
    with open(path(db, name), encoding="utf-8") as f:
        return f.read()


def write(db, name, text):
    tmp = path(db, name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path(db, name))


def remove(db, *names):
    for n in names:
        try:
            os.remove(path(db, n))
        except FileNotFoundError:
            pass
