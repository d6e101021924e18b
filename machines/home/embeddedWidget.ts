import type { EmbeddedWidget } from '../../contracts/runtimeConfig';

/**
 * The deployment's third-party widget on the home (access document section 6: a flag gates the embedded third-party
 * widget; decision 203): shown while the flag embedded-third-party-widget is on and the deployment names one, never on
 * a lobby screen (a shared screen shows nothing a passer-by could act in).
 */
export function shownWidget(widget: EmbeddedWidget | null, context: { flagOn: boolean; lobby: boolean }): EmbeddedWidget | null {
  return widget && context.flagOn && !context.lobby ? widget : null;
}

/**
 * The widget's frame runs scripts and may open its links in a new tab, but gets no origin of its own (no
 * allow-same-origin): even a widget served from the app's own host cannot reach the app's storage or the page.
 */
export const WIDGET_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';
