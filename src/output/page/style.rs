//! The page's one stylesheet and the Content-Security-Policy that admits it
//! by hash. The page has no script at all and loads nothing: the policy
//! says so to the browser, so even markup that escaped escaping could not
//! run or fetch anything.

use base64::Engine as _;
use sha2::{Digest, Sha256};

/// Light by default, dark when the reader's system prefers it, and a print
/// sheet that opens every payload and drops the colours.
pub(crate) const CSS: &str = "
:root{--bg:#fff;--fg:#1f2328;--dim:#59636e;--line:#d1d9e0;--box:#f6f8fa;--accent:#0969da;
--steer:#0969da;--log:#1a7f37;--warn:#bc4c00;--bad:#cf222e;--add:#dafbe1;--del:#ffebe9;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--dim:#9198a1;--line:#3d444d;
--box:#151b23;--accent:#4493f8;--steer:#4493f8;--log:#3fb950;--warn:#db6d28;--bad:#f85149;
--add:#12261e;--del:#25171c}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:72rem;padding:1rem 1.5rem 4rem;background:var(--bg);color:var(--fg);
font:15px/1.5 system-ui,-apple-system,'Segoe UI',sans-serif}
h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.25rem;border-bottom:1px solid var(--line);margin-top:2rem}
h3{font-size:1.05rem;margin:0 0 .25rem}h4{font-size:.95rem;margin:.75rem 0 .25rem}
a{color:var(--accent)}code,pre,.addr,.hash{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85em}
.dim,.addr,.hash{color:var(--dim)}
pre{background:var(--box);border:1px solid var(--line);border-radius:6px;padding:.5rem .75rem;
overflow:auto;max-height:40rem;white-space:pre-wrap;word-break:break-word}
table{border-collapse:collapse}td,th{border-bottom:1px solid var(--line);padding:.2rem .6rem;text-align:left;vertical-align:top}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
.facts dt{color:var(--dim)}.facts dd{margin:0}
.entry{border:1px solid var(--line);border-left:4px solid var(--log);border-radius:6px;padding:.75rem 1rem;margin:1rem 0}
/* A long logbook: the browser lays out only the entries near the screen. */
.entry{content-visibility:auto;contain-intrinsic-size:auto 14rem}
.entry.steer{border-left-color:var(--steer)}.entry:target{outline:2px solid var(--accent)}
.kind{font-size:.75rem;text-transform:uppercase;letter-spacing:.05em;color:var(--dim)}
.flag{display:inline-block;font-size:.75rem;border:1px solid var(--warn);color:var(--warn);border-radius:1em;padding:0 .5em;margin-left:.4em}
.flag.bad{border-color:var(--bad);color:var(--bad)}
blockquote{margin:.5rem 0;padding:0 .75rem;border-left:3px solid var(--line);white-space:pre-wrap}
.summary{white-space:pre-wrap}
.bearing{list-style:none;padding:0;margin:0}.bearing>li{border-top:1px dashed var(--line);padding:.35rem 0}
details>summary{cursor:pointer;color:var(--accent)}
.msg{border:1px solid var(--line);border-radius:6px;margin:.5rem 0}
.msg>header{background:var(--box);padding:.25rem .75rem;border-bottom:1px solid var(--line);font-size:.85rem}
.msg>div{padding:.25rem .75rem;white-space:pre-wrap}
.diff .add{background:var(--add);display:block}.diff .del{background:var(--del);display:block}
.diff .hunk{color:var(--dim);display:block}
.cut{color:var(--warn)}.notes{margin:.25rem 0;padding-left:1.2rem}
svg.timeline{width:100%;height:auto;border:1px solid var(--line);border-radius:6px;background:var(--box)}
svg .lane{stroke:var(--line)}svg text{fill:var(--fg);font:12px system-ui,sans-serif}
svg .steer{fill:var(--steer)}svg .log{fill:var(--log)}svg .flagged{stroke:var(--bad);stroke-width:3}
svg .wait{stroke:var(--warn);stroke-dasharray:4 3;stroke-width:2}
svg a:hover *{opacity:.6}
.legend span{margin-right:1rem}
@media print{:root{--bg:#fff;--fg:#000;--dim:#444;--box:#fff;--line:#999;--add:#e6ffec;--del:#ffeef0}
body{max-width:none;font-size:11pt;padding:0}a{color:inherit;text-decoration:none}
details::details-content{content-visibility:visible;display:block}details>summary{color:var(--dim)}
pre{max-height:none;overflow:visible}.entry{break-inside:avoid-page}svg.timeline{break-inside:avoid}}
";

/// The Content-Security-Policy of every page: nothing may load or run from
/// anywhere (`default-src 'none'`), the stylesheet above is admitted by its
/// hash, and neither forms nor a base URL can send the reader elsewhere.
pub(crate) fn csp() -> String {
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(CSS.as_bytes()));
    format!(
        "default-src 'none'; style-src 'sha256-{hash}'; img-src 'none'; \
         script-src 'none'; base-uri 'none'; form-action 'none'"
    )
}
