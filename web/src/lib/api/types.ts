import type { components, paths } from './schema';

/** The document's named schemas (enums included), for vocabularies checked against it. */
export type Schemas = components['schemas'];

/** Response and request types, always taken from `paths` so a regenerated schema keeps working. */
export type Me = paths['/auth/me']['get']['responses'][200]['content']['application/json'];
export type Role = Me['role'];
export type Feature = Me['enabledFeatures'][number];
export type Verify = paths['/auth/verify']['get']['responses'][200]['content']['application/json'];
export type CurrentPolicies =
  paths['/policies/current']['get']['responses'][200]['content']['application/json'];
export type SessionList =
  paths['/auth/sessions']['get']['responses'][200]['content']['application/json'];
export type SessionInfo = SessionList['sessions'][number];
export type LoginBody = paths['/auth']['post']['requestBody']['content']['application/json'];
export type SignupBody =
  paths['/auth/signup']['post']['requestBody']['content']['application/json'];
export type AcceptPoliciesBody =
  paths['/auth/accept-policies']['post']['requestBody']['content']['application/json'];
export type AboutYouBody =
  paths['/users/{userId}']['post']['requestBody']['content']['application/json'];
export type UpdatedUser =
  paths['/users/{userId}']['post']['responses'][200]['content']['application/json'];

// --- Cases (issue 4; contract docs/api/cases.md) --------------------------------------------
export type CaseType = CaseCreated['caseType'];
export type RemortgagingCaseList =
  paths['/remortgaging/cases']['get']['responses'][200]['content']['application/json'];
export type RemortgagingListItem = RemortgagingCaseList['cases'][number];
export type RemortgagingListQuery = NonNullable<
  paths['/remortgaging/cases']['get']['parameters']['query']
>;
export type BuyingCaseList =
  paths['/buying/cases']['get']['responses'][200]['content']['application/json'];
export type BuyingListItem = BuyingCaseList['cases'][number];
export type BuyingListQuery = NonNullable<paths['/buying/cases']['get']['parameters']['query']>;
export type StatusChip = RemortgagingListItem['statusChip'];
export type CaseAdmin = RemortgagingListItem['caseAdmins'][number];
export type ListParty = RemortgagingListItem['propertyOwners'][number];
export type ListProperty = RemortgagingListItem['property'];
export type CaseOverviews =
  paths['/case-overviews']['get']['responses'][200]['content']['application/json'];
export type ManagedBrokers =
  paths['/managed-brokers']['get']['responses'][200]['content']['application/json'];
export type ManagedBroker = ManagedBrokers['managedBrokers'][number];
export type Lenders = paths['/lenders']['get']['responses'][200]['content']['application/json'];
export type Lender = Lenders['lenders'][number];
export type CancelCaseBody =
  paths['/broker-cancel-case']['post']['requestBody']['content']['application/json'];
export type CancelCaseResult =
  paths['/broker-cancel-case']['post']['responses'][200]['content']['application/json'];
export type RemortgagingCaseBody =
  paths['/remortgaging/case']['post']['requestBody']['content']['application/json'];
export type BuyingCaseBody =
  paths['/buying/case']['post']['requestBody']['content']['application/json'];
export type CaseCreated =
  paths['/remortgaging/case']['post']['responses'][201]['content']['application/json'];

/** The expanded case of each type, with the engine's `view` for the user asking. */
export type RemortgagingExpanded =
  paths['/remortgaging/cases/{caseId}/expanded']['get']['responses'][200]['content']['application/json'];
export type BuyingExpanded =
  paths['/buying/case/{caseId}/expanded']['get']['responses'][200]['content']['application/json'];
export type ExpandedCase = RemortgagingExpanded | BuyingExpanded;
export type CaseView = ExpandedCase['view'];
export type CaseStatus = CaseView['status'];
export type CaseSection = CaseView['sections'][number];
export type SectionKey = CaseSection['key'];
export type SectionState = CaseSection['state'];
export type CaseTransition = CaseView['transitions'][number];
export type CaseStage = CaseView['stage'];
export type WaitsOn = NonNullable<CaseStage['waitsOn']>;
export type CaseBroker = NonNullable<ExpandedCase['broker']>;

