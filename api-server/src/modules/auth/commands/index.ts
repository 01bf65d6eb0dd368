// Sign-in, logout and the profile (one transaction each, with their activity rows), and the
// login throttle's rules.
export { login, logout, updateProfile, AUTH_MESSAGES } from './session';
export {
  arabicMinutes,
  arabicSeconds,
  familiarAddressDelayMs,
  loginDelayMs,
  rateLimitMessage,
} from './rate-limit';
