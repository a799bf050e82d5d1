import { Alert, Box, Stack, Typography } from '@mui/material';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { RouterLink } from '../../../components/RouterLink';
import { LOAD_ERROR, useCase } from '../../cases';
import { SOURCE_OF_FUNDS_TEXTS as T } from '../texts';
import { SourceCard } from './SourceCard';

/**
 * /buying/{caseId}/source-of-funds (issue 33; users with SOF, the router sends anyone else to the
 * case): the firm must check where the money comes from (anti-money-laundering). Each source the
 * buyer listed, with where it stands, their account of the money and its evidence; back from
 * the open-banking provider, whether the bank's statements came.
 */
export function SourceOfFundsPage({
  caseId,
  openBanking,
}: {
  caseId: string;
  /** Back from the open-banking provider: whether the bank's statements came. */
  openBanking?: 'connected' | 'failed';
}) {
  const query = useCase('buying', caseId);
  const back = (
    <Box sx={{ mb: 1 }}>
      <RouterLink to="/$caseType/$caseId" params={{ caseType: 'buying', caseId }}>
        {T.backToCase}
      </RouterLink>
    </Box>
  );
  if (query.isPending) return <Loading label="Loading case" />;
  if (query.isError) {
    return (
      <Box>
        {back}
        <Alert severity="error" role="alert">
          {LOAD_ERROR}
        </Alert>
      </Box>
    );
  }
  const expanded = query.data;
  const sources = expanded.sourceOfFunds;
  return (
    <Box sx={{ maxWidth: 880, minWidth: 0 }}>
      {back}
      <PageHeading>{T.title}</PageHeading>
      {openBanking && (
        <Alert
          severity={openBanking === 'connected' ? 'success' : 'warning'}
          role="status"
          sx={{ mb: 2 }}
        >
          {openBanking === 'connected' ? T.bankConnected : T.bankFailed}
        </Alert>
      )}
      <Typography sx={{ mb: 3 }}>{T.intro}</Typography>
      {sources.length === 0 ? (
        <Typography>{T.none}</Typography>
      ) : (
        <Stack
          component="ul"
          spacing={2}
          aria-label={T.sources}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {sources.map((source) => (
            <SourceCard key={source.id} caseId={caseId} expanded={expanded} source={source} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
