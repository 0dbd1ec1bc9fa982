#!/usr/bin/env bash
# Starts Debian's PostgreSQL server on 127.0.0.1:5432 and creates the test role and database.
# For running the tests against Debian's server (TEST_DATABASE_URL, docs/testing.md): run it as root
# on a Debian machine with the postgresql package installed. The role may create databases: each
# test file copies a template.
set -euo pipefail

version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters --no-header | grep -q "^$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
pg_ctlcluster "$version" main start 2>/dev/null || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && break
  sleep 1
done
pg_isready -h 127.0.0.1 -p 5432

as_postgres() { su postgres -c "$1"; }
as_postgres "psql -qtAc \"SELECT 1 FROM pg_roles WHERE rolname = 'geosonde'\"" | grep -q 1 ||
  as_postgres "psql -qc \"CREATE ROLE geosonde LOGIN CREATEDB PASSWORD 'geosonde'\""
as_postgres "psql -qc \"ALTER ROLE geosonde CREATEDB\""
as_postgres "psql -qtAc \"SELECT 1 FROM pg_database WHERE datname = 'geosonde_test'\"" | grep -q 1 ||
  as_postgres "createdb -O geosonde geosonde_test"
echo "PostgreSQL $version prêt : postgres://geosonde:geosonde@127.0.0.1:5432/geosonde_test"
