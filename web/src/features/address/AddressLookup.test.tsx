// Issue 12: the address through GET /address-lookup and /address-lookup/{id}; manual entry
// when the server has no provider (REM-APP-12 address).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api/client';
import type { FoundAddress } from '../../lib/api/types';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../../lib/config';
import { apiError, json, mockFetch } from '../../test/fetchMock';
import { TEST_API } from '../../test/renderApp';
import { AddressLookup } from './components/AddressLookup';
import { ADDRESS_LOOKUP_TEXTS as T } from './texts';

const ELEVEN: FoundAddress = {
  id: '23747772',
  addressLine1: '11 Downing Street',
  addressLine2: null,
  town: 'London',
  county: 'London',
  postcode: 'SW1A 2AA',
  country: 'England',
  formattedAddress: '11 Downing Street, London, SW1A 2AA',
};
const TEN: FoundAddress = {
  ...ELEVEN,
  id: '23747771',
  addressLine1: '10 Downing Street',
  formattedAddress: '10 Downing Street, London, SW1A 2AA',
};

function lookupOn() {
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, addressLookup: true });
  configureApi(TEST_API);
}

async function expectStatus(text: string) {
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text));
}

afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

describe('AddressLookup', () => {
  it('is not there without a provider: the form is filled by hand', () => {
    const { container } = render(<AddressLookup onChoose={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the postcode’s addresses and hands the chosen one, read by id, to the form', async () => {
    lookupOn();
    const { calls } = mockFetch({
      'GET /api/address-lookup': () => json({ addresses: [TEN, ELEVEN] }),
      'GET /api/address-lookup/23747772': () => json(ELEVEN),
    });
    const onChoose = vi.fn();
    render(<AddressLookup onChoose={onChoose} />);
    await userEvent.type(screen.getByRole('textbox', { name: T.postcode }), 'sw1a 2aa{Enter}');
    await expectStatus('2 addresses found');
    expect(new URL(calls[0].request.url).searchParams.get('postcode')).toBe('sw1a 2aa');
    await userEvent.click(screen.getByRole('combobox', { name: T.choose }));
    await userEvent.click(await screen.findByRole('option', { name: ELEVEN.formattedAddress }));
    await vi.waitFor(() => expect(onChoose).toHaveBeenCalledWith(ELEVEN));
    expect(screen.getByRole('status')).toHaveTextContent(T.chosen);
  });

  it('says so when a postcode has no addresses, and shows the server’s postcode problem', async () => {
    lookupOn();
    let answer = () => json({ addresses: [] });
    mockFetch({ 'GET /api/address-lookup': () => answer() });
    render(<AddressLookup onChoose={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: T.find }));
    expect(await screen.findByText(T.postcodeRequired)).toBeInTheDocument();
    const postcode = screen.getByRole('textbox', { name: T.postcode });
    await userEvent.type(postcode, 'zz9 9zz');
    await userEvent.click(screen.getByRole('button', { name: T.find }));
    await expectStatus(T.none('ZZ9 9ZZ'));
    answer = () =>
      apiError(422, 'Some of the details are not valid.', {
        postcode: 'Enter a valid UK postcode',
      });
    await userEvent.clear(postcode);
    await userEvent.type(postcode, '12345');
    await userEvent.click(screen.getByRole('button', { name: T.find }));
    expect(await screen.findByText('Enter a valid UK postcode')).toBeInTheDocument();
  });

  it('a provider failure leaves manual entry with the server’s sentence', async () => {
    lookupOn();
    const sentence = 'We could not look up addresses just now: please enter the address by hand.';
    mockFetch({ 'GET /api/address-lookup': () => apiError(502, sentence) });
    render(<AddressLookup onChoose={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: T.postcode }), 'SW1A 2AA');
    await userEvent.click(screen.getByRole('button', { name: T.find }));
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(screen.getByText(T.manual)).toBeInTheDocument();
  });
});
