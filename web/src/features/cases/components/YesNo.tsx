import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import type { KeyFactsValues, PriceField } from '../validation';

type YesNoName =
  'isDependentOnSale' | 'isCompanyOwned' | 'isBuyToLet' | 'isResidential' | PriceField;

/** A required yes/no question; `hint`, under the question, says how to answer it. */
export function YesNo({ name, label, hint }: { name: YesNoName; label: string; hint?: string }) {
  const { control } = useFormContext<KeyFactsValues>();
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const describedBy = [hint && hintId, fieldState.error && errorId].filter(Boolean).join(' ');
        return (
          <FormControl error={!!fieldState.error} component="fieldset">
            <FormLabel component="legend" id={`${name}-label`}>
              {label}
            </FormLabel>
            {hint && (
              <FormHelperText id={hintId} error={false} sx={{ mx: 0 }}>
                {hint}
              </FormHelperText>
            )}
            <RadioGroup
              row
              {...field}
              value={field.value ?? ''}
              aria-labelledby={`${name}-label`}
              aria-describedby={describedBy || undefined}
            >
              <FormControlLabel value="yes" control={<Radio />} label="Yes" />
              <FormControlLabel value="no" control={<Radio />} label="No" />
            </RadioGroup>
            {fieldState.error && (
              <FormHelperText id={errorId}>{fieldState.error.message}</FormHelperText>
            )}
          </FormControl>
        );
      }}
    />
  );
}
