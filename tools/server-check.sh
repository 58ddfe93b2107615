#!/usr/bin/env bash
# Deploys the built WAR on a full Payara Server the way an operator would, against MariaDB, and
# runs a short smoke journey through it:
#
#   tools/server-check.sh
#
# 1. Downloads the Payara Server distribution through Maven (fish.payara.distributions:payara,
#    zip) and unpacks it under target/server-check/ (kept for the next run).
# 2. Creates a throw-away database and user on the MariaDB server (database ac_servercheck_<random>).
# 3. Creates a throw-away domain on free ports in a temporary directory, every listener bound to
#    127.0.0.1, the data grid and the JMS broker off, puts the MariaDB driver in its lib/, and
#    starts it.
# 4. With asadmin: password aliases (the database password, the webhooks' encryption key), a JDBC
#    connection pool and the JDBC resource jdbc/agentcommerce, system properties
#    (ac.db.datasource=jdbc/agentcommerce, the demo data, a buyer-token issuer of its own), then
#    deploys webapp/target/agent-commerce.war at /.
# 5. Smoke journey with curl: health, readiness and metrics on MariaDB through the administrator's
#    resource, register an agent, search, a brief, initialize and tools/list on both MCP doors, an
#    order, a buyer token signed here and a sandbox payment; then lists the application's MBeans
#    over the domain's JMX connector (tools/server-check/JmxList.java) and undeploys.
# 6. The other way: the WAR's own datasource from ac.db.url and ac.db.user (system properties) and
#    ac.db.password (a password alias), redeployed after stopping and starting the domain; the
#    agent and its order are still there.
# 7. On exit, whatever happened: stops and deletes the domain, drops the database and the user.
#
# Builds nothing: build the WAR first (./mvnw -q package -DskipTests). Needs a JDK 17, curl,
# python3, openssl and the mariadb (or mysql) client. Without a MariaDB server to reach (or
# without its client) it prints SKIPPED and exits 0.
#
# Environment:
#   SERVER_CHECK_DB_HOST, SERVER_CHECK_DB_PORT   the MariaDB server (127.0.0.1, 3306)
#   SERVER_CHECK_DB_USER, SERVER_CHECK_DB_PASSWORD
#                        an account that may create databases and users (root, empty)
#   SERVER_CHECK_PAYARA_VERSION  the Payara Server version (6.2025.10, the Payara Micro of the build)
#   SERVER_CHECK_MVN_ARGS        extra Maven arguments for the download (e.g. -o, -Dmaven.repo.local=…)
#   SERVER_CHECK_WAR     the WAR (default: webapp/target/agent-commerce.war)
#   CHECK_JAVA_OPTS      JVM options for the domain's server and for asadmin itself, space-separated
#                        (.ci/run: the client compiler alone, the serial collector and no warm-up searches, less CPU;
#                        none by default)
#   SERVER_CHECK_KEEP=1  keep the temporary directory (domain logs); it is kept when the check fails
#
# Exit status: 0 when every step passes or the check is skipped; 1 when a step fails; 2 on a usage
# or setup problem.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
if [[ $# -gt 0 ]]; then
  sed -n '2,40p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit 2
fi
version="${SERVER_CHECK_PAYARA_VERSION:-6.2025.10}"
war="${SERVER_CHECK_WAR:-$root/webapp/target/agent-commerce.war}"
db_host="${SERVER_CHECK_DB_HOST:-127.0.0.1}"
db_port="${SERVER_CHECK_DB_PORT:-3306}"
db_admin="${SERVER_CHECK_DB_USER:-root}"
db_admin_password="${SERVER_CHECK_DB_PASSWORD:-}"
read -r -a mvn_args <<<"${SERVER_CHECK_MVN_ARGS:-}"

say() { echo "server-check: $*"; }
skip() {
  say "SKIPPED: $* (the Payara Server check needs a MariaDB server; nothing was started)"
  exit 0
}

client=""
for c in mariadb mysql; do
  if command -v "$c" >/dev/null; then client="$c"; break; fi
done
[[ -n "$client" ]] || skip "no mariadb or mysql client on the PATH"
sql() { # $@: statements, run as the administrating account
  MYSQL_PWD="$db_admin_password" "$client" --protocol=TCP -h "$db_host" -P "$db_port" \
    -u "$db_admin" --connect-timeout=5 -N -B -e "$*"
}
sql 'SELECT 1' >/dev/null 2>&1 || skip "no MariaDB answers on $db_host:$db_port as $db_admin"

if [[ ! -f "$war" ]]; then
  say "no WAR at $war; build it first: ./mvnw -q package -DskipTests" >&2
  exit 2
fi
for tool in java curl python3 openssl unzip; do
  command -v "$tool" >/dev/null || { say "$tool is not on the PATH" >&2; exit 2; }
done

started=$(date +%s)
work="$(mktemp -d "${TMPDIR:-/tmp}/server-check.XXXXXX")"
suffix="$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')"
db_name="ac_servercheck_$suffix"
db_user="ac_sc_$suffix"
db_password="$(openssl rand -hex 16)"
domain="server-check"
domains="$work/domains"
asadmin=""
domain_up=""
db_made=""
failed=""

finish() {
  local rc=$?
  [[ -n "$failed" && "$rc" -eq 0 ]] && rc=1
  if [[ -n "$domain_up" ]]; then
    say "stopping the domain"
    "$asadmin" stop-domain --domaindir "$domains" --kill=false "$domain" >/dev/null 2>&1 \
      || "$asadmin" stop-domain --domaindir "$domains" --kill=true "$domain" >/dev/null 2>&1
  fi
  if [[ -n "$asadmin" && -d "$domains/$domain" ]]; then
    if [[ "$rc" -ne 0 || "${SERVER_CHECK_KEEP:-}" == 1 ]]; then
      cp -r "$domains/$domain/logs" "$work/domain-logs" 2>/dev/null
    fi
    "$asadmin" delete-domain --domaindir "$domains" "$domain" >/dev/null 2>&1 || true
  fi
  if [[ -n "$db_made" ]]; then
    sql "DROP DATABASE IF EXISTS \`$db_name\`; DROP USER IF EXISTS '$db_user'@'%'" || true
  fi
  if [[ "$rc" -eq 0 && "${SERVER_CHECK_KEEP:-}" != 1 ]]; then
    rm -rf "$work"
  else
    say "kept $work (domain-logs/, asadmin.log)"
  fi
  if [[ "$rc" -eq 0 ]]; then
    say "passed in $(($(date +%s) - started)) s"
  else
    say "FAILED"
  fi
  exit "$rc"
}
trap finish EXIT
trap 'exit 1' INT TERM

fail() {
  say "FAIL: $*"
  failed=1
  exit 1
}

# --- 1. the distribution ----------------------------------------------------------------------
dist="$root/target/server-check"
payara="$dist/payara-$version"
if [[ ! -x "$payara/payara6/bin/asadmin" ]]; then
  say "downloading fish.payara.distributions:payara:$version:zip through Maven"
  (cd "$root" && ./mvnw -B -q "${mvn_args[@]}" dependency:copy \
    -Dartifact="fish.payara.distributions:payara:$version:zip" -DoutputDirectory="$dist" \
    -Dmdep.overWriteReleases=false) || fail "the Payara Server distribution could not be downloaded"
  zip="$dist/payara-$version.zip"
  say "distribution: $(du -m "$zip" | cut -f1) MB; unpacking"
  rm -rf "$payara" && mkdir -p "$payara" && unzip -q "$zip" -d "$payara" || fail "unzip failed"
  rm -f "$zip"
fi
asadmin="$payara/payara6/bin/asadmin"
# asadmin starts a JVM per command; its launcher adds AS_EXTRA_JAVA_OPTS.
export AS_EXTRA_JAVA_OPTS="${CHECK_JAVA_OPTS:-}"

# --- 2. the database --------------------------------------------------------------------------
sql "CREATE DATABASE \`$db_name\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
     CREATE USER '$db_user'@'%' IDENTIFIED BY '$db_password';
     GRANT ALL PRIVILEGES ON \`$db_name\`.* TO '$db_user'@'%'" || fail "cannot create the database"
db_made=1
say "database $db_name on $db_host:$db_port, user $db_user"

# --- 3. the domain ----------------------------------------------------------------------------
# A port base whose every port Payara uses (base + 4 … 86) is free on 127.0.0.1.
portbase="$(python3 - <<'EOF'
import random, socket
offsets = [4, 8, 9, 37, 38, 39, 48, 49, 59, 66, 76, 80, 81, 86]
for _ in range(200):
    base = random.randrange(20000, 60000, 100)
    try:
        for o in offsets:
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", base + o)); s.close()
    except OSError:
        continue
    print(base); break
EOF
)"
[[ -n "$portbase" ]] || fail "no free port base"
admin_port=$((portbase + 48))
http_port=$((portbase + 80))
jmx_port=$((portbase + 86))
base="http://127.0.0.1:$http_port"
pwfile="$work/passwords"
# The domain's admin has no password (the domain is throw-away and listens on loopback only);
# AS_ADMIN_ALIASPASSWORD is what create-password-alias reads.
printf 'AS_ADMIN_PASSWORD=\nAS_ADMIN_ALIASPASSWORD=%s\n' "$db_password" >"$pwfile"
chmod 600 "$pwfile"
# A secret of the application's, kept as a password alias too: the webhooks' encryption key.
keyfile="$work/webhook-key"
printf 'AS_ADMIN_PASSWORD=\nAS_ADMIN_ALIASPASSWORD=%s\n' "$(openssl rand -base64 32)" >"$keyfile"
chmod 600 "$keyfile"
adm() { # asadmin against the running domain (password file $passwords); output to asadmin.log
  echo "+ asadmin $*" >>"$work/asadmin.log"
  "$asadmin" --host 127.0.0.1 --port "$admin_port" --user admin \
    --passwordfile "${passwords:-$pwfile}" --interactive=false "$@" >>"$work/asadmin.log" 2>&1
}

say "creating domain $domain (port base $portbase: HTTP $http_port, admin $admin_port, JMX $jmx_port)"
"$asadmin" --user admin --passwordfile "$pwfile" --interactive=false create-domain \
  --domaindir "$domains" --portbase "$portbase" --nopassword=true "$domain" >>"$work/asadmin.log" 2>&1 \
  || fail "create-domain failed (asadmin.log)"
# Loopback only, before the first start: every listener (HTTP, admin, IIOP, JMX, the JMS proxy)
# gets 127.0.0.1, and the domain's Hazelcast member and its JMS broker (unused) are switched off. The asadmin
# equivalents are in docs/operations.md.
python3 - "$domains/$domain/config/domain.xml" <<'EOF' || fail "cannot edit domain.xml"
import os, re, sys
path = sys.argv[1]
xml = open(path).read()
xml = re.sub(r'<network-listener (?![^>]*address=)', '<network-listener address="127.0.0.1" ', xml)
xml = re.sub(r'(<(?:iiop-listener|jmx-connector)[^>]*address=")0\.0\.0\.0"', r'\g<1>127.0.0.1"', xml)
# server-config has no jms-service: its implied one starts a proxy listener on 0.0.0.0 (for host
# "localhost"). An explicit one, broker off and host 127.0.0.1, goes beside connector-service.
jms = ('<jms-service type="DISABLED" default-jms-host="default_JMS_host">'
       '<jms-host name="default_JMS_host" host="127.0.0.1" port="${JMS_PROVIDER_PORT}"'
       ' lazy-init="true" /></jms-service>')
xml, n = re.subn(r'(<connector-service [^>]*>\s*</connector-service>)', r'\g<1>' + jms, xml, count=1)
if n != 1:
    sys.exit("no connector-service in server-config")
xml = re.sub(r'<hazelcast-config-specific-configuration\b',
             '<hazelcast-config-specific-configuration enabled="false"', xml)
# CHECK_JAVA_OPTS: extra JVM options for the server (the server-config's java-config only).
extra = [o for o in os.environ.get("CHECK_JAVA_OPTS", "").split() if o]
if extra:
    start = xml.index('<config name="server-config"')
    at = xml.index('<java-config', start)
    at = xml.index('>', at) + 1
    xml = xml[:at] + ''.join('<jvm-options>%s</jvm-options>' % o for o in extra) + xml[at:]
open(path, "w").write(xml)
EOF
# The JDBC driver goes in the domain's lib/ (or asadmin add-library): the server's pool, not the
# application, opens the connections. The same driver the WAR carries.
driver="$(unzip -Z1 "$war" | grep -m1 '^WEB-INF/lib/mariadb-java-client-.*\.jar$')"
[[ -n "$driver" ]] || fail "no MariaDB driver in the WAR"
unzip -q -j "$war" "$driver" -d "$domains/$domain/lib" || fail "cannot copy the driver"

# Buyer tokens: an issuer of this check's own (an RSA key pair made here); the development issuer
# works only on the embedded H2 default.
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/issuer.pem" 2>/dev/null \
  && openssl pkey -in "$work/issuer.pem" -pubout -out "$work/issuer.pub.pem" 2>/dev/null \
  || fail "cannot make the issuer's key pair"

t0=$(date +%s)
"$asadmin" start-domain --domaindir "$domains" --timeout 600 "$domain" >>"$work/asadmin.log" 2>&1 \
  || fail "start-domain failed (asadmin.log, domain-logs/server.log)"
domain_up=1
say "domain started in $(($(date +%s) - t0)) s"
server_pid="$(cat "$domains/$domain/config/pid" 2>/dev/null)"
loopback_only() { # every socket the server listens on is on loopback (IPv4 or IPv4-mapped IPv6)
  local listening
  listening="$(ss -Hltnp | grep "pid=$server_pid,")"
  echo "$listening" | awk '{print "  listening: " $4}'
  ! echo "$listening" | awk '{print $4}' | grep -qv '^\(\[::ffff:\)\?127\.0\.0\.1\]\?:'
}
loopback_only || fail "the domain listens beyond 127.0.0.1"

# --- 4. the operator's configuration ----------------------------------------------------------
url="jdbc:mariadb://$db_host:$db_port/$db_name?connectionTimeZone=UTC&forceConnectionTimeZoneToSession=true&preserveInstants=true"
adm create-password-alias ac-db-password || fail "create-password-alias ac-db-password"
# Payara's MicroProfile Config reads password aliases as keys of their own name.
passwords="$keyfile" adm create-password-alias ac.webhooks.encryption-key \
  || fail "create-password-alias ac.webhooks.encryption-key"
adm create-jdbc-connection-pool --restype javax.sql.DataSource \
  --datasourceclassname org.mariadb.jdbc.MariaDbDataSource \
  --steadypoolsize 2 --maxpoolsize 32 --idletimeout 300 \
  --isconnectvalidatereq=true --validationmethod meta-data --failconnection=true \
  --statementtimeout 30 \
  --property "user=$db_user:password=\${ALIAS=ac-db-password}" agentcommerce-pool \
  || fail "create-jdbc-connection-pool"
adm set "resources.jdbc-connection-pool.agentcommerce-pool.property.url=$url" || fail "set url"
adm ping-connection-pool agentcommerce-pool || fail "ping-connection-pool (asadmin.log)"
adm create-jdbc-resource --connectionpoolid agentcommerce-pool jdbc/agentcommerce \
  || fail "create-jdbc-resource"
adm create-system-properties "ac.db.datasource=jdbc/agentcommerce:ac.demo-data=true:mp.jwt.verify.issuer=server-check-issuer:mp.jwt.verify.audiences=agent-commerce:mp.jwt.verify.publickey.location=$work/issuer.pub.pem" \
  || fail "create-system-properties"
say "pool agentcommerce-pool (password alias ac-db-password), resource jdbc/agentcommerce, system properties set"

deploy() { # deploys the WAR at / and waits until the application answers its health check
  local t0
  t0=$(date +%s)
  adm deploy --contextroot / --name agent-commerce "$war" \
    || { tail -n 20 "$work/asadmin.log"; fail "deploy failed (asadmin.log, domain-logs/server.log)"; }
  say "deployed $(basename "$war") at / in $(($(date +%s) - t0)) s"
  # Deployed is not yet ready: the catalog's search index is built in the background (503 until
  # then).
  t0=$(date +%s)
  until health="$(curl -fsS "$base/agent/v1/health" 2>/dev/null)"; do
    (($(date +%s) - t0 < 300)) || fail "GET /agent/v1/health did not answer 200 within 300 s"
    sleep 1
  done
  say "ready $(($(date +%s) - t0)) s after the deployment"
  say "health: $health"
}
deploy

# --- 5. smoke journey -------------------------------------------------------------------------
passed=0
check() { # $1: what; the rest: a command that must succeed
  local what="$1"
  shift
  if "$@"; then
    passed=$((passed + 1))
    say "ok   $what"
  else
    fail "$what"
  fi
}
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
post() { # $1 path, $2 body, rest: extra curl arguments
  local path="$1" body="$2"
  shift 2
  curl -fsS -X POST "$base$path" -H 'Content-Type: application/json' -d "$body" "$@"
}
mcp() { # $1 path, $2 JSON-RPC body, rest: extra curl arguments
  local path="$1" body="$2"
  shift 2
  curl -fsS "$base$path" -H 'Content-Type: application/json' \
    -H 'Accept: application/json, text/event-stream' -d "$body" "$@"
}
b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }

check "health is healthy" grep -q '"status":"healthy"' <<<"$health"
check "on MariaDB" grep -q '"product":"MariaDB"' <<<"$health"
check "readiness" curl -fsS -o /dev/null "$base/health/ready"
check "metrics" grep -q '^# TYPE ' <<<"$(curl -fsS "$base/metrics")"

registration="$(post /agent/v1/auth '{"agent_name":"Server check","agent_email":"server-check@example.com"}')" \
  || fail "POST /agent/v1/auth"
key="$(json "d['api_key']" <<<"$registration")"
check "registered an agent" test -n "$key"
agent="$(json "d['agent_id']" <<<"$registration")"
# With the key (from the password alias) a rotation without an endpoint is 409
# WEBHOOK_NOT_CONFIGURED; without a key it would be 503 WEBHOOKS_NOT_CONFIGURED.
rotation="$(curl -s -w ' %{http_code}' -X POST "$base/agents/$agent/webhooks/secret/rotate" \
  -H "X-API-Key: $key")"
say "webhook secret rotation without an endpoint: $rotation"
check "the webhooks' key from a password alias" test "${rotation##* }" = 409
check "merchants" grep -q '"merchant_id":"merch_' <<<"$(curl -fsS "$base/agent/v1/merchants" -H "X-API-Key: $key")"
search="$(curl -fsS "$base/agent/v1/products/search?query=fragrance+free+moisturiser&limit=3" -H "X-API-Key: $key")" \
  || fail "search"
check "search finds products" grep -q '"product_id":"prod_' <<<"$search"
brief="$(post /agent/v1/briefs/build '{"raw_query":"fragrance-free moisturiser for dry skin under $30, no retinol"}' \
  -H "X-API-Key: $key" | json "d['brief']['brief_id']")" || fail "build a brief"
check "brief recommendations" curl -fsS -o /dev/null "$base/agent/v1/briefs/$brief/recommendations?limit=3" -H "X-API-Key: $key"

init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"server-check","version":"1"}}}'
list='{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
check "open door initialize" grep -q '"serverInfo"' <<<"$(mcp /mcp "$init")"
check "open door tools/list" grep -q '"search_catalog"' <<<"$(mcp /mcp "$list")"
check "keyed door initialize" grep -q '"serverInfo"' <<<"$(mcp /commerce/mcp "$init" -H "X-API-Key: $key")"
check "keyed door tools/list" grep -q '"tools"' <<<"$(mcp /commerce/mcp "$list" -H "X-API-Key: $key")"

now=$(date +%s)
header="$(printf '{"alg":"RS256","typ":"JWT"}' | b64url)"
claims="$(printf '{"iss":"server-check-issuer","aud":"agent-commerce","sub":"server-check-buyer","iat":%d,"exp":%d}' \
  "$now" $((now + 600)) | b64url)"
signature="$(printf '%s.%s' "$header" "$claims" | openssl dgst -sha256 -sign "$work/issuer.pem" | b64url)"
buyer="$header.$claims.$signature"
order="$(post /agent/v1/orders/create '{"merchant_id":"merch_7c1e4a9d2b5f3e80","items":[{"product_id":"prod_aecc96e30d0fbb41","quantity":1}],"customer_email":"server-check@example.com","currency":"USD"}' \
  -H "X-API-Key: $key" -H "X-Agent-User-JWT: $buyer" -H "Idempotency-Key: order-$suffix" \
  | json "d['order_id']")" || fail "create an order"
check "an order awaits payment" grep -q '"status":"awaiting_payment"' \
  <<<"$(curl -fsS "$base/agent/v1/orders/$order" -H "X-API-Key: $key")"
payment="$(post /agent/v1/payments "{\"order_id\":\"$order\",\"payment_method\":{\"type\":\"card\",\"token\":\"tok_visa\"}}" \
  -H "X-API-Key: $key" -H "X-Agent-User-JWT: $buyer" -H "Idempotency-Key: pay-$suffix")" \
  || fail "pay the order"
say "payment: $(json "d['payment_id'], d['status']" <<<"$payment")"
check "the sandbox payment succeeded" grep -q '"status":"succeeded"' <<<"$payment"

# The administrator's resource served all of it: no H2 file appeared in the domain.
check "no embedded H2 database in the domain" \
  test -z "$(find "$domains/$domain" -name 'agentcommerce*.db' -print -quit)"

jmx_url="service:jmx:rmi:///jndi/rmi://127.0.0.1:$jmx_port/jmxrmi"
say "MBeans over $jmx_url:"
check "the application's MBeans over JMX" java "$here/server-check/JmxList.java" "$jmx_url" \
  org.agentcommerce:type=PaymentGates

t0=$(date +%s)
check "undeploy" adm undeploy agent-commerce
say "undeployed in $(($(date +%s) - t0)) s"

# --- 6. the other way: the WAR's own datasource, configured by ac.db.* --------------------------
# No resource named: the WAR's @DataSourceDefinition pool, its URL and user from system properties
# and its password from a password alias of the key's own name. Same database, so the agent, its
# key and the order made above are there.
say "redeploying on the WAR's own datasource (ac.db.url, ac.db.user, password alias ac.db.password)"
adm delete-system-property ac.db.datasource || fail "delete-system-property ac.db.datasource"
adm create-password-alias ac.db.password || fail "create-password-alias ac.db.password"
adm create-system-properties "ac.db.url=jdbc\\:mariadb\\://$db_host\\:$db_port/$db_name:ac.db.user=$db_user" \
  || fail "create-system-properties ac.db.url"
# Payara's MicroProfile Config caches what it read for 60 s (asadmin set-config-cache), and
# restart-domain keeps that cache: the first deployment's reading of ac.db.* would still be
# served. Stopping and starting the domain starts afresh (so does waiting a minute).
t0=$(date +%s)
"$asadmin" stop-domain --domaindir "$domains" "$domain" >>"$work/asadmin.log" 2>&1 \
  || fail "stop-domain"
"$asadmin" start-domain --domaindir "$domains" --timeout 600 "$domain" >>"$work/asadmin.log" 2>&1 \
  || fail "start-domain (again)"
server_pid="$(cat "$domains/$domain/config/pid" 2>/dev/null)"
say "domain stopped and started again in $(($(date +%s) - t0)) s"
deploy
check "on MariaDB through the WAR's own datasource" grep -q '"product":"MariaDB"' <<<"$health"
check "the agent's key and its order are there" grep -q "\"order_id\":\"$order\"" \
  <<<"$(curl -fsS "$base/agent/v1/orders/$order" -H "X-API-Key: $key")"
check "still no embedded H2 database in the domain" \
  test -z "$(find "$domains/$domain" -name 'agentcommerce*.db' -print -quit)"
check "nothing listens beyond 127.0.0.1" loopback_only
check "undeploy" adm undeploy agent-commerce
echo "$passed passed, 0 failed"
