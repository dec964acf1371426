//! How the process allocates: every allocation, the Rust code's and SQLite's, goes through
//! mimalloc (the binary's global allocator, `main.rs`), tuned here for a small server that
//! must also be a fast one.
//!
//! glibc's malloc, used before, was a fifth of a busy catalogue's time at 100,000 books, half
//! of it threads queueing on its arena locks (the async workers, SQLite's connection threads
//! and the blocking pool share a few arenas), and SQLite took a process-wide mutex on each of
//! its own allocations to count them. mimalloc's heaps are per thread, and SQLite counts
//! nothing now (BENCHMARKS.md, the catalogue at 100,000 books).
use std::ffi::{c_int, c_long, c_void};

/// mimalloc's purge delay, by its number in `mimalloc.h`'s `mi_option_e` (the Rust bindings
/// do not name it); a test checks it against its default.
const MI_OPTION_PURGE_DELAY: c_int = 15;
/// mimalloc's arena eager commit, likewise.
#[cfg(test)]
const MI_OPTION_ARENA_EAGER_COMMIT: c_int = 4;

/// Tunes the allocators; call first thing in `main`, before any thread starts and before
/// SQLite's first connection. Returns what could not be set (for the log, once it runs).
pub fn tune_allocator() -> Option<&'static str> {
    return_freed_memory_soon();
    sqlite_allocates_through_mimalloc()
}

/// How long memory freed by the process may wait to be used again before it goes back to the
/// system. mimalloc's default, a second, kept what the threads that seeded the demo and built
/// the search index at start-up freed, for as long as nothing else freed a page (30 MiB of idle
/// RSS); none at all (0) gives each page back the moment it is free and faults it in again a
/// moment later: under the audio Range load a tenth of the server's CPU went to `madvise`, the
/// page faults after it and the TLB flushes it sends the other core. Ten milliseconds spans a
/// busy server's reuse of its pages (CPU per range about 26 → 23 µs) for 2–7 MiB more idle RSS
/// than immediate purging; a hundred kept 10 MiB more (BENCHMARKS.md).
const PURGE_DELAY_MS: c_long = 10;

/// Memory freed goes back to the system soon ([`PURGE_DELAY_MS`]), unless the operator set
/// `MIMALLOC_PURGE_DELAY` (mimalloc reads its environment before `main`). Reserved memory is
/// also committed as it is used, not a whole arena at once: that has to hold from mimalloc's
/// first allocation, before `main`, so it is a build setting (`MI_DEFAULT_ARENA_EAGER_COMMIT=0`
/// in `.cargo/config.toml`).
fn return_freed_memory_soon() {
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
        // SAFETY: mi_option_set only stores an option's value, read at each purge.
        unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS) };
    }
}

/// SQLite allocates through mimalloc too, without counting its memory: its memory statistics
/// take one process-wide mutex on every allocation, and nothing reads them.
fn sqlite_allocates_through_mimalloc() -> Option<&'static str> {
    use libsqlite3_sys::{
        sqlite3_config, sqlite3_mem_methods, SQLITE_CONFIG_MALLOC, SQLITE_CONFIG_MEMSTATUS,
        SQLITE_OK,
    };
    unsafe extern "C" fn allocate(bytes: c_int) -> *mut c_void {
        // SAFETY: SQLite asks for a positive size; mimalloc's blocks are 16-byte aligned.
        unsafe { libmimalloc_sys::mi_malloc(usize::try_from(bytes).unwrap_or(0)) }
    }
    unsafe extern "C" fn free(block: *mut c_void) {
        // SAFETY: `block` came from `allocate` or `reallocate` (or is null).
        unsafe { libmimalloc_sys::mi_free(block) }
    }
    unsafe extern "C" fn reallocate(block: *mut c_void, bytes: c_int) -> *mut c_void {
        // SAFETY: as in `allocate` and `free`.
        unsafe { libmimalloc_sys::mi_realloc(block, usize::try_from(bytes).unwrap_or(0)) }
    }
    unsafe extern "C" fn size(block: *mut c_void) -> c_int {
        // SAFETY: SQLite asks the size of blocks it holds, never of null.
        let usable = unsafe { libmimalloc_sys::mi_usable_size(block) };
        c_int::try_from(usable).unwrap_or(c_int::MAX)
    }
    unsafe extern "C" fn round_up(bytes: c_int) -> c_int {
        (bytes + 7) & !7
    }
    unsafe extern "C" fn init(_: *mut c_void) -> c_int {
        SQLITE_OK
    }
    unsafe extern "C" fn shutdown(_: *mut c_void) {}
    let methods = sqlite3_mem_methods {
        xMalloc: Some(allocate),
        xFree: Some(free),
        xRealloc: Some(reallocate),
        xSize: Some(size),
        xRoundup: Some(round_up),
        xInit: Some(init),
        xShutdown: Some(shutdown),
        pAppData: std::ptr::null_mut(),
    };
    // SAFETY: called before SQLite is initialised (no connection is open yet; afterwards each
    // call returns SQLITE_MISUSE and changes nothing). SQLite copies the methods.
    let statistics = unsafe { sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0 as c_int) };
    let allocator = unsafe { sqlite3_config(SQLITE_CONFIG_MALLOC, &methods) };
    (statistics != SQLITE_OK || allocator != SQLITE_OK)
        .then_some("SQLite was started before its allocator was set: it keeps glibc's malloc")
}

