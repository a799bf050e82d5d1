import { Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { APPLICATION_TEXTS } from '../texts';

export interface Item {
  id: number;
  title: string;
  details: string[];
}

/**
 * Rows the user added (alterations, charges, people…), each with a Delete (or `action`) button
 * named after it, so a screen reader user knows which one goes; `actions` adds a row's other
 * buttons (e.g. changing a gift) before it.
 */
export function ItemList({
  label,
  items,
  emptyText,
  onDelete,
  action = APPLICATION_TEXTS.delete,
  deletingId,
  disabled,
  actions,
}: {
  label: string;
  items: Item[];
  emptyText: string;
  onDelete?: (id: number) => void;
  /** The button's word ('Delete' unless given). */
  action?: string;
  deletingId?: number | null;
  disabled?: boolean;
  /** A row's buttons other than Delete, named after the row as Delete is. */
  actions?: (item: Item) => ReactNode;
}) {
  if (items.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.id}
          data-item={item.id}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 1.5 }}
        >
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {item.title}
              </Typography>
              {item.details.map((d) => (
                <Typography key={d} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {d}
                </Typography>
              ))}
            </Box>
            {(onDelete || actions) && (
              <Stack direction="row" sx={{ flexShrink: 0, flexWrap: 'wrap', gap: 1 }}>
                {actions?.(item)}
                {onDelete && (
                  <Button
                    color="error"
                    variant="outlined"
                    aria-label={`${action} ${item.title}`}
                    disabled={disabled || deletingId === item.id}
                    onClick={() => onDelete(item.id)}
                  >
                    {action}
                  </Button>
                )}
              </Stack>
            )}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
