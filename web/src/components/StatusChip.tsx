import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { Chip } from '@mui/material';
import type { StatusChip as StatusChipData } from '../lib/api/types';

/** Colours with AA contrast for the chip text; the colour, label and icon come from the API. */
const COLOURS: Record<string, { bg: string; fg: string }> = {
  GREEN: { bg: '#e3f4e5', fg: '#1b5e20' },
  RED: { bg: '#fde8e8', fg: '#8e1b1b' },
  AMBER: { bg: '#fff1d6', fg: '#6b3e00' },
};

/**
 * `wrap`: the label may break onto more lines instead of ending in an ellipsis (narrow screens,
 * where 'Broker Applicati…' hid the status).
 */
export function StatusChip({ chip, wrap = false }: { chip: StatusChipData; wrap?: boolean }) {
  const colour = COLOURS[chip.colour] ?? COLOURS.AMBER;
  return (
    <Chip
      size="small"
      data-colour={chip.colour}
      label={chip.label}
      icon={
        chip.showWarningIcon ? (
          <WarningAmberRounded titleAccess="Warning" data-testid="status-warning" />
        ) : undefined
      }
      sx={{
        bgcolor: colour.bg,
        color: colour.fg,
        fontWeight: 600,
        '& .MuiChip-icon': { color: colour.fg },
        ...(wrap && {
          height: 'auto',
          maxWidth: '100%',
          py: 0.25,
          '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
        }),
      }}
    />
  );
}
