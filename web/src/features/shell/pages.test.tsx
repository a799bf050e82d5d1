import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig, setRuntimeConfig } from '../../lib/config';
import { ErrorPage } from './routes/ErrorPage';

describe('error page', () => {
  it('SHELL-16 ERR-20 CONST-20: texts, reset button and support link', async () => {
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

  describe('with no support address configured', () => {
    afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

    it('CONST-20: the support link is mailto: the built-in address', () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      setRuntimeConfig(parseRuntimeConfig({ apiBaseUrl: '/api', supportEmail: '' }));
      render(<ErrorPage error={new Error('boom')} reset={() => {}} />);
      expect(screen.getByRole('link', { name: 'contact support' })).toHaveAttribute(
        'href',
        'mailto:support@threshold.example',
      );
    });

    it('CONST-20: a configured address is used instead', () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      setRuntimeConfig(parseRuntimeConfig({ supportEmail: 'help@firm.example' }));
      render(<ErrorPage error={new Error('boom')} reset={() => {}} />);
      expect(screen.getByRole('link', { name: 'contact support' })).toHaveAttribute(
        'href',
        'mailto:help@firm.example',
      );
    });
  });
});
