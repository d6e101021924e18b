/**
 * The part of @sentry/browser the app uses. Error reporting imports this module (not the package's whole
 * namespace) dynamically, so the lazy chunk carries init and its default integrations, not replay or feedback.
 */
export { captureException, close, flush, init } from '@sentry/browser';
