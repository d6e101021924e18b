import { useSelector } from '@xstate/react';
import { AlertTriangle, Phone, ShieldAlert } from 'lucide-react';
import type { EmergencyRef } from '../../../machines/emergency/emergency.machine';
import { useBuildingSelector, useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { PageContainer } from '../kit/Layout';
import { EmptyState, ErrorState } from '../kit/States';
import { styled } from '../kit/stitches.config';
import { AreaScreen, ScreenLoading, useScreenBuilding } from '../shell/AreaScreen';

const Screen = styled(PageContainer, { maxWidth: 720 });
const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0, overflowWrap: 'anywhere' });
const Intro = styled('p', { margin: 0, color: '$muted' });
const SectionTitle = styled('h2', { fontSize: '$5', margin: '$2 0 0' });
const Contacts = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '$2' });
const Contact = styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$2 $3',
  padding: '$3 $4',
  borderRadius: '$3',
  backgroundColor: '$surface',
  boxShadow: '$card',
  // The first contact (the emergency services) is marked with the alert red as given: a border needs 3:1.
  '&:first-child': { borderLeft: '4px solid $alert' },
  '& p': { margin: 0 },
});
const ContactName = styled('p', { fontWeight: 700, overflowWrap: 'anywhere' });
const Hours = styled('p', { color: '$muted', fontSize: '$2' });
const CallLink = styled('a', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  minHeight: 44,
  padding: '$2 $4',
  borderRadius: '$round',
  backgroundColor: '$primary',
  color: '$onPrimary',
  fontWeight: 700,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
});
const Procedure = styled('section', {
  padding: '$4',
  borderRadius: '$3',
  backgroundColor: '$surface',
  boxShadow: '$card',
  '& h3': { margin: '0 0 $2', fontSize: '$4' },
  '& ol': { margin: 0, paddingLeft: '$5', display: 'flex', flexDirection: 'column', gap: '$1' },
});

/** /building/{uuid}/emergency-management: the building's emergency contacts (a call link each) and its procedures. */
export function EmergencyPage() {
  const buildingUuid = useScreenBuilding();
  const emergency = useScreen('emergency');
  return (
    <AreaScreen areas={['home', 'shell']} ready={!!buildingUuid && !!emergency}>
      {() => <CurrentBuildingEmergency emergency={emergency!} />}
    </AreaScreen>
  );
}

function CurrentBuildingEmergency({ emergency }: { emergency: EmergencyRef }) {
  const building = useBuildingSelector((s) => s.context.current?.name ?? '');
  return <EmergencyScreen emergency={emergency} building={building} />;
}

/** The screen of an emergency flow (the model test renders it with its own flow). */
export function EmergencyScreen({ emergency, building }: { emergency: EmergencyRef; building: string }) {
  const t = useT();
  const loading = useSelector(emergency, (s) => s.hasTag('loading'));
  const failed = useSelector(emergency, (s) => s.hasTag('failed'));
  const empty = useSelector(emergency, (s) => s.hasTag('empty'));
  const info = useSelector(emergency, (s) => s.context.info);
  return (
    <Screen data-testid="emergency-page">
      <Title tabIndex={-1}>{t('home.emergency.title')}</Title>
      <Intro>{t('home.emergency.intro', { building })}</Intro>
      {loading ? <ScreenLoading /> : null}
      {failed ? (
        <ErrorState
          icon={AlertTriangle}
          title={t('home.emergency.failed')}
          action={
            <Button type="button" width="auto" onClick={() => emergency.send({ type: 'user.retry' })}>
              {t('home.retry')}
            </Button>
          }
        />
      ) : null}
      {empty ? <EmptyState icon={ShieldAlert} title={t('home.emergency.empty')} description={t('home.emergency.emptyHint')} /> : null}
      {info && !loading ? (
        <>
          {info.contacts.length ? (
            <section aria-labelledby="emergency-contacts">
              <SectionTitle id="emergency-contacts">{t('home.emergency.contacts')}</SectionTitle>
              <Contacts data-testid="emergency-contacts">
                {info.contacts.map((contact) => (
                  <Contact key={contact.uuid}>
                    <div>
                      <ContactName>{contact.name}</ContactName>
                      {contact.hours ? <Hours>{contact.hours}</Hours> : null}
                    </div>
                    <CallLink
                      href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
                      aria-label={t('home.emergency.call', { name: contact.name, phone: contact.phone })}
                    >
                      <Phone size={18} aria-hidden="true" />
                      {contact.phone}
                    </CallLink>
                  </Contact>
                ))}
              </Contacts>
            </section>
          ) : null}
          {info.procedures.length ? (
            <section aria-labelledby="emergency-procedures">
              <SectionTitle id="emergency-procedures">{t('home.emergency.procedures')}</SectionTitle>
              {info.procedures.map((procedure) => (
                <Procedure key={procedure.uuid} aria-label={procedure.title} css={{ marginTop: '$3' }}>
                  <h3>{procedure.title}</h3>
                  <ol>
                    {procedure.steps.map((step, i) => (
                      <li key={i}>{step}</li>
                    ))}
                  </ol>
                </Procedure>
              ))}
            </section>
          ) : null}
        </>
      ) : null}
    </Screen>
  );
}