// --- Quotes, invitations and the notification feed (issue 11) -------------------------------
export type Quote =
  paths['/remortgaging/{caseId}/quote/latest']['get']['responses'][200]['content']['application/json'];
export type CostSection = Quote['costBreakdown'][number];
export type LandTaxEstimate = NonNullable<Quote['landTaxEstimate']>;
export type CaseRef = paths['/quote/send']['post']['requestBody']['content']['application/json'];
export type CaseMoved =
  paths['/quote/send']['post']['responses'][200]['content']['application/json'];
export type InvitationAnswer =
  paths['/remortgaging/{caseId}/invitation/respond']['post']['requestBody']['content']['application/json'];
export type Invitation = ExpandedCase['invitations'][number];
export type FeedPage = paths['/feed']['get']['responses'][200]['content']['application/json'];
export type FeedItem = FeedPage['items'][number];
export type FeedData = FeedItem['data'];
export type FeedCounts =
  paths['/feed/counts']['get']['responses'][200]['content']['application/json'];

// --- Documents (issue 11) ---------------------------------------------------------------------
export type MyDocuments =
  paths['/documents']['get']['responses'][200]['content']['application/json'];
export type DocumentsOfCase = MyDocuments['cases'][number];
export type DocumentBody = DocumentsOfCase['documents'][number];
export type QuotePdf =
  paths['/quote/create-pdf']['post']['responses'][201]['content']['application/json'];
/** The expanded case's own documents (type and link only, any user of the case). */
export type CaseDocuments = ExpandedCase['documents'];

/** The help page's stages of each case type (GET /help/stages). */
export type HowCasesProceed =
  paths['/help/stages']['get']['responses'][200]['content']['application/json'];
export type Stage = HowCasesProceed['remortgaging'][number];
export type AssistantRequest =
  paths['/assistant/messages']['post']['requestBody']['content']['application/json'];
export type ChatMessage = AssistantRequest['messages'][number];
export type AssistantReply =
  paths['/assistant/messages']['post']['responses'][200]['content']['application/json'];

// --- The remortgaging application (issue 12; contract /work/issue12-contract.md) -------------
type JsonBody<P extends keyof paths, M extends 'post' | 'delete'> = P extends keyof paths
  ? NonNullable<paths[P][M]> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : never
  : never;
export type PropertyBody = JsonBody<'/property', 'post'>;
export type LandOwnership = PropertyBody['landOwnership'];
export type PropertyType = PropertyBody['propertyType'];
export type Tenure = PropertyBody['tenure'];
export type GroundRentBody = JsonBody<'/remortgaging/{caseId}/ground-rent', 'post'>;
export type GroundRentFrequency = GroundRentBody['frequency'];
export type AlterationsBody = JsonBody<'/property/alterations', 'post'>;
export type AlterationInput = NonNullable<AlterationsBody['alteration']>;
export type AlterationType = AlterationInput['alterationType'];
export type DocumentsHeldBy = AlterationInput['documentsHeldBy'];
export type LoansBody = JsonBody<'/loans', 'post'>;
export type LoanInput = NonNullable<LoansBody['loan']>;
export type ChargeType = LoanInput['chargeType'];
export type Created = paths['/loans']['post']['responses'][201]['content']['application/json'];
export type FeedbackBody = JsonBody<'/feedback', 'post'>;
export type FeedbackPoint = FeedbackBody['feedbackPoint'];
export type ApplicantBody = JsonBody<'/remortgaging/applicant', 'post'>;
export type ApplicantDetailsBody = JsonBody<
  '/remortgaging/{caseId}/applicant/{applicantId}',
  'post'
>;
export type OccupantsBody = JsonBody<'/remortgaging/{caseId}/property-occupant', 'post'>;
export type TransferOfEquityBody = JsonBody<'/remortgaging/{caseId}/transfer-of-equity', 'post'>;
export type TransferReason = TransferOfEquityBody['reason'];
export type RemovedOwnerBody = JsonBody<
  '/remortgaging/{caseId}/transfer-of-equity/removed-owners',
  'post'
