import { useSelector } from '@xstate/react';
import type { HomeRef } from '../../../machines/home/home.machine';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Skeleton } from '../kit/Skeleton';
import { styled } from '../kit/stitches.config';
import { ImageWithFallback } from '../kit/ImageWithFallback';

const Grid = styled('ul', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(312px, 100%), 1fr))',
  gap: '$3',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
const Utility = styled('button', {
  appearance: 'none',
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  padding: '$3',
  border: '1px solid $border',
  borderRadius: '$3',
  backgroundColor: '$surface',
  color: '$text',
  textAlign: 'left',
  cursor: 'pointer',
  '&:hover': { boxShadow: '$card' },
});
const Icon = styled(ImageWithFallback, {
  width: 48,
  height: 48,
  borderRadius: '$2',
  objectFit: 'cover',
  flexShrink: 0,
  backgroundColor: '$background',
});
const Label = styled('span', { display: 'flex', flexDirection: 'column' });
const Name = styled('span', { fontWeight: 600 });
const SubLabel = styled('span', { fontSize: '$1', color: '$muted', textTransform: 'uppercase', letterSpacing: '0.04em' });
const Problem = styled('div', { display: 'flex', alignItems: 'center', gap: '$3', color: '$alert' });

/** The utility-button grid: skeletons while it loads, a retry when it failed, the buttons with their sub-labels. */
export function UtilityGrid({ home }: { home: HomeRef }) {
  const t = useT();
  const loading = useSelector(home, (s) => s.hasTag('utilities:loading'));
  const failed = useSelector(home, (s) => s.hasTag('utilities:failed'));
  const utilities = useSelector(home, (s) => s.context.utilities);
  if (failed) {
    return (
      <Problem role="alert">
        {t('home.utilities.failed')}
        <Button type="button" css={{ width: 'auto' }} onClick={() => home.send({ type: 'utilities.retry' })}>
          {t('home.retry')}
        </Button>
      </Problem>
    );
  }
  if (loading) {
    return (
      <Grid aria-busy="true" aria-label={t('home.utilities.title')}>
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton css={{ height: 74 }} />
          </li>
        ))}
      </Grid>
    );
  }
  if (!utilities.length) return null;
  return (
    <Grid aria-label={t('home.utilities.title')}>
      {utilities.map((utility) => (
        <li key={utility.uuid}>
          <Utility type="button" onClick={() => home.send({ type: 'utility.open', utility })} data-utility={utility.utility_name ?? utility.name}>
            <Icon src={utility.web_image} alt="" width={48} height={48} />
            <Label>
              <Name>{utility.text}</Name>
              {utility.subLabel ? <SubLabel>{t('home.utilities.subLabel', { label: utility.subLabel })}</SubLabel> : null}
            </Label>
          </Utility>
        </li>
      ))}
    </Grid>
  );
}
