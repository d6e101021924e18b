import { Link } from '@tanstack/react-router';
import { ExternalLink } from 'lucide-react';
import { utilityShortcuts, type Shortcut, type ShortcutFacts } from '../../../machines/shell/utilityShortcuts';
import { useT } from '../../i18n/useT';
import { useAppSelector, useBuildingSelector, useFlag } from '../appContext';
import { styled } from '../kit/stitches.config';

const List = styled('ul', { display: 'flex', flexWrap: 'wrap', gap: '$2', margin: 0, padding: 0, listStyle: 'none' });
const look = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$1',
  minHeight: 40,
  padding: '$2 $3',
  borderRadius: '$2',
  border: '1px solid $border',
  backgroundColor: '$surface',
  color: '$primary',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  font: 'inherit',
  '&:hover': { borderColor: '$primary' },
} as const;
const RouteLink = styled(Link, look);
const SiteLink = styled('a', look);
const UtilityButton = styled('button', look);
const Title = styled('h2', { fontSize: '$3', margin: '0 0 $2' });

/** What the page knows for the brand's shortcuts, from the app: the brand, the building, the flag and the sites. */
export function useShortcuts(page: { inApp: boolean; visitorUtility: boolean }): Shortcut[] {
  const facts: ShortcutFacts = {
    brand: useAppSelector((s) => s.context.whitelabel?.brand),
    buildingUuid: useBuildingSelector((s) => s.context.current?.uuid ?? null),
    serviceRequests: useFlag('service-requests'),
    serviceBookingUrl: useAppSelector((s) => s.context.config.serviceBookingUrl),
    parkingUrl: useAppSelector((s) => s.context.config.parkingUrl ?? null),
    facilityAppUrl: useAppSelector((s) => s.context.config.facilityAppUrl ?? null),
    ...page,
  };
  return utilityShortcuts(facts);
}

/**
 * The brand's utility shortcuts as links (machines/shell/utilityShortcuts.ts): a screen, another site in a new tab, or
 * the building's visitor mini-app (`onUtility`).
 */
export function UtilityShortcuts({ shortcuts, onUtility }: { shortcuts: Shortcut[]; onUtility?: (utilityName: string) => void }) {
  const t = useT();
  if (!shortcuts.length) return null;
  return (
    <nav aria-labelledby="utility-shortcuts" data-testid="utility-shortcuts">
      <Title id="utility-shortcuts">{t('shell.shortcuts.title')}</Title>
      <List>
        {shortcuts.map(({ id, target }) => (
          <li key={id} data-shortcut={id}>
            {target.kind === 'route' ? (
              <RouteLink to={target.to}>{t('shell.shortcut', { id })}</RouteLink>
            ) : target.kind === 'external' ? (
              <SiteLink href={target.url} target="_blank" rel="noopener noreferrer">
                {t('shell.shortcut', { id })}
                <ExternalLink size={16} aria-hidden="true" />
              </SiteLink>
            ) : (
              <UtilityButton type="button" onClick={() => onUtility?.(target.utilityName)}>
                {t('shell.shortcut', { id })}
              </UtilityButton>
            )}
          </li>
        ))}
      </List>
    </nav>
  );
}
