//! Books, chapters and users in and out of the catalogue as CSV or JSON: imports run as jobs
//! (the page polls their progress), exports stream page by page. The binary's `import` and
//! `export` commands run the same code.
pub mod export;
pub mod import;

use std::{sync::Arc, time::Duration};

use moka::sync::Cache;
use tingshu_core::Lang;

use self::import::{ImportJob, JobState, Progress};
use crate::console::{audit::Actor, Console};

/// How long a finished import's report stays readable.
const JOB_TTL: Duration = Duration::from_secs(3600);

/// The imports of the last hour on this server; cheap to clone.
#[derive(Clone)]
pub struct ImportJobs {
    jobs: Cache<String, Arc<JobState>>,
}

impl Default for ImportJobs {
    fn default() -> Self {
        Self {
            jobs: Cache::builder()
                .max_capacity(1000)
                .time_to_live(JOB_TTL)
                .build(),
        }
    }
}

impl ImportJobs {
    /// Starts importing `bytes` for `actor` on a task of its own; answers the job as it starts.
    pub fn start(
        &self,
        console: &Console,
        actor: Actor,
        bytes: Vec<u8>,
        dry_run: bool,
        lang: Lang,
    ) -> ImportJob {
        let id = uuid::Uuid::new_v4().to_string();
        let job = Arc::new(JobState {
            owner: actor.id,
            dry_run,
            progress: Arc::new(Progress::default()),
            outcome: std::sync::Mutex::new(None),
        });
        self.jobs.insert(id.clone(), job.clone());
        let view = job.view(&id);
        let console = console.clone();
        tokio::spawn(async move {
            let outcome =
                import::run(&console.db, &actor, &bytes, dry_run, &job.progress, lang).await;
            let outcome = match outcome {
                Ok((report, touched)) => {
                    crate::console::catalogue_changed(&console, &touched).await;
                    Ok(report)
                }
                Err(error) => Err(error.to_string()),
            };
            if let Err(error) = &outcome {
                tracing::warn!(%error, "import failed");
            }
            *job.outcome
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(outcome);
        });
        view
    }

    /// The job `id` of `owner`, if it is known.
    pub fn get(&self, id: &str, owner: i32) -> Option<ImportJob> {
        self.jobs
            .get(id)
            .filter(|job| job.owner == owner)
            .map(|job| job.view(id))
    }
}
