//! GitLab's CI as a merge request sees it: pipelines (of a merge request, or of a project
//! filtered by `sha`/`ref`), the jobs of a pipeline, and a job's trace as plain text.

use super::*;

impl GitLabWorld {
    pub(in crate::gitlab) fn mr_pipelines(
        &self,
        call: &ForgeCall,
        p: usize,
    ) -> Result<Reply, Reply> {
        let mr = self.projects[p].mr(call.number("merge_request"))?;
        let pipelines = self.projects[p].pipelines.iter().rev();
        let shown = pipelines
            .filter(|pl| pl.git_ref == mr.source_branch)
            .map(|pl| self.pipeline_json(call, p, pl))
            .collect();
        Ok(call.page(OtherForge::GitLab, shown))
    }

    pub(in crate::gitlab) fn pipelines(&self, call: &ForgeCall, p: usize) -> Reply {
        let (sha, git_ref) = (call.text("sha"), call.text("ref"));
        let pipelines = self.projects[p].pipelines.iter().rev();
        let shown = pipelines
            .filter(|pl| sha.as_ref().is_none_or(|s| *s == pl.sha))
            .filter(|pl| git_ref.as_ref().is_none_or(|r| *r == pl.git_ref))
            .map(|pl| self.pipeline_json(call, p, pl))
            .collect();
        call.page(OtherForge::GitLab, shown)
    }

    pub(in crate::gitlab) fn jobs(&self, call: &ForgeCall, p: usize) -> Result<Reply, Reply> {
        let id = call.number("pipeline");
        let project = &self.projects[p];
        if !project.pipelines.iter().any(|pl| pl.id == id) {
            return Err(not_found("Pipeline"));
        }
        let jobs = project.jobs.iter().filter(|job| job.pipeline == id);
        let shown = jobs.map(|job| self.job_json(call, p, job)).collect();
        Ok(call.page(OtherForge::GitLab, shown))
    }

    pub(in crate::gitlab) fn trace(&self, call: &ForgeCall, p: usize) -> Result<Reply, Reply> {
        let id = call.number("job");
        let job = self.projects[p].jobs.iter().find(|job| job.id == id);
        let job = job.ok_or_else(|| not_found("Job"))?;
        let mut reply = Reply::json(200, Value::Null);
        reply.json = None;
        reply.text = job.trace.clone();
        reply.content_type = "text/plain; charset=utf-8";
        Ok(reply)
    }
}
