import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation } from '@tanstack/react-router';
import { Link } from '../kit/Link';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ContentView } from '../../../machines/content/contentView';
import type { ContentPreview } from '../../../machines/content/cta';
import type { ContentDetailRef } from '../../../machines/content/contentDetail.machine';
import type { rsvpMachine } from '../../../machines/content/rsvp.machine';
import type { claimMachine } from '../../../machines/content/claim.machine';
import { useFlag, useKioskSelector, useScreen } from '../appContext';
import { useT } from '../../i18n/useT';
import { Card, Heading, Page, Text } from '../kit/Layout';
import { Button } from '../kit/Button';
import { ImageWithFallback } from '../kit/ImageWithFallback';
import { RichText } from '../kit/RichText';
import { styled } from '../kit/stitches.config';
import { AreaScreen, ScreenLoading } from '../shell/AreaScreen';
import { Skeleton } from '../kit/Skeleton';
import { LinkOutFrame } from '../linkOut/LinkOutFrame';
import { PhoneHandoff } from '../shell/PhoneHandoff';
import { ContentLanguageNote, useContentFallbackLanguage } from '../shell/ContentLanguage';
import { EventFacts } from './EventFacts';
import { RsvpCta } from './RsvpCta';
import { ClaimCode, ClaimCta } from './ClaimCta';

// overflow: clip, not hidden: a hidden overflow would make the card the sticky action bar's scroller. As wide as the
// specification's event image (648×416), which spans it: drawn at that size wherever the window is wide enough.
const Article = styled(Card, { maxWidth: 648, padding: 0, overflow: 'clip' });
const Body = styled('div', { padding: '$5', display: 'flex', flexDirection: 'column', gap: '$4' });
const Hero = styled(ImageWithFallback, {
  display: 'block',
  width: '100%',
  height: 'auto',
  // On a short window (a phone held sideways) the picture is cropped, so the title stays in view.
  maxHeight: '60vh',
  aspectRatio: '648 / 416',
  objectFit: 'cover',
  backgroundColor: '$border',
});
const Kind = styled('span', { fontSize: '$1', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em', color: '$primary' });
const Title = styled('h1', { fontSize: '$6', lineHeight: 1.2, margin: 0 });
const Subtitle = styled('p', { margin: 0, color: '$muted', fontSize: '$4' });
/**
 * RSVP and claim in a bar that stays at the bottom of the viewport while the article scrolls (on a phone the thumb's
 * reach), and rests at the article's end.
 */
const ActionBar = styled('div', {
  position: 'sticky',
  // Above the phone's tab bar when there is one (src/ui/shell/MainNav.tsx).
  bottom: 'var(--tab-bar-space, 0px)',
  zIndex: 2,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$2 $3',
  padding: '$3 $5',
  paddingBottom: 'calc($space$3 + env(safe-area-inset-bottom, 0px))',
  backgroundColor: '$surface',
  borderTop: '1px solid $border',
  boxShadow: '0 -6px 16px rgba(0, 0, 0, 0.06)',
  '&:empty': { display: 'none' },
  // A status and its button share a line when they fit; a lone button takes the whole bar on a phone.
  '& > p': { flex: '1 1 auto' },
  '& > [role="alert"]': { flex: '1 1 100%', margin: 0 },
  '& > button': { flex: '1 1 160px' },
  '@tablet': { '& > button': { flex: '0 1 auto', width: 'auto', marginLeft: 'auto' } },
});

/**
 * The action bar's height as `--action-bar-height` on the article, kept current: what the sticky bar covers of the
 * article, so what is scrolled into view (the claim's code) can keep clear of it.
 */
function useActionBarHeight(article: RefObject<HTMLElement | null>, bar: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const articleEl = article.current;
    const barEl = bar.current;
    if (!articleEl || !barEl) return;
    const measure = () => articleEl.style.setProperty('--action-bar-height', `${barEl.offsetHeight}px`);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(barEl);
    return () => observer.disconnect();
  }, [article, bar]);
}

/**
 * A content screen: /building/{b}/content/{uuid} and the typed paths (posts/, event-posts/, offers/, articles/),
 * also under /home (the older layout). The route opens its flow; another building, content or language restarts it.
 */
