#!/usr/bin/env bash
# The tour: seed 000's example flow, offline. A voyage advances an issue through a
# pull request to merge on fake-github, a local GitHub-shaped server built with helm
# (crates/fake-github), while teammates act on it: bob answers the plan, reviews with
# an inline comment, approves; carol pushes a new head just before the merge, so the
# first merge is refused as stale and helm looks again. It writes the voyage as
# one HTML page ($TOUR_PAGE, default $HELM_HOME/voyage.html), and ends with the
# same logbook on GitLab, which the same server also plays.
#
#   cargo build --release --locked && scripts/tour.sh
#
# Uses target/release unless HELM_BIN / FAKE_GITHUB_BIN say otherwise, and a
# throwaway HELM_HOME unless you set one. Nothing leaves 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."

helm=${HELM_BIN:-target/release/helm}
fake=${FAKE_GITHUB_BIN:-target/release/fake-github}
for bin in "$helm" "$fake"; do
    [ -x "$bin" ] || { echo "tour: $bin not found; run: cargo build --release --locked" >&2; exit 1; }
done
export HELM_HOME=${HELM_HOME:-$(mktemp -d)}
scratch=$(mktemp -d)
state=$scratch/fake-github.json

"$fake" --state "$state" serve >/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$scratch"' EXIT
for _ in $(seq 200); do [ -s "$state" ] && break; sleep 0.05; done
# HELM_GITHUB_API_URL, GH_TOKEN, and GH_REPO=acme/widgets, the repository it starts with.
eval "$("$fake" --state "$state" env)"
# The tour runs straight through: no pager for the long looks and the story.
export HELM_PAGER=

say() { printf '\n# %s\n' "$*"; }
# The command as you would type it: words with spaces or quotes in double quotes.
show() {
    local line="\$ helm" word
    for word in "$@"; do
        if [[ $word =~ ^[A-Za-z0-9_./:=,@#-]+$ ]]; then line+=" $word"; else line+=" \"$word\""; fi
    done
    echo "$line"
}
run() { show "$@"; "$helm" "$@" 2>&1; }
# An observation prints a screen for people (add --json for the document), and
# says on stderr where it went.
look() { show observe "$@"; "$helm" observe "$@" 2>&1; }
team() { "$fake" --state "$state" "$@"; }
WHO=(--as claude-agent --role coder --method "tour script")

say "A teammate has filed an issue on GitHub (fake-github, $HELM_GITHUB_API_URL): $GH_REPO#1."
issue=1
show voyage new "Advance #$issue: fix widget crash"
V=$("$helm" voyage new "Advance #$issue: fix widget crash" 2>/dev/null)
echo "$V"
export HELM_VOYAGE=$V

say "Look, then comment a plan: the observation becomes the steer's bearing."
look github-issue "$issue"
run steer "${WHO[@]}" --summary "the crash is a missing bounds check" \
    comment --issue "$issue" --body "Plan: guard the index in widget(), add a test."
run log "${WHO[@]}" --summary "asked for feedback on the plan" "waiting for feedback"

say "bob answers on the issue."
team comment --repo "$GH_REPO" --number "$issue" --user bob --body "Sounds good, go ahead." >/dev/null
look github-issue "$issue" --focus comments

say "Open the pull request and ask bob to review."
pr_line=$(run steer "${WHO[@]}" --summary "plan agreed by bob" create-pr \
    --title "Fix widget crash" --head fix-42 --base main --body "Fixes #$issue.")
echo "$pr_line"
pr=$(echo "$pr_line" | sed -n 's/.*── create PR #\([0-9]*\).*/\1/p' | head -n 1)
run steer "${WHO[@]}" --summary "ready for review" request-review --pr "$pr" --reviewer bob

say "bob reviews with an inline comment; reply to it inline."
team review --repo "$GH_REPO" --pr "$pr" --user bob --verdict COMMENTED \
    --body "One question." --path src/lib.rs --line 3 --comment "Return early instead?" >/dev/null
look github-pr "$pr" --focus reviews
thread=$("$helm" observe github-pr "$pr" --focus reviews --json 2>/dev/null |
    sed -n 's/.*"threads":\[{"id":\([0-9]*\).*/\1/p')
run steer "${WHO[@]}" --summary "bob is right: return early" \
    reply-inline --pr "$pr" --comment-id "$thread" --body "Done: it returns early now."

say "bob approves and CI passes; look at the PR before merging."
team review --repo "$GH_REPO" --pr "$pr" --user bob --verdict APPROVED --body "LGTM" >/dev/null
team check --repo "$GH_REPO" --pr "$pr" --name test --conclusion success >/dev/null
look github-pr "$pr"

say "carol pushes a commit meanwhile: the merge is refused, the bearing is stale."
team push --repo "$GH_REPO" --pr "$pr" --file src/lib.rs --patch "@@ -1 +1 @@ +// carol" >/dev/null
run steer "${WHO[@]}" --summary "approved, checks green" merge-pr --pr "$pr" --squash ||
    echo "(refused: exit $?; nothing acted, nothing recorded)"

say "Look again (CI passed on the new head too), then merge."
team check --repo "$GH_REPO" --pr "$pr" --name test --conclusion success >/dev/null
look github-pr "$pr"
run steer "${WHO[@]}" --summary "approved, checks green on carol's head" merge-pr --pr "$pr" --squash
run voyage end --status merged

say "The logbook tells the story; the brief is what you resume from."
run voyage show
run voyage brief

say "The voyage as one page: a self-contained HTML file a reviewer opens offline."
page=${TOUR_PAGE:-$HELM_HOME/voyage.html}
show voyage page --out "$page"
"$helm" voyage page --out "$page" >/dev/null 2>&1
echo "Wrote $page: open it in a browser."

say "The same on GitLab: a project on gitlab.com, which the same fake serves (HELM_GITLAB_API_URL)."
eval "$("$fake" --state "$state" env --forge gitlab)"
team gitlab project --project acme/widgets >/dev/null
gl_issue=$(team gitlab issue --project acme/widgets --title "Widget crashes on GitLab too")
team gitlab comment --project acme/widgets --iid "$gl_issue" --user bob --body "Same trace here." >/dev/null
show voyage new "Answer the GitLab issue"
G=$("$helm" voyage new "Answer the GitLab issue" 2>/dev/null)
export HELM_VOYAGE=$G
look issue "$gl_issue" --repo https://gitlab.com/acme/widgets
run steer "${WHO[@]}" --summary "same root cause as GitHub #$issue" --repo https://gitlab.com/acme/widgets \
    comment --issue "$gl_issue" --body "Same bounds check; fixed on GitHub in #$pr."
run voyage show
