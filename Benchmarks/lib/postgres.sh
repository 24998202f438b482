# Sourced by the benchmarks that need PostgreSQL: a private cluster from Debian's postgresql
# package, as the tests use (loopback only, trust auth, initdb's default durability settings).
# start_postgres DIR [SETTING=VALUE...]: initdb and start a cluster under DIR on a free port, with
# any server settings given; sets pgbin and pg_port.
# stop_postgres DIR: stops it (safe to call when it never started). Needs python3.
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

start_postgres() {
  local dir=$1 settings="" setting
  shift
  for setting in "$@"; do settings+=" -c $setting"; done
  pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -x "$pgbin/initdb" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)"; exit 2; }
  mkdir -p "$dir" && [ "$(id -u)" != 0 ] || chown postgres "$dir"
  pg_port=$(free_port)
  as_pg "$pgbin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
  as_pg "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
    -o "-p $pg_port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=100$settings" start >/dev/null
}

# create_database NAME: creates NAME in the cluster start_postgres started and prints its URL.
create_database() {
  "$pgbin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres "$1"
  echo "postgresql://postgres@127.0.0.1:$pg_port/$1"
}

stop_postgres() {
  [ -n "${pgbin:-}" ] || return 0
  as_pg "$pgbin/pg_ctl" -D "$1/data" -m fast -w stop >/dev/null 2>&1 || true
}
