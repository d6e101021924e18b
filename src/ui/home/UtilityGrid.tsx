import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { fallbackLanguage } from '../../../contracts/contentLanguage';
import type { HomeRef } from '../../../machines/home/home.machine';
import { withEmergencyManagement, withSmartBuilding } from '../../../machines/home/utilities';
import { emergencyManagementAllowed } from '../../../machines/emergency/emergency.rules';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Skeleton } from '../kit/Skeleton';
import { styled } from '../kit/stitches.config';
import { useAppSelector, useFlag } from '../appContext';
import { UtilityIcon } from './utilityIcons';
import { ChevronRight } from 'lucide-react';
import { columnsOf } from '../kit/grids';

/**
 * Four icons a row on a phone (decision 070). From a tablet up: with `show-utilities-link-and-chevron` (`links`), rows
 * of at least 312 px (the specification's utilities column), each a link with its chevron; without it, icons, each at
 * least 120 px.
 */
const Grid = styled('ul', {
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: '$3 $2',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@tablet': { gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: '$4' },
  variants: { links: { true: { '@tablet': { gridTemplateColumns: columnsOf('utilities'), gap: '$3' } }, false: {} } },
});
const Label = styled('span', { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '$1', minWidth: 0 });
const Chevron = styled('span', { display: 'none', marginLeft: 'auto', color: '$muted', flexShrink: 0 });
const Utility = styled('button', {
  appearance: 'none',
  width: '100%',
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$1',
  padding: '$2 $1',
  border: 'none',
  borderRadius: '$3',
  backgroundColor: 'transparent',
  color: '$text',
  textAlign: 'center',
  cursor: 'pointer',
  '&:hover > span:first-child': { boxShadow: '$card' },
  variants: {
    links: {
      true: {
        '@tablet': {
          flexDirection: 'row',
          gap: '$3',
          padding: '$3',
          textAlign: 'left',
          backgroundColor: '$surface',
          border: '1px solid $border',
          '&:hover': { borderColor: '$primary' },
          '&:hover > span:first-child': { boxShadow: 'none' },
          [`& ${Label}`]: { alignItems: 'flex-start' },
          [`& ${Chevron}`]: { display: 'inline-flex' },
        },
      },
      false: {},
    },
  },
});
const IconTile = styled('span', {
  display: 'grid',
  placeItems: 'center',
  width: 56,
  height: 56,
  borderRadius: '$3',
  color: '$primary',
  backgroundColor: 'color-mix(in srgb, $colors$primary 12%, $colors$surface)',
  border: '1px solid color-mix(in srgb, $colors$primary 25%, $colors$surface)',
  '& svg': { width: 26, height: 26 },
});
const Name = styled('span', {
  fontSize: '$1',
  fontWeight: 600,
  lineHeight: 1.25,
  maxWidth: '100%',
  hyphens: 'auto',
  '@tablet': { fontSize: '$2' },
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
});
const SubLabel = styled('span', { fontSize: '11px', lineHeight: 1.2, color: '$greyDark' });
const Problem = styled('div', { display: 'flex', alignItems: 'center', gap: '$3', color: '$danger' });

/** The utility-button grid: skeletons while it loads, a retry when it failed, the buttons with their sub-labels. */
export function UtilityGrid({ home, label }: { home: HomeRef; label: string }) {
  const t = useT();
  const loading = useSelector(home, (s) => s.hasTag('utilities:loading'));
  const failed = useSelector(home, (s) => s.hasTag('utilities:failed'));
  const smartBuilding = useFlag('show-smart-building');
  const links = useFlag('show-utilities-link-and-chevron');
  const emergency = emergencyManagementAllowed(
    useAppSelector((s) => s.context.whitelabel?.brand),
    useFlag('emergency-management-utility'),
  );
  const utilities = withEmergencyManagement(
    withSmartBuilding(
      useSelector(home, (s) => s.context.utilities),
      smartBuilding,
    ),
    emergency,
  );
  const { locale } = useIntl();
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
      <Grid aria-busy="true" aria-label={label}>
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <Skeleton css={{ height: 84 }} />
          </li>
        ))}
      </Grid>
    );
  }
  if (!utilities.length) return null;
  return (
    <Grid aria-label={label} links={links} data-links={links ? 'true' : undefined}>
      {utilities.map((utility) => (
        <li key={utility.uuid}>
          <Utility
            type="button"
            links={links}
            onClick={() => home.send({ type: 'utility.open', utility })}
            data-utility={utility.utility_name ?? utility.name}
          >
            <IconTile aria-hidden="true">
              <UtilityIcon utilityName={utility.utility_name ?? null} type={utility.type} />
            </IconTile>
            <Label>
              {/* The operator's label: in the interface's language when it has it, else marked with its own. */}
              <Name lang={fallbackLanguage(utility.language, locale) ?? undefined}>{utility.text}</Name>
              {utility.subLabel ? <SubLabel>{t('home.utilities.subLabel', { label: utility.subLabel })}</SubLabel> : null}
            </Label>
            {links ? (
              <Chevron aria-hidden="true" data-chevron>
                <ChevronRight size={20} />
              </Chevron>
            ) : null}
          </Utility>
        </li>
      ))}
    </Grid>
  );
}
