// The sign-in screens, loaded lazily by the router (a chunk of their own).
export { LoginPage } from './LoginPage';
export { LoginAuthPage } from './LoginAuthPage';
export { SignupPage } from './SignupPage';
