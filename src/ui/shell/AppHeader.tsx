import { useAppSelector, useSessionRef } from '../../app/AppActorContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { styled } from '../kit/stitches.config';

const Bar = styled('header', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: '$3 $5',
  backgroundColor: '$primary',
  color: '$onPrimary',
});
const BrandName = styled('span', { fontWeight: 700, fontSize: '$4' });

export function AppHeader() {
  const t = useT();
  const session = useSessionRef();
  const brand = useAppSelector((s) => s.context.whitelabel?.name ?? 'Atrium');
  return (
    <Bar>
      <BrandName data-testid="brand">{brand}</BrandName>
      <Button type="button" variant="secondary" css={{ width: 'auto', color: '$onPrimary', borderColor: '$onPrimary' }} onClick={() => session.send({ type: 'session.logout' })}>
        {t('header.logout')}
      </Button>
    </Bar>
  );
}
