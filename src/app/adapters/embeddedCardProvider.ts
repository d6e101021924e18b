import {
  CARD_FRAME_ELEMENT_ID,
  CARD_FRAME_KIND,
  isFrameToPage,
  type CardFrameQuery,
  type FrameToPage,
  type PageToFrame,
  type TokenizeError,
} from '../../../contracts/cardFrame';
import type { CardEntryEvent, PaymentMethodData } from '../../../machines/payments/cardEntry.types';
import type { CardFieldsOptions, CardProvider } from './cardProvider';

export interface EmbeddedCardProviderDeps {
  /** The card frame's origin (runtime configuration `cardFrameOrigin`). */
  frameOrigin: string;
  /** The page's own origin, which the frame posts to. */
  pageOrigin: string;
  /** Asks the API for a one-time card-frame session (the frame has no bearer). */
  openSession: () => Promise<{ session: string }>;
  window: Window;
  /** The tokenize answer's patience. */
  timeoutMs?: number;
}

const randomId = () => (crypto.randomUUID ? crypto.randomUUID() : Math.random().toString(36).slice(2));

/**
 * The embedded provider: the frame from the card origin of this deployment (decision 120). A message counts only if
 * it comes from that frame's window, at its exact origin, on the current channel; the page posts to that origin only.
 */
export function embeddedCardProvider(deps: EmbeddedCardProviderDeps): CardProvider {
  const frameWindow = () => (deps.window.document.getElementById(CARD_FRAME_ELEMENT_ID) as HTMLIFrameElement | null)?.contentWindow ?? null;
  const fromFrame = (event: MessageEvent, channel: string): FrameToPage | null => {
    const frame = frameWindow();
    if (!frame || event.source !== frame || event.origin !== deps.frameOrigin) return null;
    return isFrameToPage(event.data) && event.data.channel === channel ? event.data : null;
  };

  return {
    async initialize(options: CardFieldsOptions) {
      if (!deps.frameOrigin) throw new Error('No card frame origin is configured');
      const channel = randomId();
      const query: CardFrameQuery = {
        parent: deps.pageOrigin,
        channel,
        labelNumber: options.labels.number,
        labelCvv: options.labels.cvv,
        errorNumber: options.labels.errorNumber,
        errorCvv: options.labels.errorCvv,
        lang: options.locale,
        ...options.colors,
        // Handed to the frame as a hosted provider's fields take it; the embedded vault works without one.
        ...(options.environmentKey ? { environmentKey: options.environmentKey } : {}),
      };
      const url = new URL('/card-frame', deps.frameOrigin);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      return { frameUrl: url.toString(), channel };
    },

    listen(channel, onEvent) {
      const handler = (event: MessageEvent) => {
        const message = fromFrame(event, channel);
        if (!message) return;
        const forMachine = toMachineEvent(message);
        if (forMachine) onEvent(forMachine);
      };
      deps.window.addEventListener('message', handler);
      return () => deps.window.removeEventListener('message', handler);
    },

    async tokenize(channel, billing) {
      const { session } = await deps.openSession().catch((error: { code?: string; message?: string }) => {
        throw [{ code: error?.code ?? 'session', message: error?.message ?? '' }] satisfies TokenizeError[];
      });
      const frame = frameWindow();
      if (!frame) throw [{ code: 'no_frame', message: 'The card fields are not on the page' }] satisfies TokenizeError[];
      const requestId = randomId();
      return new Promise<PaymentMethodData>((resolve, reject) => {
        const done = () => {
          deps.window.removeEventListener('message', handler);
          clearTimeout(timer);
        };
        const handler = (event: MessageEvent) => {
          const message = fromFrame(event, channel);
          if (!message || !('requestId' in message) || message.requestId !== requestId) return;
          done();
          if (message.event === 'token') resolve({ token: message.token, paymentMethod: message.paymentMethod });
          else if (message.event === 'tokenizeFailed') reject(message.errors);
        };
        const timer = setTimeout(() => {
          done();
          reject([{ code: 'timeout', message: 'The card fields did not answer' }] satisfies TokenizeError[]);
        }, deps.timeoutMs ?? 20_000);
        deps.window.addEventListener('message', handler);
        const command: PageToFrame = { kind: CARD_FRAME_KIND, channel, command: 'tokenize', requestId, session, billing };
        frame.postMessage(command, deps.frameOrigin);
      });
    },
  };
}

function toMachineEvent(message: FrameToPage): CardEntryEvent | null {
  switch (message.event) {
    case 'ready':
      return { type: 'fields.ready' };
    case 'empty':
      return { type: 'fields.empty', empty: !!message.empty };
    case 'complete':
      return { type: 'fields.complete', complete: !!message.complete, validation: message.validation };
    case 'brand':
      return { type: 'fields.brand', brand: message.brand };
    case 'errors':
      return { type: 'fields.errors', errors: message.errors };
    default:
      return null;
  }
}
