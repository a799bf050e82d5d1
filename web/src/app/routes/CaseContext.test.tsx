import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExpandedCase, Me } from '../../lib/api/types';
import { expanded, overviews, page, REM_SECTIONS } from '../../test/cases';
import { json } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { quote } from '../../test/invitations';
import { renderApp } from '../../test/renderApp';
import { CONTEXT_TEXTS } from '../../features/cases/lazy';
import { FEEDBACK_TEXTS } from '../../features/feedback';
import { COMPLETED_TEXTS } from './CompletedSummary';

const BROKER = makeMe({ role: 'ROLE_BROKER', enabledFeatures: ['BUYING'] });
const CUSTOMER = makeMe({ enabledFeatures: ['BUYING'] });

const BEA = {
  preferredName: 'Bea Broker',
  firmName: 'Demo Brokers',
  email: 'bea@brokers.example',
  phoneNumber: '01632 960000',
};

/** A cancelled case's tiles as the engine gives them: what was done, the rest disabled. */
const CANCELLED_TILES = [
  ['application-review', 'Application & Quote', 'IS_COMPLETE'],
  ['identification', 'Verify Identity', 'IS_DISABLED'],
  ['documents', 'Upload Documents', 'IS_DISABLED'],
] as const;

function serve(me: Me, body: ExpandedCase) {
  const path =
    body.caseType === 'REMORTGAGING'
      ? `GET /api/remortgaging/cases/${body.id}/expanded`
      : `GET /api/buying/case/${body.id}/expanded`;
  return signedInServer(me, {
    'GET /api/case-overviews': () => json(overviews(1, 1)),
    'GET /api/managed-brokers': () => json({ managedBrokers: [] }),
    'GET /api/remortgaging/cases': () => json(page([])),
    'GET /api/buying/cases': () => json(page([])),
    [path]: () => json(body),
  });
}

/** The context block's rows as [term, description] pairs. */
async function rows(): Promise<[string, string][]> {
  const block = await screen.findByRole('region', { name: CONTEXT_TEXTS.heading });
  return within(block)
    .getAllByRole('term')
    .map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']);
}

describe('case page context (issue 15)', () => {
  it('links back to the list and tells a customer the property, broker, quote, next step and who it waits on', async () => {
    const base = expanded('REMORTGAGING', REM_SECTIONS);
    serve(CUSTOMER, { ...base, broker: BEA, quote: quote({ totalAmount: 123_456 }) });
    renderApp('/remortgaging/1001');
    expect(await rows()).toEqual([
      ['Property', '1 High Street, Canterbury, Kent, CT1 1AA'],
      ['Broker', 'Bea Broker, Demo Brokersbea@brokers.example01632 960000'],
      ['Case handler', 'The conveyancing team at Threshold Conveyancing LLP'],
      ['Who to call', '020 7946 0000, Monday to Friday, 9am to 5:30pm'],
      ['Quote total', '£1,234.56'],
      ['Next step', 'You (and any co-owners) fill in the application online.'],
      ['Waiting on', 'You'],
    ]);
    expect(screen.getByRole('link', { name: 'Back to Remortgaging Cases' })).toHaveAttribute(
      'href',
      '/remortgaging',
    );
    expect(screen.getByRole('link', { name: 'bea@brokers.example' })).toHaveAttribute(
      'href',
      'mailto:bea@brokers.example',
    );
    expect(screen.getByRole('link', { name: '01632 960000' })).toHaveAttribute(
      'href',
      'tel:01632960000',
    );
    // Work still pending on an open case shows as before.
    expect(screen.getByRole('list', { name: 'Application sections' })).toBeInTheDocument();
  });

  it('names who it waits on from the broker’s side, and leaves out what the case lacks', async () => {
    serve(BROKER, expanded('BUYING', [['key-facts', 'Key Facts', 'IS_COMPLETE']], [], 2002));
    renderApp('/buying/2002');
    const found = await rows();
    expect(found.map(([term]) => term)).toEqual([
      'Property',
      'Case handler',
      'Who to call',
      'Next step',
      'Waiting on',
    ]);
    expect(found[4]).toEqual(['Waiting on', 'Your client']);
    expect(screen.getByRole('link', { name: 'Back to Buying Cases' })).toHaveAttribute(
      'href',
      '/buying',
    );
  });

  it('a cancelled case says it is closed and shows nothing as if work were pending', async () => {
    const base = expanded(
      'REMORTGAGING',
      [],
      CANCELLED_TILES.map((t) => [...t]),
    );
    serve(CUSTOMER, {
      ...base,
      status: 'CANCELLED',
      broker: BEA,
      view: {
        ...base.view,
        status: 'CANCELLED',
        submitted: true,
        chip: { colour: 'RED', label: 'Cancelled', showWarningIcon: true },
        message: 'This case has been cancelled.',
        stage: { guide: null, waitsOn: null, closed: true },
      },
    });
    renderApp('/remortgaging/1001');
    const found = await rows();
    expect(found).toContainEqual(['Next step', CONTEXT_TEXTS.closed]);
    expect(found.map(([term]) => term)).not.toContain('Waiting on');
    expect(screen.getByText('This case has been cancelled.')).toBeInTheDocument();
    // Its tiles stay to read what was done (REM-POST-01); none is pending.
    expect(screen.getByRole('list', { name: 'Case progress' })).toBeInTheDocument();
    expect(screen.queryByText('Not started')).toBeNull();
  });
});

