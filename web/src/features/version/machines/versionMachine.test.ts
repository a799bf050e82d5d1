import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { versionMachine } from './versionMachine';

const MIN = 60 * 1000;
const HOUR = 60 * MIN;

function start(answers: (() => Promise<{ version: string }>)[], release = '0.1.0') {
  const fetchVersion = vi.fn(() => {
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    return next();
  });
  const reload = vi.fn();
  const report = vi.fn();
  const actor = createActor(
    versionMachine.provide({
      actors: { fetchVersion: fromPromise(() => fetchVersion()) },
      actions: { reload, reportFailure: report },
    }),
    { input: { release } },
  );
  actor.start();
  return { actor, fetchVersion, reload, report };
}

const same = () => Promise.resolve({ version: '0.1.0' });
const other = () => Promise.resolve({ version: '0.2.0' });

describe('version toast machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('VERSION-02: no toast while the served version equals the release', async () => {
    const { actor, fetchVersion } = start([same]);
    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(fetchVersion).toHaveBeenCalledTimes(4); // at load, then 10, 20, 30 minutes
  });

  it('VERSION-04 CONST-07: polls every 10 minutes, none before', async () => {
    const { fetchVersion } = start([same]);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * MIN - 1000);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchVersion).toHaveBeenCalledTimes(2);
  });

  it('VERSION-01: shows the toast when the served version differs', async () => {
    const { actor } = start([same, other]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(actor.getSnapshot().value).toBe('updateAvailable');
    expect(actor.getSnapshot().context.served).toBe('0.2.0');
  });

  it('VERSION-05 CONST-08: Close rechecks only after 24 hours', async () => {
    const { actor, fetchVersion } = start([other]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('updateAvailable');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('dismissed');
    await vi.advanceTimersByTimeAsync(24 * HOUR - MIN);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('dismissed');
    await vi.advanceTimersByTimeAsync(MIN);
    expect(fetchVersion).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('updateAvailable');
  });

  it('VERSION-06: Update reloads the page', async () => {
    const { actor, reload } = start([other]);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'UPDATE' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ERR-25: a failed check is reported and stops the polling', async () => {
    const { actor, fetchVersion, report } = start([() => Promise.reject(new Error('boom'))]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('stopped');
    expect(report).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
  });
});
