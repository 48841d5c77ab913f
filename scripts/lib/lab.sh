# shellcheck shell=bash
# lab.sh - the shell the project's lab scripts share (scripts/netconf-lab, scripts/ssh-lab,
# scripts/lldp-lab, scripts/ib-lab): logging, recognising our own processes, loopback ports, the lab
# user and its password, SSH keys, a private sshd with its connection files, and stopping what a lab
# recorded. Sourced, never run. The sourcing script sets PROG (its name in messages) and, for the SSH
# parts, LAB_USER, GECOS_MARK (what marks the lab user as ours), LAB_HOME (where the password lives),
# SSHD and TIMEOUT_BIN; OTHER_TEST_MARK optionally names another mark to accept.

die() { echo "$PROG: error: $*" >&2; exit 1; }
log() { echo "$PROG: $*" >&2; }

# usage: the script's leading comment block, as its help
usage() {
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2
    exit 2
}

# ------------------------------------------------------------------ processes
# pid_ours PID EXE DIR: alive, not a zombie, running EXE, and its command line mentions DIR/,
# so a recycled PID is never taken for one of ours.
pid_ours() {
    local pid=$1 exe=$2 dir=$3
    [[ $pid =~ ^[0-9]+$ ]] && [ -d "/proc/$pid" ] || return 1
    [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$exe" ] || return 1
    { tr '\0' ' ' < "/proc/$pid/cmdline"; } 2>/dev/null | grep -qF -- "$dir/" || return 1
    [ "$({ awk '{print $3}' "/proc/$pid/stat"; } 2>/dev/null)" != Z ]
}

recorded_pid() {  # recorded_pid PIDFILE EXE DIR: prints the PID when it is ours and alive
    local pid
    [ -f "$1" ] || return 1
    pid=$(tr -dc '0-9' < "$1") || return 1
    pid_ours "$pid" "$2" "$3" || return 1
    echo "$pid"
}

# stop_recorded ALIVE_FN SIGNAL_FN DIR...: SIGNAL_FN DIR TERM for every DIR, wait up to 10 s while
# ALIVE_FN DIR says something of DIR still runs, then SIGNAL_FN DIR KILL for what is left.
stop_recorded() {
    local alive=$1 signal=$2 d left; shift 2
    for d in "$@"; do "$signal" "$d" TERM; done
    for _ in $(seq 1 100); do
        left=0
        for d in "$@"; do "$alive" "$d" && left=1; done
        [ $left = 0 ] && break
        sleep 0.1
    done
    for d in "$@"; do
        if "$alive" "$d"; then
            log "$(basename "$d"): still running 10 s after SIGTERM; sending SIGKILL"
            "$signal" "$d" KILL
            sleep 0.2
        fi
    done
}

# ------------------------------------------------------------------ network
port_busy() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

is_loopback() {
    case $1 in
        ::1) return 0 ;;
        127.*) [[ $1 =~ ^127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$ ]] ;;
        *) return 1 ;;
    esac
}

# pick_base HOST N LOW: a base port in LOW..LOW+20000 with N free ports after it, from a spread-out
# start so labs started at the same time rarely collide.
pick_base() {
    local host=$1 n=$2 low=$3 base i free
    base=$(( low + (RANDOM * 32768 + RANDOM + $$) % 20000 ))
    for _ in $(seq 1 200); do
        free=1
        for ((i = 0; i < n; i++)); do
            port_busy "$host" $((base + i)) && { free=0; break; }
        done
        [ $free = 1 ] && { echo "$base"; return 0; }
        base=$(( base + n + 7 )); [ $base -gt $((low + 20000)) ] && base=$low
    done
    return 1
}

# check_start_args N BASE: N devices 1..64; BASE empty or leaving N ports within 1024..65535
check_start_args() {
    local n=$1 base=$2
    if ! [[ $n =~ ^[0-9]+$ ]] || [ "$n" -lt 1 ] || [ "$n" -gt 64 ]; then
        die "N must be 1..64, got: $n"
    fi
    if [ -n "$base" ]; then
        if ! [[ $base =~ ^[0-9]+$ ]] || [ "$base" -lt 1024 ] || [ $((base + n - 1)) -gt 65535 ]; then
            die "BASE_PORT must leave N ports within 1024..65535, got: $base"
        fi
    fi
}

