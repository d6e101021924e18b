import { useT } from '../../i18n/useT';
import { styled } from '../kit/stitches.config';
import { QrCode } from './QrCode';

const Box = styled('section', {
  display: 'flex',
  alignItems: 'center',
  gap: '$4',
  flexWrap: 'wrap',
  padding: '$4',
  border: '1px solid $border',
  borderRadius: '$3',
  '& h2': { fontSize: '$3', margin: '0 0 $1' },
  '& p': { margin: 0, color: '$muted', fontSize: '$2' },
  variants: {
    /** Left out on a phone-sized screen, which most likely is the phone already. */
    desktopOnly: { true: { '@phone': { display: 'none' } } },
  },
});
const Words = styled('div', { flex: '1 1 180px', minWidth: 0 });

/** A QR code of an address of this app, to carry on with it on a phone (the mobile app opens it when installed). */
export function PhoneHandoff({
  path,
  title,
  description,
  desktopOnly = false,
}: {
  path: string;
  title: string;
  description: string;
  desktopOnly?: boolean;
}) {
  const t = useT();
  const url = new URL(path, window.location.origin).href;
  return (
    <Box aria-labelledby="phone-handoff-title" data-testid="phone-handoff" desktopOnly={desktopOnly}>
      <QrCode text={url} label={t('shell.phone.qrLabel')} size={160} />
      <Words>
        <h2 id="phone-handoff-title">{title}</h2>
        <p>{description}</p>
      </Words>
    </Box>
  );
}
