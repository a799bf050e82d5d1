import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HowCasesProceed } from '../../lib/api/types';
import { runtimeConfig } from '../../lib/config';
import { apiError, json } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { ASSISTANT_TEXTS } from '../assistant';
import { LOAD_ERROR } from '../cases';
import { HELP_TEXTS } from './texts';

const STAGES: HowCasesProceed = {
  remortgaging: [
    { status: 'CUSTOMER_APPLICATION', label: 'Customer Application', guide: 'You apply online.' },
    { status: 'COMPLETED', label: 'Completed', guide: 'The remortgage is complete.' },
  ],
  buying: [
    { status: 'AWAITING_SEARCHES', label: 'Awaiting Searches', guide: 'We order searches.' },
  ],
};

function server(me = makeMe(), stages = () => json(STAGES)) {
  return signedInServer(me, {
    'GET /api/feed/counts': () => json({ unreadCount: 0, totalCount: 0 }),
    'GET /api/help/stages': stages,
  });
}

describe('/help', () => {
  it('HELP-01 HELP-02: the support contact is a mailto link to the configured address', async () => {
    server();
    renderApp('/help');
    const contact = await screen.findByRole('region', { name: HELP_TEXTS.contactTitle });
    const email = runtimeConfig().supportEmail;
    expect(within(contact).getByRole('link', { name: email })).toHaveAttribute(
      'href',
      `mailto:${email}`,
    );
  });

  it("lists a remortgage's stages in the workflow's order, each with what happens in it", async () => {
    server();
    renderApp('/help');
    const guide = await screen.findByRole('region', { name: HELP_TEXTS.remortgageTitle });
    const items = within(guide).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Customer ApplicationYou apply online.',
      'CompletedThe remortgage is complete.',
    ]);
    // Without BUYING there is no purchase guide.
    expect(screen.queryByRole('region', { name: HELP_TEXTS.purchaseTitle })).toBeNull();
  });

  it('shows the purchase stages to a customer with buying', async () => {
    server(makeMe({ enabledFeatures: ['BUYING'] }));
    renderApp('/help');
    expect(await screen.findByRole('region', { name: HELP_TEXTS.purchaseTitle })).toHaveTextContent(
      'Awaiting SearchesWe order searches.',
    );
  });

  it('HELP-03: a user with AI_BOT is offered the assistant, which opens /assistant', async () => {
    server(makeMe({ enabledFeatures: ['AI_BOT'] }));
    const { router } = renderApp('/help');
    const entry = await screen.findByRole('region', { name: HELP_TEXTS.assistantTitle });
    const link = within(entry).getByRole('link', { name: HELP_TEXTS.assistantButton });
    expect(link).toHaveAttribute('href', '/assistant');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/assistant'));
    expect(await screen.findByRole('heading', { name: ASSISTANT_TEXTS.title })).toBeVisible();
  });

  it('HELP-04: without AI_BOT there is no way to the assistant', async () => {
    server(makeMe({ enabledFeatures: ['BUYING'] }));
    renderApp('/help');
    await screen.findByRole('region', { name: HELP_TEXTS.remortgageTitle });
    expect(screen.queryByRole('region', { name: HELP_TEXTS.assistantTitle })).toBeNull();
    expect(screen.queryByRole('link', { name: HELP_TEXTS.assistantButton })).toBeNull();
  });

  it('says so when the stages cannot be loaded, and still shows the contact', async () => {
    server(makeMe(), () => apiError(500));
    renderApp('/help');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOAD_ERROR);
    expect(screen.getByRole('region', { name: HELP_TEXTS.contactTitle })).toBeInTheDocument();
  });
});
