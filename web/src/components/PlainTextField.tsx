import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import { styled } from '@mui/material/styles';
import { unstable_useId as useId } from '@mui/material/utils';
import type { FocusEventHandler, ChangeEventHandler, ReactNode, Ref } from 'react';

// MUI's TextField root: a FormControl named MuiTextField (theme overrides for it apply here too).
const TextFieldRoot = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

export interface PlainTextFieldProps {
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  id?: string;
  name?: string;
  type?: string;
  autoComplete?: string;
  value?: string;
  defaultValue?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

/**
 * MUI's outlined TextField for a one-line input, rendering the same elements (PlainTextField.test
 * compares them), without what TextField brings for its `select` mode (Select, Menu, Popover,
 * Modal: some 17 KB of gzipped JavaScript). For the sign-in form, which /login shows first;
 * elsewhere use TextField.
 */
export function PlainTextField({
  label,
  helperText,
  error = false,
  required = false,
  fullWidth = false,
  id: idOverride,
  name,
  type,
  autoComplete,
  value,
  defaultValue,
  inputRef,
  onChange,
  onBlur,
}: PlainTextFieldProps) {
  const id = useId(idOverride);
  const helperTextId = helperText && id ? `${id}-helper-text` : undefined;
  const inputLabelId = label && id ? `${id}-label` : undefined;
  return (
    <TextFieldRoot
      className="MuiTextField-root"
      disabled={false}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color="primary"
      variant="outlined"
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={inputLabelId}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        fullWidth={fullWidth}
        name={name}
        type={type}
        value={value}
        defaultValue={defaultValue}
        id={id}
        inputRef={inputRef}
        onChange={onChange}
        onBlur={onBlur}
        label={label}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </TextFieldRoot>
  );
}
