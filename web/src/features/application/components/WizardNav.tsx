import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { Box } from '@mui/material';
import { ButtonLink } from '../../../components/ButtonLink';
import type { CaseKind } from '../../cases';
import type { WizardSection } from '../machines/wizardMachine';
import { APPLICATION_TEXTS } from '../texts';

/**
 * Previous / Next at the foot of a section: links (keyboard, open in a new tab) to the nearest
 * sections the wizard machine says may be opened.
 */
export function WizardNav({
  kind,
  caseId,
  sections,
  previous,
  next,
}: {
  kind: CaseKind;
  caseId: string;
  sections: WizardSection[];
  previous: string | null;
  next: string | null;
}) {
  const label = (key: string) => sections.find((s) => s.key === key)?.label ?? key;
  if (!previous && !next) return null;
  return (
    <Box
      component="nav"
      aria-label="Application sections"
      sx={{
        mt: 5,
        pt: 2,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexDirection: { xs: 'column-reverse', sm: 'row' },
        justifyContent: 'space-between',
        gap: 2,
      }}
    >
      <Box>
        {previous && (
          <ButtonLink
            to="/$caseType/$caseId/application/$section"
            params={{ caseType: kind, caseId, section: previous }}
            variant="outlined"
            startIcon={<ArrowBack aria-hidden="true" />}
            aria-label={`${APPLICATION_TEXTS.previous}: ${label(previous)}`}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {APPLICATION_TEXTS.previous}
          </ButtonLink>
        )}
      </Box>
      <Box>
        {next && (
          <ButtonLink
            to="/$caseType/$caseId/application/$section"
            params={{ caseType: kind, caseId, section: next }}
            variant="contained"
            endIcon={<ArrowForward aria-hidden="true" />}
            aria-label={`${APPLICATION_TEXTS.next}: ${label(next)}`}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {APPLICATION_TEXTS.next}
          </ButtonLink>
        )}
      </Box>
    </Box>
  );
}
