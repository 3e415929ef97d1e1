package helperlab.remote;

import helperlab.model.DataFile;

/**
 * The shell scripts that give a deployed cage its PostgreSQL and Redis when the server has none
 * answering (or {@code --private-services}): a PostgreSQL cluster ({@code initdb}, {@code pg_ctl};
 * Debian keeps them under {@code /usr/lib/postgresql/N/bin}) and a {@code redis-server}, owned by the
 * login user inside the remote directory, each on a free loopback port with its own data directory
 * and a generated password (kept in {@code secrets/}, mode 0600). The cage reads the URLs, passwords
 * included, from {@code cage.json} (0600), never from its command line. Run again they keep the
 * ports, passwords and data they made, and start only what is not running.
 */
final class PrivateServices {
  static final String CONFIG = "cage.json";
  static final int PG_BASE_PORT = 55432;
  static final int REDIS_BASE_PORT = 56379;
  /** The cage's intake port when it is free ({@code cage serve}'s default). */
  static final int INTAKE_PORT = 7070;

  private PrivateServices() {}

  /**
   * Brings up what is wanted, in the remote directory {@code dir} (a shell word). Prints
   * {@code key=value} lines: {@code pg=started|running|system|given}, {@code pg_port}, the same for
   * redis; {@code missing=postgresql|redis} (exit 3) when binaries are not installed;
   * {@code failed=...} and the log's tail (exit 4) when one did not start; {@code cage_port}, the intake's
   * port kept in {@code cage.json}.
   */
  static String ensure(String dir, boolean forcePrivate, String pgUrl, String redisUrl) {
    return String.join("\n",
        "cd " + dir + " || exit 1",
        "umask 077",
        "mkdir -p secrets && chmod 700 secrets",
        "answers() { bash -c \"exec 3<>/dev/tcp/127.0.0.1/$1\" 2>/dev/null; }",
        "free_port() { p=$1; while [ $p -lt $(($1+500)) ]; do answers $p || { echo $p; return; }; p=$((p+1)); done;"
            + " echo 0; }",
        "secret() { [ -s \"secrets/$1\" ] || head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \\n' > \"secrets/$1\";"
            + " chmod 600 \"secrets/$1\"; }",
        "FORCE=" + (forcePrivate ? 1 : 0),
        "PG_GIVEN=" + Deployer.quote(pgUrl == null ? "" : DataFile.compact(pgUrl)),
        "REDIS_GIVEN=" + Deployer.quote(redisUrl == null ? "" : DataFile.compact(redisUrl)),
        // PostgreSQL: a private cluster if one was made here before, if forced, or if nothing answers on 5432
        "PG_JSON=",
        "if [ -n \"$PG_GIVEN\" ]; then echo pg=given; PG_JSON=\"$PG_GIVEN\";",
        "elif [ -d pg/data ] || [ $FORCE = 1 ] || ! answers 5432; then",
        "  b=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)",
        "  if [ -z \"$b\" ] && command -v pg_ctl >/dev/null 2>&1; then b=$(dirname \"$(command -v pg_ctl)\"); fi",
        "  if [ -z \"$b\" ] || [ ! -x \"$b/initdb\" ] || [ ! -x \"$b/pg_ctl\" ]; then echo missing=postgresql; exit 3; fi",
        "  secret pg.password",
        "  if [ ! -f pg/data/PG_VERSION ]; then",
        "    mkdir -p pg && rm -rf pg/data",
        "    \"$b/initdb\" -D pg/data -U helperlab --auth=scram-sha-256 --pwfile=secrets/pg.password -E UTF8"
            + " > pg/initdb.log 2>&1 || { echo failed=postgresql; tail -n 5 pg/initdb.log; exit 4; }",
        "  fi",
        "  mkdir -p pg/run",
        "  if \"$b/pg_ctl\" -D pg/data status >/dev/null 2>&1; then",
        "    PGP=$(sed -n 4p pg/data/postmaster.pid); echo pg=running",
        "  else",
        "    PGP=$(cat pg/port 2>/dev/null); if [ -z \"$PGP\" ] || answers \"$PGP\"; then PGP=$(free_port "
            + PG_BASE_PORT + "); fi",
        "    \"$b/pg_ctl\" -D pg/data -l pg/postgres.log -w -t 90 -o \"-c listen_addresses=127.0.0.1 -p $PGP"
            + " -k $PWD/pg/run\" start > /dev/null 2>&1 || { echo failed=postgresql; tail -n 5 pg/postgres.log; exit 4; }",
        "    echo pg=started",
        "  fi",
        "  echo \"$PGP\" > pg/port; echo \"$b\" > pg/bin",
        "  echo \"pg_port=$PGP\"",
        "  PG_JSON=\"\\\"jdbc:postgresql://127.0.0.1:$PGP/helperlab?user=helperlab&password=$(cat secrets/pg.password)\\\"\"",
        "else echo pg=system; fi",
        // Redis: the same rule on 6379
        "REDIS_JSON=",
        // a Redis given: a key prefix named for this login and directory, so two deployments never share keys
        "if [ -n \"$REDIS_GIVEN\" ]; then echo redis=given; REDIS_JSON=\"$REDIS_GIVEN\";"
            + " REDIS_PREFIX=\"helperlab-$(id -un)-$(basename \"$PWD\")\"; echo \"redis_prefix=$REDIS_PREFIX\";",
        "elif [ -d redis ] || [ $FORCE = 1 ] || ! answers 6379; then",
        "  command -v redis-server >/dev/null 2>&1 || { echo missing=redis; exit 3; }",
        "  secret redis.password",
        "  mkdir -p redis",
        "  if [ -f redis/redis.pid ] && kill -0 \"$(cat redis/redis.pid)\" 2>/dev/null; then",
        "    RP=$(sed -n 's/^port //p' redis/redis.conf); echo redis=running",
        "  else",
        "    RP=$(sed -n 's/^port //p' redis/redis.conf 2>/dev/null); if [ -z \"$RP\" ] || answers \"$RP\"; then"
            + " RP=$(free_port " + REDIS_BASE_PORT + "); fi",
        "    printf 'bind 127.0.0.1\\nport %s\\nrequirepass %s\\nprotected-mode yes\\ndaemonize yes\\npidfile %s\\n"
            + "logfile %s\\ndir %s\\n' \"$RP\" \"$(cat secrets/redis.password)\" \"$PWD/redis/redis.pid\""
            + " \"$PWD/redis/redis.log\" \"$PWD/redis\" > redis/redis.conf",
        "    chmod 600 redis/redis.conf",
        "    redis-server redis/redis.conf > /dev/null 2>&1 || { echo failed=redis; tail -n 5 redis/redis.log; exit 4; }",
        "    i=0; until REDISCLI_AUTH=$(cat secrets/redis.password) redis-cli -h 127.0.0.1 -p \"$RP\" ping 2>/dev/null"
            + " | grep -q PONG; do i=$((i+1)); if [ $i -gt 300 ]; then echo failed=redis; tail -n 5 redis/redis.log;"
            + " exit 4; fi; sleep 0.1; done",
        "    echo redis=started",
        "  fi",
        "  echo \"redis_port=$RP\"",
        "  REDIS_JSON=\"\\\"redis://:$(cat secrets/redis.password)@127.0.0.1:$RP\\\"\"",
        "else echo redis=system; fi",
        // the intake's port: the one this deployment had, unless another process took it while our cage
        // was not running; else the first free one from the default (two accounts on one server)
        "CP=$(sed -n 's/.*\"port\": *\\([0-9][0-9]*\\).*/\\1/p' " + CONFIG + " 2>/dev/null)",
        "OURS=0; if [ -f cage.pid ] && kill -0 \"$(cat cage.pid)\" 2>/dev/null; then OURS=1; fi",
        "if command -v systemctl >/dev/null 2>&1 && systemctl --user is-active --quiet " + Deployer.UNIT
            + " 2>/dev/null; then OURS=1; fi",
        "if [ -z \"$CP\" ] || { [ $OURS = 0 ] && answers \"$CP\"; }; then CP=$(free_port " + INTAKE_PORT + "); fi",
        "echo \"cage_port=$CP\"",
        // the cage's settings with the passwords: a 0600 file, read by cage serve --config
        "c=\"\\\"port\\\": $CP\"",
        "[ -n \"$PG_JSON\" ] && c=\"$c, \\\"pg_url\\\": $PG_JSON\"",
        "[ -n \"$REDIS_JSON\" ] && c=\"${c:+$c, }\\\"redis_url\\\": $REDIS_JSON\"",
        "[ -n \"${REDIS_PREFIX:-}\" ] && c=\"$c, \\\"redis_prefix\\\": \\\"$REDIS_PREFIX\\\"\"",
        "printf '{%s}\\n' \"$c\" > " + CONFIG + ".tmp && chmod 600 " + CONFIG + ".tmp && mv -f " + CONFIG + ".tmp "
            + CONFIG,
        "");
  }

