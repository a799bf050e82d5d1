export { AssistantPage } from './routes/AssistantPage';
export { ASSISTANT_TEXTS } from './texts';
