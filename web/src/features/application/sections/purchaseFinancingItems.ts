import { z } from 'zod';
import type {
  Buyer,
  BuyingExpanded,
  DonorGift,
  Isa,
  SourceOfFunds,
  SourceOfFundsType,
} from '../../../lib/api/types';
import { formatMoney } from '../../../lib/format';
import {
  GIFT_STATUS_LABELS,
  ISA_TYPE_LABELS,
  SOURCE_OF_FUNDS_LABELS,
} from '../../../lib/moneyLabels';
import type { Item } from '../components/ItemList';
import { PURCHASE_TEXTS as T } from '../purchaseTexts';
import { poundsToPence } from '../validation';

/** An optional amount in pounds: empty, or an amount. */
export const optionalAmount = z
  .string()
  .refine((v) => v.trim() === '' || poundsToPence(v) !== null, T.amountInvalid);
export const amountOrNull = (text: string) => (text.trim() === '' ? null : poundsToPence(text));

export const ISA_SOURCES: readonly SourceOfFundsType[] = ['LIFETIME_ISA', 'HELP_TO_BUY_ISA'];

/**
 * A gift's or an ISA's amount is asked once, on the donor or the ISA itself: the source of funds
 * shows their total instead of asking it again (null while none has an amount).
 */
function itemisedTotal(
  sourceType: SourceOfFundsType,
  expanded: Pick<BuyingExpanded, 'gifts' | 'isas'>,
): number | null {
  const amounts =
    sourceType === 'GIFTS'
      ? expanded.gifts.map((g) => g.giftAmount)
      : ISA_SOURCES.includes(sourceType)
        ? expanded.isas.filter((i) => i.isaType === sourceType).map((i) => i.amount)
        : [];
  const given = amounts.filter((a): a is number => a != null);
  return given.length > 0 ? given.reduce((sum, a) => sum + a, 0) : null;
}

/** Asked on the donor or the ISA instead (see itemisedTotal). */
export const ITEMISED_SOURCES: readonly SourceOfFundsType[] = ['GIFTS', ...ISA_SOURCES];

// --- Rows, as this section and Review & Submit show them ---------------------------------------

/** A source of funds; given the case, a gift's or an ISA's shows the total of its rows. */
export function sourceItem(
  source: SourceOfFunds,
  expanded?: Pick<BuyingExpanded, 'gifts' | 'isas'>,
): Item {
  const amount =
    expanded && ITEMISED_SOURCES.includes(source.sourceType)
      ? (itemisedTotal(source.sourceType, expanded) ?? source.amount)
      : source.amount;
  return {
    id: source.id,
    title: SOURCE_OF_FUNDS_LABELS[source.sourceType],
    details: amount != null ? [`${T.amount}: ${formatMoney(amount)}`] : [],
  };
}

export function isaItem(isa: Isa, buyers: readonly Buyer[]): Item {
  const holder = buyers.find((b) => b.id === isa.applicantId)?.user.preferredName;
  const details: string[] = [];
  if (holder) details.push(`${T.holder}: ${holder}`);
  if (isa.amount != null) details.push(`${T.amount}: ${formatMoney(isa.amount)}`);
  return { id: isa.id, title: ISA_TYPE_LABELS[isa.isaType], details };
}

export function giftItem(gift: DonorGift): Item {
  const details = [
    gift.donorEmail,
    GIFT_STATUS_LABELS[gift.status],
    T.evidence(gift.documents.length),
  ];
  if (gift.giftAmount != null) details.unshift(`${T.amount}: ${formatMoney(gift.giftAmount)}`);
  return { id: gift.donorId, title: gift.donorName ?? gift.donorEmail, details };
}
