// The account pages, one lazy module for the route table.
export { LoginPage } from './login-page';
export { RegisterPage } from './register-page';
export { ResetPasswordPage } from './reset-password-page';
export { SettingsPage } from './settings-page';
export { ProfilePage } from './profile-page';
