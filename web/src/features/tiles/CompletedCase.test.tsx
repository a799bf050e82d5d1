import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { RemortgagingExpanded } from '../../lib/api/types';
import { applicationServer } from '../../test/application';
import { noContent } from '../../test/fetchMock';
import { makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { submittedCase } from '../../test/tiles';
import { clearFeedbackRequest, FEEDBACK_TEXTS } from '../feedback';

/** A completed remortgage as the server sends it (chip label and message are the engine's). */
function completed(feedbackGiven: RemortgagingExpanded['feedbackGiven'] = []) {
  return submittedCase(
    { status: 'COMPLETED', completionDate: '2026-03-15', feedbackGiven },
    {
      identification: 'IS_COMPLETE',
      documents: 'IS_COMPLETE',
      'mortgage-report': 'IS_COMPLETE',
      'completion-statement': 'IS_COMPLETE',
    },
    {
      chip: { colour: 'GREEN', label: 'Completed 15/03/2026', showWarningIcon: false },
      message: 'This case was completed on 15/03/2026.',
      stage: { guide: null, waitsOn: null, closed: true },
    },
  );
}

const feedbackDialog = () => screen.queryByRole('dialog', { name: FEEDBACK_TEXTS.title });

describe('a completed remortgage', () => {
  afterEach(() => clearFeedbackRequest());

  it('STATUS-02 STATUS-03 STATUS-15 REM-POST-01: the green chip "Completed {date}", its message and the tiles', async () => {
    applicationServer(() => completed(['POST_COMPLETION']));
    renderApp('/remortgaging/1001');
    const chip = (await screen.findByText('Completed 15/03/2026')).closest('[data-colour]');
    expect(chip).toHaveAttribute('data-colour', 'GREEN');
    expect(screen.queryByTestId('status-warning')).toBeNull();
    expect(screen.getByTestId('status-message')).toHaveTextContent(
      'This case was completed on 15/03/2026.',
    );
    const tiles = within(screen.getByRole('list', { name: 'Case progress' }));
    expect(tiles.getAllByRole('listitem').map((li) => li.getAttribute('data-key'))).toEqual([
      'application-review',
      'identification',
      'documents',
      'mortgage-report',
      'completion-statement',
    ]);
    expect(tiles.getByRole('link', { name: /Completion Statement/ })).toHaveAttribute(
      'href',
      '/remortgaging/1001/completion-statement',
    );
    expect(screen.queryByRole('list', { name: 'Application sections' })).toBeNull();
    expect(feedbackDialog()).toBeNull();
  });

  it('FEEDBACK-04 FEEDBACK-11: the case page asks for POST_COMPLETION feedback once', async () => {
    let current = completed();
    const posts: unknown[] = [];
    applicationServer(() => current, {
      'POST /api/feedback': async (request) => {
        posts.push(await request.json());
        current = completed(['POST_COMPLETION']);
        return noContent();
      },
    });
    const { router } = renderApp('/remortgaging/1001');
    const dialog = await screen.findByRole('dialog', { name: FEEDBACK_TEXTS.title });
    await userEvent.click(within(dialog).getByRole('button', { name: FEEDBACK_TEXTS.dismiss }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      caseType: 'REMORTGAGING',
      caseId: 1001,
      feedbackPoint: 'POST_COMPLETION',
      rating: null,
      message: '',
    });
    await waitFor(() => expect(feedbackDialog()).toBeNull());
    // Away and back: not asked again.
    await router.navigate({ href: '/remortgaging/1001/application-review' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Application & Quote' }),
    ).toBeVisible();
    await router.navigate({ href: '/remortgaging/1001' });
    expect(await screen.findByText('Completed 15/03/2026')).toBeVisible();
    expect(feedbackDialog()).toBeNull();
    expect(posts).toHaveLength(1);
  });

  it('FEEDBACK-04: a broker is not asked', async () => {
    applicationServer(() => completed(), {}, makeMe({ role: 'ROLE_BROKER' }));
    renderApp('/remortgaging/1001');
    expect(await screen.findByText('Completed 15/03/2026')).toBeVisible();
    expect(feedbackDialog()).toBeNull();
  });
});
