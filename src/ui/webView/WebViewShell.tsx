import { Suspense } from 'react';
import { Outlet } from '@tanstack/react-router';
import { ShieldAlert, SearchX } from 'lucide-react';
import { webViewRefusal } from '../../../machines/app/webView';
import { useAppActor, useAppSelector, useSessionSelector } from '../appContext';
import { AreaMessages } from '../../i18n/AreaMessages';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Card, FullScreenCenter, Heading, Page, Spinner, Text } from '../kit/Layout';
import { styled } from '../kit/stitches.config';

const Glyph = styled('div', { color: '$danger', display: 'flex', marginBottom: '$3', '& svg': { display: 'block' } });

/**
 * The native app's web view (/webview and its screens): the screens once the app's token is taken, else a screen
 * that says why not (a refused token, an API base the deployment does not know, or no sign-in at all), never a blank
 * page. No app header and no farm bar here: the native app's own bar is around the page (decision 169).
 */
export function WebViewShell() {
  const problem = useAppSelector((s) => s.context.webView?.problem ?? null);
  const signedIn = useSessionSelector((s) => s.hasTag('signedIn'));
  const restoring = useSessionSelector((s) => s.hasTag('restoring'));
  const refusal = webViewRefusal(problem, { signedIn, restoring });
  if (refusal === 'waiting')
    return (
      <FullScreenCenter>
        <Spinner />
      </FullScreenCenter>
    );
  if (refusal === null) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <AreaMessages areas={['shell']}>
        <WebViewRefused reason={refusal} />
      </AreaMessages>
    </Suspense>
  );
}

const REASON_TEXT = { token: 'webView.badToken', baseUrl: 'webView.badBaseUrl', signedOut: 'webView.signedOut' } as const;

function WebViewRefused({ reason }: { reason: keyof typeof REASON_TEXT }) {
  const t = useT();
  return (
    <Page css={{ minHeight: 0 }}>
      <Card data-testid="webview-refused" data-reason={reason}>
        <Glyph>
          <ShieldAlert size={40} aria-hidden="true" focusable="false" />
        </Glyph>
        <Heading tabIndex={-1}>{t('webView.refused.title')}</Heading>
        <Text role="alert">{t(REASON_TEXT[reason])}</Text>
        <CloseWebViewButton />
      </Card>
    </Page>
  );
}

/** A web view screen whose service is off for the building (the smart-building flag): says so, with the app's Close. */
export function WebViewUnavailablePage() {
  return (
    <Suspense fallback={null}>
      <AreaMessages areas={['shell']}>
        <WebViewUnavailable />
      </AreaMessages>
    </Suspense>
  );
}

function WebViewUnavailable() {
  const t = useT();
  return (
    <Page css={{ minHeight: 0 }}>
      <Card data-testid="webview-unavailable">
        <Glyph css={{ color: '$muted' }}>
          <SearchX size={40} aria-hidden="true" focusable="false" />
        </Glyph>
        <Heading tabIndex={-1}>{t('webView.unavailable.title')}</Heading>
        <Text>{t('webView.unavailable.text')}</Text>
        <CloseWebViewButton />
      </Card>
    </Page>
  );
}

/** The web view's Close, when a native host is there to close it. */
function CloseWebViewButton() {
  const t = useT();
  const app = useAppActor();
  const nativeHost = useAppSelector((s) => s.context.nativeHost);
  return nativeHost ? (
    <Button type="button" onClick={() => app.send({ type: 'user.closeWebView' })}>
      {t('webView.close')}
    </Button>
  ) : null;
}
