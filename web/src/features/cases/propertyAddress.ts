import type { ExpandedCase } from '../../lib/api/types';

/** The property's address on one line, from the parts the case has (as the server formats it). */
export function propertyAddress(property: ExpandedCase['property']): string | null {
  if (property.formattedAddress) return property.formattedAddress;
  const parts = [
    property.addressLine1,
    property.addressLine2,
    property.town,
    property.county,
    property.postcode,
  ];
  return parts.filter(Boolean).join(', ') || null;
}
