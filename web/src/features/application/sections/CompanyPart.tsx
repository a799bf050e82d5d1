import { Button, Stack, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { SummaryList } from '../../../components/SummaryList';
import type { Company, Owner, RemortgagingExpanded } from '../../../lib/api/types';
import { SaveStatus } from '../components/SaveStatus';
import { COMPANY_TEXTS as T } from '../companyTexts';
import { CompanyForm } from './CompanyForm';
import { cardSx, h2Sx } from './ownersControls';
import { joinAddress } from './ownersFormat';

/**
 * A company case's company (issue 33, CALLS-26): as Companies House registers it, and which of
 * the owners listed are its directors and personal guarantors. Shown only for a company case
 * (the server says which: `isCompanyCase`); once recorded it is a summary with 'Change'.
 * `canEdit` is whether this person may change the Owners section now. The server decides
 * whether the case may be submitted (a director named).
 */
export function CompanyPart({
  caseId,
  expanded,
  canEdit,
}: {
  caseId: string;
  expanded: RemortgagingExpanded;
  canEdit: boolean;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [changing, setChanging] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!expanded.isCompanyCase) return null;
  const company = expanded.company ?? null;
  const owners = expanded.propertyOwners;
  const editing = canEdit && (company === null || changing);
  // Back to the summary: focus goes to the part's heading, not to the page's start.
  const toSummary = (wasSaved: boolean) => {
    setChanging(false);
    setSaved(wasSaved);
    headingRef.current?.focus();
  };
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} sx={cardSx}>
      <Typography
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        variant="h2"
        sx={{ ...h2Sx, '&:focus': { outline: 'none' } }}
      >
        {T.heading}
      </Typography>
      <Typography>{T.intro}</Typography>
      {editing ? (
        <CompanyForm
          key={owners.map((o) => o.id).join(',')}
          caseId={caseId}
          owners={owners}
          company={company}
          focusFirst={changing}
          onSaved={() => toSummary(true)}
          onCancel={company ? () => toSummary(false) : undefined}
        />
      ) : company ? (
        <>
          <CompanySummary company={company} owners={owners} />
          <SaveStatus saved={saved} savedText={T.saved} />
          {canEdit && (
            <Button
              variant="outlined"
              onClick={() => {
                setSaved(false);
                setChanging(true);
              }}
              sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
            >
              {T.change}
            </Button>
          )}
        </>
      ) : (
        <Typography>{T.notGiven}</Typography>
      )}
    </Stack>
  );
}

function CompanySummary({ company, owners }: { company: Company; owners: readonly Owner[] }) {
  // An officer whose owner has since been removed is left out (the server drops them too).
  const names = (pick: (o: Company['officers'][number]) => boolean) =>
    company.officers
      .filter(pick)
      .map((o) => owners.find((owner) => owner.id === o.ownerId)?.user.preferredName)
      .filter((name): name is string => !!name)
      .join(', ') || T.none;
  return (
    <SummaryList
      testId="company-summary"
      rows={[
        { term: T.fieldRegisteredName, value: company.registeredName },
        { term: T.fieldCompanyNumber, value: company.companyNumber },
        { term: T.fieldRegisteredOffice, value: joinAddress(company.registeredOffice) },
        { term: T.fieldDirectors, value: names((o) => o.isDirector) },
        { term: T.fieldGuarantors, value: names((o) => o.isGuarantor) },
      ]}
    />
  );
}
