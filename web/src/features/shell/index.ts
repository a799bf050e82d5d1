export { ProtectedLayout } from './components/ProtectedLayout';
export { UnauthenticatedLayout } from './components/UnauthenticatedLayout';
export { ErrorPage } from './routes/ErrorPage';
export { NotFoundPage } from './routes/NotFoundPage';
