import { useMachine } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { runtimeConfig } from '../../../lib/config';
import { setAnalyticsEnabled } from '../../../lib/analytics';
import { consentMachine } from '../machines/consentMachine';
import { readConsent, writeConsent } from '../storage';
import { CookieConsentDialog } from './CookieConsentDialog';

export interface ConsentState {
  /** True once the visitor has chosen (now or within the last 365 days). */
  decided: boolean;
  analytics: boolean;
  reopen: () => void;
}

const ConsentContext = createContext<ConsentState>({
  decided: false,
  analytics: false,
  reopen: () => {},
});

export function useConsent(): ConsentState {
  return useContext(ConsentContext);
}

const machine = consentMachine.provide({
  actions: { persist: (_, params) => writeConsent(params.choice) },
});

/** Holds the cookie choice, shows the dialog until one is made, and gates analytics on it. */
export function ConsentProvider({ children }: { children: ReactNode }) {
  const [snapshot, send] = useMachine(machine, { input: { stored: readConsent() } });
  const analytics = snapshot.context.choice?.analytics === true;
  const decided = snapshot.context.choice !== null;

  useEffect(() => {
    // Analytics runs only with consent, and only when a key is configured (none by default).
    setAnalyticsEnabled(analytics && runtimeConfig().posthogKey !== null);
  }, [analytics]);

  const value = useMemo(
    () => ({ decided, analytics, reopen: () => send({ type: 'REOPEN' }) }),
    [decided, analytics, send],
  );
  return (
    <ConsentContext.Provider value={value}>
      {children}
      {!snapshot.matches('decided') && (
        <CookieConsentDialog
          managing={snapshot.matches('managing')}
          analyticsSelected={snapshot.context.analyticsSelected}
          send={send}
        />
      )}
    </ConsentContext.Provider>
  );
}
