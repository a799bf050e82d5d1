export { AssistantPage } from './routes/AssistantPage';
