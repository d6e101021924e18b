import { CalendarPlus } from 'lucide-react';
import { Link } from '../kit/Link';
import { useSelector } from '@xstate/react';
import type { AmenityDetailRef } from '../../../machines/directory/amenityDetail.machine';
import type { Amenity } from '../../../machines/directory/directory.types';
import type { HelpDeskRef } from '../../../machines/helpDesk/helpDesk.machine';
import { useFlag, useScreen } from '../appContext';
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
const Actions = styled('div', { display: 'flex', flexDirection: 'column', gap: '$3', '@tablet': { flexDirection: 'row', '& > *': { flex: 1 } } });
/** "Book" as the page's first action: a link (it opens the resource's booking screen) drawn as the kit's primary button. */
const BookLink = styled(Link, {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  minHeight: 44,
  padding: '$3 $5',
  borderRadius: '$2',
  fontWeight: 600,
  textDecoration: 'none',
  backgroundColor: '$primary',
  color: '$onPrimary',
  '&:hover': { textDecoration: 'none' },
  '&:focus-visible': { outline: '2px solid $primary', outlineOffset: 2 },
});
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
      {amenity ? <AmenityArticle detail={detail} amenity={amenity} all={all} buildingUuid={buildingUuid} /> : null}
    </Page>
  );
}

function AmenityArticle({ detail, amenity, all, buildingUuid }: { detail: AmenityDetailRef; amenity: Amenity; all: string; buildingUuid: string }) {
  const t = useT();
  // Behind the booking flag, an amenity that is a bookable resource offers "Book" (decision 214).
  const booking = useFlag('booking');
  const resourceUuid = booking ? amenity.bookable_resource_uuid : null;
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
        <Actions>
          {resourceUuid ? (
            <BookLink to={`/building/${buildingUuid}/book/${resourceUuid}`} data-testid="amenity-book">
              <CalendarPlus size={18} aria-hidden="true" focusable="false" />
              {t('directory.amenity.book')}
            </BookLink>
          ) : null}
          <Button type="button" variant={resourceUuid ? 'secondary' : 'primary'} onClick={() => detail.send({ type: 'user.requestSupport' })}>
            {t('directory.amenity.requestSupport')}
          </Button>
        </Actions>
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
