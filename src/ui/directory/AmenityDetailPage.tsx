import { Link } from '../kit/Link';
import { useSelector } from '@xstate/react';
import type { AmenityDetailRef } from '../../../machines/directory/amenityDetail.machine';
import type { Amenity } from '../../../machines/directory/directory.types';
import type { HelpDeskRef } from '../../../machines/helpDesk/helpDesk.machine';
import { useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { Card, Page, Text } from '../kit/Layout';
import { Modal } from '../kit/Modal';
import { RichText } from '../kit/RichText';
import { styled } from '../kit/stitches.config';
import { AreaScreen, ScreenLoading, useScreenBuilding } from '../shell/AreaScreen';
import { ContentLanguageNote, useContentFallbackLanguage } from '../shell/ContentLanguage';
import { ImageWithFallback } from '../kit/ImageWithFallback';
import { LoadFailed, NotFound } from './parts';
import { HelpDeskForm } from '../helpDesk/HelpDeskForm';

const Article = styled(Card, { maxWidth: 720, padding: 0, overflow: 'hidden' });
const Body = styled('div', { padding: '$5', display: 'flex', flexDirection: 'column', gap: '$4' });
const Hero = styled(ImageWithFallback, { display: 'block', width: '100%', aspectRatio: '648 / 416', objectFit: 'cover', backgroundColor: '$border' });
const Kind = styled('span', { fontSize: '$1', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em', color: '$primary' });
const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0 });
/** /building/{uuid}/amenities/{amenityUuid}: an amenity, with a support-request modal. */
export function AmenityDetailPage() {
  const buildingUuid = useScreenBuilding();
  const detail = useScreen('amenityDetail');
  return (
    <AreaScreen areas={['directory', 'helpDesk', 'shell']} ready={!!buildingUuid && !!detail}>
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
  const fallback = useContentFallbackLanguage();
  const lang = fallback ?? undefined;
  return (
    <Article as="article" aria-labelledby="amenity-title">
      {amenity.image_url ? <Hero src={amenity.image_url} alt={amenity.image_alt_text ?? amenity.amenity_name} width={648} height={416} /> : null}
      <Body>
        <Link to={all}>{t('directory.amenity.all')}</Link>
        {fallback ? <ContentLanguageNote language={fallback} /> : null}
        <Kind lang={lang}>{amenity.category.category_name}</Kind>
        <Title id="amenity-title" lang={lang}>
          {amenity.amenity_name}
        </Title>
        {amenity.description ? <RichText html={amenity.description} data-testid="amenity-description" lang={lang} /> : null}
        <Button type="button" onClick={() => detail.send({ type: 'user.requestSupport' })}>
          {t('directory.amenity.requestSupport')}
        </Button>
      </Body>
      {supportOpen ? <SupportModal detail={detail} amenity={amenity} /> : null}
    </Article>
  );
}

/** The support-request modal: the help-desk form about this amenity (the flow's child); closing it is a cancel. */
function SupportModal({ detail, amenity }: { detail: AmenityDetailRef; amenity: Amenity }) {
  const t = useT();
  const support = useSelector(detail, (s) => s.children.support as HelpDeskRef | undefined);
  if (!support) return null;
  return (
    <Modal title={t('directory.support.title')} closeLabel={t('directory.support.close')} onClose={() => support.send({ type: 'user.cancel' })}>
      <Text css={{ margin: 0 }}>{t('directory.support.text', { amenity: amenity.amenity_name })}</Text>
      <HelpDeskForm actor={support} />
    </Modal>
  );
}
