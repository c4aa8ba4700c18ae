#!/usr/bin/env bash
# Issue 45, goal 4: observing on GitLab and Forgejo costs at most 1.1x the same
# on GitHub. One fake server plays all three forges (the project's fake-github,
# its release build), each holding the same issue with the same three comments;
# each forge has its own voyage in its own home, and bench/ab.py alternates the
# three commands round by round, so a change in the machine's load falls on all
# of them alike.
#
#   bench/forges.sh HELM [ROUNDS]        (ROUNDS defaults to 60)
#
# HELM is the installed binary to time; FAKE_GITHUB overrides the server
# (default target/release/fake-github). Each side is a whole `helm observe` of
# an issue and its comments; GitHub answers a re-observation with 304 (its
# conditional requests), GitLab and Forgejo read the issue whole every time, so
# the rows show what that costs. BENCH_STEER=1 times `steer comment` on the same
# issue instead, each preceded (untimed) by an observation of it, so each steer
# checks a fresh bearing: GitHub by 304s, the others by reading it again.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
HELM=${1:?usage: bench/forges.sh HELM [ROUNDS]}
ROUNDS=${2:-60}
FAKE=${FAKE_GITHUB:-$here/../target/release/fake-github}
work=$(mktemp -d)
state=$work/fake.json
"$FAKE" serve --state "$state" >"$work/serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -s "$state" ] && break; sleep 0.05; done
fake() { "$FAKE" "$@" --state "$state" >/dev/null; }

eval "$("$FAKE" env --state "$state")"
eval "$("$FAKE" env --forge gitlab --state "$state")"
eval "$("$FAKE" env --forge forgejo --state "$state")"
export HELM_GITHUB_API_URL HELM_GITLAB_API_URL HELM_FORGEJO_API_URL GH_TOKEN GITLAB_TOKEN FORGEJO_TOKEN
unset GH_REPO GITHUB_TOKEN
host=${HELM_GITHUB_API_URL#http://}

# The same issue on each forge: GitHub's is the tour's #1 in acme/widgets.
fake gitlab project --project group/widgets
fake gitlab issue --project group/widgets --title "Widget crashes"
fake forgejo repo --repo acme/widgets
fake forgejo issue --repo acme/widgets --title "Widget crashes"
for n in 1 2 3; do
    fake comment --repo acme/widgets --number 1 --user octocat --body "comment $n"
    fake gitlab comment --project group/widgets --iid 1 --user octocat --body "comment $n"
    fake forgejo comment --repo acme/widgets --number 1 --user octocat --body "comment $n"
done

# One home and voyage per forge; each command observed once untimed, so a
# failure says why before any timing.
commands=()
for forge in github gitlab forgejo; do
    home=$work/home-$forge
    voyage=$(HELM_HOME=$home "$HELM" voyage new "bench: $forge" --json 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
    case $forge in
    github) target=(--repo acme/widgets github-issue 1) ;;
    gitlab) target=(--repo "$host/group/widgets" --forge gitlab issue 1) ;;
    forgejo) target=(--repo "$host/acme/widgets" --forge forgejo issue 1) ;;
    esac
    observe="env HELM_HOME=$home HELM_VOYAGE=$voyage $HELM observe ${target[*]}"
    $observe >/dev/null 2>"$work/err" || { echo "bench: $forge failed:" >&2; cat "$work/err" >&2; exit 1; }
    command=$observe
    if [ "${BENCH_STEER:-}" = 1 ]; then
        repo=("${target[@]:0:2}")
        [ "$forge" = github ] || repo+=("${target[@]:2:2}")
        command="env HELM_HOME=$home HELM_VOYAGE=$voyage $HELM steer ${repo[*]} --as bench --role coder --method script --summary s comment --issue 1 --body bench"
        $command >/dev/null 2>"$work/err" || { echo "bench: $forge steer failed:" >&2; cat "$work/err" >&2; exit 1; }
        export "PREP_$(( ${#commands[@]} + 1 ))=$observe"
    fi
    commands+=("$command")
done
echo "bench/forges.sh: $ROUNDS rounds, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
python3 "$here/ab.py" "$ROUNDS" "${commands[@]}"