# state_dir DIR: creates DIR and prints its physical path, which must be plain (it lands in configs)
state_dir() {
    mkdir -p "$1" || die "cannot create $1"
    local st; st=$(cd "$1" && pwd -P)
    [[ $st =~ ^[A-Za-z0-9._/+-]+$ ]] || die "STATE_DIR path must not contain spaces or special characters: $st"
    echo "$st"
}

# ------------------------------------------------------------------ the lab user
lab_password() {  # the lab user's password: one per machine, generated once
    mkdir -p "$LAB_HOME" && chmod 700 "$LAB_HOME"
    if [ ! -s "$LAB_HOME/password" ]; then
        (umask 077; head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 24 > "$LAB_HOME/password.tmp") \
            && mv "$LAB_HOME/password.tmp" "$LAB_HOME/password"
    fi
    cat "$LAB_HOME/password"
}

ensure_user() {  # ensure_user PASSWORD
    if ! id "$LAB_USER" >/dev/null 2>&1; then
        # a real shell: sshd runs the forced command or subsystem as `shell -c ...`
        useradd --system --no-create-home --home-dir /nonexistent --shell /bin/sh \
                --user-group --comment "$GECOS_MARK" "$LAB_USER" 2>/dev/null \
            || id "$LAB_USER" >/dev/null 2>&1 || die "useradd $LAB_USER failed"
        log "created system user $LAB_USER"
    fi
    getent passwd "$LAB_USER" | cut -d: -f5 | grep -qF -e "$GECOS_MARK" -e "${OTHER_TEST_MARK:-$GECOS_MARK}" \
        || die "user $LAB_USER exists but was not created by $PROG; not touching its password"
    echo "$LAB_USER:$1" | chpasswd || die "chpasswd failed"
}

# prepared_password: the lab user made ready under the machine-wide lock; prints its password
prepared_password() {
    local pw
    pw=$(
        exec 9>"$LAB_HOME.lock" 2>/dev/null || exec 9>/dev/null
        flock -w 60 9
        p=$(lab_password) && ensure_user "$p" && echo "$p"
    ) || die "could not prepare user $LAB_USER"
    [ -n "$pw" ] || die "empty password for $LAB_USER"
    echo "$pw"
}

# ------------------------------------------------------------------ keys and sshd
keygen() {  # keygen TYPE FILE [extra args]: once; kept so known_hosts stays valid
    local type=$1 file=$2; shift 2
    [ -f "$file" ] && return 0
    ssh-keygen -q -t "$type" "$@" -N '' -C "weft $PROG" -f "$file" || die "ssh-keygen $type failed"
}

# client_keys STATE RUN: the lab's shared client keys in STATE, RSA in PEM (every client, MINA without
# extra providers) and ed25519, authorised in RUN, a short public folder the lab user can read
# (STATE_DIR may be 0700, from mktemp -d, and long: AF_UNIX paths stop at 108 bytes).
client_keys() {
    local st=$1 run=$2
    umask 077
    keygen ed25519 "$st/client_ed25519"
    keygen rsa "$st/client_rsa" -b 2048 -m PEM
    umask 022
    mkdir -p "$run" || die "cannot create $run"
    chmod 755 "$run"
    cat "$st/client_ed25519.pub" "$st/client_rsa.pub" > "$run/authorized_keys"
    chmod 644 "$run/authorized_keys"
}

# host_keys DEVDIR HOST PORT: the device's host keys (made once) and its known_hosts line per key
host_keys() {
    local d=$1 host=$2 port=$3 k
    umask 077
    keygen ed25519 "$d/ssh_host_ed25519_key"
    keygen ecdsa "$d/ssh_host_ecdsa_key" -b 256
    keygen rsa "$d/ssh_host_rsa_key" -b 2048   # test keys: 2048 bits generate 4x faster than 3072
    umask 022
    for k in ed25519 ecdsa rsa; do
        printf '[%s]:%s %s\n' "$host" "$port" "$(cut -d' ' -f1,2 "$d/ssh_host_${k}_key.pub")"
    done > "$d/known_hosts"
}

