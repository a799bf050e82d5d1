import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { enqueueSnackbar } from 'notistack';
import { isApiError } from '../../lib/api/errors';
import type { CaseView, ExpandedCase, SectionState } from '../../lib/api/types';
import { caseQuery } from './api/getCase';
import { caseOverviewsQuery } from './api/getCaseOverviews';
import type { CaseKind } from './caseTypes';
import { LOAD_ERROR } from './texts';

/** The case list of this type (/remortgaging or /buying), replacing the current entry. */
const toList = (kind: CaseKind) =>
  redirect({ to: '/$caseType', params: { caseType: kind }, replace: true });

export function isNumericId(caseId: string): boolean {
  return /^\d+$/.test(caseId);
}

/**
 * Case access guard (spec section 2): a non-numeric id or an unknown case is not found; any
 * other failure loading the case redirects to the case list.
 */
export async function loadGuardedCase(
  queryClient: QueryClient,
  kind: CaseKind,
  caseId: string,
  { preload = false }: { preload?: boolean } = {},
): Promise<ExpandedCase> {
  if (!isNumericId(caseId)) throw notFound();
  try {
    return await queryClient.ensureQueryData(caseQuery(kind, caseId));
  } catch (error) {
    if (isApiError(error, 404)) throw notFound();
    // Issue 15: the user is often on that list already (a card's 'Continue'), so the redirect
    // alone changed nothing on screen. A server that could not answer is said out loud; a
    // refusal (4xx) is the guard's ordinary, silent redirect.
    // A preload (hovering a link) is not the user's request: it stays quiet.
    if (!preload && (!isApiError(error) || error.status >= 500)) {
      enqueueSnackbar(LOAD_ERROR, { variant: 'error', preventDuplicate: true });
    }
    throw toList(kind);
  }
}

/** The states whose section or tile may be opened (the engine's `SectionState::is_open`). */
export function isOpenState(state: SectionState): boolean {
  return state === 'IS_COMPLETE' || state === 'NOT_STARTED' || state === 'IN_PROGRESS';
}

/** A section or tile may be opened when it exists and is not disabled, locked or hidden. */
export function canOpen(view: CaseView, where: 'sections' | 'tiles', key: string): boolean {
  const entry = view[where].find((s) => s.key === key);
  return !!entry && isOpenState(entry.state);
}

/** The guard for a section (/application/{key}) or post-submit tile (/{key}) route. */
export async function guardSection(
  queryClient: QueryClient,
  kind: CaseKind,
  caseId: string,
  where: 'sections' | 'tiles',
  key: string,
  options: { preload?: boolean } = {},
): Promise<ExpandedCase> {
  const expanded = await loadGuardedCase(queryClient, kind, caseId, options);
  if (!canOpen(expanded.view, where, key)) {
    throw toList(kind);
  }
  return expanded;
}

/**
 * The tiles whose document has a /view page (spec §2): a remortgage's mortgage report and a
 * purchase's client care letter, and either's completion statement (REM-POST-11, REM-POST-15,
 * BUY-POST-09, BUY-POST-21).
 */
export const DOCUMENT_VIEW_TILES: Record<CaseKind, readonly string[]> = {
  remortgaging: ['mortgage-report', 'completion-statement'],
  buying: ['client-care-letter', 'completion-statement'],
};

/**
 * The guard for /{caseType}/{caseId}/{tile}/view: a tile without a document page is not found;
 * otherwise the tile's own guard (locked or hidden → the case list).
 */
export async function guardTileView(
  queryClient: QueryClient,
  kind: CaseKind,
  caseId: string,
  tile: string,
  options: { preload?: boolean } = {},
): Promise<ExpandedCase> {
  if (!DOCUMENT_VIEW_TILES[kind].includes(tile)) throw notFound();
  return guardSection(queryClient, kind, caseId, 'tiles', tile, options);
}

/**
 * A non-broker with no cases of this type goes from the list to the start page. If the
 * overview cannot be loaded the list is shown (and reports its own error).
 */
export async function startPageRedirect(
  queryClient: QueryClient,
  kind: CaseKind,
  isBroker: boolean,
): Promise<void> {
  if (isBroker) return;
  let total: number;
  try {
    const overviews = await queryClient.fetchQuery(caseOverviewsQuery());
    total = overviews[kind].totalCount;
  } catch {
    return;
  }
  if (total === 0) {
    throw redirect({ to: '/$caseType/start', params: { caseType: kind }, replace: true });
  }
}
