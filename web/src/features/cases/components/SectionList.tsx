import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HourglassTop from '@mui/icons-material/HourglassTop';
import LockOutlined from '@mui/icons-material/LockOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import {
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  type ListItemButtonProps,
} from '@mui/material';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type ReactNode } from 'react';
import type { CaseSection, SectionState } from '../../../lib/api/types';
import type { CaseKind } from '../caseTypes';
import { isOpenState } from '../guards';

const ListItemAnchor = forwardRef<HTMLAnchorElement, ListItemButtonProps<'a'>>((props, ref) => (
  <ListItemButton component="a" ref={ref} {...props} />
));
ListItemAnchor.displayName = 'SectionListItemAnchor';
const ItemLink = createLink(ListItemAnchor);

/** How each state the engine returns is shown and announced (STATUS-22). */
export const STATE_LABELS: Record<Exclude<SectionState, 'HIDDEN'>, string> = {
  IS_COMPLETE: 'Complete',
  NOT_STARTED: 'Not started',
  IN_PROGRESS: 'In progress',
  LOCKED: 'Locked',
  IS_DISABLED: 'Disabled',
};

function StateIcon({ state }: { state: SectionState }) {
  const label = STATE_LABELS[state as keyof typeof STATE_LABELS] ?? state;
  const common = { titleAccess: label, role: 'img', 'aria-label': label } as const;
  switch (state) {
    case 'IS_COMPLETE':
      return <CheckCircle color="success" {...common} />;
    case 'NOT_STARTED':
      return <RadioButtonUnchecked color="primary" {...common} />;
    case 'IN_PROGRESS':
      return <HourglassTop color="primary" {...common} />;
    case 'LOCKED':
      return <LockOutlined color="action" {...common} />;
    default:
      return <Block color="action" {...common} />;
  }
}

/**
 * The application sections or post-submit tiles exactly as the engine returned them: hidden
 * ones are not rendered, locked and disabled ones are not links.
 */
export function SectionList({
  kind,
  caseId,
  where,
  items,
  label,
}: {
  kind: CaseKind;
  caseId: string;
  where: 'sections' | 'tiles';
  items: CaseSection[];
  label: string;
}) {
  const shown = items.filter((s) => s.state !== 'HIDDEN');
  if (shown.length === 0) return null;
  return (
    <List
      aria-label={label}
      sx={{ bgcolor: 'background.paper', borderRadius: 1, border: 1, borderColor: 'divider' }}
    >
      {shown.map((section) => {
        const content: ReactNode = (
          <>
            <ListItemIcon>
              <StateIcon state={section.state} />
            </ListItemIcon>
            <ListItemText
              primary={section.label}
              secondary={STATE_LABELS[section.state as keyof typeof STATE_LABELS]}
            />
          </>
        );
        return (
          <ListItem
            key={`${where}-${section.key}`}
            disablePadding
            divider
            data-state={section.state}
            data-key={section.key}
          >
            {!isOpenState(section.state) ? (
              <ListItemButton
                component="div"
                disabled
                aria-disabled="true"
                sx={{ opacity: '1 !important' }}
              >
                {content}
              </ListItemButton>
            ) : where === 'sections' ? (
              <ItemLink
                to="/$caseType/$caseId/application/$section"
                params={{ caseType: kind, caseId, section: section.key }}
              >
                {content}
              </ItemLink>
            ) : (
              <ItemLink
                to="/$caseType/$caseId/$tile"
                params={{ caseType: kind, caseId, tile: section.key }}
              >
                {content}
              </ItemLink>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
