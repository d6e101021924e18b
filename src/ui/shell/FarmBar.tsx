import { useLocation } from '@tanstack/react-router';
import { useAppActor, useAppSelector } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { styled } from '../kit/stitches.config';

const Bar = styled('aside', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  padding: '$1 $3',
  fontSize: '$2',
  backgroundColor: '$alert',
  color: '$onPrimary',
  '& button': { color: 'inherit' },
});

/** The specification hides the farm bar on any path containing /webview. */
export const showsFarmBar = (pathname: string) => !pathname.includes('/webview');

/** The farm in use (description and url), on every page but the embedded views; nothing with the default API. */
export function FarmBar() {
  const t = useT();
  const app = useAppActor();
  const farm = useAppSelector((s) => s.context.farm);
  const pathname = useLocation({ select: (location) => location.pathname });
  if (!farm || !showsFarmBar(pathname)) return null;
  return (
    <Bar aria-label={t('farm.bar.label')}>
      <span>{t('farm.bar.text', { description: farm.description, url: farm.url })}</span>
      <Button type="button" variant="link" onClick={() => app.send({ type: 'farm.choose', farm: null })}>
        {t('farm.bar.clear')}
      </Button>
    </Bar>
  );
}
