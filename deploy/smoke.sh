#!/usr/bin/env bash
# After a deployment: is the site up and whole? Checks health and readiness, one article page (its
# HTML and its API answer) and a log-in with the operator's account.
#   deploy/smoke.sh BASE_URL            (e.g. https://dynastyforge.example)
# The log-in uses SMOKE_EMAIL / SMOKE_PASSWORD (default ADMIN_EMAIL / ADMIN_PASSWORD); without either
# it is skipped and said so. Exits non-zero at the first check that fails.
set -euo pipefail
base="${1:?usage: deploy/smoke.sh BASE_URL}"
base="${base%/}"
email="${SMOKE_EMAIL:-${ADMIN_EMAIL:-}}"
password="${SMOKE_PASSWORD:-${ADMIN_PASSWORD:-}}"
jar="$(mktemp)"
trap 'rm -f "$jar"' EXIT

fail() { echo "smoke: FAILED: $*" >&2; exit 1; }
ok() { echo "smoke: ok   $*"; }

# GET a path; prints the body, fails on any status but 200.
get() {
  local body status
  body="$(curl -sS --max-time 10 -w '\n%{http_code}' "$base$1")" || fail "GET $1: no answer"
  status="${body##*$'\n'}"
  [ "$status" = 200 ] || fail "GET $1 answered $status"
  printf '%s' "${body%$'\n'*}"
}

get /api/health >/dev/null && ok "/api/health"
get /api/ready >/dev/null && ok "/api/ready"

shortname="$(get '/api/articles?limit=1' | sed -n 's/.*"shortname":"\([^"]*\)".*/\1/p' | head -1)"
[ -n "$shortname" ] || fail "/api/articles lists no article"
page="$(get "/article/$shortname")"
grep -q '<title>' <<<"$page" || fail "/article/$shortname has no <title>"
ok "/article/$shortname"
get "/api/articles/$shortname" | grep -q '"title"' || fail "/api/articles/$shortname has no title"
ok "/api/articles/$shortname"

if [ -z "$email" ] || [ -z "$password" ]; then
  echo "smoke: skip log-in (set SMOKE_EMAIL and SMOKE_PASSWORD)"
else
  payload="$(printf '{"username":"%s","password":"%s"}' "$email" "$password")"
  status="$(curl -sS --max-time 10 -o /dev/null -w '%{http_code}' -c "$jar" \
    -H 'content-type: application/json' -H "origin: $base" --data "$payload" "$base/api/login")" ||
    fail "POST /api/login: no answer"
  [ "$status" = 200 ] || fail "POST /api/login answered $status"
  me="$(curl -sS --max-time 10 -b "$jar" "$base/api/users/currentUser")" || fail "GET /api/users/currentUser: no answer"
  grep -q "\"$email\"" <<<"$me" || fail "GET /api/users/currentUser after log-in does not name $email"
  ok "log-in as $email"
fi
echo "smoke: all checks passed"
