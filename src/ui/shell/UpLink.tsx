import { useRouterState } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { upFor, type UpPlace } from '../../../machines/routing/upLinks';
import { useT } from '../../i18n/useT';
import { Link } from '../kit/Link';
import { styled } from '../kit/stitches.config';

const Bar = styled('nav', {
  display: 'flex',
  alignItems: 'center',
  padding: '0 $3',
  backgroundColor: '$surface',
  borderBottom: '1px solid $border',
  '@tablet': { padding: '0 $5' },
  '& a': { display: 'inline-flex', alignItems: 'center', gap: '$1', minHeight: 44, fontSize: '$2', textDecoration: 'none' },
  '& a:hover': { textDecoration: 'underline' },
  '& a svg': { marginInlineStart: 0 },
});

const PLACE_KEYS = {
  home: 'header.up.home',
  amenities: 'header.up.amenities',
  companies: 'header.up.companies',
  smartBuilding: 'header.up.smartBuilding',
  account: 'header.up.account',
  book: 'header.up.book',
  history: 'header.up.history',
  serviceRequests: 'header.up.serviceRequests',
} as const satisfies Record<UpPlace, string>;

/**
 * The way up from the screen, under the header: "← Amenities" on an amenity, "← Home" on a list (issue 22, item 12).
 * Where it leads is the path's (machines/routing/upLinks.ts); a home screen shows none.
 */
export function UpLink() {
  const t = useT();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const up = upFor(pathname);
  if (!up) return null;
  return (
    <Bar aria-label={t('header.up.label')}>
      <Link to={up.to} data-testid="up-link">
        <ArrowLeft size={16} aria-hidden="true" focusable="false" />
        {t(PLACE_KEYS[up.place])}
      </Link>
    </Bar>
  );
}
