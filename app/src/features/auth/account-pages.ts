// The account pages, one lazy module for the route table (sign-in is a module of its own:
// `login-page`, which needs no rule of core's `pages` build).
export { RegisterPage } from './register-page';
export { ResetPasswordPage } from './reset-password-page';
export { SettingsPage } from './settings-page';
export { ProfilePage } from './profile-page';
