import { createIntl } from '@formatjs/intl';
import { fromCallback, fromPromise, sendParent } from 'xstate';
import { cardEntryMachine } from '../../../machines/payments/cardEntry.machine';
import { storedCardsMachine } from '../../../machines/payments/storedCards.machine';
import type { CardEntryEvent, HostCardMessage } from '../../../machines/payments/cardEntry.types';
import * as paymentsApi from '../../api/payments';
import { loadCountries } from '../../i18n/countries';
import { loadAreaCatalogue } from '../../i18n/areas';
import type { Locale } from '../../i18n/locales';
import type { AppActor } from '../appActor';
import type { CardProvider } from '../adapters/cardProvider';
import { embeddedCardProvider } from '../adapters/embeddedCardProvider';
import { notifyNativeHost } from '../../bridge/nativeHost';

/** A theme colour as #rrggbb, read through a probe element (the frame takes hex colours only); '' when unknown. */
function themeColor(token: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(--colors-${token})`;
  probe.hidden = true;
  document.body.append(probe);
  const rgb = getComputedStyle(probe)
    .color.match(/\d+(\.\d+)?/g)
    ?.slice(0, 3)
    .map(Number);
  probe.remove();
  return rgb?.length === 3 ? `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}` : '';
}

/** The default provider: the card frame of this deployment (decision 120). */
const defaultProvider = (app: AppActor): CardProvider =>
  embeddedCardProvider({
    frameOrigin: app.getSnapshot().context.config.cardFrameOrigin,
    pageOrigin: window.location.origin,
    openSession: paymentsApi.openCardSession,
    window,
  });

/** Card entry with the real API, the given provider (the embedded one by default) and the native host. */
export const cardEntryLogic = (app: AppActor, provider: CardProvider = defaultProvider(app)) =>
  cardEntryMachine.provide({
    actors: {
      initializeFields: fromPromise(async ({ input }) => {
        // The frame's texts in the page's language (the catalogue's messages may be precompiled: formatted here).
        const intl = createIntl({ locale: input.locale, messages: await loadAreaCatalogue('payments', input.locale as Locale) });
        const text = (id: string) => intl.formatMessage({ id });
        return provider.initialize({
          locale: input.locale,
          environmentKey: app.getSnapshot().context.config.cardProviderKey,
          labels: {
            number: text('payments.card.number'),
            cvv: text('payments.card.cvv'),
            errorNumber: text('payments.card.numberInvalid'),
            errorCvv: text('payments.card.cvvInvalid'),
          },
          colors: {
            accent: themeColor('primary'),
            text: themeColor('text'),
            border: themeColor('control'),
            background: themeColor('surface'),
            error: themeColor('alert'),
          },
        });
      }),
      listenToFields: fromCallback<CardEntryEvent, { channel: string }>(({ sendBack, input }) => provider.listen(input.channel, sendBack)),
      tokenizeCard: fromPromise(({ input }) => provider.tokenize(input.channel, input.billing)),
      storedCards: storedCardsMachine.provide({
        actors: {
          loadPaymentMethods: fromPromise(() => paymentsApi.paymentMethods()),
          removeCard: fromPromise(({ input }) => paymentsApi.removePaymentMethod(input.cardId)),
          makeDefaultCard: fromPromise(({ input }) => paymentsApi.makeDefaultPaymentMethod(input.cardId)),
        },
      }),
      loadTokenizedPaymentMethod: fromPromise(({ input }) => paymentsApi.tokenizedPaymentMethod(input.cardId)),
      loadCountries: fromPromise(({ input }) => loadCountries(input.locale)),
    },
    actions: {
      notifyHost: (_, message) => void notifyNativeHost(message),
    },
  });

/** The card form inside a mini-app's card sheet: what it would tell a native host goes to the sheet instead. */
export const sheetCardEntryLogic = (app: AppActor) =>
  cardEntryLogic(app).provide({
    actions: { notifyHost: sendParent((_, message: HostCardMessage) => ({ type: 'entry.notified' as const, message })) },
  });
