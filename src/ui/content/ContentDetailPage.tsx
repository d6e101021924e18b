import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ContentView } from '../../../machines/content/contentView';
import type { ContentDetailRef } from '../../../machines/content/contentDetail.machine';
import type { rsvpMachine } from '../../../machines/content/rsvp.machine';
import type { claimMachine } from '../../../machines/content/claim.machine';
import { useFlag, useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Card, Heading, Page, Text } from '../kit/Layout';
import { Button } from '../kit/Button';
import { ImageWithFallback } from '../kit/ImageWithFallback';
import { RichText } from '../kit/RichText';
import { styled } from '../kit/stitches.config';
import { AreaScreen, ScreenLoading } from '../shell/AreaScreen';
import { LinkOutFrame } from '../linkOut/LinkOutFrame';
import { EventFacts } from './EventFacts';
import { RsvpCta } from './RsvpCta';
import { ClaimCta } from './ClaimCta';

const Article = styled(Card, { maxWidth: 720, padding: 0, overflow: 'hidden' });
const Body = styled('div', { padding: '$5', display: 'flex', flexDirection: 'column', gap: '$4' });
const Hero = styled(ImageWithFallback, { display: 'block', width: '100%', aspectRatio: '648 / 416', objectFit: 'cover', backgroundColor: '$border' });
const Kind = styled('span', { fontSize: '$1', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em', color: '$primary' });
const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0 });
const Subtitle = styled('p', { margin: 0, color: '$muted', fontSize: '$4' });
const CtaBox = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2', paddingTop: '$4', borderTop: '1px solid $border' });

/**
 * A content screen: /building/{b}/content/{uuid} and the typed paths (posts/, event-posts/, offers/, articles/),
 * also under /home (the older layout). The route opens its flow; another building, content or language restarts it.
 */
export function ContentDetailPage() {
  const detail = useScreen('contentDetail');
  return (
    <AreaScreen areas={['content', 'linkOut']} ready={!!detail}>
      {() => <ContentScreen detail={detail!} />}
    </AreaScreen>
  );
}

function ContentScreen({ detail }: { detail: ContentDetailRef }) {
  const t = useT();
  const buildingUuid = useSelector(detail, (s) => s.context.buildingUuid);
  const loading = useSelector(detail, (s) => s.hasTag('loading'));
  const failed = useSelector(detail, (s) => s.hasTag('failed'));
  const notFound = useSelector(detail, (s) => s.hasTag('notFound'));
  const content = useSelector(detail, (s) => s.context.content);
  const linkOut = useSelector(detail, (s) => s.children.linkOut);
  const home = `/building/${buildingUuid}`;
  return (
    <Page>
      {loading ? <ScreenLoading /> : null}
      {failed ? (
        <Card role="alert">
          <Text>{t('content.failed')}</Text>
          <Button type="button" onClick={() => detail.send({ type: 'user.retry' })}>
            {t('content.retry')}
          </Button>
        </Card>
      ) : null}
      {notFound ? (
        <Card role="alert">
          <Heading>{t('content.notFound')}</Heading>
          <Link to={home}>{t('content.back')}</Link>
        </Card>
      ) : null}
      {content ? <ContentArticle detail={detail} content={content} home={home} /> : null}
      {linkOut ? <LinkOutFrame actor={linkOut} /> : null}
    </Page>
  );
}

function ContentArticle({ detail, content, home }: { detail: ContentDetailRef; content: ContentView; home: string }) {
  const t = useT();
  const richAllowed = useFlag('show-rich-description');
  const body = (richAllowed && content.richDescription) || content.description;
  return (
    <Article as="article" aria-labelledby="content-title">
      {content.imageUrl ? <Hero src={content.imageUrl} alt={content.imageAltText ?? ''} width={648} height={416} /> : null}
      <Body>
        <Link to={home}>{t('content.back')}</Link>
        <Kind>{t('content.type', { type: content.type })}</Kind>
        <Title id="content-title">{content.title}</Title>
        {content.subtitle ? <Subtitle>{content.subtitle}</Subtitle> : null}
        {content.type === 'EVENT_POST' ? <EventFacts content={content} /> : null}
        {body ? <RichText html={body} data-testid="content-description" /> : null}
        <CtaBox>
          <Cta detail={detail} content={content} />
        </CtaBox>
      </Body>
    </Article>
  );
}

function Cta({ detail, content }: { detail: ContentDetailRef; content: ContentView }) {
  const t = useT();
  const rsvp = useSelector(detail, (s) => s.children.rsvp as ActorRefFrom<typeof rsvpMachine> | undefined);
  const claim = useSelector(detail, (s) => s.children.claim as ActorRefFrom<typeof claimMachine> | undefined);
  const canFollow = useSelector(detail, (s) => s.can({ type: 'user.followCta' }));
  if (rsvp) return <RsvpCta actor={rsvp} content={content} />;
  if (claim) return <ClaimCta actor={claim} content={content} />;
  // A link CTA the machine cannot follow (none given) shows no button.
  if (!canFollow) return null;
  return (
    <Button type="button" onClick={() => detail.send({ type: 'user.followCta' })}>
      {content.cta.label ?? t('content.cta.open')}
    </Button>
  );
}
