#!/bin/sh
# Entrypoint of the storefront image (see storefront/Dockerfile).
#
# MEDUSA_PUBLISHABLE_KEY from the environment wins. When it is empty, the key
# the backend wrote after seeding is used: docker-compose.yml shares the
# /run/shop-config volume, and the storefront starts only once the backend is
# healthy (so migrated and seeded).
set -eu

key_file="${SHOP_CONFIG_DIR:-/run/shop-config}/publishable-key"
if [ -z "${MEDUSA_PUBLISHABLE_KEY:-}" ] && [ -s "$key_file" ]; then
  MEDUSA_PUBLISHABLE_KEY=$(cat "$key_file")
  export MEDUSA_PUBLISHABLE_KEY
  echo "[entrypoint] Publishable key from $key_file"
fi
if [ -z "${MEDUSA_PUBLISHABLE_KEY:-}" ]; then
  echo "[entrypoint] warning: MEDUSA_PUBLISHABLE_KEY is not set; the shop cannot call the store API" >&2
fi

exec "$@"