  /** Stops the private services this directory holds (if running); prints what it stopped. */
  static String stop(String dir) {
    return stopPostgres(dir) + stopRedis(dir);
  }

  /** Stops the private PostgreSQL of this directory, if it runs; prints what it stopped. */
  static String stopPostgres(String dir) {
    return String.join("\n",
        "cd " + dir + " || exit 0",
        "if [ -f pg/data/postmaster.pid ] && [ -f pg/bin ]; then",
        "  \"$(cat pg/bin)\"/pg_ctl -D pg/data -m fast -w -t 60 stop > /dev/null 2>&1 && echo \"stopped the private"
            + " PostgreSQL\"",
        "fi",
        "");
  }

  /** Stops the private Redis of this directory, if it runs; prints what it stopped. */
  static String stopRedis(String dir) {
    return String.join("\n",
        "cd " + dir + " || exit 0",
        "if [ -f redis/redis.pid ]; then",
        "  pid=$(cat redis/redis.pid)",
        "  case \"$pid\" in ''|*[!0-9]*) pid= ;; esac",
        "  if [ -n \"$pid\" ] && kill -0 \"$pid\" 2>/dev/null; then kill \"$pid\";"
            + " i=0; while kill -0 \"$pid\" 2>/dev/null && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done;"
            + " kill -9 \"$pid\" 2>/dev/null; echo \"stopped the private Redis\"; fi",
        "  rm -f redis/redis.pid",
        "fi",
        "");
  }

