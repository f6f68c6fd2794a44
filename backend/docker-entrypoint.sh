#!/bin/sh
# Entrypoint of the backend image (see backend/Dockerfile and docker-compose.yml).
#
# Runs in the Medusa build output (/app/backend/.medusa/server, the image's
# WORKDIR). A server (MEDUSA_WORKER_MODE=server, or "shared" for a single
# container) first migrates the database and runs the idempotent seed, then
# execs the command (`medusa start`). A worker (MEDUSA_WORKER_MODE=worker) or a
# container with RUN_MIGRATIONS=false only execs the command.
#
# After seeding, the storefront's publishable key is written to
# $SHOP_CONFIG_DIR/publishable-key (a volume shared with the storefront, which
# uses it when MEDUSA_PUBLISHABLE_KEY is not set) and printed to the log.
set -eu

log() { echo "[entrypoint] $*"; }
fail() { echo "[entrypoint] $*" >&2; exit 1; }

mode="${MEDUSA_WORKER_MODE:-shared}"
case "$mode" in
  server | worker | shared) ;;
  *) fail "MEDUSA_WORKER_MODE must be server, worker or shared, not \"$mode\"" ;;
esac

# The same rules as `npm start` (scripts/lib/start-env.ts): no production start
# without real secrets, and never with the development admin login.
if [ "${NODE_ENV:-}" = "production" ]; then
  problems=""
  for name in JWT_SECRET COOKIE_SECRET; do
    value=$(printenv "$name" || true)
    if [ -z "$value" ]; then
      problems="$problems
  - $name is not set"
    elif [ "${#value}" -lt 32 ]; then
      problems="$problems
  - $name must have at least 32 characters"
    fi
  done
  if [ "$mode" != "worker" ]; then
    if [ -z "${ADMIN_EMAIL:-}" ]; then
      problems="$problems
  - ADMIN_EMAIL is not set"
    elif [ "$ADMIN_EMAIL" = "admin@shop.local" ]; then
      problems="$problems
  - ADMIN_EMAIL is the development default"
    fi
    if [ -z "${ADMIN_PASSWORD:-}" ]; then
      problems="$problems
  - ADMIN_PASSWORD is not set"
    elif [ "$ADMIN_PASSWORD" = "admin12345" ]; then
      problems="$problems
  - ADMIN_PASSWORD is the development default"
    elif [ "${#ADMIN_PASSWORD}" -lt 10 ]; then
      problems="$problems
  - ADMIN_PASSWORD must have at least 10 characters"
    fi
  fi
  if [ -n "$problems" ]; then
    fail "Refusing to start in production:$problems"
  fi
fi

write_publishable_key() {
  dir="${SHOP_CONFIG_DIR:-/run/shop-config}"
  if [ -z "$dir" ] || [ ! -d "$dir" ] || [ ! -w "$dir" ]; then
    return 0
  fi
  # pg is resolved from /app/node_modules, up the tree from the working directory.
  if key=$(node -e '
    const pg = require("pg")
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    client
      .connect()
      .then(() =>
        client.query(
          "select token from api_key where type = $1 and revoked_at is null and deleted_at is null order by created_at limit 1",
          ["publishable"]
        )
      )
      .then(async (result) => {
        await client.end()
        process.stdout.write(result.rows[0]?.token ?? "")
      })
      .catch((error) => {
        console.error(error.message)
        process.exit(1)
      })
  '); then
    if [ -n "$key" ]; then
      printf '%s\n' "$key" > "$dir/publishable-key.tmp"
      mv "$dir/publishable-key.tmp" "$dir/publishable-key"
      log "Publishable key: $key (written to $dir/publishable-key)"
      return 0
    fi
  fi
  log "warning: could not read the publishable key; set MEDUSA_PUBLISHABLE_KEY for the storefront"
}

if [ "$mode" != "worker" ] && [ "${RUN_MIGRATIONS:-true}" != "false" ]; then
  log "Migrating the database..."
  medusa db:migrate --execute-safe-links --execute-safe-search
  log "Seeding (only what is missing)..."
  medusa exec ./src/scripts/seed.js
  write_publishable_key
fi

exec "$@"
