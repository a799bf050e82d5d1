import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../lib/api/client';
import { json, mockFetch } from '../../test/fetchMock';
import { VersionToast } from './components/VersionToast';

describe('version toast', () => {
  beforeEach(() => configureApi('http://localhost/api'));

  it('VERSION-01 VERSION-03 CALLS-61: GET /version at the site root; a different version shows Updates Available with Update and Close', async () => {
    const { calls } = mockFetch({ 'GET /version': () => json({ version: '9.9.9' }) });
    render(<VersionToast release="0.1.0" />);
    expect(await screen.findByText('Updates Available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(calls[0].path).toBe('/version');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByText('Updates Available')).toBeNull();
  });

  it('VERSION-02: no toast when the versions match', async () => {
    const { calls } = mockFetch({ 'GET /version': () => json({ version: '0.1.0' }) });
    render(<VersionToast release="0.1.0" />);
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toHaveLength(1);
    expect(screen.queryByText('Updates Available')).toBeNull();
  });
});
