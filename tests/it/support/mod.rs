pub mod env;
pub mod fake_github;
pub mod openapi;