# write_sshd_config FILE DEVDIR HOST PORT RUN WHAT: a private sshd for the lab user on loopback; the
# caller appends its Subsystem/ForceCommand lines.
write_sshd_config() {
    local file=$1 d=$2 host=$3 port=$4 run=$5 what=$6
    local la=$host; [ "$host" = ::1 ] && la="[::1]"
    [ -d /run/sshd ] || { mkdir -p /run/sshd && chmod 755 /run/sshd; }   # privilege separation dir
    cat > "$file" <<EOF
# generated by $PROG for $d: $what
ListenAddress $la:$port
HostKey $d/ssh_host_ed25519_key
HostKey $d/ssh_host_ecdsa_key
HostKey $d/ssh_host_rsa_key
PidFile $d/sshd.daemon.pid
AuthorizedKeysFile $run/authorized_keys
AllowUsers $LAB_USER
PermitRootLogin no
PubkeyAuthentication yes
PasswordAuthentication yes
KbdInteractiveAuthentication no
PermitEmptyPasswords no
UsePAM no
StrictModes no
UseDNS no
PrintMotd no
PrintLastLog no
AllowTcpForwarding no
AllowAgentForwarding no
AllowStreamLocalForwarding no
X11Forwarding no
PermitTunnel no
PermitUserEnvironment no
MaxStartups 100:30:200
MaxAuthTries 10
LoginGraceTime 30
LogLevel VERBOSE
EOF
}

# start_sshd DEVDIR LIFE: sshd on DEVDIR/sshd_config in the foreground under a lifetime wrapper
start_sshd() {
    local d=$1 life=$2
    "$SSHD" -t -f "$d/sshd_config" || { log "$(basename "$d"): sshd config test failed"; return 1; }
    setsid "$TIMEOUT_BIN" -k 5 "$life" "$SSHD" -D -f "$d/sshd_config" -E "$d/sshd.log" </dev/null >/dev/null 2>&1 &
    echo $! > "$d/sshd.wrapper.pid"
}

# wait_sshd DEVDIR SECONDS PROBE...: records sshd's PID (the wrapper's child) and polls PROBE until it
# succeeds, the wrapper dies, or SECONDS pass; 0 when the probe succeeded.
wait_sshd() {
    local d=$1 secs=$2; shift 2
    local deadline=$((SECONDS + secs)) child=""
    while [ $SECONDS -lt $deadline ]; do
        if [ -z "$child" ]; then
            child=$(pgrep -P "$(cat "$d/sshd.wrapper.pid")" 2>/dev/null | head -n1)
            [ -n "$child" ] && echo "$child" > "$d/sshd.pid"
        fi
        recorded_pid "$d/sshd.wrapper.pid" "$TIMEOUT_BIN" "$d" >/dev/null || return 1
        if [ -n "$child" ] && "$@"; then return 0; fi
        sleep 0.1
    done
    return 1
}

# host_key_fingerprints DEVDIR PREFIX: the env lines PREFIX_HOSTKEY_SHA256_{ED25519,ECDSA,RSA}=...
host_key_fingerprints() {
    local d=$1 p=$2 k
    for k in ed25519 ecdsa rsa; do
        printf '%s_HOSTKEY_SHA256_%s=%s\n' "$p" "$(tr '[:lower:]' '[:upper:]' <<< "$k")" \
            "$(ssh-keygen -lf "$d/ssh_host_${k}_key.pub" | awk '{print $2}')"
    done
}

# env_to_properties DEVDIR PREFIX: connection.env as Java properties, PREFIX_KEY_RSA_PEM -> prefix.key.rsa.pem
env_to_properties() {
    local d=$1 p=$2 lower line k v
    lower=$(tr '[:upper:]' '[:lower:]' <<< "$p")
    chmod 600 "$d/connection.env"
    (umask 077; : > "$d/connection.properties")
    while IFS= read -r line; do
        k=${line%%=*}; v=${line#*=}; v=${v//\"/}
        k=$(tr 'A-Z_' 'a-z.' <<< "${k#"${p}"_}")
        printf '%s.%s=%s\n' "$lower" "$k" "$v" >> "$d/connection.properties"
    done < "$d/connection.env"
}
