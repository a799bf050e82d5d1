import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolvePolicies } from './api/getCurrentPolicies';

/** A bundled document under web/public, as the server serves it at `path`. */
function bundled(path: string): string {
  return readFileSync(resolve(__dirname, '../../../public', `.${path}`), 'utf8');
}

describe('the policies the app falls back to', () => {
  it('CONST-19: with no versions published the versions used are 2', () => {
    expect(resolvePolicies(undefined)).toMatchObject({ privacyVersion: 2, termsVersion: 2 });
    expect(
      resolvePolicies({
        privacyPolicy: { policyVersion: 0, contentUrl: '/p.html' },
        termsAndConditions: { policyVersion: 3, contentUrl: '/t.html' },
      }),
    ).toMatchObject({ privacyVersion: 2, termsVersion: 3 });
  });

  it('CONST-21: with no content address, the bundled documents dated June 2025', () => {
    const resolved = resolvePolicies({
      privacyPolicy: { policyVersion: 2, contentUrl: '' },
      termsAndConditions: { policyVersion: 2, contentUrl: '' },
    });
    expect(resolved.privacyUrl).toBe('/legal/privacy-policy.html');
    expect(resolved.termsUrl).toBe('/legal/terms-of-service.html');
    expect(resolvePolicies(undefined).privacyUrl).toBe('/legal/privacy-policy.html');
    for (const path of [resolved.privacyUrl, resolved.termsUrl]) {
      expect(bundled(path)).toContain('June 2025');
    }
  });

  it('uses the published versions and addresses when there are some', () => {
    expect(
      resolvePolicies({
        privacyPolicy: { policyVersion: 4, contentUrl: 'https://cdn.example/p.html' },
        termsAndConditions: { policyVersion: 5, contentUrl: 'https://cdn.example/t.html' },
      }),
    ).toEqual({
      privacyVersion: 4,
      termsVersion: 5,
      privacyUrl: 'https://cdn.example/p.html',
      termsUrl: 'https://cdn.example/t.html',
    });
  });
});
