import { act, screen } from '@testing-library/react';
import { enqueueSnackbar } from 'notistack';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, signedInServer } from '../test/fixtures';
import { renderApp } from '../test/renderApp';

const shown = (text: string) => screen.queryAllByText(text).length;

describe("the app's toasts", () => {
  afterEach(() => vi.useRealTimers());

  it('CONST-13 CONST-14: at most 2 at once, each closing after 3 seconds', async () => {
    signedInServer(makeMe());
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help' });
    vi.useFakeTimers();
    act(() => {
      enqueueSnackbar('First toast');
      enqueueSnackbar('Second toast');
      enqueueSnackbar('Third toast');
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    // CONST-13: two at once; the third waits for a place.
    expect(shown('First toast') + shown('Second toast') + shown('Third toast')).toBe(2);
    expect(shown('Third toast')).toBe(0);
    // CONST-14: still there just before 3 seconds...
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_800);
    });
    expect(shown('First toast')).toBe(1);
    expect(shown('Second toast')).toBe(1);
    // ...and closed after 3 seconds (by 3.7 s, their exit transition included); the third
    // takes a place.
    for (let step = 0; step < 8; step += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
    }
    expect(shown('First toast')).toBe(0);
    expect(shown('Second toast')).toBe(0);
    expect(shown('Third toast')).toBe(1);
  });
});
