export { UnauthenticatedLayout } from './components/UnauthenticatedLayout';
export { ErrorPage } from './routes/ErrorPage';
export { NOT_FOUND_TEXT, NotFoundPage } from './routes/NotFoundPage';
