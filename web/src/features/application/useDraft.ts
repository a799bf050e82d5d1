import { useCallback, useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

const PREFIX = 'threshold:draft:';

function read(key: string): Record<string, unknown> | null {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps what the user typed in a form, not yet saved, through a reload of the tab (issue 12:
 * "An autosaved draft is not lost on reload"). The draft lives in sessionStorage, is put back
 * over the server's answers when the form opens (but never blanks one), and is forgotten once
 * the server accepts the form (call the returned function).
 */
export function useDraft<T extends FieldValues>(key: string, form: UseFormReturn<T>): () => void {
  const { reset, getValues, subscribe } = form;
  useEffect(() => {
    const draft = read(key);
    if (draft) {
      // Only the form's own fields, typed as they were; the server's values stay the defaults.
      const values = getValues();
      // An empty draft field never hides an answer the case holds (a lender chosen since, in
      // Key Facts or by the broker, must not turn back into 'Choose…').
      const restored = Object.fromEntries(
        Object.keys(values)
          .filter((name) => typeof draft[name] === typeof values[name])
          .filter((name) => draft[name] !== '' || values[name] === '')
          .map((name) => [name, draft[name]]),
      );
      reset({ ...values, ...restored }, { keepDefaultValues: true });
    }
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        try {
          window.sessionStorage.setItem(PREFIX + key, JSON.stringify(values));
        } catch {
          // Storage full or unavailable: the form still works, only the draft is not kept.
        }
      },
    });
  }, [key, reset, getValues, subscribe]);

  return useCallback(() => {
    try {
      window.sessionStorage.removeItem(PREFIX + key);
    } catch {
      // Nothing kept, nothing to forget.
    }
  }, [key]);
}
