//! What the brief says of proposals (issue 42): each one waiting for a
//! decision and how to decide it. What a proposal, a rejection and an
//! approved steer say in the story is `asked.rs`'s; their fates on the page
//! are `page/fates.rs`'s.

/// The brief's first lines: each proposal waiting for a decision, and how
/// to decide it.
pub(crate) fn write_waiting(
    out: &mut dyn std::io::Write,
    waiting: &[helm_core::Waiting],
    style: super::Style,
) -> std::io::Result<()> {
    for proposal in waiting {
        writeln!(
            out,
            "{}",
            style.warn(&format!(
                "proposal {} waits for approval: {} by {} · expires {} (helm approve {} / helm reject {})",
                proposal.entry,
                super::clean_line(&proposal.doing),
                super::clean_line(&proposal.proposer),
                super::when(&proposal.expires_at),
                proposal.entry,
                proposal.entry,
            ))
        )?;
    }
    Ok(())
}
