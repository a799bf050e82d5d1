/** The address lookup's texts (the spec gives none: plain English, like the other forms). */
export const ADDRESS_LOOKUP_TEXTS = {
  group: 'Find the address',
  postcode: 'Postcode',
  postcodeRequired: 'Enter a postcode to find the address',
  find: 'Find address',
  finding: 'Finding...',
  choose: 'Choose the address',
  chooseOption: 'Select an address',
  found: (n: number) => (n === 1 ? '1 address found' : `${n} addresses found`),
  none: (postcode: string) =>
    `We found no addresses for ${postcode}. Please check it, or enter the address by hand.`,
  chosen: 'Address filled in below: check it before you save.',
  manual: 'Or enter the address by hand below.',
} as const;
