import { useIntl } from 'react-intl';
import { ArrowRight, CalendarClock, Check, CircleSlash, Flame, Globe, Ticket } from 'lucide-react';
import { tileChips, type FeedTile, type TileChip } from '../../../machines/home/feed';
import { useBuildingSelector, useKioskSelector } from '../appContext';
import { formatEventDate, formatPrice } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Chip, ChipList } from '../kit/Chip';
import { styled } from '../kit/stitches.config';
import { ImageWithFallback } from '../kit/ImageWithFallback';
import { richTextWords } from '../kit/RichText';

const Card = styled('button', {
  appearance: 'none',
  textAlign: 'left',
  font: 'inherit',
  color: 'inherit',
  padding: 0,
  width: '100%',
  height: '100%',
  border: '1px solid $border',
  borderRadius: '$3',
  overflow: 'hidden',
  backgroundColor: '$surface',
  cursor: 'pointer',
  display: 'flex',
  flexDirection: 'column',
  transition: 'box-shadow 120ms ease',
  '&:hover': { boxShadow: '$card' },
  variants: {
    size: {
      normal: {},
      // From a tablet on, the picture and the words share the card's height: two columns, nothing left empty.
      large: { '@tablet': { display: 'grid', gridTemplateColumns: 'minmax(0, 11fr) minmax(0, 9fr)' } },
    },
  },
  defaultVariants: { size: 'normal' },
});
const Image = styled(ImageWithFallback, {
  display: 'block',
  width: '100%',
  // The width and height attributes reserve the space; the height follows the width.
  height: 'auto',
  aspectRatio: '648 / 416',
  objectFit: 'cover',
  backgroundColor: '$border',
});
const Body = styled('div', {
  padding: '$3 $4 $4',
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  flex: 1,
  minWidth: 0,
  variants: { size: { normal: {}, large: { '@tablet': { padding: '$5 $6', gap: '$3', justifyContent: 'center' } } } },
});
/** Printed once, below the picture; clamped to three lines (the content screen has it whole). */
const Title = styled('h3', {
  margin: 0,
  fontSize: '$3',
  lineHeight: 1.3,
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 3,
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  '@tablet': { fontSize: '$4' },
  variants: { size: { normal: {}, large: { '@desktop': { fontSize: '$6', lineHeight: 1.2 } } } },
});
const Meta = styled('p', {
  margin: 0,
  color: '$muted',
  fontSize: '$2',
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  variants: { size: { normal: {}, large: { '@tablet': { fontSize: '$3' } } } },
});
const When = styled('p', { margin: 0, color: '$text', fontSize: '$2', fontWeight: 600 });
/** The promoted card's extra words from a tablet on: what the content says, then where the card leads. */
const Summary = styled('p', {
  display: 'none',
  margin: 0,
  color: '$text',
  lineHeight: 1.5,
  '@tablet': { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 3, overflow: 'hidden' },
});
const More = styled('span', {
  display: 'none',
  '@tablet': { display: 'inline-flex', alignItems: 'center', gap: '$2', marginTop: '$2', color: '$primary', fontWeight: 600 },
  '& svg': { width: 18, height: 18 },
});

/** A chip's tone, icon and text. */
function ChipFor({ chip }: { chip: TileChip }) {
  const t = useT();
  const locale = useIntl().locale;
  switch (chip.kind) {
    case 'attending':
      return (
        <Chip tone="success" icon={<Check aria-hidden />}>
          {t('home.chip.attending')}
        </Chip>
      );
    case 'claimed':
      return (
        <Chip tone="success" icon={<Check aria-hidden />}>
          {t('home.chip.claimed')}
        </Chip>
      );
    case 'soldOut':
      return (
        <Chip tone="danger" icon={<CircleSlash aria-hidden />}>
          {t('home.chip.soldOut')}
        </Chip>
      );
    case 'allClaimed':
      return (
        <Chip tone="danger" icon={<CircleSlash aria-hidden />}>
          {t('home.chip.allClaimed')}
        </Chip>
      );
    case 'fewSpots':
      return (
        <Chip tone="warning" icon={<Flame aria-hidden />}>
          {t('home.chip.fewSpots', { count: chip.left })}
        </Chip>
      );
    case 'ended':
      return <Chip icon={<CalendarClock aria-hidden />}>{t('home.chip.ended')}</Chip>;
    case 'price':
      return (
        <Chip tone="info" icon={<Ticket aria-hidden />}>
          {formatPrice(chip.amount, chip.currency, locale)}
        </Chip>
      );
    case 'virtual':
      return (
        <Chip tone="info" icon={<Globe aria-hidden />}>
          {t('home.chip.virtual')}
        </Chip>
      );
  }
}

/**
 * A content tile: the picture (the placeholder when it fails), its status chips, when it happens (in the building's
 * time zone, as the content screen says it), the title once, and a line under it unless that repeats the title. The
 * large one (the promoted block) puts the picture beside the words from a tablet on, and adds the content's first
 * words and where the card leads.
 */
export function FeedTileCard({ tile, onOpen, size }: { tile: FeedTile; onOpen: () => void; size?: 'normal' | 'large' }) {
  const t = useT();
  const locale = useIntl().locale;
  const timeZone = useBuildingSelector((s) => s.context.current?.timezone ?? 'UTC');
  const when = tile.start_at && tile.display_calendar_icon !== false ? formatEventDate(tile.start_at, null, locale, timeZone) : null;
  const kiosk = useKioskSelector((s) => s.hasTag('kiosk'));
  const chips = tileChips(tile, new Date(), { personal: !kiosk });
  const line = [tile.subtitle, tile.description_title].find((text) => text && text.trim() !== tile.title.trim()) ?? null;
  const large = size === 'large';
  const summary = large && tile.description ? richTextWords(tile.description) : '';
  return (
    <Card type="button" size={size} onClick={onOpen} data-testid="feed-tile" data-uuid={tile.uuid}>
      <Image
        src={tile.image_url}
        alt={tile.image_alt_text && tile.image_alt_text !== tile.title ? tile.image_alt_text : ''}
        width={648}
        height={416}
        // The promoted tile is at the top of the home: its picture is wanted at once.
        loading={large ? 'eager' : 'lazy'}
        // Beside the words from a tablet on, as tall as they are: the ratio still reserves its place before it comes,
        // so the picture coming in moves nothing below it.
        css={large ? { '@tablet': { height: '100%' } } : undefined}
      />
      <Body size={size}>
        {chips.length ? (
          <ChipList data-testid="tile-chips">
            {chips.map((chip) => (
              <ChipFor key={chip.kind} chip={chip} />
            ))}
          </ChipList>
        ) : null}
        {when ? <When data-testid="tile-when">{when}</When> : null}
        <Title size={size}>{tile.title}</Title>
        {line ? <Meta size={size}>{line}</Meta> : null}
        {summary && summary !== line ? <Summary>{summary}</Summary> : null}
        {/* The whole card is the button; this only shows where it leads, so it adds nothing to the button's name. */}
        {large ? (
          <More aria-hidden="true">
            {t('home.promoted.more')}
            <ArrowRight aria-hidden />
          </More>
        ) : null}
      </Body>
    </Card>
  );
}
