import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Check from '@mui/icons-material/Check';
import { Button, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { Fragment, useId, useState } from 'react';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterGroup {
  label?: string;
  options: FilterOption[];
}

/**
 * A toolbar menu: several choices (`multiple`, menuitemcheckbox) or one (menuitemradio).
 * The button shows how many are chosen.
 */
export function FilterMenu({
  label,
  groups,
  selected,
  multiple = false,
  onChange,
}: {
  label: string;
  groups: FilterGroup[];
  selected: string[];
  multiple?: boolean;
  onChange: (next: string[]) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const chosen = multiple && selected.length > 0 ? ` (${selected.length})` : '';
  const single =
    !multiple && selected.length === 1
      ? groups.flatMap((g) => g.options).find((o) => o.value === selected[0])?.label
      : undefined;
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? `${id}-menu` : undefined}
        endIcon={<ArrowDropDown />}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {single ? `${label}: ${single}` : `${label}${chosen}`}
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': `${id}-button`, dense: true } }}
      >
        {groups.map((group, gi) => (
          <Fragment key={group.label ?? gi}>
            {group.label && <ListSubheader role="presentation">{group.label}</ListSubheader>}
            {group.options.map((option) => {
              const on = selected.includes(option.value);
              return (
                <MenuItem
                  key={option.value}
                  role={multiple ? 'menuitemcheckbox' : 'menuitemradio'}
                  aria-checked={on}
                  selected={on}
                  onClick={() => {
                    if (multiple) {
                      onChange(
                        on
                          ? selected.filter((v) => v !== option.value)
                          : [...selected, option.value],
                      );
                    } else {
                      onChange([option.value]);
                      setAnchor(null);
                    }
                  }}
                >
                  <ListItemIcon>{on && <Check fontSize="small" />}</ListItemIcon>
                  <ListItemText>{option.label}</ListItemText>
                </MenuItem>
              );
            })}
          </Fragment>
        ))}
      </Menu>
    </>
  );
}