>;
/** Issue 33: a name on the title register, and why one is no owner (the server's enum). */
export type TitleRegisterName = RemortgagingExpanded['titleRegisterNames'][number];
export type NameExplanation = Schemas['NameExplanation'];
/** Issue 33 (CALLS-26): a company case's company, as recorded and as sent (a second POST replaces it). */
export type Company = NonNullable<RemortgagingExpanded['company']>;
export type CompanyBody = JsonBody<'/remortgaging/{caseId}/company', 'post'>;
/** What the expanded remortgaging case holds for each section. */
export type Alteration = RemortgagingExpanded['alterations'][number];
export type Loan = RemortgagingExpanded['loans'][number];
export type GroundRent = NonNullable<RemortgagingExpanded['groundRent']>;
export type Occupant = RemortgagingExpanded['occupants'][number];
export type Owner = RemortgagingExpanded['propertyOwners'][number];
export type LegalName = Owner['user']['legalNames'][number];
export type TransferOfEquity = NonNullable<RemortgagingExpanded['transferOfEquity']>;
export type RemovedOwner = TransferOfEquity['removedOwners'][number];
export type RemortgagingRequiredDocuments = RemortgagingExpanded['requiredDocuments'];
export type RequiredDocument = RemortgagingRequiredDocuments['documents'][number];
export type AlterationDocuments = RemortgagingRequiredDocuments['alterationDocuments'][number];
export type UploadedDocument = DocumentBody;
export type FoundAddress = Schemas['FoundAddress'];
export type TenancySplitBody = Schemas['TenancySplitRequest'];

// --- The buying application (issue 13) ------------------------------------------------------
export type PurchaseBody = JsonBody<'/buying/{caseId}/purchase-and-financing', 'post'>;
export type SourceOfFundsBody = JsonBody<'/buying/{caseId}/sources-of-funds', 'post'>;
export type SourceOfFundsType = SourceOfFundsBody['sourceType'];
export type IsaBody = JsonBody<'/isas', 'post'>;
export type IsaType = IsaBody['isaType'];
export type LandTaxAnswersBody = JsonBody<'/buying/{caseId}/stamp-duty-land-tax', 'post'>;
export type LandTaxAnswersSaved =
  paths['/buying/{caseId}/stamp-duty-land-tax']['post']['responses'][200]['content']['application/json'];
/** What the expanded buying case holds for its sections. */
export type Buyer = BuyingExpanded['buyers'][number];
export type SourceOfFunds = BuyingExpanded['sourceOfFunds'][number];
/**
 * Issue 33 (SOF feature): where each source stands, the buyer's account of the money and the
 * firm's review of it. By name: the request body's path is a PUT, which JsonBody does not read.
 */
export type SourceOfFundsState = Schemas['SourceOfFundsState'];
export type SourceOfFundsDetails = Schemas['SourceOfFundsDetails'];
export type SourceOfFundsReview = Schemas['SourceOfFundsReview'];
export type ReviewOutcome = Schemas['ReviewOutcome'];
export type SourceOfFundsDetailsRequest = Schemas['SourceOfFundsDetailsRequest'];
export type Isa = BuyingExpanded['isas'][number];
export type DonorGift = BuyingExpanded['gifts'][number];
export type GiftStatus = DonorGift['status'];
export type AddDonorBody = JsonBody<'/buying/{caseId}/donor', 'post'>;
export type DonorEvidence =
  paths['/donor-evidence/{caseType}/{caseId}']['get']['responses'][200]['content']['application/json'];
export type BuyingRequiredDocuments = BuyingExpanded['requiredDocuments'];
export type LandTaxType = LandTaxEstimate['landTaxType'];

/** A case's conversation (issue 32). */
export type Conversation =
  paths['/conversations/{caseType}/{caseId}']['get']['responses'][200]['content']['application/json'];
export type ConversationThread = Conversation['threads'][number];
export type ConversationMessage = ConversationThread['messages'][number];
export type Channel = ConversationThread['channel'];
