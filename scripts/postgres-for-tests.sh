#!/usr/bin/env bash
# Start a local PostgreSQL for the store tests and print its URL on stdout.
# Installs Debian's postgresql package when missing; the server runs as its own user
# (it refuses root) through pg_ctlcluster. Idempotent: safe to run again.
set -euo pipefail

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    echo "installing PostgreSQL (Debian package)..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
fi

version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
cluster=main
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$version $cluster"; then
    pg_createcluster "$version" "$cluster" >&2
fi
if ! pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $4}' | grep -qx online; then
    pg_ctlcluster "$version" "$cluster" start >&2
fi
port=$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $3}')

run_psql() { su postgres -c "psql -p $port -v ON_ERROR_STOP=1 -qtA $*"; }
if [ "$(run_psql "-c \"SELECT 1 FROM pg_roles WHERE rolname = 'quizbot'\"")" != "1" ]; then
    run_psql "-c \"CREATE ROLE quizbot LOGIN PASSWORD 'quizbot' CREATEDB\"" >&2
fi
if [ "$(run_psql "-c \"SELECT 1 FROM pg_database WHERE datname = 'quizbot_test'\"")" != "1" ]; then
    run_psql "-c \"CREATE DATABASE quizbot_test OWNER quizbot\"" >&2
fi
echo "postgresql://quizbot:quizbot@127.0.0.1:${port}/quizbot_test"
