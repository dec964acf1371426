//! The services the instances test starts for itself from the machine's programs: a
//! PostgreSQL cluster, an S3-compatible server (moto's server mode, from PyPI into `.venv`) and
//! nginx as the reverse proxy; each stopped and removed when dropped.
use std::{
    net::TcpStream,
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use tempfile::TempDir;

/// A free loopback port.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Waits until something accepts connections on `port` (at most 30 s).
fn wait_for_port(port: u16, what: &str) {
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{what} did not start"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Sends `signal` to the process `child`.
fn signal(child: &Child, signal: libc::c_int) {
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    // SAFETY: kill only sends a signal to our own child process.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
}

/// A PostgreSQL cluster of its own on a free loopback port, removed when dropped.
pub struct Postgres {
    bin: PathBuf,
    folder: TempDir,
    port: u16,
    /// The user PostgreSQL runs as when the tests run as root (it refuses root).
    owner: Option<&'static str>,
}

impl Postgres {
    /// A new cluster, started; None when the machine has no PostgreSQL server binaries.
    pub fn start_new() -> Option<Self> {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .filter_map(|entry| Some(entry.ok()?.path().join("bin")))
            .filter(|bin| bin.join("initdb").exists())
            .max()?;
        let folder = tempfile::tempdir().unwrap();
        let owner = (unsafe { libc::geteuid() } == 0).then_some("postgres");
        if let Some(owner) = owner {
            let status = Command::new("chown")
                .arg(owner)
                .arg(folder.path())
                .status()
                .unwrap();
            assert!(
                status.success(),
                "cannot give the cluster's folder to {owner}"
            );
        }
        let port = free_port();
        let cluster = Self {
            bin,
            folder,
            port,
            owner,
        };
        cluster.run(
            "initdb",
            &[
                "-U",
                "tingshu",
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C.UTF-8",
            ],
        );
        cluster.start();
        Some(cluster)
    }

    fn data(&self) -> String {
        self.folder.path().join("data").display().to_string()
    }

    /// Runs one of PostgreSQL's programs on the cluster's data folder, as its owner.
    fn run(&self, program: &str, args: &[&str]) {
        let output = self.command(program, args).output().unwrap();
        assert!(
            output.status.success(),
            "{program} failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }

    /// One of PostgreSQL's programs with `args` on the cluster's data folder, as its owner.
    fn command(&self, program: &str, args: &[&str]) -> Command {
        let path = self.bin.join(program);
        let mut command = match self.owner {
            Some(owner) => {
                let mut command = Command::new("runuser");
                command.args(["-u", owner, "--"]).arg(&path);
                command
            }
            None => Command::new(&path),
        };
        command.arg("-D").arg(self.data()).args(args);
        command
    }

    pub fn start(&self) {
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {} -k {} -c fsync=off",
            self.port,
            self.folder.path().display()
        );
        let log = self.folder.path().join("log").display().to_string();
        self.run("pg_ctl", &["-l", &log, "-w", "-o", &options, "start"]);
    }

    /// Stops the cluster as an operator would (connections are closed).
    pub fn stop(&self) {
        self.run("pg_ctl", &["-m", "fast", "-w", "stop"]);
    }

    pub fn url(&self) -> String {
        format!("postgres://tingshu@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = self
            .command("pg_ctl", &["-m", "immediate", "stop"])
            .output();
    }
}

/// An S3-compatible server over HTTP (moto's server mode) holding one bucket.
pub struct S3 {
    child: Child,
    pub port: u16,
}

/// The bucket the instances store audio and images in.
pub const BUCKET: &str = "tingshu";

impl S3 {
    /// Started from the workspace's `.venv` (`make test` installs it); None without it.
    pub async fn start_new() -> Option<Self> {
        let program = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.venv/bin/moto_server");
        if !program.exists() {
            return None;
        }
        let port = free_port();
        let child = Command::new(program)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start moto_server");
        wait_for_port(port, "moto_server");
        let bucket = reqwest::Client::new()
            .put(format!("http://127.0.0.1:{port}/{BUCKET}"))
            .send()
            .await
            .unwrap();
        assert!(bucket.status().is_success(), "cannot make the bucket");
        Some(Self { child, port })
    }

    /// The variables that point an instance at the bucket.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("STORAGE_URL", format!("s3://{BUCKET}")),
            ("AWS_ENDPOINT", format!("http://127.0.0.1:{}", self.port)),
            ("AWS_ALLOW_HTTP", "true".to_owned()),
            ("AWS_REGION", "us-east-1".to_owned()),
            ("AWS_ACCESS_KEY_ID", "test".to_owned()),
            ("AWS_SECRET_ACCESS_KEY", "test".to_owned()),
        ]
    }

    /// The server stops answering (SIGSTOP: moto keeps its objects in memory, so it is frozen
    /// rather than ended, as a store cut off by the network would be).
    pub fn pause(&self) {
        signal(&self.child, libc::SIGSTOP);
    }

    /// The server answers again.
    pub fn resume(&self) {
        signal(&self.child, libc::SIGCONT);
    }
}

impl Drop for S3 {
    fn drop(&mut self) {
        signal(&self.child, libc::SIGCONT);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// nginx in front of the instances, sharing requests between them in turn and saying whom
/// they are from in `X-Forwarded-For`.
pub struct Proxy {
    child: Child,
    pub address: String,
    _folder: TempDir,
}

impl Proxy {
    /// nginx before `upstreams` (`http://host:port`); None when the machine has no nginx.
    pub fn start_new(upstreams: &[&str]) -> Option<Self> {
        let nginx = crate::helpers::nginx()?;
        let folder = tempfile::tempdir().unwrap();
        let dir = folder.path().display();
        let port = free_port();
        let servers: String = upstreams
            .iter()
            .map(|upstream| format!("server {};", upstream.trim_start_matches("http://")))
            .collect();
        let config = format!(
            "worker_processes 1; pid {dir}/nginx.pid; error_log {dir}/error.log;\n\
             events {{}}\n\
             http {{ access_log off; client_body_temp_path {dir}/body; proxy_temp_path {dir}/proxy;\n\
             fastcgi_temp_path {dir}/fastcgi; uwsgi_temp_path {dir}/uwsgi; scgi_temp_path {dir}/scgi;\n\
             upstream tingshu {{ {servers} }}\n\
             server {{ listen 127.0.0.1:{port}; client_max_body_size 0;\n\
             location / {{ proxy_pass http://tingshu; proxy_http_version 1.1;\n\
             proxy_set_header Host $host; proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n\
             proxy_request_buffering off; proxy_buffering off; }} }} }}\n"
        );
        let file = folder.path().join("nginx.conf");
        std::fs::write(&file, config).unwrap();
        let child = Command::new(nginx)
            .arg("-c")
            .arg(&file)
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("cannot start nginx");
        wait_for_port(port, "nginx");
        Some(Self {
            child,
            address: format!("http://127.0.0.1:{port}"),
            _folder: folder,
        })
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
