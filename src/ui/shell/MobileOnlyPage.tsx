import { Suspense } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { AreaMessages } from '../../i18n/AreaMessages';
import { useT } from '../../i18n/useT';
import { useAppSelector } from '../appContext';
import { Card, Heading, Page, Stack, Text } from '../kit/Layout';
import { styled } from '../kit/stitches.config';
import { PhoneHandoff } from './PhoneHandoff';
import { ShellHeader, WayBack } from './ShellHeader';

const Stores = styled('ul', {
  listStyle: 'none',
  margin: '0 0 $4',
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$3',
});
const StoreLink = styled('a', {
  display: 'inline-flex',
  flexDirection: 'column',
  justifyContent: 'center',
  minHeight: 48,
  minWidth: 160,
  padding: '$2 $4',
  borderRadius: '$2',
  backgroundColor: '#000000',
  color: '#FFFFFF',
  textDecoration: 'none',
  lineHeight: 1.2,
  '& small': { fontSize: '$1' },
  '& strong': { fontSize: '$4' },
  '&:focus-visible': { outline: '3px solid $colors$primary', outlineOffset: 2 },
});

/**
 * /mobile-only[?from=/path]: what was asked for works only in the mobile app (a native link, a link into the app,
 * a mobile-only utility such as Wallet). The page says so, links both stores (runtime configuration), shows a QR
 * code that opens the page it came from on a phone, and leads back there (decision 081).
 */
export function MobileOnlyPage() {
  return (
    <>
      <ShellHeader />
      <Page css={{ minHeight: 0 }}>
        <Suspense fallback={null}>
          <AreaMessages areas={['shell']}>
            <MobileOnlyCard />
          </AreaMessages>
        </Suspense>
      </Page>
    </>
  );
}

/** The /mobile-only route: `?from=` is kept only as a path of this app (its `validateSearch`, src/routes/router.tsx). */
const mobileOnlyRoute = getRouteApi('/mobile-only');

function MobileOnlyCard() {
  const t = useT();
  const from = mobileOnlyRoute.useSearch({ select: (s) => s.from ?? null });
  const brand = useAppSelector((s) => s.context.whitelabel?.name ?? 'Atrium');
  const ios = useAppSelector((s) => s.context.config.iosAppUrl);
  const android = useAppSelector((s) => s.context.config.androidAppUrl);
  return (
    <Card css={{ maxWidth: 560 }} data-testid="mobile-only-page">
      <Heading>{t('shell.mobileOnly.title')}</Heading>
      <Text>{t('shell.mobileOnly.explanation', { brand })}</Text>
      <Stores aria-label={t('shell.mobileOnly.stores')}>
        <li>
          <StoreLink href={ios} target="_blank" rel="noopener noreferrer" data-store="ios">
            <small>{t('shell.mobileOnly.appStoreLead')}</small>
            <strong>App Store</strong>
          </StoreLink>
        </li>
        <li>
          <StoreLink href={android} target="_blank" rel="noopener noreferrer" data-store="android">
            <small>{t('shell.mobileOnly.googlePlayLead')}</small>
            <strong>Google Play</strong>
          </StoreLink>
        </li>
      </Stores>
      <Stack>
        <PhoneHandoff path={from ?? '/'} title={t('shell.phone.title')} description={t('shell.phone.description')} desktopOnly />
        <WayBack from={from} />
      </Stack>
    </Card>
  );
}
