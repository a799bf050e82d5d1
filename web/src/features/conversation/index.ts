// One conversation per case (issue 32): the panel the case page and the back office show, and
// the calls it makes (the back office brings its own).
export { ConversationPanel } from './ConversationPanel';
export { MESSAGE_MAX } from './components/Compose';
export { CaseConversation } from './components/CaseConversation';
export { CONVERSATION_TEXTS } from './texts';
export { clientCalls, type ConversationCalls } from './api';
