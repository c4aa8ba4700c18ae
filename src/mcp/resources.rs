//! MCP resources: each voyage's story (`helm://voyages/{id}/story`, the
//! Markdown logbook `voyage show --format markdown` prints), brief
//! (`helm://voyages/{id}/brief`, the text `voyage brief` prints) and page
//! (`helm://voyages/{id}/page`, the HTML `voyage page` writes), listed
//! for every voyage and offered as templates taking an id or a prefix.
//! They are views of `voyage_show` (the story and the page) and
//! `voyage_brief`, so a server serves each kind exactly when it serves that
//! tool.

use rmcp::model::{Resource, ResourceContents, ResourceTemplate};

use super::Ctx;
use super::served::Served;
use super::tools;
use crate::error::{Error, Kind, Result};
use crate::output::brief::BriefReport;
use crate::output::page::PageReport;
use crate::output::voyage::{StoryFormat, StoryReport};
use crate::output::{Report, Style};
use helm_core::ListFilter;

const SCHEME: &str = "helm://voyages/";

/// What a resource shows of a voyage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ResourceView {
    Story,
    Brief,
    Page,
}

impl ResourceView {
    const ALL: [ResourceView; 3] = [ResourceView::Story, ResourceView::Brief, ResourceView::Page];

    fn name(self) -> &'static str {
        match self {
            ResourceView::Story => "story",
            ResourceView::Brief => "brief",
            ResourceView::Page => "page",
        }
    }

    fn mime_type(self) -> &'static str {
        match self {
            ResourceView::Story => "text/markdown",
            ResourceView::Brief => "text/plain",
            ResourceView::Page => "text/html",
        }
    }

    /// The tool whose view this is; served together.
    fn tool(self) -> &'static tools::Tool {
        let name = match self {
            ResourceView::Story | ResourceView::Page => "voyage_show",
            ResourceView::Brief => "voyage_brief",
        };
        tools::find(name).expect("the tool behind a resource")
    }

    fn served(self, served: &Served) -> bool {
        served.serves(self.tool())
    }

    fn describe(self) -> &'static str {
        match self {
            ResourceView::Story => {
                "The voyage's logbook as Markdown: every entry with who acted, why, what was done and its bearing."
            }
            ResourceView::Brief => {
                "Where the voyage stands, short enough to resume from: status, last entries and state, what it did on GitHub, interrupted steers, the slate."
            }
            ResourceView::Page => {
                "The voyage as one self-contained HTML page for a person to read: header, timeline, every entry with its bearing and payloads; it loads and runs nothing."
            }
        }
    }
}

pub(crate) fn uri(voyage: &str, view: ResourceView) -> String {
    format!("{SCHEME}{voyage}/{}", view.name())
}

/// `helm://voyages/{id}/story` → (`id`, `Story`).
pub(crate) fn parse(uri: &str) -> Option<(&str, ResourceView)> {
    let rest = uri.strip_prefix(SCHEME)?;
    let (voyage, name) = rest.split_once('/')?;
    let view = ResourceView::ALL.into_iter().find(|v| v.name() == name)?;
    (!voyage.is_empty() && !voyage.contains('/')).then_some((voyage, view))
}

/// The templates, one per view served.
pub(crate) fn templates(served: &Served) -> Vec<ResourceTemplate> {
    ResourceView::ALL
        .into_iter()
        .filter(|view| view.served(served))
        .map(|view| {
            ResourceTemplate::new(
                format!("{SCHEME}{{voyage}}/{}", view.name()),
                format!("voyage {}", view.name()),
            )
            .with_description(format!(
                "{} {{voyage}} is a voyage id or an unambiguous prefix.",
                view.describe()
            ))
            .with_mime_type(view.mime_type())
        })
        .collect()
}

/// Every voyage's story and brief, newest voyage first.
pub(crate) fn list(ctx: &Ctx, served: &Served) -> Result<Vec<Resource>> {
    let views: Vec<ResourceView> = ResourceView::ALL
        .into_iter()
        .filter(|view| view.served(served))
        .collect();
    if views.is_empty() {
        return Ok(Vec::new());
    }
    let listing = ctx.helm.voyage_list(ListFilter::All)?;
    let mut out = Vec::new();
    for summary in &listing.voyages {
        let voyage = &summary.voyage;
        let id = voyage.id.to_string();
        for &view in &views {
            out.push(
                Resource::new(uri(&id, view), format!("{} {}", view.name(), id))
                    .with_title(format!(
                        "{}: {}",
                        view.name(),
                        crate::output::truncate(&crate::output::clean_line(&voyage.intent), 72)
                    ))
                    .with_description(view.describe())
                    .with_mime_type(view.mime_type()),
            );
        }
    }
    Ok(out)
}

/// The text of one resource, as the CLI prints it.
pub(crate) fn read(ctx: &Ctx, served: &Served, uri: &str) -> Result<ResourceContents> {
    let Some((voyage, view)) = parse(uri) else {
        return Err(
            Error::new(Kind::NotFound, format!("no helm resource {uri}"))
                .hint("helm's resources are helm://voyages/{voyage}/story, …/brief and …/page"),
        );
    };
    if !view.served(served) {
        return Err(Error::new(
            Kind::NotFound,
            format!(
                "resource {uri} is not served: this helm server does not serve {}",
                view.tool().name
            ),
        ));
    }
    let report: Box<dyn Report> = match view {
        ResourceView::Story => {
            Box::new(StoryReport::read(&ctx.helm, voyage, StoryFormat::Markdown)?)
        }
        ResourceView::Brief => Box::new(BriefReport {
            brief: ctx.helm.voyage_brief(voyage)?,
        }),
        ResourceView::Page => {
            let (story, html) = crate::output::page::of(&ctx.helm, voyage)?;
            Box::new(PageReport {
                voyage: story.snapshot.voyage,
                html,
            })
        }
    };
    let mut text = Vec::new();
    report
        .human(
            &mut text,
            Style {
                color: false,
                terminal: false,
            },
        )
        .map_err(|err| Error::io("cannot render the resource", &err))?;
    Ok(ResourceContents::TextResourceContents {
        uri: uri.to_string(),
        mime_type: Some(view.mime_type().to_string()),
        text: String::from_utf8_lossy(&text).into_owned(),
        meta: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_name_a_voyage_and_a_view() {
        assert_eq!(
            parse("helm://voyages/0190ab/story"),
            Some(("0190ab", ResourceView::Story))
        );
        assert_eq!(
            parse(&uri("abc", ResourceView::Brief)),
            Some(("abc", ResourceView::Brief))
        );
        assert_eq!(
            parse("helm://voyages/0190ab/page"),
            Some(("0190ab", ResourceView::Page))
        );
        assert_eq!(parse("helm://voyages//story"), None);
        assert_eq!(parse("helm://voyages/a/b/story"), None);
        assert_eq!(parse("helm://voyages/a/show"), None);
        assert_eq!(parse("file:///a/story"), None);
    }
}
