import { vi } from 'vitest';

/** A stand-in for the browser's EventSource: the test fires its events itself. */
export class FakeEventSource {
  listeners = new Map<string, () => void>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  /** The server says what the page shows changed. */
  change() {
    this.listeners.get('changed')?.();
  }

  static opened: FakeEventSource[] = [];
}

/** Replaces EventSource until `vi.unstubAllGlobals()`; answers the streams opened at `url`. */
export function stubEventSource() {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return (url: string) => FakeEventSource.opened.filter((s) => s.url === url);
}