describe('case page after submission (issue 26 item 9)', () => {
  const HANDLER = {
    name: 'Connie Conveyancer',
    firmName: 'Threshold Conveyancing LLP',
    phoneNumber: '020 7946 0000',
    openingHours: 'Monday to Friday, 9am to 5:30pm',
  };
  const TILES = [
    ['application-review', 'Application & Quote', 'IS_COMPLETE'],
    ['identification', 'Verify Identity', 'IN_PROGRESS'],
  ] as const;

  function submitted(patch: Partial<ExpandedCase> = {}): ExpandedCase {
    const base = expanded(
      'REMORTGAGING',
      [],
      TILES.map((t) => [...t]),
    );
    return {
      ...base,
      status: 'AWAITING_MORTGAGE_OFFER',
      completionDate: '2026-04-17',
      caseHandler: HANDLER,
      view: { ...base.view, status: 'AWAITING_MORTGAGE_OFFER', submitted: true },
      ...patch,
    } as ExpandedCase;
  }

  it('shows the agreed completion date, the named case handler and whom to call', async () => {
    serve(CUSTOMER, submitted());
    renderApp('/remortgaging/1001');
    const found = await rows();
    expect(found).toContainEqual([CONTEXT_TEXTS.completionDate, '17/04/2026']);
    expect(found).toContainEqual([
      CONTEXT_TEXTS.caseHandler,
      'Connie Conveyancer, Threshold Conveyancing LLP',
    ]);
    expect(found).toContainEqual([
      CONTEXT_TEXTS.whoToCall,
      '020 7946 0000, Monday to Friday, 9am to 5:30pm',
    ]);
    expect(screen.getByRole('link', { name: '020 7946 0000' })).toHaveAttribute(
      'href',
      'tel:02079460000',
    );
    // Not completed: no summary yet.
    expect(screen.queryByTestId('completed-summary')).toBeNull();
  });

  it('an identity sent for checking reads "In progress" on its tile, which still opens', async () => {
    serve(CUSTOMER, submitted());
    renderApp('/remortgaging/1001');
    const tiles = within(await screen.findByRole('list', { name: 'Case progress' }));
    const item = tiles.getAllByRole('listitem').find((li) => li.dataset.key === 'identification');
    expect(item).toHaveAttribute('data-state', 'IN_PROGRESS');
    expect(item).toHaveTextContent('In progress');
    expect(item).not.toHaveTextContent('Not started');
    expect(tiles.getByRole('link', { name: /Verify Identity/ })).toHaveAttribute(
      'href',
      '/remortgaging/1001/identification',
    );
  });

  it('a completed case shows a summary of what was done, what happens next (issue 29) and the documents to keep', async () => {
    const base = submitted();
    serve(CUSTOMER, {
      ...base,
      status: 'COMPLETED',
      feedbackGiven: ['SUBMIT_APPLICATION'],
      afterCompletion: [
        { label: "Old lender's mortgage discharged (DS1 or e-DS1)", done: true },
        { label: 'File closed', done: false },
      ],
      documents: {
        documents: [],
        generatedDocuments: [
          { documentId: 71, documentType: 'COMPLETION_STATEMENT', isDraft: false },
          { documentId: 72, documentType: 'MORTGAGE_REPORT', isDraft: true },
        ],
      },
      view: {
        ...base.view,
        status: 'COMPLETED',
        stage: { guide: null, waitsOn: null, closed: true },
      },
    } as ExpandedCase);
    renderApp('/remortgaging/1001');
    const summary = await screen.findByRole('region', { name: COMPLETED_TEXTS.heading });
    const found = within(summary)
      .getAllByRole('term')
      .map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']);
    expect(found).toEqual([
      [COMPLETED_TEXTS.remortgage, '1 High Street, Canterbury, Kent, CT1 1AA'],
      [COMPLETED_TEXTS.lender, 'Nationwide Building Society'],
      [COMPLETED_TEXTS.loanAmount, '£200,000.00'],
      [COMPLETED_TEXTS.completedOn, '17/04/2026'],
      [COMPLETED_TEXTS.handledBy, 'Connie Conveyancer, Threshold Conveyancing LLP'],
      [
        COMPLETED_TEXTS.next,
        `${COMPLETED_TEXTS.nextIntro}Old lender's mortgage discharged (DS1 or e-DS1): DoneFile closed: Not yet`,
      ],
      [COMPLETED_TEXTS.documents, 'Completion statementDownload'],
    ]);
    // Only issued documents: a draft is never the customer's.
    expect(
      within(summary).getByRole('link', { name: 'Download Completion statement' }),
    ).toHaveAttribute('href', expect.stringContaining('/document/71'));
    // Asked for feedback at submission already: not asked again (issue 26).
    expect(screen.queryByRole('dialog', { name: FEEDBACK_TEXTS.title })).toBeNull();
  });
});
