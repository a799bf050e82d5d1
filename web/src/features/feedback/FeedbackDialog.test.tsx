import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api/client';
import type { FeedbackPoint } from '../../lib/api/types';
import { createQueryClient } from '../../lib/queryClient';
import { apiError, mockFetch, noContent, type Handler } from '../../test/fetchMock';
import { TEST_API } from '../../test/renderApp';
import { FeedbackDialog } from './components/FeedbackDialog';
import type { FeedbackRequest } from './feedbackRequests';
import { FEEDBACK_TEXTS } from './texts';

const REQUEST: FeedbackRequest = {
  feedbackPoint: 'SUBMIT_APPLICATION',
  caseType: 'REMORTGAGING',
  caseId: 1001,
};

function Harness({ given, onClose }: { given: FeedbackPoint[]; onClose: () => void }) {
  const [request, setRequest] = useState<FeedbackRequest | null>(REQUEST);
  return (
    <FeedbackDialog
      request={request}
      feedbackGiven={given}
      onClose={() => {
        setRequest(null);
        onClose();
      }}
    />
  );
}

function renderDialog(handler: Handler = () => noContent(), given: FeedbackPoint[] = []) {
  configureApi(TEST_API);
  const server = mockFetch({ 'POST /api/feedback': handler });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SnackbarProvider>
        <Harness given={given} onClose={onClose} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  const posts = () => server.calls.filter((c) => c.path === '/api/feedback');
  return { onClose, posts };
}

const body = (call: { body: string | null }) => JSON.parse(call.body ?? '{}');

describe('FeedbackDialog', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('FEEDBACK-01: a rating and an optional comment for the point', async () => {
    renderDialog();
    expect(await screen.findByRole('dialog', { name: FEEDBACK_TEXTS.title })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: FEEDBACK_TEXTS.ratingLabel })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 stars, excellent' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: FEEDBACK_TEXTS.commentLabel })).toBeInTheDocument();
  });

  it('the rating is exactly five stars to assistive technology (no sixth, "Empty" radio)', async () => {
    renderDialog();
    const rating = await screen.findByRole('group', { name: FEEDBACK_TEXTS.ratingLabel });
    const radios = within(rating).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(radios.map((r) => r.getAttribute('name'))).toEqual(Array(5).fill('feedback-rating'));
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.queryByRole('radio', { name: /empty/i })).toBeNull();
    expect(screen.queryByText(/empty/i)).toBeNull();
    // None is chosen until the customer chooses; choosing one checks only that one.
    for (const radio of radios) expect(radio).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '3 stars, okay' }));
    expect(radios.filter((r) => (r as HTMLInputElement).checked)).toEqual([radios[2]]);
  });

  it('the stars are chosen with the keyboard, as any radio group', async () => {
    const { posts } = renderDialog();
    await userEvent.click(await screen.findByRole('radio', { name: '2 stars, poor' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars, okay' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(body(posts()[0]).rating).toBe(3);
  });

  it('FEEDBACK-11: not shown when the case says the point was answered', () => {
    renderDialog(undefined, ['SUBMIT_APPLICATION']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('FEEDBACK-11 issue 26: asked once per case: not shown once another point was answered', () => {
    renderDialog(undefined, ['POST_COMPLETION']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('FEEDBACK-05: no rating → "Please rate your experience" and no POST', async () => {
    const { posts } = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: FEEDBACK_TEXTS.submit }));
    expect(await screen.findByText(FEEDBACK_TEXTS.ratingRequired)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('FEEDBACK-06/09 ERR-07: a rating only sends the point with an empty message; the spec toast', async () => {
    const { posts, onClose } = renderDialog();
    fireEvent.click(await screen.findByRole('radio', { name: '4 stars, good' }));
    await userEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    expect(await screen.findByText('Thanks! your feedback has been submitted')).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    expect(body(posts()[0])).toEqual({
      caseType: 'REMORTGAGING',
      caseId: 1001,
      feedbackPoint: 'SUBMIT_APPLICATION',
      rating: 4,
      message: '',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('FEEDBACK-07 CONST-02: 5001 characters → the limit message, no POST; 5000 is fine', async () => {
    const { posts } = renderDialog();
    fireEvent.click(await screen.findByRole('radio', { name: '3 stars, okay' }));
    const comment = screen.getByRole('textbox', { name: FEEDBACK_TEXTS.commentLabel });
    fireEvent.change(comment, { target: { value: 'a'.repeat(5001) } });
    await userEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    expect(
      await screen.findByText('Message must be less than 5000 characters'),
    ).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    fireEvent.change(comment, { target: { value: 'a'.repeat(5000) } });
    await userEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(body(posts()[0]).message).toHaveLength(5000);
  });

  it('FEEDBACK-08: Ctrl+Enter in the comment submits', async () => {
    const { posts } = renderDialog();
    fireEvent.click(await screen.findByRole('radio', { name: '5 stars, excellent' }));
    const comment = screen.getByRole('textbox', { name: FEEDBACK_TEXTS.commentLabel });
    await userEvent.type(comment, 'Very smooth');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(body(posts()[0])).toMatchObject({ rating: 5, message: 'Very smooth' });
  });

  it('FEEDBACK-08: Cmd+Enter in the comment submits', async () => {
    const { posts } = renderDialog();
    fireEvent.click(await screen.findByRole('radio', { name: '2 stars, poor' }));
    await userEvent.type(screen.getByRole('textbox', { name: FEEDBACK_TEXTS.commentLabel }), 'Hm');
    await userEvent.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(posts()).toHaveLength(1));
  });

  it('ERR-08: a failed submit says "Failed to submit feedback" and keeps the dialog and the comment', async () => {
    renderDialog(() => apiError(500));
    fireEvent.click(await screen.findByRole('radio', { name: '5 stars, excellent' }));
    await userEvent.type(screen.getByRole('textbox', { name: FEEDBACK_TEXTS.commentLabel }), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    expect(await screen.findByText('Failed to submit feedback')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: FEEDBACK_TEXTS.commentLabel })).toHaveValue('Hi');
  });

  it('FEEDBACK-10 ERR-09: dismissing sends an empty message with a null rating; "Feedback dismissed"', async () => {
    const { posts, onClose } = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: FEEDBACK_TEXTS.dismiss }));
    expect(await screen.findByText('Feedback dismissed')).toBeInTheDocument();
    expect(body(posts()[0])).toEqual({
      caseType: 'REMORTGAGING',
      caseId: 1001,
      feedbackPoint: 'SUBMIT_APPLICATION',
      rating: null,
      message: '',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('ERR-10: Escape dismisses too; a failed dismissal says "Failed to dismiss feedback"', async () => {
    const { posts } = renderDialog(() => apiError(500));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Failed to dismiss feedback')).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
  });
});
