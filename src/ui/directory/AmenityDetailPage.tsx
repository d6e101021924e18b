import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { AmenityDetailRef } from '../../../machines/directory/amenityDetail.machine';
import type { Amenity } from '../../../machines/directory/directory.types';
import { helpDeskMailto } from '../../../machines/directory/directory.rules';
import { useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Card, Page, Text } from '../kit/Layout';
import { Modal, ModalActions } from '../kit/Modal';
import { RichText } from '../kit/RichText';
import { styled } from '../kit/stitches.config';
import { AreaScreen, ScreenLoading, useScreenBuilding } from '../shell/AreaScreen';
import { ImageWithFallback } from '../kit/ImageWithFallback';
import { LoadFailed, NotFound } from './parts';

const Article = styled(Card, { maxWidth: 720, padding: 0, overflow: 'hidden' });
const Body = styled('div', { padding: '$5', display: 'flex', flexDirection: 'column', gap: '$4' });
const Hero = styled(ImageWithFallback, { display: 'block', width: '100%', aspectRatio: '648 / 416', objectFit: 'cover', backgroundColor: '$border' });
const Kind = styled('span', { fontSize: '$1', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em', color: '$primary' });
const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0 });
/** The help desk link, dressed as the modal's main button. */
const MailButton = styled('a', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 44,
  padding: '$3 $5',
  borderRadius: '$2',
  fontWeight: 600,
  textDecoration: 'none',
  backgroundColor: '$primary',
  color: '$onPrimary',
});

/** /building/{uuid}/amenities/{amenityUuid}: an amenity, with a support-request modal. */
export function AmenityDetailPage() {
  const buildingUuid = useScreenBuilding();
  const detail = useScreen('amenityDetail');
  return (
    <AreaScreen areas={['directory']} ready={!!buildingUuid && !!detail}>
      {() => <AmenityScreen detail={detail!} buildingUuid={buildingUuid!} />}
    </AreaScreen>
  );
}

function AmenityScreen({ detail, buildingUuid }: { detail: AmenityDetailRef; buildingUuid: string }) {
  const t = useT();
  const loading = useSelector(detail, (s) => s.hasTag('loading'));
  const failed = useSelector(detail, (s) => s.hasTag('failed'));
  const notFound = useSelector(detail, (s) => s.hasTag('notFound'));
  const amenity = useSelector(detail, (s) => s.context.amenity);
  const all = `/building/${buildingUuid}/amenities`;
  return (
    <Page css={{ minHeight: 0 }}>
      {loading ? <ScreenLoading /> : null}
      {failed ? <LoadFailed message={t('directory.amenity.failed')} onRetry={() => detail.send({ type: 'user.retry' })} /> : null}
      {notFound ? <NotFound message={t('directory.amenity.notFound')} back={<Link to={all}>{t('directory.amenity.all')}</Link>} /> : null}
      {amenity ? <AmenityArticle detail={detail} amenity={amenity} all={all} /> : null}
    </Page>
  );
}

function AmenityArticle({ detail, amenity, all }: { detail: AmenityDetailRef; amenity: Amenity; all: string }) {
  const t = useT();
  const supportOpen = useSelector(detail, (s) => s.hasTag('support'));
  return (
    <Article as="article" aria-labelledby="amenity-title">
      {amenity.image_url ? <Hero src={amenity.image_url} alt={amenity.image_alt_text ?? amenity.amenity_name} width={648} height={416} /> : null}
      <Body>
        <Link to={all}>{t('directory.amenity.all')}</Link>
        <Kind>{amenity.category.category_name}</Kind>
        <Title id="amenity-title">{amenity.amenity_name}</Title>
        {amenity.description ? <RichText html={amenity.description} data-testid="amenity-description" /> : null}
        <Button type="button" onClick={() => detail.send({ type: 'user.requestSupport' })}>
          {t('directory.amenity.requestSupport')}
        </Button>
      </Body>
      {supportOpen ? <SupportModal detail={detail} amenity={amenity} /> : null}
    </Article>
  );
}

function SupportModal({ detail, amenity }: { detail: AmenityDetailRef; amenity: Amenity }) {
  const t = useT();
  const email = useSelector(detail, (s) => s.context.helpDeskEmail);
  const close = () => detail.send({ type: 'user.closeSupport' });
  return (
    <Modal title={t('directory.support.title')} onClose={close}>
      <Text css={{ margin: 0 }}>{t('directory.support.text', { amenity: amenity.amenity_name })}</Text>
      {email ? null : <Text css={{ margin: 0 }}>{t('directory.support.noEmail')}</Text>}
      <ModalActions>
        {email ? (
          <MailButton href={helpDeskMailto(email, t('directory.support.subject', { amenity: amenity.amenity_name }))}>
            {t('directory.support.email')}
          </MailButton>
        ) : null}
        <Button type="button" variant="secondary" onClick={close}>
          {t('directory.support.close')}
        </Button>
      </ModalActions>
    </Modal>
  );
}
