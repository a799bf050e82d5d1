import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';

/** react-hook-form's ref belongs on MUI's <input>, not on the TextField root. */
export function muiField<T extends string>(registration: UseFormRegisterReturn<T>) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}

/**
 * A TextField's props for one registered field: its value binding, and its error (a nested name
 * like `owner.email` too) as the helper text, else the hint, if any.
 */
export function fieldProps<T extends FieldValues, N extends Path<T>>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  name: N,
  { hint, ...options }: RegisterOptions<T, N> & { hint?: string } = {},
) {
  const error: FieldError | undefined = get(errors, name);
  return {
    ...muiField(register(name, options)),
    error: !!error,
    helperText: error?.message ?? hint,
  };
}