#[cfg(test)]
mod tests {
    use std::ffi::c_long;

    use super::*;

    /// Set in the child process that checks SQLite's allocator before anything started SQLite.
    const CHILD: &str = "TINGSHU_SQLITE_ALLOCATOR_CHILD";

    /// Nothing in this process sets either option: the purge delay is mimalloc's default (1 s;
    /// a wrong number would read another option), and eager commit is off from the build
    /// setting (mimalloc's own default is 2, "on where the system overcommits").
    #[test]
    fn the_purge_delay_is_the_option_named_and_eager_commit_is_off_from_the_start() {
        // SAFETY: reads an option's value.
        let (purge_delay, eager_commit) = unsafe {
            (
                libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY),
                libmimalloc_sys::mi_option_get(MI_OPTION_ARENA_EAGER_COMMIT),
            )
        };
        assert_eq!(purge_delay, 1000 as c_long, "not the purge delay");
        assert_eq!(
            eager_commit, 0 as c_long,
            "CFLAGS of .cargo/config.toml not applied"
        );
    }

    /// SQLite may already be started by other tests in this process, so the check runs in a
    /// fresh one: this very test binary, asked for the test below alone.
    #[test]
    fn sqlite_allocates_through_mimalloc_and_counts_nothing() {
        let status = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "memory::tests::in_a_fresh_process_sqlite_allocates_through_mimalloc",
                "--include-ignored",
            ])
            .env(CHILD, "1")
            .status()
            .unwrap();
        assert!(status.success(), "the check in a fresh process failed");
    }

    /// With statistics on, opening a connection alone counts a few hundred KiB in use; with
    /// glibc's malloc mimalloc would not know SQLite's blocks.
    #[test]
    #[ignore = "run by the test above in a process of its own"]
    fn in_a_fresh_process_sqlite_allocates_through_mimalloc() {
        use libsqlite3_sys::{sqlite3_close, sqlite3_memory_used, sqlite3_open, sqlite3_str_new};
        assert!(
            std::env::var_os(CHILD).is_some(),
            "run only by the test above"
        );
        assert_eq!(super::sqlite_allocates_through_mimalloc(), None);
        let mut conn = std::ptr::null_mut();
        // SAFETY: a NUL-terminated name, an out-pointer, and the connection closed below.
        let opened = unsafe { sqlite3_open(c":memory:".as_ptr(), &mut conn) };
        assert_eq!(opened, libsqlite3_sys::SQLITE_OK);
        // A block SQLite allocated for itself (a string builder) is one of mimalloc's.
        let builder = unsafe { sqlite3_str_new(conn) };
        assert!(unsafe { libmimalloc_sys::mi_is_in_heap_region(builder.cast()) });
        let used = unsafe { sqlite3_memory_used() };
        unsafe {
            libsqlite3_sys::sqlite3_free(libsqlite3_sys::sqlite3_str_finish(builder).cast());
            sqlite3_close(conn)
        };
        assert_eq!(used, 0, "SQLite still counts its memory");
    }
}
