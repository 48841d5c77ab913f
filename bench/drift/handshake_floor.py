"""The SSH handshake floor of ncclient's transport (paramiko): TCP connect, key exchange, host-key check
against the lab's known_hosts, public-key user auth, close; no channel, no NETCONF. Prints the client CPU
per session (process time, after warm-up sessions) and the wall time per session.

    python3 handshake_floor.py USER KEY KNOWN_HOSTS SESSIONS WARMUP PORT...
"""
import socket
import sys
import time

import paramiko

user, key_file, known_file = sys.argv[1], sys.argv[2], sys.argv[3]
sessions, warmup, ports = int(sys.argv[4]), int(sys.argv[5]), [int(p) for p in sys.argv[6:]]
known = paramiko.HostKeys(known_file)
key = paramiko.RSAKey.from_private_key_file(key_file)


def handshake(port):
    sock = socket.create_connection(("127.0.0.1", port), timeout=60)
    transport = paramiko.Transport(sock)
    try:
        transport.start_client(timeout=60)
        server_key = transport.get_remote_server_key()
        entry = known.lookup("[127.0.0.1]:%d" % port) or known.lookup("127.0.0.1")
        if entry is None or entry.get(server_key.get_name()) != server_key:
            raise SystemExit("host key of port %d is not the one in %s" % (port, known_file))
        transport.auth_publickey(user, key)
        if not transport.is_authenticated():
            raise SystemExit("not authenticated on port %d" % port)
    finally:
        transport.close()


for n in range(warmup):
    handshake(ports[n % len(ports)])
cpu0, wall0 = time.process_time(), time.monotonic()
for n in range(sessions):
    handshake(ports[n % len(ports)])
cpu, wall = time.process_time() - cpu0, time.monotonic() - wall0
print("paramiko %d sessions: client CPU %.2f ms/session, wall %.2f ms/session" % (sessions, 1000 * cpu / sessions, 1000 * wall / sessions))
