//! What each action does, in the words every message about it uses ("comment
//! on issue #42", "merge PR #45"): made of the checked value's own fields
//! only, so the core's messages, a forge's failure words and a proposal's
//! summary name an action the same way, whichever crate words them.

use super::{
    CloseIssue, ClosePr, Comment, CreateIssue, CreatePr, EditIssue, EditPr, LabelChange, MergePr,
    ReopenIssue, ReplyInline, RequestReview, ResolveThread, Steer, UnresolveThread,
};

impl Steer {
    /// What the action does, for messages: "comment on issue #42".
    pub fn doing(&self) -> String {
        match self {
            Steer::Comment(a) => a.doing(),
            Steer::CreateIssue(a) => a.doing(),
            Steer::EditIssue(a) => a.doing(),
            Steer::CloseIssue(a) => a.doing(),
            Steer::ReopenIssue(a) => a.doing(),
            Steer::CreatePr(a) => a.doing(),
            Steer::EditPr(a) => a.doing(),
            Steer::ClosePr(a) => a.doing(),
            Steer::RequestReview(a) => a.doing(),
            Steer::ReplyInline(a) => a.doing(),
            Steer::MergePr(a) => a.doing(),
            Steer::Label(a) => a.doing(),
            Steer::ResolveThread(a) => a.doing(),
            Steer::UnresolveThread(a) => a.doing(),
        }
    }
}

impl Comment {
    pub fn doing(&self) -> String {
        format!("comment on {}", self.on.describe())
    }
}

impl CreateIssue {
    pub fn doing(&self) -> String {
        "create the issue".to_string()
    }
}

impl EditIssue {
    pub fn doing(&self) -> String {
        format!("edit issue #{}", self.issue)
    }
}

impl CloseIssue {
    pub fn doing(&self) -> String {
        format!("close issue #{}", self.issue)
    }
}

impl ReopenIssue {
    pub fn doing(&self) -> String {
        format!("reopen issue #{}", self.issue)
    }
}

impl CreatePr {
    pub fn doing(&self) -> String {
        "create the pull request".to_string()
    }
}

impl EditPr {
    pub fn doing(&self) -> String {
        format!("edit PR #{}", self.pr)
    }
}

impl ClosePr {
    pub fn doing(&self) -> String {
        format!("close PR #{}", self.pr)
    }
}

impl RequestReview {
    pub fn doing(&self) -> String {
        format!("request review on PR #{}", self.pr)
    }
}

impl ReplyInline {
    pub fn doing(&self) -> String {
        format!(
            "reply to review comment {} on PR #{}",
            self.comment_id, self.pr
        )
    }
}

impl MergePr {
    pub fn doing(&self) -> String {
        format!("merge PR #{}", self.pr)
    }
}

impl LabelChange {
    pub fn doing(&self) -> String {
        format!("change the labels of {}", self.on.describe())
    }
}

impl ResolveThread {
    pub fn doing(&self) -> String {
        thread_doing("resolve", &self.thread, self.pr)
    }
}

impl UnresolveThread {
    pub fn doing(&self) -> String {
        thread_doing("unresolve", &self.thread, self.pr)
    }
}

fn thread_doing(verb: &str, thread: &str, pr: u64) -> String {
    format!("{verb} review thread {thread} on PR #{pr}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::act::IssueOrPull;

    #[test]
    fn each_action_says_what_it_does_by_its_own_fields() {
        let comment = Steer::Comment(Comment {
            on: IssueOrPull::PullRequest(45),
            body: "b".into(),
        });
        assert_eq!(comment.doing(), "comment on PR #45");
        let thread = Steer::UnresolveThread(UnresolveThread {
            pr: 7,
            thread: "PRRT_1".into(),
            seen: None,
        });
        assert_eq!(thread.doing(), "unresolve review thread PRRT_1 on PR #7");
    }
}
