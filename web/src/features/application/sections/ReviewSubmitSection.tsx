import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import type { ExpandedCase } from '../../../lib/api/types';
import { askForFeedback } from '../../feedback';
import { useSubmitApplication } from '../api/submitApplication';
import { isBuying, kindOf, partiesOf } from '../caseKind';
import { FormError } from '../components/FormError';
import { PURCHASE_TEXTS } from '../purchaseTexts';
import { REVIEW_TEXTS } from '../texts';
import { ownerName, useSectionRows } from './reviewSectionRows';
import { SectionSummary } from './SectionSummary';

/** The transition the engine offers for submitting (workflows/remortgaging.toml). */
export const SUBMIT_TRANSITION = 'submit_application';

function Missing({ items }: { items: ReactNode[] }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="missing-items">
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {REVIEW_TEXTS.missingHeading}
      </Typography>
      {items.length === 0 ? (
        <Typography>{REVIEW_TEXTS.nothingMissing}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 3, m: 0 }}>
          {items.map((item, i) => (
            <Typography component="li" key={i} sx={{ overflowWrap: 'anywhere' }}>
              {item}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * Review & Submit (/application/review-and-submit) of either case type: every section's answers
 * read-only with an Edit link, what is still missing (sections the engine does not call
 * complete, by label, the owners' or buyers' §5 missing-field labels, and a purchase's gift
 * donors), and Submit — enabled only when the engine says the case is ready
 * (`view.readyToSubmit`) and offers this user the `submit_application` transition (never a
 * broker). Submitting moves the case on, and the feedback dialog asks about it.
 */
export function ReviewSubmitSection({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: ExpandedCase;
}) {
  const kind = kindOf(expanded);
  const rows = useSectionRows(expanded);
  const submit = useSubmitApplication(kind, caseId);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const [declared, setDeclared] = useState(false);
  const { view } = expanded;

  const shown = view.sections.filter((s) => s.state !== 'HIDDEN' && s.key !== 'review-and-submit');
  const missing: ReactNode[] = shown
    .filter((s) => s.state !== 'IS_COMPLETE')
    .map((s) => `${s.label} ${REVIEW_TEXTS.sectionNotComplete}`);
  for (const owner of partiesOf(expanded)) {
    const fields = owner.missingFields;
    if (fields.length > 0) {
      missing.push(`${ownerName(owner)}: ${fields.join(', ')} ${REVIEW_TEXTS.ownerMissing}`);
    }
  }
  if (
    isBuying(expanded) &&
    expanded.sourceOfFunds.some((f) => f.sourceType === 'GIFTS') &&
    expanded.gifts.length === 0
  ) {
    missing.push(PURCHASE_TEXTS.donorsMissing);
  }

  const transition = view.transitions.find((t) => t.name === SUBMIT_TRANSITION);
  const canSubmit = view.readyToSubmit && !!transition?.allowed;
  const why = !transition
    ? REVIEW_TEXTS.brokerCannotSubmit
    : !canSubmit
      ? (transition.reason ?? REVIEW_TEXTS.notReady)
      : null;

  const onSubmit = async () => {
    setFailure(null);
    try {
      const moved = await submit.mutateAsync();
      askForFeedback({
        feedbackPoint: 'SUBMIT_APPLICATION',
        caseType: moved.caseType,
        caseId: moved.caseId,
      });
      await navigate({ to: '/$caseType/$caseId', params: { caseType: kind, caseId } });
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Stack spacing={3}>
      <Typography>{REVIEW_TEXTS.intro}</Typography>
      <Missing items={missing} />
      {shown.map((section) => (
        <SectionSummary
          key={section.key}
          kind={kind}
          caseId={caseId}
          section={section}
          rows={rows[section.key] ?? []}
        />
      ))}
      <Stack spacing={2}>
        {why && (
          <Alert severity="info" data-testid="submit-why">
            {why}
          </Alert>
        )}
        {canSubmit && (
          <FormControlLabel
            sx={{ alignItems: 'flex-start' }}
            control={
              <Checkbox
                checked={declared}
                onChange={(e) => setDeclared(e.target.checked)}
                sx={{ mt: -1 }}
              />
            }
            label={REVIEW_TEXTS.declaration}
          />
        )}
        <FormError error={failure} />
        {canSubmit && !declared && (
          <Typography variant="body2" color="text.secondary">
            {REVIEW_TEXTS.declarationNeeded}
          </Typography>
        )}
        <Box>
          <Button
            variant="contained"
            size="large"
            disabled={!canSubmit || !declared || submit.isPending}
            onClick={() => void onSubmit()}
          >
            {submit.isPending ? REVIEW_TEXTS.submitting : REVIEW_TEXTS.submit}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
