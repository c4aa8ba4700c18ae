#!/usr/bin/env bash
# The house checks that fmt and clippy cannot make (docs/perf-notes/seam-plan.md 0a, 0b):
# - helm-github (GitHub) and helm-http (the transport every forge shares) must not
#   build SQLite: only helm-storage talks to the voyage files, so rusqlite in their
#   normal trees means a storage concern leaked into a crate below it.
# - helm-http depends on no helm crate but helm-model, and octocrab stays out of the
#   build (seam plan step 2).
# - every declared dependency is named by the sources of its crate (normal ones by
#   src/ or build.rs, dev ones by src/, tests/, benches/ or examples/): an unused one
#   only costs build time and hides what a crate really stands on.
# - helm-forge is the forge seam (ADR 0023): the core and every forge crate stand on it,
#   so it stands on helm-model alone; any other helm crate in its normal tree ties the
#   core to a forge or a forge to the transport's or storage's choices.
# - helm-core's observe/ looks through the seam's conditional look: only remote.rs,
#   which holds GitHub's session, names helm-github.
# Exits non-zero with one line per finding and what to do.
set -euo pipefail
cd "$(dirname "$0")/.."

failed=0
fail() {
    echo "house check: $*" >&2
    failed=1
}

for crate in helm-github helm-http; do
    if cargo tree --locked -p "$crate" -e normal --prefix none | grep -q '^rusqlite '; then
        fail "$crate builds rusqlite (see \`cargo tree -p $crate -e normal -i rusqlite\`); keep SQLite in helm-storage"
    fi
done

# helm-http is the transport every forge shares: helm-model below it and no
# other helm crate, so no forge and nothing of the core leaks into it.
for dep in $(cargo tree --locked -p helm-http -e normal --depth 1 --prefix none | awk '/^helm-/ {print $1}'); do
    [[ $dep == helm-http || $dep == helm-model ]] ||
        fail "helm-http depends on $dep; the transport knows helm-model only (ADR 0023)"
done

# octocrab left the build with helm-http (seam plan step 2): nothing brings it back.
if cargo tree --locked --workspace -e normal --prefix none | grep -q '^octocrab '; then
    fail "octocrab is in the build again (see \`cargo tree -i octocrab\`); helm-http sends every request"
fi

forge_deps=$(cargo tree --locked -p helm-forge -e normal --prefix none |
    awk '$1 ~ /^(helm-|fake-)/ && $1 != "helm-forge" && $1 != "helm-model" { print $1 }' | sort -u)
if [[ -n $forge_deps ]]; then
    fail "helm-forge depends on $(echo $forge_deps) (see \`cargo tree -p helm-forge -e normal\`); the seam stands on helm-model alone"
fi

# helm-core reaches every forge through the seam (ADR 0023, seam plan step 1c, G6): no
# forge crate in its build, and no source of it naming one.
for dep in $(cargo tree --locked -p helm-core -e normal,dev --prefix none | awk '/^helm-(github|gitlab|forgejo) / {print $1}' | sort -u); do
    fail "helm-core depends on $dep (see \`cargo tree -p helm-core -i $dep\`); the core reaches a forge through helm_forge::Forge and Repository"
done
for file in $(grep -rlE 'helm_(github|gitlab|forgejo)\b|crate::github::' crates/helm-core/src || true); do
    fail "$file names a forge crate; the core reaches a forge through helm_forge::Forge and Repository"
done

# A forge crate stands on helm-forge, helm-http and helm-model (ADR 0023): never on the
# core, storage, sync or another forge, and it builds no SQLite.
for crate in helm-gitlab helm-forgejo; do
    [[ -e crates/$crate/Cargo.toml ]] || continue
    for dep in $(cargo tree --locked -p "$crate" -e normal --prefix none | awk '/^(helm-|rusqlite )/ {print $1}' | sort -u); do
        case $dep in
        "$crate" | helm-forge | helm-http | helm-model) ;;
        *) fail "$crate depends on $dep (see \`cargo tree -p $crate -e normal -i $dep\`); a forge crate stands on helm-forge, helm-http and helm-model only" ;;
        esac
    done
done

# The dependency names of one table kind ("normal" or "dev") in a Cargo.toml.
declared() {
    awk -v want="$2" '
        /^\[/ {
            table = $0
            kind = ""
            if (table ~ /^\[(target\..*\.)?dependencies\]$/) kind = "normal"
            else if (table ~ /^\[(target\..*\.)?dev-dependencies\]$/) kind = "dev"
            next
        }
        kind == want && /^[A-Za-z0-9_-]+[ \t]*(=|\.)/ {
            name = $0
            sub(/[ \t]*[=.].*/, "", name)
            print name
        }
    ' "$1"
}

# Whether a crate (by its Rust name) is named in the Rust sources under the given paths.
named_in() {
    local name=$1
    shift
    local paths=()
    for p in "$@"; do [[ -e $p ]] && paths+=("$p"); done
    ((${#paths[@]})) || return 1
    grep -rqE --include='*.rs' "(^|[^A-Za-z0-9_])${name}(::|!)|extern crate ${name}\b|use ${name}\b" "${paths[@]}"
}

for manifest in Cargo.toml crates/*/Cargo.toml; do
    dir=$(dirname "$manifest")
    for dep in $(declared "$manifest" normal); do
        name=${dep//-/_}
        named_in "$name" "$dir/src" "$dir/build.rs" ||
            fail "$manifest declares $dep but no source under $dir/src names it; remove it (or make it a dev-dependency if only tests use it)"
    done
    # A test may take in a file from elsewhere with #[path = "..."] (the tour
    # test shares the page tests' browser code): those files count as its own.
    included=()
    while IFS=: read -r file line; do
        rel=$(sed -nE 's/.*#\[path = "([^"]+)"\].*/\1/p' <<<"$line")
        [[ -n $rel ]] && included+=("$(dirname "$file")/$rel")
    done < <(grep -rE --include='*.rs' '#\[path = "' "$dir/tests" 2>/dev/null || true)
    for dep in $(declared "$manifest" dev); do
        name=${dep//-/_}
        named_in "$name" "$dir/src" "$dir/tests" "$dir/benches" "$dir/examples" ${included[@]+"${included[@]}"} ||
            fail "$manifest declares the dev-dependency $dep but no source or test under $dir names it; remove it"
    done
done

exit "$failed"
