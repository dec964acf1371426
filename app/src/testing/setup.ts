// Vitest setup: the shell wasm, DOM matchers, cleanup, and a clean auth store, storage and title for each test.
import './shell-wasm';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { authStore } from '@/features/auth/auth-store';

// A first render loads its page's module and translations; on a busy 2-core machine running
// every suite (CI) that has taken more than the library's default 1 s to find an element. A
// test that waits for what never comes still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom reports an English browser; most tests start from a Chinese one (tests override it).
beforeEach(() => {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['zh-CN', 'zh']);
});

afterEach(() => {
  cleanup();
  authStore.reset();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie = 'lang=; max-age=0; path=/';
  document.title = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
