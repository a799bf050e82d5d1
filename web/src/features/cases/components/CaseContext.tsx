import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/SectionCard';
import type { CaseBroker, ExpandedCase, WaitsOn } from '../../../lib/api/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSession } from '../../auth';
import { propertyAddress } from '../propertyAddress';

/** The case page's context block: its words, and who a case waits on as each reader says it. */
export const CONTEXT_TEXTS = {
  heading: 'About this case',
  property: 'Property',
  broker: 'Broker',
  // The same words as the case card's date (rows.ts).
  completionDate: 'Completion date',
  caseHandler: 'Case handler',
  teamHandles: (firm: string) => `The conveyancing team at ${firm}`,
  whoToCall: 'Who to call',
  quoteTotal: 'Quote total',
  nextStep: 'Next step',
  waitingOn: 'Waiting on',
  closed: 'This case is closed: nothing more is needed from anyone.',
} as const;

export const WAITS_ON_LABELS: Record<'customer' | 'broker', Record<WaitsOn, string>> = {
  customer: {
    customer: 'You',
    broker: 'Your broker',
    firm: 'Threshold',
    lender: 'Your lender',
    seller: "The seller's estate agent or solicitor",
  },
  broker: {
    customer: 'Your client',
    broker: 'You',
    firm: 'Threshold',
    lender: 'The lender',
    seller: "The seller's estate agent or solicitor",
  },
};

type CaseHandler = ExpandedCase['caseHandler'];

const telHref = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

/** Who handles the case: the assigned conveyancer by name, else the firm's team. */
export function handlerName(handler: CaseHandler): string {
  return handler.name
    ? `${handler.name}, ${handler.firmName}`
    : CONTEXT_TEXTS.teamHandles(handler.firmName);
}

/** The firm's telephone, as a link to call, and when it is answered. */
export function FirmPhone({ handler }: { handler: CaseHandler }) {
  return (
    <>
      <Link href={telHref(handler.phoneNumber)}>{handler.phoneNumber}</Link>
      {`, ${handler.openingHours}`}
    </>
  );
}

export function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '9rem 1fr' }, gap: 0.5 }}>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function BrokerContact({ broker }: { broker: CaseBroker }) {
  return (
    <>
      {broker.firmName ? `${broker.preferredName}, ${broker.firmName}` : broker.preferredName}
      <br />
      <Link href={`mailto:${broker.email}`}>{broker.email}</Link>
      {broker.phoneNumber && (
        <>
          <br />
          <Link href={telHref(broker.phoneNumber)}>{broker.phoneNumber}</Link>
        </>
      )}
    </>
  );
}

/**
 * Where the case stands for the person reading it: the property, the broker and how to reach
 * them, the agreed completion date, who at the firm handles the case and the firm's telephone
 * (issue 26), the quote total, and the next step with who it waits on (the workflow file's `guide`
 * and `waits_on`, through `view.stage`). A closed case says so instead of a next step.
 */
export function CaseContext({ expanded }: { expanded: ExpandedCase }) {
  const { isBroker } = useSession();
  const { stage } = expanded.view;
  const address = propertyAddress(expanded.property);
  return (
    <SectionCard title={CONTEXT_TEXTS.heading}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
        {address && <Row term={CONTEXT_TEXTS.property}>{address}</Row>}
        {expanded.broker && (
          <Row term={CONTEXT_TEXTS.broker}>
            <BrokerContact broker={expanded.broker} />
          </Row>
        )}
        {expanded.completionDate && (
          <Row term={CONTEXT_TEXTS.completionDate}>{formatDate(expanded.completionDate)}</Row>
        )}
        <Row term={CONTEXT_TEXTS.caseHandler}>
          <span data-testid="case-handler">{handlerName(expanded.caseHandler)}</span>
        </Row>
        <Row term={CONTEXT_TEXTS.whoToCall}>
          <FirmPhone handler={expanded.caseHandler} />
        </Row>
        {expanded.quote && (
          <Row term={CONTEXT_TEXTS.quoteTotal}>{formatMoney(expanded.quote.totalAmount)}</Row>
        )}
        {stage.closed ? (
          <Row term={CONTEXT_TEXTS.nextStep}>{CONTEXT_TEXTS.closed}</Row>
        ) : (
          <>
            {stage.guide && <Row term={CONTEXT_TEXTS.nextStep}>{stage.guide}</Row>}
            {stage.waitsOn && (
              <Row term={CONTEXT_TEXTS.waitingOn}>
                {WAITS_ON_LABELS[isBroker ? 'broker' : 'customer'][stage.waitsOn]}
              </Row>
            )}
          </>
        )}
      </Box>
    </SectionCard>
  );
}
