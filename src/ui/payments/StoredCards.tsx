import { useSelector } from '@xstate/react';
import { CreditCard } from 'lucide-react';
import { brandName } from '../../../machines/payments/cardEntry.rules';
import { cardOf, type StoredCardsRef } from '../../../machines/payments/storedCards.machine';
import type { StoredCard } from '../../../machines/payments/storedCards.types';
import { useT } from '../../i18n/useT';
import { Button } from '../kit/Button';
import { FieldError } from '../kit/Field';
import { Card, Heading, Stack, Text } from '../kit/Layout';
import { ConfirmModal } from '../kit/Modal';
import { EmptyState } from '../kit/States';
import { styled } from '../kit/stitches.config';

const Panel = styled(Card, { width: '100%', maxWidth: 'none', boxSizing: 'border-box' });
const Cards = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '$2' });
// On a phone the buttons go under the card's name; from a tablet on they sit at the row's end.
const CardItem = styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  padding: '$3',
  border: '1px solid $border',
  borderRadius: '$2',
  '& > svg': { color: '$primary', flexShrink: 0 },
});
const CardText = styled('div', { display: 'flex', flexDirection: 'column', minWidth: 0, flex: '1 1 0', '& small': { color: '$muted' } });
const CardActions = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
  flexBasis: '100%',
  '@tablet': { flexBasis: 'auto', marginLeft: 'auto' },
});
const ListTitle = styled(Heading, { fontSize: '$4', '&:focus': { outline: 'none' } });

const TITLE_ID = 'stored-cards-title';
const cardName = (card: StoredCard) => ({ brand: brandName(card.card_brand), lastFour: card.card_last_four });

/** The person's stored cards: each with its expiry, the default marked, and buttons to make it the default or remove it. */
export function StoredCards({ list }: { list: StoredCardsRef }) {
  const t = useT();
  const cards = useSelector(list, (s) => s.context.cards);
  const busy = useSelector(list, (s) => s.hasTag('busy'));
  const failed = useSelector(list, (s) => s.hasTag('failed'));
  const confirming = useSelector(list, (s) => s.hasTag('confirmRemoval'));
  const target = useSelector(list, (s) => cardOf(s.context.cards, s.context.cardId));
  return (
    <Panel aria-labelledby={TITLE_ID}>
      <ListTitle as="h2" id={TITLE_ID} tabIndex={-1}>
        {t('payments.stored.title')}
      </ListTitle>
      {failed ? (
        <FieldError role="alert" css={{ margin: '0 0 $3' }}>
          {t('payments.stored.changeFailed')}
        </FieldError>
      ) : null}
      {cards.length ? (
        <Cards data-testid="stored-cards" aria-busy={busy || undefined}>
          {cards.map((card) => (
            <CardItem key={card.id} data-testid="stored-card">
              <CreditCard aria-hidden="true" focusable="false" />
              <CardText>
                <span>{t('payments.stored.card', cardName(card))}</span>
                <small>
                  {t('payments.stored.expires', { month: String(card.exp_month).padStart(2, '0'), year: String(card.exp_year).slice(-2) })}
                </small>
              </CardText>
              <CardActions>
                {/* The default card's button stays (marked, not disabled) so focus stays on it once it became the default. */}
                <Button
                  type="button"
                  size="sm"
                  width="auto"
                  variant={card.is_default ? 'ghost' : 'secondary'}
                  aria-disabled={card.is_default || undefined}
                  aria-busy={(busy && !confirming && target?.id === card.id) || undefined}
                  aria-label={t(card.is_default ? 'payments.stored.defaultLabel' : 'payments.stored.makeDefaultLabel', cardName(card))}
                  onClick={() => list.send({ type: 'user.makeDefault', cardId: card.id })}
                >
                  {t(card.is_default ? 'payments.stored.default' : 'payments.stored.makeDefault')}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  width="auto"
                  variant="secondary"
                  aria-label={t('payments.stored.removeLabel', cardName(card))}
                  onClick={() => list.send({ type: 'user.remove', cardId: card.id })}
                >
                  {t('payments.stored.remove')}
                </Button>
              </CardActions>
            </CardItem>
          ))}
        </Cards>
      ) : (
        <Stack>
          <EmptyState icon={CreditCard} title={t('payments.stored.empty')} />
        </Stack>
      )}
      {confirming && target ? (
        <ConfirmModal
          title={t('payments.stored.confirmTitle', { lastFour: target.card_last_four })}
          confirmLabel={t('payments.stored.confirmRemove')}
          dismissLabel={t('payments.stored.cancel')}
          busy={busy}
          onConfirm={() => list.send({ type: 'user.confirm' })}
          onDismiss={() => list.send({ type: 'user.cancel' })}
          returnFocusTo={() => document.getElementById(TITLE_ID)}
        >
          <Text css={{ margin: 0 }}>{t('payments.stored.confirmText', cardName(target))}</Text>
        </ConfirmModal>
      ) : null}
    </Panel>
  );
}
