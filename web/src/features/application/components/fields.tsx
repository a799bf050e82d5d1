import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useId, type Ref } from 'react';
import {
  Controller,
  type Control,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { muiField } from '../../../lib/form';
import { APPLICATION_TEXTS } from '../texts';

export interface Option {
  value: string;
  label: string;
  /** Plain-English explanation shown under the label. */
  explanation?: string;
}

/** What a radio group is told: its legend, options, value and what happens on a choice. */
interface RadioGroupFieldProps {
  legend: string;
  hint?: string;
  options: readonly Option[];
  error?: string;
  disabled?: boolean;
  row?: boolean;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Radios in a fieldset with a legend: one tab stop, arrows move between the options. The group
 * is named by the legend; an error is announced and tied to the group.
 */
export function RadioGroupField({
  legend,
  hint,
  options,
  error,
  disabled,
  row,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
}: RadioGroupFieldProps) {
  const id = useId();
  const legendId = `${id}-legend`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <FormControl component="fieldset" error={!!error} disabled={disabled}>
      <FormLabel component="legend" id={legendId} sx={{ fontWeight: 600, color: 'text.primary' }}>
        {legend}
      </FormLabel>
      {hint && (
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {hint}
        </Typography>
      )}
      <RadioGroup
        row={row}
        name={name ?? id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-labelledby={legendId}
        aria-describedby={describedBy || undefined}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            sx={{ alignItems: option.explanation ? 'flex-start' : 'center', mt: 1, mr: 3 }}
            control={
              <Radio
                slotProps={{ input: index === 0 && inputRef ? { ref: inputRef } : {} }}
                sx={option.explanation ? { pt: 0.25 } : undefined}
              />
            }
            label={
              option.explanation ? (
                <>
                  <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                    {option.label}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {option.explanation}
                  </Typography>
                </>
              ) : (
                option.label
              )
            }
          />
        ))}
      </RadioGroup>
      {error && (
        <FormHelperText id={errorId} role="alert" sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      )}
    </FormControl>
  );
}

/** A radio group (see RadioGroupField) bound to a react-hook-form field holding the option's value. */
export function RadioField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...rest
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
} & Omit<RadioGroupFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <RadioGroupField
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
        />
      )}
    />
  );
}

export const YES_NO: readonly Option[] = [
  { value: 'yes', label: APPLICATION_TEXTS.yes },
  { value: 'no', label: APPLICATION_TEXTS.no },
];

/** A yes/no question as radios in a row (`null`: not answered yet). */
export function YesNoField({
  value,
  onChange,
  ...rest
}: {
  value: boolean | null;
  onChange: (value: boolean) => void;
} & Omit<RadioGroupFieldProps, 'options' | 'row' | 'value' | 'onChange'>) {
  return (
    <RadioGroupField
      {...rest}
      row
      options={YES_NO}
      value={yesNo(value)}
      onChange={(v) => onChange(v === 'yes')}
    />
  );
}

/**
 * A text input with its label, hint and error (announced). `money`: pounds as typed (a decimal
 * keypad); `date`: the browser's date picker (yyyy-mm-dd).
 */
export function TextInputField({
  label,
  registration,
  kind = 'text',
  error,
  hint,
  disabled,
  autoComplete,
  htmlInput,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  kind?: 'text' | 'money' | 'date';
  error?: string;
  hint?: string;
  disabled?: boolean;
  autoComplete?: string;
  htmlInput?: { maxLength?: number; max?: string };
}) {
  return (
    <TextField
      label={label}
      type={kind === 'date' ? 'date' : undefined}
      inputMode={kind === 'money' ? 'decimal' : undefined}
      fullWidth
      autoComplete={autoComplete}
      disabled={disabled}
      error={!!error}
      helperText={error ?? hint}
      slotProps={{
        inputLabel: kind === 'date' ? { shrink: true } : undefined,
        htmlInput,
        formHelperText: error ? { role: 'alert' } : {},
      }}
      {...muiField(registration)}
    />
  );
}

/** A native select (keyboard and phone friendly) with its label, hint and error. */
export function SelectField({
  label,
  registration,
  options,
  error,
  hint,
  disabled,
  placeholder = 'Choose…',
}: {
  label: string;
  registration: UseFormRegisterReturn;
  options: readonly Option[];
  error?: string;
  hint?: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  const { ref, ...rest } = registration;
  return (
    <TextField
      select
      fullWidth
      label={label}
      disabled={disabled}
      error={!!error}
      helperText={error ?? hint}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        formHelperText: error ? { role: 'alert' } : {},
      }}
      inputRef={ref}
      {...rest}
    >
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/** 'yes' / 'no' / '' for a boolean the server may not have yet. */
export function yesNo(value: boolean | null | undefined): '' | 'yes' | 'no' {
  return value === true ? 'yes' : value === false ? 'no' : '';
}
