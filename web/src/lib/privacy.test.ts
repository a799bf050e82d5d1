import { describe, expect, it } from 'vitest';
import { scrubDeep, scrubText, scrubUrl } from './privacy';

describe('privacy scrubbing', () => {
  it('drops query strings and fragments from URLs', () => {
    expect(scrubUrl('https://app.example/login/auth?token=abc&redirectTo=%2Fhelp')).toBe(
      'https://app.example/login/auth',
    );
    expect(scrubUrl('/confirm-email?token=abc#x')).toBe('/confirm-email');
    expect(scrubUrl('/documents')).toBe('/documents');
  });

  it('cleans free text: URL queries, stray tokens and e-mail addresses', () => {
    expect(scrubText('GET https://app.example/login/auth?token=abc failed')).toBe(
      'GET https://app.example/login/auth failed',
    );
    expect(scrubText('navigated to /login/auth?token=abc')).toBe('navigated to /login/auth');
    expect(scrubText('token=abc&x=1')).toBe('token=[redacted]&x=1');
    expect(scrubText('access_token=abc')).toBe('access_token=[redacted]');
    expect(scrubText('Sent to jane.doe+x@example.co.uk')).toBe('Sent to [email]');
  });

  it('walks nested data, cutting whole queries under URL-like keys', () => {
    const out = scrubDeep({
      $current_url: 'https://app.example/login/auth?token=abc',
      $referrer: 'https://mail.example/inbox?u=jane@example.com',
      nested: { list: ['see /x?token=abc', 3, null], from: '/a?b=c' },
      when: new Date(0),
    });
    expect(out).toEqual({
      $current_url: 'https://app.example/login/auth',
      $referrer: 'https://mail.example/inbox',
      nested: { list: ['see /x', 3, null], from: '/a' },
      when: new Date(0),
    });
  });
});
