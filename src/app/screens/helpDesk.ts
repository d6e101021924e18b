import { fromPromise } from 'xstate';
import { helpDeskMachine } from '../../../machines/helpDesk/helpDesk.machine';
import type { HelpDeskRequest } from '../../../machines/helpDesk/helpDesk.types';
import * as helpDeskApi from '../../api/helpDesk';
import { APP_VERSION } from '../../api/client';
import { currentDeviceFields } from '../adapters/device';
import { currentPath, navigate } from '../adapters/navigation';
import { isWebViewPath } from '../../../machines/app/webView';
import { CLOSE_WEB_VIEW_MESSAGE, notifyNativeHost } from '../../bridge/nativeHost';

/** The web app as the help desk sees it in a request's application fields. */
const APPLICATION = { name: 'Atrium web app', version: APP_VERSION };

/** The submit call with the browser's application, OS and device fields added (read by the device adapter). */
const submit = fromPromise<{ uuid: string }, HelpDeskRequest>(({ input }) =>
  helpDeskApi.createSupportRequest(input, currentDeviceFields(APPLICATION)),
);

/** The help-desk form as the amenity's support modal runs it: its end closes the modal (nothing to leave). */
export const embeddedHelpDeskLogic = () => helpDeskMachine.provide({ actors: { submit } });

/**
 * /help-desk with the real API; done or cancelled, the person goes home, or, in a native app's web view (whose home is
 * the app), the app is asked to close the view.
 */
export const helpDeskLogic = () =>
  helpDeskMachine.provide({
    actors: { submit },
    actions: { leave: () => (isWebViewPath(currentPath() ?? '') ? void notifyNativeHost(CLOSE_WEB_VIEW_MESSAGE) : navigate('/home')) },
  });
