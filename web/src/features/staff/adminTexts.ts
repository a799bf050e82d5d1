import type { StaffUserRole } from './types';

/** Every role by the name the firm uses for it (the audit trail and the accounts page). */
export const ROLE_LABELS: Record<StaffUserRole, string> = {
  ROLE_USER: 'Customer',
  ROLE_BROKER: 'Broker',
  ROLE_BROKER_MANAGER: 'Broker manager',
  ROLE_BROKER_ADMIN: 'Broker admin',
  ROLE_CONVEYANCER: 'Conveyancer',
  ROLE_ADMIN: 'Administrator',
};

/** The administrators' accounts page, /staff/users (issue 30). */
export const userTexts = {
  nav: 'Users',
  queueNav: 'Work queue',
  navLabel: 'Back office',
  heading: 'Users',
  intro:
    'Disable an account to end its sessions at once; signing in sends it nothing until it is enabled again. Each change is kept in the audit log.',
  listLabel: 'Accounts',
  loadError: 'We could not load the accounts. Please try again.',
  adminsOnly: 'Only an administrator manages accounts.',
  empty: 'There are no accounts yet.',
  name: 'Name',
  role: 'Role',
  status: 'Status',
  secondFactor: 'Second factor',
  created: 'Created',
  actions: 'Actions',
  active: 'Active',
  disabled: 'Disabled',
  enrolled: 'Set up',
  notEnrolled: 'Not set up',
  notApplicable: 'Not needed',
  you: '(you)',
  disable: 'Disable',
  enable: 'Enable',
  resetFactor: 'Reset second factor',
  /** The role select's accessible name ('Role of Dana Smith'). */
  roleOf: (name: string) => `Role of ${name}`,
  disableButton: (name: string) => `Disable ${name}`,
  enableButton: (name: string) => `Enable ${name}`,
  resetButton: (name: string) => `Reset second factor of ${name}`,
  disableTitle: (name: string) => `Disable ${name}?`,
  disableIntro: (email: string) =>
    `${email} is signed out everywhere at once, and cannot sign in until an administrator enables the account again.`,
  enableTitle: (name: string) => `Enable ${name}?`,
  enableIntro: (email: string) => `${email} can sign in again.`,
  resetTitle: (name: string) => `Reset ${name}'s second factor?`,
  resetIntro: (email: string) =>
    `${email} is signed out, and sets up a new authenticator app at their next sign-in. Use this when they have lost their phone.`,
  disabledToast: (name: string) => `${name} is disabled. Their sessions have ended.`,
  enabledToast: (name: string) => `${name} is enabled.`,
  resetToast: (name: string) => `${name}'s second factor is reset.`,
  roleToast: (name: string, role: string) => `${name} is now ${role}.`,
};

/** /staff/broker-firms: the referral arrangements (issue 28, item 5). */
export const brokerFirmTexts = {
  nav: 'Broker firms',
  heading: 'Broker firms',
  intro:
    'What we pay each broker firm for a client it introduces. Every quote made from now on for that firm’s clients shows it, naming the firm (SRA Code of Conduct, paragraph 5.1); quotes already made keep what they showed. Each change is kept in the audit log.',
  loadError: 'We could not load the broker firms. Please try again.',
  adminsOnly: 'Only an administrator records referral arrangements.',
  empty: 'No broker firm has joined yet.',
  brokers: (n: number) => (n === 1 ? '1 broker' : `${n} brokers`),
  feeLabel: 'Referral fee per client (£)',
  feeHelp: 'Enter 0 if we pay them nothing.',
  feeInvalid: 'Enter an amount in pounds, such as 250 or 250.50',
  save: 'Save',
  saveFee: (firm: string) => `Save the referral fee for ${firm}`,
  saved: (firm: string) => `The referral fee for ${firm} is recorded.`,
};
