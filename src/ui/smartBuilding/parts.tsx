import type { ReactNode } from 'react';
import { AlertTriangle, Building2, WifiOff } from 'lucide-react';
import { supportMailto } from '../../../machines/smartBuilding/smartBuilding.rules';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { PageContainer } from '../kit/Layout';
import { EmptyState, ErrorState } from '../kit/States';
import { styled } from '../kit/stitches.config';

export const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0, overflowWrap: 'anywhere' });
export const Screen = styled(PageContainer, { maxWidth: 720 });

/** A list of floors or suites as full-width rows that lead on. */
export const NavList = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  '& a': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '$3',
    minHeight: 56,
    padding: '$3 $4',
    borderRadius: '$3',
    backgroundColor: '$surface',
    boxShadow: '$card',
    color: '$text',
    fontWeight: 600,
    textDecoration: 'none',
    overflowWrap: 'anywhere',
  },
  '& a:hover, & a:focus-visible': { outline: '2px solid $primary', outlineOffset: 2 },
});

const MailLink = styled('a', { color: '$primary', fontWeight: 600, textDecoration: 'underline' });

/** The contact-support link (the brand's help desk), or a sentence without a link when the app knows no address. */
export function ContactSupport({ email, about }: { email: string | null; about: string }) {
  const t = useT();
  if (!email) return null;
  return (
    <MailLink href={supportMailto(email, t('smartBuilding.supportSubject', { place: about }))} data-testid="contact-support">
      {t('smartBuilding.contactSupport')}
    </MailLink>
  );
}

/** None found or available: contact support if the issue persists (content document, section 8). */
export function NoneFound({ title, email, about }: { title: string; email: string | null; about: string }) {
  const t = useT();
  return (
    <EmptyState
      icon={Building2}
      title={title}
      description={t('smartBuilding.empty.description')}
      action={<ContactSupport email={email} about={about} />}
    />
  );
}

/** 'System not available' (content document, section 8), with the contact-support link. */
export function SystemUnavailable({ email, about }: { email: string | null; about: string }) {
  const t = useT();
  return (
    <ErrorState
      icon={WifiOff}
      title={t('smartBuilding.unavailable.title')}
      description={t('smartBuilding.unavailable.description')}
      action={<ContactSupport email={email} about={about} />}
    />
  );
}

export function LoadFailed({ onRetry, children }: { onRetry: () => void; children?: ReactNode }) {
  const t = useT();
  return (
    <ErrorState
      icon={AlertTriangle}
      title={t('smartBuilding.failed')}
      description={children}
      action={
        <Button type="button" width="auto" onClick={onRetry}>
          {t('smartBuilding.retry')}
        </Button>
      }
    />
  );
}
