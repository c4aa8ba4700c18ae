//! helm-gitlab against the fake GitLab: every `Repository` method, each
//! action planned and sent, the looks that settle a lost answer, GitLab's
//! limits; each test ends by asserting that nothing helm sent lies outside
//! GitLab's documented endpoints (the fixture the fake is held to).

mod acts;
mod limits;
mod looks;
mod merges;
mod refusals;
mod support;
mod traces;
