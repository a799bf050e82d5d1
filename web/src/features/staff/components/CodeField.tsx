import { TextField, type TextFieldProps } from '@mui/material';
import { STAFF_TEXTS } from '../texts';

/** 'Code from your app': six digits, a number pad on phones, filled in from an SMS-style hint. */
export function CodeField(props: Omit<TextFieldProps, 'label' | 'type'> & { label?: string }) {
  const { slotProps, ...rest } = props;
  return (
    <TextField
      label={STAFF_TEXTS.codeLabel}
      autoComplete="one-time-code"
      fullWidth
      {...rest}
      slotProps={{
        ...slotProps,
        htmlInput: {
          inputMode: 'numeric',
          pattern: '[0-9]*',
          maxLength: 6,
          spellCheck: false,
          ...(slotProps?.htmlInput as object | undefined),
        },
      }}
    />
  );
}
