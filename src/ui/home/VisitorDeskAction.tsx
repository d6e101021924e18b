import { Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { ChevronRight, ScanQrCode } from 'lucide-react';
import { offersVisitorDesk } from '../../../machines/kiosk/visitorCheckIn.selectors';
import { useKioskSelector } from '../appContext';
import { AreaMessages } from '../../i18n/AreaMessages';
import { useT } from '../../i18n/useT';
import { Icon } from '../kit/Icon';
import { styled } from '../kit/stitches.config';

const Action = styled(Link, {
  display: 'flex',
  alignItems: 'center',
  gap: '$4',
  padding: '$4',
  borderRadius: '$4',
  backgroundColor: '$primary',
  color: '$onPrimary',
  textDecoration: 'none',
  boxShadow: '$card',
  minHeight: 88,
  '@tablet': { padding: '$5 $6', gap: '$5' },
  '&:hover': { filter: 'brightness(1.06)' },
  '&:focus-visible': { outline: '3px solid $colors$text', outlineOffset: '3px' },
});
const Badge = styled('span', {
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: 56,
  height: 56,
  borderRadius: '$3',
  backgroundColor: 'rgba(255, 255, 255, 0.16)',
  '@tablet': { width: 72, height: 72 },
});
const Words = styled('span', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  flex: 1,
  minWidth: 0,
  '& strong': { fontSize: '$4', lineHeight: '$tight', '@tablet': { fontSize: '$5' } },
  '& span': { fontSize: '$2', opacity: 0.92, '@tablet': { fontSize: '$3' } },
});

/** The kiosk home's big "Check in a visitor" (lobby mode only: decision 180). */
export function VisitorDeskAction() {
  const offered = useKioskSelector(offersVisitorDesk);
  if (!offered) return null;
  return (
    <Suspense fallback={null}>
      <AreaMessages areas={['visitorDesk']}>
        <VisitorDeskLink />
      </AreaMessages>
    </Suspense>
  );
}

function VisitorDeskLink() {
  const t = useT();
  return (
    <Action to="/visitors/check-in" data-testid="visitor-desk-action">
      <Badge>
        <Icon icon={ScanQrCode} size={36} />
      </Badge>
      <Words>
        <strong>{t('visitorDesk.home.action')}</strong>
        <span>{t('visitorDesk.home.actionHint')}</span>
      </Words>
      <Icon icon={ChevronRight} size={28} />
    </Action>
  );
}
