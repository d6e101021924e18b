import { fromPromise } from 'xstate';
import { helpDeskMachine } from '../../../machines/helpDesk/helpDesk.machine';
import type { HelpDeskPortfolio, HelpDeskRequest } from '../../../machines/helpDesk/helpDesk.types';
import * as helpDeskApi from '../../api/helpDesk';
import { APP_VERSION } from '../../api/client';
import { currentDeviceFields } from '../adapters/device';
import * as buildingsApi from '../../api/buildings';
import { navigate } from '../adapters/navigation';
import { CLOSE_WEB_VIEW_MESSAGE, notifyNativeHost } from '../../bridge/nativeHost';

/** The web app as the help desk sees it in a request's application fields. */
const APPLICATION = { name: 'Atrium web app', version: APP_VERSION };

/** The submit call with the browser's application, OS and device fields added (read by the device adapter). */
const submit = fromPromise<{ uuid: string }, HelpDeskRequest>(({ input }) =>
  helpDeskApi.createSupportRequest(input, currentDeviceFields(APPLICATION)),
);

/** The building's portfolio: which help-desk categories it uses, if any (`GET /admin/v1/portfolios/{id}`). */
const loadPortfolio = fromPromise<HelpDeskPortfolio, { portfolioUuid: string }>(({ input }) => buildingsApi.portfolio(input.portfolioUuid));

/** The help-desk form as the amenity's support modal runs it: its end closes the modal (nothing to leave). */
export const embeddedHelpDeskLogic = () => helpDeskMachine.provide({ actors: { submit, loadPortfolio } });

/**
 * /help-desk with the real API; done or cancelled, the person goes home, or, inside a host's navigation (a native app's
 * web view, whose home is the app, or a host frame), the host is asked to close it through the native-host messenger
 * (decision 171): the machine chooses which (`end`).
 */
export const helpDeskLogic = () =>
  helpDeskMachine.provide({
    actors: { submit, loadPortfolio },
    actions: {
      leave: () => navigate('/home'),
      closeHostNavigation: () => void notifyNativeHost(CLOSE_WEB_VIEW_MESSAGE),
    },
  });
