import { StatusChip } from '../../../components/StatusChip';
import type { SourceOfFundsState, StatusChip as ChipData } from '../../../lib/api/types';
import { SOURCE_STATE_LABELS } from '../texts';

/** Amber while the buyer has something to do or the firm is checking, red when more is asked. */
const CHIPS: Record<SourceOfFundsState, Omit<ChipData, 'label'>> = {
  DETAILS_NEEDED: { colour: 'AMBER', showWarningIcon: false },
  EVIDENCE_NEEDED: { colour: 'AMBER', showWarningIcon: false },
  READY_FOR_REVIEW: { colour: 'AMBER', showWarningIcon: false },
  MORE_NEEDED: { colour: 'RED', showWarningIcon: true },
  ACCEPTED: { colour: 'GREEN', showWarningIcon: false },
};

/** Where a source stands, as a chip the buyer reads (its words wrap on a phone). */
export function SourceStateChip({ state }: { state: SourceOfFundsState }) {
  return <StatusChip chip={{ ...CHIPS[state], label: SOURCE_STATE_LABELS[state] }} wrap />;
}
