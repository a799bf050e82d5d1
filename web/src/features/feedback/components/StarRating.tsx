import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import { Box } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';

/**
 * A star rating as exactly `labels.length` native radio buttons, one per star, each named by its
 * label ('4 stars, good'). MUI's Rating adds a hidden sixth radio for 'no rating' ('Empty'),
 * which screen readers announce as an option ("2 of 6"); a rating here is never cleared, only
 * changed, so the group holds the stars and nothing else. The surrounding fieldset's legend
 * names the group. Arrow keys move between the stars as in any radio group.
 */
export function StarRating({
  name,
  value,
  labels,
  onChange,
  onBlur,
  disabled = false,
}: {
  name: string;
  value: number | null;
  /** One label per star, lowest first: their number is the number of stars. */
  labels: readonly string[];
  onChange: (value: number) => void;
  onBlur?: () => void;
  disabled?: boolean;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <Box
      data-testid="star-rating"
      onMouseLeave={() => setHover(null)}
      sx={{ display: 'inline-flex', opacity: disabled ? 0.5 : 1 }}
    >
      {labels.map((label, index) => {
        const stars = index + 1;
        const filled = stars <= shown;
        const Icon = filled ? Star : StarBorder;
        return (
          <Box
            component="label"
            key={stars}
            onMouseEnter={() => !disabled && setHover(stars)}
            sx={{
              display: 'inline-flex',
              p: 0.25,
              cursor: disabled ? 'default' : 'pointer',
              color: filled ? '#b26a00' : 'text.secondary',
              '& input:focus-visible + svg': {
                outline: '2px solid',
                outlineColor: 'primary.main',
                outlineOffset: 2,
                borderRadius: 1,
              },
            }}
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              disabled={disabled}
              onChange={() => onChange(stars)}
              onBlur={onBlur}
              style={visuallyHidden}
            />
            <Icon aria-hidden="true" sx={{ fontSize: '2.25rem' }} />
            <Box component="span" sx={visuallyHidden}>
              {label}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
