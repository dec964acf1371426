// Starts the real server binary on a free loopback port with a fresh data folder, and
// opens Debian's headless Chromium; every journey gets its own server and browser profile.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const binary = path.resolve(process.env.TINGSHU_BIN ?? path.join(repoRoot, 'target/debug/tingshu'));
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** The password of the listeners `server.register` creates. */
export const listenerPassword = 'listen-Well-2026';

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `tingshu` and resolves once `/readyz` answers 200; `env` adds or overrides settings.
 * The anti-crawler budgets are lifted unless `env` sets them: every journey, and this
 * harness's own API calls, come from one address (journeys/anti-crawler.test.mjs sets them).
 */
export async function startServer(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tingshu-e2e-'));
  const child = spawn(binary, [], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: process.env.STATIC_DIR ?? path.join(repoRoot, 'app/dist'),
      LOCALES_DIR: path.join(repoRoot, 'locales'),
      RUST_LOG: 'warn',
      // The demo catalogue (with generated audio) and the demo administrator.
      DEMO: '1',
      PASSWORD_HASH_MEMORY_KIB: '19456',
      PASSWORD_HASH_ITERATIONS: '2',
      ANTI_CRAWLER_PER_MINUTE: '1000000',
      ANTI_CRAWLER_AUDIO_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`tingshu exited early with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('tingshu did not become ready within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    /** Calls the JSON API (with `token` as the bearer), fails on an error answer, resolves with `data`. */
    async api(apiPath, { method = 'GET', token, body } = {}) {
      const response = await fetch(`${baseUrl}${apiPath}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${JSON.stringify(json)}`);
      return json.data;
    },
    /** Registers a listener `name` (password `listenerPassword`): `{ user, tokens, sessionId }`. */
    register(name) {
      return this.api('/api/auth/register', {
        method: 'POST',
        body: { email: `${name}@example.com`, username: name, password: listenerPassword },
      });
    },
    /** Signs `signedUp` in in `page` (the app reads its session from localStorage); returns it. */
    async signIn(page, signedUp) {
      await page.goto(`${baseUrl}/help`);
      await page.evaluate((value) => localStorage.setItem('auth', JSON.stringify({ ...value, isAuthenticated: true })), signedUp);
      return signedUp;
    },
    /** A new listener `name`, signed in in `page`. */
    async signedInListener(page, name) {
      return this.signIn(page, await this.register(name));
    },
    /** Sends SIGTERM and checks the server shuts down gracefully (exit code 0). */
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      if (code !== 0) throw new Error(`tingshu exited with ${code} after SIGTERM`);
    },
  };
}

/**
 * Waits until the service worker controls `page`. It registers after the page's load event and
 * claims the page once active; on a busy machine (CI runs the journeys after the builds) its
 * install, which keeps the page and its files, has taken over 45 s. A page the active worker has
 * not claimed is reloaded once, as a listener's next visit would be.
 */
export async function waitForServiceWorker(page) {
  await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), null, { timeout: 120_000 });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/**
 * A fresh Chromium profile speaking `locale` (navigator.language and Accept-Language), in the
 * time zone new profiles get (Asia/Shanghai), so the app's time-zone offer stays out of the way.
 */
export async function openBrowser({ locale = 'zh-CN', timezoneId = 'Asia/Shanghai' } = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), 'tingshu-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    locale,
    timezoneId,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
      '--mute-audio',
      `--lang=${locale}`,
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  // The server's Content-Security-Policy must let the app do everything it does: a refused
  // script, style, image, sound or request fails the journey when the browser closes.
  const refusedByPolicy = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refusedByPolicy.push(message.text());
  });
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      if (refusedByPolicy.length > 0) {
        throw new Error(`the page broke its Content-Security-Policy:\n${refusedByPolicy.join('\n')}`);
      }
    },
  };
}