  /** What runs: the private services, in {@code key=value} lines. */
  static String status(String dir) {
    return String.join("\n",
        "cd " + dir + " 2>/dev/null || { echo deployed=no; exit 0; }",
        "echo deployed=yes",
        "if [ -d pg/data ]; then if [ -f pg/bin ] && \"$(cat pg/bin)\"/pg_ctl -D pg/data status >/dev/null 2>&1;"
            + " then echo \"private_postgresql=running on 127.0.0.1:$(cat pg/port)\"; else echo private_postgresql=stopped;"
            + " fi; fi",
        "if [ -d redis ]; then if [ -f redis/redis.pid ] && kill -0 \"$(cat redis/redis.pid)\" 2>/dev/null; then"
            + " echo \"private_redis=running on 127.0.0.1:$(sed -n 's/^port //p' redis/redis.conf)\"; else"
            + " echo private_redis=stopped; fi; fi",
        "if [ -f cage.pid ] && kill -0 \"$(cat cage.pid)\" 2>/dev/null; then echo \"cage=running as process"
            + " $(cat cage.pid)\"; elif command -v systemctl >/dev/null 2>&1 && systemctl --user is-active --quiet "
            + Deployer.UNIT + " 2>/dev/null; then echo \"cage=running as the systemd user unit " + Deployer.UNIT
            + "\"; else echo cage=stopped; fi",
        "");
  }
}
