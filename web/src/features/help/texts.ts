/** The help page's words (the spec leaves its content open: HELP-01). */
export const HELP_TEXTS = {
  loading: 'Loading help',
  contactTitle: 'Contact us',
  contact: 'For help with Threshold or your case, e-mail our support team at',
  brokerTitle: 'Questions about your quote or mortgage',
  broker:
    'Your mortgage broker prepared your quote and arranges your mortgage. Their name and firm are on your case page and in the quote; contact them about either.',
  remortgageTitle: 'How a remortgage proceeds',
  purchaseTitle: 'How a purchase proceeds',
  assistantTitle: 'Our assistant',
  assistant:
    'Our assistant answers questions about how cases proceed and how to use Threshold. It does not give legal advice about your own case.',
  assistantButton: 'Ask our assistant',
} as const;
