/**
 * Page names for analytics (CONSENT-07). The spec names some pages; every other route gets a
 * stable snake_case name derived from its route path, never from the concrete URL: ids become
 * the param's name (`$caseId` → `case`), while the bounded slugs (`$caseType`, `$tile`,
 * `$section`) take their value, e.g. /remortgaging/12/identification → remortgaging_case_identification.
 */
export const PAGE_NAMES = {
  loginAuth: 'login_auth',
  home: 'home',
  dashboardDocuments: 'dashboard_documents',
  notFound: 'not_found',
  unexpectedError: 'unexpected_error',
  mortgageReportAccept: 'mortgage_report_accept',
  // A purchase's source-of-funds page, /buying/{caseId}/source-of-funds (SOF feature).
  sourceOfFunds: 'source_of_funds',
  aiAssistant: 'ai_assistant',
} as const;

/** The spec's names, keyed by the derived name of the route they stand for. */
const NAMED: Record<string, string> = {
  '': PAGE_NAMES.home,
  login_auth: PAGE_NAMES.loginAuth,
  documents: PAGE_NAMES.dashboardDocuments,
  remortgaging_case_mortgage_report: PAGE_NAMES.mortgageReportAccept,
  remortgaging_case_mortgage_report_view: PAGE_NAMES.mortgageReportAccept,
  source_of_funds: PAGE_NAMES.sourceOfFunds,
  buying_case_source_of_funds: PAGE_NAMES.sourceOfFunds,
  // The assistant's page is /assistant.
  assistant: PAGE_NAMES.aiAssistant,
};

/** Params whose value is one of a few known slugs, not an identifier. */
const SLUG_PARAMS = new Set(['caseType', 'tile', 'section']);
const SLUG = /^[a-z][a-z-]{0,40}$/;

function snake(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/**
 * The page name for a route: `fullPath` is the route's path pattern (e.g.
 * `/$caseType/$caseId/$tile/view`, layouts without a path left out), `params` the matched values.
 */
export function pageNameFor(fullPath: string, params: Record<string, unknown> = {}): string {
  const parts = fullPath
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (!segment.startsWith('$')) return snake(segment);
      const name = segment.slice(1);
      const value = params[name];
      if (SLUG_PARAMS.has(name) && typeof value === 'string' && SLUG.test(value)) {
        return snake(value);
      }
      return snake(name.replace(/Id$/, '')) || 'param';
    });
  const derived = parts.join('_');
  return NAMED[derived] ?? derived;
}