export function ContentDetailPage() {
  const detail = useScreen('contentDetail');
  return (
    <AreaScreen areas={['content', 'linkOut', 'shell']} ready={!!detail}>
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
  const uuid = useSelector(detail, (s) => s.context.uuid);
  // What the tile that led here showed: the screen shows it at once while its own call answers (issue 26).
  const preview = useLocation({ select: (l) => (l.state.contentPreview?.uuid === uuid ? l.state.contentPreview : null) });
  const home = `/building/${buildingUuid}`;
  return (
    <Page>
      {loading ? preview ? <ContentPreviewArticle preview={preview} home={home} /> : <ScreenLoading /> : null}
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

/** The tile's picture, kind-less title and subtitle, and the rest as grey lines, marked busy until the content is in. */
function ContentPreviewArticle({ preview, home }: { preview: ContentPreview; home: string }) {
  const t = useT();
  return (
    <Article as="article" aria-labelledby="content-title" aria-busy="true" data-testid="content-preview">
      {preview.imageUrl ? <Hero src={preview.imageUrl} alt={preview.imageAltText ?? ''} width={648} height={416} /> : null}
      <Body>
        <Link to={home}>{t('content.back')}</Link>
        <Skeleton aria-hidden="true" css={{ width: 96, height: 12 }} />
        <Title id="content-title">{preview.title}</Title>
        {preview.subtitle ? <Subtitle>{preview.subtitle}</Subtitle> : null}
        <Skeleton aria-hidden="true" css={{ height: 16 }} />
        <Skeleton aria-hidden="true" css={{ height: 16, width: '85%' }} />
        <Skeleton aria-hidden="true" css={{ height: 16, width: '60%' }} />
      </Body>
    </Article>
  );
}

function ContentArticle({ detail, content, home }: { detail: ContentDetailRef; content: ContentView; home: string }) {
  const t = useT();
  const claim = useSelector(detail, (s) => s.children.claim as ActorRefFrom<typeof claimMachine> | undefined);
  // A lobby kiosk never shows a person's claim code.
  const kiosk = useKioskSelector((s) => s.hasTag('kiosk'));
  const richAllowed = useFlag('show-rich-description');
  const body = (richAllowed && content.richDescription) || content.description;
  // Operator texts in another language than the interface carry their own (`lang`), and the page says so once.
  const fallback = useContentFallbackLanguage();
  const lang = fallback ?? undefined;
  const article = useRef<HTMLElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useActionBarHeight(article, bar);
  return (
    <Article as="article" ref={article} aria-labelledby="content-title">
      {content.imageUrl ? <Hero src={content.imageUrl} alt={content.imageAltText ?? ''} width={648} height={416} /> : null}
      <Body>
        <Link to={home}>{t('content.back')}</Link>
        {fallback ? <ContentLanguageNote language={fallback} /> : null}
        <Kind>{t('content.type', { type: content.type })}</Kind>
        <Title id="content-title" lang={lang}>
          {content.title}
        </Title>
        {content.subtitle ? <Subtitle lang={lang}>{content.subtitle}</Subtitle> : null}
        {content.type === 'EVENT_POST' ? <EventFacts content={content} /> : null}
        {claim && !kiosk ? <ClaimCode actor={claim} /> : null}
        {body ? <RichText html={body} data-testid="content-description" lang={lang} /> : null}
      </Body>
      <ActionBar ref={bar} role="group" aria-label={t('content.actions')} data-testid="action-bar">
        <Cta detail={detail} content={content} />
      </ActionBar>
    </Article>
  );
}

function Cta({ detail, content }: { detail: ContentDetailRef; content: ContentView }) {
  const t = useT();
  const rsvp = useSelector(detail, (s) => s.children.rsvp as ActorRefFrom<typeof rsvpMachine> | undefined);
  const claim = useSelector(detail, (s) => s.children.claim as ActorRefFrom<typeof claimMachine> | undefined);
  const canFollow = useSelector(detail, (s) => s.can({ type: 'user.followCta' }));
  const lobby = useSelector(detail, (s) => s.hasTag('cta:lobby'));
  const lobbyText = content.cta.isRsvp ? 'content.lobby.rsvp' : content.type === 'OFFER' ? 'content.lobby.claim' : 'content.lobby.other';
  // Kiosk mode: nobody's RSVP or claim on a shared screen; the page offers itself on a phone instead.
  if (lobby)
    return (
      <PhoneHandoff
        path={`/building/${encodeURIComponent(content.buildingUuid)}/content/${encodeURIComponent(content.uuid)}`}
        title={t('content.lobby.title')}
        description={t(lobbyText)}
      />
    );
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
