# Sourced by ./mvnw and ./paradjoint: make JAVA_HOME point at a JDK 21 or newer.
# Tycho 5 needs Java 21+; many machines default to an older java. Keeps a suitable
# JAVA_HOME the user set; otherwise searches the usual install locations.

paradjoint_java_major() {
    # prints the major version of the java binary $1 (e.g. 17, 21, 25)
    "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

paradjoint_select_jdk() {
    local candidate major
    if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
        major=$(paradjoint_java_major "$JAVA_HOME/bin/java")
        if [ "${major:-0}" -ge 21 ]; then return 0; fi
    fi
    if command -v java >/dev/null 2>&1; then
        candidate=$(readlink -f "$(command -v java)")
        major=$(paradjoint_java_major "$candidate")
        if [ "${major:-0}" -ge 21 ] && [ -x "$(dirname "$candidate")/javac" ]; then
            JAVA_HOME=$(dirname "$(dirname "$candidate")"); export JAVA_HOME; return 0
        fi
    fi
    local noglob=0 candidates
    case $- in *f*) noglob=1; set +f ;; esac   # mvnw runs with globbing off
    candidates=$(ls -d /usr/lib/jvm/* /opt/java/* /opt/jdk* /usr/local/lib/jvm/* "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/* 2>/dev/null | sort -rV || true)
    [ "$noglob" = 1 ] && set -f
    for candidate in $candidates; do
        [ -x "$candidate/bin/java" ] && [ -x "$candidate/bin/javac" ] || continue
        major=$(paradjoint_java_major "$candidate/bin/java")
        if [ "${major:-0}" -ge 21 ]; then
            JAVA_HOME=$candidate; export JAVA_HOME; return 0
        fi
    done
    echo "error: Paradjoint needs a JDK 21 or newer (Tycho 5), but none was found." >&2
    echo "       Install one (e.g. Temurin 21+ under /usr/lib/jvm) or set JAVA_HOME to it." >&2
    return 1
}

paradjoint_select_jdk || exit 1
