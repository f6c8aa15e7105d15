import '@testing-library/jest-dom/vitest';
import '../src/lib/auto-focus';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { discardPendingDeletes } from '../src/lib/pending-deletes';
import { loadSessionCheck, session } from '../src/lib/session';
import { finishConsoleWatch, startConsoleWatch } from './support/console';
import { stubMatchMedia } from './support/fixtures';

// waitFor and findBy* wait up to 3 s of (possibly fake) time, not 1 s: Preact commits a state change
// on a later tick than React DOM did inside act, and runs effects after the next frame, so a
// save-then-navigate flow polled on fake timers takes some twenty polls of 50 ms
// (docs/decisions/0019-portal-loading.md, "Preact"). A failing wait just fails later.
configure({ asyncUtilTimeout: 3000 });

// Preact runs effects after the next frame: a frame or a 35 ms timeout, whichever comes first, the
// other cancelled. When a test file's jsdom window is torn down between the two, the timeout still
// fires and calls the window's cancelAnimationFrame, gone by then: an unhandled error that belongs
// to no test (seen once in a loaded CI run). The same scheduling, skipping what the window no longer has.
options.requestAnimationFrame = (flush) => {
  let frame: number | undefined;
  const done = () => {
    clearTimeout(timeout);
    if (frame !== undefined && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    setTimeout(flush);
  };
  const timeout = setTimeout(done, 35);
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(done);
};

// A unit test never reaches a server: a call nobody stubbed fails the test by name.
const unexpectedFetches: string[] = [];

// Every read runs the full stored-session check once it is loaded (a page loads it when first idle,
// lib/session.ts); the tests read with it, except session.test.ts's reads before it.
beforeAll(loadSessionCheck);

beforeEach(() => {
  // Each test starts signed out: storage empty and the session's cached read forgotten.
  localStorage.clear();
  session.reset();
  startConsoleWatch();
  // jsdom has no matchMedia; every browser does (the theme follows the system's): a light system by
  // default, a test that needs another calls stubMatchMedia itself.
  stubMatchMedia(false);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      unexpectedFetches.push(input instanceof Request ? input.url : String(input));
      return Promise.reject(new TypeError('fetch is not stubbed in this test'));
    }),
  );
});

afterEach(() => {
  try {
    cleanup();
    // A delete left waiting for its Undo window is dropped, never sent into the next test.
    discardPendingDeletes();
    if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
    // Checked after unmounting, so warnings raised while tearing a screen down count as well.
    finishConsoleWatch();
    if (unexpectedFetches.length > 0)
      throw new Error(`Unstubbed fetch in a unit test: ${unexpectedFetches.splice(0).join(', ')}`);
  } finally {
    unexpectedFetches.length = 0;
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  }
});
