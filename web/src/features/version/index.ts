export { VersionToast } from './components/VersionToast';
