//! What every page must be, checked on the HTML text itself: one
//! Content-Security-Policy that forbids everything but the page's stylesheet
//! (by its hash), no script, no element that loads anything, no attribute
//! outside a short list (so no `on…` handler and no `style`), and links only
//! within the page or to the GitHub web host given. Shared by the unit tests
//! (`src/output/page/tests.rs`) and the integration tests.

use base64::Engine as _;
use sha2::{Digest, Sha256};

const TAGS: &[&str] = &[
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "header",
    "footer",
    "section",
    "article",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "b",
    "i",
    "br",
    "code",
    "pre",
    "blockquote",
    "span",
    "div",
    "dl",
    "dt",
    "dd",
    "ul",
    "li",
    "table",
    "tr",
    "th",
    "td",
    "details",
    "summary",
    "a",
    "svg",
    "text",
    "line",
    "rect",
    "circle",
];

const ATTRIBUTES: &[&str] = &[
    "class",
    "id",
    "href",
    "rel",
    "lang",
    "charset",
    "http-equiv",
    "content",
    "name",
    "xmlns",
    "viewbox",
    "role",
    "aria-label",
    "x",
    "y",
    "x1",
    "x2",
    "y1",
    "y2",
    "cx",
    "cy",
    "r",
    "width",
    "height",
    "text-anchor",
];

/// Panics, saying what and where, unless `html` is a page as helm must
/// write it; `origin` is the only web host links may go to.
pub(crate) fn assert_safe_page(html: &str, origin: Option<&str>) {
    let csp_start = "<meta http-equiv=\"Content-Security-Policy\" content=\"";
    assert_eq!(html.matches(csp_start).count(), 1, "one CSP meta");
    let csp = html.split(csp_start).nth(1).unwrap();
    let csp = &csp[..csp.find('"').unwrap()];
    assert!(csp.starts_with("default-src 'none'; "), "{csp}");
    assert!(csp.contains("script-src 'none'"), "{csp}");
    let style = html.split("<style>").nth(1).expect("a stylesheet");
    let style = &style[..style.find("</style>").unwrap()];
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(style.as_bytes()));
    assert!(
        csp.contains(&format!("style-src 'sha256-{hash}'")),
        "the CSP admits the stylesheet by its hash: {csp}"
    );
    assert_eq!(html.matches("<style>").count(), 1, "one stylesheet");
    // Past the stylesheet every `<` opens a tag helm writes.
    let (head, rest) = html.split_at(html.find("</style>").unwrap());
    for part in [head.split("<style>").next().unwrap(), rest] {
        check_tags(part, origin);
    }
}

fn check_tags(html: &str, origin: Option<&str>) {
    let mut at = 0;
    while let Some(found) = html[at..].find('<') {
        let start = at + found;
        let end = start + html[start..].find('>').expect("every tag closes");
        let tag = &html[start + 1..end];
        at = end + 1;
        if tag.starts_with("!DOCTYPE") {
            continue;
        }
        let tag = tag.trim_start_matches('/').trim_end_matches('/');
        let name = tag.split([' ', '\n']).next().unwrap().to_ascii_lowercase();
        assert!(TAGS.contains(&name.as_str()), "tag <{name}> in <{tag}>");
        let mut attrs = &tag[name.len()..];
        while let Some(eq) = attrs.find("=\"") {
            let attr = attrs[..eq].trim().to_ascii_lowercase();
            let close = eq + 2 + attrs[eq + 2..].find('"').expect("quoted value");
            let value = &attrs[eq + 2..close];
            assert!(
                ATTRIBUTES.contains(&attr.as_str()),
                "attribute {attr} in <{tag}>"
            );
            assert!(!value.contains(['<', '>']), "raw markup in <{tag}>");
            if attr == "href" {
                let inside = value.starts_with("#e") || value.starts_with("#p-");
                let web = origin.is_some_and(|o| value.starts_with(&format!("{o}/")));
                assert!(inside || web, "link {value} leaves the page for {origin:?}");
            }
            attrs = &attrs[close + 1..];
        }
        assert!(attrs.trim().is_empty(), "stray text in <{tag}>");
    }
}
