//! How the process's allocator (glibc's malloc) holds memory for a small server: buffers
//! returned to the system after use, and one arena per core rather than eight.

/// Tunes malloc before any thread starts (elsewhere than glibc, it does nothing).
///
/// - Large buffers (each password hash works in 19 MiB) are mapped and unmapped on their own,
///   so memory goes back to the system after a burst of sign-ins. By default glibc raises its
///   mapping threshold after the first such free and then keeps the buffers in its per-thread
///   arenas: 200 parallel sign-ins left a 460 MiB peak that way.
/// - glibc makes up to eight arenas per core, one for each thread that meets a locked one, and
///   each keeps its own free memory. The server runs one async worker per core plus blocking
///   threads for hashing, decoding and indexing; one arena per core holds about 1.5 MiB less
///   at rest with no measurable contention (BENCHMARKS.md, memory).
pub fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        let arenas = libc::c_int::try_from(cores).unwrap_or(libc::c_int::MAX);
        // SAFETY: mallopt only changes malloc tuning parameters; called before any thread starts.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
            libc::mallopt(libc::M_ARENA_MAX, arenas);
        }
    }
}
