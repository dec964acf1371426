//! A start's one-off work (migrations, the demo seed, the search index: `startup::prepare`)
//! in a forked child process. What that work allocates, and the code it runs once, leave with
//! the child: the serving process then holds what a restart holds (BENCHMARKS.md, hot path
//! and memory: 50 MiB after a fresh demo start in one process, 38 after a restart).
use crate::{config::Config, startup};

/// Forks, runs `startup::prepare` in the child and waits for it to end. Call it before any
/// thread starts: a fork copies only the calling thread. The child's error is printed by the
/// child; the parent answers that the preparation failed.
#[cfg(unix)]
pub fn prepare_in_child(config: &Config) -> anyhow::Result<()> {
    use anyhow::Context;
    // SAFETY: the process has a single thread here (main calls this before the runtime
    // starts), so the child is a whole copy of it with no lock held by a vanished thread.
    let pid = unsafe { libc::fork() };
    match pid {
        -1 => Err(std::io::Error::last_os_error())
            .context("cannot start a process for the start's one-off work"),
        0 => std::process::exit(run_in_child(config)),
        child => wait_for(child),
    }
}

/// Without fork, `Application::build` does the same work in the serving process.
#[cfg(not(unix))]
pub fn prepare_in_child(_config: &Config) -> anyhow::Result<()> {
    Ok(())
}

/// The child's side: the work on a runtime of its own; answers the exit code.
#[cfg(unix)]
fn run_in_child(config: &Config) -> i32 {
    end_with_the_parent();
    let work = async {
        startup::prepare(config).await?.close().await;
        anyhow::Ok(())
    };
    let done = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(anyhow::Error::from)
        .and_then(|runtime| runtime.block_on(work));
    match done {
        Ok(()) => 0,
        Err(error) => {
            eprintln!("Error: {error:?}");
            1
        }
    }
}

/// The child is stopped when its parent ends (an operator's SIGTERM during a long index
/// build stops both).
#[cfg(target_os = "linux")]
fn end_with_the_parent() {
    // SAFETY: prctl with PR_SET_PDEATHSIG only sets this process's own death signal.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM) };
}

#[cfg(all(unix, not(target_os = "linux")))]
fn end_with_the_parent() {}

/// The parent's side: waits for the child and tells how it ended.
#[cfg(unix)]
fn wait_for(child: libc::pid_t) -> anyhow::Result<()> {
    let mut status = 0;
    loop {
        // SAFETY: waitpid writes the status of our own child into `status`.
        let waited = unsafe { libc::waitpid(child, &mut status, 0) };
        if waited == child {
            break;
        }
        let error = std::io::Error::last_os_error();
        if error.kind() != std::io::ErrorKind::Interrupted {
            anyhow::bail!("cannot wait for the start's one-off work (process {child}): {error}");
        }
    }
    if libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0 {
        tracing::info!(
            process = child,
            "the start's one-off work (migrations, demo seed, search index) done in its own process"
        );
        Ok(())
    } else if libc::WIFSIGNALED(status) {
        anyhow::bail!(
            "the start's one-off work (process {child}) was stopped by signal {}",
            libc::WTERMSIG(status)
        )
    } else {
        anyhow::bail!(
            "the start's one-off work (process {child}) failed (exit status {}): the server does not start",
            libc::WEXITSTATUS(status)
        )
    }
}
