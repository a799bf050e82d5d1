import { describe, expect, it } from 'vitest';
import {
  BUYING_DEPOSIT_TERMS,
  EXPRESS_REQUEST_TEXT,
  REMORTGAGE_DEPOSIT_TERMS,
  repoFile,
} from '../../test/feeTerms';

/** A static page's text: tags and comments out, entities and spaces as a reader sees them. */
function textOf(path: string): string {
  return repoFile(path)
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&middot;/g, '·')
    .replace(/\s+/g, ' ');
}

describe('the static legal pages state the server’s terms', () => {
  it('terms of service: the up-front payment terms of workflows/fees.toml, word for word', () => {
    const terms = textOf('web/public/legal/terms-of-service.html');
    expect(terms).toContain(BUYING_DEPOSIT_TERMS);
    expect(terms).toContain(REMORTGAGE_DEPOSIT_TERMS);
    expect(terms.toLowerCase()).not.toContain('non-refundable');
    expect(repoFile('web/public/legal/terms-of-service.html')).toContain(
      'href="/legal/cancellation-form.html"',
    );
    expect(EXPRESS_REQUEST_TEXT).toContain('within the 14-day cancellation period');
  });

  it('the model cancellation form of Schedule 3, Part B (SI 2013/3134), for a service', () => {
    const form = textOf('web/public/legal/cancellation-form.html');
    for (const words of [
      'Complete and return this form only if you wish to withdraw from the contract',
      'hereby give notice that I/We [*] cancel my/our [*] contract for the supply of the following service',
      'Name of consumer(s)',
      'Address of consumer(s)',
      'Signature of consumer(s) (only if this form is notified on paper)',
    ]) {
      expect(form).toContain(words);
    }
  });
});
