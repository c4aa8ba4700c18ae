#!/usr/bin/env python3
"""Writes helm's secret rules (crates/helm-core/src/secrets/gitleaks.json) from
gitleaks' default configuration, config/gitleaks.toml in
https://github.com/gitleaks/gitleaks (MIT licence, see
crates/helm-core/src/secrets/NOTICE).

helm keeps the rules as data so that following gitleaks is a rerun of this
script and a review of the diff, not an edit of Rust code. What it keeps of
each rule: id, regex, entropy, keywords, secretGroup, and the allowlists'
regexes (with their regexTarget) and stopwords. Left out: path-only rules
and path allowlists (helm scans payloads, not a checkout) and the allowlists'
`condition` (helm treats every allowlist as "any of").

Amended (see AMEND below): where gitleaks' regex leaves out a secret that
its own value alphabet admits, helm widens it, and says why; rerunning the
script keeps the amendments.

Usage: scripts/gitleaks-rules.py path/to/gitleaks.toml COMMIT
"""

import json
import sys
import tomllib


# (rule id, gitleaks' text, helm's text, why)
AMEND = [
    (
        "generic-api-key",
        "[a-z0-9][a-z0-9+/]{11,}={0,3}",
        "[a-z0-9+/]{12,}={0,3}",
        # An AWS secret access key is 40 characters of base64's alphabet:
        # one in 32 starts with `/` or `+`, which gitleaks' first class left
        # out, so such a key was stored verbatim (issue 46).
        "a base64 value may start with any letter of its alphabet",
    ),
    (
        "openai-api-key",
        "[A-Za-z0-9_-]{58})\\b|",
        "[A-Za-z0-9_-]{58})|",
        # `\b` after a value that ends in `-` (one key in 64) never holds
        # before the terminator the rule asks for next, so such a key was
        # stored verbatim; the terminator bounds the value already.
        "a value may end with any letter of its alphabet",
    ),
]


def amend(rule):
    for rule_id, theirs, ours, _why in AMEND:
        if rule["id"] == rule_id:
            if theirs not in rule["regex"]:
                sys.exit("%s no longer holds %s: review the amendment" % (rule_id, theirs))
            rule["regex"] = rule["regex"].replace(theirs, ours)


def allow(entry):
    out = {}
    if entry.get("regexes"):
        out["regexes"] = entry["regexes"]
        if entry.get("regexTarget", "secret") != "secret":
            out["regexTarget"] = entry["regexTarget"]
    if entry.get("stopwords"):
        out["stopwords"] = entry["stopwords"]
    return out


def main():
    path, commit = sys.argv[1], sys.argv[2]
    with open(path, "rb") as f:
        config = tomllib.load(f)
    rules = []
    for rule in config["rules"]:
        if not rule.get("regex"):
            continue
        kept = {"id": rule["id"], "regex": rule["regex"], "keywords": rule.get("keywords", [])}
        amend(kept)
        if "entropy" in rule:
            kept["entropy"] = rule["entropy"]
        if "secretGroup" in rule:
            kept["secretGroup"] = rule["secretGroup"]
        allows = [a for a in (allow(a) for a in rule.get("allowlists", [])) if a]
        if allows:
            kept["allowlists"] = allows
        rules.append(kept)
    glob = allow(config.get("allowlist", {}))
    doc = {
        "source": "https://github.com/gitleaks/gitleaks/blob/%s/config/gitleaks.toml" % commit,
        "licence": "MIT, Copyright (c) 2019 Zachary Rice; see NOTICE",
        "allowlist": glob,
        "rules": rules,
    }
    out = "crates/helm-core/src/secrets/gitleaks.json"
    with open(out, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print("%d rules written to %s" % (len(rules), out))


if __name__ == "__main__":
    main()
