// The sign-in screens, loaded lazily by the router (a chunk of their own, without the form
// libraries: /login is the first page most people see).
export { LoginPage } from './LoginPage';
export { LoginAuthPage } from './LoginAuthPage';
/** The sign-up screen uses the form libraries: a further chunk, loaded only for /signup. */
export const loadSignupPage = () => import('./SignupPage');
