import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
});

// A file's first render imports its lazy routes, transformed on first use: with every worker
// busy (two cores, or a Rust build alongside) that alone has taken over 5 s. The wait only ends
// early when the page is there, so a passing test is no slower for it.
configure({ asyncUtilTimeout: 15000 });
