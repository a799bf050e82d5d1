import type { UseFormRegisterReturn } from 'react-hook-form';

/** react-hook-form's ref belongs on MUI's <input>, not on the TextField root. */
export function muiField<T extends string>(registration: UseFormRegisterReturn<T>) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}
