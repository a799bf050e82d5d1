import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from './routes/ErrorPage';

describe('error page', () => {
  it('SHELL-16 ERR-20: texts, reset button and support link', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reset = vi.fn();
    render(<ErrorPage error={new Error('boom')} reset={reset} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText("We've encountered an error processing this request"),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact support' })).toHaveAttribute(
      'href',
      'mailto:support@threshold.example',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reset).toHaveBeenCalledTimes(1);
  });
});
