export { DocumentsPage } from './routes/DocumentsPage';
