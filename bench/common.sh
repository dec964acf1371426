# Shared by the bench scripts and scripts/check-one-binary.sh (sourced): a free loopback port, and nginx serving a folder
# on loopback for a side-by-side run.

# A TCP port free on 127.0.0.1 right now.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Whether nginx is installed.
have_nginx() { command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; }

# start_nginx WORK ROOT PORT: nginx (2 workers, sendfile, no access log) serving ROOT on
# 127.0.0.1:PORT, its pid in WORK/nginx.pid (the caller's cleanup kills it).
start_nginx() {
  local work="$1" root="$2" port="$3"
  # nginx workers run as an unprivileged user: let them read the folder.
  chmod -R a+rX "$work"
  cat > "$work/nginx.conf" <<CONF
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  server { listen 127.0.0.1:$port; root $root; }
}
CONF
  "$(command -v nginx || echo /usr/sbin/nginx)" -c "$work/nginx.conf"
  sleep 0.5
}

# The requests/s a `tingshu-bench` run printed into FILE.
rate_of() { awk '$1 == "rate:" {print $2}' "$1"; }

# The load of a benchmark comes from one address: the anti-crawler budgets are lifted so the
# figures are the server's, not the gate's refusals (bench/anti-crawler.sh measures those,
# setting its own).
export ANTI_CRAWLER_PER_MINUTE=100000000 ANTI_CRAWLER_AUDIO_PER_MINUTE=100000000
