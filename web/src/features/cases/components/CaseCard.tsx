import MapOutlined from '@mui/icons-material/MapOutlined';
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { StaticMaps } from '../../../lib/config';
import { formatDate } from '../../../lib/format';
import { KIND_WORDS, type CaseKind } from '../caseTypes';
import { address, partyNames, referredBy, type CaseRow } from '../rows';
import { staticMapUrl } from '../staticMap';
import { CaseButtonLink } from './CaseLinks';
import { StatusChip } from '../../../components/StatusChip';

const MAP_WIDTH = 220;
const MAP_HEIGHT = 220;

/**
 * The map area of a card (large screens, and only where a maps service is configured; without
 * one the card has no map area at all): the static map of the property's postcode. Without a
 * postcode, or when the image cannot be had, a neutral placeholder showing the postcode.
 * Decorative: the card's heading says the address.
 */
function CaseMap({ maps, postcode }: { maps: StaticMaps; postcode: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  const image = postcode && !failed;
  return (
    <Box
      data-testid="case-map"
      aria-hidden="true"
      sx={{
        width: MAP_WIDTH,
        minHeight: 160,
        flexShrink: 0,
        bgcolor: 'grey.100',
        color: 'text.secondary',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        borderRight: 1,
        borderColor: 'divider',
        overflow: 'hidden',
      }}
    >
      {image ? (
        <Box
          component="img"
          src={staticMapUrl(maps, postcode, MAP_WIDTH, MAP_HEIGHT)}
          alt=""
          loading="lazy"
          // The page sends no referrer at all (sign-in links carry tokens); a maps key
          // restricted to this site needs its origin, and only that.
          referrerPolicy="origin"
          onError={() => setFailed(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <>
          <MapOutlined fontSize="large" />
          {postcode && <Typography variant="body2">{postcode}</Typography>}
        </>
      )}
    </Box>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1} component="div">
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 150 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Stack>
  );
}

export function CaseCard({
  kind,
  row,
  isBroker,
  maps,
  onCancel,
}: {
  kind: CaseKind;
  row: CaseRow;
  isBroker: boolean;
  /** The maps service, where the card shows a map (large screens); null: no map area. */
  maps: StaticMaps | null;
  onCancel: (row: CaseRow) => void;
}) {
  const referrers = referredBy(row.caseAdmins);
  const where = address(row.property);
  const headingId = `case-${row.id}-title`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      data-case-id={row.id}
      sx={{ display: 'flex' }}
    >
      {maps && <CaseMap maps={maps} postcode={row.property.postcode} />}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <CardContent sx={{ flex: 1 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1 }}
          >
            <Typography variant="h3" component="h2" id={headingId}>
              {where || `Case ${row.id}`}
            </Typography>
            <Box>
              <StatusChip chip={row.statusChip} />
            </Box>
          </Stack>
          {row.statusMessage && (
            <Typography sx={{ mb: 1.5 }} data-testid="status-message">
              {row.statusMessage}
            </Typography>
          )}
          <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
            {isBroker && row.parties.length > 0 && (
              <Row label={KIND_WORDS[kind].partiesLong} value={partyNames(row.parties)} />
            )}
            {isBroker && row.brokerReference && (
              <Row label="Broker reference" value={row.brokerReference} />
            )}
            <Row label="Created" value={formatDate(row.createdAt)} />
            {row.dates
              .filter((d) => d.value)
              .map((d) => (
                <Row key={d.label} label={d.label} value={formatDate(d.value as string)} />
              ))}
            <Row
              label={KIND_WORDS[kind].flag}
              value={row.flag ? KIND_WORDS[kind].flagDone : 'Pending'}
            />
          </Stack>
          {referrers.length > 0 && (
            <Typography variant="body2" sx={{ mt: 1.5 }}>
              Referred by {referrers.join(', ')}
            </Typography>
          )}
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2, gap: 1 }}>
          {row.canCancel && (
            <Button
              variant="outlined"
              color="error"
              onClick={() => onCancel(row)}
              aria-label={`Cancel case ${where || row.id}`}
            >
              Cancel
            </Button>
          )}
          <CaseButtonLink
            kind={kind}
            caseId={row.id}
            variant="contained"
            aria-label={`${row.status === 'COMPLETED' ? 'Review' : 'Continue'} case ${where || row.id}`}
          >
            {row.status === 'COMPLETED' ? 'Review' : 'Continue'}
          </CaseButtonLink>
        </CardActions>
      </Box>
    </Card>
  );
}
